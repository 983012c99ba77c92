// The article job's state machine: which step runs next, pause, fail, done, refund, and the
// step's lease. One pg-boss message runs one step; the job's state lives in our tables, read and
// written through jobStore.ts. Every change commits with its events (and outbox rows, ledger entries and the next
// queued step) in one transaction. A step that fails pauses the job. A running step holds a lease
// its worker renews; a step whose lease lapsed (its worker died) is queued again by a sweep, and
// the attempt counter tells a stale finish from the current one.
import { SETTLED_JOB_STATUSES } from "../articles/articleTerms.ts";
import type { ContractFormat } from "../contractFormat.ts";
import { capture, release } from "../credits/holds.ts";
import type { Database } from "../db/database.ts";
import { type Sql, withTransaction } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import type { JobEvent } from "../events/jobEvents.ts";
import { failureSentence, raiseJobDone, raiseJobFailed } from "../events/outbox.ts";
import type { Language } from "../languages.ts";
import { log } from "../log.ts";
import { observeStep } from "../metrics.ts";
import { FetchRefused } from "../sourcing/fetch/index.ts";
import { IllustrationFailure } from "../writing/illustration/illustrator.ts";
import { WritingFailure } from "../writing/types.ts";
import {
  appendJobEvents,
  clearLapsedLease,
  clearPause,
  findLapsedSteps,
  firstFailedStepError,
  insertArticleJob,
  type JobRow,
  lockJob,
  lockJobPause,
  markArticleNeedsReview,
  markJobDone,
  markJobFailed,
  markJobRunning,
  markStepDone,
  markStepFailed,
  markStepRunning,
  markStepSkipped,
  moveToStep,
  type NewArticleJob,
  pauseJob,
  readBrief,
  renewLease,
  returnArticleToDraft,
  type StepRow,
  saveJobState,
} from "./jobStore.ts";
import { createLanguageVersions } from "./languageVersions.ts";
import { type PipelineDeps, stepEnginesOf } from "./pipelineDeps.ts";
import type { PipelineQueue } from "./pipelineQueue.ts";
import {
  isStepOfLanguage,
  languageLeftOutBySkipping,
  parseLanguageStepId,
  runPipelineStep,
  type StepResult,
} from "./steps/index.ts";
import { recordStepTime } from "./stepTimings.ts";

/**
 * A job comes into being queued: its row and step rows, one `todo` event per planned step (the
 * stream opens with the plan), and its first step sent to the queue, all in the caller's
 * transaction.
 */
export async function queueNewJob(sql: Sql, queue: PipelineQueue, job: NewArticleJob): Promise<void> {
  await insertArticleJob(sql, job);
  await appendJobEvents(
    sql,
    job.id,
    job.plan.map((s) => ({ kind: "step" as const, stepId: s.id, status: "todo" as const, summary: s.name, ms: 0, details: [] })),
  );
  const first = job.plan[0];
  if (first) await queue.queueStep(sql, { jobId: job.id, stepId: first.id });
}

export type JobErrorCode = "cancelled" | "fetch_timeout" | "too_few_origins" | "model_timeout" | "provider_error" | "other";

/** The job error code a step failure reports. */
export function errorCodeOf(error: unknown): JobErrorCode {
  if (error instanceof DomainError && error.code === "too_few_origins") return "too_few_origins";
  if (error instanceof WritingFailure && (error.code === "model_timeout" || error.code === "provider_error")) return error.code;
  if (error instanceof IllustrationFailure) return error.code;
  if (error instanceof FetchRefused && error.rule === "timeout") return "fetch_timeout";
  const code = (error as { code?: unknown }).code;
  if (code === "fetch_timeout") return code;
  return "other";
}

/**
 * A failure as the job, its events and its webhook tell it. The operator's own endpoints (the
 * model's, the image model's) are named by role, not by address: the log keeps the address.
 */
export function publicMessage(error: unknown): string {
  const message = (error as Error)?.message ?? String(error);
  if (error instanceof WritingFailure || error instanceof IllustrationFailure) {
    return message
      .replace(/\s+at\s+(?:\[[^\]]+\]|[\w.-]+)(?::\d+)?(?=[\s:]|$)/gu, "")
      .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/gu, "(address withheld)");
  }
  return message;
}

const stepEvent = (
  stepId: string,
  status: "running" | "done" | "failed",
  summary: string,
  ms = 0,
  details: StepResult["details"] = [],
): JobEvent => ({
  kind: "step",
  stepId,
  status,
  summary,
  ms,
  details,
});

/** The one log line of a job's end: id, kind, status, how long it ran, and what became of its credits. */
function logJobEnd(job: JobRow, status: string, credits: { captured: number; released: number }): void {
  const row = job as JobRow & { kind?: string; started_at?: Date };
  const ms = row.started_at ? Date.now() - new Date(row.started_at).getTime() : undefined;
  log.info({ jobId: job.id, kind: row.kind, status, ms, credits: { held: job.credits_held, ...credits } }, "job ended");
}

/** Marks a step done without running it, with the summary saying why; returns its event. */
export async function skipStepRow(sql: Sql, jobId: string, step: StepRow, summary: string): Promise<JobEvent> {
  await markStepSkipped(sql, jobId, step.step_id, summary);
  step.status = "done";
  return stepEvent(step.step_id, "done", summary);
}

/**
 * Leaves a language out of the job: marked dropped in its state (no version is made and its
 * credit is released when the job finishes), and its steps still to do skipped with `summary`.
 */
export async function leaveOutLanguage(
  sql: Sql,
  job: JobRow,
  steps: StepRow[],
  code: Language,
  summary: string,
): Promise<JobEvent[]> {
  job.state = { ...job.state, languages: { ...job.state.languages, [code]: { dropped: summary } } };
  await saveJobState(sql, job.id, job.state);
  const events: JobEvent[] = [];
  for (const step of steps) {
    if (step.status === "todo" && isStepOfLanguage(step.step_id, code))
      events.push(await skipStepRow(sql, job.id, step, summary));
  }
  return events;
}

/** Moves to the next step still to do, or finishes the job. Called inside the job's transaction. */
export async function advance(
  sql: Sql,
  queue: PipelineQueue,
  contract: ContractFormat,
  job: JobRow,
  steps: StepRow[],
  events: JobEvent[],
): Promise<void> {
  const next = steps.findIndex((s) => s.status === "todo");
  if (next < 0) {
    await finish(sql, contract, job, steps, events);
    return;
  }
  await moveToStep(sql, job.id, next);
  await appendJobEvents(sql, job.id, events);
  await queue.queueStep(sql, { jobId: job.id, stepId: (steps[next] as StepRow).step_id });
}

/** All steps done: versions become articles, unused credits are released, the rest captured. */
async function finish(sql: Sql, contract: ContractFormat, job: JobRow, steps: StepRow[], events: JobEvent[]): Promise<void> {
  const languages = job.state.languages ?? {};
  const dropped = (job.state.versions ?? []).filter((code) => languages[code]?.dropped || !languages[code]?.draft);
  const written = (job.state.versions ?? []).filter((code) => !dropped.includes(code));
  // A language-adding job's article is the primary, written already: its versions' first entry
  // names who asked, and the primary's own status is left as it is.
  const adding = job.state.adding;
  await createLanguageVersions(
    sql,
    job.article_id,
    written.map((code) => ({ code, work: languages[code] ?? {} })),
    adding ? { label: "languages added", by: adding.by, agent: adding.agent } : undefined,
  );
  const unused = dropped.length;
  const captured = job.credits_held - unused;
  const owner = { workspaceId: job.workspace_id, credentialId: job.credential_id };
  await release(sql, owner, job.state.holdId, unused, `unused: ${dropped.join(", ")}`);
  await capture(sql, owner, job.state.holdId, captured);
  if (unused > 0) events.push({ kind: "refunded", credits: unused, reason: "unused" });
  events.push({ kind: "done", articleId: contract.articleId(job.article_id) });
  await markJobDone(sql, job.id, steps.length);
  if (!adding) await markArticleNeedsReview(sql, job.article_id);
  await appendJobEvents(sql, job.id, events);
  await raiseJobDone(
    sql,
    contract,
    { id: job.id, workspaceId: job.workspace_id, siteId: job.site_id, articleId: job.article_id },
    captured,
  );
  logJobEnd(job, "done", { captured: Math.max(0, captured), released: Math.max(0, unused) });
}

/**
 * Ends a job that will not finish (cancelled, or paused and never steered): every held credit is
 * released, the article is left as a draft, and job.failed is raised.
 */
export async function failJob(
  sql: Sql,
  contract: ContractFormat,
  jobId: string,
  code: JobErrorCode,
  message: string,
): Promise<boolean> {
  const locked = await lockJob(sql, jobId);
  if (!locked || SETTLED_JOB_STATUSES.includes(locked.job.status)) return false;
  const { job } = locked;
  const owner = { workspaceId: job.workspace_id, credentialId: job.credential_id };
  await release(sql, owner, job.state.holdId, job.credits_held, code === "cancelled" ? "cancelled" : `failed: ${code}`);
  await markJobFailed(sql, job.id, code === "cancelled" ? "cancelled" : "failed", code, message);
  await returnArticleToDraft(sql, job.article_id);
  await appendJobEvents(sql, job.id, [
    { kind: "failed", code, message },
    { kind: "refunded", credits: job.credits_held },
  ]);
  await raiseJobFailed(
    sql,
    contract,
    { id: job.id, workspaceId: job.workspace_id, siteId: job.site_id, articleId: job.article_id },
    code === "cancelled" ? "cancelled" : failureSentence(message),
    job.credits_held,
  );
  logJobEnd(job, code === "cancelled" ? "cancelled" : "failed", { captured: 0, released: job.credits_held });
  return true;
}

/**
 * Runs one step of one job (a pg-boss message). Stale messages (the job moved on) do nothing, and
 * so does a message for a step that a live worker is running (pg-boss's own expiry of a slow step).
 */
export async function runStep(
  db: Database,
  queue: PipelineQueue,
  deps: PipelineDeps,
  contract: ContractFormat,
  jobId: string,
  stepId: string,
): Promise<void> {
  const { stepLeaseSeconds, stepHeartbeatSeconds } = queue.settings;
  const begun = await withTransaction(db, async (sql) => {
    const locked = await lockJob(sql, jobId);
    if (!locked || !["queued", "running"].includes(locked.job.status)) return undefined;
    const step = locked.steps[locked.job.step_index];
    if (step?.step_id !== stepId || step.status === "done" || step.leased) return undefined;
    // Runs since the step was last retried by a person; attempt numbers themselves only go up,
    // so a stale run from before a retry can never pass for the current one.
    const runs = step.attempts - (locked.job.state.attemptBase?.[stepId] ?? 0);
    if (step.status === "running" && runs > queue.settings.stepRetryLimit) {
      // Every run so far ended with its worker gone (crash, out of memory, killed): stop trying.
      const message = `The worker running this step stopped ${runs} times before it finished.`;
      await pauseOnFailure(sql, queue, deps, jobId, stepId, 0, "other", message);
      return undefined;
    }
    const attempt = await markStepRunning(sql, jobId, stepId, stepLeaseSeconds);
    await markJobRunning(sql, jobId);
    // Still `running` from an earlier run: that run's worker stopped (its lease lapsed) before it finished.
    const details =
      step.status === "running"
        ? [{ tag: "restarted", text: `The worker running this step stopped before it finished; run ${runs + 1} starts now.` }]
        : [];
    await appendJobEvents(sql, jobId, [stepEvent(stepId, "running", step.name, 0, details)]);
    return { job: locked.job, attempt };
  });
  if (!begun) return;

  // The brief as it was when the job was priced and started: a later PATCH does not change it.
  const brief = begun.job.state.brief ?? (await readBrief(db, begun.job.brief_id));

  // The lease is renewed while the step runs. A renewal that finds the step no longer this run's
  // (the job was cancelled, or the lease lapsed and another worker took the step over) stops it.
  const lost = new AbortController();
  let ended = false;
  const heartbeat = setInterval(() => {
    renewLease(db, jobId, stepId, begun.attempt, stepLeaseSeconds)
      .then((renewed) => {
        if (renewed || ended || lost.signal.aborted) return;
        log.warn(
          { jobId, stepId, attempt: begun.attempt },
          "step no longer this worker's (cancelled or taken over); stopping it",
        );
        lost.abort(new Error("The step was cancelled or taken over by another worker."));
      })
      .catch((error) => log.warn({ jobId, stepId, err: error }, "could not renew a step's lease"));
  }, stepHeartbeatSeconds * 1000);

  const started = performance.now();
  let result: StepResult | undefined;
  let failure: unknown;
  try {
    result = await runPipelineStep(stepId, {
      db,
      deps,
      job: { id: jobId, workspaceId: begun.job.workspace_id, siteId: begun.job.site_id, articleId: begun.job.article_id },
      brief,
      state: begun.job.state,
      signal: AbortSignal.any([AbortSignal.timeout(queue.settings.stepExpireSeconds * 1000), lost.signal]),
    });
  } catch (error) {
    failure = error;
  } finally {
    ended = true;
    clearInterval(heartbeat);
  }
  const ms = Math.round(performance.now() - started);
  observeStep(parseLanguageStepId(stepId)?.kind ?? stepId, result ? "done" : "failed", ms);

  try {
    await finishStep(db, queue, deps, contract, jobId, stepId, begun.attempt, ms, result, failure);
  } catch (error) {
    // Saving the result failed (e.g. a page's text PostgreSQL refuses): that is this step's
    // failure, not a dead worker; pause with it rather than have pg-boss run the step again.
    log.error({ jobId, stepId, err: error }, "could not save a step's result; job paused");
    await finishStep(db, queue, deps, contract, jobId, stepId, begun.attempt, ms, undefined, error);
  }
}

/**
 * Queues again each running step whose lease lapsed: its worker stopped renewing it, so it died
 * (or lost the database for longer than the lease). The step stays `running` with no lease until
 * a worker takes the message; runStep then counts the run and says in its event that it restarted.
 * A stalled worker that renews before then keeps the step, and the queued message does nothing.
 * Several processes may sweep at once: the lease is cleared and the step queued in one
 * transaction, so each lapse is queued once. Returns how many steps were queued.
 */
export async function requeueLapsedSteps(db: Database, queue: PipelineQueue): Promise<number> {
  let queued = 0;
  for (const lapsed of await findLapsedSteps(db)) {
    const requeued = await withTransaction(db, async (sql) => {
      if (!(await clearLapsedLease(sql, lapsed.job_id, lapsed.step_id))) return false;
      await queue.queueStep(sql, { jobId: lapsed.job_id, stepId: lapsed.step_id });
      return true;
    });
    if (!requeued) continue;
    queued++;
    log.warn({ jobId: lapsed.job_id, stepId: lapsed.step_id }, "a step's worker stopped renewing its lease; step queued again");
  }
  if (queued > 0) queue.wake();
  return queued;
}

/** Saves a step's result and moves on, or pauses the job with its failure, in one transaction. */
async function finishStep(
  db: Database,
  queue: PipelineQueue,
  deps: PipelineDeps,
  contract: ContractFormat,
  jobId: string,
  stepId: string,
  attempt: number,
  ms: number,
  result: StepResult | undefined,
  failure: unknown,
): Promise<void> {
  await withTransaction(db, async (sql) => {
    const locked = await lockJob(sql, jobId);
    const step = locked?.steps.find((s) => s.step_id === stepId);
    // Cancelled, failed, or taken over by a newer attempt while this one ran: its result is not wanted.
    if (locked?.job.status !== "running" || step?.status !== "running" || step.attempts !== attempt) return;
    const { job, steps } = locked;
    if (result) {
      const state = { ...job.state, ...result.state };
      job.state = state;
      await saveJobState(sql, jobId, state);
      await markStepDone(sql, jobId, stepId, ms, result);
      // A step that did its work is a measure of its engine's time (a skipped one is not).
      if (result.skipped !== true) await recordStepTime(sql, stepId, stepEnginesOf(deps), ms);
      step.status = "done";
      const events: JobEvent[] = [stepEvent(stepId, "done", result.summary, ms, result.details)];
      if (result.dropLanguage) events.push(...(await leaveOutLanguage(sql, job, steps, result.dropLanguage, result.summary)));
      await advance(sql, queue, contract, job, steps, events);
      return;
    }
    const code = errorCodeOf(failure);
    const message = publicMessage(failure);
    log.warn({ jobId, stepId, code, err: failure }, "pipeline step failed; job paused");
    await pauseOnFailure(sql, queue, deps, jobId, stepId, ms, code, message);
  });
}

/** A step failed: the job pauses and waits to be steered, with a timer for the pause. */
async function pauseOnFailure(
  sql: Sql,
  queue: PipelineQueue,
  deps: PipelineDeps,
  jobId: string,
  stepId: string,
  ms: number,
  code: JobErrorCode,
  message: string,
): Promise<void> {
  await markStepFailed(sql, jobId, stepId, ms, code, message);
  const pausedAt = await pauseJob(sql, jobId);
  await appendJobEvents(sql, jobId, [stepEvent(stepId, "failed", message, ms, [{ tag: code, text: message }])]);
  await queue.queuePauseTimeout(sql, { jobId, pausedAt: (pausedAt ?? new Date()).toISOString() }, deps.pauseTimeoutSeconds);
}

/**
 * A paused job that nobody steered in time fails and is refunded, unless the failed step is a
 * language step: the job then leaves that language out by itself (its credit is released at the
 * end) and finishes the article, as language steps are skipped rather than failed.
 */
export async function expirePause(
  db: Database,
  queue: PipelineQueue,
  contract: ContractFormat,
  jobId: string,
  pausedAt: string,
): Promise<void> {
  await withTransaction(db, async (sql) => {
    const job = await lockJobPause(sql, jobId);
    if (job?.status !== "paused" || job.paused_at?.toISOString() !== pausedAt) return;
    const failedError = await firstFailedStepError(sql, jobId);
    const last = failedError ? (JSON.parse(failedError) as { code: JobErrorCode; message: string }) : undefined;
    const locked = await lockJob(sql, jobId);
    const step = locked?.steps.find((s) => s.status === "failed");
    if (locked && step && parseLanguageStepId(step.step_id)) {
      const summary = `Skipped: left out: ${step.step_id} failed and nobody steered the job in time.`;
      const { job, steps } = locked;
      await clearPause(sql, jobId);
      const events = [await skipStepRow(sql, jobId, step, summary)];
      // A version without SEO fields is still a version; without its text or read-back it is not.
      const language = languageLeftOutBySkipping(step.step_id);
      if (language) events.push(...(await leaveOutLanguage(sql, job, steps, language, summary)));
      await advance(sql, queue, contract, job, steps, events);
      return;
    }
    await failJob(sql, contract, jobId, last?.code ?? "other", last?.message ?? "The job was paused and not steered in time.");
  });
  queue.wake();
}
