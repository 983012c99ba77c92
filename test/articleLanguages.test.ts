// POST /api/v1/articles/{id}/languages through HTTP, against real PostgreSQL, pg-boss, the test web
// and the fake model server: a key adds languages to an article the pipeline wrote; the job runs
// `sources` then write/seo/qa per language, the primary carries `addingLanguages` meanwhile, one
// credit per language is held and captured, versions keep the claims' states and reopen kept
// flags, the first version entry names who asked, pages that no longer load are named, and every
// refusal of the spec leaves nothing behind. A second server with no model shows the language
// steps skipped by the job itself and their credits released.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "./support/fakeModel.ts";
import { addPerson, makeKey, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call, errorOf, type Reply } from "./support/http.ts";
import { ledgerBalance } from "./support/ledger.ts";
import { readSse, type SseEvent } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { storeWrittenArticle } from "./support/writtenArticles.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

let web: TestWeb;
let fake: FakeModel;
let server: TestServer;
let world: World;
let token: string;

const KEY_NAME = "Languages desk";

beforeAll(async () => {
  web = await startTestWeb();
  fake = await startFakeModel();
  server = await startTestServer({
    FETCH_ALLOW_ADDRESSES: "127.0.0.1",
    FETCH_HOST_MAP: web.hostMap,
    LLM_BASE_URL: fake.url,
    LLM_MODEL: "fake-writer",
    LLM_MAX_ATTEMPTS: "1",
  });
  world = await makeWorld(server.baseUrl, server.db, 40);
  token = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, dailyCap: 100, name: KEY_NAME })).token;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await web?.close();
});

const UPPER_UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const storyUrls = (id: string) => (web.truth.stories.find((s) => s.id === id)?.urls ?? []).map(web.served);
const ended = (e: SseEvent[]) =>
  e.some((x) => x.data.kind === "done" || (x.data.kind === "refunded" && x.data.reason === undefined));
const follow = (base: string, bearer: string, jobId: string) =>
  readSse(`${base}/api/v1/jobs/${jobId}/events`, { token: bearer, until: ended, timeoutMs: 90_000 });
const bodyOf = (reply: Reply) => JSON.stringify(reply.body);

const addLanguages = (id: string, languages: unknown, auth: { token: string } = { token }) =>
  call(server.baseUrl, `/api/v1/articles/${id}/languages`, { ...auth, body: { languages } });
const readArticle = (id: string, bearer = token) => call(server.baseUrl, `/api/v1/articles/${id}`, { token: bearer });

/** An article written by the pipeline from a brief on the test web; returns its id and brief id. */
async function writeArticle(
  base: string,
  bearer: string,
  story: string,
  topic: string,
): Promise<{ articleId: string; briefId: string }> {
  const brief = await call(base, "/api/v1/briefs", {
    token: bearer,
    body: { topic, useUrls: storyUrls(story), targetWords: 300 },
  });
  expect(brief.status, bodyOf(brief)).toBe(200);
  const start = await call(base, "/api/v1/articles", { token: bearer, body: { briefId: brief.body.id, alsoNew: true } });
  expect(start.status, bodyOf(start)).toBe(200);
  const stream = await follow(base, bearer, start.body.jobId);
  expect(stream.events.at(-1)?.data, JSON.stringify(stream.events.slice(-3))).toEqual({
    kind: "done",
    articleId: start.body.articleId,
  });
  return { articleId: start.body.articleId, briefId: brief.body.id };
}

async function gql(person: Person, query: string, variables: Record<string, unknown>) {
  const reply = await call(server.baseUrl, "/graphql", { cookie: person.cookie, body: { query, variables } });
  expect(reply.status).toBe(200);
  return reply.body as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
}

async function outboxOf(jobId: string) {
  const { rows } = await server.db.pool.query(`SELECT type, data FROM outbox_event WHERE data->>'jobId' = $1`, [
    jobId.toLowerCase(),
  ]);
  return rows;
}

/** Jobs and holds of a workspace: what a refused request must leave untouched. */
async function footprint(workspaceId: string) {
  const { rows } = await server.db.pool.query(
    `SELECT (SELECT count(*)::int FROM job WHERE workspace_id = $1) AS jobs,
            (SELECT count(*)::int FROM job_event e JOIN job j ON j.id = e.job_id WHERE j.workspace_id = $1) AS events,
            (SELECT count(*)::int FROM credit_entry WHERE workspace_id = $1) AS entries,
            (SELECT count(*)::int FROM article WHERE workspace_id = $1) AS articles,
            (SELECT count(*)::int FROM outbox_event WHERE workspace_id = $1) AS outbox`,
    [workspaceId],
  );
  return rows[0];
}

describe("languages added to a written article", () => {
  it("runs sources then write/seo/qa per language, shows addingLanguages meanwhile, and writes versions of their own", async () => {
    fake.setMode("ok");
    const { articleId, briefId } = await writeArticle(server.baseUrl, token, "container-spill", "Halden Star containers lost");
    const primary = (await readArticle(articleId)).body;
    // A person keeps one flag on the primary: in a new version it is an open flag again.
    const flaggedClaim = primary.claims.find((c: { state: string }) => c.state !== "corroborated");
    expect(flaggedClaim, "the story has a flagged claim").toBeDefined();
    const kept = await gql(
      world.owner,
      `mutation($a: ID!, $c: ID!) { keepClaimFlag(articleId: $a, claimId: $c, note: "Checked by phone") { id } }`,
      { a: articleId, c: flaggedClaim.id },
    );
    expect(kept.errors, JSON.stringify(kept.errors)).toBeUndefined();
    const before = await ledgerBalance(server.db, world.workspaceId);
    const primaryBefore = (await readArticle(articleId)).body;
    expect(primaryBefore.claims.find((c: { id: string }) => c.id === flaggedClaim.id).keptFlag).toBe(true);

    // The model answers slowly, so the job is seen while it runs.
    fake.setMode("slow", { delayMs: 1500 });
    const started = await addLanguages(articleId, ["fr", "DE"]);
    expect(started.status, bodyOf(started)).toBe(200);
    expect(started.body).toMatchObject({ articleId, creditsHeld: 2, briefId });
    expect(started.body.jobId).toMatch(UPPER_UUID);
    expect(started.body.steps.map((s: { id: string }) => s.id)).toEqual([
      "sources",
      "write-fr",
      "seo-fr",
      "qa-fr",
      "write-de",
      "seo-de",
      "qa-de",
    ]);
    for (const s of started.body.steps) expect(Number.isInteger(s.estMs)).toBe(true);
    expect(await ledgerBalance(server.db, world.workspaceId)).toBe(before - 2);

    const during = (await readArticle(articleId)).body;
    expect(during.addingLanguages).toMatchObject({
      jobId: started.body.jobId.toLowerCase(),
      briefId: briefId.toLowerCase(),
      languages: ["fr", "de"],
    });
    expect(during.addingLanguages.jobId).toMatch(LOWER_UUID);
    expect(["queued", "running", "paused"]).toContain(during.addingLanguages.status);
    expect(during.status).toBe(primaryBefore.status);
    expect(during.run).toBeUndefined();
    // The same through GraphQL.
    const viaGraphql = await gql(
      world.owner,
      `query($id: String!) { article(id: $id) { addingLanguages { jobId languages } } }`,
      {
        id: articleId,
      },
    );
    expect(viaGraphql.data.article.addingLanguages).toEqual({ jobId: started.body.jobId.toLowerCase(), languages: ["fr", "de"] });
    // A second request while the job runs: the article is being given languages.
    expect(errorOf(await addLanguages(articleId, ["it"]))).toEqual({ status: 409, error: "article_generating" });
    const job = await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}`, { token });
    expect(job.body).toMatchObject({ kind: "article", articleId });

    const stream = await follow(server.baseUrl, token, started.body.jobId);
    fake.setMode("ok");
    const events = stream.events.map((e) => e.data).filter((e) => e.kind !== "ping");
    expect(events.filter((e) => e.status === "todo").map((e) => e.stepId)).toEqual(
      started.body.steps.map((s: { id: string }) => s.id),
    );
    const done = events.filter((e) => e.kind === "step" && e.status === "done");
    expect(done.map((e) => e.stepId)).toEqual(started.body.steps.map((s: { id: string }) => s.id));
    const sourcesStep = done.find((e) => e.stepId === "sources");
    expect(sourcesStep.summary).toMatch(/^Read \d+ source pages? again\.$/);
    expect(events.at(-1)).toEqual({ kind: "done", articleId });
    expect(events.some((e) => e.kind === "refunded")).toBe(false);

    expect(await ledgerBalance(server.db, world.workspaceId)).toBe(before - 2);
    expect(await outboxOf(started.body.jobId)).toEqual([
      {
        type: "job.done",
        data: { jobId: started.body.jobId.toLowerCase(), articleId: articleId.toLowerCase(), credits: 2 },
      },
    ]);

    // The primary is as it was: same status, same versions, no addingLanguages; it lists its versions.
    const after = (await readArticle(articleId)).body;
    expect(after.addingLanguages).toBeUndefined();
    expect(after.status).toBe(primaryBefore.status);
    expect(after.versions).toEqual(primaryBefore.versions);
    expect(after.languageVersions.map((v: { language: string }) => v.language)).toEqual(["en", "fr", "de"]);

    for (const code of ["fr", "de"]) {
      const entry = after.languageVersions.find((v: { language: string }) => v.language === code);
      const version = (await readArticle(entry.articleId)).body;
      expect(version).toMatchObject({ language: code, status: "needsReview", primaryArticleId: articleId });
      expect(version.illustration).toBeUndefined();
      expect(version.addingLanguages).toBeUndefined();
      expect(version.versions).toHaveLength(1);
      expect(version.versions[0]).toMatchObject({ n: 1, label: "languages added", by: KEY_NAME, model: "fake-writer-2026-01" });
      expect(version.versions[0].agent).toMatch(new RegExp(`^API key ${KEY_NAME} \\(.+\\)$`));
      // Claims keep the states they have on the primary; nothing was checked again.
      expect(version.claims.map((c: { text: string; state: string }) => [c.text, c.state])).toEqual(
        primaryBefore.claims.map((c: { text: string; state: string }) => [c.text, c.state]),
      );
      // Copies keep the primary's order: the kept claim is at the same position.
      const reopened = version.claims[primaryBefore.claims.findIndex((c: { id: string }) => c.id === flaggedClaim.id)];
      expect(reopened.text).toBe(flaggedClaim.text);
      expect(reopened).toMatchObject({ keptFlag: false, state: flaggedClaim.state });
      expect(reopened.keptNote).toBeUndefined();
      // The read-back ran against the pages read again and names the kept flag as open.
      const flaggedCheck = version.quality.find((q: { id: string }) => q.id === "flagged");
      expect(flaggedCheck?.verdict).toBe("warning");
      expect(version.quality.some((q: { id: string }) => q.id === "read-back")).toBe(false);
      for (const p of version.paragraphs) {
        for (const id of p.claimIds) expect(version.claims.map((c: { id: string }) => c.id)).toContain(id);
      }
      expect(version.seo?.slug).toMatch(/^[a-z0-9-]+$/);
    }
    // A language that is now a version cannot be asked again.
    expect(errorOf(await addLanguages(articleId, ["de"]))).toEqual({ status: 422, error: "invalid_language" });
  }, 120_000);

  it("names pages that no longer load, writes the version anyway when none load, and fails cleanly when cancelled", async () => {
    fake.setMode("ok");
    const { articleId } = await writeArticle(
      server.baseUrl,
      token,
      "container-spill",
      "Halden Star containers, the sources later",
    );
    const { rows: sources } = await server.db.pool.query<{ id: string; url: string }>(
      `SELECT id, url FROM article_source WHERE article_id = $1 ORDER BY position`,
      [articleId.toLowerCase()],
    );
    expect(sources.length).toBeGreaterThan(1);
    // The first source's page has gone from its site since the article was written.
    const gone = `${new URL(sources[0]?.url ?? "").origin}/this-page-was-taken-down.html`;
    await server.db.pool.query(`UPDATE article_source SET url = $2 WHERE id = $1`, [sources[0]?.id, gone]);

    const before = await ledgerBalance(server.db, world.workspaceId);
    const fr = await addLanguages(articleId, ["fr"]);
    expect(fr.status, bodyOf(fr)).toBe(200);
    expect(fr.body.steps.map((s: { id: string }) => s.id)).toEqual(["sources", "write-fr", "seo-fr", "qa-fr"]);
    const first = (await follow(server.baseUrl, token, fr.body.jobId)).events.map((e) => e.data);
    const sourcesStep = first.find((e) => e.stepId === "sources" && e.status === "done");
    expect(sourcesStep.summary).toMatch(/1 no longer loads\.$/);
    expect(sourcesStep.details).toContainEqual({ tag: "unreadable", text: expect.stringContaining(gone) });
    const qaFr = first.find((e) => e.stepId === "qa-fr" && e.status === "done");
    expect(qaFr.summary).not.toMatch(/could not run/);
    expect(first.at(-1)).toEqual({ kind: "done", articleId });
    expect(await ledgerBalance(server.db, world.workspaceId)).toBe(before - 1);

    // Now none of the pages load: the version is still written, and its read-back says it could not run.
    await server.db.pool.query(`UPDATE article_source SET url = $2 || '?gone=' || position WHERE article_id = $1`, [
      articleId.toLowerCase(),
      gone,
    ]);
    // A person asks, over GraphQL with the session cookie.
    const de = await gql(
      world.owner,
      `mutation($id: String!, $l: [String!]!) { addArticleLanguages(id: $id, languages: $l) { articleId jobId creditsHeld } }`,
      { id: articleId, l: ["de"] },
    );
    expect(de.errors, JSON.stringify(de.errors)).toBeUndefined();
    expect(de.data.addArticleLanguages).toMatchObject({ articleId, creditsHeld: 1 });
    const second = (await follow(server.baseUrl, token, de.data.addArticleLanguages.jobId)).events.map((e) => e.data);
    const none = second.find((e) => e.stepId === "sources" && e.status === "done");
    expect(none.summary).toMatch(/^None of the \d+ source pages loaded again/);
    expect(none.details.filter((d: { tag: string }) => d.tag === "unreadable")).toHaveLength(sources.length);
    const qaIt = second.find((e) => e.stepId === "qa-de" && e.status === "done");
    expect(qaIt.summary).toMatch(/^The read-back could not run/);
    expect(second.at(-1)).toEqual({ kind: "done", articleId });
    const primary = (await readArticle(articleId)).body;
    const deEntry = primary.languageVersions.find((v: { language: string }) => v.language === "de");
    const deVersion = (await readArticle(deEntry.articleId)).body;
    expect(deVersion.quality).toEqual([
      expect.objectContaining({ id: "read-back", verdict: "warning", detail: expect.stringMatching(/could not run/) }),
    ]);
    // A person asked: the entry names the person, and no credential.
    expect(deVersion.versions[0]).toMatchObject({ n: 1, label: "languages added", by: "Olive Owner" });
    expect(deVersion.versions[0].agent).toBeUndefined();
    expect(await ledgerBalance(server.db, world.workspaceId)).toBe(before - 2);

    // Cancelled: every held credit released, job.failed names the primary, no version is made.
    fake.setMode("slow", { delayMs: 3000 });
    const pt = await addLanguages(articleId, ["pt"]);
    expect(pt.status, bodyOf(pt)).toBe(200);
    expect((await call(server.baseUrl, `/api/v1/jobs/${pt.body.jobId}/cancel`, { token, method: "POST" })).status).toBe(204);
    fake.setMode("ok");
    expect(await ledgerBalance(server.db, world.workspaceId)).toBe(before - 2);
    expect(await outboxOf(pt.body.jobId)).toEqual([
      {
        type: "job.failed",
        data: { jobId: pt.body.jobId.toLowerCase(), articleId: articleId.toLowerCase(), failure: "cancelled", refunded: 1 },
      },
    ]);
    const afterCancel = (await readArticle(articleId)).body;
    expect(afterCancel.addingLanguages).toBeUndefined();
    expect(afterCancel.status).toBe("needsReview");
    expect(afterCancel.languageVersions.map((v: { language: string }) => v.language)).toEqual(["en", "fr", "de"]);
  }, 120_000);
});

describe("what POST /articles/{id}/languages refuses", () => {
  let refusals: World;
  let key: string;
  let personId: string;

  beforeAll(async () => {
    refusals = await makeWorld(server.baseUrl, server.db, 3);
    key = (await makeKey(server.baseUrl, refusals.owner, { siteId: refusals.siteId, dailyCap: 100 })).token;
    personId = (await server.db.prisma.person.findUniqueOrThrow({ where: { email: refusals.owner.email } })).id;
  });

  const stored = (options: Parameters<typeof storeWrittenArticle>[2], siteId = refusals.siteId) =>
    storeWrittenArticle(server.db, { workspaceId: refusals.workspaceId, siteId, personId }, options);

  it("answers each refusal with the spec's code and leaves nothing behind", async () => {
    const article = (await stored({ claims: 4, sources: 3, languages: ["de"] })).toUpperCase();
    const version = (
      await server.db.pool.query(`SELECT id FROM article WHERE primary_article_id = $1`, [article.toLowerCase()])
    ).rows[0].id.toUpperCase();
    const otherSite = (await stored({ claims: 2, sources: 2 }, refusals.otherSiteId)).toUpperCase();
    const before = await footprint(refusals.workspaceId);
    const as = (id: string, languages: unknown) => addLanguages(id, languages, { token: key });

    // 404: no such article, a malformed id, an article on a site the key cannot see.
    for (const id of ["0B5C1D2E-0000-4000-8000-000000000000", "not-an-id", otherSite]) {
      expect(errorOf(await as(id, ["fr"])), id).toEqual({ status: 404, error: "not_found" });
    }
    // 422 not_primary, naming the article the version belongs to.
    const notPrimary = await as(version, ["fr"]);
    expect(errorOf(notPrimary)).toEqual({ status: 422, error: "not_primary" });
    expect(notPrimary.body.primaryArticleId).toBe(article);
    expect(notPrimary.body.message).toContain(article);
    // 422 invalid_language, in each of the six cases.
    const cases: [string, unknown][] = [
      ["an empty list", []],
      ["an unsupported code", ["fr", "xx"]],
      ["the article's own language", ["EN"]],
      ["a repeat", ["fr", "es", "fr"]],
      ["an existing version", ["fr", "de"]],
    ];
    for (const [what, languages] of cases) {
      expect(errorOf(await as(article, languages)), what).toEqual({ status: 422, error: "invalid_language" });
    }
    const klingon = (await stored({ claims: 2, sources: 2 })).toUpperCase();
    await server.db.pool.query(`UPDATE article SET language = 'tlh' WHERE id = $1`, [klingon.toLowerCase()]);
    const ownUnsupported = await as(klingon, ["fr"]);
    expect(errorOf(ownUnsupported)).toEqual({ status: 422, error: "invalid_language" });
    expect(ownUnsupported.body.message).toMatch(/own language/);
    // 400 validation: no languages, or not a list of strings.
    for (const body of [{}, { languages: "fr" }, { languages: [1] }]) {
      const reply = await call(server.baseUrl, `/api/v1/articles/${article}/languages`, { token: key, body });
      expect(errorOf(reply), JSON.stringify(body)).toEqual({ status: 400, error: "validation" });
    }

    // 409 article_generating: the article is being written, or a job writes one of its versions.
    const generating = (await stored({ claims: 2, sources: 2, status: "generating" })).toUpperCase();
    expect(errorOf(await as(generating, ["fr"]))).toEqual({ status: 409, error: "article_generating" });
    await server.db.prisma.job.create({
      data: {
        workspaceId: refusals.workspaceId,
        siteId: refusals.siteId,
        kind: "article",
        status: "paused",
        articleId: version.toLowerCase(),
        personId,
      },
    });
    expect(errorOf(await as(article, ["fr"]))).toEqual({ status: 409, error: "article_generating" });
    await server.db.pool.query(`UPDATE job SET status = 'cancelled' WHERE article_id = $1`, [version.toLowerCase()]);

    // 409 site_not_ready while the site is being read.
    await server.db.pool.query(`UPDATE site SET status = 'reading' WHERE id = $1`, [refusals.siteId]);
    expect(errorOf(await as(article, ["fr"]))).toEqual({ status: 409, error: "site_not_ready" });
    await server.db.pool.query(`UPDATE site SET status = 'ready' WHERE id = $1`, [refusals.siteId]);

    // 402: the workspace has 3 credits; four languages need 4.
    expect(errorOf(await as(article, ["fr", "es", "it", "pt"]))).toEqual({ status: 402, error: "insufficient_credits" });

    // 429 budget_exhausted: a key whose daily cap is 1 asks for two languages.
    const capped = (await makeKey(server.baseUrl, refusals.owner, { siteId: refusals.siteId, dailyCap: 1, name: "Cap one" }))
      .token;
    const overCap = await addLanguages(article, ["fr", "es"], { token: capped });
    expect(errorOf(overCap)).toEqual({ status: 429, error: "budget_exhausted" });
    expect(overCap.body.resetsAt).toMatch(/T00:00:00\.000Z$/);
    expect(typeof overCap.body.askAHuman).toBe("string");
    expect(Number(overCap.headers.get("Retry-After"))).toBeGreaterThan(0);

    // 403: the brief scope cannot start it, nor a person whose role cannot edit.
    const briefOnly = (await makeKey(server.baseUrl, refusals.owner, { siteId: refusals.siteId, scopes: ["brief", "read"] }))
      .token;
    expect(errorOf(await addLanguages(article, ["fr"], { token: briefOnly }))).toEqual({ status: 403, error: "scope_missing" });
    const viewer = await addPerson(server.baseUrl, server.db, refusals.workspaceId, "Viewer");
    const byViewer = await gql(viewer, `mutation($id: String!) { addArticleLanguages(id: $id, languages: ["fr"]) { jobId } }`, {
      id: article,
    });
    expect(byViewer.data).toBeNull();
    expect(byViewer.errors?.[0]?.extensions.code).toBe("role_missing");

    // 409 article_archived.
    const archived = await gql(refusals.owner, `mutation($id: String!) { archiveArticle(id: $id) }`, { id: klingon });
    expect(archived.errors, JSON.stringify(archived.errors)).toBeUndefined();
    expect(errorOf(await as(klingon, ["fr"]))).toEqual({ status: 409, error: "article_archived" });

    // Nothing was held, queued, raised or written by any refusal.
    expect(await footprint(refusals.workspaceId)).toEqual({ ...before, jobs: before.jobs + 2, articles: before.articles + 2 });
    expect(await ledgerBalance(server.db, refusals.workspaceId)).toBe(3);
  });

  it("starts one job when several requests for one article come at once", async () => {
    const article = (await stored({ claims: 3, sources: 2 })).toUpperCase();
    fake.setMode("slow", { delayMs: 3000 });
    const replies = await Promise.all(
      ["fr", "es", "it", "pt", "nl"].map((code) => addLanguages(article, [code], { token: key })),
    );
    const started = replies.filter((r) => r.status === 200);
    expect(started, replies.map(bodyOf).join("\n")).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(errorOf(r)).toEqual({ status: 409, error: "article_generating" });
    }
    const { rows } = await server.db.pool.query(
      `SELECT count(*)::int AS jobs FROM job WHERE article_id = $1 AND state ? 'adding'`,
      [article.toLowerCase()],
    );
    expect(rows[0].jobs).toBe(1);
    expect(await ledgerBalance(server.db, refusals.workspaceId)).toBe(2);
    const jobId = started[0]?.body.jobId;
    expect((await call(server.baseUrl, `/api/v1/jobs/${jobId}/cancel`, { token: key, method: "POST" })).status).toBe(204);
    fake.setMode("ok");
    expect(await ledgerBalance(server.db, refusals.workspaceId)).toBe(3);
  });

  it("lets a language archived as a version be added again, and starts on an article with no brief", async () => {
    const article = (await stored({ claims: 3, sources: 2, languages: ["de"] })).toUpperCase();
    const version = (
      await server.db.pool.query(`SELECT id FROM article WHERE primary_article_id = $1`, [article.toLowerCase()])
    ).rows[0].id.toUpperCase();
    const archived = await gql(refusals.owner, `mutation($id: String!) { archiveArticle(id: $id) }`, { id: version });
    expect(archived.errors, JSON.stringify(archived.errors)).toBeUndefined();
    fake.setMode("slow", { delayMs: 3000 });
    const started = await addLanguages(article, ["de"], { token: key });
    expect(started.status, bodyOf(started)).toBe(200);
    expect(started.body).toMatchObject({ articleId: article, creditsHeld: 1 });
    // The stored article has no brief: the job carries none, and no SEO step (the article has no SEO fields).
    expect(started.body.briefId).toBeUndefined();
    expect(started.body.steps.map((s: { id: string }) => s.id)).toEqual(["sources", "write-de", "qa-de"]);
    const read = (await readArticle(article, key)).body;
    expect(read.addingLanguages).toEqual({
      jobId: started.body.jobId.toLowerCase(),
      status: expect.stringMatching(/^(queued|running)$/),
      languages: ["de"],
    });
    // Archiving waits for the job.
    const refused = await gql(refusals.owner, `mutation($id: String!) { archiveArticle(id: $id) }`, { id: article });
    expect(refused.errors?.[0]?.extensions.code).toBe("article_generating");
    expect((await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}/cancel`, { token: key, method: "POST" })).status).toBe(
      204,
    );
    fake.setMode("ok");
    expect(await ledgerBalance(server.db, refusals.workspaceId)).toBe(3);
  });
});

describe("with no model configured", () => {
  let plain: TestServer;
  let plainWorld: World;
  let plainToken: string;

  beforeAll(async () => {
    plain = await startTestServer({ FETCH_ALLOW_ADDRESSES: "127.0.0.1", FETCH_HOST_MAP: web.hostMap });
    plainWorld = await makeWorld(plain.baseUrl, plain.db, 10);
    plainToken = (await makeKey(plain.baseUrl, plainWorld.owner, { siteId: plainWorld.siteId, dailyCap: 50 })).token;
  });
  afterAll(() => plain?.close());

  it("skips each language step by itself and releases its credit before done", async () => {
    const { articleId } = await writeArticle(plain.baseUrl, plainToken, "ashcombe-roof", "Ashcombe stadium roof");
    const before = await ledgerBalance(plain.db, plainWorld.workspaceId);
    const started = await call(plain.baseUrl, `/api/v1/articles/${articleId}/languages`, {
      token: plainToken,
      body: { languages: ["de", "fr"] },
    });
    expect(started.status, bodyOf(started)).toBe(200);
    expect(started.body.creditsHeld).toBe(2);
    const events = (await follow(plain.baseUrl, plainToken, started.body.jobId)).events.map((e) => e.data);
    const writeDe = events.find((e) => e.stepId === "write-de" && e.status === "done");
    expect(writeDe.summary).toMatch(/^Skipped: .*German.*LLM_BASE_URL/);
    expect(events.slice(-2)).toEqual([
      { kind: "refunded", credits: 2, reason: "unused" },
      { kind: "done", articleId },
    ]);
    expect(await ledgerBalance(plain.db, plainWorld.workspaceId)).toBe(before);
    const { rows } = await plain.db.pool.query(`SELECT type, data FROM outbox_event WHERE data->>'jobId' = $1`, [
      started.body.jobId.toLowerCase(),
    ]);
    expect(rows).toEqual([
      { type: "job.done", data: { jobId: started.body.jobId.toLowerCase(), articleId: articleId.toLowerCase(), credits: 0 } },
    ]);
    const article = await call(plain.baseUrl, `/api/v1/articles/${articleId}`, { token: plainToken });
    expect(article.body.languageVersions).toBeUndefined();
    expect(article.body.addingLanguages).toBeUndefined();
    expect(article.body.status).toBe("needsReview");
  }, 120_000);
});
