// Holds, captures and releases: how a job pays. Starting a job holds its credits (the balance
// drops at once); when the job ends the hold is captured for what was delivered and the rest is
// released. Every entry names the hold it belongs to, so a hold's open amount is a sum too.
import { randomUUID } from "node:crypto";
import type { Sql } from "../db/transaction.ts";

export interface HoldOwner {
  workspaceId: string;
  credentialId: string | null;
}

/** Locks the workspace row so concurrent holds in it are taken one after another. */
export async function lockWorkspaceCredits(sql: Sql, workspaceId: string): Promise<void> {
  await sql.query(`SELECT id FROM workspace WHERE id = $1 FOR UPDATE`, [workspaceId]);
}

export async function hold(sql: Sql, owner: HoldOwner, amount: number, note: string): Promise<string> {
  const holdId = randomUUID();
  await sql.query(
    `INSERT INTO credit_entry (id, workspace_id, credential_id, hold_id, kind, amount, note)
     VALUES ($1, $2, $3, $1, 'hold', $4, $5)`,
    [holdId, owner.workspaceId, owner.credentialId, -amount, note],
  );
  return holdId;
}

/** Gives back part of a hold. */
export async function release(sql: Sql, owner: HoldOwner, holdId: string, amount: number, note: string): Promise<void> {
  if (amount <= 0) return;
  await sql.query(
    `INSERT INTO credit_entry (id, workspace_id, credential_id, hold_id, kind, amount, note)
     VALUES ($1, $2, $3, $4, 'release', $5, $6)`,
    [randomUUID(), owner.workspaceId, owner.credentialId, holdId, amount, note],
  );
}

/**
 * Marks part of a hold as spent. The balance already dropped when it was held, so the entry's
 * amount is 0 and its note carries the captured figure.
 */
export async function capture(sql: Sql, owner: HoldOwner, holdId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await sql.query(
    `INSERT INTO credit_entry (id, workspace_id, credential_id, hold_id, kind, amount, note)
     VALUES ($1, $2, $3, $4, 'capture', 0, $5)`,
    [randomUUID(), owner.workspaceId, owner.credentialId, holdId, String(amount)],
  );
}
