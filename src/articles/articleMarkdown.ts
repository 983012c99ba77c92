// One article as Markdown (the tool interface's export.render with format markdown): the title,
// the deck, then the units in order, as src/writing/markdown.ts writes a draft.
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { draftToMarkdown } from "../writing/markdown.ts";
import type { Unit } from "../writing/types.ts";
import { findVisibleArticle } from "./visibleArticle.ts";

export async function articleMarkdown(db: Database, principal: Principal, id: string): Promise<string> {
  const article = await findVisibleArticle(db, principal, id);
  // Nothing to export while a job is still writing it (its text is not there yet).
  if (article.status === "generating") {
    throw new DomainError("article_generating", "The article is being written; export it when its job has finished.");
  }
  const units = Array.isArray(article.units) ? (article.units as unknown as Unit[]) : [];
  return draftToMarkdown({ title: article.title, deck: article.deck ?? undefined, units });
}
