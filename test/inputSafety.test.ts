// Inputs at the edge: request bodies are capped while they stream in (413 payload_too_large),
// text PostgreSQL cannot store (NUL, unpaired surrogates) and JSON nested too deep are refused
// with 400 validation naming the field, on /api/v1, /graphql and /mcp/v1 alike; and what the
// fetcher refused is told to callers by its rule, never with the address or the settings behind it.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_JSON_DEPTH } from "../src/http/storableInput.ts";
import { log } from "../src/log.ts";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf, readStreamBody } from "./support/http.ts";
import { readSse, type SseEvent } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

const PRIVATE_ADDRESS = "10.20.30.40";
const INTRANET = "intranet.example";

let web: TestWeb;
let server: TestServer;
let world: World;
let token: string;
let agentToken: string;

beforeAll(async () => {
  web = await startTestWeb();
  server = await startTestServer({
    FETCH_ALLOW_ADDRESSES: "127.0.0.1",
    FETCH_HOST_MAP: `${web.hostMap},${INTRANET}=${PRIVATE_ADDRESS}`,
  });
  world = await makeWorld(server.baseUrl, server.db, 5);
  token = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, dailyCap: 5 })).token;
  const agent = await call(server.baseUrl, "/api/v1/developer/mcp/agents", {
    cookie: world.owner.cookie,
    body: { name: "desk bot", siteId: world.siteId, scopes: ["read", "brief"], dailyCap: 5 },
  });
  agentToken = agent.body.token;
});
afterAll(async () => {
  await server?.close();
  await web?.close();
});

interface RawReply {
  status: number;
  body: any;
  ms: number;
}

/**
 * POSTs `total` bytes of `filler` after `head`, in 64 KB chunks, with a Content-Length or
 * chunked; resolves as soon as the answer arrives (the upload may still be going on).
 */
function postLarge(
  path: string,
  options: { head: string; tail?: string; total: number; chunked: boolean; headers?: Record<string, string> },
): Promise<RawReply> {
  const started = performance.now();
  const tail = options.tail ?? "";
  const fill = options.total - Buffer.byteLength(options.head) - Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(options.chunked ? {} : { "Content-Length": String(options.total) }),
        ...options.headers,
      },
    });
    request.on("response", (response) => {
      answered = true;
      void readStreamBody(response).then(({ body }) => {
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = async () => {
      request.write(options.head);
      let left = fill;
      while (left > 0 && !answered && !request.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!request.write(part)) await new Promise((done) => request.once("drain", done).once("close", done));
      }
      if (!answered && !request.destroyed) request.end(tail);
    };
    void write().catch(() => undefined);
  });
}

const HUNDRED_MB = 100 * 1024 * 1024;

describe("request bodies are capped while they stream in", () => {
  it("refuses a 100 MB sign-in at once from its Content-Length, with 413 payload_too_large", async () => {
    const reply = await postLarge("/api/v1/session", {
      head: '{"email":"someone@example.com","password":"',
      tail: '"}',
      total: HUNDRED_MB,
      chunked: false,
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ error: "payload_too_large" });
    expect(reply.ms).toBeLessThan(1000);
  });

  it("counts the bytes of a chunked body with no Content-Length and stops reading past the limit", async () => {
    for (const path of ["/api/v1/session", "/graphql"]) {
      const reply = await postLarge(path, {
        head: '{"query":"{ me { name } }","variables":{"x":"',
        tail: '"}}',
        total: HUNDRED_MB,
        chunked: true,
      });
      expect(reply.status, path).toBe(413);
      expect(reply.body, path).toMatchObject({ error: "payload_too_large" });
      expect(reply.ms, path).toBeLessThan(2000);
    }
  });

  it("caps the bodies of keys, agents and persons too", async () => {
    const cases: [string, Record<string, string>][] = [
      ["/api/v1/briefs", { Authorization: `Bearer ${token}` }],
      ["/mcp/v1", { Authorization: `Bearer ${agentToken}`, Accept: "application/json, text/event-stream" }],
      ["/api/v1/developer/keys", { Cookie: world.owner.cookie }],
    ];
    for (const [path, headers] of cases) {
      for (const chunked of [false, true]) {
        const reply = await postLarge(path, { head: '{"topic":"', tail: '"}', total: 2 * 1024 * 1024, chunked, headers });
        expect(reply.status, `${path} chunked=${chunked}`).toBe(413);
        expect(reply.body).toMatchObject({ error: "payload_too_large" });
      }
    }
  });

  it("lists payload_too_large among the error answers of the OpenAPI document", async () => {
    const doc = (await call(server.baseUrl, "/api/v1/openapi.json")).body;
    const brief = doc.paths["/api/v1/briefs"].post.responses;
    expect(brief["413"]?.description).toContain("payload_too_large");
  });

  it("takes the largest valid brief, every field and list full and every character escaped", async () => {
    const e = (n: number) => "\u00e9".repeat(n);
    const full = {
      topic: e(2000),
      angle: e(2000),
      audience: e(2000),
      region: e(60),
      keywords: Array.from({ length: 50 }, () => e(200)),
      mustAppear: Array.from({ length: 10 }, () => e(200)),
      useUrls: Array.from({ length: 50 }, (_, i) => `https://news.example.com/${i}/${e(2000)}`.slice(0, 2048)),
      excludeDomains: Array.from({ length: 50 }, () => e(253)),
      preferDomains: Array.from({ length: 50 }, () => e(253)),
      imageStyle: e(200),
      imageFormat: e(50),
    };
    const rawBody = JSON.stringify(full).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    expect(rawBody.length).toBeGreaterThan(800_000);
    expect(rawBody.length).toBeLessThan(1024 * 1024);
    const reply = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      rawBody,
      headers: { "Content-Type": "application/json" },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.useUrls).toHaveLength(50);
  });
});

const NUL = "\u0000";
const LONE = "\ud800";

const refusal = (reply: { status: number; body: any }) => ({
  status: reply.status,
  error: reply.body?.error,
  field: reply.body?.field,
  in: reply.body?.in,
});

describe("text PostgreSQL cannot store is refused at the edge with 400 validation naming the field", () => {
  it("in brief fields, created and changed", async () => {
    expect(refusal(await call(server.baseUrl, "/api/v1/briefs", { token, body: { topic: `harbour${NUL}` } }))).toEqual({
      status: 400,
      error: "validation",
      field: "topic",
      in: "body",
    });
    const lone = await call(server.baseUrl, "/api/v1/briefs", { token, body: { mustAppear: ["fine", `cut ${LONE} here`] } });
    expect(refusal(lone)).toEqual({ status: 400, error: "validation", field: "mustAppear.1", in: "body" });
    expect(lone.body.message).toContain("mustAppear.1");

    const made = await call(server.baseUrl, "/api/v1/briefs", { token, body: { topic: "Harbour dredging" } });
    expect(made.status).toBe(200);
    for (const body of [{ angle: `a${NUL}` }, { region: `\udc00x` }, { keywords: ["x", `y${NUL}`] }]) {
      const reply = await call(server.baseUrl, `/api/v1/briefs/${made.body.id}`, { method: "PATCH", token, body });
      expect(refusal(reply)).toMatchObject({ status: 400, error: "validation", in: "body" });
    }
  });

  it("in key and agent names, and in object keys", async () => {
    const key = await call(server.baseUrl, "/api/v1/developer/keys", {
      cookie: world.owner.cookie,
      body: { name: `bot${NUL}`, siteId: world.siteId, scopes: ["read"], dailyCap: 1 },
    });
    expect(refusal(key)).toEqual({ status: 400, error: "validation", field: "name", in: "body" });
    const agent = await call(server.baseUrl, "/api/v1/developer/mcp/agents", {
      cookie: world.owner.cookie,
      body: { name: `bot${LONE}`, siteId: world.siteId, scopes: ["read"], dailyCap: 1 },
    });
    expect(refusal(agent)).toEqual({ status: 400, error: "validation", field: "name", in: "body" });
    const badKey = await call(server.baseUrl, "/api/v1/briefs", { token, body: { [`to${NUL}pic`]: "x" } });
    expect(refusal(badKey)).toMatchObject({ status: 400, error: "validation", in: "body" });
  });

  it("in the sign-in email and password", async () => {
    for (const body of [
      { email: `owner${NUL}@example.com`, password: "whatever-password" },
      { email: `owner${LONE}@example.com`, password: "whatever-password" },
      { email: "owner@example.com", password: `pass${NUL}word-long` },
    ]) {
      const reply = await call(server.baseUrl, "/api/v1/session", { body });
      expect(refusal(reply)).toMatchObject({ status: 400, error: "validation", in: "body" });
    }
  });

  it("in query strings and path parameters", async () => {
    const list = await call(server.baseUrl, "/api/v1/articles?language=en%00", { token });
    expect(refusal(list)).toEqual({ status: 400, error: "validation", field: "language", in: "query" });
    const since = await call(server.baseUrl, "/api/v1/articles?since=%00", { token });
    expect(refusal(since)).toEqual({ status: 400, error: "validation", field: "since", in: "query" });
    const estimate = await call(server.baseUrl, "/api/v1/briefs/x/estimate?articleId=%00", { token, method: "POST" });
    expect(refusal(estimate)).toMatchObject({ status: 400, error: "validation", field: "articleId", in: "query" });
    const path = await call(server.baseUrl, "/api/v1/briefs/ab%00cd", { token });
    expect(refusal(path)).toEqual({ status: 400, error: "validation", field: "id", in: "path" });
  });

  it("in GraphQL variables and inline literals, POST and GET", async () => {
    const graphql = (body: unknown) =>
      call(server.baseUrl, "/graphql", { cookie: world.owner.cookie, body, headers: { Accept: "application/json" } });
    const variables = await graphql({
      query: "mutation($input: BriefInput) { createBrief(input: $input) { id } }",
      variables: { input: { topic: `t${NUL}` } },
    });
    expect(refusal(variables)).toEqual({ status: 400, error: "validation", field: "variables.input.topic", in: "body" });

    for (const literal of ["\\u0000", "\\uD800", "\\uDC00 alone", "\\u{0}", "\\u{D800}"]) {
      const inline = await graphql({ query: `mutation { createBrief(input: { topic: "x${literal}" }) { id } }` });
      expect(refusal(inline), literal).toMatchObject({ status: 400, error: "validation", field: "query", in: "body" });
    }
    // A surrogate pair written as two escapes is one character and is fine.
    const pair = await graphql({ query: 'mutation { createBrief(input: { topic: "\\uD83D\\uDE00" }) { topic } }' });
    expect(pair.status).toBe(200);
    expect(pair.body.data.createBrief.topic).toBe("\u{1F600}");

    const get = await call(
      server.baseUrl,
      `/graphql?query=${encodeURIComponent("query($s: String) { articles(since: $s) { id } }")}&variables=${encodeURIComponent(
        '{"s":"\\ud800"}',
      )}`,
      { cookie: world.owner.cookie, headers: { Accept: "application/json" } },
    );
    expect(refusal(get)).toEqual({ status: 400, error: "validation", field: "variables.s", in: "query" });
    for (const query of ["{ me { name } }%00", encodeURIComponent('{ articles(since: "\\u0000") { id } }')]) {
      const inQuery = await call(server.baseUrl, `/graphql?query=${query}`, {
        cookie: world.owner.cookie,
        headers: { Accept: "application/json" },
      });
      expect(refusal(inQuery), query).toEqual({ status: 400, error: "validation", field: "query", in: "query" });
    }
  });

  it("in MCP messages", async () => {
    const rpc = (body: unknown) =>
      call(server.baseUrl, "/mcp/v1", {
        token: agentToken,
        body,
        headers: { Accept: "application/json, text/event-stream" },
      });
    const reply = await rpc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: `x${NUL}`, arguments: {} } });
    expect(refusal(reply)).toEqual({ status: 400, error: "validation", field: "params.name", in: "body" });
  });
});

describe("JSON nested deeper than the bound is refused before it is parsed", () => {
  const nested = (depth: number, leaf = '"x"') => "[".repeat(depth) + leaf + "]".repeat(depth);

  it("refuses a 100,000-deep MCP params.name with 400, not 500", async () => {
    const rawBody = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${nested(100_000)}}}`;
    const reply = await call(server.baseUrl, "/mcp/v1", {
      token: agentToken,
      rawBody,
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    });
    expect(errorOf(reply)).toEqual({ status: 400, error: "validation" });
    expect(reply.body.message).toContain(String(MAX_JSON_DEPTH));
  });

  it("on every surface, and in GraphQL variables sent in a query string", async () => {
    const deep = nested(MAX_JSON_DEPTH + 1);
    const rest = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      rawBody: `{"keywords":${deep}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(errorOf(rest)).toEqual({ status: 400, error: "validation" });
    const graphql = await call(server.baseUrl, "/graphql", {
      cookie: world.owner.cookie,
      rawBody: `{"query":"{ me { name } }","variables":{"x":${deep}}}`,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
    });
    expect(errorOf(graphql)).toEqual({ status: 400, error: "validation" });
    const get = await call(
      server.baseUrl,
      `/graphql?query=${encodeURIComponent("{ me { name } }")}&variables=${encodeURIComponent(`{"x":${deep}}`)}`,
      { cookie: world.owner.cookie, headers: { Accept: "application/json" } },
    );
    expect(errorOf(get)).toEqual({ status: 400, error: "validation" });
  });

  it("takes JSON nested exactly to the bound (brackets inside strings do not count)", async () => {
    // The body object is level 1, so the deepest array sits at MAX_JSON_DEPTH.
    const atBound = nested(MAX_JSON_DEPTH - 1, '"[[[[{{{{"');
    const reply = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      rawBody: `{"keywords":${atBound}}`,
      headers: { "Content-Type": "application/json" },
    });
    // Not refused for its depth: the request schema then says keywords are strings.
    expect(errorOf(reply)).toEqual({ status: 400, error: "validation" });
    expect(reply.body.message).toContain("keywords");
  });
});

describe("what the fetcher refused is told by its rule, with the detail in the log only", () => {
  it("names the rule in the job's events, without the resolved address or the settings behind it", async () => {
    const spill = web.truth.stories.find((s) => s.id === "container-spill");
    if (!spill) throw new Error("no story container-spill");
    const info = vi.spyOn(log, "info");
    try {
      const brief = await call(server.baseUrl, "/api/v1/briefs", {
        token,
        body: {
          topic: spill.topic,
          targetWords: 400,
          seo: false,
          useUrls: [...spill.urls.map(web.served), `https://${INTRANET}/wiki/payroll`, "https://no-such-host.invalid/page"],
        },
      });
      expect(brief.status).toBe(200);
      const start = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
      expect(start.status).toBe(200);
      const isEnd = (events: SseEvent[]) =>
        events.some((e) => e.data.kind === "done" || (e.data.kind === "refunded" && e.data.reason === undefined));
      const stream = await readSse(`${server.baseUrl}/api/v1/jobs/${start.body.jobId}/events`, { token, until: isEnd });
      const group = stream.events.find((e) => e.data.kind === "step" && e.data.stepId === "group" && e.data.status === "done");
      const unreadable = (group?.data.details ?? []).filter((d: { tag: string }) => d.tag === "unreadable");
      const texts = unreadable.map((d: { text: string }) => d.text);
      expect(texts).toHaveLength(2);
      expect(texts.find((t: string) => t.includes(INTRANET))).toMatch(/: private address \[private\]$/);
      expect(texts.find((t: string) => t.includes("no-such-host.invalid"))).toMatch(/: did not resolve \[dnsFailed\]$/);
      const everything = JSON.stringify(stream.events);
      for (const secret of [PRIVATE_ADDRESS, "FETCH_HOST_MAP", "ENOTFOUND", "EAI_AGAIN", "127.0.0.1"]) {
        expect(everything).not.toContain(secret);
      }
      const job = await call(server.baseUrl, `/api/v1/jobs/${start.body.jobId}`, { token });
      expect(JSON.stringify(job.body)).not.toContain(PRIVATE_ADDRESS);

      // The log keeps the whole story for the operator.
      const logged = info.mock.calls.map((args) => JSON.stringify(args)).join("\n");
      expect(logged).toContain(PRIVATE_ADDRESS);
      expect(logged).toContain("no-such-host.invalid did not resolve");
    } finally {
      info.mockRestore();
    }
  });

  it("says why for each page when no page can be read", async () => {
    const brief = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      body: { topic: "Payroll", seo: false, useUrls: [`https://${INTRANET}/wiki/payroll`, "https://no-such-host.invalid/page"] },
    });
    const start = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
    expect(start.status).toBe(200);
    const failed = (events: SseEvent[]) => events.some((e) => e.data.kind === "step" && e.data.status === "failed");
    const stream = await readSse(`${server.baseUrl}/api/v1/jobs/${start.body.jobId}/events`, { token, until: failed });
    const event = stream.events.find((e) => e.data.kind === "step" && e.data.status === "failed");
    expect(event?.data.stepId).toBe("group");
    expect(event?.data.summary).toContain("No page could be read");
    expect(event?.data.summary).toContain(`https://${INTRANET}/wiki/payroll: private address [private]`);
    expect(event?.data.summary).toContain("https://no-such-host.invalid/page: did not resolve [dnsFailed]");
    expect(JSON.stringify(stream.events)).not.toContain(PRIVATE_ADDRESS);
    await call(server.baseUrl, `/api/v1/jobs/${start.body.jobId}/cancel`, { token, method: "POST" });
  });
});
