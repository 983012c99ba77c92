// pg-boss on our own pool: every process that starts jobs (API) or runs them (worker) has one.
// Messages are sent with the caller's transaction client, so a queued step commits or rolls
// back with the state change that queued it.
import PgBoss from "pg-boss";
import { intSetting } from "../src/config.ts";
import type { Database } from "../src/db/database.ts";
import type { Sql } from "../src/db/transaction.ts";
import { log } from "../src/log.ts";

export const STEP_QUEUE = "pipeline-step";
export const PAUSE_QUEUE = "pipeline-pause-timeout";

export interface StepMessage {
  jobId: string;
  stepId: string;
}

export interface PauseMessage {
  jobId: string;
  /** The pause this timer was set for; a later pause sets its own. */
  pausedAt: string;
}

export interface QueueSettings {
  /** A step not finished in this time is taken as lost (its worker died) and run again. */
  stepExpireSeconds: number;
  /** How often expired steps are looked for. */
  maintenanceIntervalSeconds: number;
  /** Runs of a lost step before the job is failed. */
  stepRetryLimit: number;
}

export function queueSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): QueueSettings {
  const int = (name: string, fallback: number, min: number) => intSetting(env, name, fallback, min);
  return {
    stepExpireSeconds: int("PIPELINE_STEP_EXPIRE_SECONDS", 900, 2),
    maintenanceIntervalSeconds: int("PIPELINE_MAINTENANCE_SECONDS", 30, 1),
    stepRetryLimit: int("PIPELINE_STEP_RETRIES", 2, 0),
  };
}

export interface Boss {
  boss: PgBoss;
  settings: QueueSettings;
  /** Ids of this process's step workers (none in an API-only process). */
  stepWorkers: string[];
  /**
   * Wakes this process's step workers now instead of at their next poll: called after a
   * transaction that queued a step commits, so a job does not wait half a second per step.
   */
  wake(): void;
  stop(): Promise<void>;
}

/** Starts pg-boss; `supervise` (expiring lost steps) belongs to processes that run workers. */
export async function startBoss(db: Database, settings: QueueSettings, supervise: boolean): Promise<Boss> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.pool.query(text, values) },
    supervise,
    schedule: false,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
  });
  boss.on("error", (error) => log.warn({ err: error }, "pg-boss"));
  await boss.start();
  for (const name of [STEP_QUEUE, PAUSE_QUEUE]) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name).catch(() => undefined);
  }
  const stepWorkers: string[] = [];
  return {
    boss,
    settings,
    stepWorkers,
    wake() {
      for (const id of stepWorkers) boss.notifyWorker(id);
    },
    async stop() {
      await boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
    },
  };
}

const inTransaction = (sql: Sql) => ({ executeSql: (text: string, values: unknown[]) => sql.query(text, values) });

export async function queueStep(sql: Sql, boss: Boss, message: StepMessage): Promise<void> {
  // pg-boss answers null rather than throwing when it could not queue (e.g. no such queue); a job
  // whose step was never queued would wait forever with its credits held, so roll back instead.
  const id = await boss.boss.send(STEP_QUEUE, message, {
    db: inTransaction(sql),
    // One run more than the step may take: that last run only pauses the job (see runStep), so a
    // step whose worker keeps dying ends paused, not stuck in running.
    retryLimit: boss.settings.stepRetryLimit + 1,
    retryDelay: 1,
    expireInSeconds: boss.settings.stepExpireSeconds,
  });
  if (!id) throw new Error(`pg-boss did not queue step ${message.stepId} of job ${message.jobId}`);
}

export async function queuePauseTimeout(sql: Sql, boss: Boss, message: PauseMessage, afterSeconds: number): Promise<void> {
  await boss.boss.send(PAUSE_QUEUE, message, { db: inTransaction(sql), startAfter: afterSeconds, retryLimit: 3 });
}
