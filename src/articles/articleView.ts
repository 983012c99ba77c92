// One article as the spec's Article: read from the stored rows (its sources, claims, versions,
// picture, run and language versions) and shaped for the interface, its ids as stored (the
// contract's letter case and the picture's url are schema/articleOut.ts's). The list is
// articleList.ts, the picture's bytes articlePicture.ts.
import type { ArticleStatus } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../db/database.ts";
import { contributedSentence } from "../sourcing/sourceSummary.ts";
import type { InternalLink, QualityCheck, SeoFields, Unit } from "../writing/types.ts";
import { type Block, type Paragraph, toBlocks, toParagraphs } from "../writing/units.ts";
import { type LanguageVersionView, languageVersions } from "./articleLanguageVersions.ts";
import { liveJobs, type RunView, runOf } from "./articleRuns.ts";
import { type RegenerationState, regenerationState } from "./illustration/regenerationState.ts";
import { type AddingLanguagesView, addingLanguagesOf } from "./languages/addingLanguages.ts";
import { type LabelView, labelOf } from "./review/approval.ts";
import type { CommentView } from "./review/comments.ts";
import { findVisibleArticle } from "./visibleArticle.ts";

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

export type { LabelView } from "./review/approval.ts";
export type { CommentView } from "./review/comments.ts";

export interface ArchivedView {
  at: string;
  by: string;
  agent?: string;
}

/** The picture's `url` is the contract's (schema/articleOut.ts): it is made from the ids. */
export interface IllustrationView {
  id: string;
  status: string;
  altText: string;
  caption?: string;
  label: string;
  styleLabel: string;
  reason?: string;
  regenerating: boolean;
  lastFailure?: string;
  regenerationsLeft?: number;
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
  /** A primary article's language-adding job while it is queued, running or paused. */
  addingLanguages?: AddingLanguagesView;
  seo?: SeoFields;
}

const optional = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
const storedId = (id: string) => id.toLowerCase();
const jsonArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export async function articleView(db: Database, principal: Principal, id: string): Promise<ArticleView> {
  const article = await findVisibleArticle(db, principal, id);
  const [sources, claims, history, current, jobs, family, approval, comments] = await Promise.all([
    // The page text is kept for the read-back; the view does not show it and it can be long.
    db.prisma.articleSource.findMany({ where: { articleId: article.id }, orderBy: { position: "asc" }, omit: { text: true } }),
    db.prisma.articleClaim.findMany({ where: { articleId: article.id }, orderBy: { position: "asc" } }),
    db.prisma.articleVersion.findMany({ where: { articleId: article.id }, orderBy: { n: "asc" } }),
    // A language version shows no picture of its own.
    article.primaryArticleId
      ? null
      : db.prisma.illustration
          .findFirst({ where: { articleId: article.id, current: true }, orderBy: { createdAt: "desc" }, omit: { png: true } })
          // A new picture in the making, the last try's failure, the allowance left (illustration/).
          .then(async (picture) =>
            picture ? { picture, regeneration: await regenerationState(db, article.workspaceId, article.id) } : null,
          ),
    article.status === "generating" ? liveJobs(db, article.workspaceId, [article.id]) : undefined,
    languageVersions(db, principal, article),
    db.prisma.articleApproval.findFirst({ where: { articleId: article.id }, orderBy: { at: "desc" } }),
    // Comments come from persons and are shown to persons only.
    principal.kind === "person"
      ? db.prisma.articleComment.findMany({ where: { articleId: article.id }, orderBy: { at: "asc" } })
      : [],
  ]);

  // A primary article's language-adding job, while it is queued, running or paused.
  const adding = await addingLanguagesOf(db, article);
  // A unit's claim ids in their stored form, as the claims' rows have them.
  const units = jsonArray<Unit>(article.units).map((u) => ({ ...u, claimIds: (u.claimIds ?? []).map(storedId) }));

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
      id: s.id,
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
      id: c.id,
      text: c.text,
      state: c.state,
      originCount: c.originCount,
      sourceIds: c.sourceIds ?? [],
      paragraph: firstUnit.get(c.id) ?? 0,
      keptFlag: c.keptFlag,
      keptNote: optional(c.keptNote),
    }),
  );

  const internalLinks = jsonArray<InternalLink>(article.internalLinks);
  const illustration = current?.picture;
  const regeneration: RegenerationState | undefined = current?.regeneration;

  return {
    id: article.id,
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
    comments: comments.map(
      (c): CommentView => ({
        id: c.id,
        text: c.text,
        by: c.by,
        at: c.at.toISOString(),
        ...(c.unit ? { unit: c.unit } : {}),
      }),
    ),
    label: labelOf(article.version, approval),
    brandName: article.brandName,
    siteId: optional(article.siteId),
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
          id: illustration.id,
          status: illustration.status,
          altText: illustration.altText,
          caption: optional(illustration.caption),
          label: illustration.label,
          styleLabel: illustration.styleLabel,
          reason: optional(illustration.reason),
          regenerating: regeneration?.regenerating ?? false,
          lastFailure: regeneration?.lastFailure,
          regenerationsLeft: regeneration?.regenerationsLeft,
        }
      : undefined,
    primaryArticleId: optional(article.primaryArticleId),
    languageVersions: family,
    addingLanguages: adding,
    seo: optional(article.seo as SeoFields | null),
  };
}
