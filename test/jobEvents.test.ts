// The job event stream while a job waits in the queue: its plan as todo events, then pings with
// the queue position and no id (pings are not stored). Pings come faster here than the spec's
// 5 s (JOB_EVENTS_PING_MS) so the test does not wait.
import { createParser } from "eventsource-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeKey, makeWorld } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { readSse } from "./support/sse.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
beforeAll(async () => {
  // No workers: every job stays queued.
  server = await startTestServer({ JOB_EVENTS_PING_MS: "300" }, { workers: false });
});

describe("a queued job's event stream", () => {
  it("opens with a comment naming the job, one todo event per step, then pings with the queue position", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 5);
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
    const jobs: { jobId: string; steps: { id: string }[] }[] = [];
    for (const topic of ["First queued article", "Second queued article"]) {
      const brief = await call(server.baseUrl, "/api/v1/briefs", {
        token,
        body: { topic, language: "en+de", seo: false, useUrls: ["https://news.example.org/story"] },
      });
      const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
      jobs.push(started.body);
    }
    const second = jobs[1] as (typeof jobs)[number];
    const stream = await readSse(`${server.baseUrl}/api/v1/jobs/${second.jobId}/events`, {
      token,
      until: (events) => events.filter((e) => e.data.kind === "ping").length >= 2,
    });
    expect(stream.comments[0]).toBe(`job ${second.jobId}`);
    const todo = stream.events.filter((e) => e.data.kind === "step");
    expect(todo.map((e) => e.data.stepId)).toEqual(second.steps.map((s) => s.id));
    expect(todo.map((e) => e.data.stepId)).toEqual(["find", "group", "read", "check", "write", "qa", "write-de", "qa-de"]);
    for (const e of todo) expect(e.data).toMatchObject({ status: "todo", ms: 0, details: [] });
    expect(todo.map((e) => e.id)).toEqual(todo.map((_, i) => String(i + 1)));
    const pings = stream.events.filter((e) => e.data.kind === "ping");
    // Behind the first job in the queue.
    for (const ping of pings) expect(ping).toEqual({ data: { kind: "ping", queued: 2 } });
  });

  it("is 404 for a job the key cannot see, and needs the read scope", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 5);
    const { token } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId });
    const { token: otherSite } = await makeKey(server.baseUrl, world.owner, { siteId: world.otherSiteId });
    const { token: noRead } = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["brief", "generate"] });
    const brief = await call(server.baseUrl, "/api/v1/briefs", {
      token,
      body: { topic: "Visible only here", useUrls: ["https://news.example.org/story"] },
    });
    const started = await call(server.baseUrl, "/api/v1/articles", { token, body: { briefId: brief.body.id } });
    const path = `/api/v1/jobs/${started.body.jobId}/events`;
    expect(errorOf(await call(server.baseUrl, path, { token: otherSite }))).toEqual({ status: 404, error: "not_found" });
    expect(errorOf(await call(server.baseUrl, path, { token: noRead }))).toEqual({ status: 403, error: "scope_missing" });
    expect(errorOf(await call(server.baseUrl, "/api/v1/jobs/not-a-job/events", { token }))).toEqual({
      status: 404,
      error: "not_found",
    });
    // A queued job is not paused: nothing to retry or skip yet.
    for (const action of ["retry", "skip"]) {
      const steer = await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}/steps/find/${action}`, {
        token,
        method: "POST",
      });
      expect(errorOf(steer)).toEqual({ status: 409, error: "job_not_paused" });
    }
  });
});

describe("the same events as a GraphQL subscription (graphql-sse, distinct connections)", () => {
  it("streams the job's events to a signed-in person and completes when the job ends", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 5);
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const reply = await call(server.baseUrl, "/graphql", { cookie: world.owner.cookie, body: { query, variables } });
      expect(reply.body.errors).toBeUndefined();
      return reply.body.data;
    };
    const { createBrief } = await gql(
      `mutation { createBrief(input: { topic: "Subscribed article", useUrls: ["https://news.example.org/story"] }) { id } }`,
    );
    const { startArticle } = await gql(`mutation($id: String!) { startArticle(briefId: $id) { jobId steps { id } } }`, {
      id: createBrief.id,
    });
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream", Cookie: world.owner.cookie },
      body: JSON.stringify({
        query: "subscription($id: String!) { jobEvents(id: $id) { seq kind stepId status queued code credits } }",
        variables: { id: startArticle.jobId },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const received: any[] = [];
    let completed = false;
    const parser = createParser({
      onEvent: (message) => {
        if (message.event === "complete") completed = true;
        else if (message.data) received.push(JSON.parse(message.data).data.jobEvents);
      },
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let cancelled = false;
    while (!completed) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (!cancelled && received.length >= startArticle.steps.length) {
        cancelled = true;
        await gql(`mutation($id: String!) { cancelJob(id: $id) }`, { id: startArticle.jobId });
      }
    }
    expect(completed).toBe(true);
    const stored = received.filter((e) => e.kind !== "ping");
    expect(stored.slice(0, startArticle.steps.length).map((e) => e.stepId)).toEqual(
      startArticle.steps.map((s: { id: string }) => s.id),
    );
    expect(stored.slice(-2)).toEqual([
      {
        seq: startArticle.steps.length + 1,
        kind: "failed",
        stepId: null,
        status: null,
        queued: null,
        code: "cancelled",
        credits: null,
      },
      { seq: startArticle.steps.length + 2, kind: "refunded", stepId: null, status: null, queued: null, code: null, credits: 1 },
    ]);
  });
});
