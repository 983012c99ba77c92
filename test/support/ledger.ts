// The workspace's balance as the ledger sums it, for tests that check credits were held,
// captured or released.
import type { Database } from "../../src/db/database.ts";

export async function ledgerBalance(db: Database, workspaceId: string): Promise<number> {
  const { rows } = await db.pool.query<{ sum: number }>(
    `SELECT COALESCE(SUM(amount), 0)::int AS sum FROM credit_entry WHERE workspace_id = $1`,
    [workspaceId],
  );
  return rows[0]?.sum ?? 0;
}
