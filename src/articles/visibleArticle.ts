// One article by id, if the principal may see it. Who may see which article is
// src/auth/visibility.ts: a site-bound credential sees its own site only and never an article with
// no site; anything it may not see is "not found", never "forbidden".
import type { Article } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import { assertVisible } from "../auth/visibility.ts";
import type { Database } from "../db/database.ts";
import { parseId } from "../ids.ts";

export async function findVisibleArticle(db: Database, principal: Principal, id: string): Promise<Article> {
  const articleId = parseId(id);
  const article = articleId ? await db.prisma.article.findUnique({ where: { id: articleId } }) : null;
  assertVisible(principal, "article", article);
  return article;
}
