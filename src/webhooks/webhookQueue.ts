// What the delivery cycle needs from a queue, owned here so that the domain never imports jobs/:
// jobs/webhookDelivery.ts implements it on pg-boss.
import type { Sql } from "../db/transaction.ts";

/** One claimed attempt: the delivery and which attempt of it this is (1-based). */
export interface ClaimedAttempt {
  deliveryId: string;
  attempt: number;
}

export interface WebhookQueue {
  /** Queues the attempts inside the cycle's transaction: they run if and only if the claim commits. */
  queueAttempts(sql: Sql, attempts: readonly ClaimedAttempt[]): Promise<void>;
}
