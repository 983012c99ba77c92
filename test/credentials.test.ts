// The session-only credential routes: API keys and agents (Authentication §1, §5, §9, §10).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, deleteSite, removeMember } from "../src/workspaces/workspaceAdmin.ts";
import { addPerson, makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeWorld(server.baseUrl, server.db);
});

const keys = (cookie: string, body?: unknown, method?: string, path = "") =>
  call(server.baseUrl, `/api/v1/developer/keys${path}`, { cookie, body, method });
const agents = (cookie: string, body?: unknown, method?: string, path = "") =>
  call(server.baseUrl, `/api/v1/developer/mcp/agents${path}`, { cookie, body, method });
const readBriefWith = (token: string) => call(server.baseUrl, "/api/v1/briefs/00000000-0000-0000-0000-000000000000", { token });

describe("API keys", () => {
  it("returns the record and a token shown once; only its SHA-256 is kept", async () => {
    const reply = await keys(world.owner.cookie, {
      name: "CMS sync",
      siteId: world.siteId,
      scopes: ["read", "brief"],
      dailyCap: 7,
    });
    expect(reply.status).toBe(200);
    const { key, token } = reply.body;
    expect(token).toMatch(/^bz_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "CMS sync",
      siteId: world.siteId,
      scopes: ["read", "brief"],
      dailyCap: 7,
      createdBy: "Olive Owner",
    });
    expect(key.tokenHint).toBe(`bz_live_…${token.slice(-4)}`);
    expect(JSON.stringify(key)).not.toContain(token.slice(8));
    const row = await server.db.prisma.credential.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token.slice(8));
    const list = await keys(world.owner.cookie);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(token.slice(8));
    expect(list.body.map((k: { id: string }) => k.id)).toContain(key.id);
    // The token works, once made.
    expect(errorOf(await readBriefWith(token))).toEqual({ status: 404, error: "not_found" });
  });

  it.each([
    ["an empty name", { name: "", scopes: ["read"], dailyCap: 5 }],
    ["a blank name", { name: "   ", scopes: ["read"], dailyCap: 5 }],
    ["a name of 81 characters", { name: "k".repeat(81), scopes: ["read"], dailyCap: 5 }],
    ["no name", { scopes: ["read"], dailyCap: 5 }],
    ["no scopes", { name: "k", dailyCap: 5 }],
    ["an empty scope list", { name: "k", scopes: [], dailyCap: 5 }],
    ["an unknown scope", { name: "k", scopes: ["read", "admin"] }],
    ["no dailyCap", { name: "k", scopes: ["read"] }],
    ["a dailyCap below 0", { name: "k", scopes: ["read"], dailyCap: -1 }],
    ["a dailyCap above 1000", { name: "k", scopes: ["read"], dailyCap: 1001 }],
    ["a dailyCap that is not whole", { name: "k", scopes: ["read"], dailyCap: 2.5 }],
  ])("refuses %s with 400 validation", async (_label, body) => {
    const reply = await keys(world.owner.cookie, { siteId: world.siteId, ...body });
    expect(errorOf(reply)).toEqual({ status: 400, error: "validation" });
  });

  it("accepts the limits: an 80-character name, caps 0 and 1000, every scope", async () => {
    for (const dailyCap of [0, 1000]) {
      const reply = await keys(world.owner.cookie, {
        name: "n".repeat(80),
        siteId: world.siteId,
        scopes: ["brief", "generate", "read", "edit", "export"],
        dailyCap,
      });
      expect(reply.status).toBe(200);
      expect(reply.body.key.dailyCap).toBe(dailyCap);
    }
  });

  it("makes a whole-workspace key for an Owner only", async () => {
    const owners = await keys(world.owner.cookie, { name: "everything", scopes: ["read"], dailyCap: 5 });
    expect(owners.status).toBe(200);
    expect(owners.body.key).not.toHaveProperty("siteId");
    const editor = await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor");
    expect(errorOf(await keys(editor.cookie, { name: "everything", scopes: ["read"], dailyCap: 5 }))).toEqual({
      status: 403,
      error: "whole_workspace_owner_only",
    });
    expect((await keys(editor.cookie, { name: "mine", siteId: world.siteId, scopes: ["read"], dailyCap: 5 })).status).toBe(200);
  });

  it("gives 404 for a site that is not in the workspace", async () => {
    const reply = await keys(world.owner.cookie, {
      name: "k",
      siteId: "00000000-0000-0000-0000-000000000001",
      scopes: ["read"],
      dailyCap: 5,
    });
    expect(errorOf(reply)).toEqual({ status: 404, error: "not_found" });
  });

  it("changes only the name and daily cap; scopes and site stay fixed", async () => {
    const { key } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    const renamed = await keys(world.owner.cookie, { name: "renamed", dailyCap: 3 }, "PATCH", `/${key.id}`);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: key.id, name: "renamed", dailyCap: 3, scopes: ["read"], siteId: world.siteId });
    for (const body of [{ scopes: ["read", "edit"] }, { siteId: world.otherSiteId }, { name: "" }, { dailyCap: 5000 }]) {
      expect(errorOf(await keys(world.owner.cookie, body, "PATCH", `/${key.id}`))).toEqual({ status: 400, error: "validation" });
    }
    const row = await server.db.prisma.credential.findUniqueOrThrow({ where: { id: key.id } });
    expect(row).toMatchObject({ name: "renamed", dailyCap: 3, scopes: ["read"], siteId: world.siteId });
  });

  it("shows an Owner every key and anyone else their own; others' keys are not found", async () => {
    const writer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Writer");
    const writersKey = await makeKey(server.baseUrl, writer, { siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    const ownersKey = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    const writerList = (await keys(writer.cookie)).body.map((k: { id: string }) => k.id);
    expect(writerList).toEqual([writersKey.key.id]);
    const ownerList = (await keys(world.owner.cookie)).body.map((k: { id: string }) => k.id);
    expect(ownerList).toEqual(expect.arrayContaining([writersKey.key.id, ownersKey.key.id]));
    expect(errorOf(await keys(writer.cookie, { name: "mine now" }, "PATCH", `/${ownersKey.key.id}`))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await keys(writer.cookie, undefined, "DELETE", `/${ownersKey.key.id}`))).toEqual({
      status: 404,
      error: "not_found",
    });
    // The Owner may manage the writer's key.
    expect((await keys(world.owner.cookie, { name: "checked" }, "PATCH", `/${writersKey.key.id}`)).status).toBe(200);
  });

  it("marks a key used when it is used, counts each request once, and counts no refused one", async () => {
    const { key, token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    const listed = async () => (await keys(world.owner.cookie)).body.find((k: { id: string }) => k.id === key.id);
    expect((await listed()).lastUsedAt).toBeUndefined();
    const first = await readBriefWith(token);
    const second = await readBriefWith(token);
    expect((await listed()).lastUsedAt).toEqual(expect.any(String));
    // The RateLimit header counts down by one per request: each was counted once.
    const left = (reply: Response | { headers: Headers }) => Number(/r=(\d+)/.exec(reply.headers.get("RateLimit") ?? "")?.[1]);
    expect(left(first) - left(second)).toBe(1);
    // A token of the same shape that names no key is refused and counts against no key.
    const third = await readBriefWith(token);
    expect(errorOf(await readBriefWith(`${token.slice(0, -4)}0000`))).toEqual({ status: 401, error: "invalid_key" });
    expect(left(third) - left(await readBriefWith(token))).toBe(1);
  });

  it("revokes: the token stops working at once and the key leaves the list", async () => {
    const { key, token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    const revoked = await keys(world.owner.cookie, undefined, "DELETE", `/${key.id.toUpperCase()}`);
    expect(revoked.status).toBe(204);
    expect(errorOf(await readBriefWith(token))).toEqual({ status: 401, error: "invalid_key" });
    expect((await keys(world.owner.cookie)).body.map((k: { id: string }) => k.id)).not.toContain(key.id);
    expect(errorOf(await keys(world.owner.cookie, undefined, "DELETE", `/${key.id}`))).toEqual({
      status: 404,
      error: "not_found",
    });
  });

  it("is made only by a signed-in person, never by a key", async () => {
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
    const byKey = await call(server.baseUrl, "/api/v1/developer/keys", {
      token,
      body: { name: "child", scopes: ["read"], dailyCap: 5 },
    });
    expect(errorOf(byKey)).toEqual({ status: 403, error: "key_not_allowed" });
    expect(errorOf(await call(server.baseUrl, "/api/v1/developer/keys", { token }))).toEqual({
      status: 403,
      error: "key_not_allowed",
    });
    expect(errorOf(await call(server.baseUrl, "/api/v1/developer/keys"))).toEqual({ status: 401, error: "invalid_key" });
  });

  it("revokes a person's keys when they leave, and refuses them from then on", async () => {
    const editor = await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor");
    const { key, token } = await makeKey(server.baseUrl, editor, { siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    expect((await readBriefWith(token)).status).toBe(404);
    await removeMember(server.db, world.workspaceId, editor.email);
    expect(errorOf(await readBriefWith(token))).toEqual({ status: 401, error: "invalid_key" });
    const row = await server.db.prisma.credential.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.revokedAt).not.toBeNull();
    // Their session ends too.
    expect(errorOf(await keys(editor.cookie))).toEqual({ status: 401, error: "invalid_key" });
  });

  it("refuses a credential whose creator left even if it was not revoked", async () => {
    const editor = await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor");
    const { key, token } = await makeKey(server.baseUrl, editor, { siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    await server.db.prisma.membership.deleteMany({
      where: { workspace: { id: world.workspaceId }, person: { email: editor.email } },
    });
    expect((await server.db.prisma.credential.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeNull();
    expect(errorOf(await readBriefWith(token))).toEqual({ status: 401, error: "invalid_key" });
  });

  it("refuses a whole-workspace key once its creator is no longer an Owner", async () => {
    const second = await addPerson(server.baseUrl, server.db, world.workspaceId, "Owner");
    const whole = await keys(second.cookie, { name: "all sites", scopes: ["read"], dailyCap: 5 });
    expect(whole.status).toBe(200);
    expect((await readBriefWith(whole.body.token)).status).toBe(404);
    await addMember(server.db, world.workspaceId, { email: second.email, role: "Editor", attachExisting: true });
    expect(errorOf(await readBriefWith(whole.body.token))).toEqual({ status: 401, error: "invalid_key" });
  });

  it("refuses a credential whose site was deleted", async () => {
    const site = await server.db.prisma.site.create({
      data: { workspaceId: world.workspaceId, domain: "gone.example.com", siteName: "Gone" },
    });
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: site.id, scopes: ["read"], dailyCap: 5 });
    expect((await readBriefWith(token)).status).toBe(404);
    const deleted = await deleteSite(server.db, world.workspaceId, site.id);
    expect(deleted.revokedCredentials).toBe(1);
    expect(errorOf(await readBriefWith(token))).toEqual({ status: 401, error: "invalid_key" });
  });
});

describe("agents", () => {
  it("makes an agent bound to one site with a bz_mcp_live_ token", async () => {
    const reply = await agents(world.owner.cookie, {
      name: "Research bot",
      siteId: world.siteId,
      scopes: ["brief", "read"],
      dailyCap: 5,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.token).toMatch(/^bz_mcp_live_[A-Za-z0-9_-]{43}$/);
    expect(reply.body.agent).toMatchObject({
      name: "Research bot",
      siteId: world.siteId,
      scopes: ["brief", "read"],
      dailyCap: 5,
    });
    const list = await agents(world.owner.cookie);
    expect(list.status).toBe(200);
    expect(list.body.map((a: { id: string }) => a.id)).toContain(reply.body.agent.id);
    // An agent token is not a REST credential: refused as unknown.
    expect(errorOf(await readBriefWith(reply.body.token))).toEqual({ status: 401, error: "invalid_key" });
    // Agents are not keys.
    expect((await keys(world.owner.cookie)).body.map((k: { id: string }) => k.id)).not.toContain(reply.body.agent.id);
  });

  it("requires a site and the same name, scope and cap rules", async () => {
    for (const body of [
      { name: "no site", scopes: ["read"], dailyCap: 5 },
      { name: "", siteId: world.siteId, scopes: ["read"], dailyCap: 5 },
      { name: "a", siteId: world.siteId, scopes: [], dailyCap: 5 },
      { name: "a", siteId: world.siteId, scopes: ["read"], dailyCap: 1001 },
      { name: "no cap", siteId: world.siteId, scopes: ["read"] },
    ]) {
      expect(errorOf(await agents(world.owner.cookie, body))).toEqual({ status: 400, error: "validation" });
    }
    expect(
      errorOf(
        await agents(world.owner.cookie, {
          name: "a",
          siteId: "00000000-0000-0000-0000-000000000002",
          scopes: ["read"],
          dailyCap: 5,
        }),
      ),
    ).toEqual({ status: 404, error: "not_found" });
  });

  it("stops at the plan's agent limit with 409 plan_limit, and frees a place when one is revoked", async () => {
    const fresh = await makeWorld(server.baseUrl, server.db);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await agents(fresh.owner.cookie, { name: `agent ${i}`, siteId: fresh.siteId, scopes: ["read"], dailyCap: 5 });
      expect(reply.status).toBe(200);
      made.push(reply.body.agent.id);
    }
    expect(
      errorOf(await agents(fresh.owner.cookie, { name: "one too many", siteId: fresh.siteId, scopes: ["read"], dailyCap: 5 })),
    ).toEqual({
      status: 409,
      error: "plan_limit",
    });
    expect((await agents(fresh.owner.cookie, undefined, "DELETE", `/${made[0]}`)).status).toBe(204);
    expect(
      (await agents(fresh.owner.cookie, { name: "now fits", siteId: fresh.siteId, scopes: ["read"], dailyCap: 5 })).status,
    ).toBe(200);
  });

  it("lets exactly the plan's number of agents through when many are made at once", async () => {
    const fresh = await makeWorld(server.baseUrl, server.db);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        agents(fresh.owner.cookie, { name: `racer ${i}`, siteId: fresh.siteId, scopes: ["read"], dailyCap: 5 }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409 && r.body.error === "plan_limit")).toHaveLength(5);
  });

  it("frees the places of agents whose site was deleted", async () => {
    const fresh = await makeWorld(server.baseUrl, server.db);
    for (let i = 0; i < 3; i++) {
      expect(
        (await agents(fresh.owner.cookie, { name: `a${i}`, siteId: fresh.otherSiteId, scopes: ["read"], dailyCap: 5 })).status,
      ).toBe(200);
    }
    await deleteSite(server.db, fresh.workspaceId, fresh.otherSiteId);
    expect((await agents(fresh.owner.cookie)).body).toEqual([]);
    expect((await agents(fresh.owner.cookie, { name: "fits", siteId: fresh.siteId, scopes: ["read"], dailyCap: 5 })).status).toBe(
      200,
    );
  });

  it("renames and re-caps an agent but never changes its scopes", async () => {
    const made = await agents(world.owner.cookie, { name: "bot", siteId: world.siteId, scopes: ["read"], dailyCap: 5 });
    const id = made.body.agent.id;
    const changed = await agents(world.owner.cookie, { name: "bot two", dailyCap: 0 }, "PATCH", `/${id}`);
    expect(changed.body).toMatchObject({ name: "bot two", dailyCap: 0, scopes: ["read"] });
    expect(errorOf(await agents(world.owner.cookie, { scopes: ["edit"] }, "PATCH", `/${id}`))).toEqual({
      status: 400,
      error: "validation",
    });
  });
});
