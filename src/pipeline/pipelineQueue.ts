// How the pipeline queues its work. The domain owns this interface; jobs/pipelineQueue.ts
// implements it on pg-boss and the composition root (app/services.ts) hands it in, so nothing
// under src/ imports jobs/. Every send takes the caller's transaction: a queued message commits
// or rolls back with the change that caused it.
import type { Sql } from "../db/transaction.ts";

/** Run step `stepId` of job `jobId`; a message for a step that is no longer current does nothing. */
export interface StepMessage {
  jobId: string;
  stepId: string;
}

/** Fail job `jobId` if it is still in the pause that began at `pausedAt`; a later pause sets its own. */
export interface PauseMessage {
  jobId: string;
  pausedAt: string;
}

/** The step timings the job state machine reads (PIPELINE_STEP_* settings, docs/pipeline.md). */
export interface StepTimings {
  /** The longest a step may run: it is stopped (and the job pauses) after this. */
  stepExpireSeconds: number;
  /** Runs of a lost step before the job is paused. */
  stepRetryLimit: number;
  /** A running step's lease: a step whose worker has not renewed it for this long lost its worker. */
  stepLeaseSeconds: number;
  /** How often a worker renews the leases of the steps it runs. */
  stepHeartbeatSeconds: number;
}

export interface PipelineQueue {
  settings: StepTimings;
  /** Queues a step inside `sql`'s transaction; throws (rolling it back) when it could not. */
  queueStep(sql: Sql, message: StepMessage): Promise<void>;
  /** Queues the timer of a pause inside `sql`'s transaction, to run after `afterSeconds`. */
  queuePauseTimeout(sql: Sql, message: PauseMessage, afterSeconds: number): Promise<void>;
  /**
   * Wakes this process's step workers now instead of at their next poll: called after a
   * transaction that queued a step commits, so a job does not wait a poll per step.
   */
  wake(): void;
}
