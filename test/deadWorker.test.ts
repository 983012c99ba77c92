// A dead worker is noticed in seconds: the worker running a step renews the step's lease, and a
// step whose lease lapsed is queued again by another worker process's sweep. With the default
// settings a step whose worker is killed runs again within 15 s; a step that is merely slow keeps
// its lease and runs once. The API runs in this process, the workers in processes of their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "./support/fakeModel.ts";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startWorkerProcess, type WorkerProcess } from "./support/serviceProcess.ts";
import { readSse, type SseEvent } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

let web: TestWeb;
let fake: FakeModel;
let server: TestServer;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  web = await startTestWeb();
  fake = await startFakeModel();
  server = await startTestServer({}, { workers: false });
});
afterAll(async () => {
  for (const worker of workers) await worker.stop().catch(() => undefined);
  await server?.close();
  await fake?.close();
  await web?.close();
});

/** A worker process with the default pipeline settings: no PIPELINE_* variable is set. */
async function worker(): Promise<WorkerProcess> {
  const env: Record<string, string> = {
    DATABASE_URL: server.database.url,
    FETCH_ALLOW_ADDRESSES: "127.0.0.1",
    FETCH_HOST_MAP: web.hostMap,
    LLM_BASE_URL: fake.url,
    LLM_MODEL: "fake-writer",
  };
  for (const name of Object.keys(process.env)) if (name.startsWith("PIPELINE_")) env[name] = "";
  const started = await startWorkerProcess(env);
  workers.push(started);
  const line = started.logs.find((l) => l.msg === "pipeline workers started");
  expect(line).toMatchObject({ stepLeaseSeconds: 10, stepHeartbeatSeconds: 2, leaseSweepSeconds: 2 });
  return started;
}

async function startJob(topic: string) {
  const world = await makeWorld(server.baseUrl, server.db, 5);
  const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
  const urls = (web.truth.stories.find((s) => s.id === "container-spill")?.urls ?? []).map(web.served);
  const brief = await call(server.baseUrl, "/api/v1/briefs", { token, body: { topic, useUrls: urls, targetWords: 300 } });
  const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
  expect(started.status).toBe(200);
  return { token, jobId: started.body.jobId as string, articleId: started.body.articleId as string };
}

const stepEvents = (events: SseEvent[], status: string, stepId?: string) =>
  events.filter((e) => e.data.kind === "step" && e.data.status === status && (!stepId || e.data.stepId === stepId));

/** Every step of the plan (its `todo` events) ended exactly once, with `done`. */
function expectEachStepFinishedOnce(events: SseEvent[]) {
  const plan = stepEvents(events, "todo").map((e) => e.data.stepId as string);
  expect(plan.length).toBeGreaterThan(4);
  for (const stepId of plan) {
    expect({ stepId, done: stepEvents(events, "done", stepId).length }).toEqual({ stepId, done: 1 });
    expect(stepEvents(events, "failed", stepId)).toEqual([]);
  }
}

describe("a step whose worker dies", () => {
  it("runs again on another worker within 15 s of a SIGKILL, with the default settings", { timeout: 120_000 }, async () => {
    const first = await worker();
    // The model takes a minute to answer: the write step is still running when its worker dies.
    fake.setMode("slow", { delayMs: 60_000 });
    const { token, jobId, articleId } = await startJob("Halden Star");
    const url = `${server.baseUrl}/api/v1/jobs/${jobId}/events`;
    const upToWrite = await readSse(url, {
      token,
      until: (events) => stepEvents(events, "running", "write").length > 0,
    });
    // A second worker, up before the first dies, as in any deployment with more than one.
    await worker();
    fake.setMode("ok");
    const killedAt = Date.now();
    await first.kill();

    let restartedAt: number | undefined;
    const rest = await readSse(url, {
      token,
      lastEventId: upToWrite.events.at(-1)?.id ?? "0",
      until: (events) => {
        if (restartedAt === undefined && stepEvents(events, "running", "write").length > 0) restartedAt = Date.now();
        return events.some((e) => e.data.kind === "done");
      },
      timeoutMs: 60_000,
    });
    expect(restartedAt).toBeDefined();
    const seconds = ((restartedAt ?? Number.POSITIVE_INFINITY) - killedAt) / 1000;
    console.log(`dead worker: SIGKILL to the step running again in ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(15);

    const all = [...upToWrite.events, ...rest.events];
    expect(all.at(-1)?.data).toEqual({ kind: "done", articleId });
    // The restart is a step event: the step's second `running` says why it runs again.
    const [firstRun, secondRun, ...more] = stepEvents(all, "running", "write");
    expect(more).toEqual([]);
    expect(firstRun?.data.details).toEqual([]);
    expect(secondRun?.data).toMatchObject({ stepId: "write", status: "running", details: [{ tag: "restarted" }] });
    expect(secondRun?.data.details[0].text).toMatch(/stopped before it finished/);
    for (const stepId of ["find", "group", "read", "check"]) expect(stepEvents(all, "running", stepId)).toHaveLength(1);
    expectEachStepFinishedOnce(all);
    const { rows } = await server.db.pool.query(`SELECT attempts FROM job_step WHERE job_id = $1 AND step_id = 'write'`, [
      jobId.toLowerCase(),
    ]);
    expect(rows[0]?.attempts).toBe(2);
    const job = await call(server.baseUrl, `/api/v1/jobs/${jobId}`, { token });
    expect(job.body.status).toBe("done");
  });
});

describe("a step that is merely slow", () => {
  it("keeps its lease on a live worker and runs once, though it runs past the lease", { timeout: 120_000 }, async () => {
    // Two live workers (this one and the one the test above left): either may take the step, the
    // other sweeps for lapsed leases and would queue it again if the lease lapsed.
    await worker();
    // The first model call takes 25 s, two and a half leases of 10 s; the rest answer at once.
    fake.setMode(["slow"], { delayMs: 25_000 });
    const { token, jobId, articleId } = await startJob("Halden Star salvage");
    const read = await readSse(`${server.baseUrl}/api/v1/jobs/${jobId}/events`, {
      token,
      until: (events) => events.some((e) => e.data.kind === "done"),
      timeoutMs: 90_000,
    });
    expect(read.events.at(-1)?.data).toEqual({ kind: "done", articleId });
    for (const event of stepEvents(read.events, "todo")) {
      expect(stepEvents(read.events, "running", event.data.stepId)).toHaveLength(1);
    }
    expect(read.events.flatMap((e) => e.data.details ?? []).filter((d: { tag: string }) => d.tag === "restarted")).toEqual([]);
    expectEachStepFinishedOnce(read.events);
    const { rows } = await server.db.pool.query<{ step_id: string; attempts: number; ms: number }>(
      `SELECT step_id, attempts, ms FROM job_step WHERE job_id = $1 ORDER BY ms DESC`,
      [jobId.toLowerCase()],
    );
    expect(rows[0]?.ms).toBeGreaterThanOrEqual(25_000);
    for (const row of rows) expect(row).toMatchObject({ attempts: 1 });
  });
});
