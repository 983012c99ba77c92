// Articles "on the subject" of a topic (subject.ts), as POST /articles counts them for
// article_exists: primary articles (not language versions), not archived, of the brief's site.
// brief.create tells an agent about them before it writes another (spec, "Tool interface").
import type { Prisma } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import { visibleWhere } from "../auth/visibility.ts";
import type { Database } from "../db/database.ts";
import { subjectOf } from "./subject.ts";

/** The filter of listArticles' `topic`; a topic with no content words is on no subject. */
export function onSubjectWhere(topic: string): Prisma.ArticleWhereInput | undefined {
  const subject = subjectOf(topic);
  return subject === "" ? undefined : { subject, primaryArticleId: null };
}

/** How many visible articles of the brief's site are on its topic's subject. */
export async function countArticlesOnSubject(
  db: Database,
  principal: Principal,
  brief: { siteId: string | null; topic: string },
): Promise<number> {
  const onSubject = onSubjectWhere(brief.topic);
  if (!onSubject) return 0;
  return db.prisma.article.count({
    where: { AND: [visibleWhere(principal, "article"), onSubject, { siteId: brief.siteId, status: { not: "archived" } }] },
  });
}
