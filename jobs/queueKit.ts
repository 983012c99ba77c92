// One shape for every queue: `defineQueue({ name, payload, options, work, handler })` in
// jobs/<queue>.ts. The payload is checked against its schema when sent (a bad one throws, rolling
// the caller's transaction back) and when run (a bad one is logged and dropped); every log line of
// a run carries the queue, the pg-boss job id and the attempt (src/log.ts's logContext).
import type PgBoss from "pg-boss";
import type { z } from "zod";
import type { Sql } from "../src/db/transaction.ts";
import { log, logContext } from "../src/log.ts";
import type { Boss, QueueSettings } from "./boss.ts";

/** Which run of which message: pg-boss's job id and the attempt, 1 for the first run. */
export interface QueueRun {
  queue: string;
  id: string;
  attempt: number;
}

export interface QueueDefinition<Payload, Context> {
  name: string;
  payload: z.ZodType<Payload>;
  /** pg-boss's options for each message sent (retries, expiry), from the queue settings. */
  options?: (settings: QueueSettings) => Omit<PgBoss.SendOptions, "db">;
  /** How the workers of this queue poll; one message is run at a time per worker. */
  work?: PgBoss.JobPollingOptions;
  /** Runs one message; `context` is what the process that starts the workers hands them. */
  handler(payload: Payload, context: Context, run: QueueRun): Promise<void>;
}

export function defineQueue<Schema extends z.ZodType, Context>(definition: {
  name: string;
  payload: Schema;
  options?: (settings: QueueSettings) => Omit<PgBoss.SendOptions, "db">;
  work?: PgBoss.JobPollingOptions;
  handler(payload: z.output<Schema>, context: Context, run: QueueRun): Promise<void>;
}): QueueDefinition<z.output<Schema>, Context> {
  return definition as QueueDefinition<z.output<Schema>, Context>;
}

/**
 * Sends one message inside the caller's transaction: it is queued if and only if the transaction
 * commits. Answers pg-boss's job id, or null when pg-boss did not queue it (e.g. no such queue).
 */
export async function sendInTransaction<Payload>(
  sql: Sql,
  boss: Boss,
  // biome-ignore lint/suspicious/noExplicitAny: sending does not depend on the workers' context
  queue: QueueDefinition<Payload, any>,
  payload: Payload,
  options: Omit<PgBoss.SendOptions, "db"> = {},
): Promise<string | null> {
  const data = queue.payload.parse(payload) as object;
  return boss.pgBoss.send(queue.name, data, {
    ...queue.options?.(boss.settings),
    ...options,
    db: { executeSql: (text: string, values: unknown[]) => sql.query(text, values) },
  });
}

/** Starts one worker of `queue` on this process; answers its pg-boss worker id. */
export function startQueueWorker<Payload, Context>(
  boss: Boss,
  queue: QueueDefinition<Payload, Context>,
  context: Context,
): Promise<string> {
  return boss.pgBoss.work<Payload>(queue.name, { ...queue.work, batchSize: 1, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    const run: QueueRun = { queue: queue.name, id: job.id, attempt: job.retryCount + 1 };
    const tags = { queue: run.queue, queueJobId: run.id, queueAttempt: run.attempt };
    await logContext.run({ ...logContext.getStore(), ...tags }, async () => {
      const parsed = queue.payload.safeParse(job.data);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues }, "a message does not match its queue's payload; dropped");
        return;
      }
      await queue.handler(parsed.data, context, run);
    });
  });
}
