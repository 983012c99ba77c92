// The bytes of an article's picture, for an article the principal may see.
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { findVisibleArticle } from "./visibleArticle.ts";

export interface IllustrationImage {
  contentType: string;
  bytes: Buffer;
}

const noPicture = () => new DomainError("not_found", "No such article or no ready picture.");

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
