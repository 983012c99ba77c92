// pipeline-pause-timeout: a paused job's timer (JOB_PAUSE_TIMEOUT_SECONDS). When it runs and the
// job is still in that pause, the job fails, or leaves out the language whose step failed.
import { z } from "zod";
import { expirePause } from "../src/pipeline/jobStateMachine.ts";
import type { PipelineWorkerContext } from "./pipelineStep.ts";
import { defineQueue } from "./queueKit.ts";

export const pipelinePauseTimeoutQueue = defineQueue({
  name: "pipeline-pause-timeout",
  // pausedAt: the pause this timer was set for; a later pause sets its own.
  payload: z.object({ jobId: z.string(), pausedAt: z.string() }),
  options: () => ({ retryLimit: 3 }),
  work: { pollingIntervalSeconds: 2 },
  async handler(message, { db, queue, contract }: PipelineWorkerContext) {
    await expirePause(db, queue, contract, message.jobId, message.pausedAt);
  },
});
