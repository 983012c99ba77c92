// What the service's log says, read from a running process (JSON lines: stdout is a pipe): each
// request's line carries its route template; a request whose client went away is logged as that,
// not as an error; a job's end is one line with its id, kind, status, time and credits.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.ts";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { type ServiceProcess, startServiceProcess } from "./support/serviceProcess.ts";
import { createTestDatabase, type TestDatabase } from "./support/testDatabase.ts";

let database: TestDatabase;
let service: ServiceProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  // No search provider and no pages: a started job waits in its first step's queue until cancelled.
  service = await startServiceProcess({ DATABASE_URL: database.url, ROLE: "api", LOG_FORMAT: "json" });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

const waitFor = async (test: (line: Record<string, unknown>) => boolean, what: string) => {
  const from = Date.now();
  for (;;) {
    const found = service.logs.find(test);
    if (found) return found;
    if (Date.now() - from > 15_000) throw new Error(`no log line: ${what}\n${JSON.stringify(service.logs.slice(-10))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("the service's log", () => {
  it("logs each request with its route template", async () => {
    await call(service.baseUrl, "/healthz", { headers: { "X-Request-Id": "log-test-1" } });
    const line = await waitFor((l) => l.msg === "request" && l.requestId === "log-test-1", "the request line");
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/healthz", route: "/healthz", status: 200 });
    expect(typeof line.ms).toBe("number");
  });

  it("does not log a request whose client went away as an error", async () => {
    const { port, hostname } = new URL(service.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        // A body promised and never sent: the client hangs up half-way through it.
        socket.write(
          `POST /api/v1/briefs HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Request-Id: gone-1\r\nAuthorization: Bearer nothing\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"topic":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
      socket.on("error", reject);
    });
    const line = await waitFor((l) => l.msg === "request" && l.requestId === "gone-1", "the gone client's request line");
    expect(line).toMatchObject({ level: "info", status: 499, clientGone: true, route: "/api/v1/briefs" });
    expect(service.logs.filter((l) => l.requestId === "gone-1" && (l.level === "error" || l.level === "fatal"))).toEqual([]);
  });

  it("writes one line when a job ends, with its id, kind, status, time and credits", async () => {
    const db = openDatabase(database.url, 2);
    try {
      const world = await makeWorld(service.baseUrl, db, 5);
      const { token } = await makeKey(service.baseUrl, world.owner, { siteId: world.siteId });
      const brief = await call(service.baseUrl, "/api/v1/briefs", {
        token,
        body: { topic: "A job that is cancelled", useUrls: ["https://news.example.org/story"] },
      });
      const start = await call(service.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
      expect(start.status).toBe(200);
      const cancel = await call(service.baseUrl, `/api/v1/jobs/${start.body.jobId}/cancel`, { token, method: "POST" });
      expect(cancel.status).toBe(204);
      const jobId = String(start.body.jobId).toLowerCase();
      const line = await waitFor((l) => l.msg === "job ended" && l.jobId === jobId, "the job's end");
      expect(line).toMatchObject({
        level: "info",
        jobId,
        kind: "article",
        status: "cancelled",
        credits: { held: 1, captured: 0, released: 1 },
      });
      expect(typeof line.ms).toBe("number");
      expect(service.logs.filter((l) => l.msg === "job ended" && l.jobId === jobId)).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
