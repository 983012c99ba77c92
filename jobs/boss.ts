// pg-boss on our own pool: every process that starts jobs (API) or runs them (worker) has one.
// The queues themselves are definitions (jobs/queueKit.ts, one file per queue); their messages
// are sent with the caller's transaction client, so a queued message commits or rolls back with
// the state change that queued it.
import { createRequire } from "node:module";
import type pg from "pg";
import PgBoss from "pg-boss";
import { intSetting } from "../src/config.ts";
import type { Database } from "../src/db/database.ts";
import { log } from "../src/log.ts";

/**
 * The statements pg-boss 10's workers record a run's outcome with (complete, fail) in its default
 * schema. Its worker loop sends them without awaiting them, so one that fails (the database
 * restarting, a failover) is an unhandled rejection that ends the process (fixed in pg-boss 11).
 */
const plans = createRequire(import.meta.url)("pg-boss/src/plans.js") as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const OUTCOME_STATEMENTS = new Set([plans.completeJobs("pgboss"), plans.failJobsById("pgboss")]);

export interface QueueSettings {
  /**
   * The longest a step may run: it is stopped (and the job pauses) after this, and pg-boss takes
   * its message as lost then. A backstop only: a dead worker is noticed by its lease (below).
   */
  stepExpireSeconds: number;
  /** How often pg-boss's maintenance looks for expired messages. */
  maintenanceIntervalSeconds: number;
  /** Runs of a lost step before the job is failed. */
  stepRetryLimit: number;
  /** A running step's lease: a step whose worker has not renewed it for this long lost its worker. */
  stepLeaseSeconds: number;
  /** How often a worker renews the leases of the steps it runs. */
  stepHeartbeatSeconds: number;
  /** How often a worker process looks for lapsed leases and queues their steps again. */
  leaseSweepSeconds: number;
}

export function queueSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): QueueSettings {
  const int = (name: string, fallback: number, min: number) => intSetting(env, name, fallback, min);
  const settings = {
    stepExpireSeconds: int("PIPELINE_STEP_EXPIRE_SECONDS", 900, 2),
    maintenanceIntervalSeconds: int("PIPELINE_MAINTENANCE_SECONDS", 30, 1),
    stepRetryLimit: int("PIPELINE_STEP_RETRIES", 2, 0),
    stepLeaseSeconds: int("PIPELINE_STEP_LEASE_SECONDS", 10, 2),
    stepHeartbeatSeconds: int("PIPELINE_STEP_HEARTBEAT_SECONDS", 2, 1),
    leaseSweepSeconds: int("PIPELINE_LEASE_SWEEP_SECONDS", 2, 1),
  };
  // A lease renewed less than twice in its life lapses on one late renewal: a live step would run twice.
  if (settings.stepHeartbeatSeconds * 2 > settings.stepLeaseSeconds) {
    throw new Error("PIPELINE_STEP_HEARTBEAT_SECONDS must be at most half of PIPELINE_STEP_LEASE_SECONDS");
  }
  return settings;
}

export interface Boss {
  /** The pg-boss instance itself, for sending and working queues (jobs/queueKit.ts). */
  pgBoss: PgBoss;
  settings: QueueSettings;
  /** Ids of this process's step workers (none in an API-only process). */
  stepWorkers: string[];
  /**
   * Wakes this process's step workers now instead of at their next poll: called after a
   * transaction that queued a step commits, so a job does not wait half a second per step.
   */
  wake(): void;
  /** Runs `stopper` first when the process stops (timers of the workers started on this boss). */
  onStop(stopper: () => void): void;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss and creates `queues` if they are missing; `supervise` (expiring lost steps)
 * belongs to processes that run workers.
 */
export async function startBoss(
  db: Database,
  settings: QueueSettings,
  supervise: boolean,
  queues: readonly { name: string }[],
): Promise<Boss> {
  // A handler still running when the process stops (stop is not graceful: a step may wait minutes
  // on a model) finishes later and pg-boss then records its outcome; by then the pool may be closed.
  // That late bookkeeping is dropped (pg-boss reads no result as nothing affected): the step's state
  // lives in our own tables, and its lease brings it back on a live worker (docs/pipeline.md).
  // A run's outcome that cannot be recorded (the database gone at that moment) is dropped the same
  // way, logged: its message expires, and the lease of our own rows brings the work back.
  let stopped = false;
  const executeSql = (text: string, values?: unknown[]): Promise<pg.QueryResult> => {
    if (stopped) return Promise.resolve(null as unknown as pg.QueryResult);
    const result = db.pool.query(text, values);
    if (!OUTCOME_STATEMENTS.has(text)) return result;
    return result.catch((error: unknown) => {
      log.warn({ err: error }, "pg-boss could not record a run's outcome; its message expires instead");
      return null as unknown as pg.QueryResult;
    });
  };
  const boss = new PgBoss({
    db: { executeSql },
    supervise,
    schedule: false,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
  });
  boss.on("error", (error) => log.warn({ err: error }, "pg-boss"));
  await boss.start();
  for (const { name } of queues) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name).catch(() => undefined);
  }
  const stepWorkers: string[] = [];
  const stoppers: (() => void)[] = [];
  return {
    pgBoss: boss,
    settings,
    stepWorkers,
    wake() {
      for (const id of stepWorkers) boss.notifyWorker(id);
    },
    onStop(stopper) {
      stoppers.push(stopper);
    },
    async stop() {
      for (const stopper of stoppers.splice(0)) stopper();
      await boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
      stopped = true;
    },
  };
}
