// API and workers in different processes sharing one database, and a worker killed in the middle
// of a step: the step is run again by another worker, from that step, and the API process's event
// stream follows events written by the workers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "./support/fakeModel.ts";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startWorkerProcess, type WorkerProcess } from "./support/serviceProcess.ts";
import { readSse } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

let web: TestWeb;
let fake: FakeModel;
let server: TestServer;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  web = await startTestWeb();
  fake = await startFakeModel();
  // This process serves HTTP only; the pipeline runs in the worker processes below.
  server = await startTestServer({}, { workers: false });
});
afterAll(async () => {
  for (const worker of workers) await worker.stop().catch(() => undefined);
  await server?.close();
  await fake?.close();
  await web?.close();
});

function worker(extra: Record<string, string> = {}): Promise<WorkerProcess> {
  return startWorkerProcess({
    ...extra,
    DATABASE_URL: server.database.url,
    FETCH_ALLOW_ADDRESSES: "127.0.0.1",
    FETCH_HOST_MAP: web.hostMap,
    LLM_BASE_URL: fake.url,
    LLM_MODEL: "fake-writer",
    // pg-boss's own expiry after 4 s, looked for every second: its retry of a step whose lease a
    // live worker holds does nothing, and a dead worker's step runs again when its lease lapses.
    PIPELINE_STEP_EXPIRE_SECONDS: "4",
    PIPELINE_MAINTENANCE_SECONDS: "1",
  }).then((w) => {
    workers.push(w);
    return w;
  });
}

describe("a worker killed in the middle of a step", () => {
  it("is replaced: the step runs again from where it was, earlier steps are not run again", { timeout: 90_000 }, async () => {
    const world = await makeWorld(server.baseUrl, server.db, 5);
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
    const first = await worker();
    // The model takes a minute to answer: the write step is still running when its worker dies.
    fake.setMode("slow", { delayMs: 60_000 });
    const urls = (web.truth.stories.find((s) => s.id === "container-spill")?.urls ?? []).map(web.served);
    const brief = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      body: { topic: "Halden Star", useUrls: urls, targetWords: 300 },
    });
    const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
    expect(started.status).toBe(200);
    const url = `${server.baseUrl}/api/v1/jobs/${started.body.jobId}/events`;
    const upToWrite = await readSse(url, {
      token,
      until: (events) => events.some((e) => e.data.kind === "step" && e.data.stepId === "write" && e.data.status === "running"),
    });
    await first.kill();
    fake.setMode("ok");
    await worker();

    const rest = await readSse(url, {
      token,
      lastEventId: upToWrite.events.at(-1)?.id ?? "0",
      until: (events) => events.some((e) => e.data.kind === "done"),
      timeoutMs: 60_000,
    });
    expect(rest.events.at(-1)?.data).toEqual({ kind: "done", articleId: started.body.articleId });
    const all = [...upToWrite.events, ...rest.events].filter((e) => e.data.kind === "step");
    const runs = (stepId: string) => all.filter((e) => e.data.stepId === stepId && e.data.status === "running").length;
    expect(runs("write")).toBe(2);
    for (const stepId of ["find", "group", "read", "check"]) expect(runs(stepId)).toBe(1);
    const { rows } = await server.db.pool.query(`SELECT attempts FROM job_step WHERE job_id = $1 AND step_id = 'write'`, [
      started.body.jobId.toLowerCase(),
    ]);
    expect(rows[0]?.attempts).toBe(2);
    const job = await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}`, { token });
    expect(job.body.status).toBe("done");
  });

  it("pauses the job, rather than leave it running, when the step's workers keep dying", { timeout: 90_000 }, async () => {
    const world = await makeWorld(server.baseUrl, server.db, 5);
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
    // Only this test's workers may pick the job up.
    for (const w of workers.splice(0)) await w.stop();
    // No second run allowed: the first worker's death is already one too many.
    const first = await worker({ PIPELINE_STEP_RETRIES: "0" });
    fake.setMode("slow", { delayMs: 60_000 });
    const urls = (web.truth.stories.find((s) => s.id === "container-spill")?.urls ?? []).map(web.served);
    const brief = await call(server.baseUrl, "/api/v1/briefs", { token, body: { topic: "Halden Star crash", useUrls: urls } });
    const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
    const url = `${server.baseUrl}/api/v1/jobs/${started.body.jobId}/events`;
    await readSse(url, {
      token,
      until: (events) => events.some((e) => e.data.kind === "step" && e.data.stepId === "write" && e.data.status === "running"),
    });
    await first.kill();
    fake.setMode("ok");
    await worker({ PIPELINE_STEP_RETRIES: "0" });
    const paused = await readSse(url, {
      token,
      until: (events) => events.some((e) => e.data.kind === "step" && e.data.status === "failed"),
      timeoutMs: 60_000,
    });
    const failed = paused.events.find((e) => e.data.kind === "step" && e.data.status === "failed");
    expect(failed?.data).toMatchObject({
      stepId: "write",
      summary: "The worker running this step stopped 1 times before it finished.",
    });
    const job = await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}`, { token });
    expect(job.body).toMatchObject({ status: "paused", step: "write" });
    // Retrying starts the count afresh, and a live worker finishes the step.
    const retry = await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}/steps/write/retry`, { token, method: "POST" });
    expect(retry.status).toBe(204);
    const rest = await readSse(url, {
      token,
      lastEventId: failed?.id ?? "0",
      until: (e) => e.some((x) => x.data.kind === "done"),
    });
    expect(rest.events.at(-1)?.data.kind).toBe("done");
  });
});
