// source.add over /mcp/v1 with pages really fetched: the test web served over HTTPS on loopback
// (as test/articleSources.test.ts serves it), an article stored from the AP story and the council's
// notice, so "38 containers" rests on one origin. A page of another origin corroborates the claim
// and the tool answers the whole article; a page that does not carry the claim is the tool error
// source_does_not_support and adds nothing.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/server.ts";
import { type Services, startServices } from "../app/services.ts";
import { readConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/database.ts";
import { makeWorld, type World } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { type HttpsTestWeb, startHttpsTestWeb, TEST_TLS } from "./support/httpsTestWeb.ts";
import { storeSourcedArticle } from "./support/sourcedArticles.ts";
import { createTestDatabase, type TestDatabase } from "./support/testDatabase.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

const AP = "http://meridianpost.com/wire/ap/2026/11/03/cargo-ship-loses-38-containers-storm-elspeth.html";
const COUNCIL = "http://www.portmere.gov.uk/news/2026/beach-closure-cullen-sands-marrick-point.html";
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

const secure = (truthUrl: string) => front.secure(truthUrl);

beforeAll(async () => {
  web = await startTestWeb();
  front = await startHttpsTestWeb(web);

  database = await createTestDatabase();
  db = openDatabase(database.url, 8);
  const env = { FETCH_ALLOW_ADDRESSES: "127.0.0.1", FETCH_HOST_MAP: web.hostMap };
  services = await startServices(db, { databaseUrl: database.url, workers: false, env: { ...process.env, ...env } });
  // TESTS ONLY (hardenedFetch.ts): the test's own certificate authority.
  services.fetch = { ...services.fetch, testTlsCa: TEST_TLS.cert };
  const { app } = createApp(services, readConfig({ ...env, DATABASE_URL: database.url, PORT: "0" }));
  httpServer = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  world = await makeWorld(baseUrl, db);
  const made = await call(baseUrl, "/api/v1/developer/mcp/agents", {
    cookie: world.owner.cookie,
    body: { name: "source bot", siteId: world.siteId, scopes: ["edit", "read"], dailyCap: 5 },
  });
  token = made.body.token;
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

async function sourceAdd(args: Record<string, unknown>) {
  const reply = await call(baseUrl, "/mcp/v1", {
    token,
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "source.add", arguments: args } },
    headers: { Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
  });
  expect(reply.status).toBe(200);
  return reply.body.result as { structuredContent: Record<string, any>; isError: boolean; content: { text: string }[] };
}

describe("source.add", () => {
  let articleId: string;
  let claimId: string;

  beforeAll(async () => {
    const personId = (await db.prisma.person.findUniqueOrThrow({ where: { email: world.owner.email } })).id;
    const owner = { workspaceId: world.workspaceId, siteId: world.siteId, personId };
    articleId = (await storeSourcedArticle({ db, web, owner, urls: [AP, COUNCIL], storedUrl: secure })).id.toUpperCase();
    const article = (await call(baseUrl, `/api/v1/articles/${articleId}`, { token: await restKey() })).body;
    claimId = article.claims.find((c: { text: string }) => /38 containers/.test(c.text)).id;
  }, 60_000);

  it("refuses a page that does not carry the claim, adding nothing", async () => {
    const result = await sourceAdd({ articleId, claimId, url: secure(BRIDGE) });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: "source_does_not_support" });
    expect(await db.prisma.articleSource.count({ where: { articleId: articleId.toLowerCase() } })).toBe(2);
  });

  it("adds a page of another origin and answers the whole article, the claim corroborated", async () => {
    const result = await sourceAdd({ articleId, claimId, url: secure(GAZETTE) });
    expect(result.isError).toBe(false);
    const article = result.structuredContent;
    expect(article.id).toBe(articleId);
    expect(article.claims.find((c: { id: string }) => c.id === claimId)).toMatchObject({ state: "corroborated" });
    expect(article.sources.at(-1).url).toBe(secure(GAZETTE));
    const lines = result.content[0]?.text.split("\n") ?? [];
    const last = article.sources.length - 1;
    expect(lines.find((l) => l.startsWith(`sources[${last}].title: `))).toMatch(
      /^sources\[\d+\]\.title: <source_text>".*"<\/source_text>$/,
    );
  });
});

async function restKey(): Promise<string> {
  const made = await call(baseUrl, "/api/v1/developer/keys", {
    cookie: world.owner.cookie,
    body: { name: "reader", siteId: world.siteId, scopes: ["read"], dailyCap: 1 },
  });
  return made.body.token;
}
