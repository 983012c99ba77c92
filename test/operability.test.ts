// What operators and client authors rely on: health and readiness, the OpenAPI document, request
// ids, and the error shape of unknown routes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());

beforeAll(async () => {
  server = await startTestServer();
});

describe("health and readiness", () => {
  it("answers /healthz and /readyz when the database is reachable and migrated", async () => {
    expect((await call(server.baseUrl, "/healthz")).body).toEqual({ status: "ok" });
    const ready = await call(server.baseUrl, "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("is not ready while a migration is pending", async () => {
    const { rows } = await server.db.pool.query<{ migration_name: string }>(`SELECT migration_name FROM _prisma_migrations`);
    const name = rows[0]?.migration_name;
    await server.db.pool.query(`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1`, [name]);
    try {
      const reply = await call(server.baseUrl, "/readyz");
      expect(reply.status).toBe(503);
      expect(reply.body.pendingMigrations).toEqual([name]);
    } finally {
      await server.db.pool.query(`UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = $1`, [name]);
    }
    expect((await call(server.baseUrl, "/readyz")).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and covers every route built so far, with their methods", async () => {
    const reply = await call(server.baseUrl, "/api/v1/openapi.json");
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe("3.1.0");
    const routes = Object.entries(reply.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.sort()).toEqual(
      [
        "POST /api/v1/session",
        "DELETE /api/v1/session",
        "POST /api/v1/briefs",
        "GET /api/v1/briefs/{id}",
        "PATCH /api/v1/briefs/{id}",
        "POST /api/v1/briefs/{id}/estimate",
        "GET /api/v1/developer/keys",
        "POST /api/v1/developer/keys",
        "PATCH /api/v1/developer/keys/{keyID}",
        "DELETE /api/v1/developer/keys/{keyID}",
        "GET /api/v1/developer/mcp/agents",
        "POST /api/v1/developer/mcp/agents",
        "PATCH /api/v1/developer/mcp/agents/{agentID}",
        "DELETE /api/v1/developer/mcp/agents/{agentID}",
        "GET /api/v1/developer/webhooks",
        "POST /api/v1/developer/webhooks",
        "PATCH /api/v1/developer/webhooks/{webhookID}",
        "DELETE /api/v1/developer/webhooks/{webhookID}",
        "POST /api/v1/developer/webhooks/{webhookID}/test",
        "POST /api/v1/developer/webhooks/{webhookID}/secret",
        "POST /api/v1/articles",
        "GET /api/v1/articles",
        "GET /api/v1/articles/{id}",
        "GET /api/v1/articles/{id}/illustration",
        "PUT /api/v1/articles/{id}/units/{n}",
        "PUT /api/v1/articles/{id}/title",
        "PUT /api/v1/articles/{id}/deck",
        "DELETE /api/v1/articles/{id}/links/{linkId}",
        "POST /api/v1/articles/{id}/structure",
        "POST /api/v1/articles/{id}/archive",
        "POST /api/v1/articles/{id}/claims/{claimId}/sources",
        "POST /api/v1/articles/{id}/paragraphs/{n}/regenerate",
        "POST /api/v1/articles/{id}/languages",
        "POST /api/v1/articles/{id}/illustration/regenerate",
        "GET /api/v1/jobs/{id}",
        "GET /api/v1/jobs/{id}/events",
        "POST /api/v1/jobs/{id}/steps/{stepId}/retry",
        "POST /api/v1/jobs/{id}/steps/{stepId}/skip",
        "POST /api/v1/jobs/{id}/cancel",
      ].sort(),
    );
  });

  it("describes request bodies with the schemas the facade validates with", async () => {
    const doc = (await call(server.baseUrl, "/api/v1/openapi.json")).body;
    const brief = doc.components.schemas.BriefInput;
    expect(brief.properties.purpose.enum).toEqual(["news", "explainer", "background", "roundup", "press", "blog"]);
    expect(brief.properties.targetWords.type).toBe("integer");
    expect(doc.paths["/api/v1/briefs"].post.responses).toHaveProperty("422");
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });
});

describe("requests", () => {
  it("carries a request id on every answer, echoing the caller's when given", async () => {
    const own = await call(server.baseUrl, "/healthz");
    expect(own.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call(server.baseUrl, "/api/v1/briefs", { headers: { "X-Request-Id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("abc-123");
  });

  it("answers an unknown route with the error shape", async () => {
    expect(errorOf(await call(server.baseUrl, "/nowhere"))).toEqual({ status: 404, error: "not_found" });
  });
});
