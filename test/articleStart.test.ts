// POST /api/v1/articles through HTTP: credits held under the workspace lock (no overspend under
// concurrency), the credential's daily cap and its webhook, trial and plan limits, the refusals
// (site state, article on the subject, supersedes, language, scope and role), the started job's
// shape, and which jobs a key may see. Workers are off: started jobs stay queued, so every hold
// can be counted exactly and nothing fetches the (made-up) useUrls.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPerson, makeKey, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call, errorOf, type Reply } from "./support/http.ts";
import { ledgerBalance } from "./support/ledger.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
});

const UPPER_UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const URLS = ["https://news.example.org/story", "https://wire.example.net/report"];

interface Setup {
  world: World;
  token: string;
  keyId: string;
}

async function setUp(
  credits: number,
  keyOptions: { dailyCap?: number; scopes?: string[]; name?: string; siteId?: string | null } = {},
): Promise<Setup> {
  const world = await makeWorld(server.baseUrl, server.db, credits);
  const { siteId, ...rest } = keyOptions;
  const { key, token } = await makeKey(server.baseUrl, world.owner, {
    dailyCap: 100,
    ...rest,
    ...(siteId === null ? {} : { siteId: siteId ?? world.siteId }),
  });
  return { world, token, keyId: key.id };
}

async function makeBrief(token: string, body: Record<string, unknown>): Promise<string> {
  const reply = await call(server.baseUrl, "/api/v1/briefs", { token, body: { useUrls: URLS, ...body } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.id as string;
}

const start = (token: string, body: Record<string, unknown>) => call(server.baseUrl, "/api/v1/articles", { token, body });

async function gql(person: Person, query: string, variables: Record<string, unknown> = {}) {
  const reply = await call(server.baseUrl, "/graphql", { cookie: person.cookie, body: { query, variables } });
  expect(reply.status).toBe(200);
  return reply.body as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
}

const balanceOf = (workspaceId: string) => ledgerBalance(server.db, workspaceId);

async function holdsOf(workspaceId: string): Promise<{ amount: number; credential_id: string | null }[]> {
  const { rows } = await server.db.pool.query(
    `SELECT amount, credential_id FROM credit_entry WHERE workspace_id = $1 AND kind = 'hold' ORDER BY created_at`,
    [workspaceId],
  );
  return rows;
}

/** Articles, jobs and holds of a workspace: what a refused start must leave untouched. */
async function written(workspaceId: string): Promise<{ articles: number; jobs: number; holds: number }> {
  const { rows } = await server.db.pool.query(
    `SELECT (SELECT count(*)::int FROM article WHERE workspace_id = $1) AS articles,
            (SELECT count(*)::int FROM job WHERE workspace_id = $1) AS jobs,
            (SELECT count(*)::int FROM credit_entry WHERE workspace_id = $1 AND kind = 'hold') AS holds`,
    [workspaceId],
  );
  return rows[0];
}

async function outbox(workspaceId: string, type: string): Promise<{ data: any; site_id: string | null }[]> {
  const { rows } = await server.db.pool.query(
    `SELECT data, site_id FROM outbox_event WHERE workspace_id = $1 AND type = $2 ORDER BY created_at`,
    [workspaceId, type],
  );
  return rows;
}

const ids = (steps: { id: string }[]) => steps.map((s) => s.id);
const bodyOf = (reply: Reply) => JSON.stringify(reply.body);

/** N keys on the world's site, so a burst of requests stays under 60 a minute per key. */
async function keysFor(world: World, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    tokens.push((await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, dailyCap: 100, name: `burst ${i}` })).token);
  }
  return tokens;
}

describe("no overspend under concurrency", () => {
  for (const round of [1, 2]) {
    it(`lets exactly 5 of 20 concurrent starts through on a balance of 5 (round ${round})`, async () => {
      const world = await makeWorld(server.baseUrl, server.db, 5);
      const tokens = await keysFor(world, 3);
      const token = (i: number) => tokens[i % tokens.length] as string;
      const briefs: string[] = [];
      for (let i = 0; i < 20; i++) briefs.push(await makeBrief(token(i), { topic: `Harbour report ${round} number ${i}` }));

      const replies = await Promise.all(briefs.map((briefId, i) => start(token(i), { briefId })));
      const ok = replies.filter((r) => r.status === 200);
      const refused = replies.filter((r) => r.status !== 200);
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(errorOf(r), bodyOf(r)).toEqual({ status: 402, error: "insufficient_credits" });
      for (const r of ok) expect(r.body.creditsHeld).toBe(1);
      expect(new Set(ok.map((r) => r.body.jobId)).size).toBe(5);

      expect(await balanceOf(world.workspaceId)).toBe(0);
      const holds = await holdsOf(world.workspaceId);
      expect(holds.map((h) => h.amount)).toEqual([-1, -1, -1, -1, -1]);
      expect(await written(world.workspaceId)).toEqual({ articles: 5, jobs: 5, holds: 5 });
    });
  }

  it("never goes negative with long briefs either: a balance of 9 covers 4 long articles of 10", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 9);
    const tokens = await keysFor(world, 2);
    const token = (i: number) => tokens[i % tokens.length] as string;
    const briefs: string[] = [];
    for (let i = 0; i < 10; i++) briefs.push(await makeBrief(token(i), { topic: `Long ferry inquiry ${i}`, length: "long" }));
    const replies = await Promise.all(briefs.map((briefId, i) => start(token(i), { briefId })));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(4);
    for (const r of ok) expect(r.body.creditsHeld).toBe(2);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(errorOf(r), bodyOf(r)).toEqual({ status: 402, error: "insufficient_credits" });
    }
    expect(await balanceOf(world.workspaceId)).toBe(1);
    expect((await holdsOf(world.workspaceId)).map((h) => h.amount)).toEqual([-2, -2, -2, -2]);
  });

  it("starts one job when the same brief is started several times at once", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 10);
    const tokens = await keysFor(world, 2);
    const briefId = await makeBrief(tokens[0] as string, { topic: "Lighthouse keeper retires" });
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => start(tokens[i % 2] as string, { briefId })));
    for (const r of replies) expect(r.status, bodyOf(r)).toBe(200);
    expect(new Set(replies.map((r) => r.body.jobId)).size).toBe(1);
    expect(new Set(replies.map((r) => r.body.articleId)).size).toBe(1);
    expect(await written(world.workspaceId)).toEqual({ articles: 1, jobs: 1, holds: 1 });
    expect(await balanceOf(world.workspaceId)).toBe(9);
  });

  it("lets only one of several concurrent briefs on the same subject through for a key", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 10);
    const tokens = await keysFor(world, 2);
    const topics = [
      "Storm Elspeth: containers lost",
      "containers lost in storm Elspeth",
      "Containers lost, storm Elspeth",
      "The storm Elspeth and the containers lost",
    ];
    const briefs: string[] = [];
    for (const [i, topic] of topics.entries()) briefs.push(await makeBrief(tokens[i % 2] as string, { topic }));
    const replies = await Promise.all(briefs.map((briefId, i) => start(tokens[i % 2] as string, { briefId })));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(errorOf(r), bodyOf(r)).toEqual({ status: 409, error: "article_exists" });
      expect(r.body.articleId).toBe(ok[0]?.body.articleId);
    }
    expect(await written(world.workspaceId)).toEqual({ articles: 1, jobs: 1, holds: 1 });
  });
});

describe("the daily cap of a key", () => {
  it("holds up to the cap, raises agent.budget_exhausted once, refuses with 429 and makes room on release", async () => {
    const { world, token, keyId } = await setUp(50, { dailyCap: 2, name: "Cap two" });
    const b1 = await makeBrief(token, { topic: "Tide gauge broken" });
    const b2 = await makeBrief(token, { topic: "Quay crane delivered" });
    const b3 = await makeBrief(token, { topic: "Pilot boat renamed" });
    const b4 = await makeBrief(token, { topic: "Dredger arrives early" });

    const first = await start(token, { briefId: b1 });
    expect(first.status).toBe(200);
    expect(first.body.creditsHeld).toBe(1);
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toEqual([]);

    const second = await start(token, { briefId: b2 });
    expect(second.status).toBe(200);
    const now = new Date();
    const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
    const expectedEvent = {
      site_id: world.siteId,
      data: { keyId: keyId.toLowerCase(), name: "Cap two", kind: "key", cap: 2, resetsAt },
    };
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toEqual([expectedEvent]);

    const third = await start(token, { briefId: b3 });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      error: "budget_exhausted",
      message: expect.any(String),
      resetsAt,
      askAHuman: expect.any(String),
      docs: "/docs/errors#budget_exhausted",
    });
    expect(third.body.askAHuman.length).toBeGreaterThan(0);
    const retryAfter = third.headers.get("retry-after") ?? "";
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    const untilReset = (Date.parse(resetsAt) - Date.now()) / 1000;
    expect(Math.abs(Number(retryAfter) - untilReset)).toBeLessThan(10);
    // The refusal wrote nothing and raised no second event.
    expect(await written(world.workspaceId)).toEqual({ articles: 2, jobs: 2, holds: 2 });
    expect(await balanceOf(world.workspaceId)).toBe(48);
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toEqual([expectedEvent]);

    // Cancelling the first job releases its credit: held minus released is 1, so one more fits.
    const cancel = await call(server.baseUrl, `/api/v1/jobs/${first.body.jobId}/cancel`, { token, method: "POST" });
    expect(cancel.status).toBe(204);
    expect(await outbox(world.workspaceId, "job.failed")).toEqual([
      {
        site_id: world.siteId,
        data: {
          jobId: first.body.jobId.toLowerCase(),
          articleId: first.body.articleId.toLowerCase(),
          failure: "cancelled",
          refunded: 1,
        },
      },
    ]);
    expect(await balanceOf(world.workspaceId)).toBe(49);
    // A long brief (2) would still pass the cap; a standard one fits.
    const long = await makeBrief(token, { topic: "Marina expansion plans", length: "long" });
    expect(errorOf(await start(token, { briefId: long }))).toEqual({ status: 429, error: "budget_exhausted" });
    const fourth = await start(token, { briefId: b4 });
    expect(fourth.status, bodyOf(fourth)).toBe(200);
    expect(await balanceOf(world.workspaceId)).toBe(48);
    // Reaching the cap again the same day raises nothing new.
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toEqual([expectedEvent]);
    expect(errorOf(await start(token, { briefId: b3 }))).toEqual({ status: 429, error: "budget_exhausted" });
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toHaveLength(1);
  });

  it("raises agent.budget_exhausted only once the cap is used up, not for a start too big for what is left", async () => {
    const { world, token } = await setUp(50, { dailyCap: 3 });
    expect((await start(token, { briefId: await makeBrief(token, { topic: "Pier lights", length: "long" }) })).status).toBe(200);
    const tooBig = await makeBrief(token, { topic: "Pier toll", length: "long" });
    expect(errorOf(await start(token, { briefId: tooBig }))).toEqual({ status: 429, error: "budget_exhausted" });
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toEqual([]);
    expect((await start(token, { briefId: await makeBrief(token, { topic: "Pier cafe" }) })).status).toBe(200);
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toHaveLength(1);
  });

  it("does not hand a key bound to another site the job of a brief that moved there", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 10);
    const whole = (await makeKey(server.baseUrl, world.owner, { dailyCap: 100 })).token;
    const otherSite = (await makeKey(server.baseUrl, world.owner, { siteId: world.otherSiteId, dailyCap: 100 })).token;
    const briefId = await makeBrief(whole, { topic: "Moved brief", siteId: world.siteId });
    const first = await start(whole, { briefId });
    expect(first.status).toBe(200);
    const moved = await call(server.baseUrl, `/api/v1/briefs/${briefId}`, {
      token: whole,
      method: "PATCH",
      body: { siteId: world.otherSiteId },
    });
    expect(moved.status).toBe(200);
    const second = await start(otherSite, { briefId });
    expect(second.status).toBe(200);
    expect(second.body.jobId).not.toBe(first.body.jobId);
    expect((await call(server.baseUrl, `/api/v1/jobs/${second.body.jobId}`, { token: otherSite })).status).toBe(200);
  });

  it("does not count another key's spend, and a person has no cap", async () => {
    const { world, token } = await setUp(50, { dailyCap: 1 });
    const other = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, dailyCap: 1 })).token;
    expect((await start(token, { briefId: await makeBrief(token, { topic: "Breakwater cracks" }) })).status).toBe(200);
    expect((await start(other, { briefId: await makeBrief(other, { topic: "Seal colony counted" }) })).status).toBe(200);
    const third = await makeBrief(token, { topic: "Harbour dues rise" });
    expect(errorOf(await start(token, { briefId: third }))).toEqual({ status: 429, error: "budget_exhausted" });
    const byPerson = await gql(world.owner, `mutation($id: String!) { startArticle(briefId: $id) { creditsHeld } }`, {
      id: third,
    });
    expect(byPerson.errors).toBeUndefined();
    expect(byPerson.data.startArticle).toEqual({ creditsHeld: 1 });
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toHaveLength(2);
  });
});

describe("credits", () => {
  it("refuses a start the balance cannot cover with 402 and writes nothing", async () => {
    const { world, token } = await setUp(1);
    const long = await makeBrief(token, { topic: "Dock strike talks", length: "long" });
    const versions = await makeBrief(token, { topic: "Canal lock reopens", language: "en+de" });
    expect(errorOf(await start(token, { briefId: long }))).toEqual({ status: 402, error: "insufficient_credits" });
    expect(errorOf(await start(token, { briefId: versions }))).toEqual({ status: 402, error: "insufficient_credits" });
    expect(await written(world.workspaceId)).toEqual({ articles: 0, jobs: 0, holds: 0 });
    expect(await balanceOf(world.workspaceId)).toBe(1);
    expect(await outbox(world.workspaceId, "agent.budget_exhausted")).toEqual([]);
  });

  it("refuses with 402 once the trial has ended, whatever the balance", async () => {
    const { world, token } = await setUp(50);
    const briefId = await makeBrief(token, { topic: "Fish market moves" });
    await server.db.pool.query(`UPDATE workspace SET trial_ends_at = now() - interval '1 minute' WHERE id = $1`, [
      world.workspaceId,
    ]);
    expect(errorOf(await start(token, { briefId }))).toEqual({ status: 402, error: "insufficient_credits" });
    expect(await written(world.workspaceId)).toEqual({ articles: 0, jobs: 0, holds: 0 });
    await server.db.pool.query(`UPDATE workspace SET plan = 'standard', trial_ends_at = NULL WHERE id = $1`, [world.workspaceId]);
    expect((await start(token, { briefId })).status).toBe(200);
  });

  it("holds 2 for a long brief and 1 more per language version, with the version steps", async () => {
    const { world, token } = await setUp(50);
    const long = await start(token, { briefId: await makeBrief(token, { topic: "Shipyard closure", length: "long" }) });
    expect(long.status).toBe(200);
    expect(long.body.creditsHeld).toBe(2);
    expect(await balanceOf(world.workspaceId)).toBe(48);

    const three = await start(token, { briefId: await makeBrief(token, { topic: "Ferry fares", language: "en+de+fr" }) });
    expect(three.status).toBe(200);
    expect(three.body.creditsHeld).toBe(3);
    expect(ids(three.body.steps)).toEqual([
      "find",
      "group",
      "read",
      "check",
      "write",
      "seo",
      "qa",
      "write-de",
      "seo-de",
      "qa-de",
      "write-fr",
      "seo-fr",
      "qa-fr",
    ]);
    const longVersions = await start(token, {
      briefId: await makeBrief(token, { topic: "Coastal erosion survey", length: "long", language: "de+en", seo: false }),
    });
    expect(longVersions.body.creditsHeld).toBe(3);
    expect(ids(longVersions.body.steps).slice(-2)).toEqual(["write-en", "qa-en"]);
    expect(await balanceOf(world.workspaceId)).toBe(42);
    expect((await holdsOf(world.workspaceId)).map((h) => h.amount)).toEqual([-2, -3, -3]);
    const job = await call(server.baseUrl, `/api/v1/jobs/${three.body.jobId}`, { token });
    expect(ids(job.body.steps)).toEqual(ids(three.body.steps));
    // The job carries no credit figure.
    expect(JSON.stringify(job.body)).not.toMatch(/credit|balance/i);
  });

  it("refuses the 6th long article of the month on the trial plan with 409 plan_limit", async () => {
    const { world, token } = await setUp(20);
    for (let i = 0; i < 5; i++) {
      const reply = await start(token, { briefId: await makeBrief(token, { topic: `Long read part ${i}`, length: "long" }) });
      expect(reply.status, bodyOf(reply)).toBe(200);
    }
    const sixth = await makeBrief(token, { topic: "Long read finale", length: "long" });
    expect(errorOf(await start(token, { briefId: sixth }))).toEqual({ status: 409, error: "plan_limit" });
    expect(await written(world.workspaceId)).toEqual({ articles: 5, jobs: 5, holds: 5 });
    expect(await balanceOf(world.workspaceId)).toBe(10);
    // A person is held to the same plan; a standard article is not limited.
    const byPerson = await gql(world.owner, `mutation($id: String!) { startArticle(briefId: $id) { jobId } }`, { id: sixth });
    expect(byPerson.errors?.[0]?.extensions.code).toBe("plan_limit");
    const standard = await start(token, { briefId: await makeBrief(token, { topic: "Short news item" }) });
    expect(standard.status).toBe(200);
    // Last month's long articles do not count.
    await server.db.pool.query(
      `UPDATE job SET started_at = date_trunc('month', now()) - interval '1 day' WHERE workspace_id = $1`,
      [world.workspaceId],
    );
    expect((await start(token, { briefId: sixth })).status).toBe(200);
  });
});

describe("rules", () => {
  let s: Setup;
  let wholeKey: string;
  beforeAll(async () => {
    s = await setUp(100);
    wholeKey = (await makeKey(server.baseUrl, s.world.owner, { dailyCap: 100, name: "whole workspace" })).token;
  });

  it("needs a briefId, and a visible brief", async () => {
    expect(errorOf(await start(s.token, {}))).toEqual({ status: 400, error: "validation" });
    expect(errorOf(await start(s.token, { briefId: 7 }))).toEqual({ status: 400, error: "validation" });
    expect(errorOf(await start(s.token, { briefId: randomUUID() }))).toEqual({ status: 404, error: "not_found" });
    expect(errorOf(await start(s.token, { briefId: "not-an-id" }))).toEqual({ status: 404, error: "not_found" });
    // A brief on another site of the workspace, for a key bound to this site.
    const elsewhere = await makeBrief(wholeKey, { topic: "Other site brief", siteId: s.world.otherSiteId });
    expect(errorOf(await start(s.token, { briefId: elsewhere }))).toEqual({ status: 404, error: "not_found" });
    // Another workspace's brief.
    const other = await setUp(5);
    const theirs = await makeBrief(other.token, { topic: "Their brief" });
    expect(errorOf(await start(s.token, { briefId: theirs }))).toEqual({ status: 404, error: "not_found" });
    expect((await written(s.world.workspaceId)).jobs).toBe(0);
  });

  it("refuses a site that is paused, being read or failed with 409 site_not_ready", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 10);
    const token = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, dailyCap: 100 })).token;
    const briefId = await makeBrief(token, { topic: "Quayside market" });
    for (const status of ["paused", "reading", "failed"]) {
      await server.db.pool.query(`UPDATE site SET status = $2 WHERE id = $1`, [world.siteId, status]);
      expect(errorOf(await start(token, { briefId })), status).toEqual({ status: 409, error: "site_not_ready" });
    }
    expect(await written(world.workspaceId)).toEqual({ articles: 0, jobs: 0, holds: 0 });
    await server.db.pool.query(`UPDATE site SET status = 'ready' WHERE id = $1`, [world.siteId]);
    expect((await start(token, { briefId })).status).toBe(200);
  });

  it("refuses a paused workspace with 409 workspace_paused, and a brief whose site was removed with 404", async () => {
    const world = await makeWorld(server.baseUrl, server.db, 10);
    const token = (await makeKey(server.baseUrl, world.owner, { dailyCap: 100 })).token;
    const briefId = await makeBrief(token, { topic: "Lighthouse keepers", siteId: world.siteId });
    await server.db.pool.query(`UPDATE workspace SET status = 'paused' WHERE id = $1`, [world.workspaceId]);
    expect(errorOf(await start(token, { briefId }))).toEqual({ status: 409, error: "workspace_paused" });
    await server.db.pool.query(`UPDATE workspace SET status = 'active' WHERE id = $1`, [world.workspaceId]);
    await server.db.pool.query(`UPDATE site SET deleted_at = now() WHERE id = $1`, [world.siteId]);
    expect(errorOf(await start(token, { briefId }))).toEqual({ status: 404, error: "not_found" });
    expect(await written(world.workspaceId)).toEqual({ articles: 0, jobs: 0, holds: 0 });
  });

  it("returns the running job when the same brief is started again", async () => {
    const briefId = await makeBrief(s.token, { topic: "Harbour master appointed" });
    const first = await start(s.token, { briefId });
    expect(first.status).toBe(200);
    const before = await written(s.world.workspaceId);
    const again = await start(s.token, { briefId: briefId.toLowerCase() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const byWholeKey = await start(wholeKey, { briefId, alsoNew: true });
    expect(byWholeKey.body.jobId).toBe(first.body.jobId);
    expect(await written(s.world.workspaceId)).toEqual(before);

    // Once the job is cancelled, its draft is an article on the subject: a key needs alsoNew.
    expect(
      (await call(server.baseUrl, `/api/v1/jobs/${first.body.jobId}/cancel`, { token: s.token, method: "POST" })).status,
    ).toBe(204);
    const exists = await start(s.token, { briefId });
    expect(errorOf(exists)).toEqual({ status: 409, error: "article_exists" });
    expect(exists.body.articleId).toBe(first.body.articleId);
    const fresh = await start(s.token, { briefId, alsoNew: true });
    expect(fresh.status).toBe(200);
    expect(fresh.body.jobId).not.toBe(first.body.jobId);
    expect(fresh.body.articleId).not.toBe(first.body.articleId);
  });

  it("refuses a key a second article on the subject of the site unless alsoNew, never a person", async () => {
    const first = await start(s.token, { briefId: await makeBrief(s.token, { topic: "Storm Elspeth: containers lost" }) });
    expect(first.status).toBe(200);
    const before = await written(s.world.workspaceId);
    const sameSubject = await makeBrief(s.token, { topic: "containers lost in storm Elspeth", angle: "insurance" });
    const refused = await start(s.token, { briefId: sameSubject });
    expect(errorOf(refused)).toEqual({ status: 409, error: "article_exists" });
    expect(refused.body.articleId).toBe(first.body.articleId);
    expect(errorOf(await start(s.token, { briefId: sameSubject, alsoNew: false }))).toEqual({
      status: 409,
      error: "article_exists",
    });
    expect(errorOf(await start(wholeKey, { briefId: sameSubject }))).toEqual({ status: 409, error: "article_exists" });
    expect(await written(s.world.workspaceId)).toEqual(before);
    const also = await start(s.token, { briefId: sameSubject, alsoNew: true });
    expect(also.status).toBe(200);
    expect(also.body.articleId).not.toBe(first.body.articleId);

    // Another site has no article on the subject yet.
    const otherSite = await makeBrief(wholeKey, { topic: "Containers lost: Storm Elspeth", siteId: s.world.otherSiteId });
    expect((await start(wholeKey, { briefId: otherSite })).status).toBe(200);

    // A person is never refused article_exists (REST is bearer-only, so through GraphQL).
    const personBrief = await makeBrief(s.token, { topic: "Storm Elspeth containers lost" });
    const byPerson = await gql(s.world.owner, `mutation { startArticle(briefId: "${personBrief}") { jobId creditsHeld } }`);
    expect(byPerson.errors).toBeUndefined();
    expect(byPerson.data.startArticle).toEqual({ jobId: expect.stringMatching(UPPER_UUID), creditsHeld: 1 });
  });

  it("checks supersedes: visible, same site, not archived; naming the article on the subject lifts article_exists", async () => {
    const original = await start(s.token, { briefId: await makeBrief(s.token, { topic: "Pier collapse inquiry" }) });
    expect(original.status).toBe(200);
    const update = await makeBrief(s.token, { topic: "Inquiry: pier collapse" });
    expect(errorOf(await start(s.token, { briefId: update }))).toEqual({ status: 409, error: "article_exists" });

    expect(errorOf(await start(s.token, { briefId: update, supersedes: randomUUID().toUpperCase() }))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await start(s.token, { briefId: update, supersedes: "nope" }))).toEqual({ status: 404, error: "not_found" });
    // An article on another site.
    const elsewhere = await start(wholeKey, {
      briefId: await makeBrief(wholeKey, { topic: "Other site article", siteId: s.world.otherSiteId }),
    });
    expect(elsewhere.status).toBe(200);
    expect(errorOf(await start(s.token, { briefId: update, supersedes: elsewhere.body.articleId }))).toEqual({
      status: 404,
      error: "not_found",
    });
    // Another workspace's article.
    const other = await setUp(5);
    const theirs = await start(other.token, { briefId: await makeBrief(other.token, { topic: "Their article" }) });
    expect(errorOf(await start(s.token, { briefId: update, supersedes: theirs.body.articleId }))).toEqual({
      status: 404,
      error: "not_found",
    });
    // An archived article.
    const archivedStart = await start(s.token, { briefId: await makeBrief(s.token, { topic: "Old ferry route" }) });
    await server.db.pool.query(`UPDATE article SET status = 'archived' WHERE id = $1`, [
      archivedStart.body.articleId.toLowerCase(),
    ]);
    expect(errorOf(await start(s.token, { briefId: update, supersedes: archivedStart.body.articleId }))).toEqual({
      status: 409,
      error: "article_archived",
    });

    const before = await written(s.world.workspaceId);
    const superseding = await start(s.token, { briefId: update, supersedes: original.body.articleId.toLowerCase() });
    expect(superseding.status, bodyOf(superseding)).toBe(200);
    const { rows } = await server.db.pool.query(`SELECT supersedes_id FROM article WHERE id = $1`, [
      superseding.body.articleId.toLowerCase(),
    ]);
    expect(rows[0]?.supersedes_id).toBe(original.body.articleId.toLowerCase());
    const after = await written(s.world.workspaceId);
    expect(after).toEqual({ articles: before.articles + 1, jobs: before.jobs + 1, holds: before.holds + 1 });
  });

  it("refuses a brief whose stored language is invalid with 422 invalid_language", async () => {
    const briefId = await makeBrief(s.token, { topic: "Lifeboat launch", language: "en+de" });
    await server.db.pool.query(`UPDATE brief SET language = 'en+xx' WHERE id = $1`, [briefId.toLowerCase()]);
    const before = await written(s.world.workspaceId);
    const balance = await balanceOf(s.world.workspaceId);
    expect(errorOf(await start(s.token, { briefId }))).toEqual({ status: 422, error: "invalid_language" });
    await server.db.pool.query(`UPDATE brief SET language = 'en+en' WHERE id = $1`, [briefId.toLowerCase()]);
    expect(errorOf(await start(s.token, { briefId }))).toEqual({ status: 422, error: "invalid_language" });
    expect(await written(s.world.workspaceId)).toEqual(before);
    expect(await balanceOf(s.world.workspaceId)).toBe(balance);
  });

  it("needs the generate scope and a creator who may edit", async () => {
    const briefId = await makeBrief(s.token, { topic: "Scope check brief" });
    const noGenerate = await makeKey(server.baseUrl, s.world.owner, {
      siteId: s.world.siteId,
      scopes: ["brief", "read", "edit"],
      dailyCap: 100,
    });
    expect(errorOf(await start(noGenerate.token, { briefId }))).toEqual({ status: 403, error: "scope_missing" });
    const viewer = await addPerson(server.baseUrl, server.db, s.world.workspaceId, "Viewer");
    const viewerKey = await makeKey(server.baseUrl, viewer, {
      siteId: s.world.siteId,
      scopes: ["generate", "read"],
      dailyCap: 100,
    });
    expect(errorOf(await start(viewerKey.token, { briefId }))).toEqual({ status: 403, error: "key_not_allowed" });
    // A person without an edit role, through GraphQL.
    const refused = await gql(viewer, `mutation($id: String!) { startArticle(briefId: $id) { jobId } }`, { id: briefId });
    expect(refused.errors?.[0]?.extensions.code).toBe("role_missing");
    const writer = await addPerson(server.baseUrl, server.db, s.world.workspaceId, "Writer");
    const writerKey = await makeKey(server.baseUrl, writer, { siteId: s.world.siteId, scopes: ["generate"], dailyCap: 100 });
    expect((await start(writerKey.token, { briefId })).status).toBe(200);
  });

  // docs/decisions.md: "When scope and role both fail, the scope is reported first".
  it("reports scope_missing before key_not_allowed when a Viewer's key also lacks the scope", async () => {
    const briefId = await makeBrief(s.token, { topic: "Scope and role brief" });
    const viewer = await addPerson(server.baseUrl, server.db, s.world.workspaceId, "Viewer");
    const viewerNoScope = await makeKey(server.baseUrl, viewer, { siteId: s.world.siteId, scopes: ["read"], dailyCap: 100 });
    expect(errorOf(await start(viewerNoScope.token, { briefId }))).toEqual({ status: 403, error: "scope_missing" });
  });
});

describe("the started job", () => {
  it("has upper-case ids, the brief's steps, and an article and job readable at once", async () => {
    const { world, token } = await setUp(10);
    const briefId = await makeBrief(token, { topic: "Seawall funding approved", seo: false, illustration: "generate" });
    const reply = await start(token, { briefId: briefId.toLowerCase() });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      articleId: expect.stringMatching(UPPER_UUID),
      jobId: expect.stringMatching(UPPER_UUID),
      briefId,
      creditsHeld: 1,
      steps: expect.any(Array),
    });
    expect(briefId).toMatch(UPPER_UUID);
    const expectedSteps = ["find", "group", "read", "check", "write", "qa", "illustrate"];
    expect(ids(reply.body.steps)).toEqual(expectedSteps);
    for (const step of reply.body.steps) {
      expect(step).toEqual({ id: expect.any(String), name: expect.any(String), estMs: expect.any(Number) });
      expect(step.name.length).toBeGreaterThan(0);
      expect(Number.isInteger(step.estMs) && step.estMs > 0).toBe(true);
    }
    const { articleId, jobId } = reply.body;

    const article = await call(server.baseUrl, `/api/v1/articles/${articleId}`, { token });
    expect(article.status).toBe(200);
    expect(article.body).toMatchObject({
      id: articleId,
      status: "generating",
      language: "en",
      origin: "agent",
      run: { jobId, status: "queued", briefId },
    });
    expect(article.body.run).toEqual({ jobId, status: "queued", briefId });

    const job = await call(server.baseUrl, `/api/v1/jobs/${jobId}`, { token });
    expect(job.status).toBe(200);
    expect(job.body).toEqual({
      id: jobId,
      kind: "article",
      status: "queued",
      step: "find",
      stepIndex: 0,
      steps: reply.body.steps.map((s: { id: string; name: string }) => ({
        id: s.id,
        name: s.name,
        status: "todo",
        optional: s.id === "illustrate",
      })),
      startedAt: expect.stringMatching(ISO),
      articleId,
    });
    // Ids are matched case-insensitively.
    expect((await call(server.baseUrl, `/api/v1/jobs/${jobId.toLowerCase()}`, { token })).status).toBe(200);

    const seoNoIllustration = await start(token, {
      briefId: await makeBrief(token, { topic: "Boat show cancelled", illustration: "upload" }),
    });
    expect(ids(seoNoIllustration.body.steps)).toEqual(["find", "group", "read", "check", "write", "seo", "qa"]);

    // The hold names the key and the job; the job row holds the credits.
    const { rows } = await server.db.pool.query(
      `SELECT j.credits_held, j.status, a.status AS article_status FROM job j JOIN article a ON a.id = j.article_id WHERE j.id = $1`,
      [jobId.toLowerCase()],
    );
    expect(rows[0]).toEqual({ credits_held: 1, status: "queued", article_status: "generating" });
    expect(await balanceOf(world.workspaceId)).toBe(8);
  });
});

describe("job visibility", () => {
  it("shows a key only article and site jobs of its own site and workspace", async () => {
    const { world, token } = await setUp(10);
    const started = await start(token, { briefId: await makeBrief(token, { topic: "Ferry terminal opens" }) });
    expect(started.status).toBe(200);
    const { rows } = await server.db.pool.query<{ id: string }>(`SELECT id FROM person WHERE email = $1`, [world.owner.email]);
    const previewId = randomUUID();
    await server.db.pool.query(
      `INSERT INTO job (id, workspace_id, site_id, kind, status, person_id) VALUES ($1, $2, $3, 'preview', 'queued', $4)`,
      [previewId, world.workspaceId, world.siteId, rows[0]?.id],
    );
    const wholeKey = (await makeKey(server.baseUrl, world.owner, { dailyCap: 10 })).token;
    for (const t of [token, wholeKey]) {
      expect(errorOf(await call(server.baseUrl, `/api/v1/jobs/${previewId}`, { token: t }))).toEqual({
        status: 404,
        error: "not_found",
      });
      expect((await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}`, { token: t })).status).toBe(200);
    }
    // A person sees every kind of job.
    const byPerson = await gql(world.owner, `query($id: String!) { job(id: $id) { kind status } }`, { id: previewId });
    expect(byPerson.data?.job).toEqual({ kind: "preview", status: "queued" });

    const otherSiteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.otherSiteId, dailyCap: 10 })).token;
    expect(errorOf(await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}`, { token: otherSiteKey }))).toEqual({
      status: 404,
      error: "not_found",
    });
    const elsewhere = await setUp(1, { siteId: null });
    expect(errorOf(await call(server.baseUrl, `/api/v1/jobs/${started.body.jobId}`, { token: elsewhere.token }))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await call(server.baseUrl, `/api/v1/jobs/${randomUUID()}`, { token }))).toEqual({
      status: 404,
      error: "not_found",
    });
    expect(errorOf(await call(server.baseUrl, "/api/v1/jobs/not-a-job", { token }))).toEqual({ status: 404, error: "not_found" });
  });
});
