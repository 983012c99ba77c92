// webhook-delivery: each message is one attempt of one delivery (src/webhooks/deliveries.ts). The
// attempts are queued by the delivery cycle, which every worker process runs every WEBHOOK_CYCLE_MS,
// at once when an event is raised (its NOTIFY), and again as soon as an attempt of its own
// finishes (so a fast receiver is not held to one batch per cycle). A message carries no retry of its own: an attempt whose worker died is
// claimed again by a cycle when its lease lapses, and sent with the same event id.
import { z } from "zod";
import type { Database } from "../src/db/database.ts";
import type { JobEventHub } from "../src/events/jobEvents.ts";
import { DELIVERIES_DUE } from "../src/events/outbox.ts";
import { log } from "../src/log.ts";
import { attemptDelivery, claimDueDeliveries, cleanWebhookLog, type SendOptions } from "../src/webhooks/deliveries.ts";
import type { WebhookQueue } from "../src/webhooks/webhookQueue.ts";
import { BATCH_PER_PROCESS, type WebhookSettings } from "../src/webhooks/webhookSettings.ts";
import type { Boss } from "./boss.ts";
import { defineQueue, sendInTransaction, startQueueWorker } from "./queueKit.ts";

export interface WebhookWorkerContext {
  db: Database;
  settings: WebhookSettings;
  /** Read at every attempt: the fetcher's address settings of this process (services.fetch). */
  sendOptions: () => SendOptions;
  /** Asks for another cycle now: an attempt finished, so there is room in flight. */
  kick: () => void;
  /** This worker's place among the process's workers, and whether each is running an attempt now. */
  index: number;
  busy: Set<number>;
}

export const webhookDeliveryQueue = defineQueue({
  name: "webhook-delivery",
  payload: z.object({ deliveryId: z.string().uuid(), attempt: z.number().int().min(1) }),
  // Woken by this process's cycle when it queues; the poll only picks up another process's attempts.
  work: { pollingIntervalSeconds: 5 },
  async handler(message, context: WebhookWorkerContext) {
    context.busy.add(context.index);
    try {
      await attemptDelivery(context.db, message.deliveryId, message.attempt, context.settings, context.sendOptions());
    } finally {
      context.busy.delete(context.index);
      context.kick();
    }
  },
});

export const WEBHOOK_QUEUES = [webhookDeliveryQueue] as const;

export function webhookQueueOn(boss: Boss, settings: WebhookSettings): WebhookQueue {
  return {
    async queueAttempts(sql, attempts) {
      for (const attempt of attempts) {
        const id = await sendInTransaction(sql, boss, webhookDeliveryQueue, attempt, {
          retryLimit: 0,
          expireInSeconds: settings.leaseSeconds,
        });
        if (!id) throw new Error(`pg-boss did not queue delivery ${attempt.deliveryId}`);
      }
    },
  };
}

/** How often the delivery log is cleaned (payloads blanked, old rows deleted). */
const CLEAN_EVERY_MS = 60 * 60 * 1000;

/**
 * Starts this process's delivery workers (one per delivery that may be in flight) and its cycle
 * and clean-up timers, stopped with the boss.
 */
export async function startWebhookWorkers(
  db: Database,
  boss: Boss,
  settings: WebhookSettings,
  sendOptions: () => SendOptions,
  events: JobEventHub,
): Promise<void> {
  const workerIds: string[] = [];
  const busy = new Set<number>();
  /**
   * Wakes one idle worker per attempt queued: it fetches at once. Waking a busy one would not help
   * (it fetches when its attempt ends), and waking them all costs an empty fetch each.
   */
  const wake = (count: number) => {
    let woken = 0;
    for (const [index, id] of workerIds.entries()) {
      if (woken >= count) break;
      if (busy.has(index)) continue;
      boss.pgBoss.notifyWorker(id);
      woken++;
    }
  };
  let running = false;
  let again = false;
  let stopped = false;
  const queue = webhookQueueOn(boss, settings);
  const cycle = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const claimed = await claimDueDeliveries(db, settings, queue);
        if (claimed.length > 0) wake(claimed.length);
      } while (again && !stopped);
    } catch (error) {
      log.warn({ err: error }, "the webhook delivery cycle failed; the next one tries again");
    } finally {
      running = false;
    }
  };
  for (let index = 0; index < BATCH_PER_PROCESS; index++) {
    const context: WebhookWorkerContext = { db, settings, sendOptions, kick: () => void cycle(), index, busy };
    workerIds.push(await startQueueWorker(boss, webhookDeliveryQueue, context));
  }
  const cycleTimer = setInterval(() => void cycle(), settings.cycleMs);
  // The timer stays the fallback: a notice missed while the listener reconnects waits one tick.
  const unfollow = await events
    .follow(DELIVERIES_DUE, () => void cycle())
    .catch((error: unknown) => {
      log.warn({ err: error }, "could not listen for raised webhook events; deliveries wait for the cycle");
      return () => undefined;
    });
  const clean = () =>
    cleanWebhookLog(db).then(
      (counts) => (counts.blanked || counts.deleted ? log.info(counts, "webhook delivery log cleaned") : undefined),
      (error: unknown) => log.warn({ err: error }, "could not clean the webhook delivery log"),
    );
  const cleanTimer = setInterval(() => void clean(), CLEAN_EVERY_MS);
  void clean();
  boss.onStop(() => {
    stopped = true;
    clearInterval(cycleTimer);
    clearInterval(cleanTimer);
    unfollow();
  });
  log.info(
    { workers: BATCH_PER_PROCESS, cycleMs: settings.cycleMs, leaseSeconds: settings.leaseSeconds },
    "webhook delivery workers started",
  );
}
