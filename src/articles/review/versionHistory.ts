// Reading and comparing what an article held at two versions. The current version is the article
// as it stands; an earlier one is its snapshot (editArticle writes them).
import type { Principal } from "../../auth/principal.ts";
import type { Database } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { type ArticleSnapshot, compareSnapshots, snapshotOf } from "../edits/articleSnapshot.ts";
import { findVisibleArticle } from "../visibleArticle.ts";

async function snapshotAt(
  db: Database,
  principal: Principal,
  id: string,
  n: number,
): Promise<{ label: string; snapshot: ArticleSnapshot }> {
  const article = await findVisibleArticle(db, principal, id);
  const entry = await db.prisma.articleVersion.findUnique({ where: { articleId_n: { articleId: article.id, n } } });
  if (!entry) throw new DomainError("not_found", `Version ${n} was not found; the article is at version ${article.version}.`);
  if (n === article.version) {
    const claims = await db.prisma.articleClaim.findMany({ where: { articleId: article.id }, orderBy: { position: "asc" } });
    return { label: entry.label, snapshot: snapshotOf(article, claims) };
  }
  if (!entry.snapshot) throw new DomainError("not_found", `What version ${n} held was not kept.`);
  return { label: entry.label, snapshot: entry.snapshot as unknown as ArticleSnapshot };
}

export async function articleVersionContent(db: Database, principal: Principal, id: string, n: number) {
  const { label, snapshot } = await snapshotAt(db, principal, id, n);
  return {
    n,
    label,
    title: snapshot.title,
    deck: snapshot.deck ?? null,
    units: snapshot.units.map((u) => ({ n: u.n, kind: u.kind, text: u.text, claimIds: u.claimIds })),
    claims: snapshot.claims.map((c) => ({ id: c.id, text: c.text, state: c.state, keptFlag: c.keptFlag })),
  };
}

export async function compareArticleVersions(db: Database, principal: Principal, id: string, from: number, to: number) {
  const a = await snapshotAt(db, principal, id, from);
  const b = await snapshotAt(db, principal, id, to);
  const diff = compareSnapshots(a.snapshot, b.snapshot);
  return {
    from,
    to,
    titleBefore: diff.title?.[0] ?? null,
    titleAfter: diff.title?.[1] ?? null,
    deckBefore: diff.deck?.[0] ?? null,
    deckAfter: diff.deck?.[1] ?? null,
    units: diff.units.map((u) => ({ n: u.n, change: u.change, before: u.before ?? null, after: u.after ?? null })),
  };
}
