// What the article pipeline costs, and how much of that is the service around it rather than the work.
//   1. One standard article (900 words, SEO, generated illustration) on the test web's
//      container-spill story, --runs times: the `ms` each step's event carries (median, p90), the
//      job's wall time from POST /api/v1/articles to its `done` event, and the queue overhead
//      (wall time minus the sum of the steps).
//   2. Jobs per minute with 1, 2 and 4 jobs in flight, PIPELINE_CONCURRENCY set to match, --jobs
//      jobs per level on the English stories that have two or more origins, taken in turn.
//   3. The same work without the service, in this process: the library functions the steps call,
//      one after the other. The job's wall time against it is what the queue, the database and
//      HTTP cost.
// The service runs in this process on its own database, with its workers, against the test web on
// loopback; everything is driven over HTTP as a key holder would. Run with `npm run bench:pipeline`
// (`--json` for the figures as JSON); see bench/README.md. Not a test, and not for CI: nothing is
// asserted, and the figures depend on the machine.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { createApp } from "../app/server.ts";
import { startServices } from "../app/services.ts";
import type { Brief } from "../prisma/generated/client/client.ts";
import { readConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/database.ts";
import type { JobEvent } from "../src/events/jobEvents.ts";
import { log } from "../src/log.ts";
import { siteVoice, writingBrief } from "../src/pipeline/voice.ts";
import { checkClaims } from "../src/sourcing/claims/checkClaims.ts";
import { isCheckable, sentenceFacts } from "../src/sourcing/claims/facts.ts";
import { splitSentences } from "../src/sourcing/claims/sentences.ts";
import type { FetchOptions } from "../src/sourcing/fetch/index.ts";
import { groupOrigins } from "../src/sourcing/group/originGroups.ts";
import { assertEnoughOrigins } from "../src/sourcing/sourceSummary.ts";
import { fetchAndRead } from "../src/sourcing/sourcingEngine.ts";
import { addSite, initWorkspace } from "../src/workspaces/workspaceAdmin.ts";
import { BuiltinWriter } from "../src/writing/builtin/builtinWriter.ts";
import { AbstractEditorialIllustrator } from "../src/writing/illustration/illustrator.ts";
import { writingMaterial } from "../src/writing/material.ts";
import { readBack } from "../src/writing/qa/readBack.ts";
import { seoFields } from "../src/writing/seo.ts";
import type { SiteVoice, WritingBrief } from "../src/writing/types.ts";
import { draftWords } from "../src/writing/units.ts";
import { call } from "../test/support/http.ts";
import { offlinePipelineEnv } from "../test/support/offlineEnv.ts";
import { readSse, type SseEvent } from "../test/support/sse.ts";
import { startTestWeb, type TestWeb, type TruthStory } from "../test/web/testWeb.ts";
import { adminQuery, benchDatabase, cleanUp, cleanups, progress } from "./benchKit.ts";

// ---------------------------------------------------------------------------------------------
// Settings

const USAGE = `npm run bench:pipeline -- [--runs N] [--jobs N] [--json]
  --runs N  single-article runs on container-spill (default 5), after one warm-up run
  --jobs N  jobs per concurrency level (default 8)
  --json    print the figures as JSON on stdout (progress still goes to stderr)`;

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    jobs: { type: "string", default: "8" },
    json: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

function wholeNumber(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1 (got "${raw}")\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

const RUNS = wholeNumber("runs", args.runs);
const JOBS_PER_LEVEL = wholeNumber("jobs", args.jobs);
const LEVELS = [1, 2, 4] as const;
const STORY = "container-spill";
const STEPS = ["find", "group", "read", "check", "write", "seo", "qa", "illustrate"] as const;
type StepId = (typeof STEPS)[number];
/** The "standard article" of the brief: the briefs' defaults, with the options that add steps turned on. */
const STANDARD = { targetWords: 900, illustration: "generate", seo: true } as const;
/** openDatabase's default, as app/main.ts uses it. */
const POOL_SIZE = 10;
/** A job that has not finished in this time is reported as stuck rather than waited for. */
const JOB_TIMEOUT_MS = 300_000;

// A JSON line per request and per step would bury the table; LOG_LEVEL brings the logs back.
if (!process.env.LOG_LEVEL) log.level = "fatal";

// ---------------------------------------------------------------------------------------------
// Clean-up, also on Ctrl-C: pushed in the order things start, run in reverse.

// ---------------------------------------------------------------------------------------------
// Figures

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** The middle value; the mean of the two middle ones for an even count. */
function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

// ---------------------------------------------------------------------------------------------
// The service: one per setting of PIPELINE_CONCURRENCY, since the workers read it when they start

interface Service {
  url: string;
  stop(): Promise<void>;
}

/**
 * The environment every service of the run gets. Settings that would send the pipeline elsewhere
 * (a search provider, a language model, an image model) are blanked, so the job does the same
 * work as the baseline whatever the shell exports.
 */
function serviceEnv(web: TestWeb, concurrency: number | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...offlinePipelineEnv(web.hostMap), ILLUSTRATIONS: "on", PIPELINE_MAX_PAGES: "" };
  if (concurrency === undefined) delete env.PIPELINE_CONCURRENCY;
  else env.PIPELINE_CONCURRENCY = String(concurrency);
  return env;
}

async function startService(db: Database, databaseUrl: string, env: NodeJS.ProcessEnv): Promise<Service> {
  const services = await startServices(db, { databaseUrl, workers: true, env });
  const { app } = createApp(services, readConfig({ ...env, DATABASE_URL: databaseUrl, PORT: "0" }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets of fetch would otherwise hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await services.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Desks: one workspace per story. The find step adds the workspace library's pages that match
// any word of the topic, so stories sharing a library would read each other's pages ("Portmere"
// is in three topics) and later jobs would do more work than earlier ones. Within one story the
// library's pages are the brief's own useUrls, which find drops as duplicates.

interface Desk {
  story: TruthStory;
  siteId: string;
  /** Unused API keys; each job takes its own, so the per-key limit of 60 requests a minute never bites. */
  tokens: string[];
}

async function openDesk(serviceUrl: string, db: Database, story: TruthStory, jobs: number): Promise<Desk> {
  const email = `bench-${story.id}-${randomBytes(3).toString("hex")}@example.com`;
  const password = "bench-password";
  const { workspaceId } = await initWorkspace(db, {
    workspace: `Bench ${story.id}`,
    email,
    password,
    name: "Bench Owner",
    credits: jobs + 5,
  });
  const { siteId } = await addSite(db, workspaceId, "bench.example.com");
  const signIn = await call(serviceUrl, "/api/v1/session", { body: { email, password } });
  if (signIn.status !== 204) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const tokens: string[] = [];
  for (let i = 0; i < jobs; i++) {
    const key = await call(serviceUrl, "/api/v1/developer/keys", {
      cookie,
      body: { name: `bench key ${i + 1}`, siteId, scopes: ["brief", "generate", "read"], dailyCap: 10 },
    });
    if (key.status !== 200) throw new Error(`POST /api/v1/developer/keys: ${key.status} ${JSON.stringify(key.body)}`);
    tokens.push((key.body as { token: string }).token);
  }
  return { story, siteId, tokens };
}

// ---------------------------------------------------------------------------------------------
// One job, driven over HTTP

interface PreparedJob {
  desk: Desk;
  token: string;
  briefId: string;
}

interface JobRun {
  story: string;
  jobId: string;
  articleId: string;
  /** From sending POST /api/v1/articles to reading the `done` event. */
  wallMs: number;
  /** The `ms` of each step's `done` event. */
  steps: Partial<Record<StepId, number>>;
  /** The planned steps' estimates from POST /api/v1/articles. */
  estimates: Partial<Record<StepId, number>>;
  /** What the job did, from its step summaries, to compare with the baseline's work. */
  pages?: number;
  statements?: number;
  claims?: number;
  words?: number;
  /** Pages the find step took from the workspace library rather than the brief. */
  libraryPages: number;
  /** Where the queue overhead went, from the stored events' times (see queueTimeline). */
  waitMs?: number;
  bookkeepingMs?: number;
}

/** Makes the job's brief; not timed, since a brief is made before any article is asked for. */
async function prepareJob(serviceUrl: string, web: TestWeb, desk: Desk): Promise<PreparedJob> {
  const token = desk.tokens.shift();
  if (!token) throw new Error(`desk ${desk.story.id} has no key left`);
  const reply = await call(serviceUrl, "/api/v1/briefs", {
    token,
    body: { siteId: desk.siteId, topic: desk.story.topic, useUrls: desk.story.urls.map(web.served), ...STANDARD },
  });
  if (reply.status !== 200) throw new Error(`POST /api/v1/briefs: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { desk, token, briefId: (reply.body as { id: string }).id };
}

type StreamEvent = JobEvent | { kind: "ping" };
const eventOf = (e: SseEvent) => e.data as StreamEvent;

async function runJob(serviceUrl: string, job: PreparedJob): Promise<JobRun> {
  const started = performance.now();
  // alsoNew: every job of a desk writes on the same subject, which a key may do only when it says so.
  const start = await call(serviceUrl, "/api/v1/articles", { token: job.token, body: { briefId: job.briefId, alsoNew: true } });
  if (start.status !== 200) throw new Error(`POST /api/v1/articles: ${start.status} ${JSON.stringify(start.body)}`);
  const {
    jobId,
    articleId,
    steps: planned,
  } = start.body as {
    jobId: string;
    articleId: string;
    steps: { id: string; estMs: number }[];
  };
  // A failed step pauses the job and the stream stays open, so a failure ends the reading too.
  const stream = await readSse(`${serviceUrl}/api/v1/jobs/${jobId}/events`, {
    token: job.token,
    timeoutMs: JOB_TIMEOUT_MS,
    until: (events) =>
      events.some((e) => {
        const event = eventOf(e);
        return event.kind === "done" || event.kind === "failed" || (event.kind === "step" && event.status === "failed");
      }),
  });
  const wallMs = performance.now() - started;
  const events = stream.events.map(eventOf);
  const failed = events.find((e) => e.kind === "failed" || (e.kind === "step" && e.status === "failed"));
  if (failed) throw new Error(`job ${jobId} (${job.desk.story.id}) failed: ${JSON.stringify(failed)}`);
  if (!events.some((e) => e.kind === "done")) {
    throw new Error(
      `job ${jobId} (${job.desk.story.id}) did not finish within ${JOB_TIMEOUT_MS / 1000} s (HTTP ${stream.status})`,
    );
  }

  const run: JobRun = {
    story: job.desk.story.id,
    jobId,
    articleId,
    wallMs,
    steps: {},
    estimates: Object.fromEntries(planned.map((s) => [s.id, s.estMs])),
    libraryPages: 0,
  };
  const number = (text: string, pattern: RegExp) => {
    const m = pattern.exec(text);
    return m?.[1] === undefined ? undefined : Number(m[1]);
  };
  for (const event of events) {
    if (event.kind !== "step" || event.status !== "done") continue;
    run.steps[event.stepId as StepId] = event.ms;
    if (event.stepId === "find") run.libraryPages = event.details.filter((d) => d.tag === "library").length;
    if (event.stepId === "group") run.pages = number(event.summary, /^(\d+) pages? in/);
    if (event.stepId === "read") run.statements = number(event.summary, /: (\d+) checkable statements?/);
    if (event.stepId === "check") run.claims = number(event.summary, /^(\d+) claims? checked/);
    if (event.stepId === "write") run.words = number(event.summary, /, (\d+) words/);
  }
  return run;
}

/**
 * Splits a job's time outside its steps using the stored events' `created_at`, the start of the
 * transaction that wrote each: the `todo` events are written when the job is queued, a step's
 * `running` event when a worker has taken its message, its `done` event once its work is over.
 *   wait: from the job queued, or the previous step done, to the next step running: the message
 *         waiting for a worker to poll pg-boss, plus the commit that queued it;
 *   bookkeeping: from running to done, less the step's own `ms`: the transactions that lock the
 *         job and record the step, and loading the brief.
 * What remains of the overhead is HTTP, POST /articles itself and the event stream's delivery.
 */
async function queueTimeline(db: Database, run: JobRun): Promise<{ waitMs: number; bookkeepingMs: number }> {
  const { rows } = await db.pool.query<{ data: JobEvent; at: Date }>(
    `SELECT data, created_at AS at FROM job_event WHERE job_id = $1::uuid ORDER BY seq`,
    [run.jobId],
  );
  let mark = rows[0]?.at.getTime() ?? Number.NaN;
  let running = Number.NaN;
  let waitMs = 0;
  let bookkeepingMs = 0;
  for (const { data, at } of rows) {
    if (data.kind !== "step") continue;
    if (data.status === "running") {
      running = at.getTime();
      waitMs += running - mark;
    } else if (data.status === "done") {
      mark = at.getTime();
      bookkeepingMs += mark - running - data.ms;
    }
  }
  return { waitMs, bookkeepingMs };
}

// ---------------------------------------------------------------------------------------------
// The baseline: the same work as the steps, by the library functions they call, without pg-boss,
// the database or HTTP to the service (the pages still come over loopback from the test web).

interface BaselineRun {
  totalMs: number;
  /** Time per pipeline step that has library work; `find` has none (the URLs are the brief's). */
  steps: Partial<Record<StepId, number>>;
  pages: number;
  statements: number;
  claims: number;
  words: number;
}

interface BaselineInput {
  urls: string[];
  fetch: FetchOptions;
  brief: WritingBrief;
  voice: SiteVoice;
  siteName: string;
}

const writer = new BuiltinWriter();
const illustrator = new AbstractEditorialIllustrator();

async function baselineRun(input: BaselineInput): Promise<BaselineRun> {
  const steps: Partial<Record<StepId, number>> = {};
  let mark = performance.now();
  const lap = (step: StepId) => {
    const now = performance.now();
    steps[step] = now - mark;
    mark = now;
  };
  const started = mark;

  // group: fetch and read every page, then group them by origin. groupAndCheck does these two
  // and checkClaims in one call; they are called one by one here to time each step.
  const { pages } = await fetchAndRead(input.urls, input.fetch);
  const sources = groupOrigins(pages);
  assertEnoughOrigins(sources);
  lap("group");
  // read: the step counts each page's checkable statements for its summary.
  let statements = 0;
  for (const s of sources) {
    const language = s.page.language ?? "en";
    statements += splitSentences(s.page.text, language).filter((sentence) =>
      isCheckable(sentenceFacts(sentence, language)),
    ).length;
  }
  lap("read");
  const claims = checkClaims(sources);
  lap("check");
  const material = writingMaterial({ sources, claims });
  const draft = await writer.write({
    brief: input.brief,
    voice: input.voice,
    claims: material.claims,
    sources: material.sources,
    sitePages: [],
  });
  lap("write");
  // The article keeps only the claims its units cite, and the steps after write read those back.
  const cited = new Set(draft.units.flatMap((u) => u.claimIds));
  const articleClaims = material.claims.filter((c) => cited.has(c.id));
  seoFields({ draft, brief: input.brief, siteName: input.siteName });
  lap("seo");
  await readBack({ draft, brief: input.brief, voice: input.voice, claims: articleClaims, sources: material.sources });
  lap("qa");
  await illustrator.illustrate({
    title: draft.title,
    ...(draft.deck ? { deck: draft.deck } : {}),
    claims: articleClaims.map((c) => c.text),
    style: { palette: [] },
  });
  lap("illustrate");
  return { totalMs: mark - started, steps, pages: pages.length, statements, claims: claims.length, words: draftWords(draft) };
}

// ---------------------------------------------------------------------------------------------
// Throughput: `level` jobs in flight at a time, each started when one finishes, until all are done

interface Level {
  concurrency: number;
  jobs: number;
  elapsedMs: number;
  jobsPerMinute: number;
  medianJobMs: number;
  p90JobMs: number;
  libraryPages: number;
}

async function measureLevel(serviceUrl: string, level: number, prepared: PreparedJob[]): Promise<Level> {
  const queue = [...prepared];
  const runs: JobRun[] = [];
  const started = performance.now();
  const client = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) runs.push(await runJob(serviceUrl, job));
  };
  await Promise.all(Array.from({ length: level }, client));
  const elapsedMs = performance.now() - started;
  const walls = runs.map((r) => r.wallMs);
  return {
    concurrency: level,
    jobs: runs.length,
    elapsedMs,
    jobsPerMinute: (runs.length * 60_000) / elapsedMs,
    medianJobMs: median(walls),
    p90JobMs: percentile(walls, 90),
    libraryPages: sum(runs.map((r) => r.libraryPages)),
  };
}

/** English stories whose pages come from two origins or more: the ones a job can write. */
function throughputStories(web: TestWeb): TruthStory[] {
  const originOf = new Map(web.truth.origins.flatMap((group, i) => group.map((url) => [url, i])));
  const languageOf = new Map(web.truth.pages.map((p) => [p.url, p.lang]));
  return web.truth.stories.filter(
    (s) => s.urls.every((u) => languageOf.get(u) === "en") && new Set(s.urls.map((u) => originOf.get(u))).size >= 2,
  );
}

// ---------------------------------------------------------------------------------------------
// Report

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  const [head, ...body] = rows;
  return [line(head!), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

const ms = (value: number | null | undefined) => (value == null || Number.isNaN(value) ? "–" : value.toFixed(0));

interface Figures {
  date: string;
  machine: { node: string; cpus: number; cpu: string; postgres: string; postgresSource: string };
  settings: { runs: number; jobsPerLevel: number; story: string; brief: typeof STANDARD; throughputStories: string[] };
  singleJob: {
    /** null where there is nothing to show: no estimate, or no library work (find). */
    steps: Record<StepId, { medianMs: number; p90Ms: number; estMs: number | null; baselineMedianMs: number | null }>;
    stepSumMedianMs: number;
    queueOverheadMedianMs: number;
    queueOverheadP90Ms: number;
    /** The overhead split by queueTimeline; `otherMs` is what is left (HTTP, start, event delivery). */
    overhead: Record<"waitMs" | "bookkeepingMs" | "otherMs", { medianMs: number; p90Ms: number }>;
    wallMedianMs: number;
    wallP90Ms: number;
    work: { pages?: number; statements?: number; claims?: number; words?: number; libraryPages: number };
  };
  baseline: { medianMs: number; p90Ms: number; work: { pages: number; statements: number; claims: number; words: number } };
  throughput: Level[];
  ratios: { jobWallVsBaseline: number; jobsPerMinuteAt1VsBaseline: number; baselineJobsPerMinute: number };
}

function summarise(
  jobs: JobRun[],
  baseline: BaselineRun[],
  levels: Level[],
  machine: Figures["machine"],
  stories: string[],
): Figures {
  const stepSums = jobs.map((j) => sum(STEPS.map((s) => j.steps[s] ?? 0)));
  const overheads = jobs.map((j, i) => j.wallMs - stepSums[i]!);
  const walls = jobs.map((j) => j.wallMs);
  const baselineMedian = median(baseline.map((b) => b.totalMs));
  const steps = Object.fromEntries(
    STEPS.map((s) => {
      const times = jobs.map((j) => j.steps[s]).filter((t): t is number => t !== undefined);
      const library = baseline.map((b) => b.steps[s]).filter((t): t is number => t !== undefined);
      return [
        s,
        {
          medianMs: median(times),
          p90Ms: percentile(times, 90),
          // The plan of the last run: by then the service has measured the runs before it.
          estMs: jobs[jobs.length - 1]?.estimates[s] ?? null,
          baselineMedianMs: library.length > 0 ? median(library) : null,
        },
      ];
    }),
  ) as Figures["singleJob"]["steps"];
  const spread = (values: number[]) => ({ medianMs: median(values), p90Ms: percentile(values, 90) });
  const waits = jobs.map((j) => j.waitMs ?? Number.NaN);
  const bookkeeping = jobs.map((j) => j.bookkeepingMs ?? Number.NaN);
  const first = jobs[0];
  const level1 = levels.find((l) => l.concurrency === 1);
  const baselineJobsPerMinute = 60_000 / baselineMedian;
  return {
    date: new Date().toISOString(),
    machine,
    settings: { runs: RUNS, jobsPerLevel: JOBS_PER_LEVEL, story: STORY, brief: STANDARD, throughputStories: stories },
    singleJob: {
      steps,
      stepSumMedianMs: median(stepSums),
      queueOverheadMedianMs: median(overheads),
      queueOverheadP90Ms: percentile(overheads, 90),
      overhead: {
        waitMs: spread(waits),
        bookkeepingMs: spread(bookkeeping),
        otherMs: spread(overheads.map((o, i) => o - waits[i]! - bookkeeping[i]!)),
      },
      wallMedianMs: median(walls),
      wallP90Ms: percentile(walls, 90),
      work: {
        ...(first?.pages !== undefined ? { pages: first.pages } : {}),
        ...(first?.statements !== undefined ? { statements: first.statements } : {}),
        ...(first?.claims !== undefined ? { claims: first.claims } : {}),
        ...(first?.words !== undefined ? { words: first.words } : {}),
        libraryPages: sum(jobs.map((j) => j.libraryPages)),
      },
    },
    baseline: {
      medianMs: baselineMedian,
      p90Ms: percentile(
        baseline.map((b) => b.totalMs),
        90,
      ),
      work: {
        pages: baseline[0]?.pages ?? 0,
        statements: baseline[0]?.statements ?? 0,
        claims: baseline[0]?.claims ?? 0,
        words: baseline[0]?.words ?? 0,
      },
    },
    throughput: levels,
    ratios: {
      jobWallVsBaseline: median(walls) / baselineMedian,
      jobsPerMinuteAt1VsBaseline: level1 ? level1.jobsPerMinute / baselineJobsPerMinute : Number.NaN,
      baselineJobsPerMinute,
    },
  };
}

function report(f: Figures): string {
  const s = f.singleJob;
  const stepRows = [["step", "median ms", "p90 ms", "estMs", "library ms"]];
  for (const id of STEPS) {
    const row = s.steps[id];
    stepRows.push([id, ms(row.medianMs), ms(row.p90Ms), ms(row.estMs), ms(row.baselineMedianMs)]);
  }
  stepRows.push(["sum of steps", ms(s.stepSumMedianMs), "", "", ""]);
  stepRows.push(["queue overhead", ms(s.queueOverheadMedianMs), ms(s.queueOverheadP90Ms), "", ""]);
  stepRows.push(["  waiting for a worker", ms(s.overhead.waitMs.medianMs), ms(s.overhead.waitMs.p90Ms), "", ""]);
  stepRows.push(["  step bookkeeping", ms(s.overhead.bookkeepingMs.medianMs), ms(s.overhead.bookkeepingMs.p90Ms), "", ""]);
  stepRows.push(["  HTTP, start, delivery", ms(s.overhead.otherMs.medianMs), ms(s.overhead.otherMs.p90Ms), "", ""]);
  stepRows.push(["job wall time", ms(s.wallMedianMs), ms(s.wallP90Ms), "", ms(f.baseline.medianMs)]);

  const base1 = f.throughput.find((l) => l.concurrency === 1)?.jobsPerMinute;
  const levelRows = [["jobs in flight", "jobs", "elapsed s", "jobs/min", "vs 1 in flight", "median job ms", "p90 job ms"]];
  for (const l of f.throughput) {
    levelRows.push([
      String(l.concurrency),
      String(l.jobs),
      (l.elapsedMs / 1000).toFixed(1),
      l.jobsPerMinute.toFixed(1),
      base1 ? `${(l.jobsPerMinute / base1).toFixed(2)}x` : "–",
      ms(l.medianJobMs),
      ms(l.p90JobMs),
    ]);
  }

  const work = (w: { pages?: number; statements?: number; claims?: number; words?: number }) =>
    `${w.pages ?? "?"} pages, ${w.statements ?? "?"} checkable statements, ${w.claims ?? "?"} claims, ${w.words ?? "?"} words`;
  const library = s.work.libraryPages + sum(f.throughput.map((l) => l.libraryPages));
  const notes = [
    `same work: the job read ${work(s.work)}; the baseline ${work(f.baseline.work)}.`,
    ...(library > 0 ? [`note: find added ${library} library page(s) across the jobs, so some jobs did more work.`] : []),
  ];
  const m = f.machine;
  return [
    "",
    `${f.date.slice(0, 10)} · Node ${m.node}, ${m.cpus} x ${m.cpu}, PostgreSQL ${m.postgres} (${m.postgresSource}), pool of ${POOL_SIZE}.`,
    "",
    `1. One article on ${f.settings.story}: targetWords ${STANDARD.targetWords}, SEO, generated illustration;`,
    `   ${f.settings.runs} runs after a warm-up, PIPELINE_CONCURRENCY at its default. "ms" is what each step's event`,
    `   carries; "estMs" the last run's plan estimate (the median of the times measured before it);`,
    `   "library ms" the same work in the baseline (median).`,
    "",
    table(stepRows),
    "",
    `2. Throughput: ${f.settings.jobsPerLevel} jobs per level, each its own brief, on ${f.settings.throughputStories.join(", ")}`,
    "   in turn; as many jobs in flight as PIPELINE_CONCURRENCY, a new one started as one finishes.",
    "",
    table(levelRows),
    "",
    "3. Against the baseline (the library calls alone, same process, same story):",
    `   job wall time ${ms(s.wallMedianMs)} ms vs ${ms(f.baseline.medianMs)} ms: ${f.ratios.jobWallVsBaseline.toFixed(2)}x`,
    `   jobs/min at 1 in flight ${base1?.toFixed(1) ?? "–"} vs ${f.ratios.baselineJobsPerMinute.toFixed(1)} (60000 / baseline ms): ${f.ratios.jobsPerMinuteAt1VsBaseline.toFixed(2)}x`,
    "",
    ...notes,
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The run

async function main(): Promise<void> {
  const postgres = await benchDatabase();
  const { url } = postgres;
  const db = openDatabase(url, POOL_SIZE);
  cleanups.push(() => db.close());

  const web = await startTestWeb();
  cleanups.push(() => web.close());
  const story = web.truth.stories.find((s) => s.id === STORY);
  if (!story) throw new Error(`the test web has no story ${STORY}`);
  const stories = throughputStories(web);
  const plan = LEVELS.map(() => Array.from({ length: JOBS_PER_LEVEL }, (_, i) => stories[i % stories.length]!));

  // Part 1, on the default concurrency. The desks are made here, with a key for every job of the
  // whole run, so that no key is made while anything is timed.
  let service = await startService(db, url, serviceEnv(web, undefined));
  cleanups.push(() => service.stop());
  progress("making workspaces and keys");
  const desks = new Map<string, Desk>();
  for (const s of new Set([story, ...stories])) {
    const jobs = plan.flat().filter((t) => t === s).length + (s === story ? RUNS + 1 : 0);
    desks.set(s.id, await openDesk(service.url, db, s, jobs));
  }
  const spillDesk = desks.get(STORY)!;

  // The warm-up job loads and compiles what the first job would otherwise pay for (the readers,
  // resvg, Prisma's queries); its brief and voice also feed the baseline, so both do the same work.
  progress("warm-up job");
  const warmJob = await prepareJob(service.url, web, spillDesk);
  const warm = await runJob(service.url, warmJob);
  const briefRow: Brief = await db.prisma.brief.findUniqueOrThrow({ where: { id: warmJob.briefId.toLowerCase() } });
  const site = await db.prisma.site.findUniqueOrThrow({ where: { id: spillDesk.siteId } });
  const baselineInput: BaselineInput = {
    urls: story.urls.map(web.served),
    fetch: { allowAddresses: "127.0.0.1", hostMap: web.hostMap },
    brief: writingBrief(briefRow),
    voice: await siteVoice(db, briefRow, warm.articleId.toLowerCase()),
    siteName: site.siteName,
  };
  await baselineRun(baselineInput);

  // Job and baseline alternate, so a drift in the machine's load touches both alike.
  const jobs: JobRun[] = [];
  const baseline: BaselineRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    progress(`run ${i + 1}/${RUNS}: job, then baseline`);
    const run = await runJob(service.url, await prepareJob(service.url, web, spillDesk));
    jobs.push({ ...run, ...(await queueTimeline(db, run)) });
    baseline.push(await baselineRun(baselineInput));
  }
  await service.stop();

  // Part 2: a fresh service per level, since the workers read PIPELINE_CONCURRENCY when they start.
  const levels: Level[] = [];
  for (const [index, level] of LEVELS.entries()) {
    service = await startService(db, url, serviceEnv(web, level));
    const prepared: PreparedJob[] = [];
    for (const s of plan[index]!) prepared.push(await prepareJob(service.url, web, desks.get(s.id)!));
    progress(`throughput: ${prepared.length} jobs, ${level} in flight`);
    levels.push(await measureLevel(service.url, level, prepared));
    await service.stop();
  }

  const version = await adminQuery(postgres.adminUrl, "SHOW server_version");
  const cpu = cpus();
  const figures = summarise(
    jobs,
    baseline,
    levels,
    {
      node: process.version,
      cpus: cpu.length,
      cpu: cpu[0]?.model.trim() ?? "unknown CPU",
      postgres: String(version.rows[0]?.server_version ?? "?"),
      postgresSource: postgres.source,
    },
    stories.map((s) => s.id),
  );
  if (args.json) {
    const rounded = JSON.parse(JSON.stringify(figures, (_key, value) => (typeof value === "number" ? round(value, 2) : value)));
    console.log(JSON.stringify(rounded, null, 2));
  } else {
    console.log(report(figures));
  }
}

let exitCode = 1;
try {
  await main();
  exitCode = 0;
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
