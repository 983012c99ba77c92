// The pipeline's queues on pg-boss: the domain's PipelineQueue (src/pipeline/pipelineQueue.ts)
// implemented with the two queue definitions, and the list of queues startBoss creates.
import type { PipelineQueue } from "../src/pipeline/pipelineQueue.ts";
import type { Boss } from "./boss.ts";
import { pipelinePauseTimeoutQueue } from "./pipelinePauseTimeout.ts";
import { pipelineStepQueue } from "./pipelineStep.ts";
import { sendInTransaction } from "./queueKit.ts";

export const PIPELINE_QUEUES = [pipelineStepQueue, pipelinePauseTimeoutQueue] as const;

export function pipelineQueueOn(boss: Boss): PipelineQueue {
  return {
    settings: boss.settings,
    async queueStep(sql, message) {
      // pg-boss answers null rather than throwing when it could not queue (e.g. no such queue); a
      // job whose step was never queued would wait forever with its credits held: roll back.
      const id = await sendInTransaction(sql, boss, pipelineStepQueue, message);
      if (!id) throw new Error(`pg-boss did not queue step ${message.stepId} of job ${message.jobId}`);
    },
    async queuePauseTimeout(sql, message, afterSeconds) {
      await sendInTransaction(sql, boss, pipelinePauseTimeoutQueue, message, { startAfter: afterSeconds });
    },
    wake: () => boss.wake(),
  };
}
