// agent.budget_exhausted for a credential that has used its daily cap, raised by the operations that
// spend credits (starting an article, adding languages): inside the transaction that spends, and
// after a refusal for the cap, outside the rolled-back transaction.
import type { Principal } from "../auth/principal.ts";
import type { ContractFormat } from "../contractFormat.ts";
import type { Database } from "../db/database.ts";
import { type Sql, withTransaction } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { raiseBudgetExhausted } from "../events/outbox.ts";
import { spentToday } from "./creditLedger.ts";

/** Raises the event (once a day, the outbox deduplicates) when the credential's cap is now used up. */
export async function raiseIfCapUsed(sql: Sql, contract: ContractFormat, principal: Principal): Promise<void> {
  if (principal.kind === "person" || principal.dailyCap === undefined) return;
  if ((await spentToday(sql, principal.credentialId)) >= principal.dailyCap) await raiseBudgetExhausted(sql, contract, principal);
}

/**
 * After a start refused with budget_exhausted. Only when the cap is used up: a start refused for
 * being too big for what is left is not "used its daily cap", and the once-a-day event must stay
 * for when it is.
 */
export async function raiseAfterCapRefusal(
  db: Database,
  contract: ContractFormat,
  principal: Principal,
  error: unknown,
): Promise<void> {
  if (!(error instanceof DomainError) || error.code !== "budget_exhausted") return;
  await withTransaction(db, (sql) => raiseIfCapUsed(sql, contract, principal)).catch(() => undefined);
}
