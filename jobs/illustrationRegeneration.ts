// illustration-regeneration: each message makes one new picture of an article and swaps it in
// (src/articles/illustration/runRegeneration.ts). The domain's RegenerationQueue is implemented
// here on pg-boss, and the process that runs workers starts ILLUSTRATION_REGENERATION_CONCURRENCY
// of them.
//
// A worker that dies half-way: its message stays active until its run expires
// (ILLUSTRATION_REGENERATION_EXPIRE_SECONDS); pg-boss's maintenance then runs it again on a live
// worker, up to ILLUSTRATION_REGENERATION_TRIES runs that try, and one more that only records the
// failure. Whatever happens to pg-boss, a try unfinished at its deadline reads as failed.
import { z } from "zod";
import type { RegenerationQueue, RegenerationSettings } from "../src/articles/illustration/regenerationQueue.ts";
import { runRegeneration } from "../src/articles/illustration/runRegeneration.ts";
import type { Database } from "../src/db/database.ts";
import { log } from "../src/log.ts";
import type { Illustrator } from "../src/writing/illustration/illustrator.ts";
import type { Boss } from "./boss.ts";
import { defineQueue, sendInTransaction, startQueueWorker } from "./queueKit.ts";

export interface RegenerationWorkerContext {
  db: Database;
  illustrator: Illustrator;
  settings: RegenerationSettings;
}

export const illustrationRegenerationQueue = defineQueue({
  name: "illustration-regeneration",
  payload: z.object({ regenerationId: z.string().uuid() }),
  work: { pollingIntervalSeconds: 1 },
  async handler(message, { db, illustrator, settings }: RegenerationWorkerContext, run) {
    await runRegeneration(db, illustrator, message.regenerationId, { attempt: run.attempt, tries: settings.tries });
  },
});

export const ILLUSTRATION_QUEUES = [illustrationRegenerationQueue] as const;

/** The queue on pg-boss, with the ids of this process's workers of it (none in an API process). */
export interface BossRegenerationQueue extends RegenerationQueue {
  workerIds: string[];
}

export function regenerationQueueOn(boss: Boss, settings: RegenerationSettings): BossRegenerationQueue {
  const workerIds: string[] = [];
  return {
    workerIds,
    settings,
    async queueRegeneration(sql, message) {
      const id = await sendInTransaction(sql, boss, illustrationRegenerationQueue, message, {
        // The run after the last try only records the failure (runRegeneration).
        retryLimit: settings.tries,
        retryDelay: 1,
        expireInSeconds: settings.runExpireSeconds,
      });
      if (!id) throw new Error(`pg-boss did not queue regeneration ${message.regenerationId}`);
    },
    wake() {
      for (const id of workerIds) boss.pgBoss.notifyWorker(id);
    },
  };
}

/** Starts this process's regeneration workers; `queue` is the one regenerationQueueOn made. */
export async function startRegenerationWorkers(
  db: Database,
  boss: Boss,
  queue: BossRegenerationQueue,
  illustrator: Illustrator,
): Promise<void> {
  const context: RegenerationWorkerContext = { db, illustrator, settings: queue.settings };
  for (let i = 0; i < queue.settings.concurrency; i++) {
    queue.workerIds.push(await startQueueWorker(boss, illustrationRegenerationQueue, context));
  }
  log.info(
    { concurrency: queue.settings.concurrency, runExpireSeconds: queue.settings.runExpireSeconds },
    "illustration regeneration workers started",
  );
}
