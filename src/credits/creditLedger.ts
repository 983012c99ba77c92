// The credit ledger. A balance is the sum of the workspace's entries, never a counter kept on the
// side; a credential's spend today is what it held minus what was released since 00:00 UTC.
import type pg from "pg";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";

/** What runs a query: the pool, or the connection of a transaction (holds read under its lock). */
export interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export async function balance(db: Queryable, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ sum: number }>(
    `SELECT COALESCE(SUM(amount), 0)::int AS sum FROM credit_entry WHERE workspace_id = $1`,
    [workspaceId],
  );
  return rows[0]?.sum ?? 0;
}

export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function nextUtcMidnight(now = new Date()): Date {
  return new Date(startOfUtcDay(now).getTime() + 86_400_000);
}

/** Credits a credential has held minus those released since a moment. */
export async function spentSince(db: Queryable, credentialId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ spent: number }>(
    `SELECT COALESCE(SUM(CASE kind WHEN 'hold' THEN -amount WHEN 'release' THEN -amount ELSE 0 END), 0)::int AS spent
       FROM credit_entry WHERE credential_id = $1 AND created_at >= $2`,
    [credentialId, since],
  );
  return rows[0]?.spent ?? 0;
}

/** Credits a credential has held minus those released since 00:00 UTC: what its daily cap counts. */
export function spentToday(db: Queryable, credentialId: string): Promise<number> {
  return spentSince(db, credentialId, startOfUtcDay());
}

export async function grantCredits(db: Database, workspaceId: string, amount: number, note = "granted"): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0 || amount > 1_000_000) {
    throw new DomainError("validation", "amount must be a whole number from 1 to 1,000,000.");
  }
  const workspace = await db.prisma.workspace.findUnique({ where: { id: workspaceId } });
  if (!workspace) throw new DomainError("not_found", "No such workspace.");
  await db.prisma.creditEntry.create({ data: { workspaceId, kind: "grant", amount, note } });
  return balance(db.pool, workspaceId);
}
