// Adding a source to a claim (POST /api/v1/articles/{id}/claims/{claimId}/sources) over HTTP,
// against real PostgreSQL, with pages of the test web served over HTTPS on loopback. The article
// is stored the way the write step stores one (saveArticleDraft) from pages the engine really
// read: the Associated Press original of the container-spill story and the council's notice, so
// "38 containers" rests on one origin (AP). A copy of the AP story on another outlet relays the
// same origin and leaves the claim flagged; the Portmere Echo's own report corroborates it.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/server.ts";
import { type Services, startServices } from "../app/services.ts";
import { readConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/database.ts";
import { addPerson, makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { type HttpsTestWeb, startHttpsTestWeb, TEST_TLS } from "./support/httpsTestWeb.ts";
import { storeSourcedArticle } from "./support/sourcedArticles.ts";
import { createTestDatabase, type TestDatabase } from "./support/testDatabase.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

const AP = "http://meridianpost.com/wire/ap/2026/11/03/cargo-ship-loses-38-containers-storm-elspeth.html";
const COUNCIL = "http://www.portmere.gov.uk/news/2026/beach-closure-cullen-sands-marrick-point.html";
const AP_RELAY = "http://www.pinewoodsentinel.com/nation-world/storm-knocks-containers-off-ship-near-english-port.html";
const ECHO = "http://www.portmereecho.co.uk/news/local/salvage-firm-hired-halden-star-portmere-20261103.html";
const GAZETTE = "http://www.harbourgazette.co.uk/news/2026/11/03/halden-star-containers-wash-ashore-portmere.html";
const BRIDGE = "http://www.northernledger.co.uk/news/portmere/victorian-swing-bridge-restored.html";

let web: TestWeb;
let front: HttpsTestWeb;
let database: TestDatabase;
let db: Database;
let services: Services;
let httpServer: ReturnType<typeof serve>;
let baseUrl: string;
let world: World;
let token: string;
let personId: string;

/** A test-web page as the route is given it: https, on the TLS front's port. */
const secure = (truthUrl: string) => front.secure(truthUrl);
const odd = (path: string) => `https://pages.test:${front.port}${path}`;

/** HTTPS in front of the test web, plus a few pages of its own on pages.test. */
async function startFront(): Promise<void> {
  front = await startHttpsTestWeb(web, (host, path, res) => {
    if (host !== "pages.test") return false;
    if (path === "/empty") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><html><head><title>Nothing</title></head><body></body></html>");
    } else if (path === "/picture") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.from("89504e470d0a1a0a", "hex"));
    } else if (path === "/moved") {
      res.writeHead(301, { location: secure(GAZETTE) });
      res.end();
    } else if (path === "/to-private") {
      res.writeHead(302, { location: "https://10.1.2.3/story" });
      res.end();
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
    return true;
  });
}

beforeAll(async () => {
  web = await startTestWeb();
  await startFront();
  database = await createTestDatabase();
  db = openDatabase(database.url, 8);
  const env = {
    FETCH_ALLOW_ADDRESSES: "127.0.0.1",
    FETCH_HOST_MAP: `${web.hostMap},pages.test=127.0.0.1`,
  };
  services = await startServices(db, { databaseUrl: database.url, workers: false, env: { ...process.env, ...env } });
  // The fetcher's settings come from the environment, as the pipeline's; the test's own
  // certificate authority is the one setting a test adds (TESTS ONLY in hardenedFetch.ts).
  services.fetch = { ...services.fetch, testTlsCa: TEST_TLS.cert };
  const { app } = createApp(services, readConfig({ ...env, DATABASE_URL: database.url, PORT: "0" }));
  httpServer = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  world = await makeWorld(baseUrl, db);
  token = (await makeKey(baseUrl, world.owner, { name: "desk bot" })).token;
  personId = (await db.prisma.person.findUniqueOrThrow({ where: { email: world.owner.email } })).id;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((done) => {
    if (!httpServer) return done();
    httpServer.close(() => done());
    if ("closeAllConnections" in httpServer) httpServer.closeAllConnections();
  });
  await services?.stop();
  await db?.close();
  await database?.drop();
  await front?.close();
  await web?.close();
});

/** Stores an article written from the given test-web pages, as the write step stores one. */
async function storeArticle(truthUrls: string[], status: "needsReview" | "generating" = "needsReview"): Promise<string> {
  const owner = { workspaceId: world.workspaceId, siteId: world.siteId, personId };
  // Stored under the addresses a newsroom would have: https.
  return (await storeSourcedArticle({ db, web, owner, urls: truthUrls, storedUrl: secure, status })).id;
}

const path = (articleId: string, claimId: string) => `/api/v1/articles/${articleId.toUpperCase()}/claims/${claimId}/sources`;
const add = (articleId: string, claimId: string, body: unknown, as = token) =>
  call(baseUrl, path(articleId, claimId), { token: as, body });
const read = async (articleId: string) => (await call(baseUrl, `/api/v1/articles/${articleId}`, { token })).body;

async function containersClaim(articleId: string) {
  const article = await read(articleId);
  const claim = article.claims.find((c: { text: string }) => /38 containers/.test(c.text));
  expect(claim, "the AP story states 38 containers").toBeDefined();
  return { article, claim };
}

describe("adding a source to a flagged claim", () => {
  let articleId: string;
  let claimId: string;

  beforeAll(async () => {
    articleId = await storeArticle([AP, COUNCIL]);
    const { claim } = await containersClaim(articleId);
    claimId = claim.id;
  }, 60_000);

  it("starts flagged: one origin (Associated Press) carries the claim", async () => {
    const { article, claim } = await containersClaim(articleId);
    expect(claim.state).toBe("singleSource");
    expect(claim.originCount).toBe(1);
    expect(article.sources).toHaveLength(2);
    expect(article.versions.map((v: { label: string }) => v.label)).toEqual(["generation"]);
  });

  it("a page that relays the same AP story leaves it flagged, and is stored as a relay", async () => {
    const before = await read(articleId);
    const reply = await add(articleId, claimId, { url: secure(AP_RELAY), expectedVersion: before.versions.length });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const claim = reply.body.claims.find((c: { id: string }) => c.id === claimId);
    expect(claim.state).not.toBe("corroborated");
    expect(["singleSource", "circular"]).toContain(claim.state);
    expect(claim.originCount).toBe(1);
    const added = reply.body.sources.at(-1);
    expect(added.url).toBe(secure(AP_RELAY));
    expect(added.origin).toBe("Associated Press");
    expect(added.relation).toMatch(/Associated Press/);
    expect(claim.sourceIds).toContain(added.id);
    const version = reply.body.versions.at(-1);
    expect(version).toMatchObject({ n: 2, label: "source added", by: "desk bot", model: "none" });
    expect(version.agent).toMatch(/^API key desk bot \(/);
    expect(version.note).toContain(secure(AP_RELAY));
    // The page's text is kept with the source, as the job keeps it.
    const row = await db.prisma.articleSource.findUniqueOrThrow({ where: { id: added.id.toLowerCase() } });
    expect(row.text).toMatch(/38 containers/);
    expect(row.position).toBe(3);
  });

  it("a page of a new independent origin corroborates it and the flag clears", async () => {
    const reply = await add(articleId, claimId, { url: secure(GAZETTE) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const claim = reply.body.claims.find((c: { id: string }) => c.id === claimId);
    expect(claim.state).toBe("corroborated");
    expect(claim.originCount).toBe(2);
    const added = reply.body.sources.at(-1);
    expect(added.url).toBe(secure(GAZETTE));
    expect(added.relation).toBeUndefined();
    expect(added.origin).not.toBe("Associated Press");
    expect(claim.sourceIds).toContain(added.id);
    expect(reply.body.versions.map((v: { label: string }) => v.label)).toEqual(["generation", "source added", "source added"]);
  });

  it("the same page again changes nothing and adds no version", async () => {
    const reply = await add(articleId, claimId, { url: secure(GAZETTE) });
    expect(reply.status).toBe(200);
    expect(reply.body.versions).toHaveLength(3);
    expect(reply.body.sources).toHaveLength(4);
    // Also when the address given redirects to it: the page is where the redirects end.
    const moved = await add(articleId, claimId, { url: odd("/moved") });
    expect(moved.status).toBe(200);
    expect(moved.body.versions).toHaveLength(3);
    expect(moved.body.sources).toHaveLength(4);
  });

  it("a page that does not carry the claim adds nothing (422 source_does_not_support)", async () => {
    const before = await read(articleId);
    const reply = await add(articleId, claimId, { url: secure(BRIDGE) });
    expect(errorOf(reply)).toEqual({ status: 422, error: "source_does_not_support" });
    const after = await read(articleId);
    expect(after.sources).toHaveLength(before.sources.length);
    expect(after.versions).toHaveLength(before.versions.length);
    expect(after.claims).toEqual(before.claims);
  });

  it("a stale expectedVersion is refused (409 article_changed) before anything is fetched", async () => {
    const reply = await add(articleId, claimId, { url: secure(ECHO), expectedVersion: 1 });
    expect(errorOf(reply)).toEqual({ status: 409, error: "article_changed" });
  });

  it("a statement a person wrote, which no source carried, gets the page as its source", async () => {
    const other = await storeArticle([COUNCIL]);
    const written = randomUUID();
    await db.prisma.articleClaim.create({
      data: {
        id: written,
        articleId: other,
        position: 99,
        text: "The Halden Star shed 38 containers during Storm Elspeth.",
        state: "singleSource",
        originCount: 0,
        sourceIds: [],
      },
    });
    const reply = await add(other, written.toUpperCase(), { url: secure(GAZETTE) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const claim = reply.body.claims.find((c: { id: string }) => c.id === written.toUpperCase());
    const added = reply.body.sources.at(-1);
    expect(claim).toMatchObject({ state: "singleSource", originCount: 1, sourceIds: [added.id] });
    // A page that does not state it is still refused.
    const refused = await add(other, written.toUpperCase(), { url: secure(BRIDGE) });
    expect(errorOf(refused)).toEqual({ status: 422, error: "source_does_not_support" });
  });

  it("two sources added at once against one version: one wins, the other is refused", async () => {
    const other = await storeArticle([AP, COUNCIL]);
    const { claim } = await containersClaim(other);
    const replies = await Promise.all([
      add(other, claim.id, { url: secure(GAZETTE), expectedVersion: 1 }),
      add(other, claim.id, { url: secure(AP_RELAY), expectedVersion: 1 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(errorOf(replies.find((r) => r.status === 409) as (typeof replies)[number]).error).toBe("article_changed");
    expect(await db.prisma.articleSource.count({ where: { articleId: other } })).toBe(3);
    expect(await db.prisma.articleVersion.count({ where: { articleId: other } })).toBe(2);
  });

  it("an approved article goes back to needsReview", async () => {
    const other = await storeArticle([AP, COUNCIL]);
    await db.prisma.article.update({ where: { id: other }, data: { status: "approved" } });
    const { claim } = await containersClaim(other);
    const reply = await add(other, claim.id, { url: secure(ECHO) });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("needsReview");
    expect(reply.body.label.reviewedByHuman).toBe(false);
  });
});

describe("refusals", () => {
  let articleId: string;
  let claimId: string;

  beforeAll(async () => {
    articleId = await storeArticle([AP, COUNCIL]);
    claimId = (await containersClaim(articleId)).claim.id;
  }, 60_000);

  async function unchanged() {
    const rows = await db.prisma.articleSource.count({ where: { articleId } });
    const versions = await db.prisma.articleVersion.count({ where: { articleId } });
    expect({ rows, versions }).toEqual({ rows: 2, versions: 1 });
  }

  it.each([
    ["http://www.portmereecho.co.uk/news/local/x.html"],
    ["ftp://www.portmereecho.co.uk/x"],
    ["not an address"],
    ["https://"],
    ["https://user:secret@www.portmereecho.co.uk/x"],
    ["//www.portmereecho.co.uk/x"],
    [` ${"https://www.portmereecho.co.uk/x"}`],
    [`https://www.portmereecho.co.uk/${"a".repeat(2100)}`],
  ])("400 invalid_url for %s", async (url) => {
    expect(errorOf(await add(articleId, claimId, { url }))).toEqual({ status: 400, error: "invalid_url" });
    await unchanged();
  });

  it("400 validation without a url, or with fields it does not know", async () => {
    expect(errorOf(await add(articleId, claimId, {}))).toEqual({ status: 400, error: "validation" });
    expect(errorOf(await add(articleId, claimId, { url: secure(ECHO), extra: 1 }))).toEqual({ status: 400, error: "validation" });
  });

  it("400 unsafe_url for a private address and for a redirect to one", async () => {
    expect(errorOf(await add(articleId, claimId, { url: "https://10.0.0.7/story" }))).toEqual({
      status: 400,
      error: "unsafe_url",
    });
    expect(errorOf(await add(articleId, claimId, { url: "https://[::1]/story" }))).toEqual({ status: 400, error: "unsafe_url" });
    expect(errorOf(await add(articleId, claimId, { url: odd("/to-private") }))).toEqual({ status: 400, error: "unsafe_url" });
    await unchanged();
  });

  it("422 source_unreadable for an error answer, a picture and an empty page", async () => {
    for (const url of [odd("/missing"), odd("/picture"), odd("/empty")]) {
      expect(errorOf(await add(articleId, claimId, { url })), url).toEqual({ status: 422, error: "source_unreadable" });
    }
    await unchanged();
  });

  it("404 not_found for an unknown claim, a claim of another article, or an unknown article", async () => {
    expect(errorOf(await add(articleId, randomUUID(), { url: secure(ECHO) }))).toEqual({ status: 404, error: "not_found" });
    expect(errorOf(await add(articleId, "not-a-claim", { url: secure(ECHO) }))).toEqual({ status: 404, error: "not_found" });
    expect(errorOf(await add(randomUUID(), claimId, { url: secure(ECHO) }))).toEqual({ status: 404, error: "not_found" });
    await unchanged();
  });

  it("409 article_archived and 409 article_generating", async () => {
    const archived = await storeArticle([AP, COUNCIL]);
    const archivedClaim = (await containersClaim(archived)).claim.id;
    await db.prisma.article.update({ where: { id: archived }, data: { status: "archived", archivedAt: new Date() } });
    expect(errorOf(await add(archived, archivedClaim, { url: secure(ECHO) }))).toEqual({
      status: 409,
      error: "article_archived",
    });

    const generating = await storeArticle([AP, COUNCIL], "generating");
    const generatingClaim = await db.prisma.articleClaim.findFirstOrThrow({ where: { articleId: generating } });
    expect(errorOf(await add(generating, generatingClaim.id, { url: secure(ECHO) }))).toEqual({
      status: 409,
      error: "article_generating",
    });
  });

  it("503 grouping_unavailable when the stored pages' text is gone, and nothing is added", async () => {
    const gone = await storeArticle([AP, COUNCIL]);
    const claim = (await containersClaim(gone)).claim.id;
    await db.prisma.articleSource.updateMany({ where: { articleId: gone }, data: { text: "" } });
    expect(errorOf(await add(gone, claim, { url: secure(ECHO) }))).toEqual({ status: 503, error: "grouping_unavailable" });
    expect(await db.prisma.articleSource.count({ where: { articleId: gone } })).toBe(2);
    expect(await db.prisma.articleVersion.count({ where: { articleId: gone } })).toBe(1);
  });

  it("needs the edit scope and an editing role", async () => {
    const reader = (await makeKey(baseUrl, world.owner, { scopes: ["read"] })).token;
    expect(errorOf(await add(articleId, claimId, { url: secure(ECHO) }, reader))).toEqual({
      status: 403,
      error: "scope_missing",
    });
    // A person's role is checked over GraphQL, the surface a person's session drives.
    const viewer = await addPerson(baseUrl, db, world.workspaceId, "Viewer");
    const reply = await call(baseUrl, "/graphql", {
      cookie: viewer.cookie,
      body: {
        query:
          "mutation($id: String!, $claimId: String!, $url: String!) { addClaimSource(id: $id, claimId: $claimId, url: $url) { id } }",
        variables: { id: articleId, claimId, url: secure(ECHO) },
      },
    });
    expect(reply.body.errors?.[0]?.extensions?.code).toBe("role_missing");
    await unchanged();
  });

  it("a site-bound key of another site gets not_found", async () => {
    const other = (await makeKey(baseUrl, world.owner, { siteId: world.otherSiteId })).token;
    expect(errorOf(await add(articleId, claimId, { url: secure(ECHO) }, other))).toEqual({ status: 404, error: "not_found" });
  });
});
