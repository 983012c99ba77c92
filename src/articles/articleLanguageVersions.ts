// The language versions an article shows: the primary article and its versions in other
// languages, as far as the principal may see them.
import type { Article, ArticleStatus } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import { visibleWhere } from "../auth/visibility.ts";
import type { Database } from "../db/database.ts";
import { LANGUAGES } from "../languages.ts";

export interface LanguageVersionView {
  language: string;
  articleId: string;
  status: ArticleStatus;
  approved: boolean;
}

const languageRank = (code: string) => {
  const i = (LANGUAGES as readonly string[]).indexOf(code);
  return i === -1 ? LANGUAGES.length : i;
};

/**
 * The primary article first, then its versions in the order of the language list; archived
 * versions are left out (their language can be added again). Undefined when there is only one.
 */
export async function languageVersions(db: Database, principal: Principal, article: Article) {
  const primaryId = article.primaryArticleId ?? article.id;
  const family = await db.prisma.article.findMany({
    where: { AND: [visibleWhere(principal, "article"), { OR: [{ id: primaryId }, { primaryArticleId: primaryId }] }] },
    select: {
      id: true,
      language: true,
      status: true,
      version: true,
      primaryArticleId: true,
      archivedAt: true,
      createdAt: true,
      approvals: { orderBy: { at: "desc" }, take: 1, select: { version: true } },
    },
    orderBy: { createdAt: "asc" },
  });
  const primary = family.find((a) => a.id === primaryId);
  const versions = family
    .filter((a) => a.primaryArticleId === primaryId && a.status !== "archived" && a.archivedAt === null)
    .sort((a, b) => languageRank(a.language) - languageRank(b.language));
  const entries = [...(primary ? [primary] : []), ...versions].map(
    (a): LanguageVersionView => ({
      language: a.language,
      articleId: a.id,
      status: a.status,
      // Approved only while a person's approval is for the version it is at now (as its label).
      approved: a.approvals[0]?.version === a.version,
    }),
  );
  return entries.length >= 2 ? entries : undefined;
}
