// Bearer authentication exactly as the spec's Authentication rules say. The server trusts
// X-Forwarded-For here so each test can speak from its own client address.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteWorkspace } from "../src/workspaces/workspaceLifecycle.ts";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { type CallOptions, call, errorOf } from "./support/http.ts";
import { awaitRoomInWindow } from "./support/rateWindow.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
let world: World;
let token: string;
let addressCount = 0;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
  world = await makeWorld(server.baseUrl, server.db);
  token = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId })).token;
});

/** A client address of its own for each test, so refused tokens in one do not block another. */
function newAddress(): string {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
}

const briefPath = "/api/v1/briefs";
const from = (address: string, path: string, options: CallOptions = {}) =>
  call(server.baseUrl, path, { ...options, headers: { "X-Forwarded-For": address, ...options.headers } });
const randomKey = () => `bz_live_${randomBytes(32).toString("base64url")}`;

describe("the bearer scheme", () => {
  it.each(["Bearer", "bearer", "BEARER", "bEaReR"])("matches %s case-insensitively", async (scheme) => {
    const reply = await from(newAddress(), briefPath, { headers: { Authorization: `${scheme} ${token}` }, body: {} });
    expect(reply.status).toBe(200);
  });

  it("answers an unknown token with 401 invalid_key and a Bearer challenge", async () => {
    const reply = await from(newAddress(), briefPath, { token: randomKey(), body: {} });
    expect(errorOf(reply)).toEqual({ status: 401, error: "invalid_key" });
    expect(reply.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect(typeof reply.body.message).toBe("string");
  });

  it.each([
    ["a token with no prefix", () => randomBytes(32).toString("base64url")],
    ["an agent token on a REST path", () => `bz_mcp_live_${randomBytes(32).toString("base64url")}`],
    ["a key that is one character short", () => token.slice(0, -1)],
    ["a key with one character too many", () => `${token}a`],
    ["a key with a character outside the URL-safe set", () => `${token.slice(0, -1)}+`],
    ["an empty token", () => ""],
  ])("refuses %s as unknown", async (_label, make) => {
    const reply = await from(newAddress(), briefPath, { headers: { Authorization: `Bearer ${make()}` }, body: {} });
    expect(errorOf(reply)).toEqual({ status: 401, error: "invalid_key" });
    expect(reply.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refuses another scheme, and a missing header, with 401 invalid_key", async () => {
    const basic = await from(newAddress(), briefPath, { headers: { Authorization: `Basic ${btoa("a:b")}` }, body: {} });
    expect(errorOf(basic)).toEqual({ status: 401, error: "invalid_key" });
    const none = await from(newAddress(), briefPath, { body: {} });
    expect(errorOf(none)).toEqual({ status: 401, error: "invalid_key" });
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("lets a bearer token win over a session cookie", async () => {
    const address = newAddress();
    // A cookie alone would be a signed-in person on a session-only route...
    expect((await from(address, "/api/v1/developer/keys", { cookie: world.owner.cookie })).status).toBe(200);
    // ...but the bearer token decides: an unknown one is refused, a valid key is not a person.
    expect(errorOf(await from(address, "/api/v1/developer/keys", { cookie: world.owner.cookie, token: randomKey() }))).toEqual({
      status: 401,
      error: "invalid_key",
    });
    expect(errorOf(await from(address, "/api/v1/developer/keys", { cookie: world.owner.cookie, token }))).toEqual({
      status: 403,
      error: "key_not_allowed",
    });
  });

  it("does not take a session cookie in place of a key on key routes", async () => {
    const reply = await from(newAddress(), briefPath, { cookie: world.owner.cookie, body: {} });
    expect(errorOf(reply)).toEqual({ status: 401, error: "invalid_key" });
  });
});

describe("refused tokens from one client address", () => {
  // Each test counts to 20 in one database-clock minute; a minute that ends halfway would start
  // the count again and the 21st would be answered 401.
  beforeEach(() => awaitRoomInWindow(server.db, 20));

  it("answers 429 rate_limited after 20 refusals in a minute, whatever the token", async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      expect((await from(address, briefPath, { token: randomKey(), body: {} })).status).toBe(401);
    }
    const blocked = await from(address, briefPath, { token: randomKey(), body: {} });
    expect(errorOf(blocked)).toEqual({ status: 429, error: "rate_limited" });
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(blocked.body.message).toMatch(/20 a minute/);
    // A valid token from the same address is refused too...
    expect(errorOf(await from(address, briefPath, { token, body: {} }))).toEqual({ status: 429, error: "rate_limited" });
    // ...while another address is not affected.
    expect((await from(newAddress(), briefPath, { token, body: {} })).status).toBe(200);
  });

  it("counts the address the trusted proxy saw, not what the client put before it", async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      const spoofed = `203.0.113.${i}, ${address}`;
      expect((await from(spoofed, briefPath, { token: randomKey(), body: {} })).status).toBe(401);
    }
    expect(errorOf(await from(`192.0.2.77, ${address}`, briefPath, { token, body: {} }))).toEqual({
      status: 429,
      error: "rate_limited",
    });
  });

  it("counts IPv6 clients per /64", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await from(`2001:db8:1:2::${i.toString(16)}`, briefPath, { token: randomKey(), body: {} })).status).toBe(401);
    }
    expect(errorOf(await from("2001:db8:1:2:ffff::1", briefPath, { token, body: {} }))).toEqual({
      status: 429,
      error: "rate_limited",
    });
    expect((await from("2001:db8:1:3::1", briefPath, { token, body: {} })).status).toBe(200);
  });

  it("counts refused sign-ins the same way", async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      const reply = await from(address, "/api/v1/session", { body: { email: world.owner.email, password: "wrong password" } });
      expect(errorOf(reply)).toEqual({ status: 401, error: "invalid_credentials" });
    }
    const blocked = await from(address, "/api/v1/session", {
      body: { email: world.owner.email, password: world.owner.password },
    });
    expect(errorOf(blocked)).toEqual({ status: 429, error: "rate_limited" });
  });
});

describe("a deleted workspace", () => {
  it("answers 410 workspace_deleted with deletedAt and restoreUntil", async () => {
    const doomed = await makeWorld(server.baseUrl, server.db);
    const doomedKey = (await makeKey(server.baseUrl, doomed.owner, { siteId: doomed.siteId })).token;
    const deleted = await deleteWorkspace(server.db, doomed.workspaceId);
    const reply = await from(newAddress(), briefPath, { token: doomedKey, body: {} });
    expect(reply.status).toBe(410);
    expect(reply.body).toEqual({
      error: "workspace_deleted",
      message: expect.any(String),
      deletedAt: deleted.deletedAt,
      restoreUntil: deleted.restoreUntil,
      docs: "/docs/errors#workspace_deleted",
    });
    expect(new Date(reply.body.restoreUntil).getTime()).toBeGreaterThan(new Date(reply.body.deletedAt).getTime());
    // The person's session gets the same answer on a session route.
    const session = await from(newAddress(), "/api/v1/developer/keys", { cookie: doomed.owner.cookie });
    expect(errorOf(session)).toEqual({ status: 410, error: "workspace_deleted" });
  });
});

describe("GraphQL over the network", () => {
  it("serves a signed-in person and refuses bearer tokens like any token on the wrong path", async () => {
    const query = { query: "{ me { name role } }" };
    const person = await from(newAddress(), "/graphql", { cookie: world.owner.cookie, body: query });
    expect(person.status).toBe(200);
    expect(person.body.data.me).toEqual({ name: "Olive Owner", role: "Owner" });
    const withKey = await from(newAddress(), "/graphql", { token, body: query });
    expect(errorOf(withKey)).toEqual({ status: 401, error: "invalid_key" });
    const anonymous = await from(newAddress(), "/graphql", { body: query });
    expect(anonymous.body.errors[0].extensions.code).toBe("invalid_key");
  });
});

describe("sessions", () => {
  it("signs in with an HttpOnly cookie and signs out", async () => {
    const signIn = await from(newAddress(), "/api/v1/session", {
      body: { email: world.owner.email, password: world.owner.password },
    });
    expect(signIn.status).toBe(204);
    const setCookie = signIn.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^bz_session=bz_session_[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(";")[0] ?? "";
    expect((await from(newAddress(), "/api/v1/developer/keys", { cookie })).status).toBe(200);
    const signOut = await from(newAddress(), "/api/v1/session", { cookie, method: "DELETE" });
    expect(signOut.status).toBe(204);
    expect(errorOf(await from(newAddress(), "/api/v1/developer/keys", { cookie }))).toEqual({
      status: 401,
      error: "invalid_key",
    });
  });

  it("matches the email case-insensitively and refuses a wrong password or unknown email alike", async () => {
    const address = newAddress();
    expect(
      (
        await from(address, "/api/v1/session", {
          body: { email: world.owner.email.toUpperCase(), password: world.owner.password },
        })
      ).status,
    ).toBe(204);
    const wrong = await from(address, "/api/v1/session", { body: { email: world.owner.email, password: "nope" } });
    const unknown = await from(address, "/api/v1/session", { body: { email: "nobody@example.com", password: "nope" } });
    expect(errorOf(wrong)).toEqual({ status: 401, error: "invalid_credentials" });
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(errorOf(await from(address, "/api/v1/session", { body: { email: 3 } }))).toEqual({ status: 400, error: "validation" });
  });
});
