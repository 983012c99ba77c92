// A raised event is delivered at once, not at the delivery cycle's next tick: raising it announces
// it (NOTIFY) and the worker process starts a cycle when it hears that. The cycle here is a minute
// long, so only the announcement can explain a prompt delivery.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { withTransaction } from "../src/db/transaction.ts";
import { raiseEvent } from "../src/events/outbox.ts";
import { makeWorld, type World } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { behave, makeTestCa, type Receiver, startReceiver } from "./support/webhookReceivers.ts";

let server: TestServer;
let receiver: Receiver;
let world: World;

beforeAll(async () => {
  const ca = makeTestCa(mkdtempSync(path.join(tmpdir(), "webhook-ca-")), ["prompt.hooks.test"]);
  receiver = await startReceiver({ address: "127.0.40.1", tls: ca, behaviour: behave.ok() });
  server = await startTestServer(
    { WEBHOOK_CYCLE_MS: "60000" },
    { fetch: { hostMap: "prompt.hooks.test=127.0.40.1", allowAddresses: "127.0.40.1", testTlsCa: ca.caPem } },
  );
  world = await makeWorld(server.baseUrl, server.db);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

it("delivers each raised event within a second, with the cycle a minute long", async () => {
  const reply = await call(server.baseUrl, "/api/v1/developer/webhooks", {
    cookie: world.owner.cookie,
    body: { url: "https://prompt.hooks.test/now", events: ["job.done"] },
  });
  expect(reply.status).toBe(200);
  for (let i = 0; i < 3; i++) {
    const before = receiver.requests.length;
    const raised = Date.now();
    await withTransaction(server.db, (sql) =>
      raiseEvent(sql, { workspaceId: world.workspaceId, siteId: world.siteId, type: "job.done", data: { jobId: randomUUID() } }),
    );
    const deadline = raised + 5_000;
    while (receiver.requests.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(receiver.requests.length).toBe(before + 1);
    expect(Date.now() - raised).toBeLessThan(1_000);
  }
});
