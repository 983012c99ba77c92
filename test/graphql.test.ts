// GraphQL for signed-in persons: the same brief operations as REST, plus what only persons do
// (members, keys, agents, credits), with roles declared on the fields.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPerson, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
let world: World;
let editor: Person;
let viewer: Person;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeWorld(server.baseUrl, server.db, 12);
  editor = await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor");
  viewer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Viewer");
});

async function gql(person: Person | undefined, query: string, variables: Record<string, unknown> = {}) {
  const reply = await call(server.baseUrl, "/graphql", { cookie: person?.cookie, body: { query, variables } });
  expect(reply.status).toBe(200);
  return reply.body as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
}

const codeOf = (result: { errors?: { extensions: { code: string } }[] }) => result.errors?.[0]?.extensions.code;

describe("briefs through GraphQL", () => {
  it("lets a person with an edit role create, change, read and estimate a brief", async () => {
    const made = await gql(editor, `mutation($i: BriefInput) { createBrief(input: $i) { id siteId language targetWords } }`, {
      i: { topic: "Tides", siteId: world.siteId, language: "en+it", targetWords: 4000 },
    });
    expect(made.data.createBrief).toMatchObject({ siteId: world.siteId, language: "en+it", targetWords: 3000 });
    const id = made.data.createBrief.id;
    const changed = await gql(editor, `mutation($id: String!) { updateBrief(id: $id, input: { tone: "formal" }) { tone } }`, {
      id,
    });
    expect(changed.data.updateBrief.tone).toBe("formal");
    const read = await gql(viewer, `query($id: String!) { brief(id: $id) { topic } }`, { id });
    expect(read.data.brief.topic).toBe("Tides");
    const estimate = await gql(editor, `query($id: String!) { estimateBrief(id: $id) { credits enough } }`, { id });
    expect(estimate.data.estimateBrief).toEqual({ credits: 2, enough: true });
  });

  it("refuses a Viewer's change with role_missing and a bad value with the domain's code", async () => {
    expect(codeOf(await gql(viewer, `mutation { createBrief(input: {}) { id } }`))).toBe("role_missing");
    expect(codeOf(await gql(editor, `mutation { createBrief(input: { language: "en+en" }) { id } }`))).toBe("invalid_language");
    expect(codeOf(await gql(editor, `mutation { createBrief(input: { angle: null }) { id } }`))).toBe("validation");
  });
});

describe("what only persons do", () => {
  it("makes and lists keys and agents, and the token works on REST", async () => {
    const made = await gql(
      editor,
      `mutation($i: NewCredentialInput!) { createApiKey(input: $i) { token key { id name scopes } } }`,
      { i: { name: "from graphql", siteId: world.siteId, scopes: ["read"], dailyCap: 5 } },
    );
    expect(made.data.createApiKey.token).toMatch(/^bz_live_/);
    const list = await gql(editor, `{ apiKeys { id } agents { id } }`);
    expect(list.data.apiKeys.map((k: { id: string }) => k.id)).toEqual([made.data.createApiKey.key.id]);
    const rest = await call(server.baseUrl, "/api/v1/briefs/00000000-0000-0000-0000-000000000000", {
      token: made.data.createApiKey.token,
    });
    expect(rest.status).toBe(404);
  });

  it("lets only the Owner manage members, sites and credits, and shows the balance to the Owner only", async () => {
    const add = `mutation { addMember(email: "new@example.com", password: "new-password", role: "Writer") { email role } }`;
    expect(codeOf(await gql(editor, add))).toBe("role_missing");
    expect((await gql(world.owner, add)).data.addMember).toEqual({ email: "new@example.com", role: "Writer" });
    expect((await gql(world.owner, `{ members { email role } }`)).data.members).toContainEqual({
      email: "new@example.com",
      role: "Writer",
    });

    expect(codeOf(await gql(editor, `{ creditBalance }`))).toBe("role_missing");
    expect((await gql(world.owner, `{ creditBalance }`)).data.creditBalance).toBe(12);
    expect((await gql(world.owner, `mutation { grantCredits(amount: 3) }`)).data.grantCredits).toBe(15);
    expect(codeOf(await gql(editor, `mutation { grantCredits(amount: 3) }`))).toBe("role_missing");

    const site = await gql(world.owner, `mutation { addSite(domain: "extra.example.org") { id domain status } }`);
    expect(site.data.addSite).toMatchObject({ domain: "extra.example.org", status: "ready" });
    expect(codeOf(await gql(editor, `mutation { addSite(domain: "x.example.org") { id } }`))).toBe("role_missing");

    expect((await gql(world.owner, `mutation { removeMember(email: "new@example.com") }`)).data.removeMember).toBe(0);
  });

  it("never reaches into another workspace's accounts", async () => {
    const other = await makeWorld(server.baseUrl, server.db);
    const taken = await gql(
      world.owner,
      `mutation($e: String!) { addMember(email: $e, password: "attacker-pass", role: "Editor") { email } }`,
      {
        e: other.owner.email,
      },
    );
    expect(codeOf(taken)).toBe("conflict");
    // The other person's password still works, and they did not join this workspace.
    const cookie = await call(server.baseUrl, "/api/v1/session", {
      body: { email: other.owner.email, password: other.owner.password },
    });
    expect(cookie.status).toBe(204);
    expect((await gql(world.owner, `{ members { email } }`)).data.members).not.toContainEqual({ email: other.owner.email });
  });

  it("refuses cross-site form posts and answers bad variables with validation", async () => {
    const form = await call(server.baseUrl, "/graphql", {
      cookie: world.owner.cookie,
      method: "POST",
      rawBody: "query=mutation%20%7B%20grantCredits(amount%3A%205)%20%7D",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    expect(form.body.error).toBe("validation");
    const badVariable = await gql(editor, `query($id: String!) { brief(id: $id) { id } }`, { id: 5 });
    expect(codeOf(badVariable)).toBe("validation");
    // A document that does not validate keeps graphql-yoga's standard code.
    expect(codeOf(await gql(editor, `{ nope }`))).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("refuses everything without a session", async () => {
    expect(codeOf(await gql(undefined, `{ me { name } }`))).toBe("invalid_key");
    expect(codeOf(await gql(undefined, `mutation { createBrief(input: {}) { id } }`))).toBe("invalid_key");
  });
});
