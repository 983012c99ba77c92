// The article pipeline's steps. Each takes what earlier steps left in the job's state (or in the
// article's rows) and returns a summary, details and what it adds, so that a step can be run
// again on its own: after a worker died, or when a person retries it.
import { randomUUID } from "node:crypto";
import type { Brief } from "../../prisma/generated/client/client.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { LANGUAGE_NAMES, type Language } from "../languages.ts";
import { checkClaims } from "../sourcing/claims/checkClaims.ts";
import { isCheckable, sentenceFacts } from "../sourcing/claims/facts.ts";
import { splitSentences } from "../sourcing/claims/sentences.ts";
import { findPages } from "../sourcing/find/findPages.ts";
import { savePage } from "../sourcing/find/pageLibrary.ts";
import { groupOrigins } from "../sourcing/group/originGroups.ts";
import { assertEnoughOrigins, independentOrigins } from "../sourcing/sourceSummary.ts";
import { fetchAndRead } from "../sourcing/sourcingEngine.ts";
import type { CheckedClaim, GroupedSource } from "../sourcing/types.ts";
import { writingMaterial } from "../writing/material.ts";
import { readBack } from "../writing/qa/readBack.ts";
import { seoFields } from "../writing/seo.ts";
import type { Draft, QualityCheck, SeoFields } from "../writing/types.ts";
import { WritingFailure } from "../writing/types.ts";
import { draftWords } from "../writing/units.ts";
import type { ArticleMaterial } from "./articleMaterial.ts";
import { loadArticleMaterial, loadDraft, saveArticleDraft } from "./articleMaterial.ts";
import type { PipelineDeps } from "./pipelineDeps.ts";
import { siteVoice, writingBrief } from "./voice.ts";

export interface LanguageWork {
  draft?: Draft;
  seo?: SeoFields;
  quality?: QualityCheck[];
  /** Why the language was left out (skipped by the job or a person); its credit is released. */
  dropped?: string;
}

/** What the steps hand each other, kept in job.state. */
export interface PipelineState {
  holdId: string;
  versions: Language[];
  /** A long article (2 credits): counted against the plan's monthly limit. */
  long?: boolean;
  /** The brief as it was when the job started: the steps write what was priced. */
  brief?: Brief;
  /** Per step, its attempt count when a person last retried it (the crash guard counts from there). */
  attemptBase?: Record<string, number>;
  urls?: string[];
  sources?: GroupedSource[];
  claims?: CheckedClaim[];
  languages?: Partial<Record<Language, LanguageWork>>;
}

export interface StepContext {
  db: Database;
  deps: PipelineDeps;
  job: { id: string; workspaceId: string; siteId: string | null; articleId: string };
  brief: Brief;
  state: PipelineState;
  signal: AbortSignal;
}

export interface StepResult {
  summary: string;
  details: { tag: string; text: string }[];
  state?: Partial<PipelineState>;
  /** The step did nothing by the job's own decision (e.g. no model for a language). */
  skipped?: boolean;
  /** Leave this language out: its other steps are skipped and its credit released. */
  dropLanguage?: Language;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function find(ctx: StepContext): Promise<StepResult> {
  const { brief } = ctx;
  const found = await findPages(
    {
      workspaceId: ctx.job.workspaceId,
      topic: brief.topic,
      angle: brief.angle,
      keywords: brief.keywords,
      language: brief.language.split("+")[0] ?? "en",
      useUrls: brief.useUrls,
      excludeDomains: brief.excludeDomains,
      preferDomains: brief.preferDomains,
    },
    { db: ctx.db, ...(ctx.deps.search ? { search: ctx.deps.search } : {}), limit: ctx.deps.maxPages },
  );
  const urls = found.candidates.map((c) => c.url);
  if (urls.length === 0) {
    throw new DomainError("too_few_origins", "No page was found to read: give useUrls, or configure a search provider.");
  }
  return {
    summary: `Found ${plural(urls.length, "page")} to read.`,
    details: [
      ...found.candidates.map((c) => ({ tag: c.from, text: c.url })),
      ...found.notes.map((text) => ({ tag: "note", text })),
    ],
    state: { urls },
  };
}

async function group(ctx: StepContext): Promise<StepResult> {
  const urls = ctx.state.urls ?? [];
  const { pages, failures } = await fetchAndRead(urls, { ...ctx.deps.fetch, signal: ctx.signal });
  for (const page of pages) await savePage(ctx.db, ctx.job.workspaceId, page).catch(() => undefined);
  const details = failures.map((f) => ({ tag: "unreadable", text: `${f.url}: ${f.reason}` }));
  if (pages.length === 0 && failures.some((f) => /\[timeout\]/.test(f.reason))) {
    throw Object.assign(new Error("No page could be fetched in time."), { code: "fetch_timeout" });
  }
  const sources = groupOrigins(pages);
  assertEnoughOrigins(sources);
  const origins = independentOrigins(sources);
  for (const s of sources) {
    details.push({ tag: s.relation ? `relays (${s.relation.kind})` : "origin", text: `${s.origin}: ${s.page.url}` });
  }
  return {
    summary: `${plural(sources.length, "page")} in ${plural(origins, "independent origin")}${failures.length ? `; ${failures.length} could not be read` : ""}.`,
    details,
    state: { sources },
  };
}

async function read(ctx: StepContext): Promise<StepResult> {
  const sources = ctx.state.sources ?? [];
  let total = 0;
  const details = sources.map((s) => {
    const statements = splitSentences(s.page.text, s.page.language ?? "en").filter((sentence) =>
      isCheckable(sentenceFacts(sentence, s.page.language ?? "en")),
    ).length;
    total += statements;
    return { tag: s.page.language ?? "text", text: `${s.origin}: ${plural(statements, "checkable statement")} (${s.page.url})` };
  });
  return { summary: `Read ${plural(sources.length, "page")}: ${plural(total, "checkable statement")}.`, details };
}

async function check(ctx: StepContext): Promise<StepResult> {
  const claims = checkClaims(ctx.state.sources ?? []);
  const byState = new Map<string, number>();
  for (const c of claims) byState.set(c.state, (byState.get(c.state) ?? 0) + 1);
  return {
    summary: `${plural(claims.length, "claim")} checked across origins: ${[...byState].map(([s, n]) => `${n} ${s}`).join(", ") || "none"}.`,
    details: claims.slice(0, 50).map((c) => ({ tag: c.state, text: c.text })),
    state: { claims },
  };
}

async function write(ctx: StepContext): Promise<StepResult> {
  const sourceIds = new Map((ctx.state.sources ?? []).map((s) => [s.key, randomUUID()]));
  const claimIds = new Map((ctx.state.claims ?? []).map((c) => [c.key, randomUUID()]));
  const material = writingMaterial(
    { sources: ctx.state.sources ?? [], claims: ctx.state.claims ?? [] },
    { source: (k) => sourceIds.get(k) ?? k, claim: (k) => claimIds.get(k) ?? k },
  );
  const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
  const writer = ctx.deps.writers.article;
  const draft = await writer.write(
    { brief: writingBrief(ctx.brief), voice, claims: material.claims, sources: material.sources, sitePages: [] },
    ctx.signal,
  );
  await saveArticleDraft(ctx.db, ctx.job.articleId, draft, material, ctx.state.sources ?? []);
  return {
    summary: `Wrote ${plural(draft.units.length, "unit")}, ${draftWords(draft)} words, with the ${writer.engine === "built-in" ? "built-in engine" : `model ${draft.model ?? writer.model}`}.`,
    details: draft.warnings.map((text) => ({ tag: "warning", text })),
  };
}

async function seo(ctx: StepContext): Promise<StepResult> {
  const draft = await loadDraft(ctx.db, ctx.job.articleId);
  const site = ctx.job.siteId ? await ctx.db.prisma.site.findUnique({ where: { id: ctx.job.siteId } }) : null;
  const fields = seoFields({ draft, brief: writingBrief(ctx.brief), ...(site ? { siteName: site.siteName } : {}) });
  await ctx.db.prisma.article.update({ where: { id: ctx.job.articleId }, data: { seo: fields as object } });
  return {
    summary: `Meta title of ${[...fields.metaTitle].length} characters, slug “${fields.slug}”.`,
    details: [
      { tag: "metaTitle", text: fields.metaTitle },
      { tag: "metaDescription", text: fields.metaDescription },
    ],
  };
}

function qaResult(checks: QualityCheck[]): StepResult {
  const warnings = checks.filter((c) => c.verdict === "warning");
  return {
    summary: `${plural(checks.length, "check")}: ${warnings.length === 0 ? "all passed" : plural(warnings.length, "warning")}.`,
    details: warnings.map((c) => ({ tag: c.id, text: c.detail })),
  };
}

async function qa(ctx: StepContext, m?: ArticleMaterial): Promise<StepResult> {
  const material = m ?? (await loadArticleMaterial(ctx.db, ctx.job.articleId));
  const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
  // The article keeps the claims its text states; the others the check found are named as left out.
  const all = writingMaterial({ sources: ctx.state.sources ?? [], claims: ctx.state.claims ?? [] }).claims;
  const checks = await readBack({
    draft: material.draft,
    brief: writingBrief(ctx.brief),
    voice,
    claims: material.claims,
    omitted: all,
    sources: material.sources,
  });
  await ctx.db.prisma.article.update({ where: { id: ctx.job.articleId }, data: { quality: checks as object[] } });
  return qaResult(checks);
}

async function illustrate(ctx: StepContext): Promise<StepResult> {
  if (!ctx.deps.illustrations) {
    return { summary: "Skipped: this deployment makes no illustrations.", details: [], skipped: true };
  }
  const m = await loadArticleMaterial(ctx.db, ctx.job.articleId);
  const picture = await ctx.deps.illustrator.illustrate(
    {
      title: m.draft.title,
      ...(m.draft.deck ? { deck: m.draft.deck } : {}),
      claims: m.claims.map((c) => c.text),
      style: { palette: [] },
    },
    ctx.signal,
  );
  // One current picture: the old one stops being current in the transaction that adds the new.
  const unsetCurrent = ctx.db.prisma.illustration.updateMany({
    where: { articleId: ctx.job.articleId },
    data: { current: false },
  });
  const add = ctx.db.prisma.illustration.create({
    data: {
      articleId: ctx.job.articleId,
      status: "ready",
      current: true,
      png: Buffer.from(picture.png),
      contentType: picture.contentType,
      altText: picture.altText,
      ...(picture.caption ? { caption: picture.caption } : {}),
      label: picture.label,
      styleLabel: picture.styleLabel,
      model: picture.model,
    },
  });
  await ctx.db.prisma.$transaction([unsetCurrent, add]);
  return {
    summary: `Made a ${picture.width}×${picture.height} ${picture.styleLabel} picture.`,
    details: [{ tag: "alt", text: picture.altText }],
  };
}

function languageOf(stepId: string): Language {
  return stepId.slice(stepId.indexOf("-") + 1) as Language;
}

async function writeLanguage(ctx: StepContext, code: Language): Promise<StepResult> {
  const m = await loadArticleMaterial(ctx.db, ctx.job.articleId);
  const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
  try {
    const draft = await ctx.deps.writers.versions.writeVersion(
      { language: code, primary: m.draft, brief: writingBrief(ctx.brief), voice, claims: m.claims, sources: m.sources },
      ctx.signal,
    );
    return {
      summary: `Wrote the ${LANGUAGE_NAMES[code]} version: ${plural(draft.units.length, "unit")}, ${draftWords(draft)} words.`,
      details: draft.warnings.map((text) => ({ tag: "warning", text })),
      state: { languages: { ...ctx.state.languages, [code]: { draft } } },
    };
  } catch (error) {
    if (error instanceof WritingFailure && error.code === "language_unsupported") {
      return { summary: `Skipped: ${error.message}`, details: [], skipped: true, dropLanguage: code };
    }
    throw error;
  }
}

async function seoLanguage(ctx: StepContext, code: Language): Promise<StepResult> {
  const work = ctx.state.languages?.[code];
  if (!work?.draft) return { summary: "Skipped: the version was not written.", details: [], skipped: true };
  const fields = seoFields({ draft: work.draft, brief: { ...writingBrief(ctx.brief), language: code } });
  return {
    summary: `Meta title of ${[...fields.metaTitle].length} characters, slug “${fields.slug}”.`,
    details: [{ tag: "metaTitle", text: fields.metaTitle }],
    state: { languages: { ...ctx.state.languages, [code]: { ...work, seo: fields } } },
  };
}

async function qaLanguage(ctx: StepContext, code: Language): Promise<StepResult> {
  const work = ctx.state.languages?.[code];
  if (!work?.draft) return { summary: "Skipped: the version was not written.", details: [], skipped: true };
  const m = await loadArticleMaterial(ctx.db, ctx.job.articleId);
  const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
  const checks = await readBack({
    draft: work.draft,
    brief: { ...writingBrief(ctx.brief), language: code },
    voice,
    claims: m.claims,
    sources: m.sources,
  });
  return { ...qaResult(checks), state: { languages: { ...ctx.state.languages, [code]: { ...work, quality: checks } } } };
}

export async function runPipelineStep(stepId: string, ctx: StepContext): Promise<StepResult> {
  switch (stepId) {
    case "find":
      return find(ctx);
    case "group":
      return group(ctx);
    case "read":
      return read(ctx);
    case "check":
      return check(ctx);
    case "write":
      return write(ctx);
    case "seo":
      return seo(ctx);
    case "qa":
      return qa(ctx);
    case "illustrate":
      return illustrate(ctx);
    default: {
      const code = languageOf(stepId);
      if (stepId.startsWith("write-")) return writeLanguage(ctx, code);
      if (stepId.startsWith("seo-")) return seoLanguage(ctx, code);
      if (stepId.startsWith("qa-")) return qaLanguage(ctx, code);
      throw new Error(`unknown step ${stepId}`);
    }
  }
}
