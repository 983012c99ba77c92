// POST /articles: the article is created at once in `generating`, its job queued with every
// planned step, and its credits held, all in one transaction under a lock on the workspace's
// credits, so concurrent starts never overspend and a failure half-way leaves nothing behind.
import { randomUUID } from "node:crypto";
import type { Principal } from "../auth/principal.ts";
import { assertVisible } from "../auth/visibility.ts";
import { parseLanguage } from "../briefs/briefRules.ts";
import { findBrief } from "../briefs/briefs.ts";
import { assertSomethingToRead, type PipelineCapabilities } from "../briefs/readiness.ts";
import type { ContractFormat } from "../contractFormat.ts";
import { balance, nextUtcMidnight, spentToday } from "../credits/creditLedger.ts";
import { raiseAfterCapRefusal, raiseIfCapUsed } from "../credits/dailyCapEvents.ts";
import { hold, lockWorkspaceCredits } from "../credits/holds.ts";
import type { Database } from "../db/database.ts";
import { type Sql, withTransaction } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import type { Language } from "../languages.ts";
import { queueNewJob } from "../pipeline/jobStateMachine.ts";
import { countLongArticleJobsThisMonth, findLiveArticleJob, readPlannedSteps } from "../pipeline/jobStore.ts";
import type { PipelineQueue } from "../pipeline/pipelineQueue.ts";
import { articleStepPlan, type PlannedStep } from "../pipeline/steps/index.ts";
import { type StepEstimator, stepEstimator } from "../pipeline/stepTimings.ts";
import { voiceBrand } from "../pipeline/voice.ts";
import { planLimits } from "../workspaces/plans.ts";
import { describePrincipal } from "./principalNames.ts";
import { subjectOf } from "./subject.ts";

export interface StartArticleInput {
  briefId: string;
  supersedes?: string;
  alsoNew?: boolean;
}

export interface StartedJob {
  articleId: string;
  jobId: string;
  creditsHeld: number;
  briefId: string;
  steps: { id: string; name: string; estMs: number }[];
}

function started(articleId: string, jobId: string, credits: number, briefId: string, plan: PlannedStep[]): StartedJob {
  return {
    articleId,
    jobId,
    creditsHeld: credits,
    briefId,
    steps: plan.map(({ id, name, estMs }) => ({ id, name, estMs })),
  };
}

/**
 * The job already writing this brief, if any: starting it again returns that job. Read on the
 * transaction's connection after the workspace lock, so two starts of one brief at once see
 * each other (the second waits for the first to commit, then finds its job).
 */
async function runningJobFor(
  sql: Sql,
  briefId: string,
  siteId: string | null,
  estimate: StepEstimator,
): Promise<StartedJob | undefined> {
  // Only a job on the brief's current site: one started before the brief moved to another site
  // belongs to that site, and its ids are not this caller's to see.
  const job = await findLiveArticleJob(sql, briefId, siteId);
  if (!job?.article_id) return undefined;
  const steps = await readPlannedSteps(sql, job.id);
  const plan = steps.map((s) => ({ id: s.step_id, name: s.name, optional: s.optional, estMs: estimate(s.step_id) }));
  return started(job.article_id, job.id, job.credits_held, briefId, plan);
}

async function checkSupersedes(db: Database, principal: Principal, id: string, siteId: string | null): Promise<string> {
  const articleId = parseId(id);
  const notVisible = () => new DomainError("not_found", "supersedes names no visible article on the brief's site.");
  const article = articleId ? await db.prisma.article.findUnique({ where: { id: articleId } }) : null;
  assertVisible(principal, "article", article, notVisible);
  if (article.siteId !== siteId) throw notVisible();
  if (article.status === "archived") throw new DomainError("article_archived", "The article to supersede is archived.");
  return article.id;
}

/**
 * Another article of the site (or of no site) on the brief's subject; see subject.ts. Read under
 * the workspace lock like runningJobFor, so concurrent starts on one subject cannot both pass.
 */
async function existingOnSubject(
  sql: Sql,
  principal: Principal,
  siteId: string | null,
  subject: string,
  except: string | undefined,
): Promise<string | undefined> {
  if (subject === "") return undefined;
  const { rows } = await sql.query<{ id: string }>(
    `SELECT id FROM article
      WHERE workspace_id = $1 AND site_id IS NOT DISTINCT FROM $2::uuid AND subject = $3
        AND primary_article_id IS NULL AND status <> 'archived' AND ($4::uuid IS NULL OR id <> $4::uuid)
      ORDER BY created_at LIMIT 1`,
    [principal.workspaceId, siteId, subject, except ?? null],
  );
  return rows[0]?.id;
}

/** The article's brandName: the brief's voice, else the site's name, else the workspace's. */
async function voiceName(
  db: Database,
  principal: Principal,
  brief: { brandId: string | null; siteId: string | null },
): Promise<string> {
  const brand = await voiceBrand(db, brief);
  if (brand) return brand.name;
  const site = brief.siteId ? await db.prisma.site.findUnique({ where: { id: brief.siteId } }) : null;
  if (site) return site.siteName;
  const workspace = await db.prisma.workspace.findUniqueOrThrow({ where: { id: principal.workspaceId } });
  return workspace.name;
}

/** Takes the credits under the workspace lock, or refuses with the spec's code. */
export async function holdCredits(sql: Sql, principal: Principal, credits: number, long: boolean, note: string): Promise<string> {
  await lockWorkspaceCredits(sql, principal.workspaceId);
  const { rows } = await sql.query<{ plan: string; status: string; trial_ends_at: Date | null }>(
    `SELECT plan, status, trial_ends_at FROM workspace WHERE id = $1`,
    [principal.workspaceId],
  );
  const workspace = rows[0];
  if (!workspace) throw new DomainError("not_found", "No such workspace.");
  if (workspace.status === "paused")
    throw new DomainError("workspace_paused", "The workspace is paused; no article can be started.");
  if (workspace.trial_ends_at && workspace.trial_ends_at.getTime() <= Date.now()) {
    throw new DomainError("insufficient_credits", "The trial has ended; add credits to write articles.");
  }
  if ((await balance(sql, principal.workspaceId)) < credits) {
    throw new DomainError(
      "insufficient_credits",
      `Writing this brief needs ${credits} credit${credits === 1 ? "" : "s"}, more than are left.`,
    );
  }
  const credential = principal.kind === "person" ? undefined : principal;
  if (credential?.dailyCap !== undefined) {
    const spent = await spentToday(sql, credential.credentialId);
    if (spent + credits > credential.dailyCap) {
      const resetsAt = nextUtcMidnight();
      throw new DomainError(
        "budget_exhausted",
        `This ${credential.kind === "key" ? "key" : "agent"} has used its daily cap of ${credential.dailyCap} credits.`,
        {
          resetsAt: resetsAt.toISOString(),
          askAHuman: "Ask a person in the workspace to raise this credential's daily cap or to start the article themselves.",
          retryAfter: Math.max(1, Math.ceil((resetsAt.getTime() - Date.now()) / 1000)),
        },
      );
    }
  }
  if (long) {
    const limit = planLimits(workspace.plan).longArticlesPerMonth;
    if ((await countLongArticleJobsThisMonth(sql, principal.workspaceId)) >= limit) {
      throw new DomainError("plan_limit", `The plan allows ${limit} long articles a month, and they are written.`);
    }
  }
  return hold(sql, { workspaceId: principal.workspaceId, credentialId: credential?.credentialId ?? null }, credits, note);
}

export async function startArticle(
  db: Database,
  queue: PipelineQueue,
  contract: ContractFormat,
  capabilities: PipelineCapabilities,
  principal: Principal,
  input: StartArticleInput,
): Promise<StartedJob> {
  const brief = await findBrief(db, principal, input.briefId);
  await assertSomethingToRead(db, brief, capabilities);
  const { primary, versions } = parseLanguage(brief.language);
  const supersedesId =
    input.supersedes !== undefined ? await checkSupersedes(db, principal, input.supersedes, brief.siteId) : undefined;
  if (brief.siteId) {
    const site = await db.prisma.site.findUnique({ where: { id: brief.siteId } });
    if (!site || site.deletedAt) throw new DomainError("not_found", "The brief's site was removed.");
    if (site.status !== "ready") {
      throw new DomainError(
        "site_not_ready",
        `The site is ${site.status === "reading" ? "being read" : site.status === "failed" ? "not readable (its last read failed)" : "paused"}.`,
      );
    }
  }
  const subject = subjectOf(brief.topic);
  const estimate = await stepEstimator(db, capabilities);
  const plan = articleStepPlan({ seo: brief.seo, illustration: brief.illustration, versions: versions as Language[] }, estimate);
  const credits = (brief.length === "long" ? 2 : 1) + versions.length;
  const names = describePrincipal(principal);
  const brandName = await voiceName(db, principal, brief);
  const articleId = randomUUID();
  const jobId = randomUUID();

  const result = await withTransaction(db, async (sql): Promise<StartedJob> => {
    // The running job and the article on the subject are checked under the workspace lock that
    // holdCredits takes, so concurrent starts see each other's jobs and articles.
    await lockWorkspaceCredits(sql, principal.workspaceId);
    const running = await runningJobFor(sql, brief.id, brief.siteId, estimate);
    if (running) return running;
    if (principal.kind !== "person" && input.alsoNew !== true) {
      const existing = await existingOnSubject(sql, principal, brief.siteId, subject, supersedesId);
      if (existing) {
        throw new DomainError(
          "article_exists",
          "The site already has an article on this subject; send alsoNew: true to write another.",
          { articleId: contract.articleId(existing) },
        );
      }
    }
    const holdId = await holdCredits(sql, principal, credits, brief.length === "long", `article job ${jobId}`);
    await sql.query(
      `INSERT INTO article (id, workspace_id, site_id, brief_id, supersedes_id, credential_id, person_id, status, origin,
                            language, subject, title, brand_name, by_line, agent_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'generating', $8, $9, $10, $11, $12, $13, $14)`,
      [
        articleId,
        principal.workspaceId,
        brief.siteId,
        brief.id,
        supersedesId ?? null,
        principal.kind === "person" ? null : principal.credentialId,
        principal.personId,
        principal.kind === "person" ? "manual" : "agent",
        primary,
        subject,
        brief.topic.trim() || "Untitled",
        brandName,
        names.by,
        names.agentName ?? null,
      ],
    );
    await queueNewJob(sql, queue, {
      id: jobId,
      workspaceId: principal.workspaceId,
      siteId: brief.siteId,
      articleId,
      briefId: brief.id,
      credentialId: principal.kind === "person" ? null : principal.credentialId,
      personId: principal.personId,
      creditsHeld: credits,
      state: { holdId, versions: versions as Language[], long: brief.length === "long", brief },
      plan,
    });
    await raiseIfCapUsed(sql, contract, principal);
    return started(articleId, jobId, credits, brief.id, plan);
  }).catch(async (error) => {
    await raiseAfterCapRefusal(db, contract, principal, error);
    throw error;
  });
  queue.wake();
  return result;
}
