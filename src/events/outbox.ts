// Webhook events, written as rows in the transaction of the change that raises them, with their
// envelope (src/webhooks/envelope.ts) built once and a delivery row for every endpoint that ticked
// the event and may receive it (src/webhooks/deliveries.ts sends them). Ids in `data`, and the
// article an event embeds, are written as the contract writes them, through the ContractFormat
// the caller is handed (src/contractFormat.ts).
import type { ArticleView } from "../articles/articleView.ts";
import type { CredentialPrincipal } from "../auth/principal.ts";
import type { ContractFormat } from "../contractFormat.ts";
import { nextUtcMidnight, startOfUtcDay } from "../credits/creditLedger.ts";
import type { Tx } from "../db/database.ts";
import type { Sql } from "../db/transaction.ts";
import type { WebhookEventType } from "../enumerations.ts";
import { newEvent } from "../webhooks/envelope.ts";
import { receivingEndpointSql } from "../webhooks/receiving.ts";
import { JOB_EVENTS_CHANNEL } from "./jobEvents.ts";

/**
 * Announced (NOTIFY, on the job event channel, so the process's one listener hears it) with every
 * event: a worker process starts a delivery cycle at once instead of at its next tick.
 */
export const DELIVERIES_DUE = "webhook-deliveries";

/** A transaction of ours (pg) or Prisma's: events commit with the change either way. */
export type EventSql = Sql | Tx;

export interface RaisedEvent {
  workspaceId: string;
  siteId: string | null;
  type: WebhookEventType;
  data: object;
  /** Deduplicates events raised at most once (agent.budget_exhausted per credential and day). */
  onceKey?: string;
}

async function execute(sql: EventSql, text: string, values: unknown[]): Promise<void> {
  if ("$executeRawUnsafe" in sql) await sql.$executeRawUnsafe(text, ...values);
  else await sql.query(text, values);
}

/** Writes the event and its deliveries; an event whose onceKey was already raised is dropped with its deliveries. */
export async function raiseEvent(sql: EventSql, event: RaisedEvent): Promise<void> {
  const {
    uuid: id,
    createdAt,
    body,
  } = newEvent({
    type: event.type,
    workspaceId: event.workspaceId,
    siteId: event.siteId,
    data: event.data,
  });
  await execute(
    sql,
    `WITH event AS (
       INSERT INTO outbox_event (id, workspace_id, site_id, type, data, once_key, body, created_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::jsonb, $6, $7, $8)
       ON CONFLICT (once_key) DO NOTHING
       RETURNING id, workspace_id, site_id, type)
     INSERT INTO webhook_delivery (id, endpoint_id, event_id, workspace_id, event_type, status, next_attempt_at)
     SELECT gen_random_uuid(), e.id, event.id, event.workspace_id, event.type, 'pending', now()
       FROM event JOIN webhook_endpoint e ON e.workspace_id = event.workspace_id
      WHERE event.type = ANY(e.events)
        AND (e.site_id IS NULL OR e.site_id = event.site_id)
        AND ${receivingEndpointSql("e")}`,
    [id, event.workspaceId, event.siteId, event.type, JSON.stringify(event.data), event.onceKey ?? null, body, createdAt],
  );
  // Heard when the transaction commits, and not at all if it rolls back.
  await execute(sql, `SELECT pg_notify($1, $2)`, [JOB_EVENTS_CHANNEL, DELIVERIES_DUE]);
}

/** agent.budget_exhausted: at most once per credential per UTC day. */
export async function raiseBudgetExhausted(
  sql: EventSql,
  contract: ContractFormat,
  credential: CredentialPrincipal,
): Promise<void> {
  const day = startOfUtcDay().toISOString().slice(0, 10);
  await raiseEvent(sql, {
    workspaceId: credential.workspaceId,
    siteId: credential.siteId ?? null,
    type: "agent.budget_exhausted",
    onceKey: `agent.budget_exhausted:${credential.credentialId}:${day}`,
    data: {
      keyId: contract.keyId(credential.credentialId),
      name: credential.name,
      kind: credential.kind,
      cap: credential.dailyCap ?? 0,
      resetsAt: nextUtcMidnight().toISOString(),
    },
  });
}

interface JobRef {
  id: string;
  workspaceId: string;
  siteId: string | null;
  articleId: string | null;
}

/** The job's and its article's ids as job.done and job.failed carry them. */
function jobData(contract: ContractFormat, job: JobRef) {
  return { jobId: contract.jobWebhookId(job.id), articleId: job.articleId ? contract.jobWebhookId(job.articleId) : null };
}

export async function raiseJobDone(sql: EventSql, contract: ContractFormat, job: JobRef, credits: number): Promise<void> {
  await raiseEvent(sql, {
    workspaceId: job.workspaceId,
    siteId: job.siteId,
    type: "job.done",
    data: { ...jobData(contract, job), credits },
  });
}

export async function raiseJobFailed(
  sql: EventSql,
  contract: ContractFormat,
  job: JobRef,
  failure: string,
  refunded: number,
): Promise<void> {
  await raiseEvent(sql, {
    workspaceId: job.workspaceId,
    siteId: job.siteId,
    type: "job.failed",
    data: { ...jobData(contract, job), failure, refunded },
  });
}

/** The spec's `failure`: the first sentence of the last failure, lower-cased. */
export function failureSentence(message: string): string {
  const first = /^(.+?[.!?])(\s|$)/su.exec(message.trim())?.[1] ?? message.trim();
  return first.toLowerCase();
}

/** article.approved: the article as a key reads it (no comments), the version and who approved it. */
export async function raiseArticleApproved(
  sql: EventSql,
  contract: ContractFormat,
  article: { workspaceId: string; siteId: string | null },
  view: ArticleView,
  version: number,
  approvedBy: string,
): Promise<void> {
  await raiseEvent(sql, {
    workspaceId: article.workspaceId,
    siteId: article.siteId,
    type: "article.approved",
    data: { article: { ...contract.articleForEvent(view), comments: undefined }, version, approvedBy },
  });
}

/** article.exported: the article as exported (no comments), its version and the target. */
export async function raiseArticleExported(
  sql: EventSql,
  contract: ContractFormat,
  article: { workspaceId: string; siteId: string | null },
  view: ArticleView,
  version: number,
  target: string,
): Promise<void> {
  await raiseEvent(sql, {
    workspaceId: article.workspaceId,
    siteId: article.siteId,
    type: "article.exported",
    data: { article: { ...contract.articleForEvent(view), comments: undefined }, version, target },
  });
}
