// Webhook endpoints as a person manages them (spec, Webhooks; docs/webhooks.md): the session-only
// REST routes and their GraphQL operations, who may do what, the address and event rules, the
// secret shown once and stored sealed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteSite } from "../src/workspaces/workspaceAdmin.ts";
import { addPerson, makeKey, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
let world: World;
let editor: Person;
let writer: Person;
afterAll(() => server?.close());

// hooks.test answers on a loopback address the test allows, as FETCH_HOST_MAP/FETCH_ALLOW_ADDRESSES
// would let it for a local receiver; nothing listens there: saving does not call the endpoint.
const HOOK = "https://hooks.test/receive";

beforeAll(async () => {
  server = await startTestServer(
    {},
    { workers: false, fetch: { hostMap: "hooks.test=127.0.0.2,inside.test=127.0.0.1", allowAddresses: "127.0.0.2" } },
  );
  world = await makeWorld(server.baseUrl, server.db);
  editor = await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor");
  writer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Writer");
});

const webhooks = (person: Person, body?: unknown, method?: string, path = "") =>
  call(server.baseUrl, `/api/v1/developer/webhooks${path}`, { cookie: person.cookie, body, method });

async function register(person: Person, body: Record<string, unknown>) {
  const reply = await webhooks(person, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { webhook: Record<string, any>; secret: string };
}

describe("registering an endpoint", () => {
  it("answers the endpoint and a whsec_ secret shown once and stored sealed", async () => {
    const { webhook, secret } = await register(world.owner, { url: HOOK, events: ["job.done", "job.failed", "job.done"] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: HOOK,
      events: ["job.done", "job.failed"],
      secretHint: `whsec_…${secret.slice(-4)}`,
      receiving: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: "Olive Owner",
      recentDeliveries: [],
    });
    expect(webhook.siteId).toBeUndefined();
    const row = await server.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(row.secretSealed).toMatch(/^v1\./);
    const list = await webhooks(world.owner);
    expect(list.status).toBe(200);
    expect(list.body.map((w: { id: string }) => w.id)).toContain(webhook.id);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
  });

  it("binds an Editor's endpoint to a site; the whole workspace is the Owner's", async () => {
    const bound = await register(editor, { url: HOOK, siteId: world.siteId.toUpperCase(), events: ["article.approved"] });
    expect(bound.webhook.siteId).toBe(world.siteId);
    expect(errorOf(await webhooks(editor, { url: HOOK, events: ["job.done"] }))).toEqual({
      status: 403,
      error: "whole_workspace_owner_only",
    });
    const whole = await register(world.owner, { url: HOOK, events: ["site.read"] });
    // An Editor sees and manages the site-bound endpoints only.
    const seen = (await webhooks(editor)).body.map((w: { id: string }) => w.id);
    expect(seen).toContain(bound.webhook.id);
    expect(seen).not.toContain(whole.webhook.id);
    expect(errorOf(await webhooks(editor, { events: ["job.done"] }, "PATCH", `/${whole.webhook.id}`))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await webhooks(editor, undefined, "DELETE", `/${whole.webhook.id}`))).toEqual({
      status: 404,
      error: "not_found",
    });
    // The Owner sees both.
    const owners = (await webhooks(world.owner)).body.map((w: { id: string }) => w.id);
    expect(owners).toEqual(expect.arrayContaining([bound.webhook.id, whole.webhook.id]));
  });

  it("refuses a Writer (role_missing), a key (key_not_allowed) and an unknown site", async () => {
    expect(errorOf(await webhooks(writer, { url: HOOK, siteId: world.siteId, events: ["job.done"] }))).toEqual({
      status: 403,
      error: "role_missing",
    });
    expect(errorOf(await webhooks(writer))).toEqual({ status: 403, error: "role_missing" });
    const { token } = await makeKey(server.baseUrl, world.owner);
    const byKey = await call(server.baseUrl, "/api/v1/developer/webhooks", {
      token,
      body: { url: HOOK, siteId: world.siteId, events: ["job.done"] },
    });
    expect(byKey.status).toBe(403);
    const unknownSite = await webhooks(world.owner, {
      url: HOOK,
      siteId: "00000000-0000-4000-8000-000000000000",
      events: ["job.done"],
    });
    expect(errorOf(unknownSite)).toEqual({ status: 404, error: "not_found" });
  });

  it.each([
    ["http", "http://hooks.test/receive", "https"],
    ["port 8443", "https://hooks.test:8443/receive", "port"],
    ["a private address", "https://10.0.0.1/receive", "private"],
    ["a loopback address", "https://127.0.0.1/receive", "loopback"],
    ["a name that resolves to loopback", "https://inside.test/receive", "loopback"],
    ["2,049 characters", `https://hooks.test/${"a".repeat(2049 - "https://hooks.test/".length)}`, "length"],
    ["user information", "https://user:pw@hooks.test/receive", "userinfo"],
    ["not a URL", "hooks dot test", "format"],
  ])("refuses %s as 400 validation naming the rule", async (_label, url, rule) => {
    const reply = await webhooks(world.owner, { url, events: ["job.done"] });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: "validation", field: "url", rule });
    expect(reply.body.message).toEqual(expect.any(String));
  });

  it("takes exactly 2,048 characters", async () => {
    const url = `https://hooks.test/${"a".repeat(2048 - "https://hooks.test/".length)}`;
    expect(url).toHaveLength(2048);
    const { webhook } = await register(world.owner, { url, events: ["job.done"] });
    expect(webhook.url).toBe(url);
  });

  it.each([
    ["no events", [], "no_events"],
    ["the test event", ["job.done", "test"], "test_not_subscribable"],
    ["an unknown event type", ["job.done", "job.exploded"], "unknown_event"],
  ])("refuses %s", async (_label, events, rule) => {
    const reply = await webhooks(world.owner, { url: HOOK, events });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: "validation", field: "events", rule });
  });

  it("refuses a body without url or events, or with fields of the wrong type", async () => {
    expect(errorOf(await webhooks(world.owner, { events: ["job.done"] }))).toEqual({ status: 400, error: "validation" });
    expect(errorOf(await webhooks(world.owner, { url: HOOK }))).toEqual({ status: 400, error: "validation" });
    expect(errorOf(await webhooks(world.owner, { url: HOOK, events: "job.done" }))).toEqual({ status: 400, error: "validation" });
  });
});

describe("changing, rotating and deleting", () => {
  it("changes the address and the events with the same rules", async () => {
    const { webhook } = await register(world.owner, { url: HOOK, siteId: world.siteId, events: ["job.done"] });
    const changed = await webhooks(
      world.owner,
      { url: "https://hooks.test/other", events: ["job.failed"] },
      "PATCH",
      `/${webhook.id}`,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ url: "https://hooks.test/other", events: ["job.failed"], siteId: world.siteId });
    expect((await webhooks(world.owner, { url: "http://hooks.test/" }, "PATCH", `/${webhook.id}`)).body).toMatchObject({
      error: "validation",
      rule: "https",
    });
    expect((await webhooks(world.owner, { events: ["test"] }, "PATCH", `/${webhook.id}`)).body).toMatchObject({
      error: "validation",
      rule: "test_not_subscribable",
    });
    // The site is fixed: an unknown field is refused rather than ignored.
    expect(errorOf(await webhooks(world.owner, { siteId: world.otherSiteId }, "PATCH", `/${webhook.id}`))).toEqual({
      status: 400,
      error: "validation",
    });
  });

  it("rotates the secret: a new one shown once, the previous one signing for a day", async () => {
    const { webhook, secret } = await register(world.owner, { url: HOOK, events: ["job.done"] });
    const rotated = await webhooks(world.owner, undefined, "POST", `/${webhook.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.webhook.secretHint).toBe(`whsec_…${rotated.body.secret.slice(-4)}`);
    const until = Date.parse(rotated.body.webhook.previousSecretUntil);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("deletes with 204; the id is gone afterwards", async () => {
    const { webhook } = await register(world.owner, { url: HOOK, events: ["job.done"] });
    const deleted = await webhooks(world.owner, undefined, "DELETE", `/${webhook.id}`);
    expect(deleted.status).toBe(204);
    expect(errorOf(await webhooks(world.owner, undefined, "DELETE", `/${webhook.id}`))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await webhooks(world.owner, { events: ["job.done"] }, "PATCH", `/${webhook.id}`))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await webhooks(world.owner, undefined, "POST", "/not-a-uuid/test"))).toEqual({
      status: 404,
      error: "not_found",
    });
  });

  it("shows an endpoint whose site was deleted to nobody, and one whose Editor became a Writer as not receiving", async () => {
    const other = await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor");
    const { webhook } = await register(other, { url: HOOK, siteId: world.siteId, events: ["job.done"] });
    await server.db.prisma.membership.updateMany({
      where: { workspaceId: world.workspaceId, person: { email: other.email } },
      data: { role: "Writer" },
    });
    const listed = (await webhooks(world.owner)).body.find((w: { id: string }) => w.id === webhook.id);
    expect(listed.receiving).toBe(false);
    const onOther = await register(world.owner, { url: HOOK, siteId: world.otherSiteId, events: ["job.done"] });
    await deleteSite(server.db, world.workspaceId, world.otherSiteId);
    const ids = (await webhooks(world.owner)).body.map((w: { id: string }) => w.id);
    expect(ids).not.toContain(onOther.webhook.id);
  });
});

describe("GraphQL", () => {
  it("lists and registers endpoints for a signed-in person; /graphql takes no bearer token", async () => {
    const gql = (query: string, variables: object, auth: { cookie?: string; token?: string }) =>
      call(server.baseUrl, "/graphql", { ...auth, body: { query, variables } });
    const created = await gql(
      "mutation($input: NewWebhookInput!) { createWebhook(input: $input) { webhook { id events } secret } }",
      { input: { url: HOOK, siteId: world.siteId, events: ["article.exported"] } },
      { cookie: world.owner.cookie },
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createWebhook.secret).toMatch(/^whsec_/);
    const listed = await gql("{ webhooks { id recentDeliveries { id } } }", {}, { cookie: world.owner.cookie });
    expect(listed.body.data.webhooks.map((w: { id: string }) => w.id)).toContain(created.body.data.createWebhook.webhook.id);
    const { token } = await makeKey(server.baseUrl, world.owner);
    const byKey = await gql("{ webhooks { id } }", {}, { token });
    expect(errorOf(byKey)).toEqual({ status: 401, error: "invalid_key" });
  });
});
