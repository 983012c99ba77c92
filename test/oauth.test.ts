// The OAuth 2.1 server for MCP clients, driven over HTTP the way a client and a person's browser
// drive it: metadata, registration, the authorization page (sign-in, consent, deny), the token
// endpoint with PKCE, single-use codes, rotating refresh tokens, revocation, and every refusal in
// the OAuth error shape. (The official SDK client and a real browser drive it in oauthClient.test.ts.)
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPerson, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startHttpsTestWeb, TEST_TLS } from "./support/httpsTestWeb.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { startTestWeb } from "./web/testWeb.ts";

let server: TestServer;
let world: World;
let base: string;
afterAll(() => server?.close());
beforeAll(async () => {
  // Every request of this file comes from 127.0.0.1; the limit itself is tested at the end.
  server = await startTestServer({ OAUTH_RATE_PER_MINUTE: "1000" }, { workers: false });
  world = await makeWorld(server.baseUrl, server.db);
  base = server.baseUrl;
});

const REDIRECT = "http://127.0.0.1:45999/callback";

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function register(body: unknown = { client_name: "Inspector", redirect_uris: [REDIRECT] }) {
  return call(base, "/api/v1/oauth/register", { body });
}

function authorizeQuery(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "st-123",
    ...extra,
  }).toString();
}

/** A browser's cookie jar, enough for one flow. */
class Browser {
  cookies = new Map<string, string>();
  constructor(person?: Person) {
    if (person) {
      const [name, value] = person.cookie.split("=");
      this.cookies.set(name as string, value as string);
    }
  }
  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = (pair as string).split("=");
      this.cookies.set(name as string, rest.join("="));
    }
  }
  async get(path: string) {
    const response = await fetch(base + path, { headers: { Cookie: this.header() }, redirect: "manual" });
    this.keep(response);
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  async post(path: string, form: [string, string][]) {
    const response = await fetch(base + path, {
      method: "POST",
      headers: { Cookie: this.header(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    this.keep(response);
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
}

const field = (html: string, name: string) => {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  return (m?.[1] ?? "").replace(/&amp;/g, "&").replace(/&quot;/g, '"');
};

/** Signs in on the page if needed and allows; returns the redirect back to the client. */
async function consent(browser: Browser, query: string, choices: [string, string][]) {
  let page = await browser.get(`/oauth/authorize?${query}`);
  expect(page.status).toBe(200);
  const form = (action: string, more: [string, string][]) =>
    browser.post("/oauth/authorize", [
      ["csrf", field(page.text, "csrf")],
      ["query", field(page.text, "query")],
      ["action", action],
      ...more,
    ]);
  if (page.text.includes('value="signin"')) {
    const signedIn = await form("signin", [
      ["email", world.owner.email],
      ["password", world.owner.password],
    ]);
    expect(signedIn.status).toBe(303);
    page = await browser.get(signedIn.headers.get("location") as string);
  }
  expect(page.text).toContain("Daily credit cap");
  return form("allow", choices);
}

const token = (form: Record<string, string>) =>
  call(base, "/api/v1/oauth/token", {
    rawBody: new URLSearchParams(form).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

const mcp = (accessToken: string) =>
  call(base, "/mcp/v1", {
    token: accessToken,
    body: { jsonrpc: "2.0", id: 1, method: "ping" },
    headers: { Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" },
  });

async function fullFlow(choices?: [string, string][]) {
  const client = (await register()).body as { client_id: string };
  const { verifier, challenge } = pkce();
  const back = await consent(
    new Browser(),
    authorizeQuery(client.client_id, challenge, { scope: "read edit brief" }),
    choices ?? [
      ["site", world.siteId],
      ["scope", "read"],
      ["scope", "edit"],
      ["dailyCap", "7"],
      ["name", "My inspector"],
    ],
  );
  expect(back.status).toBe(303);
  const location = new URL(back.headers.get("location") as string);
  const code = location.searchParams.get("code") as string;
  const exchanged = await token({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: client.client_id,
    code_verifier: verifier,
  });
  return { client, verifier, location, code, exchanged };
}

describe("metadata and registration", () => {
  it("publishes the authorization server metadata the spec lists, and names it from the resource metadata", async () => {
    const meta = (await call(base, "/.well-known/oauth-authorization-server")).body;
    expect(meta).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/api/v1/oauth/token`,
      registration_endpoint: `${base}/api/v1/oauth/register`,
      revocation_endpoint: `${base}/api/v1/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      scopes_supported: ["brief", "generate", "read", "edit", "export"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp/v1"]) {
      const resource = (await call(base, path)).body;
      expect(resource).toMatchObject({ resource: `${base}/mcp/v1`, authorization_servers: [base] });
    }
  });

  it("registers a client with 1 to 5 redirect addresses, https or http loopback", async () => {
    const ok = await register({
      client_name: "Desk",
      redirect_uris: ["https://app.example/cb", "http://localhost:3000/cb", "http://[::1]:9/cb"],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.client_id).toMatch(/^bzc_/);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const refused = [
      { redirect_uris: [] },
      { redirect_uris: Array.from({ length: 6 }, (_, i) => `https://app.example/${i}`) },
      { redirect_uris: ["http://app.example/cb"] },
      { redirect_uris: ["ftp://app.example/cb"] },
      { redirect_uris: ["https://app.example/cb#frag"] },
      { redirect_uris: [`https://app.example/${"x".repeat(500)}`] },
      { redirect_uris: "https://app.example/cb" },
    ];
    for (const body of refused) {
      const reply = await register(body);
      expect([reply.status, reply.body.error], JSON.stringify(body)).toEqual([400, "invalid_redirect_uri"]);
      expect(reply.body.error_description).toEqual(expect.any(String));
    }
    expect(
      (
        await call(base, "/api/v1/oauth/register", {
          rawBody: "redirect_uris=x",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).body.error,
    ).toBe("invalid_request");
  });
});

describe("the authorization page", () => {
  it("shows an unknown client or redirect address on the page and never redirects", async () => {
    const { challenge } = pkce();
    const unknown = await new Browser().get(`/oauth/authorize?${authorizeQuery("bzc_nope", challenge)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("location")).toBeNull();
    expect(unknown.text).toContain("cannot go on");
    const client = (await register()).body.client_id as string;
    const elsewhere = await new Browser().get(
      `/oauth/authorize?${authorizeQuery(client, challenge, { redirect_uri: "http://127.0.0.1:45999/other" })}`,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get("location")).toBeNull();
  });

  it("sends other refusals back to the client with error, state and iss", async () => {
    const client = (await register()).body.client_id as string;
    const { challenge } = pkce();
    const cases: [Record<string, string>, string][] = [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "short" }, "invalid_request"],
      [{ resource: "https://elsewhere.example/mcp/v1" }, "invalid_target"],
    ];
    for (const [extra, error] of cases) {
      const reply = await new Browser().get(`/oauth/authorize?${authorizeQuery(client, challenge, extra)}`);
      expect(reply.status, JSON.stringify(extra)).toBe(302);
      const location = new URL(reply.headers.get("location") as string);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({ error, state: "st-123", iss: base });
    }
    const right = await new Browser().get(
      `/oauth/authorize?${authorizeQuery(client, challenge, { resource: `${base}/mcp/v1` })}`,
    );
    expect(right.status).toBe(200);
  });

  it("serves a page that cannot be framed and runs no script, and refuses a form without its CSRF token", async () => {
    const client = (await register()).body.client_id as string;
    const browser = new Browser(world.owner);
    const page = await browser.get(`/oauth/authorize?${authorizeQuery(client, pkce().challenge)}`);
    const csp = page.headers.get("content-security-policy") as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src");
    expect(page.text).not.toContain("<script");
    expect(page.text).toContain('<label for="site">Site</label>');
    const forged = await browser.post("/oauth/authorize", [
      ["csrf", "x".repeat(43)],
      ["query", field(page.text, "query")],
      ["action", "allow"],
      ["site", world.siteId],
      ["scope", "read"],
    ]);
    expect(forged.status).toBe(403);
    expect(forged.headers.get("location")).toBeNull();
  });

  it("shows the client's name as quoted data, escaped", async () => {
    const client = (await register({ client_name: '<img src=x onerror=alert(1)>"Evil"', redirect_uris: [REDIRECT] })).body
      .client_id as string;
    const page = await new Browser(world.owner).get(`/oauth/authorize?${authorizeQuery(client, pkce().challenge)}`);
    expect(page.text).not.toContain("<img src=x");
    expect(page.text).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;Evil&quot;");
  });

  it("offers only the scopes asked, and tells a person without an edit role why they cannot allow", async () => {
    const client = (await register()).body.client_id as string;
    const page = await new Browser(world.owner).get(
      `/oauth/authorize?${authorizeQuery(client, pkce().challenge, { scope: "read export unknown" })}`,
    );
    expect([...page.text.matchAll(/name="scope" value="(\w+)"/g)].map((m) => m[1])).toEqual(["read", "export"]);
    const viewer = await addPerson(base, server.db, world.workspaceId, "Viewer");
    const refused = await new Browser(viewer).get(`/oauth/authorize?${authorizeQuery(client, pkce().challenge)}`);
    expect(refused.text).toContain("cannot connect agents");
    expect(refused.text).not.toContain('value="allow"');
  });

  it("redirects a denial with access_denied, state and iss", async () => {
    const client = (await register()).body.client_id as string;
    const browser = new Browser(world.owner);
    const page = await browser.get(`/oauth/authorize?${authorizeQuery(client, pkce().challenge)}`);
    const denied = await browser.post("/oauth/authorize", [
      ["csrf", field(page.text, "csrf")],
      ["query", field(page.text, "query")],
      ["action", "deny"],
    ]);
    expect(denied.status).toBe(303);
    expect(Object.fromEntries(new URL(denied.headers.get("location") as string).searchParams)).toEqual({
      error: "access_denied",
      state: "st-123",
      iss: base,
    });
  });
});

describe("codes and tokens", () => {
  it("signs a person in on the page, lets them allow, and exchanges the code for an agent's tokens", async () => {
    const { location, exchanged } = await fullFlow();
    expect(location.searchParams.get("code")).toMatch(/^bz_code_[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get("state")).toBe("st-123");
    expect(location.searchParams.get("iss")).toBe(base);
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.get("cache-control")).toBe("no-store");
    expect(exchanged.body).toEqual({
      access_token: expect.stringMatching(/^bz_mcp_live_[A-Za-z0-9_-]{43}$/),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^bz_mcp_refresh_[A-Za-z0-9_-]{43}$/),
      scope: "read edit",
    });
    expect((await mcp(exchanged.body.access_token)).status).toBe(200);
    const agents = await call(base, "/api/v1/developer/mcp/agents", { cookie: world.owner.cookie });
    expect(agents.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "My inspector", scopes: ["read", "edit"], dailyCap: 7 })]),
    );
  });

  it("takes a code once: a second use is refused and revokes what the first gave", async () => {
    const { client, verifier, code, exchanged } = await fullFlow();
    const again = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: verifier,
    });
    expect([again.status, again.body.error]).toEqual([400, "invalid_grant"]);
    expect((await mcp(exchanged.body.access_token)).status).toBe(401);
  });

  it("refuses a wrong verifier, another client, another redirect address, an unknown client and grant", async () => {
    const client = (await register()).body.client_id as string;
    const other = (await register()).body.client_id as string;
    const { challenge, verifier } = pkce();
    const back = await consent(new Browser(), authorizeQuery(client, challenge), [
      ["site", world.siteId],
      ["scope", "read"],
      ["dailyCap", "5"],
      ["name", "x"],
    ]);
    const code = new URL(back.headers.get("location") as string).searchParams.get("code") as string;
    const base = { grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id: client, code_verifier: verifier };
    expect((await token({ ...base, code_verifier: pkce().verifier })).body.error).toBe("invalid_grant");
    expect((await token({ ...base, client_id: other })).body.error).toBe("invalid_grant");
    expect((await token({ ...base, redirect_uri: "http://127.0.0.1:45999/other" })).body.error).toBe("invalid_grant");
    const unknown = await token({ ...base, client_id: "bzc_unknown" });
    expect([unknown.status, unknown.body.error]).toEqual([401, "invalid_client"]);
    expect((await token({ ...base, grant_type: "password" })).body.error).toBe("unsupported_grant_type");
    expect((await token({ ...base, resource: "https://elsewhere.example/mcp/v1" })).body.error).toBe("invalid_target");
    expect((await token({ code })).body.error).toBe("invalid_request");
  });

  it("rotates refresh tokens, and an old one presented again revokes the agent and all its tokens", async () => {
    const { client, exchanged } = await fullFlow();
    const first = exchanged.body;
    const refreshed = await call(base, "/api/v1/oauth/token", {
      body: { grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: client.client_id },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect((await mcp(refreshed.body.access_token)).status).toBe(200);
    expect((await mcp(first.access_token)).status).toBe(401);
    const replay = await token({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: client.client_id });
    expect([replay.status, replay.body.error]).toEqual([400, "invalid_grant"]);
    expect((await mcp(refreshed.body.access_token)).status).toBe(401);
    const after = await token({
      grant_type: "refresh_token",
      refresh_token: refreshed.body.refresh_token,
      client_id: client.client_id,
    });
    expect(after.body.error).toBe("invalid_grant");
  });

  it("revokes on request, always answering 200", async () => {
    const { client, exchanged } = await fullFlow();
    const revoke = (body: Record<string, string>) =>
      call(base, "/api/v1/oauth/revoke", {
        rawBody: new URLSearchParams(body).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    expect((await revoke({ token: "bz_mcp_refresh_unknown" })).status).toBe(200);
    expect((await revoke({ token: exchanged.body.access_token, client_id: "bzc_other" })).status).toBe(200);
    expect((await mcp(exchanged.body.access_token)).status).toBe(200);
    expect((await revoke({ token: exchanged.body.refresh_token, client_id: client.client_id })).status).toBe(200);
    expect((await mcp(exchanged.body.access_token)).status).toBe(401);
  });

  it("lets an access token lapse after its hour", async () => {
    const { exchanged } = await fullFlow();
    await server.db.pool.query(
      `UPDATE credential SET expires_at = now() - interval '1 second' WHERE oauth_client_id IS NOT NULL AND name = 'My inspector'`,
    );
    expect((await mcp(exchanged.body.access_token)).status).toBe(401);
  });
});

describe("rate limits (OAUTH_RATE_PER_MINUTE)", () => {
  it("refuses a client address past its requests a minute, in the OAuth error shape with Retry-After", async () => {
    const limited = await startTestServer({ OAUTH_RATE_PER_MINUTE: "3" }, { workers: false });
    try {
      const replies = [];
      for (let i = 0; i < 4; i++)
        replies.push(await call(limited.baseUrl, "/api/v1/oauth/register", { body: { redirect_uris: [REDIRECT] } }));
      expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 429]);
      expect(replies[3]?.body.error).toBe("rate_limited");
      expect(Number(replies[3]?.headers.get("retry-after"))).toBeGreaterThan(0);
      // Each endpoint counts on its own.
      expect((await call(limited.baseUrl, "/api/v1/oauth/revoke", { body: { token: "x" } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("client metadata documents (an https client_id)", () => {
  it("fetches the document through the hardened fetcher, keeps it an hour, and refuses one that does not name itself", async () => {
    const web = await startTestWeb();
    let fetched = 0;
    const documents = new Map<string, unknown>();
    const front = await startHttpsTestWeb(web, (host, path, res) => {
      if (host !== "pages.test") return false;
      const body = documents.get(path);
      if (path === "/redirect.json") {
        res.writeHead(302, { location: "/client.json" });
        res.end();
        return true;
      }
      if (body === undefined) {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not found");
        return true;
      }
      fetched++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
      return true;
    });
    const env = { FETCH_ALLOW_ADDRESSES: "127.0.0.1", FETCH_HOST_MAP: "pages.test=127.0.0.1", OAUTH_RATE_PER_MINUTE: "1000" };
    const documented = await startTestServer(env, { workers: false, fetch: { testTlsCa: TEST_TLS.cert } });
    try {
      const clientId = `https://pages.test:${front.port}/client.json`;
      documents.set("/client.json", { client_id: clientId, client_name: "Documented client", redirect_uris: [REDIRECT] });
      documents.set("/other.json", { client_id: "https://elsewhere.example/client.json", redirect_uris: [REDIRECT] });
      documents.set("/big.json", {
        client_id: `https://pages.test:${front.port}/big.json`,
        redirect_uris: [REDIRECT],
        pad: "x".repeat(17_000),
      });
      const page = (id: string) =>
        fetch(`${documented.baseUrl}/oauth/authorize?${authorizeQuery(id, pkce().challenge)}`, { redirect: "manual" });

      const first = await page(clientId);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain("Documented client");
      expect((await page(clientId)).status).toBe(200);
      expect(fetched).toBe(1);

      for (const path of ["/other.json", "/big.json", "/redirect.json", "/missing.json"]) {
        const refused = await page(`https://pages.test:${front.port}${path}`);
        expect(refused.status, path).toBe(400);
        expect(refused.headers.get("location"), path).toBeNull();
      }
    } finally {
      await documented.close();
      await front.close();
      await web.close();
    }
  });
});
