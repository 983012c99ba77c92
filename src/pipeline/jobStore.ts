// Every read and write of the job tables (job, job_step) that the job's state machine and its
// steering make, and the article status a job sets as it ends. Functions taking `sql` run inside
// the caller's transaction; those taking `db` run on their own. Events are appended through
// src/jobs/jobEvents.ts, which keeps the stream's sequence numbers.
import type { Database } from "../db/database.ts";
import type { Sql } from "../db/transaction.ts";
import type { PipelineState, StepResult } from "./steps/index.ts";

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
