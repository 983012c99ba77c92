// The article in the contract's form: the domain's view (src/articles/articleView.ts) keeps ids
// as stored; here every id takes its kind's letter case (schema/ids.ts) and the picture gets its
// url. The Article and ArticleSummary types resolve their fields through these, and webhook events
// embed `articleOut` (article.approved, article.exported, through src/contractFormat.ts), so an
// event's article is the article GET /articles/{id} returns.

import type { LanguageVersionView } from "../src/articles/articleLanguageVersions.ts";
import type { ArticleSummaryView } from "../src/articles/articleList.ts";
import type { RunView } from "../src/articles/articleRuns.ts";
import type { ArticleView, ClaimView, CommentView, IllustrationView, SourceView } from "../src/articles/articleView.ts";
import type { AddingLanguagesView } from "../src/articles/languages/addingLanguages.ts";
import type { Block, Paragraph } from "../src/writing/units.ts";
import {
  articleIdOut,
  briefIdOut,
  claimIdOut,
  commentIdOut,
  illustrationIdOut,
  jobIdOut,
  jobRefIdOut,
  optionalIdOut,
  siteIdOut,
  sourceIdOut,
} from "./ids.ts";

const claimIds = (ids: readonly string[]) => ids.map(claimIdOut);

export const paragraphOut = (p: Paragraph): Paragraph => ({ ...p, claimIds: claimIds(p.claimIds) });

export const blockOut = (b: Block): Block => ({
  ...b,
  claimIds: claimIds(b.claimIds),
  ...(b.items ? { items: b.items.map((i) => ({ ...i, claimIds: claimIds(i.claimIds) })) } : {}),
  ...(b.rows ? { rows: b.rows.map((r) => ({ ...r, claimIds: claimIds(r.claimIds) })) } : {}),
});

export const sourceOut = (s: SourceView): SourceView => ({ ...s, id: sourceIdOut(s.id) });

export const claimOut = (c: ClaimView): ClaimView => ({ ...c, id: claimIdOut(c.id), sourceIds: c.sourceIds.map(sourceIdOut) });

export const commentOut = (c: CommentView): CommentView => ({ ...c, id: commentIdOut(c.id) });

export const runOut = (run: RunView | undefined): RunView | undefined =>
  run && { ...run, jobId: jobIdOut(run.jobId), ...(run.briefId ? { briefId: briefIdOut(run.briefId) } : {}) };

export const languageVersionOut = (v: LanguageVersionView): LanguageVersionView => ({
  ...v,
  articleId: articleIdOut(v.articleId),
});

/** The spec's AddingLanguages writes its ids lower-case. */
export const addingLanguagesOut = (a: AddingLanguagesView | undefined): AddingLanguagesView | undefined =>
  a && { ...a, jobId: jobRefIdOut(a.jobId), ...(a.briefId ? { briefId: jobRefIdOut(a.briefId) } : {}) };

/** The picture's relative path, fetched with the same credential; only when it is ready. */
export function illustrationUrl(articleId: string, illustrationId: string): string {
  return `/api/v1/articles/${articleIdOut(articleId)}/illustration?i=${illustrationIdOut(illustrationId)}`;
}

export function illustrationOut(articleId: string, picture: IllustrationView): IllustrationView & { url?: string } {
  const { id, status, ...rest } = picture;
  return {
    id: illustrationIdOut(id),
    status,
    url: status === "ready" ? illustrationUrl(articleId, id) : undefined,
    ...rest,
  };
}

export function articleOut(view: ArticleView): ArticleView {
  return {
    ...view,
    id: articleIdOut(view.id),
    paragraphs: view.paragraphs.map(paragraphOut),
    sources: view.sources.map(sourceOut),
    claims: view.claims.map(claimOut),
    comments: view.comments.map(commentOut),
    siteId: optionalIdOut(siteIdOut, view.siteId),
    run: runOut(view.run),
    blocks: view.blocks.map(blockOut),
    illustration: view.illustration && illustrationOut(view.id, view.illustration),
    primaryArticleId: optionalIdOut(articleIdOut, view.primaryArticleId),
    languageVersions: view.languageVersions?.map(languageVersionOut),
    addingLanguages: addingLanguagesOut(view.addingLanguages),
  };
}

export function articleSummaryOut(summary: ArticleSummaryView): ArticleSummaryView {
  return {
    ...summary,
    id: articleIdOut(summary.id),
    siteId: optionalIdOut(siteIdOut, summary.siteId),
    run: runOut(summary.run),
    primaryArticleId: optionalIdOut(articleIdOut, summary.primaryArticleId),
  };
}
