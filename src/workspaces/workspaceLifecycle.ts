// A workspace's plan, trial and status: deleted workspaces answer 410 until restoreUntil.
import type { WorkspaceStatus } from "../../prisma/generated/client/enums.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { PLANS } from "./plans.ts";

/** How long a deleted workspace can be restored, unless the operator says otherwise. */
export const RESTORE_DAYS = 30;

export interface WorkspaceChange {
  plan?: string;
  /** ISO 8601, or "none" to end the trial limit. */
  trialEndsAt?: string;
  status?: string;
}

export async function updateWorkspace(db: Database, workspaceId: string, change: WorkspaceChange) {
  const data: { plan?: string; trialEndsAt?: Date | null; status?: WorkspaceStatus } = {};
  if (change.plan !== undefined) {
    if (!Object.hasOwn(PLANS, change.plan))
      throw new DomainError("validation", `plan must be one of ${Object.keys(PLANS).join(", ")}.`);
    data.plan = change.plan;
  }
  if (change.trialEndsAt !== undefined) {
    const when = change.trialEndsAt === "none" ? null : new Date(change.trialEndsAt);
    if (when && Number.isNaN(when.getTime())) throw new DomainError("validation", "trial end must be an ISO 8601 date or none.");
    data.trialEndsAt = when;
  }
  if (change.status !== undefined) {
    if (change.status !== "active" && change.status !== "paused") {
      throw new DomainError("validation", "status must be active or paused (use `workspace delete` to delete).");
    }
    data.status = change.status;
  }
  const workspace = await db.prisma.workspace.update({ where: { id: workspaceId }, data }).catch(() => {
    throw new DomainError("not_found", "No such workspace.");
  });
  return {
    workspaceId: workspace.id,
    plan: workspace.plan,
    status: workspace.status,
    trialEndsAt: workspace.trialEndsAt?.toISOString(),
  };
}

export async function deleteWorkspace(db: Database, workspaceId: string, restoreDays = RESTORE_DAYS) {
  const now = new Date();
  const workspace = await db.prisma.workspace
    .update({
      where: { id: workspaceId },
      data: { status: "deleted", deletedAt: now, restoreUntil: new Date(now.getTime() + restoreDays * 86_400_000) },
    })
    .catch(() => {
      throw new DomainError("not_found", "No such workspace.");
    });
  return {
    workspaceId: workspace.id,
    status: workspace.status,
    deletedAt: workspace.deletedAt?.toISOString(),
    restoreUntil: workspace.restoreUntil?.toISOString(),
  };
}
