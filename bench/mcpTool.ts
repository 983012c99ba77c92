// What the tool interface costs over REST: reading one article as `tools/call article.read` on
// /mcp/v1 (an agent token, the MCP transport of @modelcontextprotocol/server, a new McpServer per
// request, the same GraphQL operation, and the result text written line by line) beside
// `GET /api/v1/articles/{id}` (an API key), in one process and one run, alternating the two so a
// drift of the machine touches both. Each credential is used at most 60 times, so nothing is rate
// limited. Run with `npx tsx bench/mcpTool.ts` (BENCH_SECONDS, BENCH_CONCURRENCY); not a test.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { serve } from "@hono/node-server";
import { createApp } from "../app/server.ts";
import { startServices } from "../app/services.ts";
import { readConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { log } from "../src/log.ts";
import { addSite, initWorkspace } from "../src/workspaces/workspaceAdmin.ts";
import { call } from "../test/support/http.ts";
import { storeWrittenArticle } from "../test/support/writtenArticles.ts";
import { benchDatabase, cleanUp, cleanups, progress } from "./benchKit.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = 2;
const USES_PER_CREDENTIAL = 60;
if (!process.env.LOG_LEVEL) log.level = "fatal";

interface Way {
  label: string;
  /** Makes one more credential of this way. */
  make(): Promise<string>;
  send(token: string): Promise<Response>;
  ok(body: string): boolean;
}

class Credentials {
  private readonly tokens: string[] = [];
  private used = 0;
  constructor(private readonly way: Way) {}
  async ensure(requests: number): Promise<void> {
    while (this.tokens.length * USES_PER_CREDENTIAL - this.used < requests) this.tokens.push(await this.way.make());
  }
  next(): string {
    const token = this.tokens[Math.floor(this.used++ / USES_PER_CREDENTIAL)];
    if (!token) throw new Error(`${this.way.label}: ran out of credentials`);
    return token;
  }
}

async function run(way: Way, credentials: Credentials, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const token = credentials.next();
      const started = performance.now();
      const response = await way.send(token);
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200 || !way.ok(body)) throw new Error(`${way.label}: ${response.status} ${body.slice(0, 300)}`);
      latencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

async function main(): Promise<void> {
  const { url } = await benchDatabase();
  const db = openDatabase(url, 10);
  cleanups.push(() => db.close());
  const services = await startServices(db, { databaseUrl: url, workers: false });
  cleanups.push(() => services.stop());
  const { app } = createApp(services, readConfig({ DATABASE_URL: url, PORT: "0" }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  cleanups.push(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const password = "bench-password";
  const { workspaceId } = await initWorkspace(db, { workspace: "Bench desk", email, password, name: "Bench Owner" });
  // Enough agents for the run (the trial plan allows 3).
  await db.prisma.workspace.update({ where: { id: workspaceId }, data: { plan: "enterprise" } });
  const { siteId } = await addSite(db, workspaceId, "bench.example.com");
  const personId = (await db.prisma.person.findUniqueOrThrow({ where: { email } })).id;
  const signIn = await call(base, "/api/v1/session", { body: { email, password } });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const articleId = (await storeWrittenArticle(db, { workspaceId, siteId, personId }, { claims: 12, sources: 6 })).toUpperCase();
  const made = async (path: string, label: string) => {
    const reply = await call(base, path, { cookie, body: { name: label, siteId, scopes: ["read"], dailyCap: 1 } });
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.token as string;
  };

  const rest: Way = {
    label: "GET /api/v1/articles/{id}",
    make: () => made("/api/v1/developer/keys", "bench key"),
    send: (token) => fetch(`${base}/api/v1/articles/${articleId}`, { headers: { Authorization: `Bearer ${token}` } }),
    ok: (body) => body.includes(articleId),
  };
  const mcpBody = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "article.read", arguments: { articleId } },
  });
  const mcp: Way = {
    label: "tools/call article.read",
    make: () => made("/api/v1/developer/mcp/agents", "bench agent"),
    send: (token) =>
      fetch(`${base}/mcp/v1`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-11-25",
        },
        body: mcpBody,
      }),
    ok: (body) => body.includes(articleId) && body.includes('"isError":false'),
  };

  const ways = [rest, mcp];
  const pools = new Map(ways.map((w) => [w, new Credentials(w)]));
  const results = new Map<Way, number[]>(ways.map((w) => [w, []]));
  /** Requests a second at the last run, to make enough credentials (untimed) before the next. */
  const pace = new Map<Way, number>();
  for (const way of ways) {
    await pools.get(way)?.ensure(600);
    progress(`${way.label}: warm-up 1 s`);
    pace.set(way, (await run(way, pools.get(way) as Credentials, 1)).length);
  }
  const seconds = SECONDS / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of ways) {
      const pool = pools.get(way) as Credentials;
      await pool.ensure(Math.ceil((pace.get(way) ?? 100) * seconds * 3) + CONCURRENCY);
      progress(`${way.label}: round ${round + 1}, ${seconds} s`);
      const latencies = await run(way, pool, seconds);
      pace.set(way, latencies.length / seconds);
      results.get(way)?.push(...latencies);
    }
  }
  const rows = ways.map((way) => {
    const sorted = [...(results.get(way) ?? [])].sort((a, b) => a - b);
    return { way: way.label, requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  const [restRow, mcpRow] = rows;
  console.log(`concurrency ${CONCURRENCY}, ${SECONDS} s each, one article of 12 claims and 6 sources`);
  for (const r of rows) {
    console.log(
      `${r.way.padEnd(28)} ${String(r.requests).padStart(7)} req  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`,
    );
  }
  if (restRow && mcpRow) console.log(`p50 tools/call / GET: ${(mcpRow.p50 / restRow.p50).toFixed(2)}x`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
