// What webhook deliveries cost and how well workspaces are kept apart (docs/webhooks.md): the real
// delivery workers of one process (startServices with workers: true) on a scratch PostgreSQL, posting
// to real HTTPS receivers on loopback port 443 (reached through services.fetch.hostMap /
// allowAddresses, with a test CA the service trusts through NODE_EXTRA_CA_CERTS, or through the TESTS
// ONLY services.fetch.testTlsCa with BENCH_TRUST=testTlsCa: see TRUST below).
//
// 1. Throughput: N events raised in one transaction (untimed; the clock starts at its COMMIT) to a
//    receiver that answers 204 at once, until every delivery row is `delivered`; one workspace, then
//    several. Baseline: the same number of signed POSTs straight through postWebhook, 20 at a time
//    (the service's in-flight limit per process) and 5 at a time (its limit per workspace).
// 2. Isolation: workspace A's receiver is down (connection refused) or hangs (never answers: the
//    20 s answer wait) with a backlog of due deliveries; workspace B raises events, spread over a few
//    seconds, to a fast receiver. B's latency from raise (outbox_event.created_at) to receipt at its
//    receiver, against the same B load with no A backlog (run before and after), in the same run.
//
// Run with `npm run bench:webhooks` (BENCH_EVENTS, BENCH_WORKSPACES, BENCH_BACKLOG, BENCH_B_EVENTS,
// BENCH_SECONDS, WEBHOOK_CYCLE_MS, BENCH_TRUST); progress on stderr, the table on stdout. Not a test.

import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startServices } from "../app/services.ts";
import { openDatabase } from "../src/db/database.ts";
import { withTransaction } from "../src/db/transaction.ts";
import { raiseEvent } from "../src/events/outbox.ts";
import { log } from "../src/log.ts";
import { addressOptions, deliveryHeaders } from "../src/webhooks/deliveries.ts";
import { createWebhook } from "../src/webhooks/endpoints.ts";
import { postWebhook } from "../src/webhooks/send.ts";
import { BATCH_PER_PROCESS, BATCH_PER_WORKSPACE } from "../src/webhooks/webhookSettings.ts";
import { initWorkspace } from "../src/workspaces/workspaceAdmin.ts";
import { behave, makeTestCa, startReceiver } from "../test/support/webhookReceivers.ts";
import { benchDatabase, cleanUp, cleanups, progress } from "./benchKit.ts";

const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
/** Part 1: events raised per run. */
const EVENTS = int("BENCH_EVENTS", 1000);
/** Part 1: workspaces of the multi-workspace run (one endpoint each). */
const WORKSPACES = int("BENCH_WORKSPACES", 5);
/** Part 2: A's due deliveries when B starts. */
const BACKLOG = int("BENCH_BACKLOG", 200);
/** Part 2: B's events per run, spread evenly over BENCH_SECONDS. */
const B_EVENTS = int("BENCH_B_EVENTS", 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** The service's own default is 1000; the cycle is read when the workers start. */
const CYCLE_MS = process.env.WEBHOOK_CYCLE_MS ?? "1000";
/** Loopback addresses of this benchmark's receivers (others may be serving on 127.0.20.x:443). */
const FAST_ADDRESS = process.env.BENCH_FAST_ADDRESS ?? "127.0.87.1";
const DEAD_ADDRESS = process.env.BENCH_DEAD_ADDRESS ?? "127.0.87.2";
const FAST_URL = "https://fast.bench.test/hook";
const DEAD_URL = "https://dead.bench.test/hook";
/**
 * How the service trusts the test CA. `NODE_EXTRA_CA_CERTS` (the default; docs/webhooks.md's way for
 * a local receiver): this process makes the CA, then runs the benchmark in a child started with it,
 * so each connection uses Node's default TLS context as in production. `testTlsCa` (the TESTS ONLY
 * option): every connection builds a context of its own from the ~140 root certificates plus the
 * CA, which costs tens of milliseconds of CPU per delivery and swamps what is measured.
 */
const TRUST = process.env.BENCH_TRUST === "testTlsCa" ? "testTlsCa" : "NODE_EXTRA_CA_CERTS";
const CA_DIR = process.env.BENCH_WEBHOOK_CA_DIR ?? "";
if (!process.env.LOG_LEVEL) log.level = "fatal";
// Endpoint secrets are sealed with this key; without it the service would write .data/webhook-secret.key.
process.env.WEBHOOK_SECRET_KEY ||= randomBytes(32).toString("hex");

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jobDone = () => ({ jobId: randomUUID(), articleId: randomUUID(), credits: 3 });

async function main(caDir: string): Promise<void> {
  const { url } = await benchDatabase();
  // The service's own pool (app/main.ts: 10); the benchmark watches through a connection of its own.
  const db = openDatabase(url);
  cleanups.push(() => db.close());
  // What the service asks of its pool with pool.query (pg-boss's fetches, each attempt's read and
  // record; not the cycle's transaction), and how many of pg-boss's fetches found no message.
  const poolQueries = { all: 0, fetches: 0, emptyFetches: 0 };
  const query = db.pool.query.bind(db.pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  db.pool.query = ((text: string, values?: unknown[]) => {
    poolQueries.all++;
    const pending = query(text, values);
    if (typeof text === "string" && text.includes("SKIP LOCKED")) {
      poolQueries.fetches++;
      void pending.then((r) => (r.rowCount ? undefined : poolQueries.emptyFetches++)).catch(() => undefined);
    }
    return pending;
  }) as typeof db.pool.query;
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  cleanups.push(() => watcher.end());

  const ca = {
    caPem: readFileSync(join(caDir, "ca.pem"), "utf8"),
    key: readFileSync(join(caDir, "server-key.pem"), "utf8"),
    cert: readFileSync(join(caDir, "server.pem"), "utf8"),
  };
  const fast = await startReceiver({ address: FAST_ADDRESS, tls: ca, behaviour: behave.ok(204) });
  cleanups.push(() => fast.close());
  const dead = await startReceiver({ address: DEAD_ADDRESS, tls: ca, behaviour: behave.down() });
  cleanups.push(() => dead.close());

  const services = await startServices(db, {
    databaseUrl: url,
    workers: true,
    env: { ...process.env, WEBHOOK_CYCLE_MS: CYCLE_MS },
  });
  cleanups.push(() => services.stop());
  services.fetch = {
    ...services.fetch,
    hostMap: `fast.bench.test=${FAST_ADDRESS},dead.bench.test=${DEAD_ADDRESS}`,
    allowAddresses: `${FAST_ADDRESS},${DEAD_ADDRESS}`,
    ...(TRUST === "testTlsCa" ? { testTlsCa: ca.caPem } : {}),
  };
  const send = addressOptions(services.fetch);
  progress(`workers started, WEBHOOK_CYCLE_MS=${services.webhooks.cycleMs}, test CA trusted through ${TRUST}`);

  /** A workspace whose Owner registered one endpoint for job.done at `endpointUrl`. */
  const workspace = async (label: string, endpointUrl: string) => {
    const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
    const { workspaceId, personId } = await initWorkspace(db, {
      workspace: label,
      email,
      password: "bench-password",
      name: "Bench Owner",
    });
    const owner = {
      kind: "person" as const,
      sessionId: "bench",
      workspaceId,
      personId,
      personName: "Bench Owner",
      role: "Owner" as const,
    };
    await createWebhook(db, owner, { url: endpointUrl, events: ["job.done"] }, send);
    return workspaceId;
  };
  const many = await Promise.all(Array.from({ length: WORKSPACES }, (_, i) => workspace(`Bench fast ${i + 1}`, FAST_URL)));
  const [single] = many as [string];
  const workspaceA = await workspace("Bench dead A", DEAD_URL);
  const workspaceB = await workspace("Bench fast B", FAST_URL);

  /** Raises `n` events round-robin over `workspaces` in one transaction; answers the moment of its COMMIT. */
  const raiseAtOnce = async (workspaces: string[], n: number): Promise<number> => {
    const client = await db.pool.connect();
    try {
      await client.query("BEGIN");
      for (let i = 0; i < n; i++) {
        await raiseEvent(client, {
          workspaceId: workspaces[i % workspaces.length] as string,
          siteId: null,
          type: "job.done",
          data: jobDone(),
        });
      }
      const committed = performance.now();
      await client.query("COMMIT");
      return committed;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const counts = async (workspaces: string[]) => {
    const { rows } = await watcher.query<{ status: string; n: number; inflight: number }>(
      `SELECT status, count(*)::int AS n, count(*) FILTER (WHERE claimed_until > now())::int AS inflight
         FROM webhook_delivery WHERE workspace_id = ANY($1::uuid[]) GROUP BY status`,
      [workspaces],
    );
    const of = (status: string) => rows.find((r) => r.status === status);
    return {
      delivered: of("delivered")?.n ?? 0,
      failed: of("failed")?.n ?? 0,
      pending: of("pending")?.n ?? 0,
      inflight: of("pending")?.inflight ?? 0,
    };
  };
  /** Waits until `total` deliveries of `workspaces` are delivered; answers when it saw it. */
  const untilDelivered = async (workspaces: string[], total: number, timeoutMs: number): Promise<number> => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const now = performance.now();
      const c = await counts(workspaces);
      if (c.delivered >= total) return now;
      if (c.failed > 0 || now > deadline) {
        const { rows } = await watcher.query(
          `SELECT status, attempts, http_status, error FROM webhook_delivery
            WHERE workspace_id = ANY($1::uuid[]) AND status <> 'delivered' LIMIT 3`,
          [workspaces],
        );
        throw new Error(`deliveries not delivered (${JSON.stringify(c)} of ${total}): ${JSON.stringify(rows)}`);
      }
      await sleep(10);
    }
  };

  // ---------------------------------------------------------------- part 1: throughput
  /** What the baseline posts: a stored event's body (the warm-up's), of the same size as the service's. */
  let sampleBody = JSON.stringify({ id: `evt_${randomUUID()}`, type: "job.done", data: jobDone() });
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  /** The baseline: `n` signed POSTs through postWebhook, `concurrency` at a time; answers seconds. */
  const straight = async (n: number, concurrency: number): Promise<number> => {
    let next = 0;
    let failed = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < n) {
        next++;
        const headers = deliveryHeaders({ id: randomUUID(), eventType: "job.done", body: sampleBody }, { current: secret });
        const answer = await postWebhook({ url: FAST_URL, body: sampleBody, headers }, send);
        if (!answer.ok) failed++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (failed > 0) throw new Error(`postWebhook: ${failed} of ${n} POSTs failed`);
    return (performance.now() - started) / 1000;
  };
  /** The service: `n` events over `workspaces`, until all are delivered. */
  const throughService = async (workspaces: string[], n: number) => {
    const receivedBefore = fast.requests.length;
    const queriesBefore = { ...poolQueries };
    const committed = await raiseAtOnce(workspaces, n);
    const before = await counts(workspaces);
    const done = await untilDelivered(workspaces, before.delivered + before.pending, 60_000 + n * 100);
    const received = fast.requests.slice(receivedBefore);
    const first = received[0]?.at.getTime() ?? Number.NaN;
    const last = received.at(-1)?.at.getTime() ?? Number.NaN;
    // The receipts' wall-clock times against the commit's: both taken in this process.
    const commitWall = Date.now() - (performance.now() - committed);
    return {
      seconds: (done - committed) / 1000,
      firstMs: first - commitWall,
      steadyPerSecond: received.length > 1 ? ((received.length - 1) * 1000) / (last - first) : Number.NaN,
      queries: {
        all: (poolQueries.all - queriesBefore.all) / n,
        fetches: (poolQueries.fetches - queriesBefore.fetches) / n,
        emptyFetches: (poolQueries.emptyFetches - queriesBefore.emptyFetches) / n,
      },
    };
  };

  progress("warm-up: 40 deliveries through the service, 40 POSTs straight");
  await throughService([single], 40);
  const { rows: stored } = await watcher.query<{ body: string }>(`SELECT body FROM outbox_event LIMIT 1`);
  sampleBody = stored[0]?.body ?? sampleBody;
  await straight(40, BATCH_PER_PROCESS);

  interface Rate {
    label: string;
    seconds: number;
    firstMs?: number;
    steadyPerSecond?: number;
    /** Per delivery: the service's pool.query calls, pg-boss fetches among them, and the empty ones. */
    queries?: { all: number; fetches: number; emptyFetches: number };
  }
  const rates: Rate[] = [];
  progress(`postWebhook: ${EVENTS} POSTs, ${BATCH_PER_PROCESS} at a time`);
  rates.push({ label: `postWebhook, ${BATCH_PER_PROCESS} at a time`, seconds: await straight(EVENTS, BATCH_PER_PROCESS) });
  progress(`service: ${EVENTS} events, 1 workspace`);
  rates.push({ label: "service, 1 workspace", ...(await throughService([single], EVENTS)) });
  progress(`service: ${EVENTS} events, ${WORKSPACES} workspaces`);
  rates.push({ label: `service, ${WORKSPACES} workspaces × 1 endpoint`, ...(await throughService(many, EVENTS)) });
  progress(`postWebhook: ${EVENTS} POSTs, ${BATCH_PER_WORKSPACE} at a time`);
  rates.push({ label: `postWebhook, ${BATCH_PER_WORKSPACE} at a time`, seconds: await straight(EVENTS, BATCH_PER_WORKSPACE) });

  // ---------------------------------------------------------------- part 2: isolation
  /** B's events, one transaction each, spread over SECONDS; answers B's latencies (ms), raise to receipt. */
  const runB = async (): Promise<number[]> => {
    const receivedBefore = fast.requests.length;
    const { rows: already } = await watcher.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_delivery WHERE workspace_id = $1`,
      [workspaceB],
    );
    const gapMs = (SECONDS * 1000) / B_EVENTS;
    const start = performance.now();
    const raises: Promise<void>[] = [];
    for (let i = 0; i < B_EVENTS; i++) {
      const wait = start + i * gapMs - performance.now();
      if (wait > 0) await sleep(wait);
      raises.push(
        withTransaction(db, (sql) =>
          raiseEvent(sql, { workspaceId: workspaceB, siteId: null, type: "job.done", data: jobDone() }),
        ),
      );
    }
    await Promise.all(raises);
    await untilDelivered([workspaceB], (already[0]?.n ?? 0) + B_EVENTS, 60_000);
    const { rows } = await watcher.query<{ id: string; created_at: Date }>(
      `SELECT d.id, o.created_at FROM webhook_delivery d JOIN outbox_event o ON o.id = d.event_id
        WHERE d.workspace_id = $1 AND o.created_at >= now() - interval '5 minutes'`,
      [workspaceB],
    );
    const raisedAt = new Map(rows.map((r) => [r.id.toLowerCase(), r.created_at.getTime()]));
    const latencies: number[] = [];
    const seen = new Set<string>();
    for (const request of fast.requests.slice(receivedBefore)) {
      const id = String(request.headers["x-service-delivery"] ?? "");
      const raised = raisedAt.get(id);
      if (raised === undefined || seen.has(id)) continue;
      seen.add(id);
      latencies.push(request.at.getTime() - raised);
    }
    if (latencies.length !== B_EVENTS) throw new Error(`B: ${latencies.length} receipts matched, expected ${B_EVENTS}`);
    return latencies;
  };
  /** A's backlog: due deliveries raised in one transaction, to a receiver that is down or hangs. */
  const withBacklog = async (kind: "down" | "hang") => {
    await dead.behave(kind === "down" ? behave.down() : behave.hang());
    const receivedBefore = dead.requests.length;
    const committed = await raiseAtOnce([workspaceA], BACKLOG);
    if (kind === "hang") {
      // B starts once A's first batch hangs at its receiver.
      while (dead.requests.length - receivedBefore < BATCH_PER_WORKSPACE) await sleep(5);
    }
    return { committed, receivedBefore };
  };
  /** Ends A's backlog: hung attempts cut (the receiver goes down), the rest given up. */
  const clearBacklog = async () => {
    await dead.behave(behave.down());
    while ((await counts([workspaceA])).inflight > 0) await sleep(50);
    await watcher.query(
      `UPDATE webhook_delivery SET status = 'failed', finished_at = now(), claimed_until = NULL, error = 'bench: given up'
        WHERE workspace_id = $1 AND status = 'pending'`,
      [workspaceA],
    );
  };
  /** What A's worker did while B ran: attempts made, and still due. */
  const backlogState = async () => {
    const { rows } = await watcher.query<{ tried: number; due: number }>(
      `SELECT count(*) FILTER (WHERE attempts > 0)::int AS tried,
              count(*) FILTER (WHERE status = 'pending' AND attempts = 0)::int AS due
         FROM webhook_delivery WHERE workspace_id = $1 AND status = 'pending'`,
      [workspaceA],
    );
    return rows[0] ?? { tried: 0, due: 0 };
  };

  interface Isolation {
    label: string;
    latencies: number[];
    note?: string;
  }
  const isolation: Isolation[] = [];
  const baseline: number[] = [];
  progress(`B alone: ${B_EVENTS} events over ${SECONDS} s`);
  baseline.push(...(await runB()));
  for (const kind of ["down", "hang"] as const) {
    progress(`A ${kind} with ${BACKLOG} due; B: ${B_EVENTS} events over ${SECONDS} s`);
    const started = await withBacklog(kind);
    const latencies = await runB();
    const state = await backlogState();
    const tried = BACKLOG - state.due;
    const attemptsAtA = dead.requests.length - started.receivedBefore;
    isolation.push({
      label: kind === "down" ? `A down (refused), ${BACKLOG} due` : `A hangs (20 s wait), ${BACKLOG} due`,
      latencies,
      note: `${tried} of A's ${BACKLOG} tried by the time B was done (${attemptsAtA} requests reached A's receiver), ${(
        (performance.now() - started.committed) / 1000
      ).toFixed(1)} s after A's commit`,
    });
    progress(isolation.at(-1)?.note ?? "");
    await clearBacklog();
  }
  progress(`B alone again: ${B_EVENTS} events over ${SECONDS} s`);
  baseline.push(...(await runB()));
  isolation.unshift({ label: "no A backlog (baseline, 2 runs)", latencies: baseline });

  // ---------------------------------------------------------------- the tables
  const base = rates[0] as Rate;
  const perSecond = (r: Rate) => EVENTS / r.seconds;
  console.log(
    `\nWebhook deliveries, one worker process: ${BATCH_PER_PROCESS} in flight at most, ${BATCH_PER_WORKSPACE} per workspace; WEBHOOK_CYCLE_MS=${services.webhooks.cycleMs}`,
  );
  console.log(
    `\n1. Throughput to a receiver answering 204 at once, ${EVENTS} deliveries (events raised in one transaction, clock from its COMMIT)\n`,
  );
  const head1 = ["run", "seconds", "deliveries/s", "vs postWebhook ×20", "first receipt ms", "steady /s"];
  const rows1 = rates.map((r) => [
    r.label,
    r.seconds.toFixed(2),
    perSecond(r).toFixed(1),
    `${(perSecond(r) / perSecond(base)).toFixed(2)}x`,
    r.firstMs === undefined ? "–" : r.firstMs.toFixed(0),
    r.steadyPerSecond === undefined ? "–" : r.steadyPerSecond.toFixed(1),
  ]);
  table(head1, rows1);
  for (const r of rates) {
    if (!r.queries) continue;
    console.log(
      `${r.label}: per delivery ${r.queries.all.toFixed(1)} pool.query calls, of which ${r.queries.fetches.toFixed(1)} pg-boss fetches (${r.queries.emptyFetches.toFixed(1)} found no message)`,
    );
  }
  console.log(
    `\n2. Workspace B's latency, raise (outbox_event.created_at) to receipt, ${B_EVENTS} events over ${SECONDS} s per run\n`,
  );
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const b = sorted(baseline);
  const [b50, b95, bMax] = [percentile(b, 50), percentile(b, 95), b.at(-1) ?? Number.NaN];
  const head2 = ["A's receiver", "p50 ms", "p95 ms", "max ms", "added p50", "added p95", "added max", "p50 ratio", "p95 ratio"];
  const rows2 = isolation.map((run) => {
    const s = sorted(run.latencies);
    const [p50, p95, max] = [percentile(s, 50), percentile(s, 95), s.at(-1) ?? Number.NaN];
    const isBase = run.latencies === baseline;
    return [
      run.label,
      p50.toFixed(0),
      p95.toFixed(0),
      max.toFixed(0),
      isBase ? "–" : (p50 - b50).toFixed(0),
      isBase ? "–" : (p95 - b95).toFixed(0),
      isBase ? "–" : (max - bMax).toFixed(0),
      `${(p50 / b50).toFixed(2)}x`,
      `${(p95 / b95).toFixed(2)}x`,
    ];
  });
  table(head2, rows2);
  for (const run of isolation) if (run.note) console.log(`${run.label}: ${run.note}`);
}

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
}

/** Makes the CA and runs the benchmark in a child that trusts it (or here, with BENCH_TRUST=testTlsCa). */
async function parent(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-webhooks-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const ca = makeTestCa(dir, ["fast.bench.test", "dead.bench.test"]);
  if (TRUST === "testTlsCa") return main(dir);
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, BENCH_WEBHOOK_CA_DIR: dir, NODE_EXTRA_CA_CERTS: ca.caFile },
    stdio: "inherit",
  });
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  if (code !== 0) process.exitCode = code;
}

(CA_DIR ? main(CA_DIR) : parent())
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
