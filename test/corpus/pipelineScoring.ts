// The story sets scored through the whole service, as a user meets the result: for each story a
// key holder writes a brief with the story's pages as useUrls, starts an article, follows the job
// to its end and reads the article over HTTP. A truth claim is matched to the article's claim whose
// text holds its facts and shares a carrier; it counts as covered when its claim sits in a unit of
// the text or the read-back lists it as left out. One service per story (its pages are served on
// their own port), one database for the run, on the PostgreSQL tests use.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import pg from "pg";
import { createApp } from "../../app/server.ts";
import { startServices } from "../../app/services.ts";
import { readConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db/database.ts";
import { migrate } from "../../src/db/migrate.ts";
import { scratchPostgres, withDatabase } from "../../src/db/scratchPostgres.ts";
import { log } from "../../src/log.ts";
import { addSite, initWorkspace } from "../../src/workspaces/workspaceAdmin.ts";
import { call } from "../support/http.ts";
import { offlinePipelineEnv } from "../support/offlineEnv.ts";
import { readSse, type SseEvent } from "../support/sse.ts";
import { startSites } from "../web/testWeb.ts";
import { type ClaimResult, type MatchStanding, matchesBetter, matchStanding, type StoryScore } from "./scoring.ts";
import { holdsFacts, type Story, type StoryState } from "./storyCorpus.ts";

interface ArticleClaim {
  id: string;
  text: string;
  state: StoryState;
  sourceIds: string[];
  /** The first unit stating it; 0 when the text does not state it. */
  paragraph: number;
}

interface ArticleBody {
  claims: ArticleClaim[];
  sources: { id: string; url: string }[];
  quality: { id: string; items?: string[] }[];
}

export interface PipelineClaimResult extends ClaimResult {
  /** The claim sits in a unit of the text. */
  inText: boolean;
  /** The read-back lists it as left out of the text. */
  listed: boolean;
}

export interface PipelineStoryScore extends StoryScore {
  claims: PipelineClaimResult[];
  /** Why the job did not give an article, when it did not. */
  failure?: string;
}

/** The read-back's words for the states, back to the states. */
const STATE_OF_WORDS: Record<string, StoryState> = {
  corroborated: "corroborated",
  "single source": "singleSource",
  circular: "circular",
  parallel: "parallel",
  disputed: "disputed",
};

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const ended = (events: SseEvent[]) =>
  events.some(
    (e) => e.data.kind === "done" || e.data.kind === "failed" || (e.data.kind === "refunded" && e.data.reason === undefined),
  );

async function runStory(story: Story, db: ReturnType<typeof openDatabase>, databaseUrl: string): Promise<PipelineStoryScore> {
  const web = await startSites(story.sites, story.truth);
  const env = offlinePipelineEnv(web.hostMap);
  const services = await startServices(db, { databaseUrl, workers: true, env });
  const { app } = createApp(services, readConfig({ ...env, DATABASE_URL: databaseUrl, PORT: "0" }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { truth } = story;
  const empty = (failure: string): PipelineStoryScore => ({
    id: truth.story.id,
    pages: 0,
    unread: [],
    pairs: { truth: 0, engine: 0, both: 0 },
    failure,
    claims: truth.claims.map((c) => ({
      story: truth.story.id,
      id: c.id,
      truth: c.state,
      engine: "notFound",
      text: c.text,
      inText: false,
      listed: false,
    })),
  });
  try {
    // A workspace per story: the find step also reads the workspace library.
    const email = `eval-${randomBytes(4).toString("hex")}@example.com`;
    const password = "eval-password";
    const { workspaceId } = await initWorkspace(db, { workspace: truth.story.id, email, password, name: "Eval", credits: 3 });
    const { siteId } = await addSite(db, workspaceId, "eval.example.com");
    const session = await call(base, "/api/v1/session", { body: { email, password } });
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const key = await call(base, "/api/v1/developer/keys", {
      cookie,
      body: { name: "eval", siteId, scopes: ["brief", "generate", "read"], dailyCap: 5 },
    });
    const token = (key.body as { token: string }).token;
    const brief = await call(base, "/api/v1/briefs", {
      token,
      body: {
        topic: truth.story.topic,
        useUrls: truth.pages.map((p) => web.served(p.url)),
        targetWords: 700,
        language: truth.pages[0]?.lang,
      },
    });
    if (brief.status !== 200) return empty(`brief: ${brief.status} ${JSON.stringify(brief.body)}`);
    const start = await call(base, "/api/v1/articles", { token, body: { briefId: (brief.body as { id: string }).id } });
    if (start.status !== 200) return empty(`start: ${start.status} ${JSON.stringify(start.body)}`);
    const { jobId, articleId } = start.body as { jobId: string; articleId: string };
    const stream = await readSse(`${base}/api/v1/jobs/${jobId}/events`, { token, until: ended, timeoutMs: 120_000 });
    const end = stream.events.find((e) => e.data.kind === "failed" || e.data.kind === "done");
    if (end?.data.kind !== "done") return empty(`job: ${JSON.stringify(end?.data ?? "no end")}`);
    const article = (await call(base, `/api/v1/articles/${articleId}`, { token })).body as ArticleBody;
    // The article shows a claim as one sentence; the facts may stand in another carrier's wording.
    // Matching (only matching) reads every wording the article stored for its claims.
    const stored = await db.pool.query<{ id: string; mentions: { text: string }[] }>(
      "SELECT id::text, mentions FROM article_claim WHERE article_id = $1",
      [articleId.toLowerCase()],
    );
    const wordings = new Map(stored.rows.map((r) => [r.id.toLowerCase(), r.mentions.map((m) => m.text)]));
    const urlOf = new Map(article.sources.map((s) => [s.id.toLowerCase(), web.toTruthUrl(s.url)]));
    const leftOut = article.quality.find((q) => q.id === "left-out")?.items ?? [];
    const claims = truth.claims.map((c): PipelineClaimResult => {
      // As the library's scorer matches (scoring.ts, matchClaim): most carriers shared, then the
      // claim whose own text states the facts, then the one more of whose wordings state them.
      let best: (MatchStanding & { claim: ArticleClaim }) | undefined;
      for (const claim of article.claims) {
        const shared = claim.sourceIds.filter((id) => c.carriedBy.includes(urlOf.get(id.toLowerCase()) ?? "")).length;
        const standing = matchStanding(claim.text, wordings.get(claim.id.toLowerCase()) ?? [], shared, c.facts);
        if (standing && matchesBetter(standing, best)) best = { claim, ...standing };
      }
      const found = best?.claim;
      // Not kept by the article: the read-back's list of claims left out, "state: text (reason)".
      const item = found ? leftOut.find((i) => i.includes(found.text)) : leftOut.find((i) => holdsFacts(i, c.facts));
      const listedState = item ? STATE_OF_WORDS[item.slice(0, item.indexOf(":"))] : undefined;
      return {
        story: truth.story.id,
        id: c.id,
        truth: c.state,
        engine: found?.state ?? listedState ?? "notFound",
        text: c.text,
        inText: (found?.paragraph ?? 0) > 0,
        listed: item !== undefined,
      };
    });
    return { id: truth.story.id, pages: article.sources.length, unread: [], pairs: { truth: 0, engine: 0, both: 0 }, claims };
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
    await services.stop();
    await web.close();
  }
}

/** Runs an article job per story and scores the articles; the database is made and dropped here. */
export async function scoreThroughPipeline(
  stories: readonly Story[],
  /** A PostgreSQL to make the run's database on (the tests' own); else one is found or started. */
  adminUrl?: string,
): Promise<PipelineStoryScore[]> {
  if (!process.env.LOG_LEVEL) log.level = "fatal";
  const postgres = adminUrl ? { adminUrl, stop: async () => {} } : await scratchPostgres();
  const name = `eval_${randomBytes(5).toString("hex")}`;
  await admin(postgres.adminUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(postgres.adminUrl, name);
  await migrate(url);
  const db = openDatabase(url, 8);
  try {
    const scores: PipelineStoryScore[] = [];
    for (const story of stories) scores.push(await runStory(story, db, url));
    return scores;
  } finally {
    await db.close();
    await admin(postgres.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await postgres.stop();
  }
}
