// The HTTP edge as a browser, an attacker's page or a misconfigured proxy meets it, over real
// sockets: which origins may read answers (CORS), which Host names the service answers to and the
// origin it names itself by, the headers on every answer and on HTML pages, and 405 with Allow.
import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf, readStreamBody } from "./support/http.ts";
import { type ServiceProcess, startServiceProcess } from "./support/serviceProcess.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

const LISTED = "https://app.example";
const EVIL = "https://evil.example";

let server: TestServer; // loopback, BASE_URL unset, CORS_ORIGINS lists LISTED
let world: World;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: `${LISTED}/` }, { workers: false });
  world = await makeWorld(server.baseUrl, server.db);
  token = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId })).token;
}, 60_000);
afterAll(() => server?.close());

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A request with headers fetch will not send as given (Host): node:http, connecting to `baseUrl`. */
function raw(baseUrl: string, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<RawReply>((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method: options.method ?? "GET", headers: options.headers });
    request.on("response", (response) => {
      void readStreamBody(response).then(({ body }) =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const portOf = (baseUrl: string) => new URL(baseUrl).port;
const graphqlGet = `/graphql?query=${encodeURIComponent("{ __typename }")}`;

describe("CORS on /graphql: credentials only for listed origins", () => {
  it("gives a page of another origin nothing to read a signed-in person's answer with", async () => {
    const reply = await call(server.baseUrl, graphqlGet, { cookie: world.owner.cookie, headers: { Origin: EVIL } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("access-control-allow-origin")).toBeNull();
    expect(reply.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("lets a listed origin read with credentials, and read the limit headers", async () => {
    const reply = await call(server.baseUrl, graphqlGet, { cookie: world.owner.cookie, headers: { Origin: LISTED } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("access-control-allow-origin")).toBe(LISTED);
    expect(reply.headers.get("access-control-allow-credentials")).toBe("true");
    expect(reply.headers.get("vary")).toMatch(/Origin/i);
    expect(reply.headers.get("access-control-expose-headers")).toContain("RateLimit");
  });

  it("answers a listed origin's pre-flight with 204, and refuses another's without CORS headers", async () => {
    const preflight = (origin: string) =>
      call(server.baseUrl, "/graphql", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
      });
    const listed = await preflight(LISTED);
    expect(listed.status).toBe(204);
    expect(listed.headers.get("access-control-allow-origin")).toBe(LISTED);
    expect(listed.headers.get("access-control-allow-credentials")).toBe("true");
    expect(listed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(listed.headers.get("access-control-allow-headers")).toContain("Content-Type");
    expect(Number(listed.headers.get("access-control-max-age"))).toBeGreaterThan(0);

    const evil = await preflight(EVIL);
    expect(errorOf(evil)).toEqual({ status: 403, error: "forbidden_origin" });
    expect([...evil.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
  });
});

describe("CORS on /api/v1: bearer tokens from any origin, never cookies", () => {
  it("answers any origin's pre-flight with the headers a token caller needs, without credentials", async () => {
    const reply = await call(server.baseUrl, "/api/v1/briefs/any", {
      method: "OPTIONS",
      headers: {
        Origin: EVIL,
        "Access-Control-Request-Method": "PATCH",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    expect(reply.headers.get("access-control-allow-credentials")).toBeNull();
    expect(reply.headers.get("access-control-allow-methods")).toContain("PATCH");
    for (const header of ["Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID"]) {
      expect(reply.headers.get("access-control-allow-headers")).toContain(header);
    }
  });

  it("lets any origin read a token's answer and its limit headers, errors included", async () => {
    const ok = await call(server.baseUrl, "/api/v1/articles", { token, headers: { Origin: EVIL } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    expect(ok.headers.get("access-control-allow-credentials")).toBeNull();
    const exposed = ok.headers.get("access-control-expose-headers") ?? "";
    for (const header of ["RateLimit", "RateLimit-Policy", "Retry-After", "X-Request-Id"]) expect(exposed).toContain(header);

    const refused = await call(server.baseUrl, "/api/v1/articles", { headers: { Origin: EVIL } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("gives credentials on /api/v1 to listed origins only", async () => {
    const listed = await call(server.baseUrl, "/api/v1/developer/keys", {
      cookie: world.owner.cookie,
      headers: { Origin: LISTED },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("access-control-allow-origin")).toBe(LISTED);
    expect(listed.headers.get("access-control-allow-credentials")).toBe("true");
    const other = await call(server.baseUrl, "/api/v1/developer/keys", { cookie: world.owner.cookie, headers: { Origin: EVIL } });
    expect(other.headers.get("access-control-allow-origin")).toBe("*");
    expect(other.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("has no CORS on /mcp/v1 or the probes", async () => {
    const preflight = await call(server.baseUrl, "/mcp/v1", {
      method: "OPTIONS",
      headers: { Origin: LISTED, "Access-Control-Request-Method": "POST" },
    });
    expect(errorOf(preflight)).toEqual({ status: 403, error: "forbidden_origin" });
    const probe = await call(server.baseUrl, "/healthz", { headers: { Origin: LISTED } });
    expect(probe.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("Host: the names the service answers to (BASE_URL unset, loopback)", () => {
  it("refuses a Host it does not serve with 421, whatever the path", async () => {
    for (const path of ["/api/v1/openapi.json", graphqlGet, "/.well-known/oauth-protected-resource/mcp/v1", "/mcp/v1"]) {
      const reply = await raw(server.baseUrl, path, { headers: { Host: `evil.example:${portOf(server.baseUrl)}` } });
      expect({ path, status: reply.status, error: reply.body?.error }).toEqual({
        path,
        status: 421,
        error: "misdirected_request",
      });
    }
    const portless = await raw(server.baseUrl, "/api/v1/openapi.json", { headers: { Host: "localhost" } });
    expect(portless.status).toBe(421);
  });

  it("answers to the loopback names on its own port", async () => {
    const port = portOf(server.baseUrl);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      expect({ host, status: (await raw(server.baseUrl, "/api/v1/openapi.json", { headers: { Host: host } })).status }).toEqual({
        host,
        status: 200,
      });
    }
  });

  it("answers probes on any Host", async () => {
    expect((await raw(server.baseUrl, "/healthz", { headers: { Host: "10.1.2.3:8080" } })).status).toBe(200);
  });

  it("names its listening origin in the metadata and the challenge, never the Host or X-Forwarded-Host sent", async () => {
    const headers = {
      Host: `localhost:${portOf(server.baseUrl)}`,
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
    };
    const metadata = await raw(server.baseUrl, "/.well-known/oauth-protected-resource/mcp/v1", { headers });
    expect(metadata.body.resource).toBe(`${server.baseUrl}/mcp/v1`);
    const challenge = await raw(server.baseUrl, "/mcp/v1", { method: "POST", headers });
    expect(challenge.status).toBe(401);
    expect(challenge.headers["www-authenticate"]).toContain(
      `resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp/v1"`,
    );
  });

  it("takes on /mcp/v1 a browser Origin of its own only, whatever Host says", async () => {
    const port = portOf(server.baseUrl);
    const post = (headers: Record<string, string>) => raw(server.baseUrl, "/mcp/v1", { method: "POST", headers });
    // A rebound name: Host and Origin agree on it, so comparing Origin with Host let it through.
    const rebound = `rebound.example:${port}`;
    const reply = await post({ Host: rebound, Origin: `http://${rebound}` });
    expect({ status: reply.status, error: reply.body.error }).toEqual({ status: 421, error: "misdirected_request" });
    expect((await post({ Host: `127.0.0.1:${port}`, Origin: `http://${rebound}` })).body.error).toBe("forbidden_origin");
    expect((await post({ Origin: server.baseUrl })).body.error).toBe("invalid_key");
    expect((await post({ Origin: `http://localhost:${port}` })).body.error).toBe("invalid_key");
  });
});

describe("Host with BASE_URL set", () => {
  let based: TestServer;
  beforeAll(async () => {
    based = await startTestServer({ BASE_URL: "https://articles.example/" }, { workers: false });
  }, 60_000);
  afterAll(() => based?.close());

  it("answers to BASE_URL's host and the loopback names, refuses others", async () => {
    const port = portOf(based.baseUrl);
    for (const host of ["articles.example", "articles.example:443", `127.0.0.1:${port}`, `localhost:${port}`]) {
      expect({ host, status: (await raw(based.baseUrl, "/api/v1/openapi.json", { headers: { Host: host } })).status }).toEqual({
        host,
        status: 200,
      });
    }
    expect((await raw(based.baseUrl, "/api/v1/openapi.json", { headers: { Host: "evil.example" } })).status).toBe(421);
  });

  it("names BASE_URL in the metadata and takes its Origin on /mcp/v1", async () => {
    const metadata = await raw(based.baseUrl, "/.well-known/oauth-protected-resource");
    expect(metadata.body.resource).toBe("https://articles.example/mcp/v1");
    const post = (origin: string) => raw(based.baseUrl, "/mcp/v1", { method: "POST", headers: { Origin: origin } });
    expect((await post("https://articles.example")).body.error).toBe("invalid_key");
    expect((await post(based.baseUrl)).body.error).toBe("invalid_key");
    expect((await post(EVIL)).body.error).toBe("forbidden_origin");
    expect((await post("http://articles.example")).body.error).toBe("forbidden_origin");
  });
});

describe("Host on every interface (HOST=0.0.0.0) without BASE_URL", () => {
  let wide: TestServer;
  beforeAll(async () => {
    wide = await startTestServer({ HOST: "0.0.0.0", TRUST_PROXY: "1" }, { workers: false });
  }, 60_000);
  afterAll(() => wide?.close());

  it("accepts any Host but names the address the connection reached, not the Host", async () => {
    const reply = await raw(wide.baseUrl, "/.well-known/oauth-protected-resource", { headers: { Host: "name.example" } });
    expect(reply.status).toBe(200);
    expect(reply.body.resource).toBe(`${wide.baseUrl}/mcp/v1`);
  });

  it("names the trusted proxy's X-Forwarded-Host and X-Forwarded-Proto under TRUST_PROXY", async () => {
    const reply = await raw(wide.baseUrl, "/.well-known/oauth-protected-resource", {
      headers: { Host: "name.example", "X-Forwarded-Host": "articles.example", "X-Forwarded-Proto": "https" },
    });
    expect(reply.body.resource).toBe("https://articles.example/mcp/v1");
  });
});

describe("Host when run as `npm start` does (PORT=0, port known only after listen)", () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startServiceProcess({ DATABASE_URL: server.database.url, ROLE: "api" });
  }, 60_000);
  afterAll(() => service?.stop());

  it("names the port it listens on and refuses a forged Host", async () => {
    const port = portOf(service.baseUrl);
    const metadata = await raw(service.baseUrl, "/.well-known/oauth-protected-resource/mcp/v1", {
      headers: { Host: `localhost:${port}` },
    });
    expect(metadata.body.resource).toBe(`${service.baseUrl}/mcp/v1`);
    const forged = await raw(service.baseUrl, "/.well-known/oauth-protected-resource/mcp/v1", {
      headers: { Host: `rebound.example:${port}` },
    });
    expect(forged.status).toBe(421);
  });
});

describe("security headers", () => {
  it("puts nosniff, a strict Referrer-Policy, no framing and a script-free CSP on every answer", async () => {
    for (const [path, status] of [
      ["/healthz", 200],
      ["/api/v1/openapi.json", 200],
      ["/api/v1/nothing-here", 401],
      [graphqlGet, 200],
    ] as const) {
      const reply = await call(server.baseUrl, path);
      expect({ path, status: reply.status }).toEqual({ path, status });
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
      expect(reply.headers.get("referrer-policy")).toBe("no-referrer");
      expect(reply.headers.get("x-frame-options")).toBe("DENY");
      const csp = reply.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it("serves no GraphiQL page outside development", async () => {
    const reply = await call(server.baseUrl, "/graphql", { headers: { Accept: "text/html" } });
    expect(reply.headers.get("content-type") ?? "").not.toMatch(/text\/html/);
  });

  describe("GraphiQL in development", () => {
    let development: TestServer;
    beforeAll(async () => {
      development = await startTestServer({ NODE_ENV: "development" }, { workers: false });
    }, 60_000);
    afterAll(() => development?.close());

    it("carries its own CSP: inline scripts by hash only, no framing", async () => {
      const reply = await call(development.baseUrl, "/graphql", { headers: { Accept: "text/html" } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get("content-type")).toMatch(/text\/html/);
      expect(reply.headers.get("x-frame-options")).toBe("DENY");
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
      expect(reply.headers.get("referrer-policy")).toBe("no-referrer");
      const csp = reply.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      const inline = [...String(reply.body).matchAll(/<script>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, code] of inline) {
        expect(scriptSrc).toContain(
          `'sha256-${createHash("sha256")
            .update(code ?? "")
            .digest("base64")}'`,
        );
      }
    });
  });
});

describe("405 with Allow for a known path and a method it lacks", () => {
  it("answers DELETE /briefs/{id} with 405 and the path's methods, before authentication", async () => {
    for (const credentials of [{ token }, {}]) {
      const reply = await call(server.baseUrl, "/api/v1/briefs/some-id", { method: "DELETE", ...credentials });
      expect(errorOf(reply)).toEqual({ status: 405, error: "method_not_allowed" });
      expect(reply.headers.get("allow")).toBe("GET, HEAD, PATCH");
    }
  });

  it("lists what the OpenAPI document lists for the path", async () => {
    const doc = (await call(server.baseUrl, "/api/v1/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.keys(doc.paths["/api/v1/briefs/{id}/estimate"] ?? doc.paths["/briefs/{id}/estimate"] ?? {});
    expect(documented).toEqual(["post"]);
    const reply = await call(server.baseUrl, "/api/v1/briefs/some-id/estimate", { method: "GET", token });
    expect(errorOf(reply)).toEqual({ status: 405, error: "method_not_allowed" });
    expect(reply.headers.get("allow")).toBe("POST");
  });

  it("covers /graphql and /mcp/v1, answers OPTIONS with Allow, and leaves unknown paths 404", async () => {
    const put = await call(server.baseUrl, "/graphql", { method: "PUT" });
    expect(errorOf(put)).toEqual({ status: 405, error: "method_not_allowed" });
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
    const mcp = await call(server.baseUrl, "/mcp/v1", { method: "DELETE" });
    expect(mcp.status).toBe(405);
    expect(mcp.headers.get("allow")).toBe("POST");
    const options = await call(server.baseUrl, "/api/v1/briefs", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("POST");
    expect((await call(server.baseUrl, "/no/such/path", { method: "DELETE" })).status).toBe(404);
  });
});
