// What the REST facade costs. Reading one brief three ways in one process and one run:
//   (a) GET /api/v1/briefs/{id} with an API key: edge auth, the per-key rate counter, one in-process
//       GraphQL operation and the response shaping;
//   (b) POST /graphql with a signed-in person's session cookie, asking for the same fields;
//   (c) a bare route registered only here, on its own Hono app, that reads the row with `pg`;
//   (d) the same bare app, checking and counting the API key with the service's own token check
//       (src/auth/authenticate.ts) before the same read: the floor of what (a) can cost while every
//       request is checked and counted in PostgreSQL, with no middleware, GraphQL or shaping.
// (c) pays the same HTTP server, load generator and database as (a) and (b), so the figures worth
// reading are the ratios against it, not the absolute numbers of whichever machine ran this.
// Run with `npm run bench:facade`; see bench/README.md. Not a test: nothing here asserts timings.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { Hono } from "hono";
import pg from "pg";
import { createApp } from "../app/server.ts";
import { startServices } from "../app/services.ts";
import { bearerToken, checkToken } from "../src/auth/authenticate.ts";
import { SESSION_COOKIE } from "../src/auth/sessions.ts";
import { readConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { scratchPostgres, withDatabase } from "../src/db/scratchPostgres.ts";
import { GRAPHQL_REQUESTS_PER_MINUTE } from "../src/http/graphqlRequestLimit.ts";
import { log } from "../src/log.ts";
import { addMember, addSite, initWorkspace } from "../src/workspaces/workspaceAdmin.ts";
import { adminQuery, cleanUp, cleanups, progress } from "./benchKit.ts";

// ---------------------------------------------------------------------------------------------
// Settings

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

const SECONDS = positiveNumber("BENCH_SECONDS", 10);
const WARMUP_SECONDS = positiveNumber("BENCH_WARMUP_SECONDS", 2);
const CONNECTIONS = Math.round(positiveNumber("BENCH_CONNECTIONS", 10));
/** Only these routes ("a,c"), e.g. to profile one with --cpu-prof; the baseline (c) is needed for ratios. */
const ONLY = (process.env.BENCH_ONLY ?? "a,b,c,d").split(",").map((s) => s.trim());
/** Pool size of the service (openDatabase's default) and of the baseline: the same for both. */
const POOL_SIZE = 10;
/** The service's limit per API key and minute (src/auth/rateCounters.ts); no key is used more often in total. */
const USES_PER_KEY = 60;
/** The limit per signed-in person and minute on /graphql (src/http/graphqlRequestLimit.ts). */
const USES_PER_PERSON = GRAPHQL_REQUESTS_PER_MINUTE;

// The service logs a JSON line per request, and an error for each request a run cuts off when it
// ends; at load that buries the table. Failures show in the table anyway; LOG_LEVEL brings logs back.
if (!process.env.LOG_LEVEL) log.level = "fatal";

// The fields GET /api/v1/briefs/{id} asks GraphQL for (BRIEF_FIELDS in facades/rest/routes/briefs.ts).
const BRIEF_FIELDS = `id brandId siteId topic angle useUrls excludeDomains purpose audience region language tone
  length targetWords structure keywords mustAppear preferDomains illustration imageStyle imageFormat seo`;

// The same fields straight from the table, named as GraphQL names them.
const BASELINE_SQL = `SELECT id, brand_id AS "brandId", site_id AS "siteId", topic, angle, use_urls AS "useUrls",
  exclude_domains AS "excludeDomains", purpose, audience, region, language, tone, length,
  target_words AS "targetWords", structure, keywords, must_appear AS "mustAppear",
  prefer_domains AS "preferDomains", illustration, image_style AS "imageStyle", image_format AS "imageFormat", seo
  FROM brief WHERE id = $1`;

// ---------------------------------------------------------------------------------------------
// Clean-up, also on Ctrl-C

// ---------------------------------------------------------------------------------------------
// PostgreSQL and the bench database

/** DATABASE_URL when set, else 127.0.0.1:5432 when it answers, else an embedded server (BENCH_EMBEDDED=1 forces it). */
async function findPostgres(): Promise<{ adminUrl: string; source: string }> {
  if (process.env.BENCH_EMBEDDED === "1") progress("starting an embedded PostgreSQL");
  const postgres = await scratchPostgres({ embedded: process.env.BENCH_EMBEDDED === "1" });
  cleanups.push(() => postgres.stop());
  return postgres;
}

// ---------------------------------------------------------------------------------------------
// HTTP

type NodeServer = ReturnType<typeof serve>;

async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ url: string; server: NodeServer }> {
  const server = await new Promise<NodeServer>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

function closeServer(server: NodeServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets (fetch's, autocannon's) would otherwise hold close() open.
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
}

interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(
  url: string,
  options: { method?: string; token?: string; cookie?: string; body?: unknown } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json") && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.status, headers: response.headers, body: json };
}

function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
}

// ---------------------------------------------------------------------------------------------
// API keys, each used at most USES_PER_KEY times, so no request of the REST run is rate limited

/**
 * Credentials handed out `uses` requests each, then the next: API keys for the REST run, signed-in
 * persons' session cookies for the GraphQL run, made by `make` as the run needs them.
 */
class CredentialPool {
  private readonly tokens: string[] = [];
  private handedOut = 0;

  constructor(
    private readonly uses: number,
    private readonly make: (index: number) => Promise<string>,
  ) {}

  get keys(): number {
    return this.tokens.length;
  }

  /** Requests the pool can still authorise. */
  get capacity(): number {
    return this.tokens.length * this.uses - this.handedOut;
  }

  /**
   * The token for the next request: USES_PER_KEY consecutive requests share a key, as a client
   * hammering one key would, then the next key takes over.
   */
  next(): string {
    const index = Math.floor(this.handedOut++ / this.uses);
    // Runs are capped at `capacity` requests, so this never runs dry; if it did, the reused key's
    // 429s would show up as non-2xx answers and withhold the figure.
    return this.tokens[Math.min(index, this.tokens.length - 1)]!;
  }

  /** Makes credentials until `requests` more can be authorised. */
  async ensure(requests: number): Promise<void> {
    const missing = Math.ceil((requests - this.capacity) / this.uses);
    for (let made = 0; made < missing; ) {
      const batch = Math.min(10, missing - made);
      const tokens = await Promise.all(Array.from({ length: batch }, (_, i) => this.make(this.tokens.length + made + i + 1)));
      this.tokens.push(...tokens);
      made += batch;
    }
  }
}

async function makeKey(serviceUrl: string, cookie: string, name: string, scopes: string[]): Promise<string> {
  // dailyCap is required (docs/decisions.md); reads cost no credits, so any cap will do.
  const reply = await call(`${serviceUrl}/api/v1/developer/keys`, { cookie, body: { name, scopes, dailyCap: 10 } });
  expectStatus(reply, 200, "POST /api/v1/developer/keys");
  return (reply.body as { token: string }).token;
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Target {
  label: string;
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Per-request headers (the rotating API key or session). */
  perRequest?: () => Record<string, string>;
  /** Where perRequest's credentials come from. */
  pool?: CredentialPool;
  /** Caps a run at this many requests (the key pool's capacity). */
  maxRequests?: () => number;
}

interface Measured {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  completed: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  mismatches: number;
  capped: boolean;
  seconds: number;
  /** Not run (BENCH_ONLY). */
  skipped?: boolean;
}

function skipped(target: Target): Measured {
  const none = { requestsPerSecond: Number.NaN, p50: Number.NaN, p99: Number.NaN, completed: 0, non2xx: 0 };
  return {
    label: target.label,
    ...none,
    statusCodes: {},
    errors: 0,
    timeouts: 0,
    mismatches: 0,
    capped: false,
    seconds: 0,
    skipped: true,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

async function measure(target: Target, seconds: number, verifyBody: (body: string) => boolean): Promise<Measured> {
  const cap = target.maxRequests?.();
  const perRequest = target.perRequest;
  const options: autocannon.Options = {
    url: target.url,
    method: target.method,
    headers: target.headers,
    connections: CONNECTIONS,
    duration: seconds,
    verifyBody: (body) => verifyBody(String(body)),
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(cap !== undefined ? { maxOverallRequests: Math.max(cap, CONNECTIONS) } : {}),
    ...(perRequest
      ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...perRequest() } }) }] }
      : {}),
  };
  // autocannon's own histogram keeps whole milliseconds; its per-response times are finer.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    label: target.label,
    requestsPerSecond: result.requests.mean,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    completed: result.requests.total,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    capped: cap !== undefined && result.requests.sent >= cap,
    seconds: (result.finish.getTime() - result.start.getTime()) / 1000,
  };
}

const clean = (m: Measured) => !m.skipped && m.non2xx === 0 && m.errors === 0 && m.timeouts === 0 && m.mismatches === 0;

// ---------------------------------------------------------------------------------------------
// Report

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  const [head, ...body] = rows;
  return [line(head!), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

function report(results: Measured[], baseline: Measured): string {
  const baselineUsable = clean(baseline);
  const rows = [["route", "req/s", "p50 ms", "p99 ms", "non-2xx", "req/s vs (c)", "p50 vs (c)"]];
  for (const m of results) {
    const ok = clean(m);
    const ratio = (value: number, base: number) => (ok && baselineUsable ? `${(value / base).toFixed(2)}x` : "n/a");
    rows.push([
      m.label,
      ok ? m.requestsPerSecond.toFixed(0) : "n/a",
      ok ? m.p50.toFixed(2) : "n/a",
      ok ? m.p99.toFixed(2) : "n/a",
      String(m.non2xx),
      ratio(m.requestsPerSecond, baseline.requestsPerSecond),
      ratio(m.p50, baseline.p50),
    ]);
  }
  const notes: string[] = [];
  for (const m of results) {
    if (m.skipped) {
      notes.push(`${m.label}: not run (BENCH_ONLY)`);
      continue;
    }
    if (!clean(m)) {
      notes.push(
        `${m.label}: figure withheld: non-2xx ${m.non2xx} ${JSON.stringify(m.statusCodes)}, errors ${m.errors}, ` +
          `timeouts ${m.timeouts}, answers without the brief (any status) ${m.mismatches}`,
      );
    }
    if (m.capped) {
      notes.push(`${m.label}: ran out of credentials after ${m.seconds.toFixed(1)} s; its figures cover that time only`);
    }
  }
  return [table(rows), ...notes.map((n) => `note: ${n}`)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The run

async function main(): Promise<number> {
  const { adminUrl, source } = await findPostgres();
  const name = `bench_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = withDatabase(adminUrl, name);
  progress(`database ${name} on ${source}; migrating`);
  await migrate(url);

  // The service, as app/main.ts builds it.
  const db = openDatabase(url, POOL_SIZE);
  cleanups.push(() => db.close());
  const services = await startServices(db, { databaseUrl: url, workers: false });
  cleanups.push(() => services.stop());
  const { app } = createApp(services, readConfig({ DATABASE_URL: url, PORT: "0" }));
  const service = await listen(app.fetch);
  cleanups.push(() => closeServer(service.server));

  // The baseline: its own pool and app, nothing between the route and the query.
  const baselinePool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  baselinePool.on("error", () => undefined);
  cleanups.push(() => baselinePool.end());
  const bare = new Hono();
  bare.get("/briefs/:id", async (c) => {
    const { rows } = await baselinePool.query(BASELINE_SQL, [c.req.param("id")]);
    return rows[0] ? c.json(rows[0]) : c.json({ error: "not_found" }, 404);
  });
  // (d): the token check the service runs (one statement: look up, count, mark used), then the read.
  bare.get("/keyed/briefs/:id", async (c) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) return c.json({ error: "invalid_key" }, 401);
    await checkToken(db, token, "rest", "127.0.0.1");
    // The service's pool, as (a) has: both statements share its 10 connections.
    const { rows } = await db.pool.query(BASELINE_SQL, [c.req.param("id")]);
    return rows[0] ? c.json(rows[0]) : c.json({ error: "not_found" }, 404);
  });
  const baseline = await listen(bare.fetch);
  cleanups.push(() => closeServer(baseline.server));

  // A workspace and its Owner the way an operator makes them, then sign-in, keys and the brief
  // the way a person and a client do.
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const password = "bench-password";
  const { workspaceId } = await initWorkspace(db, { workspace: "Bench desk", email, password, name: "Bench Owner" });
  const { siteId } = await addSite(db, workspaceId, "bench.example.com");
  const signIn = await call(`${service.url}/api/v1/session`, { body: { email, password } });
  expectStatus(signIn, 204, "POST /api/v1/session");
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!cookie.startsWith(`${SESSION_COOKIE}=`)) throw new Error("sign-in set no session cookie");
  const setupKey = await makeKey(service.url, cookie, "bench setup key", ["brief", "read"]);
  const created = await call(`${service.url}/api/v1/briefs`, {
    token: setupKey,
    body: {
      siteId,
      topic: "Harbour expansion",
      angle: "What it means for residents",
      audience: "Local readers",
      keywords: ["harbour", "dredging", "jobs"],
      mustAppear: ["dredging"],
      useUrls: ["https://example.org/plan"],
      preferDomains: ["gov.example"],
    },
  });
  expectStatus(created, 200, "POST /api/v1/briefs");
  const briefId = (created.body as { id: string }).id;

  // The three ways, checked once to answer the same brief before anything is timed.
  const graphqlBody = JSON.stringify({
    query: `query($id: String!) { brief(id: $id) { ${BRIEF_FIELDS} } }`,
    variables: { id: briefId },
  });
  const rest = await call(`${service.url}/api/v1/briefs/${briefId}`, { token: setupKey });
  const graphql = await call(`${service.url}/graphql`, { cookie, body: JSON.parse(graphqlBody) });
  const bareReply = await call(`${baseline.url}/briefs/${briefId}`);
  expectStatus(rest, 200, "GET /api/v1/briefs/{id}");
  expectStatus(graphql, 200, "POST /graphql");
  expectStatus(bareReply, 200, "baseline");
  const topics = [
    (rest.body as { topic?: string }).topic,
    (graphql.body as { data?: { brief?: { topic?: string } } }).data?.brief?.topic,
    (bareReply.body as { topic?: string }).topic,
  ];
  if (topics.some((t) => t !== "Harbour expansion")) throw new Error(`the three ways disagree: ${JSON.stringify(topics)}`);

  // Every timed answer must carry the brief and no GraphQL error.
  const idPattern = new RegExp(briefId, "i");
  const verifyBody = (body: string) => idPattern.test(body) && !body.includes('"errors"');

  const keys = new CredentialPool(USES_PER_KEY, (n) => makeKey(service.url, cookie, `bench read key ${n}`, ["read"]));
  // Persons of the workspace, each signed in once: the GraphQL run's requests are spread over
  // them as the REST run's over keys, so no request is rate limited.
  const persons = new CredentialPool(USES_PER_PERSON, async (n) => {
    const personEmail = `bench-reader-${n}-${randomBytes(3).toString("hex")}@example.com`;
    await addMember(db, workspaceId, {
      email: personEmail,
      password,
      role: "Viewer",
      name: `Bench Reader ${n}`,
      attachExisting: false,
    });
    const reply = await call(`${service.url}/api/v1/session`, { body: { email: personEmail, password } });
    expectStatus(reply, 204, "POST /api/v1/session");
    return (reply.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  });
  const targets: Target[] = [
    {
      label: "(a) GET /api/v1/briefs/{id}, API key",
      url: `${service.url}/api/v1/briefs/${briefId}`,
      method: "GET",
      headers: {},
      pool: keys,
      perRequest: () => ({ authorization: `Bearer ${keys.next()}` }),
      maxRequests: () => keys.capacity,
    },
    {
      label: "(b) POST /graphql, session cookie",
      url: `${service.url}/graphql`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: graphqlBody,
      pool: persons,
      perRequest: () => ({ cookie: persons.next() }),
      maxRequests: () => persons.capacity,
    },
    {
      label: "(c) baseline: Hono + pg SELECT",
      url: `${baseline.url}/briefs/${briefId}`,
      method: "GET",
      headers: {},
    },
    {
      label: "(d) floor: Hono + token check + pg SELECT",
      url: `${baseline.url}/keyed/briefs/${briefId}`,
      method: "GET",
      headers: {},
      pool: keys,
      perRequest: () => ({ authorization: `Bearer ${keys.next()}` }),
      maxRequests: () => keys.capacity,
    },
  ];

  const results: Measured[] = [];
  for (const target of targets) {
    if (!ONLY.some((letter) => target.label.startsWith(`(${letter})`))) {
      results.push(skipped(target));
      continue;
    }
    if (target.pool) {
      // Enough credentials for a fast warm-up (the cap stops it early if not), then for the
      // measured run at twice the warm-up's pace.
      await target.pool.ensure(Math.max(600, WARMUP_SECONDS * 1000));
      progress(`${target.label}: warm-up ${WARMUP_SECONDS} s`);
      const warm = await measure(target, WARMUP_SECONDS, verifyBody);
      const pace = warm.completed / Math.max(warm.seconds, 0.1);
      await target.pool.ensure(Math.ceil(pace * SECONDS * 2) + CONNECTIONS);
      progress(`${target.label}: measuring ${SECONDS} s with ${target.pool.keys} credentials made so far`);
    } else {
      progress(`${target.label}: warm-up ${WARMUP_SECONDS} s`);
      await measure(target, WARMUP_SECONDS, verifyBody);
      progress(`${target.label}: measuring ${SECONDS} s`);
    }
    results.push(await measure(target, SECONDS, verifyBody));
  }

  const version = await adminQuery(adminUrl, "SHOW server_version");
  const cpu = cpus();
  console.log(
    [
      "",
      `Reading one brief, ${CONNECTIONS} connections, ${SECONDS} s each after a ${WARMUP_SECONDS} s warm-up, sequentially, one process.`,
      `Node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? "unknown CPU"}, PostgreSQL ${version.rows[0]?.server_version} (${source}), pools of ${POOL_SIZE}.`,
      `Latencies are client-side (autocannon), in ms; ratios are against the same-process baseline (c).`,
      "",
      report(results, results[2]!),
      "",
    ].join("\n"),
  );
  return results.every((m) => m.skipped || clean(m)) ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
