// Delivering events to endpoints (spec, Webhooks; docs/webhooks.md). Every event's deliveries are
// rows written with the event (src/events/outbox.ts). A cycle claims the ones that are due, fairly
// (at most 5 in flight per workspace, at most 20 in flight in all) and queues one attempt each in
// the claim's own transaction; an attempt signs the stored body, posts it through the hardened
// address policy, and records the outcome. A claim is a lease: an attempt whose worker died is
// claimed again when its lease lapses (the attempt counted, the same event id sent again), so a
// delivery can be sent twice but never lost.
import type { Database } from "../db/database.ts";
import { withTransaction } from "../db/transaction.ts";
import type { WebhookDeliveryStatus } from "../enumerations.ts";
import { log } from "../log.ts";
import type { FetchOptions } from "../sourcing/fetch/index.ts";
import { receivingEndpointSql } from "./receiving.ts";
import { openSecret, webhookSecretKey } from "./secrets.ts";
import { postWebhook, type WebhookAnswer } from "./send.ts";
import { signDelivery } from "./signature.ts";
import type { ClaimedAttempt, WebhookQueue } from "./webhookQueue.ts";
import {
  attemptLimit,
  BATCH_PER_PROCESS,
  BATCH_PER_WORKSPACE,
  LOG_KEEP_DAYS,
  PAYLOAD_KEEP_DAYS,
  retryDelayMs,
  type WebhookSettings,
} from "./webhookSettings.ts";

export const USER_AGENT = "Service-Webhooks/1.0";

/**
 * The fetcher's address settings, which govern deliveries exactly as they govern page fetches
 * (FETCH_ALLOW_ADDRESSES, FETCH_HOST_MAP; read from the environment when left out), and its TESTS
 * ONLY certificate.
 */
export type SendOptions = Pick<FetchOptions, "allowAddresses" | "hostMap" | "testTlsCa">;

/** The options postWebhook and checkWebhookUrl take from them (a left-out setting stays out). */
export function addressOptions(options: SendOptions): SendOptions {
  return {
    ...(options.allowAddresses !== undefined ? { allowAddresses: options.allowAddresses } : {}),
    ...(options.hostMap !== undefined ? { hostMap: options.hostMap } : {}),
    ...(options.testTlsCa !== undefined ? { testTlsCa: options.testTlsCa } : {}),
  };
}

/**
 * One cycle: claims the deliveries that are due and queues an attempt of each. Cycles of several
 * processes take turns (a transaction-scoped advisory lock), so the in-flight counts they read hold.
 * Answers the attempts claimed.
 */
export async function claimDueDeliveries(
  db: Database,
  settings: WebhookSettings,
  queue: WebhookQueue,
): Promise<ClaimedAttempt[]> {
  return withTransaction(db, async (sql) => {
    const { rows: locked } = await sql.query<{ got: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtext('webhook_delivery_cycle')) AS got`,
    );
    if (!locked[0]?.got) return [];
    // An attempt whose worker died on the last allowed attempt, or a test event's one attempt:
    // given up, as a failed last attempt is. A test event is never retried.
    await sql.query(
      `UPDATE webhook_delivery
          SET status = 'failed', claimed_until = NULL, finished_at = now(),
              error = COALESCE(error || ' ', '') || '(the last attempt did not finish)'
        WHERE status = 'pending' AND (attempts >= $1 OR event_type = 'test') AND claimed_until <= now()`,
      [attemptLimit(settings)],
    );
    const { rows } = await sql.query<{ id: string; attempts: number }>(
      `WITH inflight AS (
         SELECT workspace_id, count(*)::int AS n FROM webhook_delivery
          WHERE status = 'pending' AND claimed_until > now() GROUP BY workspace_id),
       due AS (
         SELECT d.id, d.workspace_id, d.next_attempt_at,
                row_number() OVER (PARTITION BY d.workspace_id ORDER BY d.next_attempt_at, d.id) AS rank
           FROM webhook_delivery d
          WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND d.attempts < $3 AND d.event_type <> 'test'
            AND (d.claimed_until IS NULL OR d.claimed_until <= now())),
       picked AS (
         SELECT due.id FROM due LEFT JOIN inflight USING (workspace_id)
          WHERE due.rank + COALESCE(inflight.n, 0) <= $1
          ORDER BY due.rank, due.next_attempt_at
          LIMIT GREATEST(0, $2 - (SELECT COALESCE(sum(n), 0) FROM inflight)))
       UPDATE webhook_delivery d
          SET claimed_until = now() + make_interval(secs => $4), attempts = d.attempts + 1, last_attempt_at = now()
         FROM picked WHERE d.id = picked.id
       RETURNING d.id, d.attempts`,
      [BATCH_PER_WORKSPACE, BATCH_PER_PROCESS, attemptLimit(settings), settings.leaseSeconds],
    );
    const claimed = rows.map((r) => ({ deliveryId: r.id, attempt: r.attempts }));
    if (claimed.length > 0) await queue.queueAttempts(sql, claimed);
    return claimed;
  });
}

interface AttemptRow {
  status: WebhookDeliveryStatus;
  attempts: number;
  claimed: boolean;
  event_type: string;
  body: string | null;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  overlap: boolean;
  receiving: boolean;
}

/** The headers of one attempt: a new timestamp and signature each time, the body unchanged. */
export function deliveryHeaders(
  delivery: { id: string; eventType: string; body: string },
  secrets: { current: string; previous?: string | undefined },
  timestampSeconds = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Service-Event": delivery.eventType,
    "X-Service-Delivery": delivery.id.toLowerCase(),
    "X-Service-Timestamp": String(timestampSeconds),
    "X-Service-Signature": signDelivery(secrets.current, timestampSeconds, delivery.body),
    ...(secrets.previous
      ? { "X-Service-Signature-Previous": signDelivery(secrets.previous, timestampSeconds, delivery.body) }
      : {}),
  };
}

/** Text PostgreSQL can store (no NUL), at most `max` characters. */
function storable(text: string, max: number): string {
  return text.replaceAll("\u0000", "").slice(0, max);
}

interface Outcome {
  ok: boolean;
  status?: number | undefined;
  excerpt?: string | undefined;
  error?: string | undefined;
}

/**
 * Records an attempt's outcome, if the delivery is still at that attempt (a later claim's record
 * is never overwritten by an earlier one finishing late). A failure is retried on the schedule
 * unless it was the last allowed attempt (`limit`); then the delivery is given up.
 */
async function recordOutcome(
  db: Database,
  deliveryId: string,
  attempt: number,
  limit: number,
  outcome: Outcome,
  settings: WebhookSettings,
): Promise<WebhookDeliveryStatus | null> {
  const { rows } = await db.pool.query<{ status: WebhookDeliveryStatus }>(
    `UPDATE webhook_delivery
        SET status = CASE WHEN $3 THEN 'delivered' WHEN attempts >= $4 THEN 'failed' ELSE 'pending' END,
            http_status = $5, response_excerpt = $6, error = $7, claimed_until = NULL,
            next_attempt_at = CASE WHEN NOT $3 AND attempts < $4 THEN now() + make_interval(secs => $8 / 1000.0)
                                   ELSE next_attempt_at END,
            finished_at = CASE WHEN $3 OR attempts >= $4 THEN now() ELSE NULL END
      WHERE id = $1 AND attempts = $2 AND status = 'pending'
      RETURNING status`,
    [
      deliveryId,
      attempt,
      outcome.ok,
      limit,
      outcome.status ?? null,
      outcome.excerpt === undefined ? null : storable(outcome.excerpt, 4_096),
      outcome.error === undefined ? null : storable(outcome.error, 500),
      retryDelayMs(settings, attempt),
    ],
  );
  return rows[0]?.status ?? null;
}

/**
 * Makes attempt `attempt` of a delivery (the cycle claimed it): checks the endpoint may still
 * receive, signs, posts and records. An attempt that is no longer current (superseded by a later
 * claim, or the delivery finished) does nothing.
 */
export async function attemptDelivery(
  db: Database,
  deliveryId: string,
  attempt: number,
  settings: WebhookSettings,
  options: SendOptions & { limit?: number } = {},
): Promise<{ status: WebhookDeliveryStatus | null; answer?: WebhookAnswer }> {
  const limit = options.limit ?? attemptLimit(settings);
  const { rows } = await db.pool.query<AttemptRow>(
    `SELECT d.status, d.attempts, d.claimed_until > now() AS claimed, d.event_type, o.body,
            e.url, e.secret_sealed, e.previous_secret_sealed,
            COALESCE(e.previous_secret_until > now(), false) AS overlap,
            ${receivingEndpointSql("e")} AS receiving
       FROM webhook_delivery d
       JOIN webhook_endpoint e ON e.id = d.endpoint_id
       JOIN outbox_event o ON o.id = d.event_id
      WHERE d.id = $1`,
    [deliveryId],
  );
  const row = rows[0];
  if (row?.status !== "pending" || row.attempts !== attempt) return { status: null };
  if (!row.receiving) {
    const error = "the endpoint's creator is no longer the Owner or an Editor of its site, so it receives nothing";
    return { status: await recordOutcome(db, deliveryId, attempt, attempt, { ok: false, error }, settings) };
  }
  if (row.body === null) {
    const error = `the event's payload was blanked after ${PAYLOAD_KEEP_DAYS} days`;
    return { status: await recordOutcome(db, deliveryId, attempt, attempt, { ok: false, error }, settings) };
  }
  const key = webhookSecretKey();
  const headers = deliveryHeaders(
    { id: deliveryId, eventType: row.event_type, body: row.body },
    {
      current: openSecret(row.secret_sealed, key),
      previous: row.overlap && row.previous_secret_sealed ? openSecret(row.previous_secret_sealed, key) : undefined,
    },
  );
  const answer = await postWebhook(
    { url: row.url, body: row.body, headers },
    { timeoutMs: settings.answerTimeoutMs, ...addressOptions(options) },
  );
  const status = await recordOutcome(
    db,
    deliveryId,
    attempt,
    limit,
    {
      ok: answer.ok,
      status: answer.status,
      excerpt: answer.excerpt,
      error: answer.ok ? undefined : (answer.error ?? `the receiver answered ${answer.status}`),
    },
    settings,
  );
  if (!answer.ok)
    log.info({ deliveryId, attempt, status: answer.status, rule: answer.rule, ms: answer.ms }, "webhook delivery failed");
  return { status, answer };
}

/** The scheduled clean-up: payloads blanked after 7 days, the log (and its events) kept 30. */
export async function cleanWebhookLog(db: Database): Promise<{ blanked: number; deleted: number }> {
  const blanked = await db.pool.query(
    `UPDATE outbox_event SET body = NULL, data = '{}'::jsonb
      WHERE created_at < now() - make_interval(days => $1) AND (body IS NOT NULL OR data <> '{}'::jsonb)`,
    [PAYLOAD_KEEP_DAYS],
  );
  const deleted = await db.pool.query(`DELETE FROM webhook_delivery WHERE created_at < now() - make_interval(days => $1)`, [
    LOG_KEEP_DAYS,
  ]);
  await db.pool.query(`DELETE FROM outbox_event WHERE created_at < now() - make_interval(days => $1)`, [LOG_KEEP_DAYS]);
  return { blanked: blanked.rowCount ?? 0, deleted: deleted.rowCount ?? 0 };
}
