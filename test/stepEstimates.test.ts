// The time each step of a plan is estimated to take (`estMs` in an estimate and a started job):
// it follows the engine configured (the built-in writer in milliseconds, a model in tens of
// seconds) and, once three have been measured, the median of the last 25 times this service
// measured for the step's kind on that engine (docs/pipeline.md, Step time estimates).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "../src/db/transaction.ts";
import { forgetStepTimes, recordStepTime, type StepEngines, stepEstimator } from "../src/pipeline/stepTimings.ts";
import { type FakeModel, startFakeModel } from "./support/fakeModel.ts";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let builtin: TestServer;
let model: TestServer;
let fake: FakeModel;

beforeAll(async () => {
  fake = await startFakeModel();
  // No workers: the plan is all these tests read.
  [builtin, model] = await Promise.all([
    startTestServer({ WRITER: "builtin" }, { workers: false }),
    startTestServer({ LLM_BASE_URL: fake.url, LLM_MODEL: "fake-writer", LLM_API_KEY: "test" }, { workers: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([builtin?.close(), model?.close()]);
  await fake?.close();
});

async function planOf(server: TestServer, brief: Record<string, unknown>): Promise<Record<string, number>> {
  const world = await makeWorld(server.baseUrl, server.db, 20);
  const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
  const made = await call(server.baseUrl, "/api/v1/briefs", {
    token,
    body: { useUrls: ["https://news.example.org/a"], ...brief },
  });
  const reply = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}/estimate`, { token, method: "POST" });
  expect(reply.status).toBe(200);
  return Object.fromEntries(reply.body.steps.map((s: { id: string; estMs: number }) => [s.id, s.estMs]));
}

describe("estimates by engine", () => {
  it("estimates the built-in writer in milliseconds and a model in seconds", async () => {
    const quick = await planOf(builtin, { language: "en+de" });
    const slow = await planOf(model, { language: "en+de" });
    expect(quick.write).toBeLessThan(1000);
    expect(slow.write).toBeGreaterThanOrEqual(10_000);
    // Without a model, language versions are skipped at once; a model writes each.
    expect(quick["write-de"]).toBeLessThan(1000);
    expect(slow["write-de"]).toBeGreaterThanOrEqual(10_000);
    // Steps no model runs are estimated alike.
    expect(slow.check).toBe(quick.check);
  });
});

describe("estimates from measured times", () => {
  const engines: StepEngines = { search: false, articleByModel: false, versionsByModel: false, illustrationsByModel: false };
  const record = (stepId: string, ms: number, on: StepEngines = engines) =>
    withTransaction(builtin.db, (sql) => recordStepTime(sql, stepId, on, ms));

  it("keeps the first guess until three times were measured, then takes their median", async () => {
    forgetStepTimes(builtin.db);
    const guess = (await stepEstimator(builtin.db, engines))("group");
    await record("group", 4000);
    await record("group", 900);
    forgetStepTimes(builtin.db);
    expect((await stepEstimator(builtin.db, engines))("group")).toBe(guess);
    await record("group", 1500);
    forgetStepTimes(builtin.db);
    expect((await stepEstimator(builtin.db, engines))("group")).toBe(1500);
    // The plan a key holder sees is the same figure.
    forgetStepTimes(builtin.db);
    expect((await planOf(builtin, {})).group).toBe(1500);
  });

  it("keeps each engine's times apart, and language steps by their kind", async () => {
    const byModel = { ...engines, articleByModel: true, versionsByModel: true };
    for (const ms of [30_000, 32_000, 34_000]) await record("write", ms, byModel);
    for (const ms of [12, 14, 16]) await record("write", ms);
    for (const ms of [25_000, 27_000, 29_000]) await record("write-fr", ms, byModel);
    forgetStepTimes(builtin.db);
    expect((await stepEstimator(builtin.db, engines))("write")).toBe(14);
    expect((await stepEstimator(builtin.db, byModel))("write")).toBe(32_000);
    // Every language's write step shares the kind's times.
    expect((await stepEstimator(builtin.db, byModel))("write-ja")).toBe(27_000);
  });

  it("keeps the last 25 times of a kind, newest first", async () => {
    for (let ms = 1; ms <= 30; ms++) await record("seo", ms);
    const { rows } = await builtin.db.pool.query<{ samples: number[] }>(
      "SELECT samples FROM step_timing WHERE step_kind = 'seo' AND engine = 'builtin'",
    );
    expect(rows[0]?.samples).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
    forgetStepTimes(builtin.db);
    expect((await stepEstimator(builtin.db, engines))("seo")).toBe(18);
  });
});
