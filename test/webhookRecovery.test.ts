// "Nothing lost", with real parts: a delivery worker (a child process, ROLE=worker) killed in the
// middle of an attempt, and the PostgreSQL under a worker stopped and started again in the middle
// of a batch. Deliveries may arrive twice (same envelope id, same X-Service-Delivery, a new
// signature); none may go missing (docs/webhooks.md, "Answers and retries" and "Batches").
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/server.ts";
import { startServices } from "../app/services.ts";
import { readConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/database.ts";
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from "../src/db/embeddedPostgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { withTransaction } from "../src/db/transaction.ts";
import { raiseEvent } from "../src/events/outbox.ts";
import { makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startWorkerProcess, type WorkerProcess } from "./support/serviceProcess.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { behave, makeTestCa, type Receiver, startReceiver } from "./support/webhookReceivers.ts";

// Loopback addresses of this file's own (127.0.30.0/24), so receivers of other files do not collide.
const KILL_ADDRESS = "127.0.30.1";
const RESTART_ADDRESS = "127.0.30.2";
const HOST_MAP = `k.hooks.test=${KILL_ADDRESS},r.hooks.test=${RESTART_ADDRESS}`;
const ALLOW = `${KILL_ADDRESS},${RESTART_ADDRESS}`;
const LEASE_SECONDS = 25;

// One sealing key for this process and the workers, set before any server starts.
const SECRET_KEY = randomBytes(32).toString("base64");
process.env.WEBHOOK_SECRET_KEY = SECRET_KEY;

const dir = mkdtempSync(join(tmpdir(), "webhook-recovery-"));
// As root the embedded PostgreSQL runs as the `postgres` user, which must be able to enter it.
chmodSync(dir, 0o755);
const ca = makeTestCa(join(dir, "ca"), ["k.hooks.test", "r.hooks.test"]);

const workers: WorkerProcess[] = [];
let server: TestServer | undefined;
let killReceiver: Receiver | undefined;
let gate: GateReceiver | undefined;
let restartApi: { close(): Promise<void> } | undefined;
let restartDb: Database | undefined;
let postgres: EmbeddedDatabase | undefined;

afterAll(async () => {
  for (const worker of workers) await worker.kill().catch(() => undefined);
  await killReceiver?.close();
  await gate?.close();
  await restartApi?.close().catch(() => undefined);
  await restartDb?.close().catch(() => undefined);
  await server?.close();
  await postgres?.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** A worker process delivering webhooks, trusting the test CA the way Node trusts any extra CA. */
function worker(databaseUrl: string, extra: Record<string, string> = {}): Promise<WorkerProcess> {
  return startWorkerProcess({
    DATABASE_URL: databaseUrl,
    NODE_EXTRA_CA_CERTS: ca.caFile,
    FETCH_HOST_MAP: HOST_MAP,
    FETCH_ALLOW_ADDRESSES: ALLOW,
    WEBHOOK_CYCLE_MS: "100",
    WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
    WEBHOOK_RETRY_SCHEDULE_SECONDS: Array.from({ length: 12 }, () => "1").join(","),
    WEBHOOK_SECRET_KEY: SECRET_KEY,
    ...extra,
  }).then((w) => {
    workers.push(w);
    return w;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 200 ms until it answers something truthy; a failed check (the database down) counts as not yet. */
async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}

async function register(baseUrl: string, owner: Person, siteId: string, url: string) {
  const reply = await call(baseUrl, "/api/v1/developer/webhooks", {
    cookie: owner.cookie,
    body: { url, siteId, events: ["job.done"] },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { webhook: { id: string }; secret: string };
}

function raiseJobDone(db: Database, world: World, count = 1): Promise<void> {
  return withTransaction(db, async (sql) => {
    for (let i = 0; i < count; i++) {
      await raiseEvent(sql, {
        workspaceId: world.workspaceId,
        siteId: world.siteId,
        type: "job.done",
        data: { jobId: randomUUID(), articleId: randomUUID(), credits: 3 },
      });
    }
  });
}

const header = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? "");

function signatureValid(headers: IncomingHttpHeaders, rawBody: string, secret: string): boolean {
  const timestamp = header(headers, "x-service-timestamp");
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return /^\d+$/.test(timestamp) && header(headers, "x-service-signature") === expected;
}

describe("a worker killed in the middle of a delivery", () => {
  let world: World;
  let secret: string;
  let endpointId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { workers: false, fetch: { hostMap: HOST_MAP, allowAddresses: ALLOW } });
    world = await makeWorld(server.baseUrl, server.db);
    const registered = await register(server.baseUrl, world.owner, world.siteId, "https://k.hooks.test/hook");
    secret = registered.secret;
    endpointId = registered.webhook.id;
    killReceiver = await startReceiver({ address: KILL_ADDRESS, tls: ca, behaviour: behave.hang() });
  });

  it("is sent again once its lease lapses: same body, id and delivery id, a new valid signature", {
    timeout: 120_000,
  }, async () => {
    const test = server!;
    const receiver = killReceiver!;
    const delivery = async (id: string) =>
      (
        await test.db.pool.query<{ status: string; attempts: number; error: string | null }>(
          `SELECT status, attempts, error FROM webhook_delivery WHERE id = $1`,
          [id],
        )
      ).rows[0];
    const arrivals = (id: string) => receiver.requests.filter((r) => header(r.headers, "x-service-delivery") === id);

    const first = await worker(test.database.url);
    await raiseJobDone(test.db, world);
    const { rows } = await test.db.pool.query<{ id: string }>(`SELECT id FROM webhook_delivery WHERE endpoint_id = $1`, [
      endpointId,
    ]);
    expect(rows).toHaveLength(1);
    const deliveryId = rows[0]!.id;
    // The receiver has the request and does not answer: the worker is in the middle of sending.
    await waitFor("the first attempt", () => arrivals(deliveryId).length >= 1, 30_000);
    await first.kill();
    await receiver.behave(behave.ok());

    // A worker that does not trust the receivers' CA delivers nothing: TLS refused, the row keeps
    // the error and stays pending. (It is stopped long before the first attempt's lease lapses.)
    const untrusting = await worker(test.database.url, { NODE_EXTRA_CA_CERTS: "" });
    const before = new Set((await test.db.pool.query<{ id: string }>(`SELECT id FROM webhook_delivery`)).rows.map((r) => r.id));
    await raiseJobDone(test.db, world);
    const refusedId = (await test.db.pool.query<{ id: string }>(`SELECT id FROM webhook_delivery`)).rows
      .map((r) => r.id)
      .find((id) => !before.has(id));
    expect(refusedId).toBeDefined();
    const refused = await waitFor(
      "the untrusted attempt's error",
      async () => {
        const row = await delivery(refusedId!);
        return row?.error ? row : undefined;
      },
      15_000,
    );
    expect(refused.status).toBe("pending");
    expect(refused.error).toMatch(/certificate|tls|issuer/i);
    await untrusting.stop();
    expect(arrivals(refusedId!)).toHaveLength(0);
    expect((await delivery(deliveryId))?.status).toBe("pending");

    // A new worker, trusting the CA: it sends the refused one at once and the killed one when its
    // lease lapses.
    await worker(test.database.url);
    await waitFor("the refused delivery, now trusted", () => arrivals(refusedId!).length >= 1, 30_000);
    await waitFor("the second attempt", () => arrivals(deliveryId).length >= 2, 45_000);
    const done = await waitFor(
      "the delivery delivered",
      async () => {
        const row = await delivery(deliveryId);
        return row?.status === "delivered" ? row : undefined;
      },
      15_000,
    );
    expect(done.attempts).toBe(2);

    const [one, two] = arrivals(deliveryId);
    expect(arrivals(deliveryId)).toHaveLength(2);
    expect(two!.text).toBe(one!.text);
    const envelope = JSON.parse(two!.text) as { id: string; type: string; data: Record<string, unknown> };
    expect(envelope.id).toBe((JSON.parse(one!.text) as { id: string }).id);
    expect(envelope.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(envelope).toMatchObject({ type: "job.done", workspaceId: world.workspaceId, siteId: world.siteId });
    expect(envelope.data).toEqual({ jobId: expect.any(String), articleId: expect.any(String), credits: 3 });
    expect(header(two!.headers, "x-service-delivery")).toBe(deliveryId);
    expect(signatureValid(one!.headers, one!.text, secret)).toBe(true);
    expect(signatureValid(two!.headers, two!.text, secret)).toBe(true);
    // The lease held the second attempt back: nothing was sent again while the first could still be running.
    const gapMs = two!.at.getTime() - one!.at.getTime();
    expect(gapMs).toBeGreaterThanOrEqual(20_000);
    console.info(`worker killed: second attempt ${gapMs} ms after the first; untrusted CA recorded "${refused.error}"`);
  });
});

/**
 * A receiver for the batch: answers the first `slowCount` requests after `delayMs`, then holds
 * every answer until `release()`, after which it answers at once.
 */
interface GateReceiver {
  requests: { deliveryId: string; eventId: string; path: string; at: number }[];
  held: number;
  release(): void;
  close(): Promise<void>;
}

async function startGateReceiver(address: string, slowCount: number, delayMs: number): Promise<GateReceiver> {
  const held: ServerResponse[] = [];
  let released = false;
  const requests: GateReceiver["requests"] = [];
  const answer = (response: ServerResponse) => {
    if (response.destroyed) return;
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end("received");
  };
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let eventId = "";
      try {
        eventId = String((JSON.parse(text) as { id?: unknown }).id ?? "");
      } catch {
        // not an envelope
      }
      requests.push({
        deliveryId: header(request.headers, "x-service-delivery"),
        eventId,
        path: request.url ?? "",
        at: Date.now(),
      });
      if (released) answer(response);
      else if (requests.length <= slowCount) setTimeout(() => answer(response), delayMs);
      else held.push(response);
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(443, address, () => resolve());
  });
  return {
    requests,
    get held() {
      return held.length;
    },
    release() {
      released = true;
      for (const response of held.splice(0)) answer(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The HTTP side on the embedded server, in this process, to register endpoints over REST. */
async function startApi(db: Database, databaseUrl: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const services = await startServices(db, { databaseUrl, workers: false, env: process.env });
  services.fetch = { ...services.fetch, hostMap: HOST_MAP, allowAddresses: ALLOW };
  const { app } = createApp(services, readConfig({ DATABASE_URL: databaseUrl, PORT: "0" }));
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = http.address() as AddressInfo;
  let closed = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((done) => {
        http.close(() => done());
        if ("closeAllConnections" in http) http.closeAllConnections();
      });
      await services.stop();
    },
  };
}

describe("PostgreSQL restarted in the middle of a batch", () => {
  const WORKSPACES = 3;
  const EVENTS_PER_WORKSPACE = 10;
  const ENDPOINTS_PER_WORKSPACE = 2;
  const DELIVERIES = WORKSPACES * EVENTS_PER_WORKSPACE * ENDPOINTS_PER_WORKSPACE;
  let pgDir: string;
  let port: number;
  let databaseUrl: string;
  const worlds: World[] = [];

  beforeAll(async () => {
    pgDir = join(dir, "pg");
    port = await freePort();
    postgres = await startEmbeddedPostgres(pgDir, { port });
    databaseUrl = postgres.url;
    await migrate(databaseUrl);
    restartDb = openDatabase(databaseUrl, 4);
    const api = await startApi(restartDb, databaseUrl);
    restartApi = api;
    for (let w = 0; w < WORKSPACES; w++) {
      const world = await makeWorld(api.baseUrl, restartDb);
      worlds.push(world);
      for (let e = 0; e < ENDPOINTS_PER_WORKSPACE; e++) {
        await register(api.baseUrl, world.owner, world.siteId, `https://r.hooks.test/${w}/${e}`);
      }
    }
    // Only the worker below (and this test's polling) is connected when the server goes away.
    await api.close();
    gate = await startGateReceiver(RESTART_ADDRESS, 12, 150);
  });

  it("delivers every event at least once, and the worker lives through it", { timeout: 120_000 }, async () => {
    const db = restartDb!;
    const receiver = gate!;
    const survivor = await worker(databaseUrl);
    for (const world of worlds) await raiseJobDone(db, world, EVENTS_PER_WORKSPACE);
    const { rows: deliveries } = await db.pool.query<{ id: string; event_id: string }>(
      `SELECT id, event_id FROM webhook_delivery`,
    );
    expect(deliveries).toHaveLength(DELIVERIES);

    // Mid-batch: some answered, some in flight (held by the receiver), the rest not yet sent.
    await waitFor("a batch in flight", () => receiver.held >= 3, 30_000);
    const arrivedBefore = new Set(receiver.requests.map((r) => r.deliveryId)).size;
    await postgres!.stop();
    // The held attempts get their answers while the worker cannot record them.
    receiver.release();
    await sleep(2_000);
    expect(
      survivor.alive(),
      `${survivor.stderr()}\n${survivor.logs
        .slice(-8)
        .map((l) => JSON.stringify(l))
        .join("\n")}`,
    ).toBe(true);
    postgres = await startEmbeddedPostgres(pgDir, { port });
    const restartedAt = Date.now();

    const pending = await waitFor(
      "every delivery delivered",
      async () => {
        const { rows } = await db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM webhook_delivery WHERE status <> 'delivered'`,
        );
        return rows[0]?.n === 0 ? { n: 0 } : undefined;
      },
      60_000,
    );
    expect(pending.n).toBe(0);
    console.info(
      `postgres restarted: ${arrivedBefore} of ${DELIVERIES} had arrived before the stop; all delivered ${Date.now() - restartedAt} ms after the restart; ${receiver.requests.length} requests in all; ${survivor.logs.filter((l) => String(l.msg).startsWith("pg-boss could not record")).length} run outcomes not recorded`,
    );
    expect(arrivedBefore).toBeGreaterThan(0);
    expect(arrivedBefore).toBeLessThan(DELIVERIES);

    // Every delivery (event and endpoint) arrived at least once with its event's id: duplicates
    // allowed, loss not.
    const { rows: events } = await db.pool.query<{ id: string }>(`SELECT id FROM outbox_event`);
    expect(events).toHaveLength(WORKSPACES * EVENTS_PER_WORKSPACE);
    const arrived = new Set(receiver.requests.map((r) => `${r.deliveryId} ${r.eventId}`));
    for (const d of deliveries) expect(arrived.has(`${d.id} evt_${d.event_id}`), d.id).toBe(true);
    const eventIds = new Set(receiver.requests.map((r) => r.eventId));
    for (const e of events) expect(eventIds.has(`evt_${e.id}`)).toBe(true);

    expect(survivor.alive(), survivor.stderr()).toBe(true);
    expect(survivor.logs.filter((l) => l.level === 60)).toEqual([]);
  });
});
