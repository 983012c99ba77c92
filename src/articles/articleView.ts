// The read side of articles: the articles a principal may see, the spec's Article and Article
// summary built from the stored rows, and the bytes of an article's picture. Who may see which
// article is src/auth/visibility.ts: a site-bound credential sees its own site only and never an
// article with no site; anything it may not see is "not found", never "forbidden".
import type { Article, ArticleStatus, Prisma } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import { assertVisible, visibleWhere } from "../auth/visibility.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { parseId, upperId } from "../ids.ts";
import { LANGUAGES } from "../languages.ts";
import { contributedSentence } from "../sourcing/sourceSummary.ts";
import type { InternalLink, QualityCheck, SeoFields, Unit } from "../writing/types.ts";
import { type Block, type Paragraph, toBlocks, toParagraphs } from "../writing/units.ts";
import { isArticleOrigin, isArticleStatus, LIVE_JOB_STATUSES } from "./articleTerms.ts";

export interface SourceView {
  id: string;
  origin: string;
  title: string;
  url: string;
  score: number;
  official: boolean;
  contributed: string;
  relation?: string;
  soleForClaims: number;
}

export interface ClaimView {
  id: string;
  text: string;
  state: string;
  originCount: number;
  sourceIds: string[];
  paragraph: number;
  keptFlag: boolean;
  keptNote?: string;
}

export interface QualityCheckView extends QualityCheck {
  dismissedBy?: string;
  dismissNote?: string;
}

export interface VersionView {
  n: number;
  label: string;
  when: string;
  by: string;
  model: string;
  note: string;
  agent?: string;
  title?: string;
}

/** No comment is stored yet; the shape is what a person's comment will carry. */
export interface CommentView {
  id: string;
  text: string;
  by: string;
  at: string;
}

export interface LabelView {
  reviewedByHuman: boolean;
  approvedVersion?: number;
  approvedAt?: string;
  approvedBy?: string;
}

export interface ArchivedView {
  at: string;
  by: string;
  agent?: string;
}

export interface RunView {
  jobId: string;
  status: string;
  briefId?: string;
}

export interface IllustrationView {
  id: string;
  status: string;
  url?: string;
  altText: string;
  caption?: string;
  label: string;
  styleLabel: string;
  reason?: string;
  regenerating: boolean;
}

export interface LanguageVersionView {
  language: string;
  articleId: string;
  status: ArticleStatus;
  approved: boolean;
}

export interface ArticleView {
  id: string;
  status: ArticleStatus;
  title: string;
  lead: string;
  language: string;
  words: number;
  paragraphs: Paragraph[];
  sources: SourceView[];
  claims: ClaimView[];
  quality: QualityCheckView[];
  versions: VersionView[];
  comments: CommentView[];
  label: LabelView;
  brandName: string;
  siteId?: string;
  origin: string;
  by: string;
  archived?: ArchivedView;
  run?: RunView;
  blocks: Block[];
  deck?: string;
  internalLinks?: InternalLink[];
  illustration?: IllustrationView;
  primaryArticleId?: string;
  languageVersions?: LanguageVersionView[];
  seo?: SeoFields;
}

export interface ArticleSummaryView {
  id: string;
  title: string;
  status: ArticleStatus;
  updatedAt: string;
  brandName: string;
  siteId?: string;
  origin: string;
  beatName?: string;
  agentName?: string;
  by: string;
  flaggedClaims: number;
  words: number;
  language: string;
  run?: RunView;
  primaryArticleId?: string;
}

export interface ArticleFilters {
  status?: string;
  siteId?: string;
  /** True: only articles with no site. False is the same as leaving it out. */
  noSite?: boolean;
  brandId?: string;
  origin?: string;
  language?: string;
  /** Articles changed at or after this moment. */
  since?: Date;
}

export interface IllustrationImage {
  contentType: string;
  bytes: Buffer;
}

const noPicture = () => new DomainError("not_found", "No such article or no ready picture.");

const optional = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
const jsonArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export async function findVisibleArticle(db: Database, principal: Principal, id: string): Promise<Article> {
  const articleId = parseId(id);
  const article = articleId ? await db.prisma.article.findUnique({ where: { id: articleId } }) : null;
  assertVisible(principal, "article", article);
  return article;
}

const languageRank = (code: string) => {
  const i = (LANGUAGES as readonly string[]).indexOf(code);
  return i === -1 ? LANGUAGES.length : i;
};

function runOf(job: { id: string; status: string; briefId: string | null } | undefined): RunView | undefined {
  if (!job) return undefined;
  return { jobId: upperId(job.id), status: job.status, ...(job.briefId ? { briefId: upperId(job.briefId) } : {}) };
}

/** The job that is writing each of these articles (the newest live one when there are several). */
async function liveJobs(db: Database, workspaceId: string, articleIds: string[]) {
  const byArticle = new Map<string, { id: string; status: string; briefId: string | null }>();
  if (articleIds.length === 0) return byArticle;
  const jobs = await db.prisma.job.findMany({
    where: { workspaceId, articleId: { in: articleIds }, status: { in: [...LIVE_JOB_STATUSES] } },
    select: { id: true, status: true, briefId: true, articleId: true },
    orderBy: { startedAt: "desc" },
  });
  for (const job of jobs) if (job.articleId && !byArticle.has(job.articleId)) byArticle.set(job.articleId, job);
  return byArticle;
}

/**
 * The primary article first, then its versions in the order of the language list; archived
 * versions are left out (their language can be added again). Undefined when there is only one.
 */
async function languageVersions(db: Database, principal: Principal, article: Article) {
  const primaryId = article.primaryArticleId ?? article.id;
  const family = await db.prisma.article.findMany({
    where: { AND: [visibleWhere(principal, "article"), { OR: [{ id: primaryId }, { primaryArticleId: primaryId }] }] },
    select: { id: true, language: true, status: true, primaryArticleId: true, archivedAt: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  const primary = family.find((a) => a.id === primaryId);
  const versions = family
    .filter((a) => a.primaryArticleId === primaryId && a.status !== "archived" && a.archivedAt === null)
    .sort((a, b) => languageRank(a.language) - languageRank(b.language));
  const entries = [...(primary ? [primary] : []), ...versions].map(
    (a): LanguageVersionView => ({ language: a.language, articleId: upperId(a.id), status: a.status, approved: false }),
  );
  return entries.length >= 2 ? entries : undefined;
}

export async function articleView(db: Database, principal: Principal, id: string): Promise<ArticleView> {
  const article = await findVisibleArticle(db, principal, id);
  const [sources, claims, history, illustration, jobs, family] = await Promise.all([
    // The page text is kept for the read-back; the view does not show it and it can be long.
    db.prisma.articleSource.findMany({ where: { articleId: article.id }, orderBy: { position: "asc" }, omit: { text: true } }),
    db.prisma.articleClaim.findMany({ where: { articleId: article.id }, orderBy: { position: "asc" } }),
    db.prisma.articleVersion.findMany({ where: { articleId: article.id }, orderBy: { n: "asc" } }),
    // A language version shows no picture of its own.
    article.primaryArticleId
      ? null
      : db.prisma.illustration.findFirst({
          where: { articleId: article.id, current: true },
          orderBy: { createdAt: "desc" },
          omit: { png: true },
        }),
    article.status === "generating" ? liveJobs(db, article.workspaceId, [article.id]) : undefined,
    languageVersions(db, principal, article),
  ]);

  const units = jsonArray<Unit>(article.units).map((u) => ({ ...u, claimIds: (u.claimIds ?? []).map(upperId) }));

  // Where each claim sits: the first unit that cites it. Every stored claim is cited by the text
  // it was written into; a claim no unit cites (possible only after an edit removed its unit)
  // gets 0, because `paragraph` is a required integer and units count from 1.
  const firstUnit = new Map<string, number>();
  for (const unit of units) for (const claimId of unit.claimIds) if (!firstUnit.has(claimId)) firstUnit.set(claimId, unit.n);

  const claimSources = claims.map((c) => new Set(c.sourceIds ?? []));
  const sourceViews = sources.map((s): SourceView => {
    const carried = claimSources.filter((ids) => ids.has(s.id));
    const sole = carried.filter((ids) => ids.size === 1).length;
    return {
      id: upperId(s.id),
      origin: s.origin,
      title: s.title,
      url: s.url,
      score: s.score,
      official: s.official,
      contributed: contributedSentence(carried.length, claims.length, sole),
      relation: optional(s.relation),
      soleForClaims: sole,
    };
  });

  const claimViews = claims.map(
    (c): ClaimView => ({
      id: upperId(c.id),
      text: c.text,
      state: c.state,
      originCount: c.originCount,
      sourceIds: (c.sourceIds ?? []).map(upperId),
      paragraph: firstUnit.get(upperId(c.id)) ?? 0,
      keptFlag: c.keptFlag,
      keptNote: optional(c.keptNote),
    }),
  );

  const internalLinks = jsonArray<InternalLink>(article.internalLinks);
  const articleId = upperId(article.id);

  return {
    id: articleId,
    status: article.status,
    title: article.title,
    lead: article.lead,
    language: article.language,
    words: article.words,
    paragraphs: toParagraphs(units),
    sources: sourceViews,
    claims: claimViews,
    quality: jsonArray<QualityCheckView>(article.quality),
    versions: history.map((v) => ({
      n: v.n,
      label: v.label,
      when: v.at.toISOString(),
      by: v.by,
      model: v.model,
      note: v.note,
      agent: optional(v.agent),
      title: optional(v.title),
    })),
    // Comments come from people; none are stored yet, and a key or agent never sees them.
    comments: [],
    // No approval record exists yet, so nothing can be reviewed by a human.
    label: { reviewedByHuman: false },
    brandName: article.brandName,
    siteId: optional(article.siteId)?.toLowerCase(),
    origin: article.origin,
    by: article.byLine,
    archived: article.archivedAt
      ? { at: article.archivedAt.toISOString(), by: article.archivedBy ?? "", agent: optional(article.archivedAgent) }
      : undefined,
    run: runOf(jobs?.get(article.id)),
    blocks: toBlocks(units),
    deck: article.deck ? article.deck : undefined,
    internalLinks: internalLinks.length > 0 ? internalLinks : undefined,
    illustration: illustration
      ? {
          id: illustration.id.toLowerCase(),
          status: illustration.status,
          url:
            illustration.status === "ready"
              ? `/api/v1/articles/${articleId}/illustration?i=${illustration.id.toLowerCase()}`
              : undefined,
          altText: illustration.altText,
          caption: optional(illustration.caption),
          label: illustration.label,
          styleLabel: illustration.styleLabel,
          reason: optional(illustration.reason),
          // Regeneration does not exist yet, so no new picture is ever in the making.
          regenerating: false,
        }
      : undefined,
    primaryArticleId: article.primaryArticleId ? upperId(article.primaryArticleId) : undefined,
    languageVersions: family,
    seo: optional(article.seo as SeoFields | null),
  };
}

/** Article summaries, newest change first, in three queries whatever the number of rows. */
export async function listArticles(
  db: Database,
  principal: Principal,
  filters: ArticleFilters = {},
): Promise<ArticleSummaryView[]> {
  if (filters.status !== undefined && !isArticleStatus(filters.status)) {
    throw new DomainError("validation", `status must be one of the article statuses, not "${filters.status}".`);
  }
  if (filters.origin !== undefined && !isArticleOrigin(filters.origin)) {
    throw new DomainError("validation", `origin must be manual, beat, agent or schedule, not "${filters.origin}".`);
  }
  const where: Prisma.ArticleWhereInput = { status: filters.status ?? { not: "archived" } };
  // Filters that cannot match anything the principal sees answer an empty list, not an error:
  // a list filter names no resource, so there is nothing to be "not found". A site the principal
  // cannot see (or no site, for a site-bound credential) is left to the visibility rule below.
  if (filters.siteId !== undefined) {
    const siteId = parseId(filters.siteId);
    if (!siteId || filters.noSite) return [];
    where.siteId = siteId;
  }
  if (filters.noSite) where.siteId = null;
  if (filters.brandId !== undefined) {
    const brandId = parseId(filters.brandId);
    if (!brandId) return [];
    const briefs = await db.prisma.brief.findMany({
      where: { workspaceId: principal.workspaceId, brandId },
      select: { id: true },
    });
    if (briefs.length === 0) return [];
    where.briefId = { in: briefs.map((b) => b.id) };
  }
  if (filters.origin !== undefined) where.origin = filters.origin;
  if (filters.language !== undefined) where.language = filters.language;
  if (filters.since !== undefined) where.updatedAt = { gte: filters.since };

  const articles = await db.prisma.article.findMany({
    where: { AND: [visibleWhere(principal, "article"), where] },
    select: {
      id: true,
      title: true,
      status: true,
      updatedAt: true,
      brandName: true,
      siteId: true,
      origin: true,
      agentName: true,
      byLine: true,
      words: true,
      language: true,
      primaryArticleId: true,
    },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
  });
  if (articles.length === 0) return [];

  const ids = articles.map((a) => a.id);
  const generating = articles.filter((a) => a.status === "generating").map((a) => a.id);
  const [flagged, jobs] = await Promise.all([
    db.prisma.articleClaim.groupBy({
      by: ["articleId"],
      where: { articleId: { in: ids }, state: { not: "corroborated" } },
      _count: { _all: true },
    }),
    liveJobs(db, principal.workspaceId, generating),
  ]);
  const flaggedBy = new Map(flagged.map((f) => [f.articleId, f._count._all]));

  return articles.map((a) => ({
    id: upperId(a.id),
    title: a.title,
    status: a.status,
    updatedAt: a.updatedAt.toISOString(),
    brandName: a.brandName,
    siteId: optional(a.siteId)?.toLowerCase(),
    origin: a.origin,
    // Beats do not exist yet, so no article names one.
    beatName: undefined,
    agentName: optional(a.agentName),
    by: a.byLine,
    flaggedClaims: flaggedBy.get(a.id) ?? 0,
    words: a.words,
    language: a.language,
    run: a.status === "generating" ? runOf(jobs.get(a.id)) : undefined,
    primaryArticleId: a.primaryArticleId ? upperId(a.primaryArticleId) : undefined,
  }));
}

/** The current ready picture of an article, or the ready picture `illustrationId` of that article. */
export async function illustrationImage(
  db: Database,
  principal: Principal,
  articleId: string,
  illustrationId?: string,
): Promise<IllustrationImage> {
  const article = await findVisibleArticle(db, principal, articleId);
  const pictureId = illustrationId === undefined ? undefined : parseId(illustrationId);
  if (illustrationId !== undefined && !pictureId) throw noPicture();
  const row = await db.prisma.illustration.findFirst({
    where: { articleId: article.id, status: "ready", png: { not: null }, ...(pictureId ? { id: pictureId } : { current: true }) },
    select: { contentType: true, png: true },
    orderBy: { createdAt: "desc" },
  });
  if (!row?.png) throw noPicture();
  return { contentType: row.contentType, bytes: Buffer.from(row.png) };
}

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * A `since` filter: an ISO 8601 date or date-time. A date-time without an offset is read as UTC,
 * the zone every date of the interface is in; a date alone means its first moment in UTC.
 */
export function parseSince(value: string): Date {
  const invalid = () =>
    new DomainError("validation", "since must be an ISO 8601 date or date-time, e.g. 2026-01-31 or 2026-01-31T08:00:00Z.");
  const m = ISO_8601.exec(value.trim());
  if (!m) throw invalid();
  const [, year = "", month = "", day = "", hour = "00", minute = "00", second = "00", fraction = "0", zone = "Z"] = m;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Date.UTC(y, mo, 0) is the last day of month mo: the regex allows a 31st of any month.
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) throw invalid();
  const offset = zone.toUpperCase() === "Z" ? "Z" : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const millis = fraction.padEnd(3, "0").slice(0, 3);
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${offset}`);
  if (Number.isNaN(date.getTime())) throw invalid();
  return date;
}
