// GET /metrics as Prometheus scrapes it: after a request and an article job run to its end (its
// event stream followed), the series exist with bounded labels (route templates, never a raw path
// or an id). Who may scrape: loopback not forwarded by a proxy, or the METRICS_TOKEN bearer; a
// request from another address without it, a forwarded one, and a wrong token are refused.
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/server.ts";
import { readConfig } from "../src/config.ts";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { readSse, type SseEvent } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { startTestWeb, type TestWeb } from "./web/testWeb.ts";

const TOKEN = "metrics-token-for-the-test-0123456789";

let web: TestWeb;
let server: TestServer;
beforeAll(async () => {
  web = await startTestWeb();
  server = await startTestServer({ FETCH_ALLOW_ADDRESSES: "127.0.0.1", FETCH_HOST_MAP: web.hostMap, METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await server?.close();
  await web?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const reply = await fetch(`${server.baseUrl}/metrics`);
  expect(reply.status).toBe(200);
  expect(reply.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await reply.text());
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe("GET /metrics", () => {
  it("counts requests by route template, a job, its steps, fetches, credits, queues, streams and the pool", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 5);
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
    const story = web.truth.stories.find((s) => s.id === "container-spill");
    if (!story) throw new Error("no story");
    const brief = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      body: { topic: story.topic, useUrls: story.urls.map(web.served), targetWords: 400 },
    });
    expect(brief.status).toBe(200);
    const start = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
    expect(start.status).toBe(200);
    const jobId = start.body.jobId as string;

    // While the job's event stream is open, the gauge says so.
    const isEnd = (events: SseEvent[]) =>
      events.some((e) => e.data.kind === "done" || (e.data.kind === "refunded" && e.data.reason === undefined));
    const following = readSse(`${server.baseUrl}/api/v1/jobs/${jobId}/events`, { token, until: isEnd, timeoutMs: 90_000 });
    await expect
      .poll(async () => find(await scrape(), "job_event_streams_open")[0]?.value, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    const stream = await following;
    expect(stream.events.at(-1)?.data.kind).toBe("done");

    const samples = await scrape();
    // Requests: by method, route template and status; no raw path, no id in any label.
    expect(find(samples, "http_requests_total", { method: "POST", route: "/api/v1/briefs", status: "200" })[0]?.value).toBe(1);
    expect(find(samples, "http_requests_total", { method: "GET", route: "/api/v1/jobs/:id/events", status: "200" })).toHaveLength(
      1,
    );
    expect(
      find(samples, "http_request_duration_seconds_count", { method: "POST", route: "/api/v1/articles", status: "200" })[0]
        ?.value,
    ).toBe(1);
    expect(find(samples, "http_request_duration_seconds_bucket", { route: "/api/v1/articles", le: "+Inf" })).toHaveLength(1);
    for (const s of find(samples, "http_requests_total")) {
      expect(s.labels.route).toMatch(/^(\/[\w.:{}-]*)+$|^unmatched$/);
      expect(s.labels.route).not.toContain(jobId);
      expect(s.labels.route?.toLowerCase()).not.toContain(jobId.toLowerCase());
    }
    // Jobs by kind and status, read from the database.
    expect(find(samples, "jobs", { kind: "article", status: "done" })[0]?.value).toBeGreaterThanOrEqual(1);
    // Step durations, observed as each step ended.
    for (const step of start.body.steps as { id: string }[]) {
      expect(
        find(samples, "pipeline_step_duration_seconds_count", { step: step.id, outcome: "done" })[0]?.value,
      ).toBeGreaterThanOrEqual(1);
    }
    // Fetches by outcome: the story's pages were read.
    expect(find(samples, "fetches_total", { outcome: "ok" })[0]?.value).toBeGreaterThanOrEqual(story.urls.length);
    // Credits from the ledger: one held and captured.
    expect(find(samples, "credits_total", { kind: "held" })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, "credits_total", { kind: "captured" })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, "credits_total", { kind: "released" })).toHaveLength(1);
    // Queue depth per pg-boss queue; the pool; the stream closed again.
    const queues = find(samples, "queue_depth").map((s) => s.labels.queue);
    expect(queues.length).toBeGreaterThanOrEqual(3);
    for (const s of find(samples, "queue_depth")) expect(s.value).toBeGreaterThanOrEqual(0);
    for (const state of ["total", "idle", "waiting"]) expect(find(samples, "db_pool_clients", { state })).toHaveLength(1);
    expect(find(samples, "job_event_streams_open")[0]?.value).toBe(0);
    // The process's own (prom-client's defaults).
    expect(find(samples, "process_cpu_user_seconds_total")).toHaveLength(1);
  }, 120_000);

  it("names an unmatched path `unmatched`, never the path itself", async () => {
    await call(server.baseUrl, "/no/such/path-7f3a");
    const samples = await scrape();
    expect(find(samples, "http_requests_total", { route: "unmatched", status: "404" })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes("path-7f3a")))).toBe(false);
  });

  it("refuses a forwarded request and a wrong token, and takes the METRICS_TOKEN bearer", async () => {
    const forwarded = await call(server.baseUrl, "/metrics", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(errorOf(forwarded)).toEqual({ status: 401, error: "invalid_key" });
    expect(errorOf(await call(server.baseUrl, "/metrics", { token: "wrong-token-wrong-token" }))).toEqual({
      status: 401,
      error: "invalid_key",
    });
    const withToken = await call(server.baseUrl, "/metrics", { token: TOKEN, headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toContain("http_requests_total");
  });

  const outside = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

  it.skipIf(!outside)("refuses a request from a non-loopback address without the token, and takes one with it", async () => {
    // The same service listening on every address (as HOST=0.0.0.0), reached on this machine's own
    // non-loopback address: the peer is not loopback.
    const { app } = createApp(server.services, readConfig({ HOST: "0.0.0.0", PORT: "0", METRICS_TOKEN: TOKEN }));
    const wide = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "0.0.0.0" }, () => resolve(s));
    });
    try {
      const base = `http://${outside}:${(wide.address() as AddressInfo).port}`;
      expect(errorOf(await call(base, "/metrics"))).toEqual({ status: 401, error: "invalid_key" });
      expect((await call(base, "/metrics", { token: TOKEN })).status).toBe(200);
      expect((await call(base, "/healthz")).status).toBe(200);
    } finally {
      await new Promise<void>((done) => {
        wide.close(() => done());
        if ("closeAllConnections" in wide) wide.closeAllConnections();
      });
    }
  });
});
