// GET /metrics: the process's metrics in Prometheus text format (prom-client). Counted as they
// happen: HTTP requests by route template and status, with latency (httpMetrics below); step
// durations, fetches and open event streams (src/metrics.ts). Read at scrape time, within one
// read-only transaction under a statement timeout: jobs by kind and status, the credit ledger's
// sums, and pg-boss's queue sizes; the pool's counts from the pool itself.
//
// Who may scrape (docs/decisions.md): a request from loopback that no proxy forwarded, or one
// carrying `Authorization: Bearer $METRICS_TOKEN`. Anything else is 401 `invalid_key`.
import { timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import ipaddr from "ipaddr.js";
import { Counter, collectDefaultMetrics, Gauge, Histogram } from "prom-client";
import { errorResponse } from "../../facades/rest/restErrors.ts";
import { bearerToken } from "../../src/auth/authenticate.ts";
import type { Config } from "../../src/config.ts";
import { DomainError } from "../../src/errors.ts";
import { log } from "../../src/log.ts";
import { metricsRegistry } from "../../src/metrics.ts";
import type { Services } from "../../src/processServices.ts";

collectDefaultMetrics({ register: metricsRegistry });

const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route template (Hono's matched path; `unmatched` when no route matched) and status (499: the client went away).",
  labelNames: ["method", "route", "status"] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to the answer's headers (a stream's body is not waited for), by method, route template and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const jobs = new Gauge({
  name: "jobs",
  help: "Jobs in the database by kind and status, read at scrape time.",
  labelNames: ["kind", "status"] as const,
  registers: [metricsRegistry],
});

const credits = new Counter({
  name: "credits_total",
  help: "Credits held, captured and released since the ledger began (sums of the ledger at scrape time).",
  labelNames: ["kind"] as const,
  registers: [metricsRegistry],
});

const queueDepth = new Gauge({
  name: "queue_depth",
  help: "Messages waiting in each pg-boss queue (created or retry, not yet active), read at scrape time.",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
});

const poolClients = new Gauge({
  name: "db_pool_clients",
  help: "This process's PostgreSQL pool: total clients, idle clients, and requests waiting for a client.",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
});

/** The route template a request matched, never its raw path: bounded label values. */
export function routeTemplate(c: Context): string {
  const path = routePath(c, -1);
  return path === "" || path === "*" || path === "/*" ? "unmatched" : path;
}

/** Counts one answered request (called by the request log, app/http/requestLog.ts). */
export function countRequest(c: Context, status: number, seconds: number): void {
  const labels = { method: c.req.method, route: routeTemplate(c), status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/** pg-boss's queue sizes of one process's services, registered by app/services.ts. */
export const queueSizeReaders = new WeakMap<object, () => Promise<Record<string, number>>>();

const SCRAPE_TIMEOUT_MS = 2000;

async function readDatabaseSeries(services: Services): Promise<void> {
  const client = await services.db.pool.connect();
  try {
    await client.query("BEGIN READ ONLY");
    await client.query(`SET LOCAL statement_timeout = ${SCRAPE_TIMEOUT_MS}`);
    const jobRows = await client.query<{ kind: string; status: string; n: number }>(
      `SELECT kind, status::text AS status, count(*)::int AS n FROM job GROUP BY 1, 2`,
    );
    // A capture's amount is 0 (the balance dropped at the hold); its note carries the figure.
    const creditRows = await client.query<{ kind: string; n: string }>(
      `SELECT kind::text AS kind,
              sum(CASE kind WHEN 'hold' THEN -amount WHEN 'release' THEN amount
                            ELSE CASE WHEN note ~ '^[0-9]{1,9}$' THEN note::bigint ELSE 0 END END)::bigint AS n
         FROM credit_entry WHERE kind IN ('hold', 'capture', 'release') GROUP BY kind`,
    );
    await client.query("COMMIT");
    jobs.reset();
    for (const row of jobRows.rows) jobs.set({ kind: row.kind, status: row.status }, row.n);
    credits.reset();
    const byKind = new Map(creditRows.rows.map((r) => [r.kind, Math.max(0, Number(r.n))]));
    credits.inc({ kind: "held" }, byKind.get("hold") ?? 0);
    credits.inc({ kind: "captured" }, byKind.get("capture") ?? 0);
    credits.inc({ kind: "released" }, byKind.get("release") ?? 0);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

let scraping: Promise<unknown> = Promise.resolve();

/** Reads the scrape-time series, then renders the registry; one scrape at a time per process. */
async function scrape(services: Services): Promise<string> {
  const run = scraping.then(async () => {
    const { pool } = services.db;
    poolClients.set({ state: "total" }, pool.totalCount);
    poolClients.set({ state: "idle" }, pool.idleCount);
    poolClients.set({ state: "waiting" }, pool.waitingCount);
    await readDatabaseSeries(services).catch((error: unknown) => {
      jobs.reset();
      credits.reset();
      log.warn({ err: error }, "metrics: could not read jobs and credits from the database");
    });
    const readSizes = queueSizeReaders.get(services);
    queueDepth.reset();
    if (readSizes) {
      try {
        for (const [queue, size] of Object.entries(await readSizes())) queueDepth.set({ queue }, size);
      } catch (error) {
        log.warn({ err: error }, "metrics: could not read the queue sizes");
      }
    }
    return metricsRegistry.metrics();
  });
  scraping = run.catch(() => undefined);
  return run;
}

function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Who may scrape: loopback, not forwarded by a proxy (nor TRUST_PROXY set), or the bearer token. */
export function mayScrape(c: Context, config: Pick<Config, "metricsToken" | "trustProxy">): boolean {
  const token = bearerToken(c.req.header("Authorization"));
  if (token !== undefined) return config.metricsToken !== undefined && sameSecret(token, config.metricsToken);
  const forwarded = ["X-Forwarded-For", "Forwarded", "X-Real-IP"].some((h) => c.req.header(h) !== undefined);
  if (forwarded || config.trustProxy) return false;
  try {
    return isLoopback(getConnInfo(c).remote.address);
  } catch {
    return false;
  }
}

export function metricsRoute(services: Services, config: Config): MiddlewareHandler {
  return async (c) => {
    if (!mayScrape(c, config)) {
      return errorResponse(
        new DomainError(
          "invalid_key",
          "/metrics answers requests from loopback, or with Authorization: Bearer and the METRICS_TOKEN setting.",
        ),
      );
    }
    const body = await scrape(services);
    return c.body(body, 200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" });
  };
}
