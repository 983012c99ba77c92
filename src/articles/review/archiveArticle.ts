// Archiving (spec, POST /articles/{id}/archive): never while a job writes the article, one of its
// versions or languages being added; an article written from a brief takes its language versions
// with it; a version goes alone and its language can be added again; twice is harmless.
import type { Principal } from "../../auth/principal.ts";
import { assertVisible } from "../../auth/visibility.ts";
import type { Database } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { parseId } from "../../ids.ts";
import { versionAuthor } from "../edits/editArticle.ts";

export async function archiveArticle(db: Database, principal: Principal, id: string): Promise<void> {
  const articleId = parseId(id);
  if (!articleId) throw new DomainError("not_found", "Article was not found.");
  await db.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM article WHERE id = ${articleId}::uuid FOR UPDATE`;
    const row = await tx.article.findUnique({ where: { id: articleId } });
    assertVisible(principal, "article", row);
    if (row.archivedAt) return;
    const family = row.primaryArticleId
      ? [row.id]
      : [row.id, ...(await tx.article.findMany({ where: { primaryArticleId: row.id }, select: { id: true } })).map((a) => a.id)];
    // The article being written, one of its versions, or a job adding languages to it (or, for a
    // version, to the article it is a version of).
    const watched = row.primaryArticleId ? [...family, row.primaryArticleId] : family;
    const busy = await tx.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM article a
       WHERE (a.id = ANY(${family}::uuid[]) AND a.status = 'generating')
          OR EXISTS (SELECT 1 FROM job j WHERE j.article_id = ANY(${watched}::uuid[]) AND j.status IN ('queued', 'running', 'paused'))`;
    if (Number(busy[0]?.n ?? 0) > 0) {
      throw new DomainError(
        "article_generating",
        "A job is writing this article, one of its versions, or languages for it; archive it when the job has finished.",
      );
    }
    const author = versionAuthor(principal);
    await tx.article.updateMany({
      where: { id: { in: family }, archivedAt: null },
      data: {
        status: "archived",
        archivedAt: new Date(),
        archivedBy: principal.personName,
        archivedAgent: author.agent,
        updatedAt: new Date(),
      },
    });
  });
}
