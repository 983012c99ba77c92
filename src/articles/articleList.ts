// The list of articles a principal may see, with its filters (the `since` filter's parsing
// included), as the spec's Article summaries.
import type { ArticleStatus, Prisma } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import { visibleWhere } from "../auth/visibility.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { liveJobs, type RunView, runOf } from "./articleRuns.ts";
import { onSubjectWhere } from "./articlesOnSubject.ts";
import { isArticleOrigin, isArticleStatus } from "./articleTerms.ts";

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
  /** Only primary articles on this topic's subject (articlesOnSubject.ts). */
  topic?: string;
}

const optional = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

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
  if (filters.topic !== undefined) {
    const onSubject = onSubjectWhere(filters.topic);
    if (!onSubject) return [];
    Object.assign(where, onSubject);
  }

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
    id: a.id,
    title: a.title,
    status: a.status,
    updatedAt: a.updatedAt.toISOString(),
    brandName: a.brandName,
    siteId: optional(a.siteId),
    origin: a.origin,
    // Beats do not exist yet, so no article names one.
    beatName: undefined,
    agentName: optional(a.agentName),
    by: a.byLine,
    flaggedClaims: flaggedBy.get(a.id) ?? 0,
    words: a.words,
    language: a.language,
    run: a.status === "generating" ? runOf(jobs.get(a.id)) : undefined,
    primaryArticleId: optional(a.primaryArticleId),
  }));
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
