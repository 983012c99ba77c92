// The pipeline's workers: each pg-boss message on STEP_QUEUE runs one step of one job; each on
// PAUSE_QUEUE fails a job that stayed paused too long. PIPELINE_CONCURRENCY steps run at once
// per worker process, and every worker process sweeps for steps whose worker died.
import type { Database } from "../src/db/database.ts";
import { log } from "../src/log.ts";
import type { PipelineDeps } from "../src/pipeline/pipelineDeps.ts";
import { expirePause, requeueLapsedSteps, runStep } from "../src/pipeline/runner.ts";
import { type Boss, PAUSE_QUEUE, type PauseMessage, STEP_QUEUE, type StepMessage } from "./boss.ts";

const isStepMessage = (data: unknown): data is StepMessage =>
  typeof (data as StepMessage)?.jobId === "string" && typeof (data as StepMessage)?.stepId === "string";

export async function startPipelineWorkers(db: Database, boss: Boss, deps: PipelineDeps, env: NodeJS.ProcessEnv): Promise<void> {
  const concurrency = Math.max(1, Number(env.PIPELINE_CONCURRENCY ?? 2) || 2);
  for (let i = 0; i < concurrency; i++) {
    const id = await boss.boss.work<StepMessage>(STEP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([message]) => {
      if (!message || !isStepMessage(message.data)) return;
      await runStep(db, boss, deps, message.data.jobId, message.data.stepId);
      // The next step is queued now; a sibling worker takes it without waiting for its poll.
      boss.wake();
    });
    boss.stepWorkers.push(id);
  }
  await boss.boss.work<PauseMessage>(PAUSE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([message]) => {
    if (!message) return;
    await expirePause(db, boss, message.data.jobId, message.data.pausedAt);
  });
  // Every worker process sweeps for steps whose worker died (their lease lapsed) and queues them again.
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    requeueLapsedSteps(db, boss)
      .catch((error) => log.warn({ err: error }, "could not look for steps whose worker died"))
      .finally(() => {
        sweeping = false;
      });
  }, boss.settings.leaseSweepSeconds * 1000);
  boss.onStop(() => clearInterval(sweep));
  const { stepLeaseSeconds, stepHeartbeatSeconds, leaseSweepSeconds } = boss.settings;
  log.info({ concurrency, stepLeaseSeconds, stepHeartbeatSeconds, leaseSweepSeconds }, "pipeline workers started");
}
