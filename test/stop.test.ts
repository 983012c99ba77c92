// `npm start` stops when told to: SIGTERM sent to the PID of npm itself (as a process manager or
// `kill` would) reaches the service (the start script execs node), which stops its HTTP server,
// its workers with a step still running, the job event listener and the embedded PostgreSQL
// within 10 seconds, leaving neither port in use.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.ts";
import { freePort } from "../src/db/embeddedPostgres.ts";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call } from "./support/http.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "stop-test-"));
// Run as root (CI), PostgreSQL runs as a `postgres` user, which must reach the directory.
chmodSync(dataDir, 0o755);
let npm: ChildProcess | undefined;
let slow: HttpServer | undefined;

afterAll(async () => {
  if (npm && npm.exitCode === null) npm.kill("SIGKILL");
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, "SIGQUIT");
  slow?.closeAllConnections();
  await new Promise((resolve) => (slow ? slow.close(resolve) : resolve(undefined)));
  rmSync(dataDir, { recursive: true, force: true });
});

function postmasterLines(): string[] {
  try {
    return readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  } catch {
    return [];
  }
}
const postmasterPid = () => Number(postmasterLines()[0]) || undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether something listens on 127.0.0.1:port (we can bind it only if nothing does). */
function inUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });
}

describe("npm start, then SIGTERM to npm's PID", () => {
  it("stops the service, its workers and the embedded PostgreSQL within 10 s, with a step running", async () => {
    // A site that takes every request and never answers: the step fetching it runs until stopped.
    const asked: string[] = [];
    slow = createHttpServer((request) => {
      asked.push(request.url ?? "");
    });
    await new Promise<void>((resolve) => slow?.listen(0, "127.0.0.1", resolve));
    const slowPort = (slow.address() as { port: number }).port;

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      FETCH_ALLOW_ADDRESSES: "127.0.0.1",
      FETCH_HOST_MAP: "slow-one.example=127.0.0.1,slow-two.example=127.0.0.1",
    };
    delete env.DATABASE_URL;
    delete env.ROLE;
    delete env.npm_lifecycle_event;
    npm = spawn("npm", ["start"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const child = npm;
    const lines: Record<string, unknown>[] = [];
    let output = "";
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      buffer += chunk.toString("utf8");
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith("{")) lines.push(JSON.parse(line));
      }
    });
    // The first start of an embedded database initialises it: slow.
    const started = Date.now();
    while (!lines.some((l) => String(l.msg).startsWith("listening"))) {
      if (child.exitCode !== null || Date.now() - started > 150_000) throw new Error(`npm start did not listen: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(lines.some((l) => l.msg === "pipeline workers started")).toBe(true);
    const baseUrl = `http://127.0.0.1:${port}`;
    const pgPort = Number(postmasterLines()[3]);
    const pgPid = postmasterPid();
    expect(pgPort).toBeGreaterThan(0);
    expect(pgPid).toBeGreaterThan(0);

    // An article whose pages hang: its read step is running when the signal comes.
    const db = openDatabase(`postgresql://postgres:embedded@127.0.0.1:${pgPort}/postgres`, 2);
    try {
      const world = await makeWorld(baseUrl, db, 5);
      const { token } = await makeKey(baseUrl, world.owner, { siteId: world.siteId });
      const brief = await call(baseUrl, "/api/v1/briefs", {
        token,
        body: {
          topic: "A harbour that never answers",
          useUrls: [`http://slow-one.example:${slowPort}/a`, `http://slow-two.example:${slowPort}/b`],
        },
      });
      expect(brief.status).toBe(200);
      const start = await call(baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
      expect(start.status).toBe(200);
      const waitFrom = Date.now();
      while (asked.length === 0) {
        if (Date.now() - waitFrom > 30_000) throw new Error(`no step fetched the slow site: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM job_step WHERE status = 'running'`);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }

    const signalled = Date.now();
    expect(child.pid).toBeGreaterThan(0);
    process.kill(child.pid as number, "SIGTERM");
    const exit = await Promise.race([exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 15_000))]);
    expect(exit, `npm start did not stop: ${output}`).toBeDefined();
    expect((exit?.at ?? Number.POSITIVE_INFINITY) - signalled).toBeLessThan(10_000);
    expect(lines.some((l) => l.msg === "stopping" && l.signal === "SIGTERM")).toBe(true);
    expect(lines.some((l) => l.msg === "stopped")).toBe(true);
    // Every part stopped by itself, none was cut off at its time limit.
    expect(lines.filter((l) => /did not stop in time|could not stop cleanly/.test(String(l.msg)))).toEqual([]);
    console.info(`stopped ${(exit?.at ?? 0) - signalled} ms after SIGTERM`);

    // Nothing listens any more: neither the service's port nor the embedded PostgreSQL's.
    expect(await inUse(port)).toBe(false);
    expect(await inUse(pgPort)).toBe(false);
    expect(alive(pgPid as number)).toBe(false);
  }, 240_000);
});
