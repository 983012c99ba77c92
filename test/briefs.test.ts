// Briefs over REST: every default, clamp and limit of the Brief table, language rules, visibility.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBrief } from "../src/briefs/briefs.ts";
import { addPerson, makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
let world: World;
let siteKey: string; // bound to world.siteId
let wholeKey: string; // whole workspace
let otherSiteKey: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeWorld(server.baseUrl, server.db);
  siteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId })).token;
  wholeKey = (await makeKey(server.baseUrl, world.owner)).token;
  otherSiteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.otherSiteId })).token;
});

const post = (token: string, body: unknown) => call(server.baseUrl, "/api/v1/briefs", { token, body });

// Each group of tests uses fresh keys so no group runs into the 60-a-minute request limit.
async function freshKeys() {
  siteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId })).token;
  wholeKey = (await makeKey(server.baseUrl, world.owner)).token;
}

describe("POST /api/v1/briefs", () => {
  it("fills every default and gives a site-bound key its own site", async () => {
    const reply = await post(siteKey, {});
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/),
      siteId: world.siteId.toLowerCase(),
      topic: "",
      angle: "",
      useUrls: [],
      excludeDomains: [],
      purpose: "explainer",
      audience: "",
      region: "Global",
      language: "en",
      tone: "neutral",
      length: "standard",
      targetWords: 900,
      structure: "ibc",
      keywords: [],
      mustAppear: [],
      preferDomains: [],
      illustration: "none",
      seo: true,
    });
    // Unset fields are omitted, never null.
    expect(JSON.stringify(reply.body)).not.toContain("null");
  });

  it("makes a brief with no site for a whole-workspace key that names none", async () => {
    const reply = await post(wholeKey, { topic: "Budget" });
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty("siteId");
  });

  it("stores every field given", async () => {
    const body = {
      topic: "Port expansion",
      angle: "What it means for residents",
      purpose: "news",
      audience: "Local readers",
      region: "North Coast",
      language: "de",
      tone: "formal",
      length: "short",
      targetWords: 1200,
      structure: "qa",
      keywords: ["port", "harbour"],
      mustAppear: ["dredging"],
      useUrls: ["https://example.org/a", "http://example.org/b"],
      excludeDomains: ["spam.example"],
      preferDomains: ["gov.example"],
      illustration: "generate",
      imageStyle: "ink",
      imageFormat: "16:9",
      seo: false,
    };
    const reply = await post(siteKey, body);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject(body);
    const read = await call(server.baseUrl, `/api/v1/briefs/${reply.body.id}`, { token: siteKey });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(reply.body);
  });

  it.each([
    [50, 300],
    [300, 300],
    [3000, 3000],
    [99999, 3000],
    [-5, 300],
    [99_999_999_999, 3000],
  ])("clamps targetWords %i to %i", async (given, stored) => {
    const reply = await post(siteKey, { targetWords: given });
    expect(reply.status).toBe(200);
    expect(reply.body.targetWords).toBe(stored);
  });

  it.each([
    ["targetWords as a string", { targetWords: "900" }],
    ["targetWords not whole", { targetWords: 900.5 }],
    ["topic as a number", { topic: 5 }],
    ["seo as a string", { seo: "yes" }],
    ["keywords not a list", { keywords: "a,b" }],
    ["a list holding a number", { mustAppear: [1] }],
    ["a null field", { angle: null }],
    ["an unknown purpose", { purpose: "gossip" }],
    ["an unknown tone", { tone: "angry" }],
    ["an unknown length", { length: "epic" }],
    ["an unknown structure", { structure: "poem" }],
    ["an unknown illustration", { illustration: "photo" }],
    ["region over 60 characters", { region: "x".repeat(61) }],
    ["more than 10 mustAppear phrases", { mustAppear: Array.from({ length: 11 }, (_, i) => `p${i}`) }],
    ["a mustAppear phrase over 200 characters", { mustAppear: ["y".repeat(201)] }],
    ["a useUrls entry that is not an address", { useUrls: ["not a url"] }],
    ["a useUrls entry with another scheme", { useUrls: ["ftp://example.org/x"] }],
  ])("refuses %s with 400 validation", async (_label, body) => {
    const reply = await post(siteKey, body);
    expect(errorOf(reply)).toEqual({ status: 400, error: "validation" });
    expect(typeof reply.body.message).toBe("string");
  });

  it("accepts the limits themselves", async () => {
    const reply = await post(siteKey, {
      region: "r".repeat(60),
      mustAppear: Array.from({ length: 10 }, () => "m".repeat(200)),
    });
    expect(reply.status).toBe(200);
  });

  it("creates a brief with every default when no body is sent", async () => {
    const reply = await call(server.baseUrl, "/api/v1/briefs", { token: siteKey, method: "POST" });
    expect(reply.status).toBe(200);
    expect(reply.body.purpose).toBe("explainer");
  });

  it("refuses a misspelt field, naming it and the fields a brief takes, and makes no brief", async () => {
    const before = await server.db.prisma.brief.count();
    const reply = await post(siteKey, { topik: "Harbour dredging" });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: "validation", field: "topik" });
    expect(reply.body.message).toContain("unknown field: topik");
    expect(reply.body.message).toContain("topic");
    expect(await server.db.prisma.brief.count()).toBe(before);
    const made = await post(siteKey, { topic: "Kept" });
    const patched = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, {
      token: siteKey,
      method: "PATCH",
      body: { topic: "Lost", langauge: "de" },
    });
    expect(patched.body).toMatchObject({ error: "validation", field: "langauge" });
    const read = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, { token: siteKey });
    expect(read.body.topic).toBe("Kept");
  });

  it("refuses a body that is not JSON with 400 validation", async () => {
    const reply = await call(server.baseUrl, "/api/v1/briefs", {
      token: siteKey,
      rawBody: "{not json",
      headers: { "Content-Type": "application/json" },
      method: "POST",
    });
    expect(errorOf(reply)).toEqual({ status: 400, error: "validation" });
  });

  describe("language", () => {
    beforeAll(freshKeys);
    it.each([
      ["en", "en"],
      ["xx", "xx"], // one code without spaces is kept as it is
      ["EN+DE", "en+de"],
      ["en+de+fr", "en+de+fr"],
      ["bhs+sl", "bhs+sl"],
    ])("stores %s as %s", async (given, stored) => {
      const reply = await post(siteKey, { language: given });
      expect(reply.status).toBe(200);
      expect(reply.body.language).toBe(stored);
    });

    it.each([
      ["an unsupported code in a + list", "en+zz"],
      ["a repeated code", "en+de+en"],
      ["a repeat that differs only in case", "en+EN"],
      ["an empty code", "en+"],
      ["an empty value", ""],
      ["a space", "en de"],
      ["a space in a + list", "en+ de"],
      ["only a plus", "+"],
    ])("refuses %s with 422 invalid_language", async (_label, language) => {
      expect(errorOf(await post(siteKey, { language }))).toEqual({ status: 422, error: "invalid_language" });
    });
  });

  describe("site and brand visibility", () => {
    beforeAll(freshKeys);
    it("gives 404 for a site the credential cannot see", async () => {
      expect(errorOf(await post(siteKey, { siteId: world.otherSiteId }))).toEqual({ status: 404, error: "not_found" });
      expect(errorOf(await post(siteKey, { siteId: "00000000-0000-0000-0000-000000000000" }))).toEqual({
        status: 404,
        error: "not_found",
      });
      expect(errorOf(await post(siteKey, { siteId: "not-a-uuid" }))).toEqual({ status: 404, error: "not_found" });
    });

    it("accepts the key's own site and any site for a whole-workspace key, case-insensitively", async () => {
      expect((await post(siteKey, { siteId: world.siteId.toUpperCase() })).status).toBe(200);
      const reply = await post(wholeKey, { siteId: world.otherSiteId });
      expect(reply.status).toBe(200);
      expect(reply.body.siteId).toBe(world.otherSiteId.toLowerCase());
    });

    it("checks brandId: one of another site or workspace is not found, a shared one is", async () => {
      const shared = await server.db.prisma.brand.create({ data: { workspaceId: world.workspaceId, name: "House" } });
      const otherSites = await server.db.prisma.brand.create({
        data: { workspaceId: world.workspaceId, siteId: world.otherSiteId, name: "Other" },
      });
      const reply = await post(siteKey, { brandId: shared.id.toUpperCase() });
      expect(reply.status).toBe(200);
      expect(reply.body.brandId).toBe(shared.id);
      expect(errorOf(await post(siteKey, { brandId: otherSites.id }))).toEqual({ status: 404, error: "not_found" });
      expect((await post(wholeKey, { brandId: otherSites.id })).status).toBe(200);
      expect(errorOf(await post(siteKey, { brandId: "00000000-0000-0000-0000-000000000000" }))).toEqual({
        status: 404,
        error: "not_found",
      });
    });
  });

  it("needs the brief scope and a role that can edit", async () => {
    const readOnly = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"] })).token;
    expect(errorOf(await post(readOnly, {}))).toEqual({ status: 403, error: "scope_missing" });
    const viewer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Viewer");
    const viewerKey = (await makeKey(server.baseUrl, viewer, { siteId: world.siteId, scopes: ["brief", "read"] })).token;
    expect(errorOf(await post(viewerKey, {}))).toEqual({ status: 403, error: "key_not_allowed" });
    const writer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Writer");
    const writerKey = (await makeKey(server.baseUrl, writer, { siteId: world.siteId, scopes: ["brief"] })).token;
    expect((await post(writerKey, {})).status).toBe(200);
  });
});

describe("GET /api/v1/briefs/{id}", () => {
  beforeAll(freshKeys);
  it("reads a brief by its id in any case", async () => {
    const made = await post(siteKey, { topic: "Ferries" });
    for (const id of [made.body.id, made.body.id.toLowerCase()]) {
      const reply = await call(server.baseUrl, `/api/v1/briefs/${id}`, { token: siteKey });
      expect(reply.status).toBe(200);
      expect(reply.body.topic).toBe("Ferries");
    }
  });

  it("gives 404 for an unknown id, a malformed id, and another site's brief", async () => {
    const theirs = await post(otherSiteKey, { topic: "Theirs" });
    const noSite = await post(wholeKey, { topic: "No site" });
    for (const id of ["00000000-0000-0000-0000-000000000000", "nope", theirs.body.id, noSite.body.id]) {
      const reply = await call(server.baseUrl, `/api/v1/briefs/${id}`, { token: siteKey });
      expect(errorOf(reply)).toEqual({ status: 404, error: "not_found" });
    }
    // The whole-workspace key sees both.
    expect((await call(server.baseUrl, `/api/v1/briefs/${theirs.body.id}`, { token: wholeKey })).status).toBe(200);
  });

  it("needs the read scope, and a Viewer's key may read", async () => {
    const made = await post(siteKey, {});
    const briefOnly = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["brief"] })).token;
    expect(errorOf(await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, { token: briefOnly }))).toEqual({
      status: 403,
      error: "scope_missing",
    });
    const viewer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Viewer");
    const viewerKey = (await makeKey(server.baseUrl, viewer, { siteId: world.siteId, scopes: ["read"] })).token;
    expect((await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, { token: viewerKey })).status).toBe(200);
  });
});

describe("PATCH /api/v1/briefs/{id}", () => {
  beforeAll(freshKeys);
  const patch = (token: string, id: string, body: unknown) =>
    call(server.baseUrl, `/api/v1/briefs/${id}`, { token, body, method: "PATCH" });

  it("changes only the fields sent, with the same rules as creation", async () => {
    const made = await post(siteKey, { topic: "Before", tone: "formal" });
    const reply = await patch(siteKey, made.body.id, { topic: "After", targetWords: 10, language: "FR+en" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: made.body.id, topic: "After", tone: "formal", targetWords: 300, language: "fr+en" });
  });

  it("refuses bad values and leaves the brief as it was", async () => {
    const made = await post(siteKey, { topic: "Keep" });
    expect(errorOf(await patch(siteKey, made.body.id, { topic: "Lost", language: "en+en" }))).toEqual({
      status: 422,
      error: "invalid_language",
    });
    expect(errorOf(await patch(siteKey, made.body.id, { topic: "Lost", targetWords: "many" }))).toEqual({
      status: 400,
      error: "validation",
    });
    expect(errorOf(await patch(siteKey, made.body.id, { siteId: world.otherSiteId }))).toEqual({
      status: 404,
      error: "not_found",
    });
    const read = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, { token: siteKey });
    expect(read.body.topic).toBe("Keep");
    expect(read.body.siteId).toBe(world.siteId);
  });

  it("needs a JSON body", async () => {
    const made = await post(siteKey, {});
    const reply = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, { token: siteKey, method: "PATCH" });
    expect(errorOf(reply)).toEqual({ status: 400, error: "validation" });
    const text = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, {
      token: siteKey,
      method: "PATCH",
      rawBody: "topic=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(errorOf(text)).toEqual({ status: 400, error: "validation" });
  });

  it("gives 404 for a brief the credential cannot see", async () => {
    const theirs = await post(otherSiteKey, {});
    expect(errorOf(await patch(siteKey, theirs.body.id, { topic: "x" }))).toEqual({ status: 404, error: "not_found" });
  });
});

describe("reading a brief by id", () => {
  it("gives the row exactly as Prisma reads it, every column with its type", async () => {
    await freshKeys();
    const made = await post(wholeKey, {
      siteId: world.siteId,
      topic: "Harbour dredging",
      angle: "Costs",
      useUrls: ["https://example.org/a"],
      excludeDomains: ["spam.example"],
      audience: "Residents",
      region: "UK",
      language: "en-GB",
      keywords: ["harbour"],
      mustAppear: ["dredging"],
      preferDomains: ["gov.example"],
      illustration: "generate",
      imageStyle: "photo",
      imageFormat: "landscape",
      seo: false,
    });
    expect(made.status).toBe(200);
    const id = (made.body as { id: string }).id;
    const raw = await readBrief(server.db, id);
    const prisma = await server.db.prisma.brief.findUnique({ where: { id } });
    expect(prisma).not.toBeNull();
    expect(raw).toEqual(prisma);
    expect(raw?.createdAt).toBeInstanceOf(Date);
    expect(await readBrief(server.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
