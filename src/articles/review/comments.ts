// Persons' comments on an article, optionally on one unit. Keys and agents neither write nor see
// them (the article they read always has `comments: []`).
import type { Principal } from "../../auth/principal.ts";
import type { Database } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { findVisibleArticle } from "../visibleArticle.ts";
import { requirePerson } from "./approval.ts";

export const COMMENT_MAX = 4000;

export interface CommentView {
  id: string;
  text: string;
  by: string;
  at: string;
  unit?: number;
}

export async function addComment(
  db: Database,
  principal: Principal,
  articleId: string,
  text: string,
  unit?: number,
): Promise<CommentView> {
  const person = requirePerson(principal);
  const clean = text.trim();
  if (clean === "") throw new DomainError("validation", "A comment needs text.");
  if (clean.length > COMMENT_MAX)
    throw new DomainError("text_too_long", `A comment is at most ${COMMENT_MAX} characters.`, { max: COMMENT_MAX });
  const article = await findVisibleArticle(db, person, articleId);
  if (unit !== undefined) {
    const units = Array.isArray(article.units) ? article.units.length : 0;
    if (!Number.isInteger(unit) || unit < 1 || unit > units)
      throw new DomainError("not_found", `Unit ${unit} was not found; the article has ${units} units.`);
  }
  const row = await db.prisma.articleComment.create({
    data: { articleId: article.id, personId: person.personId, by: person.personName, text: clean, unit: unit ?? null },
  });
  return {
    id: row.id,
    text: row.text,
    by: row.by,
    at: row.at.toISOString(),
    ...(row.unit ? { unit: row.unit } : {}),
  };
}
