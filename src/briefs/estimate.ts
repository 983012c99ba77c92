// What writing a brief would cost and which steps it would run. The balance itself is never
// shown, only whether it covers the cost (Estimate rules).
import type { Principal } from "../auth/principal.ts";
import { balance, spentToday } from "../credits/creditLedger.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { LANGUAGE_NAMES } from "../languages.ts";
import { articleStepPlan } from "../pipeline/steps/index.ts";
import { stepEstimator } from "../pipeline/stepTimings.ts";
import { parseLanguage } from "./briefRules.ts";
import { findBrief } from "./briefs.ts";
import { type BriefWarning, briefWarnings, type PipelineCapabilities } from "./readiness.ts";

export interface EstimatePart {
  label: string;
  credits: number;
  kind: "article" | "version";
}

export interface Estimate {
  credits: number;
  parts: EstimatePart[];
  steps: { id: string; name: string; estMs: number }[];
  enough: boolean;
  /** What would go wrong if the brief were written now (nothing to read, versions no model writes). */
  warnings: BriefWarning[];
}

export async function estimateBrief(
  db: Database,
  principal: Principal,
  capabilities: PipelineCapabilities,
  briefId: string,
  articleId?: string,
): Promise<Estimate> {
  const brief = await findBrief(db, principal, briefId);
  if (articleId !== undefined) {
    const id = parseId(articleId);
    const written =
      id && (await db.prisma.article.findFirst({ where: { id, briefId: brief.id, workspaceId: principal.workspaceId } }));
    if (!written) throw new DomainError("not_found", "No article written from this brief has that id.");
  }
  const { versions } = parseLanguage(brief.language);
  const articleCredits = brief.length === "long" ? 2 : 1;
  const parts: EstimatePart[] = [
    { label: brief.length === "long" ? "Article (long)" : "Article", credits: articleCredits, kind: "article" },
    ...versions.map((code) => ({ label: `${LANGUAGE_NAMES[code]} version (${code})`, credits: 1, kind: "version" as const })),
  ];
  const credits = parts.reduce((sum, p) => sum + p.credits, 0);
  const estimate = await stepEstimator(db, capabilities);
  const steps = articleStepPlan({ seo: brief.seo, illustration: brief.illustration, versions }, estimate).map(
    ({ id, name, estMs }) => ({ id, name, estMs }),
  );
  return {
    credits,
    parts,
    steps,
    enough: await canCover(db, principal, credits),
    warnings: await briefWarnings(db, brief, capabilities),
  };
}

/** False when the trial has ended, the balance is short, or a credential's daily cap would be passed. */
export async function canCover(db: Database, principal: Principal, credits: number): Promise<boolean> {
  const workspace = await db.prisma.workspace.findUniqueOrThrow({ where: { id: principal.workspaceId } });
  if (workspace.trialEndsAt && workspace.trialEndsAt.getTime() <= Date.now()) return false;
  if ((await balance(db.pool, principal.workspaceId)) < credits) return false;
  if (principal.kind !== "person" && principal.dailyCap !== undefined) {
    if ((await spentToday(db.pool, principal.credentialId)) + credits > principal.dailyCap) return false;
  }
  return true;
}
