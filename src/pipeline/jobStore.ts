// Every read and write of the job tables (job, job_step, job_event): a job's creation, the reads
// and writes its state machine and its steering make, its event rows, its place in the queue, the
// live jobs an article shows, and the article status a job sets as it ends. Functions taking `sql`
// run inside the caller's transaction; those taking `db` run on their own.
import { LIVE_JOB_STATUSES } from "../articles/articleTerms.ts";
import type { Database } from "../db/database.ts";
import type { Sql } from "../db/transaction.ts";
import { JOB_EVENTS_CHANNEL, type JobEvent, type StoredEvent } from "../events/jobEvents.ts";
import type { PipelineState, PlannedStep, StepResult } from "./steps/index.ts";

export interface JobRow {
  id: string;
  workspace_id: string;
  site_id: string | null;
  article_id: string;
  brief_id: string;
  credential_id: string | null;
  status: string;
  step_index: number;
  credits_held: number;
  state: PipelineState;
}

export interface StepRow {
  step_id: string;
  position: number;
  status: string;
  skipped: boolean;
  optional: boolean;
  attempts: number;
  name: string;
  error: string | null;
  /** Running under a lease that has not lapsed: a live worker has it. */
  leased: boolean;
}

/** What a new article job is written with (`insertArticleJob`). */
export interface NewArticleJob {
  id: string;
  workspaceId: string;
  siteId: string | null;
  articleId: string;
  /** null for a language-adding job on an article whose brief is gone. */
  briefId: string | null;
  credentialId: string | null;
  personId: string;
  creditsHeld: number;
  state: PipelineState;
  /** Every planned step, in order: the job's step rows. */
  plan: readonly PlannedStep[];
}

/** Writes a queued article job and its step rows, in the plan's order. */
export async function insertArticleJob(sql: Sql, job: NewArticleJob): Promise<void> {
  await sql.query(
    `INSERT INTO job (id, workspace_id, site_id, kind, status, article_id, brief_id, credential_id, person_id, credits_held, state)
     VALUES ($1, $2, $3, 'article', 'queued', $4, $5, $6, $7, $8, $9)`,
    [
      job.id,
      job.workspaceId,
      job.siteId,
      job.articleId,
      job.briefId,
      job.credentialId,
      job.personId,
      job.creditsHeld,
      JSON.stringify(job.state),
    ],
  );
  await sql.query(
    `INSERT INTO job_step (job_id, position, step_id, name, optional)
     SELECT $1, s.ordinality::int, s.step->>'id', s.step->>'name', (s.step->>'optional')::boolean
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS s(step, ordinality)`,
    [job.id, JSON.stringify(job.plan)],
  );
}

/**
 * The oldest live (queued, running or paused) article job writing the brief on this site (null: no
 * site); a job adding languages to an article written from the brief is not one.
 */
export async function findLiveArticleJob(
  sql: Sql,
  briefId: string,
  siteId: string | null,
): Promise<{ id: string; article_id: string | null; credits_held: number } | undefined> {
  const { rows } = await sql.query<{ id: string; article_id: string | null; credits_held: number }>(
    `SELECT id, article_id, credits_held FROM job
      WHERE brief_id = $1 AND kind = 'article' AND status IN ('queued', 'running', 'paused')
        AND site_id IS NOT DISTINCT FROM $2 AND NOT (state ? 'adding')
      ORDER BY started_at LIMIT 1`,
    [briefId, siteId],
  );
  return rows[0];
}

/** The job's steps as planned (id, name, optional), in order. */
export async function readPlannedSteps(sql: Sql, jobId: string): Promise<{ step_id: string; name: string; optional: boolean }[]> {
  const { rows } = await sql.query<{ step_id: string; name: string; optional: boolean }>(
    `SELECT step_id, name, optional FROM job_step WHERE job_id = $1 ORDER BY position`,
    [jobId],
  );
  return rows;
}

/**
 * The workspace's long article jobs started this UTC month and not failed or cancelled. Whether a
 * job was long is kept in its state: the brief may have changed since.
 */
export async function countLongArticleJobsThisMonth(sql: Sql, workspaceId: string): Promise<number> {
  const { rows } = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM job j
      WHERE j.workspace_id = $1 AND j.kind = 'article' AND j.state->>'long' = 'true'
        AND j.started_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        AND j.status NOT IN ('failed', 'cancelled')`,
    [workspaceId],
  );
  return rows[0]?.count ?? 0;
}

/** Locks the job's row for the transaction and reads it with its steps, in order. */
export async function lockJob(sql: Sql, jobId: string): Promise<{ job: JobRow; steps: StepRow[] } | undefined> {
  const { rows } = await sql.query<JobRow>(`SELECT * FROM job WHERE id = $1 FOR UPDATE`, [jobId]);
  const job = rows[0];
  if (!job) return undefined;
  const { rows: steps } = await sql.query<StepRow>(
    `SELECT *, coalesce(status = 'running' AND lease_until > now(), false) AS leased
       FROM job_step WHERE job_id = $1 ORDER BY position`,
    [jobId],
  );
  return { job, steps };
}

/** Locks the job's row and reads only what a pause timer checks. */
export async function lockJobPause(sql: Sql, jobId: string): Promise<{ status: string; paused_at: Date | null } | undefined> {
  const { rows } = await sql.query<{ status: string; paused_at: Date | null }>(
    `SELECT status, paused_at FROM job WHERE id = $1 FOR UPDATE`,
    [jobId],
  );
  return rows[0];
}

/** The stored error (JSON of code and message) of the job's first failed step, if any. */
export async function firstFailedStepError(sql: Sql, jobId: string): Promise<string | null | undefined> {
  const { rows } = await sql.query<{ error: string | null }>(
    `SELECT error FROM job_step WHERE job_id = $1 AND status = 'failed' ORDER BY position LIMIT 1`,
    [jobId],
  );
  return rows[0]?.error;
}

export async function saveJobState(sql: Sql, jobId: string, state: PipelineState): Promise<void> {
  await sql.query(`UPDATE job SET state = $2 WHERE id = $1`, [jobId, JSON.stringify(state)]);
}

export async function clearPause(sql: Sql, jobId: string): Promise<void> {
  await sql.query(`UPDATE job SET paused_at = NULL WHERE id = $1`, [jobId]);
}

/** The job is running and `stepIndex` is its current step. */
export async function moveToStep(sql: Sql, jobId: string, stepIndex: number): Promise<void> {
  await sql.query(`UPDATE job SET step_index = $2, status = 'running' WHERE id = $1`, [jobId, stepIndex]);
}

export async function markJobRunning(sql: Sql, jobId: string): Promise<void> {
  await sql.query(`UPDATE job SET status = 'running' WHERE id = $1`, [jobId]);
}

/** Pauses the job; returns the time it paused, which its pause timer carries. */
export async function pauseJob(sql: Sql, jobId: string): Promise<Date | undefined> {
  const { rows } = await sql.query<{ paused_at: Date }>(
    `UPDATE job SET status = 'paused', paused_at = now() WHERE id = $1 RETURNING paused_at`,
    [jobId],
  );
  return rows[0]?.paused_at;
}

export async function markJobDone(sql: Sql, jobId: string, stepCount: number): Promise<void> {
  await sql.query(`UPDATE job SET status = 'done', step_index = $2, finished_at = now(), paused_at = NULL WHERE id = $1`, [
    jobId,
    stepCount,
  ]);
}

/** Ends the job as `failed` or `cancelled`; a step left running goes back to `todo`. */
export async function markJobFailed(
  sql: Sql,
  jobId: string,
  status: "failed" | "cancelled",
  code: string,
  message: string,
): Promise<void> {
  await sql.query(
    `UPDATE job SET status = $2, error_code = $3, error_message = $4, finished_at = now(), paused_at = NULL WHERE id = $1`,
    [jobId, status, code, message],
  );
  await sql.query(`UPDATE job_step SET status = 'todo' WHERE job_id = $1 AND status = 'running'`, [jobId]);
}

export async function markArticleNeedsReview(sql: Sql, articleId: string): Promise<void> {
  await sql.query(`UPDATE article SET status = 'needsReview', updated_at = now() WHERE id = $1`, [articleId]);
}

/** An article still being generated is left as a draft. */
export async function returnArticleToDraft(sql: Sql, articleId: string): Promise<void> {
  await sql.query(`UPDATE article SET status = 'draft', updated_at = now() WHERE id = $1 AND status = 'generating'`, [articleId]);
}

/** Starts a run of the step under a fresh lease; returns the run's attempt number. */
export async function markStepRunning(sql: Sql, jobId: string, stepId: string, leaseSeconds: number): Promise<number> {
  const { rows } = await sql.query<{ attempts: number }>(
    `UPDATE job_step SET status = 'running', attempts = attempts + 1, lease_until = now() + make_interval(secs => $3)
      WHERE job_id = $1 AND step_id = $2 RETURNING attempts`,
    [jobId, stepId, leaseSeconds],
  );
  return rows[0]?.attempts ?? 1;
}

/**
 * Renews the lease of one run of a step, on its own connection. False when the step is no longer
 * that run's (cancelled, or taken over by a newer attempt).
 */
export async function renewLease(
  db: Database,
  jobId: string,
  stepId: string,
  attempt: number,
  leaseSeconds: number,
): Promise<boolean> {
  const { rowCount } = await db.pool.query(
    `UPDATE job_step SET lease_until = now() + make_interval(secs => $4)
      WHERE job_id = $1 AND step_id = $2 AND attempts = $3 AND status = 'running'`,
    [jobId, stepId, attempt, leaseSeconds],
  );
  return Boolean(rowCount);
}

/** Running steps whose lease lapsed, oldest lapse first, at most 100. */
export async function findLapsedSteps(db: Database): Promise<{ job_id: string; step_id: string }[]> {
  const { rows } = await db.pool.query<{ job_id: string; step_id: string }>(
    `SELECT job_id, step_id FROM job_step WHERE status = 'running' AND lease_until < now() ORDER BY lease_until LIMIT 100`,
  );
  return rows;
}

/**
 * Clears a lapsed lease of a step of a running job; false when the lease is no longer lapsed (its
 * worker renewed it, or another sweep got there first) or the job is not running.
 */
export async function clearLapsedLease(sql: Sql, jobId: string, stepId: string): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE job_step SET lease_until = NULL
      WHERE job_id = $1 AND step_id = $2 AND status = 'running' AND lease_until < now()
        AND EXISTS (SELECT 1 FROM job WHERE job.id = job_step.job_id AND job.status = 'running')`,
    [jobId, stepId],
  );
  return Boolean(rowCount);
}

export async function markStepDone(sql: Sql, jobId: string, stepId: string, ms: number, result: StepResult): Promise<void> {
  await sql.query(
    `UPDATE job_step SET status = 'done', skipped = $3, summary = $4, ms = $5, details = $6, error = NULL, lease_until = NULL
      WHERE job_id = $1 AND step_id = $2`,
    [jobId, stepId, result.skipped === true, result.summary, ms, JSON.stringify(result.details)],
  );
}

/** Marks a step done without running it, with the summary saying why. */
export async function markStepSkipped(sql: Sql, jobId: string, stepId: string, summary: string): Promise<void> {
  await sql.query(
    `UPDATE job_step SET status = 'done', skipped = true, summary = $3, error = NULL WHERE job_id = $1 AND step_id = $2`,
    [jobId, stepId, summary],
  );
}

export async function markStepFailed(
  sql: Sql,
  jobId: string,
  stepId: string,
  ms: number,
  code: string,
  message: string,
): Promise<void> {
  await sql.query(
    `UPDATE job_step SET status = 'failed', ms = $3, error = $4, summary = $5, lease_until = NULL WHERE job_id = $1 AND step_id = $2`,
    [jobId, stepId, ms, JSON.stringify({ code, message }), message],
  );
}

/** A failed step is to be run again. */
export async function markStepTodo(sql: Sql, jobId: string, stepId: string): Promise<void> {
  await sql.query(`UPDATE job_step SET status = 'todo', error = NULL WHERE job_id = $1 AND step_id = $2`, [jobId, stepId]);
}

/** A job by id, for the visibility check; null when there is none. */
export function findJob(db: Database, jobId: string) {
  return db.prisma.job.findUnique({ where: { id: jobId } });
}

/** A job with its steps in order. */
export function readJobWithSteps(db: Database, jobId: string) {
  return db.prisma.job.findUniqueOrThrow({
    where: { id: jobId },
    include: { steps: { orderBy: { position: "asc" } } },
  });
}

/** The brief a job was started from, as it is now (for jobs started before the job kept a copy). */
export function readBrief(db: Database, briefId: string) {
  return db.prisma.brief.findUniqueOrThrow({ where: { id: briefId } });
}

/**
 * Appends events to the job's stream inside the caller's transaction: takes the next sequence
 * numbers from the job's row, writes one row each, and announces them (NOTIFY fires on commit).
 */
export async function appendJobEvents(sql: Sql, jobId: string, events: readonly JobEvent[]): Promise<void> {
  if (events.length === 0) return;
  const { rows } = await sql.query<{ first: number }>(
    `UPDATE job SET next_seq = next_seq + $2 WHERE id = $1 RETURNING next_seq - $2 AS first`,
    [jobId, events.length],
  );
  const first = rows[0]?.first;
  if (first === undefined) throw new Error(`no job ${jobId}`);
  await sql.query(
    `INSERT INTO job_event (job_id, seq, data)
     SELECT $1, $2 + (ordinality - 1)::int, value FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY`,
    [jobId, first, JSON.stringify(events)],
  );
  await sql.query(`SELECT pg_notify($1, $2)`, [JOB_EVENTS_CHANNEL, jobId]);
}

/** The job's stored events after `afterSeq`, in order. */
export async function jobEventsAfter(db: Database, jobId: string, afterSeq: number): Promise<StoredEvent[]> {
  const { rows } = await db.pool.query<{ seq: number; data: JobEvent }>(
    `SELECT seq, data FROM job_event WHERE job_id = $1 AND seq > $2 ORDER BY seq`,
    [jobId, afterSeq],
  );
  return rows.map((r) => ({ seq: r.seq, event: r.data }));
}

/**
 * The job's status and, counting from 1, how many queued jobs started no later than it (itself
 * included); undefined when there is no such job.
 */
export async function jobStatusAndQueuePosition(
  db: Database,
  jobId: string,
): Promise<{ status: string; position: number } | undefined> {
  const { rows } = await db.pool.query<{ status: string; position: number }>(
    `SELECT j.status,
            (SELECT count(*)::int FROM job q WHERE q.status = 'queued' AND q.started_at <= j.started_at) AS position
       FROM job j WHERE j.id = $1`,
    [jobId],
  );
  return rows[0];
}

/** The live (queued, running or paused) jobs of these articles in the workspace, newest first. */
export function findLiveJobsOfArticles(db: Database, workspaceId: string, articleIds: string[]) {
  return db.prisma.job.findMany({
    where: { workspaceId, articleId: { in: articleIds }, status: { in: [...LIVE_JOB_STATUSES] } },
    select: { id: true, status: true, briefId: true, articleId: true },
    orderBy: { startedAt: "desc" },
  });
}

/**
 * A live (queued, running or paused) job of the article or of any of its language versions,
 * language-adding jobs included (their article is the primary). Read inside the caller's
 * transaction, after it locked the primary's row.
 */
export async function findLiveJobOfArticleFamily(
  sql: Sql,
  primaryId: string,
): Promise<{ id: string; status: string; adding: boolean } | undefined> {
  const { rows } = await sql.query<{ id: string; status: string; adding: boolean }>(
    `SELECT j.id, j.status, (j.state ? 'adding') AS adding FROM job j
      WHERE j.status IN ('queued', 'running', 'paused')
        AND (j.article_id = $1 OR j.article_id IN (SELECT id FROM article WHERE primary_article_id = $1))
      ORDER BY j.started_at LIMIT 1`,
    [primaryId],
  );
  return rows[0];
}

/** The live (queued, running or paused) language-adding job of an article, newest first; undefined when none. */
export async function findLiveLanguageAddingJob(
  db: Database,
  articleId: string,
): Promise<{ id: string; status: string; briefId: string | null; languages: string[] } | undefined> {
  const { rows } = await db.pool.query<{ id: string; status: string; brief_id: string | null; languages: string[] | null }>(
    `SELECT id, status, brief_id, ARRAY(SELECT jsonb_array_elements_text(state->'adding'->'languages')) AS languages
       FROM job WHERE article_id = $1 AND status IN ('queued', 'running', 'paused') AND state ? 'adding'
      ORDER BY started_at DESC LIMIT 1`,
    [articleId],
  );
  const row = rows[0];
  return row ? { id: row.id, status: row.status, briefId: row.brief_id, languages: row.languages ?? [] } : undefined;
}
