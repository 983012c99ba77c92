// The API reference people read: the OpenAPI document's operations, the rendered reference at
// /docs (Redoc from this origin, driven in headless Chromium), the error catalogue served at
// /docs/errors and kept in docs/errors.md, and the `docs` link every REST error carries.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS_MD, errorCatalogueMarkdown } from "../scripts/errorCatalogue.ts";
import { errorCatalogue, isErrorCode, statusOf } from "../src/errors.ts";
import { REFERENCE_CSP, STRICT_CSP } from "../src/http/securityHeaders.ts";
import { call } from "./support/http.ts";
import { browserSkipReason, launchBrowser } from "./support/oauthBrowser.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
});
afterAll(() => server?.close());

const METHODS = ["get", "put", "post", "delete", "patch"];

async function raw(baseUrl: string, path: string) {
  const reply = await fetch(`${baseUrl}${path}`);
  return { status: reply.status, headers: reply.headers, text: await reply.text() };
}

describe("the OpenAPI document", () => {
  it("names, tags and gives examples for every operation, and its refusals' codes with their statuses", async () => {
    const doc = (await call(server.baseUrl, "/api/v1/openapi.json")).body;
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.info.license.name).toBeTruthy();
    const tags = new Set(doc.tags.map((t: { name: string; description: string }) => t.description && t.name));
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const op = item[method];
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(op.operationId), `${where}: ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId);
        expect(
          op.tags.every((t: string) => tags.has(t)),
          where,
        ).toBe(true);
        const body = op.requestBody?.content?.["application/json"];
        if (body) expect(body.example, `${where} request`).toBeDefined();
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const json = response.content?.["application/json"];
          if (Number(status) < 400) {
            if (json) expect(json.example, `${where} ${status}`).toBeDefined();
            continue;
          }
          const codes = Object.keys(json?.examples ?? {});
          expect(codes.length, `${where} ${status}`).toBeGreaterThan(0);
          for (const code of codes) {
            expect(isErrorCode(code) && statusOf(code), `${where} ${status} ${code}`).toBe(Number(status));
            expect(json.examples[code].value.docs).toBe(`/docs/errors#${code}`);
          }
        }
      }
    }
    expect(ids.size).toBeGreaterThan(35);
  });

  it("describes the event stream's framing and the data of each event kind", async () => {
    const doc = (await call(server.baseUrl, "/api/v1/openapi.json")).body;
    const stream = doc.paths["/api/v1/jobs/{id}/events"].get.responses["200"];
    expect(stream.description).toMatch(/id: .*data: /s);
    expect(stream.content["text/event-stream"].schema.contentSchema.$ref).toBe("#/components/schemas/JobEvent");
    const kinds = doc.components.schemas.JobEvent.oneOf.map((s: any) => s.properties.kind.const);
    expect(kinds).toEqual(["step", "done", "failed", "refunded", "ping"]);
  });
});

describe("the error catalogue", () => {
  it("docs/errors.md is what `npm run docs:errors` writes", () => {
    expect(readFileSync(ERRORS_MD, "utf8"), "docs/errors.md is out of date: run npm run docs:errors").toBe(
      errorCatalogueMarkdown(),
    );
  });

  it("is served at /docs/errors with an anchor per code, under the strict policy", async () => {
    const reply = await raw(server.baseUrl, "/docs/errors");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toMatch(/^text\/html/);
    expect(reply.headers.get("content-security-policy")).toBe(STRICT_CSP);
    for (const { code, status } of errorCatalogue()) {
      expect(reply.text).toContain(`<tr id="${code}"><td><a href="#${code}"><code>${code}</code></a></td><td>${status}</td>`);
    }
  });

  it("is linked from every REST error", async () => {
    const reply = await call(server.baseUrl, "/api/v1/briefs/some-id");
    expect(reply.body).toEqual({ error: "invalid_key", message: expect.any(String), docs: "/docs/errors#invalid_key" });
    const unknown = await call(server.baseUrl, "/nowhere");
    expect(unknown.body).toEqual({ error: "not_found", message: "No such route.", docs: "/docs/errors#not_found" });
  });
});

describe("the rendered reference at /docs", () => {
  it("serves the page and Redoc's script from this origin, the page alone with the reference's policy", async () => {
    const page = await raw(server.baseUrl, "/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(REFERENCE_CSP);
    expect(page.text).toContain('<script src="/docs/redoc.standalone.js"></script>');
    expect(page.text).not.toMatch(/https?:\/\//);
    const script = await raw(server.baseUrl, "/docs/redoc.standalone.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(script.headers.get("content-security-policy")).toBe(STRICT_CSP);
    expect(script.text.length).toBeGreaterThan(100_000);
    expect(script.text).not.toContain("https://cdn.redoc.ly/");
  });

  const skipReason = browserSkipReason();
  it.skipIf(!!skipReason)(
    `renders the operations in headless Chromium and asks nothing of another origin${skipReason ? ` (skipped: ${skipReason})` : ""}`,
    async () => {
      const browser = await launchBrowser();
      try {
        const page = await browser.context.newPage();
        const requests: string[] = [];
        const violations: string[] = [];
        page.on("request", (request) => requests.push(request.url()));
        page.on("console", (message) => {
          if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
        });
        await page.goto(`${server.baseUrl}/docs`);
        await page.getByRole("heading", { name: "Create a brief" }).first().waitFor();
        await page.getByRole("heading", { name: "Follow a job's events (server-sent events)" }).first().waitFor();
        const origin = new URL(server.baseUrl).origin;
        const elsewhere = requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
        expect(elsewhere).toEqual([]);
        expect(requests).toContain(`${origin}/api/v1/openapi.json`);
        expect(violations).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
