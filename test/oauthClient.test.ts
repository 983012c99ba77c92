// Real OAuth clients against the running service, given only its /mcp/v1 address, with a person
// at the consent page in a real browser (headless Chromium from Debian's package, driven through
// playwright-core by the fields' labels):
// - the official MCP SDK client (@modelcontextprotocol/sdk): discovery from the 401's
//   resource_metadata, dynamic registration, the authorization code with PKCE, tools over the
//   Streamable HTTP transport, a refresh of its own when the access token lapses, and the agent
//   revoked when an old refresh token comes back;
// - oauth4webapi as a strict second client, which checks `iss` on every authorization response
//   (allow, deny, and a refusal redirected before the page), validates the metadata documents,
//   and exchanges and refreshes by the RFC.
// The HTTP-level rules and refusals are in oauth.test.ts.
import { randomBytes } from "node:crypto";
import {
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  refreshAuthorization,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InvalidGrantError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import * as oauth from "oauth4webapi";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWorld, type World } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import {
  browserSkipReason,
  type ConsentChoices,
  consentAsPerson,
  launchBrowser,
  type PersonBrowser,
  type RedirectCatcher,
  startRedirectCatcher,
} from "./support/oauthBrowser.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);
const titled = (title: string) => (skipReason ? `${title} (skipped: ${skipReason})` : title);

const ALL_SCOPES = ["brief", "generate", "read", "edit", "export"];
/** The spec's tools ("Tool interface"): what tools/list may name for an agent with every scope. */
const SPEC_TOOLS = [
  "site.read",
  "brief.create",
  "sources.check",
  "article.write",
  "article.add_languages",
  "article.read",
  "source.add",
  "export.render",
];

let server: TestServer;
let world: World;
let base: string;
let browser: PersonBrowser;
let catcher: RedirectCatcher;
let page: Page;

afterAll(async () => {
  await browser?.close();
  await catcher?.close();
  await server?.close();
});

beforeAll(async () => {
  if (skipReason) return;
  // Every request of this file comes from 127.0.0.1; OAuth rate limits are tested in oauth.test.ts.
  server = await startTestServer({ OAUTH_RATE_PER_MINUTE: "1000" }, { workers: false });
  base = server.baseUrl;
  world = await makeWorld(base, server.db);
  catcher = await startRedirectCatcher();
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

/** What the person does on the consent page, unless a test says otherwise. */
const person = (choices: Partial<ConsentChoices>): ConsentChoices => ({
  email: world.owner.email,
  password: world.owner.password,
  site: "news.example.com",
  scopes: ALL_SCOPES,
  dailyCap: 5,
  name: "agent",
  button: "Allow",
  ...choices,
});

/** A bare MCP request with a bearer token, to see what the service answers a token. */
const mcpPing = (token: string) =>
  call(base, "/mcp/v1", {
    token,
    body: { jsonrpc: "2.0", id: 1, method: "ping" },
    headers: { Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" },
  });

const agentsOf = async () =>
  (await call(base, "/api/v1/developer/mcp/agents", { cookie: world.owner.cookie })).body as {
    name: string;
    scopes: string[];
    dailyCap: number;
  }[];

/** An MCP client application's OAuth state, kept in memory as the SDK asks a provider to. */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier: string | undefined;
  discovery: OAuthDiscoveryState | undefined;
  /** Where the SDK asked to send the person, in order. */
  authorizationUrls: URL[] = [];
  /** The `state` values the SDK sent, in order. */
  states: string[] = [];

  constructor(private readonly redirectUri: string) {}

  get redirectUrl() {
    return this.redirectUri;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "SDK test client",
      redirect_uris: [this.redirectUri],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() {
    const state = randomBytes(16).toString("base64url");
    this.states.push(state);
    return state;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error("no code verifier saved");
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "client") this.client = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
  }
}

describe.skipIf(!!skipReason)(titled("the official MCP SDK client, given only the /mcp/v1 address"), () => {
  let provider: MemoryProvider;
  /** Every request the SDK made, as `METHOD path`. */
  const requests: string[] = [];
  const recordingFetch: FetchLike = async (url, init) => {
    requests.push(`${init?.method ?? "GET"} ${new URL(url).pathname}`);
    const response = await fetch(url, init);
    // The in-process server (@hono/node-server) replaces globalThis.Response with its own class,
    // so fetch's answers fail the SDK's `instanceof Response` when it reads an OAuth error body:
    // an error answer (a finite body) is handed over as an instance of the current global.
    if (response.ok) return response;
    const { status, statusText, headers } = response;
    return new Response(await response.arrayBuffer(), { status, statusText, headers });
  };
  const transport = () =>
    new StreamableHTTPClientTransport(new URL(`${base}/mcp/v1`), { authProvider: provider, fetch: recordingFetch });
  let client: Client;

  beforeAll(() => {
    if (!skipReason) provider = new MemoryProvider(catcher.redirectUri);
  });
  afterAll(() => client?.close());

  it("discovers the authorization server from the 401, registers, and asks to send the person to the consent page", async () => {
    const first = new Client({ name: "oauth-test", version: "1.0.0" });
    await expect(first.connect(transport())).rejects.toBeInstanceOf(UnauthorizedError);
    expect(requests.slice(0, 4)).toEqual([
      "POST /mcp/v1",
      "GET /.well-known/oauth-protected-resource/mcp/v1",
      "GET /.well-known/oauth-authorization-server",
      "POST /api/v1/oauth/register",
    ]);
    expect(provider.client?.client_id).toMatch(/^bzc_/);
    expect(provider.authorizationUrls).toHaveLength(1);
    const url = provider.authorizationUrls[0] as URL;
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: provider.client?.client_id,
      redirect_uri: catcher.redirectUri,
      code_challenge_method: "S256",
      state: provider.states[0],
      resource: `${base}/mcp/v1`,
      scope: ALL_SCOPES.join(" "),
    });
  });

  it("the person signs in and allows in the browser; the SDK exchanges the code it is sent back with", async () => {
    const seen = await consentAsPerson(
      page,
      String(provider.authorizationUrls[0]),
      person({ dailyCap: 7, name: "SDK agent", scopes: ALL_SCOPES }),
    );
    expect(seen.signedIn).toBe(true);
    expect(seen.offered).toEqual(ALL_SCOPES);
    expect(seen.text).toContain("SDK test client");
    expect(seen.text).toContain(new URL(catcher.redirectUri).host);

    const back = await catcher.next();
    expect(`${back.origin}${back.pathname}`).toBe(catcher.redirectUri);
    expect(back.searchParams.get("code")).toMatch(/^bz_code_[A-Za-z0-9_-]{43}$/);
    expect(back.searchParams.get("state")).toBe(provider.states[0]);
    expect(back.searchParams.get("iss")).toBe(base);

    await transport().finishAuth(back.searchParams.get("code") as string);
    expect(provider.saved).toMatchObject({
      access_token: expect.stringMatching(/^bz_mcp_live_[A-Za-z0-9_-]{43}$/),
      refresh_token: expect.stringMatching(/^bz_mcp_refresh_[A-Za-z0-9_-]{43}$/),
      expires_in: 3600,
      scope: ALL_SCOPES.join(" "),
    });
    expect((provider.saved?.token_type ?? "").toLowerCase()).toBe("bearer");
    expect(await agentsOf()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "SDK agent", scopes: ALL_SCOPES, dailyCap: 7 })]),
    );
  });

  it("connects with its token, lists the tools its scopes cover, calls each and pings", async () => {
    client = new Client({ name: "oauth-test", version: "1.0.0" });
    await client.connect(transport());
    expect(await client.ping()).toEqual({});
    const { tools } = await client.listTools();
    const listed = tools.map((t) => t.name);
    // TODO(issue 13, facades/mcp/tools/): if tools/list is empty, the tools have not landed on this
    // branch yet; nothing below runs then. Once they have, this agent (every scope) sees all eight.
    if (listed.length === 0) return;
    expect([...listed].sort()).toEqual([...SPEC_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description, tool.name).toEqual(expect.any(String));
      expect(tool.inputSchema, tool.name).toMatchObject({ type: "object", additionalProperties: false });
    }

    /** Calls a tool and checks the spec's result shape; answers the REST body and whether it was refused. */
    const use = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text: string }[];
      expect(content, name).toHaveLength(1);
      expect(content[0]?.type, name).toBe("text");
      expect(content[0]?.text.split("\n")[0], name).toMatch(/source_text/);
      expect(result.structuredContent, name).toEqual(expect.any(Object));
      const body = result.structuredContent as Record<string, any>;
      if (result.isError) expect(body, name).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      else expect(result.isError ?? false, name).toBe(false);
      return { body, refused: result.isError === true };
    };
    const topic = "Dredging the harbour channel";
    await use("site.read", {});
    const brief = await use("brief.create", {
      topic,
      purpose: "news",
      mustInclude: ["dredging"],
      useUrls: ["https://news.example.org/story"],
    });
    expect(brief).toMatchObject({ refused: false, body: { briefId: expect.any(String), credits: 1, enough: true } });
    await use("sources.check", { topic });
    const written = await use("article.write", { briefId: brief.body.briefId });
    expect(written).toMatchObject({ refused: false, body: { articleId: expect.any(String), jobId: expect.any(String) } });
    const articleId = written.body.articleId as string;
    expect(await use("article.read", { articleId })).toMatchObject({ refused: false, body: { id: articleId } });
    await use("article.add_languages", { articleId, languages: ["fr"] });
    await use("source.add", { articleId, claimId: "no-such-claim", url: "https://example.com/report" });
    await use("export.render", { articleId, format: "markdown" });
    // An unknown argument is refused (as a tool error or a JSON-RPC error, both refuse it).
    const unknown = await client
      .callTool({ name: "article.read", arguments: { articleId, also: true } })
      .then((result) => result.isError === true)
      .catch(() => true);
    expect(unknown).toBe(true);
  });

  it("refreshes on its own when the access token has lapsed, and the new refresh token replaces the old", async () => {
    const before = provider.saved as OAuthTokens;
    // The hour passes: the agent's access token lapses (its refresh token does not).
    await server.db.pool.query(`UPDATE credential SET expires_at = now() - interval '1 second' WHERE oauth_client_id = $1`, [
      provider.client?.client_id,
    ]);
    expect((await mcpPing(before.access_token)).status).toBe(401);
    const posts = requests.filter((r) => r === "POST /api/v1/oauth/token").length;
    expect(await client.ping()).toEqual({});
    expect(requests.filter((r) => r === "POST /api/v1/oauth/token").length).toBe(posts + 1);
    const after = provider.saved as OAuthTokens;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).toMatch(/^bz_mcp_refresh_/);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(provider.authorizationUrls).toHaveLength(1);

    // An old refresh token presented again (a thief's copy): refused, and the agent is revoked.
    const replay = refreshAuthorization(base, {
      metadata: provider.discovery?.authorizationServerMetadata,
      clientInformation: provider.client as OAuthClientInformationMixed,
      refreshToken: before.refresh_token as string,
      fetchFn: recordingFetch,
    });
    await expect(replay).rejects.toBeInstanceOf(InvalidGrantError);
    expect((await mcpPing(after.access_token)).status).toBe(401);
    // The SDK's next call finds its own refresh token dead too and would send the person back.
    await expect(client.ping()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrls).toHaveLength(2);
  });
});

describe.skipIf(!!skipReason)(titled("oauth4webapi, a strict client that checks iss on every authorization response"), () => {
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  let resource: URL;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;

  /** An authorization request as the client builds it: PKCE, state, resource, scope. */
  async function authorizationRequest(extra: Record<string, string> = {}) {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint as string);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: catcher.redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      resource: resource.href,
      scope: "read brief export",
      ...extra,
    }))
      url.searchParams.set(name, value);
    return { url, verifier, state };
  }

  beforeAll(() => {
    if (!skipReason) resource = new URL(`${base}/mcp/v1`);
  });

  it("discovers through the resource's metadata, validated, and registers", async () => {
    const challenge = await call(base, "/mcp/v1", {
      body: { jsonrpc: "2.0", id: 1, method: "ping" },
      headers: { Accept: "application/json, text/event-stream" },
    });
    expect(challenge.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge.headers.get("www-authenticate") ?? "")?.[1];
    expect(metadataUrl).toBe(`${base}/.well-known/oauth-protected-resource/mcp/v1`);
    // The document it names is the one RFC 9728 places for this resource, and names this resource.
    const rs = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
    expect(rs.authorization_servers).toEqual([base]);
    const issuer = new URL(rs.authorization_servers?.[0] as string);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oauth2" }));
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);

    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { client_name: "Strict client", redirect_uris: [catcher.redirectUri], token_endpoint_auth_method: "none" },
        insecure,
      ),
    );
    client = { client_id: registered.client_id, token_endpoint_auth_method: "none" };
    expect(client.client_id).toMatch(/^bzc_/);
  });

  it("takes the code from a response whose iss it checked, exchanges it, refreshes, and loses the agent on a replay", async () => {
    const { url, verifier, state } = await authorizationRequest();
    const seen = await consentAsPerson(page, url.href, person({ scopes: ["read", "brief"], dailyCap: 3, name: "Strict agent" }));
    expect(seen.offered).toEqual(["brief", "read", "export"]);
    const back = await catcher.next();

    // Strict: the response must carry this issuer's iss.
    const forged = new URL(back);
    forged.searchParams.set("iss", "https://elsewhere.example");
    expect(() => oauth.validateAuthResponse(as, client, forged, state)).toThrow(/"iss"/);
    const stripped = new URL(back);
    stripped.searchParams.delete("iss");
    expect(() => oauth.validateAuthResponse(as, client, stripped, state)).toThrow(/"iss"/);
    const params = oauth.validateAuthResponse(as, client, back, state);

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, catcher.redirectUri, verifier, {
        ...insecure,
        additionalParameters: { resource: resource.href },
      }),
    );
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "brief read" });
    expect(tokens.access_token).toMatch(/^bz_mcp_live_/);
    const ping = await mcpPing(tokens.access_token);
    expect(ping.status).toBe(200);
    expect(await agentsOf()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Strict agent", scopes: ["brief", "read"], dailyCap: 3 })]),
    );

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token as string, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpPing(refreshed.access_token)).status).toBe(200);
    expect((await mcpPing(tokens.access_token)).status).toBe(401);

    const replay = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token as string, insecure),
    );
    await expect(replay).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await mcpPing(refreshed.access_token)).status).toBe(401);
  });

  it("finds iss on a denial and on a refusal redirected before the page, and reads them as errors", async () => {
    const denied = await authorizationRequest();
    await consentAsPerson(page, denied.url.href, person({ button: "Deny" }));
    const deniedBack = await catcher.next();
    // validateAuthResponse checks iss (and state) before it reads the error: an error thrown here
    // means both were right.
    let error: unknown;
    try {
      oauth.validateAuthResponse(as, client, deniedBack, denied.state);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect((error as oauth.AuthorizationResponseError).error).toBe("access_denied");

    const elsewhere = await authorizationRequest({ resource: "https://elsewhere.example/mcp/v1" });
    await page.goto(elsewhere.url.href);
    const refusedBack = await catcher.next();
    error = undefined;
    try {
      oauth.validateAuthResponse(as, client, refusedBack, elsewhere.state);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect((error as oauth.AuthorizationResponseError).error).toBe("invalid_target");
  });
});
