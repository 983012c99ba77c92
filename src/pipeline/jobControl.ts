// Reading and steering jobs: the Job resource, and retry, skip and cancel. A key or agent sees
// only article and site jobs, within its site; anything else is not found.
import { SETTLED_JOB_STATUSES } from "../articles/articleTerms.ts";
import type { Principal } from "../auth/principal.ts";
import { assertVisible } from "../auth/visibility.ts";
import type { ContractFormat } from "../contractFormat.ts";
import type { Database } from "../db/database.ts";
import { withTransaction } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { advance, failJob, leaveOutLanguage, skipStepRow } from "./jobStateMachine.ts";
import { clearPause, findJob, lockJob, markStepTodo, readJobWithSteps, saveJobState } from "./jobStore.ts";
import type { PipelineQueue } from "./pipelineQueue.ts";
import { languageLeftOutBySkipping } from "./steps/index.ts";

export interface JobView {
  id: string;
  kind: string;
  status: string;
  step?: string;
  stepIndex: number;
  steps: { id: string; name: string; status: string; optional: boolean }[];
  startedAt: string;
  finishedAt?: string;
  articleId?: string;
  error?: { code: string; message: string };
}

/** The job id if the principal may see the job; not_found otherwise. */
export async function findVisibleJob(db: Database, principal: Principal, id: string): Promise<string> {
  const jobId = parseId(id);
  const job = jobId ? await findJob(db, jobId) : null;
  assertVisible(principal, "job", job);
  return job.id;
}

export async function jobView(db: Database, principal: Principal, id: string): Promise<JobView> {
  const jobId = await findVisibleJob(db, principal, id);
  const job = await readJobWithSteps(db, jobId);
  const finished = SETTLED_JOB_STATUSES.includes(job.status);
  const current = job.steps[job.stepIndex];
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    ...(!finished && current ? { step: current.stepId } : {}),
    stepIndex: Math.min(job.stepIndex, job.steps.length),
    steps: job.steps.map((s) => ({ id: s.stepId, name: s.name, status: s.status, optional: s.optional })),
    startedAt: job.startedAt.toISOString(),
    ...(job.finishedAt ? { finishedAt: job.finishedAt.toISOString() } : {}),
    ...(job.articleId ? { articleId: job.articleId } : {}),
    ...(job.errorCode ? { error: { code: job.errorCode, message: job.errorMessage ?? "" } } : {}),
  };
}

/** Locks the job for steering; refuses a settled or running one with the spec's codes. */
async function lockPaused(sql: Parameters<typeof lockJob>[0], jobId: string, stepId: string) {
  const locked = await lockJob(sql, jobId);
  if (!locked) throw new DomainError("not_found", "No such job.");
  if (SETTLED_JOB_STATUSES.includes(locked.job.status)) throw new DomainError("job_settled", `The job is ${locked.job.status}.`);
  if (locked.job.status !== "paused") throw new DomainError("job_not_paused", `The job is ${locked.job.status}, not paused.`);
  const failed = locked.steps.find((s) => s.status === "failed");
  if (!failed || failed.step_id !== stepId) {
    throw new DomainError("step_mismatch", `The step that failed is ${failed?.step_id ?? "none"}, not ${stepId}.`, {
      ...(failed ? { failedStep: failed.step_id } : {}),
    });
  }
  return { ...locked, failed };
}

export async function retryStep(
  db: Database,
  queue: PipelineQueue,
  contract: ContractFormat,
  principal: Principal,
  id: string,
  stepId: string,
): Promise<void> {
  const jobId = await findVisibleJob(db, principal, id);
  await withTransaction(db, async (sql) => {
    const { job, steps, failed } = await lockPaused(sql, jobId, stepId);
    await markStepTodo(sql, jobId, stepId);
    // The crash guard counts runs from here; attempt numbers keep going up (see runStep).
    const attempts = steps.find((s) => s.step_id === stepId)?.attempts ?? 0;
    job.state = { ...job.state, attemptBase: { ...job.state.attemptBase, [stepId]: attempts } };
    await saveJobState(sql, jobId, job.state);
    await clearPause(sql, jobId);
    failed.status = "todo";
    await advance(sql, queue, contract, job, steps, []);
  });
  queue.wake();
}

export async function skipStep(
  db: Database,
  queue: PipelineQueue,
  contract: ContractFormat,
  principal: Principal,
  id: string,
  stepId: string,
): Promise<void> {
  const jobId = await findVisibleJob(db, principal, id);
  await withTransaction(db, async (sql) => {
    const { job, steps, failed } = await lockPaused(sql, jobId, stepId);
    if (!failed.optional) {
      throw new DomainError(
        "step_not_optional",
        `${stepId} cannot be skipped: it affects what the article claims about its sources.`,
      );
    }
    const who = principal.kind === "person" ? principal.personName : principal.name;
    const summary = `Skipped by ${who}.`;
    await clearPause(sql, jobId);
    const events = [await skipStepRow(sql, jobId, failed, summary)];
    // Skipping a language's write or read-back leaves the language out; skipping its SEO keeps it.
    const language = languageLeftOutBySkipping(stepId);
    if (language) events.push(...(await leaveOutLanguage(sql, job, steps, language, summary)));
    await advance(sql, queue, contract, job, steps, events);
  });
  queue.wake();
}

export async function cancelJob(db: Database, contract: ContractFormat, principal: Principal, id: string): Promise<void> {
  const jobId = await findVisibleJob(db, principal, id);
  await withTransaction(db, async (sql) => {
    const cancelled = await failJob(sql, contract, jobId, "cancelled", "The job was cancelled.");
    if (!cancelled) throw new DomainError("job_settled", "The job has already finished.");
  });
}
