// POST /articles/{id}/languages: language versions added to an article written from a brief. The
// job is an article job (the kind a key sees) whose state says it is adding languages: its steps
// are `sources` (the article's pages read again), then `write-`, `seo-` (when the brief asked
// for SEO fields) and `qa-` per language, in the order asked. One credit per language is held
// under the workspace's credit lock, in the transaction that locks the primary's row, writes the
// job, its step rows, its first events and its first queued step: a refusal half-way leaves
// nothing behind, and two requests on one article queue on the locks, so the second sees the
// first's job (article_generating).
import { randomUUID } from "node:crypto";
import type { Brief } from "../../../prisma/generated/client/client.ts";
import type { Principal } from "../../auth/principal.ts";
import { assertVisible } from "../../auth/visibility.ts";
import type { ContractFormat } from "../../contractFormat.ts";
import { raiseAfterCapRefusal, raiseIfCapUsed } from "../../credits/dailyCapEvents.ts";
import { lockWorkspaceCredits } from "../../credits/holds.ts";
import type { Database } from "../../db/database.ts";
import { type Sql, withTransaction } from "../../db/transaction.ts";
import { DomainError } from "../../errors.ts";
import { parseId } from "../../ids.ts";
import { isLanguage, LANGUAGE_NAMES, type Language } from "../../languages.ts";
import { queueNewJob } from "../../pipeline/jobStateMachine.ts";
import { findLiveJobOfArticleFamily } from "../../pipeline/jobStore.ts";
import type { PipelineQueue } from "../../pipeline/pipelineQueue.ts";
import { languageAddingPlan, type PlannedStep } from "../../pipeline/steps/index.ts";
import { type StepEngines, stepEstimator } from "../../pipeline/stepTimings.ts";
import { versionAuthor } from "../edits/editArticle.ts";
import { holdCredits, type StartedJob } from "../startArticle.ts";

export interface AddLanguagesInput {
  languages: string[];
}

interface PrimaryRow {
  id: string;
  workspace_id: string;
  site_id: string | null;
  brief_id: string | null;
  primary_article_id: string | null;
  status: string;
  archived_at: Date | null;
  language: string;
  title: string;
  has_seo: boolean;
  created_at: Date;
}

const invalidLanguage = (message: string) => new DomainError("invalid_language", message);

/**
 * The languages to add, lower-cased, in the order asked; refused with invalid_language for each
 * of the spec's six cases. `existing` are the languages of the article's versions not archived.
 */
export function checkLanguages(asked: readonly string[], own: string, existing: readonly string[]): Language[] {
  if (!isLanguage(own)) {
    throw invalidLanguage(
      `The article's own language "${own}" is not one of the 22 supported languages; no version can be added.`,
    );
  }
  if (asked.length === 0) throw invalidLanguage("languages must name at least one language code.");
  const codes: Language[] = [];
  for (const raw of asked) {
    const code = raw.trim().toLowerCase();
    if (!isLanguage(code)) throw invalidLanguage(`"${raw}" is not one of the 22 supported languages.`);
    if (code === own) throw invalidLanguage(`"${code}" is the article's own language.`);
    if (codes.includes(code)) throw invalidLanguage(`"${code}" appears more than once.`);
    if (existing.includes(code)) {
      throw invalidLanguage(
        `The article already has a ${LANGUAGE_NAMES[code]} version ("${code}"); archive it to write it again.`,
      );
    }
    codes.push(code);
  }
  return codes;
}

async function lockPrimary(sql: Sql, principal: Principal, id: string): Promise<PrimaryRow> {
  const articleId = parseId(id);
  const { rows } = articleId
    ? await sql.query<PrimaryRow>(
        `SELECT id, workspace_id, site_id, brief_id, primary_article_id, status, archived_at, language, title,
                seo IS NOT NULL AS has_seo, created_at
           FROM article WHERE id = $1 FOR NO KEY UPDATE`,
        [articleId],
      )
    : { rows: [] };
  const row = rows[0];
  assertVisible(principal, "article", row ? { workspaceId: row.workspace_id, siteId: row.site_id } : null);
  return row as PrimaryRow;
}

async function assertSiteReady(sql: Sql, siteId: string | null): Promise<void> {
  if (!siteId) return;
  const { rows } = await sql.query<{ status: string; deleted_at: Date | null }>(
    `SELECT status, deleted_at FROM site WHERE id = $1`,
    [siteId],
  );
  const site = rows[0];
  if (!site || site.deleted_at) throw new DomainError("not_found", "The article's site was removed.");
  if (site.status !== "ready") {
    throw new DomainError(
      "site_not_ready",
      `The site is ${site.status === "reading" ? "being read" : site.status === "failed" ? "not readable (its last read failed)" : "paused"}.`,
    );
  }
}

/**
 * The brief the versions are written with: the article's own, as it is now. An article whose
 * brief is gone is written with the brief's defaults on its title, and SEO fields when it has them.
 */
async function briefFor(sql: Sql, article: PrimaryRow): Promise<{ brief: Brief; stored: boolean }> {
  if (article.brief_id) {
    const { rows } = await sql.query<Brief>(
      `SELECT id, workspace_id AS "workspaceId", site_id AS "siteId", brand_id AS "brandId",
              created_by_person_id AS "createdByPersonId", credential_id AS "credentialId", topic, angle,
              use_urls AS "useUrls", exclude_domains AS "excludeDomains", purpose, audience, region, language, tone,
              length, target_words AS "targetWords", structure, keywords, must_appear AS "mustAppear",
              prefer_domains AS "preferDomains", illustration, image_style AS "imageStyle",
              image_format AS "imageFormat", seo, created_at AS "createdAt", updated_at AS "updatedAt"
         FROM brief WHERE id = $1`,
      [article.brief_id],
    );
    if (rows[0]) return { brief: rows[0], stored: true };
  }
  const brief: Brief = {
    id: randomUUID(),
    workspaceId: article.workspace_id,
    siteId: article.site_id,
    brandId: null,
    createdByPersonId: null,
    credentialId: null,
    topic: article.title,
    angle: "",
    useUrls: [],
    excludeDomains: [],
    preferDomains: [],
    purpose: "explainer",
    audience: "",
    region: "Global",
    language: article.language,
    tone: "neutral",
    length: "standard",
    targetWords: 900,
    structure: "ibc",
    keywords: [],
    mustAppear: [],
    illustration: "none",
    imageStyle: null,
    imageFormat: null,
    seo: article.has_seo,
    createdAt: article.created_at,
    updatedAt: article.created_at,
  };
  return { brief, stored: false };
}

/** The spec's Started job; `briefId` when the article's brief is still there. */
export type LanguageJobStarted = Omit<StartedJob, "briefId"> & { briefId?: string };

function started(
  articleId: string,
  jobId: string,
  credits: number,
  briefId: string | null,
  plan: PlannedStep[],
): LanguageJobStarted {
  return {
    articleId,
    jobId,
    creditsHeld: credits,
    ...(briefId ? { briefId } : {}),
    steps: plan.map(({ id, name, estMs }) => ({ id, name, estMs })),
  };
}

export async function addLanguages(
  db: Database,
  queue: PipelineQueue,
  contract: ContractFormat,
  engines: StepEngines,
  principal: Principal,
  id: string,
  input: AddLanguagesInput,
): Promise<LanguageJobStarted> {
  const jobId = randomUUID();
  const estimate = await stepEstimator(db, engines);
  const result = await withTransaction(db, async (sql): Promise<LanguageJobStarted> => {
    // The workspace's credit lock first, as POST /articles takes it, then the article's row. The
    // row lock is FOR NO KEY UPDATE: a finishing job inserting versions that point at the article
    // (a key-share lock) is not blocked by it, so the two never wait on each other in a cycle.
    await lockWorkspaceCredits(sql, principal.workspaceId);
    const article = await lockPrimary(sql, principal, id);
    if (article.primary_article_id) {
      const primaryArticleId = contract.articleId(article.primary_article_id);
      throw new DomainError(
        "not_primary",
        `The article is itself a language version of ${primaryArticleId}; add languages to that article.`,
        { primaryArticleId },
      );
    }
    if (article.archived_at || article.status === "archived") {
      throw new DomainError("article_archived", "The article is archived.");
    }
    const { rows: versions } = await sql.query<{ language: string }>(
      `SELECT language FROM article WHERE primary_article_id = $1 AND status <> 'archived' AND archived_at IS NULL`,
      [article.id],
    );
    const languages = checkLanguages(
      input.languages,
      article.language,
      versions.map((v) => v.language),
    );
    if (article.status === "generating") {
      throw new DomainError("article_generating", "The article is being written; add languages when its job has finished.");
    }
    const live = await findLiveJobOfArticleFamily(sql, article.id);
    if (live) {
      throw new DomainError(
        "article_generating",
        live.adding
          ? `Languages are being added to the article (job ${contract.jobId(live.id)}); add more when it has finished.`
          : `A job is writing the article or one of its versions (job ${contract.jobId(live.id)}).`,
      );
    }
    await assertSiteReady(sql, article.site_id);
    const { brief, stored } = await briefFor(sql, article);
    const briefId = stored ? brief.id : null;
    const plan = languageAddingPlan({ seo: brief.seo, illustration: "none", versions: languages }, estimate);
    const credits = languages.length;
    const holdId = await holdCredits(sql, principal, credits, false, `language job ${jobId}`);
    const author = versionAuthor(principal);
    await queueNewJob(sql, queue, {
      id: jobId,
      workspaceId: article.workspace_id,
      siteId: article.site_id,
      articleId: article.id,
      briefId,
      credentialId: principal.kind === "person" ? null : principal.credentialId,
      personId: principal.personId,
      creditsHeld: credits,
      state: { holdId, versions: languages, brief, adding: { languages, by: author.by, agent: author.agent } },
      plan,
    });
    await raiseIfCapUsed(sql, contract, principal);
    return started(article.id, jobId, credits, briefId, plan);
  }).catch(async (error) => {
    await raiseAfterCapRefusal(db, contract, principal, error);
    throw error;
  });
  queue.wake();
  return result;
}
