// POST /api/v1/articles/{id}/illustration/regenerate over HTTP, against real PostgreSQL and
// pg-boss: the article answered at once with `illustration.regenerating`, the new picture made in
// the background by the illustrator the pipeline uses (here an image model on loopback) and swapped
// in with a version naming the credential, the failure of a try, the allowances (failed tries
// count), every error of the route, and a worker process killed half-way.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOST_WORKER_FAILURE, runRegeneration } from "../src/articles/illustration/runRegeneration.ts";
import type { Illustrator } from "../src/writing/illustration/illustrator.ts";
import { type FakeImageModel, startFakeImageModel } from "./support/fakeImageModel.ts";
import { addPerson, makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startWorkerProcess, type WorkerProcess } from "./support/serviceProcess.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { storeWrittenArticle } from "./support/writtenArticles.ts";

let fake: FakeImageModel;
let server: TestServer;
let world: World;
let personId: string;
let token: string;
let keyHint: string;

const OLD_PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
const U = (id: string) => id.toUpperCase();

beforeAll(async () => {
  fake = await startFakeImageModel();
  server = await startTestServer({ IMAGE_BASE_URL: fake.url, IMAGE_MODEL: "fake-image", IMAGE_TIMEOUT_MS: "3000" });
  world = await makeWorld(server.baseUrl, server.db);
  personId = (await server.db.prisma.person.findUniqueOrThrow({ where: { email: world.owner.email } })).id;
  const key = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, name: "regen key" });
  token = key.token;
  const row = await server.db.prisma.credential.findUniqueOrThrow({ where: { id: key.key.id } });
  keyHint = row.tokenHint;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A written article with a ready picture, in `owner`'s workspace (the test world by default). */
async function written(owner: { workspaceId: string; siteId: string; personId: string } = { ...world, personId }) {
  return storeWrittenArticle(server.db, owner, { claims: 3, sources: 2 });
}

const regenerate = (articleId: string, as: { token?: string; cookie?: string } = { token }) =>
  call(server.baseUrl, `/api/v1/articles/${U(articleId)}/illustration/regenerate`, { method: "POST", ...as });

const read = (articleId: string, as: { token?: string } = { token }) =>
  call(server.baseUrl, `/api/v1/articles/${U(articleId)}`, as);

/** Waits (watching the rows, not spending the key's request limit) until no new picture is being made, then reads the article. */
async function settled(articleId: string, as: { token?: string } = { token }, db = server.db) {
  const until = Date.now() + 40_000;
  for (;;) {
    const { rows } = await db.pool.query(
      `SELECT 1 FROM illustration_regeneration WHERE article_id = $1 AND status IN ('queued', 'running') AND deadline_at > now()`,
      [articleId],
    );
    if (rows.length === 0) break;
    if (Date.now() > until) throw new Error("the new picture was not made in time");
    await new Promise((r) => setTimeout(r, 100));
  }
  const reply = await read(articleId, as);
  expect(reply.status).toBe(200);
  expect(reply.body.illustration.regenerating).toBe(false);
  return reply.body;
}

const picture = async (articleId: string, i?: string) => {
  const response = await fetch(`${server.baseUrl}/api/v1/articles/${U(articleId)}/illustration${i ? `?i=${i}` : ""}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

/** Regeneration rows put in directly, to stand for tries made earlier. */
async function pastTries(
  articleId: string,
  workspaceId: string,
  count: number,
  at: string,
  status = "failed",
  deadline = "now() + interval '1 hour'",
) {
  for (let i = 0; i < count; i++) {
    await server.db.pool.query(
      `INSERT INTO illustration_regeneration (id, article_id, workspace_id, status, requested_by, deadline_at, requested_at, failure)
       VALUES ($1, $2, $3, $4, '{}', ${deadline}, ${at}, CASE WHEN $4 = 'failed' THEN 'an earlier failure' END)`,
      [randomUUID(), articleId, workspaceId, status],
    );
  }
}

const secondsToUtcMidnight = () => {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
};

describe("a new picture", () => {
  it("answers 202 with the whole article at once, then swaps the new picture in with a version naming the key", async () => {
    fake.setMode("ok");
    const articleId = await written();
    // An approved article: the new picture takes the approval away when it is swapped in.
    await server.db.pool.query(`UPDATE article SET status = 'approved' WHERE id = $1`, [articleId]);
    const before = await read(articleId);
    const oldPictureId = before.body.illustration.id as string;
    expect(before.body.illustration).toMatchObject({ regenerating: false, regenerationsLeft: 5 });
    expect(before.body.illustration.lastFailure).toBeUndefined();

    const reply = await regenerate(articleId);
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ id: U(articleId), status: "approved", title: "Harbour dredging plan" });
    expect(reply.body.paragraphs.length).toBeGreaterThan(0);
    expect(reply.body.illustration).toMatchObject({ id: oldPictureId, regenerating: true, regenerationsLeft: 4 });
    // The version is added when the picture is swapped in, not at the request.
    expect(reply.body.versions).toEqual(before.body.versions);

    const after = await settled(articleId);
    expect(after.status).toBe("needsReview");
    expect(after.label.reviewedByHuman).toBe(false);
    expect(after.illustration).toMatchObject({ status: "ready", regenerating: false, regenerationsLeft: 4 });
    expect(after.illustration.lastFailure).toBeUndefined();
    expect(after.illustration.id).not.toBe(oldPictureId);
    expect(after.illustration.url).toBe(`/api/v1/articles/${U(articleId)}/illustration?i=${after.illustration.id}`);
    const last = after.versions.at(-1);
    expect(last).toMatchObject({
      n: before.body.versions.length + 1,
      label: "illustration regenerated",
      by: "regen key",
      model: "fake-image",
      agent: `API key regen key (${keyHint})`,
    });
    expect(after.versions.slice(0, -1)).toEqual(before.body.versions);
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: "fake-image" });

    // The new picture is current; the old one stays readable by its id.
    const current = await picture(articleId);
    expect(current.status).toBe(200);
    expect(current.bytes.subarray(0, 8)).toEqual(OLD_PNG.subarray(0, 8));
    expect(current.bytes.equals(OLD_PNG)).toBe(false);
    expect((await picture(articleId, oldPictureId)).bytes.equals(OLD_PNG)).toBe(true);
    expect((await picture(articleId, after.illustration.id)).bytes.equals(current.bytes)).toBe(true);
  });

  it("records a failed try as lastFailure, keeps the picture and adds no version; the try counts", async () => {
    const articleId = await written();
    const before = await read(articleId);
    fake.setMode("error");
    expect((await regenerate(articleId)).status).toBe(202);
    const failed = await settled(articleId);
    expect(failed.illustration.lastFailure).toBe("The new picture could not be made: the image model refused or failed.");
    expect(failed.illustration).toMatchObject({ id: before.body.illustration.id, regenerationsLeft: 4 });
    expect(failed.versions).toEqual(before.body.versions);
    expect((await picture(articleId)).bytes.equals(OLD_PNG)).toBe(true);

    // A later try that succeeds clears it.
    fake.setMode("ok");
    expect((await regenerate(articleId)).status).toBe(202);
    const done = await settled(articleId);
    expect(done.illustration.lastFailure).toBeUndefined();
    expect(done.illustration.regenerationsLeft).toBe(3);
    expect(done.versions.at(-1).label).toBe("illustration regenerated");
  });

  it("a person asks over GraphQL with the session cookie; the version names the person", async () => {
    fake.setMode("ok");
    const articleId = await written();
    const reply = await call(server.baseUrl, "/graphql", {
      cookie: world.owner.cookie,
      body: {
        query:
          "mutation($id: String!) { regenerateIllustration(id: $id) { id illustration { regenerating regenerationsLeft } } }",
        variables: { id: U(articleId) },
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.regenerateIllustration).toEqual({
      id: U(articleId),
      illustration: { regenerating: true, regenerationsLeft: 4 },
    });
    const after = await settled(articleId);
    expect(after.versions.at(-1)).toMatchObject({ label: "illustration regenerated", by: "Olive Owner" });
    expect(after.versions.at(-1).agent).toBeUndefined();
  });
});

describe("one at a time", () => {
  it("refuses a second request while one is in the making (409 illustration_regenerating), also when sent at once", async () => {
    // The image model answers after the client's 3 s limit: the try fails with a timeout.
    fake.setMode("slow");
    const articleId = await written();
    const [a, b] = await Promise.all([regenerate(articleId), regenerate(articleId)]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    expect(errorOf(a.status === 409 ? a : b)).toEqual({ status: 409, error: "illustration_regenerating" });
    expect(errorOf(await regenerate(articleId))).toEqual({ status: 409, error: "illustration_regenerating" });
    const failed = await settled(articleId);
    expect(failed.illustration.lastFailure).toBe("The new picture could not be made: the image model did not answer in time.");
    // Only the try that was taken counts.
    expect(failed.illustration.regenerationsLeft).toBe(4);
    fake.setMode("ok");
  });
});

describe("allowances", () => {
  it("allows 5 a day per article, failed tries included; the 6th is 429 with Retry-After to 00:00 UTC", async () => {
    fake.setMode("ok");
    const articleId = await written();
    // Four failed tries today and one yesterday (not counted).
    await pastTries(articleId, world.workspaceId, 4, "now()");
    await pastTries(articleId, world.workspaceId, 1, "now() - interval '1 day'");
    expect((await read(articleId)).body.illustration.regenerationsLeft).toBe(1);
    const fifth = await regenerate(articleId);
    expect(fifth.status).toBe(202);
    expect(fifth.body.illustration.regenerationsLeft).toBe(0);
    await settled(articleId);
    const sixth = await regenerate(articleId);
    expect(errorOf(sixth)).toEqual({ status: 429, error: "rate_limited" });
    expect(sixth.body.message).toMatch(/this article/i);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(Math.abs(retryAfter - secondsToUtcMidnight())).toBeLessThan(5);
    // A refused request takes nothing.
    expect((await read(articleId)).body.illustration.regenerationsLeft).toBe(0);
  });

  it("allows 50 a day per workspace; regenerationsLeft is the lower of the two allowances", async () => {
    const other = await makeWorld(server.baseUrl, server.db);
    const otherPerson = (await server.db.prisma.person.findUniqueOrThrow({ where: { email: other.owner.email } })).id;
    const otherToken = (await makeKey(server.baseUrl, other.owner)).token;
    const owner = { workspaceId: other.workspaceId, siteId: other.siteId, personId: otherPerson };
    const busy = await storeWrittenArticle(server.db, owner, { claims: 2, sources: 2 });
    const fresh = await storeWrittenArticle(server.db, owner, { claims: 2, sources: 2 });
    // 48 tries spread over the workspace's articles (as rows of a busy one): two left for the workspace.
    await pastTries(busy, other.workspaceId, 48, "now()", "done");
    expect((await read(fresh, { token: otherToken })).body.illustration.regenerationsLeft).toBe(2);
    fake.setMode("error");
    expect((await regenerate(fresh, { token: otherToken })).status).toBe(202);
    await settled(fresh, { token: otherToken });
    expect((await regenerate(fresh, { token: otherToken })).status).toBe(202);
    await settled(fresh, { token: otherToken });
    const refused = await regenerate(fresh, { token: otherToken });
    expect(errorOf(refused)).toEqual({ status: 429, error: "rate_limited" });
    expect(refused.body.message).toMatch(/workspace/);
    expect(Math.abs(Number(refused.headers.get("retry-after")) - secondsToUtcMidnight())).toBeLessThan(5);
    expect((await read(fresh, { token: otherToken })).body.illustration.regenerationsLeft).toBe(0);
    // The first world's allowance is its own.
    expect((await read(await written())).body.illustration.regenerationsLeft).toBe(5);
    fake.setMode("ok");
  });

  it("allows 2 in the making per workspace (429 with a short Retry-After); a try past its deadline is over", async () => {
    const other = await makeWorld(server.baseUrl, server.db);
    const otherPerson = (await server.db.prisma.person.findUniqueOrThrow({ where: { email: other.owner.email } })).id;
    const otherToken = (await makeKey(server.baseUrl, other.owner)).token;
    const owner = { workspaceId: other.workspaceId, siteId: other.siteId, personId: otherPerson };
    const [a, b, c] = [
      await storeWrittenArticle(server.db, owner, { claims: 2, sources: 2 }),
      await storeWrittenArticle(server.db, owner, { claims: 2, sources: 2 }),
      await storeWrittenArticle(server.db, owner, { claims: 2, sources: 2 }),
    ];
    // Two tries in the making (no worker will take these rows).
    await pastTries(a, other.workspaceId, 1, "now()", "running");
    await pastTries(b, other.workspaceId, 1, "now()", "queued");
    expect((await read(a, { token: otherToken })).body.illustration.regenerating).toBe(true);
    const refused = await regenerate(c, { token: otherToken });
    expect(errorOf(refused)).toEqual({ status: 429, error: "rate_limited" });
    expect(refused.body.message).toMatch(/in the making/);
    expect(refused.headers.get("retry-after")).toBe("30");

    // A's try outlives its deadline (its worker was lost for good): it reads as failed and frees its place.
    await server.db.pool.query(
      `UPDATE illustration_regeneration SET deadline_at = now() - interval '1 second' WHERE article_id = $1`,
      [a],
    );
    const overdue = await read(a, { token: otherToken });
    expect(overdue.body.illustration.regenerating).toBe(false);
    expect(overdue.body.illustration.lastFailure).toMatch(/not made in time/);
    fake.setMode("ok");
    expect((await regenerate(c, { token: otherToken })).status).toBe(202);
    await settled(c, { token: otherToken });
    const { rows } = await server.db.pool.query(`SELECT status, failure FROM illustration_regeneration WHERE article_id = $1`, [
      a,
    ]);
    expect(rows).toEqual([{ status: "failed", failure: expect.stringMatching(/not made in time/) }]);
  });
});

describe("errors", () => {
  it("404 for no such article, a malformed id, or an article on a site the key cannot see", async () => {
    expect(errorOf(await regenerate(randomUUID()))).toEqual({ status: 404, error: "not_found" });
    expect(
      errorOf(await call(server.baseUrl, "/api/v1/articles/nope/illustration/regenerate", { method: "POST", token })),
    ).toEqual({
      status: 404,
      error: "not_found",
    });
    const elsewhere = await storeWrittenArticle(
      server.db,
      { workspaceId: world.workspaceId, siteId: world.otherSiteId, personId },
      {
        claims: 2,
        sources: 2,
      },
    );
    expect(errorOf(await regenerate(elsewhere))).toEqual({ status: 404, error: "not_found" });
  });

  it("409 no_illustration for an article without a picture and for a language version", async () => {
    const bare = await written();
    await server.db.prisma.illustration.deleteMany({ where: { articleId: bare } });
    expect(errorOf(await regenerate(bare))).toEqual({ status: 409, error: "no_illustration" });
    const primary = await storeWrittenArticle(server.db, { ...world, personId }, { claims: 2, sources: 2, languages: ["de"] });
    const version = await server.db.prisma.article.findFirstOrThrow({ where: { primaryArticleId: primary } });
    expect(errorOf(await regenerate(version.id))).toEqual({ status: 409, error: "no_illustration" });
  });

  it("409 article_archived, article_generating, beat_article and workspace_paused", async () => {
    const archived = await written();
    await server.db.pool.query(`UPDATE article SET status = 'archived', archived_at = now(), archived_by = 'x' WHERE id = $1`, [
      archived,
    ]);
    expect(errorOf(await regenerate(archived))).toEqual({ status: 409, error: "article_archived" });

    const generating = await storeWrittenArticle(
      server.db,
      { ...world, personId },
      { claims: 2, sources: 2, status: "generating" },
    );
    expect(errorOf(await regenerate(generating))).toEqual({ status: 409, error: "article_generating" });

    // No article is written by a Beat yet; the rule holds for one that is.
    const beat = await written();
    await server.db.pool.query(`UPDATE article SET origin = 'beat' WHERE id = $1`, [beat]);
    expect(errorOf(await regenerate(beat))).toEqual({ status: 409, error: "beat_article" });

    const paused = await makeWorld(server.baseUrl, server.db);
    const pausedPerson = (await server.db.prisma.person.findUniqueOrThrow({ where: { email: paused.owner.email } })).id;
    const pausedToken = (await makeKey(server.baseUrl, paused.owner)).token;
    const article = await storeWrittenArticle(
      server.db,
      { workspaceId: paused.workspaceId, siteId: paused.siteId, personId: pausedPerson },
      {
        claims: 2,
        sources: 2,
      },
    );
    await server.db.pool.query(`UPDATE workspace SET status = 'paused' WHERE id = $1`, [paused.workspaceId]);
    expect(errorOf(await regenerate(article, { token: pausedToken }))).toEqual({ status: 409, error: "workspace_paused" });
    await server.db.pool.query(`UPDATE workspace SET status = 'active' WHERE id = $1`, [paused.workspaceId]);

    const { rows } = await server.db.pool.query(
      `SELECT count(*)::int AS n FROM illustration_regeneration WHERE article_id = ANY($1::uuid[])`,
      [[archived, generating, beat, article]],
    );
    expect(rows[0].n).toBe(0);
  });

  it("403 for a key without the edit scope and for a Viewer", async () => {
    const articleId = await written();
    const readOnly = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"] })).token;
    expect(errorOf(await regenerate(articleId, { token: readOnly }))).toEqual({ status: 403, error: "scope_missing" });
    const viewer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Viewer");
    const reply = await call(server.baseUrl, "/graphql", {
      cookie: viewer.cookie,
      body: { query: "mutation($id: String!) { regenerateIllustration(id: $id) { id } }", variables: { id: U(articleId) } },
    });
    expect(reply.body.errors?.[0]?.extensions?.code).toBe("role_missing");
  });

  it("503 illustrations_off when the deployment makes no illustrations", async () => {
    const off = await startTestServer({ ILLUSTRATIONS: "off" }, { workers: false });
    try {
      const offWorld = await makeWorld(off.baseUrl, off.db);
      const offPerson = (await off.db.prisma.person.findUniqueOrThrow({ where: { email: offWorld.owner.email } })).id;
      const offToken = (await makeKey(off.baseUrl, offWorld.owner)).token;
      const articleId = await storeWrittenArticle(
        off.db,
        { workspaceId: offWorld.workspaceId, siteId: offWorld.siteId, personId: offPerson },
        {
          claims: 2,
          sources: 2,
        },
      );
      const reply = await call(off.baseUrl, `/api/v1/articles/${U(articleId)}/illustration/regenerate`, {
        method: "POST",
        token: offToken,
      });
      expect(errorOf(reply)).toEqual({ status: 503, error: "illustrations_off" });
    } finally {
      await off.close();
    }
  });

  it("is declared in the OpenAPI document with its errors", async () => {
    const doc = await call(server.baseUrl, "/api/v1/openapi.json");
    const paths = doc.body.paths ?? {};
    const route = (paths["/articles/{id}/illustration/regenerate"] ?? paths["/api/v1/articles/{id}/illustration/regenerate"])
      ?.post;
    if (!route) throw new Error(`not declared; paths: ${Object.keys(paths).join(", ")}`);
    expect(route).toBeDefined();
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(["202", "404", "409", "429", "503"]));
  });
});

describe("a worker that dies half-way", () => {
  let api: TestServer;
  const workers: WorkerProcess[] = [];
  afterAll(async () => {
    for (const w of workers) await w.stop().catch(() => undefined);
    await api?.close();
  });

  it("is run again by pg-boss on a live worker, which swaps the picture in", async () => {
    // The run's expiry is set when the message is sent: the API process has the same settings.
    const timings = { ILLUSTRATION_REGENERATION_EXPIRE_SECONDS: "3", ILLUSTRATION_REGENERATION_DEADLINE_SECONDS: "120" };
    api = await startTestServer(timings, { workers: false });
    const env = {
      ...timings,
      DATABASE_URL: api.database.url,
      IMAGE_BASE_URL: fake.url,
      IMAGE_MODEL: "fake-image",
      IMAGE_TIMEOUT_MS: "60000",
      PIPELINE_MAINTENANCE_SECONDS: "1",
    };
    const first = await startWorkerProcess(env);
    workers.push(first);
    const w = await makeWorld(api.baseUrl, api.db);
    const p = (await api.db.prisma.person.findUniqueOrThrow({ where: { email: w.owner.email } })).id;
    const t = (await makeKey(api.baseUrl, w.owner)).token;
    const articleId = await storeWrittenArticle(
      api.db,
      { workspaceId: w.workspaceId, siteId: w.siteId, personId: p },
      {
        claims: 2,
        sources: 2,
      },
    );
    fake.setMode("slow");
    const reply = await call(api.baseUrl, `/api/v1/articles/${U(articleId)}/illustration/regenerate`, {
      method: "POST",
      token: t,
    });
    expect(reply.status).toBe(202);
    // Wait until the first worker has taken the try, then kill it.
    const taken = Date.now() + 15_000;
    for (;;) {
      const { rows } = await api.db.pool.query(`SELECT status FROM illustration_regeneration WHERE article_id = $1`, [articleId]);
      if (rows[0]?.status === "running") break;
      if (Date.now() > taken) throw new Error("no worker took the try");
      await new Promise((r) => setTimeout(r, 100));
    }
    await first.kill();
    fake.setMode("ok");
    const read = () => call(api.baseUrl, `/api/v1/articles/${U(articleId)}`, { token: t });
    expect((await read()).body.illustration.regenerating).toBe(true);

    workers.push(await startWorkerProcess(env));
    const until = Date.now() + 40_000;
    for (;;) {
      const { rows } = await api.db.pool.query(`SELECT status FROM illustration_regeneration WHERE article_id = $1`, [articleId]);
      if (rows[0]?.status !== "running") break;
      if (Date.now() > until) throw new Error("the try was not run again");
      await new Promise((r) => setTimeout(r, 250));
    }
    const article = (await read()).body;
    expect(article.illustration.regenerating).toBe(false);
    expect(article.illustration.lastFailure).toBeUndefined();
    expect(article.versions.at(-1)).toMatchObject({ label: "illustration regenerated", model: "fake-image" });
    const { rows } = await api.db.pool.query(`SELECT status, attempts FROM illustration_regeneration WHERE article_id = $1`, [
      articleId,
    ]);
    expect(rows).toEqual([{ status: "done", attempts: 2 }]);
  }, 90_000);
});

describe("the run after the last try", () => {
  it("only records that the worker was lost, without making a picture", async () => {
    const articleId = await written();
    const id = randomUUID();
    await server.db.pool.query(
      `INSERT INTO illustration_regeneration (id, article_id, workspace_id, status, requested_by, deadline_at, attempts)
       VALUES ($1, $2, $3, 'running', '{}', now() + interval '1 hour', 2)`,
      [id, articleId, world.workspaceId],
    );
    let asked = 0;
    const illustrator: Illustrator = {
      name: "counting",
      illustrate: async () => {
        asked++;
        throw new Error("not to be asked");
      },
    };
    await runRegeneration(server.db, illustrator, id, { attempt: 3, tries: 2 });
    expect(asked).toBe(0);
    const after = await read(articleId);
    expect(after.body.illustration).toMatchObject({ regenerating: false, lastFailure: LOST_WORKER_FAILURE });
    // A late duplicate of the message finds the try ended and does nothing.
    await runRegeneration(server.db, illustrator, id, { attempt: 1, tries: 2 });
    expect(asked).toBe(0);
  });
});
