// Webhook events, written as rows in the transaction of the change that raises them. Delivery
// to endpoints (a later part) reads these rows; here they only have to be right. Ids in `data`
// are lower-case, as the spec's webhook table says.
import { randomUUID } from "node:crypto";
import type { CredentialPrincipal } from "../auth/principal.ts";
import { nextUtcMidnight, startOfUtcDay } from "../credits/creditLedger.ts";
import type { Sql } from "../db/transaction.ts";
import { lowerId } from "../ids.ts";

async function raise(
  sql: Sql,
  event: { workspaceId: string; siteId: string | null; type: string; data: object; onceKey?: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO outbox_event (id, workspace_id, site_id, type, data, once_key)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (once_key) DO NOTHING`,
    [randomUUID(), event.workspaceId, event.siteId, event.type, JSON.stringify(event.data), event.onceKey ?? null],
  );
}

/** agent.budget_exhausted: at most once per credential per UTC day. */
export async function raiseBudgetExhausted(sql: Sql, credential: CredentialPrincipal): Promise<void> {
  const day = startOfUtcDay().toISOString().slice(0, 10);
  await raise(sql, {
    workspaceId: credential.workspaceId,
    siteId: credential.siteId ?? null,
    type: "agent.budget_exhausted",
    onceKey: `agent.budget_exhausted:${credential.credentialId}:${day}`,
    data: {
      keyId: lowerId(credential.credentialId),
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

export async function raiseJobDone(sql: Sql, job: JobRef, credits: number): Promise<void> {
  await raise(sql, {
    workspaceId: job.workspaceId,
    siteId: job.siteId,
    type: "job.done",
    data: { jobId: lowerId(job.id), articleId: job.articleId ? lowerId(job.articleId) : null, credits },
  });
}

export async function raiseJobFailed(sql: Sql, job: JobRef, failure: string, refunded: number): Promise<void> {
  await raise(sql, {
    workspaceId: job.workspaceId,
    siteId: job.siteId,
    type: "job.failed",
    data: { jobId: lowerId(job.id), articleId: job.articleId ? lowerId(job.articleId) : null, failure, refunded },
  });
}

/** The spec's `failure`: the first sentence of the last failure, lower-cased. */
export function failureSentence(message: string): string {
  const first = /^(.+?[.!?])(\s|$)/su.exec(message.trim())?.[1] ?? message.trim();
  return first.toLowerCase();
}

/** article.approved: the article as a key reads it (no comments), the version and who approved it. */
export function articleApprovedEvent(
  article: { workspaceId: string; siteId: string | null },
  view: object,
  version: number,
  approvedBy: string,
) {
  return {
    id: randomUUID(),
    workspaceId: article.workspaceId,
    siteId: article.siteId,
    type: "article.approved",
    data: { article: { ...view, comments: undefined }, version, approvedBy },
  };
}
