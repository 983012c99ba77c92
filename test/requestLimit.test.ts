// The request limit: 60 requests a minute per credential, counted in PostgreSQL so that it holds
// across processes, with Retry-After and RateLimit headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { awaitRoomInWindow } from "./support/rateWindow.ts";
import { type ServiceProcess, startServiceProcess } from "./support/serviceProcess.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeWorld(server.baseUrl, server.db);
});

const briefPath = "/api/v1/briefs/00000000-0000-0000-0000-000000000000";

describe("60 requests a minute per credential", () => {
  it("answers the 61st with 429 rate_limited, Retry-After and a message naming the limit", async () => {
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"] });
    const other = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"] })).token;
    await awaitRoomInWindow(server.db);
    let lastRemaining = Number.POSITIVE_INFINITY;
    for (let i = 1; i <= 60; i++) {
      const reply = await call(server.baseUrl, briefPath, { token });
      expect(reply.status).toBe(404); // counted, and answered normally
      expect(reply.headers.get("ratelimit-policy")).toBe('"requests";q=60;w=60');
      const match = /^"requests";r=(\d+);t=(\d+)$/.exec(reply.headers.get("ratelimit") ?? "");
      expect(match).not.toBeNull();
      const remaining = Number(match?.[1]);
      expect(remaining).toBe(60 - i);
      expect(remaining).toBeLessThan(lastRemaining);
      lastRemaining = remaining;
    }
    const refused = await call(server.baseUrl, briefPath, { token });
    expect(errorOf(refused)).toEqual({ status: 429, error: "rate_limited" });
    expect(refused.body.message).toMatch(/60 requests a minute/);
    const retryAfter = refused.headers.get("retry-after") ?? "";
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit")).toMatch(/^"requests";r=0;t=\d+$/);
    // The limit is per credential: another key of the same person is unaffected.
    expect((await call(server.baseUrl, briefPath, { token: other })).status).toBe(404);
  });

  describe("across two server processes sharing one database", () => {
    let a: ServiceProcess;
    let b: ServiceProcess;

    beforeAll(async () => {
      [a, b] = await Promise.all([
        startServiceProcess({ DATABASE_URL: server.database.url }),
        startServiceProcess({ DATABASE_URL: server.database.url }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it("lets exactly 60 of 80 concurrent requests through, whichever process answers", async () => {
      const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"] });
      await awaitRoomInWindow(server.db);
      const replies = await Promise.all(
        Array.from({ length: 80 }, (_, i) => call(i % 2 === 0 ? a.baseUrl : b.baseUrl, briefPath, { token })),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 404)).toHaveLength(60);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      // Both processes answered some of each, so the count really was shared.
      const byProcess = (base: string) => replies.filter((_, i) => (i % 2 === 0 ? a.baseUrl : b.baseUrl) === base);
      expect(byProcess(a.baseUrl).some((r) => r.status === 404)).toBe(true);
      expect(byProcess(b.baseUrl).some((r) => r.status === 404)).toBe(true);
    });

    it("writes structured JSON logs with a request id on every request line", async () => {
      const reply = await call(a.baseUrl, "/healthz", { headers: { "X-Request-Id": "trace-me-123" } });
      expect(reply.headers.get("x-request-id")).toBe("trace-me-123");
      await expect.poll(() => a.logs.some((l) => l.requestId === "trace-me-123" && l.path === "/healthz")).toBe(true);
      const requestLines = a.logs.filter((l) => l.msg === "request");
      expect(requestLines.length).toBeGreaterThan(0);
      for (const line of requestLines) {
        expect(line).toMatchObject({ level: "info", requestId: expect.any(String), status: expect.any(Number) });
      }
    });
  });
});
