// /mcp/v1 as far as it exists now: agent tokens only (prefix tied to the path), the challenge
// with resource_metadata, the request limit, and the protocol's lifecycle over Streamable HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { awaitRoomInWindow } from "./support/rateWindow.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
let world: World;
let agentToken: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeWorld(server.baseUrl, server.db);
  const made = await call(server.baseUrl, "/api/v1/developer/mcp/agents", {
    cookie: world.owner.cookie,
    body: { name: "desk bot", siteId: world.siteId, scopes: ["read", "brief"], dailyCap: 5 },
  });
  agentToken = made.body.token;
});

const rpc = (token: string | undefined, message: unknown, headers: Record<string, string> = {}) =>
  call(server.baseUrl, "/mcp/v1", {
    token,
    body: message,
    headers: { Accept: "application/json, text/event-stream", ...headers },
  });

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test", version: "1" } },
};

describe("authentication on /mcp/v1", () => {
  it("accepts an agent token and answers initialize", async () => {
    const reply = await rpc(agentToken, initialize);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2025-11-25", capabilities: { tools: {} } },
    });
    expect(reply.headers.get("ratelimit-policy")).toBe('"requests";q=60;w=60');
  });

  it("refuses an API key as unknown, with a challenge naming the resource metadata", async () => {
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
    for (const sent of [token, undefined, "bz_mcp_live_short"]) {
      const reply = await rpc(sent, initialize);
      expect(errorOf(reply)).toEqual({ status: 401, error: "invalid_key" });
      expect(reply.headers.get("www-authenticate")).toBe(
        `Bearer error="invalid_token", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp/v1"`,
      );
    }
  });

  it("serves the protected resource metadata it names", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp/v1", "/.well-known/oauth-protected-resource"]) {
      const reply = await call(server.baseUrl, path);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        resource: `${server.baseUrl}/mcp/v1`,
        bearer_methods_supported: ["header"],
        scopes_supported: ["brief", "generate", "read", "edit", "export"],
      });
    }
  });

  it("refuses a revoked agent", async () => {
    const made = await call(server.baseUrl, "/api/v1/developer/mcp/agents", {
      cookie: world.owner.cookie,
      body: { name: "short-lived", siteId: world.siteId, scopes: ["read"], dailyCap: 5 },
    });
    expect((await rpc(made.body.token, initialize)).status).toBe(200);
    await call(server.baseUrl, `/api/v1/developer/mcp/agents/${made.body.agent.id}`, {
      cookie: world.owner.cookie,
      method: "DELETE",
    });
    expect(errorOf(await rpc(made.body.token, initialize))).toEqual({ status: 401, error: "invalid_key" });
  });
});

describe("the transport", () => {
  it("answers ping, lists the tools of the token's scopes, and accepts notifications with 202", async () => {
    expect((await rpc(agentToken, { jsonrpc: "2.0", id: "p", method: "ping" })).body).toEqual({
      jsonrpc: "2.0",
      id: "p",
      result: {},
    });
    // read and brief: the tools of those scopes only (test/mcpTools.test.ts covers every scope).
    const listed = (await rpc(agentToken, { jsonrpc: "2.0", id: 2, method: "tools/list" })).body.result.tools;
    expect(listed.map((t: { name: string }) => t.name)).toEqual(["site.read", "brief.create", "sources.check", "article.read"]);
    const note = await rpc(agentToken, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(note.status).toBe(202);
    expect((await rpc(agentToken, { jsonrpc: "2.0", id: 3, method: "resources/list" })).body.error.code).toBe(-32601);
  });

  it("refuses a foreign Origin, GET, malformed JSON and an unknown protocol version", async () => {
    expect(errorOf(await rpc(agentToken, initialize, { Origin: "https://evil.example" }))).toEqual({
      status: 403,
      error: "forbidden_origin",
    });
    expect((await rpc(agentToken, initialize, { Origin: server.baseUrl })).status).toBe(200);
    const get = await call(server.baseUrl, "/mcp/v1", { token: agentToken });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const bad = await call(server.baseUrl, "/mcp/v1", {
      token: agentToken,
      rawBody: "{",
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(-32700);
    expect((await rpc(agentToken, initialize, { "MCP-Protocol-Version": "1999-01-01" })).status).toBe(400);
  });

  it("counts each MCP request against the agent's 60 a minute", async () => {
    const made = await call(server.baseUrl, "/api/v1/developer/mcp/agents", {
      cookie: world.owner.cookie,
      body: { name: "busy bot", siteId: world.siteId, scopes: ["read"], dailyCap: 5 },
    });
    await awaitRoomInWindow(server.db);
    for (let i = 0; i < 60; i++) expect((await rpc(made.body.token, { jsonrpc: "2.0", id: i, method: "ping" })).status).toBe(200);
    const refused = await rpc(made.body.token, { jsonrpc: "2.0", id: 61, method: "ping" });
    expect(errorOf(refused)).toEqual({ status: 429, error: "rate_limited" });
    expect(refused.body.message).toMatch(/60 requests a minute per agent/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
