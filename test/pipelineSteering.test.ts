// Article jobs with the model provider against the fake model server: a model-written article,
// a step that fails and pauses the job, retry/skip/cancel with their refusals, language versions
// in the same job, and a paused job that nobody steers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDataBlocks } from "../src/writing/provider/prompt.ts";
import { type FakeModel, startFakeModel } from "./support/fakeModel.ts";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { ledgerBalance } from "./support/ledger.ts";
import { readSse, type SseEvent } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

let web: TestWeb;
let fake: FakeModel;
let server: TestServer;
let world: World;
let token: string;

beforeAll(async () => {
  web = await startTestWeb();
  fake = await startFakeModel();
  server = await startTestServer({
    FETCH_ALLOW_ADDRESSES: "127.0.0.1",
    FETCH_HOST_MAP: web.hostMap,
    LLM_BASE_URL: fake.url,
    LLM_MODEL: "fake-writer",
    LLM_MAX_ATTEMPTS: "1",
    JOB_PAUSE_TIMEOUT_SECONDS: "3",
  });
  world = await makeWorld(server.baseUrl, server.db, 30);
  token = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, dailyCap: 100 })).token;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await web?.close();
});

const urls = () => (web.truth.stories.find((s) => s.id === "container-spill")?.urls ?? []).map(web.served);
const events = (base: string, jobId: string, until: (e: SseEvent[]) => boolean, lastEventId?: string) =>
  readSse(`${base}/api/v1/jobs/${jobId}/events`, { token, until, ...(lastEventId ? { lastEventId } : {}) });
const ended = (e: SseEvent[]) =>
  e.some((x) => x.data.kind === "done" || (x.data.kind === "refunded" && x.data.reason === undefined));
const failedStep = (e: SseEvent[]) => e.some((x) => x.data.kind === "step" && x.data.status === "failed");

async function start(body: Record<string, unknown>) {
  const brief = await call(server.baseUrl, "/api/v1/briefs", { token, body: { useUrls: urls(), targetWords: 300, ...body } });
  expect(brief.status).toBe(200);
  const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id, alsoNew: true } });
  expect(started.status).toBe(200);
  return started.body as { articleId: string; jobId: string; creditsHeld: number; steps: { id: string }[] };
}

const balance = () => ledgerBalance(server.db, world.workspaceId);

async function outboxFor(jobId: string) {
  const { rows } = await server.db.pool.query(`SELECT type, data FROM outbox_event WHERE data->>'jobId' = $1`, [
    jobId.toLowerCase(),
  ]);
  return rows;
}

describe("an article written by the model provider", () => {
  it("records the model on the first version entry", async () => {
    fake.setMode("ok");
    const job = await start({ topic: "Halden Star containers" });
    const stream = await events(server.baseUrl, job.jobId, ended);
    expect(stream.events.at(-1)?.data).toEqual({ kind: "done", articleId: job.articleId });
    const { rows } = await server.db.pool.query(`SELECT n, label, by, model FROM article_version WHERE article_id = $1`, [
      job.articleId.toLowerCase(),
    ]);
    // The model the endpoint says answered, which may be more precise than the name asked for.
    expect(rows).toEqual([{ n: 1, label: "generation", by: "Writing engine (openai-compatible)", model: "fake-writer-2026-01" }]);
    const { rows: article } = await server.db.pool.query(`SELECT status FROM article WHERE id = $1`, [
      job.articleId.toLowerCase(),
    ]);
    expect(article[0]?.status).toBe("needsReview");
  });
});

describe("a step that fails pauses the job", () => {
  it("waits to be steered, refuses the wrong steering, and carries on when the step is retried", async () => {
    fake.setMode("error500");
    const before = await balance();
    const job = await start({ topic: "Halden Star containers overboard" });
    const paused = await events(server.baseUrl, job.jobId, failedStep);
    const failed = paused.events.find((e) => e.data.kind === "step" && e.data.status === "failed");
    expect(failed?.data.stepId).toBe("write");
    expect(failed?.data.details).toEqual([expect.objectContaining({ tag: "provider_error" })]);
    // The stream stays open: nothing ended it.
    expect(paused.ended).toBe(false);

    const read = await call(server.baseUrl, `/api/v1/jobs/${job.jobId}`, { token });
    expect(read.body).toMatchObject({ status: "paused", step: "write" });
    expect(read.body.steps.find((s: { id: string }) => s.id === "write")).toMatchObject({ status: "failed", optional: false });
    expect(read.body.error).toBeUndefined();

    const steer = (action: string, step: string) =>
      call(server.baseUrl, `/api/v1/jobs/${job.jobId}/steps/${step}/${action}`, { token, method: "POST" });
    expect(errorOf(await steer("retry", "seo"))).toEqual({ status: 409, error: "step_mismatch" });
    expect(errorOf(await steer("skip", "write"))).toEqual({ status: 400, error: "step_not_optional" });

    fake.setMode("ok");
    expect((await steer("retry", "write")).status).toBe(204);
    expect(errorOf(await steer("retry", "write"))).toMatchObject({ status: 409 });
    const rest = await events(server.baseUrl, job.jobId, ended, failed?.id);
    expect(rest.events.at(-1)?.data).toEqual({ kind: "done", articleId: job.articleId });
    expect(rest.events.some((e) => e.data.kind === "step" && e.data.stepId === "write" && e.data.status === "done")).toBe(true);
    expect(await balance()).toBe(before - 1);
    expect(errorOf(await steer("retry", "write"))).toEqual({ status: 409, error: "job_settled" });
    expect(errorOf(await call(server.baseUrl, `/api/v1/jobs/${job.jobId}/cancel`, { token, method: "POST" }))).toEqual({
      status: 409,
      error: "job_settled",
    });
  });

  it("cancels: held credits released, failed and refunded events end the stream, job.failed raised", async () => {
    fake.setMode("error500");
    const before = await balance();
    const job = await start({ topic: "Portmere containers cancel" });
    await events(server.baseUrl, job.jobId, failedStep);
    expect(await balance()).toBe(before - 1);
    expect((await call(server.baseUrl, `/api/v1/jobs/${job.jobId}/cancel`, { token, method: "POST" })).status).toBe(204);
    const stream = await events(server.baseUrl, job.jobId, () => false);
    expect(stream.ended).toBe(true);
    const tail = stream.events.slice(-2).map((e) => e.data);
    expect(tail).toEqual([
      { kind: "failed", code: "cancelled", message: "The job was cancelled." },
      { kind: "refunded", credits: 1 },
    ]);
    expect(await balance()).toBe(before);
    const read = await call(server.baseUrl, `/api/v1/jobs/${job.jobId}`, { token });
    expect(read.body).toMatchObject({ status: "cancelled", error: { code: "cancelled" } });
    expect(await outboxFor(job.jobId)).toEqual([
      {
        type: "job.failed",
        data: { jobId: job.jobId.toLowerCase(), articleId: job.articleId.toLowerCase(), failure: "cancelled", refunded: 1 },
      },
    ]);
    fake.setMode("ok");
  });

  it("fails and refunds a paused job nobody steers in time", async () => {
    fake.setMode("error500");
    const before = await balance();
    const job = await start({ topic: "Portmere containers unsteered" });
    // Read until the server ends the stream: the pause runs out (JOB_PAUSE_TIMEOUT_SECONDS=3).
    const stream = await events(server.baseUrl, job.jobId, () => false);
    fake.setMode("ok");
    expect(stream.ended).toBe(true);
    expect(stream.events.slice(-2).map((e) => e.data.kind)).toEqual(["failed", "refunded"]);
    expect(stream.events.at(-2)?.data.code).toBe("provider_error");
    // The operator's model endpoint is named by role, never by address.
    const address = new URL(fake.url).host;
    expect(JSON.stringify(stream.events)).not.toContain(address);
    expect(await balance()).toBe(before);
    const read = await call(server.baseUrl, `/api/v1/jobs/${job.jobId}`, { token });
    expect(read.body).toMatchObject({ status: "failed", error: { code: "provider_error" } });
    const [event] = await outboxFor(job.jobId);
    expect(event?.type).toBe("job.failed");
    expect(event?.data.refunded).toBe(1);
    expect(event?.data.failure).toMatch(/^[a-z]/);
  });
});

describe("language versions in the same job", () => {
  it("writes each version as an article of its own with primaryArticleId", async () => {
    fake.setMode("ok");
    const before = await balance();
    const job = await start({ topic: "Halden Star versions", language: "en+de+fr" });
    expect(job.creditsHeld).toBe(3);
    expect(job.steps.map((s) => s.id).slice(-6)).toEqual(["write-de", "seo-de", "qa-de", "write-fr", "seo-fr", "qa-fr"]);
    const stream = await events(server.baseUrl, job.jobId, ended);
    expect(stream.events.at(-1)?.data.kind).toBe("done");
    const { rows } = await server.db.pool.query(
      `SELECT language, status, primary_article_id FROM article WHERE primary_article_id = $1 ORDER BY language`,
      [job.articleId.toLowerCase()],
    );
    expect(rows).toEqual([
      { language: "de", status: "needsReview", primary_article_id: job.articleId.toLowerCase() },
      { language: "fr", status: "needsReview", primary_article_id: job.articleId.toLowerCase() },
    ]);
    expect(await balance()).toBe(before - 3);
    // Both sides list the versions: the primary first, then the supported-language order.
    const primary = await call(server.baseUrl, `/api/v1/articles/${job.articleId}`, { token });
    expect(primary.body.languageVersions.map((v: { language: string }) => v.language)).toEqual(["en", "fr", "de"]);
    const de = primary.body.languageVersions.find((v: { language: string }) => v.language === "de");
    const version = await call(server.baseUrl, `/api/v1/articles/${de.articleId}`, { token });
    expect(version.body).toMatchObject({ language: "de", status: "needsReview", primaryArticleId: job.articleId });
    expect(version.body.illustration).toBeUndefined();
    expect(version.body.languageVersions).toEqual(primary.body.languageVersions);
    for (const p of version.body.paragraphs) {
      for (const id of p.claimIds) expect(version.body.claims.map((c: { id: string }) => c.id)).toContain(id);
    }
  });

  it("leaves out a language whose write step a person skips, and releases its credit before done", async () => {
    fake.setMode(["ok", "error500"]);
    const before = await balance();
    const job = await start({ topic: "Halden Star skipped version", language: "en+de" });
    const paused = await events(server.baseUrl, job.jobId, failedStep);
    const failed = paused.events.find((e) => e.data.kind === "step" && e.data.status === "failed");
    expect(failed?.data.stepId).toBe("write-de");
    fake.setMode("ok");
    const skip = await call(server.baseUrl, `/api/v1/jobs/${job.jobId}/steps/write-de/skip`, { token, method: "POST" });
    expect(skip.status).toBe(204);
    const rest = await events(server.baseUrl, job.jobId, ended, failed?.id);
    const tail = rest.events.slice(-2).map((e) => e.data);
    expect(tail).toEqual([
      { kind: "refunded", credits: 1, reason: "unused" },
      { kind: "done", articleId: job.articleId },
    ]);
    const { rows } = await server.db.pool.query(`SELECT id FROM article WHERE primary_article_id = $1`, [
      job.articleId.toLowerCase(),
    ]);
    expect(rows).toEqual([]);
    expect(await balance()).toBe(before - 1);
    const [event] = await outboxFor(job.jobId);
    expect(event?.data.credits).toBe(1);
  });

  it("leaves a language out by itself when its failed step is not steered in time, and finishes the article", async () => {
    fake.setMode(["ok", "error500"]);
    const before = await balance();
    const job = await start({ topic: "Halden Star unsteered version", language: "en+de" });
    // JOB_PAUSE_TIMEOUT_SECONDS=3: the job pauses on write-de, then leaves German out.
    const stream = await events(server.baseUrl, job.jobId, () => false);
    fake.setMode("ok");
    expect(stream.ended).toBe(true);
    const failed = stream.events.find((e) => e.data.kind === "step" && e.data.status === "failed");
    expect(failed?.data.stepId).toBe("write-de");
    const after = stream.events.slice(stream.events.indexOf(failed as SseEvent) + 1).map((e) => e.data);
    expect(after.filter((e) => e.kind === "step").map((e) => [e.stepId, e.status])).toEqual([
      ["write-de", "done"],
      ["seo-de", "done"],
      ["qa-de", "done"],
    ]);
    expect(after.slice(-2)).toEqual([
      { kind: "refunded", credits: 1, reason: "unused" },
      { kind: "done", articleId: job.articleId },
    ]);
    expect(await balance()).toBe(before - 1);
    const [event] = await outboxFor(job.jobId);
    expect(event).toMatchObject({ type: "job.done", data: { credits: 1 } });
  });
});

describe("the brief as it was priced", () => {
  it("is what the steps write from, whatever the brief becomes while the job runs", async () => {
    // The model answers slowly, so the brief is changed while the job is still running.
    fake.setMode("slow", { delayMs: 1500 });
    fake.reset();
    fake.setMode("slow", { delayMs: 1500 });
    const brief = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      body: { topic: "Halden Star as priced", useUrls: urls(), targetWords: 300 },
    });
    const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id, alsoNew: true } });
    const patched = await call(server.baseUrl, `/api/v1/briefs/${brief.body.id}`, {
      token,
      method: "PATCH",
      body: { topic: "Something else entirely", length: "long", targetWords: 2000, mustAppear: ["late addition"] },
    });
    expect(patched.status).toBe(200);
    await events(server.baseUrl, started.body.jobId, ended);
    fake.setMode("ok");
    const sent = fake.requests.filter((r) => r.path.endsWith("/chat/completions"));
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      const user = request.body.messages.find((m: { role: string }) => m.role === "user").content as string;
      const data = readDataBlocks(user);
      expect(data.get("brief")).toMatchObject({ topic: "Halden Star as priced", targetWords: 300, mustAppear: [] });
    }
  });
});
