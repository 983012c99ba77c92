// POST /api/v1/briefs/{id}/estimate: credits and parts, the step plan, and when `enough` is false.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantCredits } from "../src/credits/creditLedger.ts";
import { updateWorkspace } from "../src/workspaces/workspaceLifecycle.ts";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());

beforeAll(async () => {
  // No workers: a started article stays queued, which is all the estimate needs.
  server = await startTestServer({}, { workers: false });
});

async function setUp(credits: number, keyOptions: { dailyCap?: number; scopes?: string[] } = {}) {
  const world = await makeWorld(server.baseUrl, server.db, credits);
  const { key, token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, ...keyOptions });
  return { world, token, keyId: key.id };
}

async function estimate(token: string, brief: Record<string, unknown>, query = "") {
  const made = await call(server.baseUrl, "/api/v1/briefs", { token, body: brief });
  expect(made.status).toBe(200);
  return call(server.baseUrl, `/api/v1/briefs/${made.body.id}/estimate${query}`, { token, method: "POST" });
}

const ids = (steps: { id: string }[]) => steps.map((s) => s.id);

describe("credits, parts and steps", () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await setUp(100));
  });

  it("costs 1 credit for a standard article with the default steps", async () => {
    const reply = await estimate(token, { useUrls: ["https://news.example.org/story"] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      credits: 1,
      parts: [{ label: "Article", credits: 1, kind: "article" }],
      steps: expect.any(Array),
      enough: true,
      warnings: [],
    });
    expect(ids(reply.body.steps)).toEqual(["find", "group", "read", "check", "write", "seo", "qa"]);
    for (const step of reply.body.steps) {
      expect(step).toEqual({ id: expect.any(String), name: expect.any(String), estMs: expect.any(Number) });
      expect(Number.isInteger(step.estMs) && step.estMs > 0).toBe(true);
    }
    // The balance is never shown.
    expect(JSON.stringify(reply.body)).not.toMatch(/balance|:100[,}]/);
  });

  it("costs 2 for a long article and 1 more per language version, parts adding up", async () => {
    const reply = await estimate(token, { length: "long", language: "en+de+ja" });
    expect(reply.body.credits).toBe(4);
    expect(reply.body.parts).toEqual([
      { label: expect.any(String), credits: 2, kind: "article" },
      { label: expect.stringContaining("de"), credits: 1, kind: "version" },
      { label: expect.stringContaining("ja"), credits: 1, kind: "version" },
    ]);
    const sum = reply.body.parts.reduce((n: number, p: { credits: number }) => n + p.credits, 0);
    expect(sum).toBe(reply.body.credits);
  });

  it("lists seo only when asked, illustrate only for generate, and three steps per version in order", async () => {
    const noSeo = await estimate(token, { seo: false, illustration: "upload" });
    expect(ids(noSeo.body.steps)).toEqual(["find", "group", "read", "check", "write", "qa"]);
    const all = await estimate(token, { illustration: "generate", language: "fr+en+de" });
    expect(ids(all.body.steps)).toEqual([
      "find",
      "group",
      "read",
      "check",
      "write",
      "seo",
      "qa",
      "illustrate",
      "write-en",
      "seo-en",
      "qa-en",
      "write-de",
      "seo-de",
      "qa-de",
    ]);
    const versionsNoSeo = await estimate(token, { seo: false, language: "de+pl" });
    expect(ids(versionsNoSeo.body.steps).slice(-2)).toEqual(["write-pl", "qa-pl"]);
  });

  it("gives 404 for an unknown brief, another site's brief, and an articleId not written from the brief", async () => {
    expect(
      errorOf(
        await call(server.baseUrl, "/api/v1/briefs/00000000-0000-0000-0000-000000000000/estimate", { token, method: "POST" }),
      ),
    ).toEqual({ status: 404, error: "not_found" });
    const other = await setUp(1);
    const theirs = await call(server.baseUrl, "/api/v1/briefs", { token: other.token, body: {} });
    expect(errorOf(await call(server.baseUrl, `/api/v1/briefs/${theirs.body.id}/estimate`, { token, method: "POST" }))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await estimate(token, {}, "?articleId=00000000-0000-0000-0000-00000000000A"))).toEqual({
      status: 404,
      error: "not_found",
    });
  });

  it("takes the articleId of an article written from the brief, and refuses one written from another", async () => {
    const first = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      body: { topic: "Harbour wall repairs", useUrls: ["https://news.example.org/story"] },
    });
    const second = await call(server.baseUrl, "/api/v1/briefs", { token, body: { topic: "Ferry timetable change" } });
    const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: first.body.id } });
    expect(started.status).toBe(200);
    const articleId = started.body.articleId as string;
    const own = await call(server.baseUrl, `/api/v1/briefs/${first.body.id}/estimate?articleId=${articleId.toLowerCase()}`, {
      token,
      method: "POST",
    });
    expect(own.status).toBe(200);
    expect(own.body.credits).toBe(1);
    const other = await call(server.baseUrl, `/api/v1/briefs/${second.body.id}/estimate?articleId=${articleId}`, {
      token,
      method: "POST",
    });
    expect(errorOf(other)).toEqual({ status: 404, error: "not_found" });
  });

  it("needs the brief scope", async () => {
    const made = await call(server.baseUrl, "/api/v1/briefs", { token, body: {} });
    const world = await makeWorld(server.baseUrl, server.db);
    const readOnly = await makeKey(server.baseUrl, world.owner, { scopes: ["read"] });
    // Another workspace's key cannot see the brief at all; a read-only key lacks the scope first.
    const reply = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}/estimate`, {
      token: readOnly.token,
      method: "POST",
    });
    expect(errorOf(reply)).toEqual({ status: 403, error: "scope_missing" });
  });
});

describe("warnings, and a start refused before it costs anything", () => {
  it("warns of a brief with nothing to read, and of versions no model writes", async () => {
    const { token } = await setUp(100);
    const reply = await estimate(token, { topic: "Lighthouse keeper retires", language: "en+de" });
    expect(reply.body.warnings).toEqual([
      { code: "no_pages", message: expect.stringContaining("no search provider is configured") },
      { code: "versions_without_model", message: expect.stringContaining("de version would be skipped") },
    ]);
    const withPages = await estimate(token, { topic: "Lighthouse", useUrls: ["https://news.example.org/story"] });
    expect(withPages.body.warnings).toEqual([]);
  });

  it("refuses to start an article with nothing to read, holding nothing and making no job", async () => {
    const { world, token } = await setUp(100);
    const made = await call(server.baseUrl, "/api/v1/briefs", { token, body: { topic: "Lighthouse keeper retires" } });
    const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: made.body.id } });
    expect(errorOf(started)).toEqual({ status: 422, error: "nothing_to_read" });
    expect(started.body.message).toContain("useUrls");
    const { rows } = await server.db.pool.query(
      `SELECT (SELECT count(*)::int FROM job WHERE workspace_id = $1) AS jobs,
              (SELECT count(*)::int FROM article WHERE workspace_id = $1) AS articles,
              (SELECT count(*)::int FROM credit_entry WHERE workspace_id = $1 AND kind = 'hold') AS holds`,
      [world.workspaceId],
    );
    expect(rows[0]).toEqual({ jobs: 0, articles: 0, holds: 0 });
  });
});

describe("enough", () => {
  it("is true when the balance covers the credits exactly, false when it falls short", async () => {
    const { token, world } = await setUp(2);
    expect((await estimate(token, { length: "long" })).body.enough).toBe(true);
    expect((await estimate(token, { length: "long", language: "en+de" })).body.enough).toBe(false);
    await grantCredits(server.db, world.workspaceId, 1);
    expect((await estimate(token, { length: "long", language: "en+de" })).body.enough).toBe(true);
  });

  it("is false once the trial has ended, whatever the balance", async () => {
    const { token, world } = await setUp(50);
    expect((await estimate(token, {})).body.enough).toBe(true);
    await updateWorkspace(server.db, world.workspaceId, { trialEndsAt: new Date(Date.now() - 1000).toISOString() });
    expect((await estimate(token, {})).body.enough).toBe(false);
    await updateWorkspace(server.db, world.workspaceId, { plan: "standard", trialEndsAt: "none" });
    expect((await estimate(token, {})).body.enough).toBe(true);
  });

  it("is false when today's spend plus the credits would pass the key's daily cap", async () => {
    const { token, world, keyId } = await setUp(50, { dailyCap: 3 });
    expect((await estimate(token, { length: "long", language: "en+de" })).body.enough).toBe(true); // 3 of 3
    expect((await estimate(token, { length: "long", language: "en+de+fr" })).body.enough).toBe(false); // 4 > 3
    // Spend today counts holds minus releases since 00:00 UTC.
    await server.db.prisma.creditEntry.create({
      data: { workspaceId: world.workspaceId, credentialId: keyId, kind: "hold", amount: -2 },
    });
    expect((await estimate(token, {})).body.enough).toBe(true); // 2 + 1 = 3
    expect((await estimate(token, { length: "long" })).body.enough).toBe(false); // 2 + 2 = 4
    await server.db.prisma.creditEntry.create({
      data: { workspaceId: world.workspaceId, credentialId: keyId, kind: "release", amount: 1 },
    });
    expect((await estimate(token, { length: "long" })).body.enough).toBe(true); // 1 + 2 = 3
    // Yesterday's holds do not count.
    await server.db.prisma.creditEntry.create({
      data: {
        workspaceId: world.workspaceId,
        credentialId: keyId,
        kind: "hold",
        amount: -5,
        createdAt: new Date(Date.now() - 86_400_000 * 2),
      },
    });
    expect((await estimate(token, { length: "long" })).body.enough).toBe(true);
  });

  it("is false for every brief when the cap is 0", async () => {
    const { token } = await setUp(50, { dailyCap: 0 });
    expect((await estimate(token, {})).body.enough).toBe(false);
  });
});
