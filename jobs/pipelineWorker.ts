// The pipeline's workers: PIPELINE_CONCURRENCY workers of the step queue (jobs/pipelineStep.ts)
// and one of the pause timeout queue (jobs/pipelinePauseTimeout.ts) per worker process; every
// worker process also sweeps for steps whose worker died.
import type { ContractFormat } from "../src/contractFormat.ts";
import type { Database } from "../src/db/database.ts";
import { log } from "../src/log.ts";
import { requeueLapsedSteps } from "../src/pipeline/jobStateMachine.ts";
import type { PipelineDeps } from "../src/pipeline/pipelineDeps.ts";
import type { PipelineQueue } from "../src/pipeline/pipelineQueue.ts";
import type { Boss } from "./boss.ts";
import { pipelinePauseTimeoutQueue } from "./pipelinePauseTimeout.ts";
import { type PipelineWorkerContext, pipelineStepQueue } from "./pipelineStep.ts";
import { startQueueWorker } from "./queueKit.ts";

export async function startPipelineWorkers(
  db: Database,
  boss: Boss,
  queue: PipelineQueue,
  deps: PipelineDeps,
  contract: ContractFormat,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const context: PipelineWorkerContext = { db, queue, deps, contract };
  const concurrency = Math.max(1, Number(env.PIPELINE_CONCURRENCY ?? 2) || 2);
  for (let i = 0; i < concurrency; i++) {
    boss.stepWorkers.push(await startQueueWorker(boss, pipelineStepQueue, context));
  }
  await startQueueWorker(boss, pipelinePauseTimeoutQueue, context);
  // Every worker process sweeps for steps whose worker died (their lease lapsed) and queues them again.
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    requeueLapsedSteps(db, queue)
      .catch((error) => log.warn({ err: error }, "could not look for steps whose worker died"))
      .finally(() => {
        sweeping = false;
      });
  }, boss.settings.leaseSweepSeconds * 1000);
  boss.onStop(() => clearInterval(sweep));
  const { stepLeaseSeconds, stepHeartbeatSeconds, leaseSweepSeconds } = boss.settings;
  log.info({ concurrency, stepLeaseSeconds, stepHeartbeatSeconds, leaseSweepSeconds }, "pipeline workers started");
}
