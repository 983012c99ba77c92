// The article job end to end, through HTTP only: a key holder writes a brief with useUrls on the
// test web, starts the article, follows the job's events to `done`, and reads the article; the
// ledger must agree with the credits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { ledgerBalance } from "./support/ledger.ts";
import { readSse, type SseEvent } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

let web: TestWeb;
let server: TestServer;
let world: World;
let token: string;

beforeAll(async () => {
  web = await startTestWeb();
  server = await startTestServer({ FETCH_ALLOW_ADDRESSES: "127.0.0.1", FETCH_HOST_MAP: web.hostMap });
  world = await makeWorld(server.baseUrl, server.db, 20);
  token = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, dailyCap: 50 })).token;
});
afterAll(async () => {
  await server?.close();
  await web?.close();
});

const story = (id: string) => {
  const found = web.truth.stories.find((s) => s.id === id);
  if (!found) throw new Error(`no story ${id}`);
  return found;
};

async function brief(body: Record<string, unknown>): Promise<string> {
  const reply = await call(server.baseUrl, "/api/v1/briefs", { token, body });
  expect(reply.status).toBe(200);
  return reply.body.id as string;
}

const isEnd = (events: SseEvent[]) =>
  events.some((e) => e.data.kind === "done" || (e.data.kind === "refunded" && e.data.reason === undefined));

const balance = () => ledgerBalance(server.db, world.workspaceId);

describe("an article job, from brief to article", () => {
  it("runs every planned step, streams its events and ends in needsReview with the credit captured", async () => {
    const spill = story("container-spill");
    const before = await balance();
    const briefId = await brief({
      topic: spill.topic,
      useUrls: spill.urls.map(web.served),
      targetWords: 400,
      illustration: "generate",
    });
    const start = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId } });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ creditsHeld: 1, briefId });
    expect(start.body.articleId).toMatch(/^[0-9A-F-]{36}$/);
    expect(start.body.steps.map((s: { id: string }) => s.id)).toEqual([
      "find",
      "group",
      "read",
      "check",
      "write",
      "seo",
      "qa",
      "illustrate",
    ]);
    expect(await balance()).toBe(before - 1);

    const stream = await readSse(`${server.baseUrl}/api/v1/jobs/${start.body.jobId}/events`, { token, until: isEnd });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain("text/event-stream");
    expect(stream.comments[0]).toContain(start.body.jobId);
    const events = stream.events.filter((e) => e.data.kind !== "ping");
    const todo = events.filter((e) => e.data.kind === "step" && e.data.status === "todo").map((e) => e.data.stepId);
    expect(todo).toEqual(start.body.steps.map((s: { id: string }) => s.id));
    const done = events.filter((e) => e.data.kind === "step" && e.data.status === "done");
    expect(done.map((e) => e.data.stepId)).toEqual(todo);
    for (const e of done) {
      expect(typeof e.data.summary).toBe("string");
      expect(Number.isInteger(e.data.ms)).toBe(true);
      expect(Array.isArray(e.data.details)).toBe(true);
    }
    const last = events[events.length - 1];
    expect(last?.data).toEqual({ kind: "done", articleId: start.body.articleId });
    // Each step's time is kept for its kind and engine: later plans estimate from it.
    const { rows: timings } = await server.db.pool.query<{ step_kind: string; engine: string; samples: number[] }>(
      "SELECT step_kind, engine, samples FROM step_timing",
    );
    for (const e of done) {
      const timing = timings.find((t) => t.step_kind === e.data.stepId && t.engine === "builtin");
      expect(timing?.samples, `the time of ${e.data.stepId}`).toContain(e.data.ms);
    }
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const job = await call(server.baseUrl, `/api/v1/jobs/${start.body.jobId}`, { token });
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ id: start.body.jobId, kind: "article", status: "done", articleId: start.body.articleId });
    expect(job.body.step).toBeUndefined();
    expect(job.body.finishedAt).toBeDefined();
    expect(job.body.steps.every((s: { status: string }) => s.status === "done")).toBe(true);

    // The credit stays spent; the hold is captured, not released.
    expect(await balance()).toBe(before - 1);
    const { rows } = await server.db.pool.query(
      `SELECT kind, amount, note FROM credit_entry WHERE hold_id IS NOT NULL AND workspace_id = $1 ORDER BY created_at`,
      [world.workspaceId],
    );
    expect(rows.map((r) => r.kind)).toEqual(["hold", "capture"]);
    const { rows: outbox } = await server.db.pool.query(`SELECT type, data FROM outbox_event WHERE workspace_id = $1`, [
      world.workspaceId,
    ]);
    expect(outbox).toEqual([
      {
        type: "job.done",
        data: { jobId: start.body.jobId.toLowerCase(), articleId: start.body.articleId.toLowerCase(), credits: 1 },
      },
    ]);

    // The article, as a key reads it, against the test web's ground truth.
    const article = await call(server.baseUrl, `/api/v1/articles/${start.body.articleId}`, { token });
    expect(article.status).toBe(200);
    const a = article.body;
    expect(a).toMatchObject({ id: start.body.articleId, status: "needsReview", language: "en", comments: [], origin: "agent" });
    expect(a.run).toBeUndefined();
    expect(a.delivery).toBeUndefined();
    expect(a.by).toBe("Olive Owner · via API key");
    expect(a.versions[0]).toMatchObject({ n: 1, label: "generation", by: "Writing engine (built-in)", model: "none" });
    expect(a.versions[0].agent).toMatch(/^API key test key \(/);
    const truthUrl = (url: string) => web.toTruthUrl(url);
    const truthOrigin = new Map(web.truth.origins.flatMap((group, i) => group.map((url) => [url, i])));
    const sourceById = new Map(a.sources.map((src: { id: string }) => [src.id, src]));
    for (const src of a.sources) {
      expect(spill.urls).toContain(truthUrl(src.url));
      expect(src.id).toMatch(/^[0-9A-F-]{36}$/);
    }
    // Sources the engine put in one origin are one origin in the truth, and the reverse.
    for (const x of a.sources) {
      for (const y of a.sources) {
        const sameTruth = truthOrigin.get(truthUrl(x.url)) === truthOrigin.get(truthUrl(y.url));
        expect(x.origin === y.origin, `${x.url} / ${y.url}`).toBe(sameTruth);
      }
    }
    const claimIds = new Set(a.claims.map((c: { id: string }) => c.id));
    for (const p of a.paragraphs) for (const id of p.claimIds) expect(claimIds.has(id)).toBe(true);
    for (const c of a.claims) {
      for (const id of c.sourceIds) expect(sourceById.has(id)).toBe(true);
      expect(a.paragraphs.some((p: { n: number; claimIds: string[] }) => p.n === c.paragraph && p.claimIds.includes(c.id))).toBe(
        true,
      );
    }
    // Claim states agree with the truth wherever a truth claim's facts identify the claim. A
    // sentence that states several facts is a claim of each (docs/sourcing.md), all worded alike, so
    // a truth claim is matched, as npm run eval:sourcing matches it, to the claim among those its
    // facts identify whose carriers it shares most.
    const truthClaims = web.truth.claims.filter((t) => t.story === "container-spill" && !t.crossLanguage);
    let matched = 0;
    let agreeing = 0;
    for (const t of truthClaims) {
      const shared = (c: { sourceIds: string[] }) =>
        c.sourceIds.filter((id) => t.carriedBy.includes(truthUrl((sourceById.get(id) as { url: string }).url))).length;
      const candidates = a.claims
        .filter((c: { text: string }) => t.facts.every((f) => c.text.toLowerCase().includes(f.toLowerCase())))
        .sort((x: { sourceIds: string[] }, y: { sourceIds: string[] }) => shared(y) - shared(x));
      const c = candidates[0];
      if (!c) continue;
      matched++;
      if (t.state === c.state) agreeing++;
    }
    expect(matched).toBeGreaterThan(3);
    expect(agreeing / matched).toBeGreaterThanOrEqual(0.75);
    expect(a.illustration).toMatchObject({
      status: "ready",
      label: "AI-generated illustration",
      styleLabel: "abstract editorial",
    });
    const picture = await fetch(server.baseUrl + a.illustration.url, { headers: { Authorization: `Bearer ${token}` } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await picture.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect([...a.seo.metaTitle].length).toBeLessThanOrEqual(60);
    expect([...a.seo.metaDescription].length).toBeLessThanOrEqual(155);
    expect(a.seo.slug).toMatch(/^[a-z0-9-]+$/);
    expect(a.quality.length).toBeGreaterThan(5);
    // Every claim the check step found is in the text or named as left out, with its state and a reason.
    const checkStep = done.find((e) => e.data.stepId === "check");
    const found = (checkStep?.data.details ?? []) as { tag: string; text: string }[];
    expect(found.length).toBeGreaterThan(5);
    const leftOut = a.quality.find((q: { id: string }) => q.id === "left-out");
    expect(leftOut).toBeDefined();
    for (const f of found) {
      const inText = a.claims.some((c: { text: string }) => c.text === f.text);
      const named = (leftOut.items ?? []).some((item: string) => item.includes(f.text) && /\(.+\)$/.test(item));
      expect(inText || named, f.text).toBe(true);
    }

    // Resuming after the last event replays nothing and ends at once.
    const resumed = await readSse(`${server.baseUrl}/api/v1/jobs/${start.body.jobId}/events`, {
      token,
      lastEventId: String(ids[ids.length - 1]),
      timeoutMs: 10_000,
    });
    expect(resumed.events).toEqual([]);
    expect(resumed.ended).toBe(true);
    // Resuming in the middle gives exactly what came after.
    const middle = ids[Math.floor(ids.length / 2)] as number;
    const rest = await readSse(`${server.baseUrl}/api/v1/jobs/${start.body.jobId}/events`, {
      token,
      lastEventId: String(middle),
    });
    expect(rest.events.map((e) => Number(e.id))).toEqual(ids.filter((id) => id > middle));
  });

  it("skips a language version by itself when no model is configured, and releases its credit before done", async () => {
    const bridge = story("tollgate-bridge");
    const before = await balance();
    const briefId = await brief({ topic: bridge.topic, useUrls: bridge.urls.map(web.served), language: "en+de", seo: false });
    const start = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId } });
    expect(start.body.creditsHeld).toBe(2);
    const stream = await readSse(`${server.baseUrl}/api/v1/jobs/${start.body.jobId}/events`, { token, until: isEnd });
    const steps = stream.events.filter((e) => e.data.kind === "step" && e.data.status === "done");
    const writeDe = steps.find((e) => e.data.stepId === "write-de");
    expect(writeDe?.data.summary).toMatch(/^Skipped: .*German.*LLM_BASE_URL/);
    expect(steps.find((e) => e.data.stepId === "qa-de")?.data.summary).toMatch(/^Skipped:/);
    expect(stream.events.slice(-2).map((e) => e.data)).toEqual([
      { kind: "refunded", credits: 1, reason: "unused" },
      { kind: "done", articleId: start.body.articleId },
    ]);
    expect(await balance()).toBe(before - 1);
    const article = await call(server.baseUrl, `/api/v1/articles/${start.body.articleId}`, { token });
    expect(article.body.languageVersions).toBeUndefined();
  });

  it("refuses a brief it cannot write with the spec's codes, and loses nothing", async () => {
    const before = await balance();
    expect(errorOf(await call(server.baseUrl, "/api/v1/articles", { token, body: {} }))).toEqual({
      status: 400,
      error: "validation",
    });
    expect(errorOf(await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: "nope" } }))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(await balance()).toBe(before);
  });
});
