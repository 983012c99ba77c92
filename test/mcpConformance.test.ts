// The official MCP conformance suite (@modelcontextprotocol/conformance) against /mcp/v1: its
// server scenarios that apply to this service must pass, and each that does not apply is listed
// with its reason in support/conformance-expected-failures.yml (the suite's own baseline check
// also fails when a listed scenario starts passing). The suite needs Node 22's fs.globSync, so on
// Node 20 it runs through support/register.mjs; it sends no Authorization header, so it talks to
// support/mcpAuthProxy.ts, which adds agent tokens. The service is told the proxy's address as
// its own (BASE_URL), so its Host and Origin checks judge what the suite sent (DNS rebinding).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWorld } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { type McpAuthProxy, startMcpAuthProxy } from "./support/mcpAuthProxy.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const SHIM = path.join(here, "support", "register.mjs");
const EXPECTED_FAILURES = path.join(here, "support", "conformance-expected-failures.yml");
const CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json")),
  "dist",
  "index.js",
);

/** The scenarios that apply to this service: each must pass, every check of it. */
const APPLICABLE = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];

/**
 * One agent takes 60 MCP requests a minute and the suite sends more than that in a run, so the
 * proxy rotates over a few agents (the workspace is put on a plan that allows them).
 */
const AGENTS = 4;

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
  details?: Record<string, unknown>;
}

let server: TestServer;
let proxy: McpAuthProxy;
let outputDir: string;
afterAll(async () => {
  await proxy?.close();
  await server?.close();
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

beforeAll(async () => {
  const tokens: string[] = [];
  let next = 0;
  proxy = await startMcpAuthProxy(() => tokens[next++ % tokens.length] as string);
  server = await startTestServer({ BASE_URL: proxy.url }, { workers: false });
  proxy.target = server.baseUrl;
  const world = await makeWorld(server.baseUrl, server.db);
  await server.db.pool.query(`UPDATE workspace SET plan = 'standard' WHERE id = $1`, [world.workspaceId]);
  for (let i = 0; i < AGENTS; i++) {
    const made = await call(server.baseUrl, "/api/v1/developer/mcp/agents", {
      cookie: world.owner.cookie,
      body: {
        name: `conformance ${i + 1}`,
        siteId: world.siteId,
        scopes: ["brief", "generate", "read", "edit", "export"],
        dailyCap: 0,
      },
    });
    if (made.status !== 200) throw new Error(`agent creation failed: ${made.status} ${JSON.stringify(made.body)}`);
    tokens.push(made.body.token);
  }
  outputDir = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
});

/** Runs the CLI to its end: exit code and output. */
function runSuite(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", SHIM, CLI, ...args], {
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (part: Buffer) => {
      output += part.toString("utf8");
    });
    child.stderr.on("data", (part: Buffer) => {
      output += part.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** The checks of each scenario the suite saved: `<dir>/server-<scenario>-<timestamp>/checks.json`. */
function savedResults(dir: string): Map<string, Check[]> {
  const results = new Map<string, Check[]>();
  for (const entry of readdirSync(dir)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    if (!scenario) continue;
    results.set(scenario, JSON.parse(readFileSync(path.join(dir, entry, "checks.json"), "utf8")) as Check[]);
  }
  return results;
}

describe("the MCP conformance suite against /mcp/v1", () => {
  it("passes every scenario that applies, and fails only those the expected-failures file lists", {
    timeout: 240_000,
  }, async () => {
    const run = await runSuite([
      "server",
      "--url",
      `${proxy.url}/mcp/v1`,
      "--expected-failures",
      EXPECTED_FAILURES,
      "-o",
      outputDir,
    ]);
    const results = savedResults(outputDir);
    const failing = (checks: Check[]) => checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
    const summary = [...results].map(([scenario, checks]) => {
      const failed = failing(checks);
      return failed.length === 0
        ? `pass  ${scenario}`
        : `fail  ${scenario}: ${failed.map((c) => `${c.id} ${c.errorMessage ?? c.status}`.slice(0, 120)).join("; ")}`;
    });
    console.log(`MCP conformance, ${results.size} scenarios, ${proxy.forwarded} requests:\n${summary.sort().join("\n")}`);

    for (const scenario of APPLICABLE) {
      const checks = results.get(scenario);
      expect(checks, `${scenario} did not run:\n${run.output.slice(-4000)}`).toBeDefined();
      expect(failing(checks ?? []), scenario).toEqual([]);
    }
    // The foreign Host/Origin was refused by the service's own check (421 misdirected_request,
    // or 403 for the Origin), not for a missing token: the proxy added one.
    const rebinding = results.get("dns-rebinding-protection")?.find((c) => c.id === "localhost-host-rebinding-rejected");
    expect([421, 403]).toContain(rebinding?.details?.statusCode);
    // The suite's baseline check: no failure outside the file, no entry in it that now passes.
    expect(run.code, run.output.slice(-4000)).toBe(0);
  });
});

describe("the proxy in front of the service (support/mcpAuthProxy.ts)", () => {
  it("adds the token, keeps Host and Origin as sent, and streams an SSE answer event by event", async () => {
    let seen: IncomingHttpHeaders = {};
    let release: () => void = () => {};
    const upstream = createServer((request, response) => {
      seen = request.headers;
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write('event: message\ndata: {"n":1}\n\n');
      // The second event waits until the client has read the first through the proxy.
      release = () => response.end('event: message\ndata: {"n":2}\n\n');
    });
    await new Promise<void>((listening) => upstream.listen(0, "127.0.0.1", listening));
    const front = await startMcpAuthProxy(() => "bz_mcp_live_test");
    try {
      front.target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      const response = await fetch(`${front.url}/mcp/v1`, {
        method: "POST",
        headers: { Origin: "http://evil.example", "Content-Type": "application/json" },
        body: "{}",
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('{"n":1}');
      expect(seen).toMatchObject({
        authorization: "Bearer bz_mcp_live_test",
        host: new URL(front.url).host,
        origin: "http://evil.example",
      });
      release();
      let rest = "";
      for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
      expect(rest).toContain('{"n":2}');
    } finally {
      await front.close();
      await new Promise<void>((closed) => upstream.close(() => closed()));
    }
  });
});
