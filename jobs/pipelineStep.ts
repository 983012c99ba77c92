// pipeline-step: each message runs one step of one article job (src/pipeline/jobStateMachine.ts).
// The message only names the step; the job's state is in our tables.
import { z } from "zod";
import type { ContractFormat } from "../src/contractFormat.ts";
import type { Database } from "../src/db/database.ts";
import { runStep } from "../src/pipeline/jobStateMachine.ts";
import type { PipelineDeps } from "../src/pipeline/pipelineDeps.ts";
import type { PipelineQueue } from "../src/pipeline/pipelineQueue.ts";
import { defineQueue } from "./queueKit.ts";

/** What the pipeline's workers are handed when a process starts them. */
export interface PipelineWorkerContext {
  db: Database;
  queue: PipelineQueue;
  deps: PipelineDeps;
  /** The contract's form of what a job writes to send later (schema/ids.ts, handed in by app/services.ts). */
  contract: ContractFormat;
}

export const pipelineStepQueue = defineQueue({
  name: "pipeline-step",
  payload: z.object({ jobId: z.string(), stepId: z.string() }),
  options: (settings) => ({
    // One run more than the step may take: that last run only pauses the job (see runStep), so a
    // step whose worker keeps dying ends paused, not stuck in running.
    retryLimit: settings.stepRetryLimit + 1,
    retryDelay: 1,
    expireInSeconds: settings.stepExpireSeconds,
  }),
  work: { pollingIntervalSeconds: 0.5 },
  async handler(message, { db, queue, deps, contract }: PipelineWorkerContext) {
    await runStep(db, queue, deps, contract, message.jobId, message.stepId);
    // The next step is queued now; a sibling worker takes it without waiting for its poll.
    queue.wake();
  },
});
