// The article's rows as the writing engine reads them, and a draft written into them. The write
// step replaces the article's sources and claims wholesale, so running it again (a retry, or a
// worker that died half-way) leaves one consistent set.
import type { ArticleClaim, ArticleSource } from "../../prisma/generated/client/client.ts";
import type { Database } from "../db/database.ts";
import { withTransaction } from "../db/transaction.ts";
import { relationSentence } from "../sourcing/sourceSummary.ts";
import type { GroupedSource } from "../sourcing/types.ts";
import type { WritingMaterial } from "../writing/material.ts";
import type { Draft, InternalLink, Unit, WritingClaim, WritingSource } from "../writing/types.ts";
import { draftWords } from "../writing/units.ts";

export interface ArticleMaterial {
  draft: Draft;
  claims: WritingClaim[];
  sources: WritingSource[];
}

type ArticleRow = Awaited<ReturnType<Database["prisma"]["article"]["findUniqueOrThrow"]>>;

function draftOf(article: ArticleRow): Draft {
  return {
    title: article.title,
    ...(article.deck ? { deck: article.deck } : {}),
    lead: article.lead,
    language: article.language as Draft["language"],
    units: article.units as unknown as Unit[],
    internalLinks: article.internalLinks as unknown as InternalLink[],
    engine: "",
    warnings: [],
  };
}

/** The article's text alone, for steps that need no claims or sources (the pages are long). */
export async function loadDraft(db: Database, articleId: string): Promise<Draft> {
  return draftOf(await db.prisma.article.findUniqueOrThrow({ where: { id: articleId } }));
}

/** A stored claim as the writer sees it. */
export function writingClaim(c: ArticleClaim): WritingClaim {
  return {
    id: c.id,
    text: c.text,
    state: c.state as WritingClaim["state"],
    originCount: c.originCount,
    sourceIds: c.sourceIds,
    mentions: Array.isArray(c.mentions) ? (c.mentions as unknown as WritingClaim["mentions"]) : [],
    ...(Array.isArray(c.variants) ? { variants: c.variants as unknown as NonNullable<WritingClaim["variants"]> } : {}),
    ...(c.attributedTo ? { attributedTo: c.attributedTo } : {}),
    ...(c.keptFlag ? { keptFlag: true } : {}),
  };
}

/** A stored source as the writer sees it; its page text only when it was kept (and selected). */
export function writingSource(s: Omit<ArticleSource, "text"> & { text?: string }): WritingSource {
  return {
    id: s.id,
    origin: s.origin,
    originId: s.originId,
    title: s.title,
    url: s.url,
    official: s.official,
    ...(s.text ? { text: s.text } : {}),
    ...(s.language ? { language: s.language } : {}),
    ...(s.publishedAt ? { publishedAt: s.publishedAt } : {}),
  };
}

export async function loadArticleMaterial(db: Database, articleId: string): Promise<ArticleMaterial> {
  const article = await db.prisma.article.findUniqueOrThrow({
    where: { id: articleId },
    include: { claims: { orderBy: { position: "asc" } }, sources: { orderBy: { position: "asc" } } },
  });
  const draft = draftOf(article);
  const claims = article.claims.map(writingClaim);
  const sources = article.sources.map(writingSource);
  return { draft, claims, sources };
}

/**
 * Writes a draft into the article: every source it was written from, the claims its units state,
 * and the text. `grouped` gives each source's score and relation (keys as in the sourcing engine).
 */
export async function saveArticleDraft(
  db: Database,
  articleId: string,
  draft: Draft,
  material: WritingMaterial,
  grouped: readonly GroupedSource[],
): Promise<void> {
  const cited = new Set(draft.units.flatMap((u) => u.claimIds));
  const claims = material.claims.filter((c) => cited.has(c.id));
  await withTransaction(db, async (sql) => {
    await sql.query(`DELETE FROM article_claim WHERE article_id = $1`, [articleId]);
    await sql.query(`DELETE FROM article_source WHERE article_id = $1`, [articleId]);
    for (const [i, source] of material.sources.entries()) {
      const g = grouped[i];
      const relation = g?.relation ? relationText(g.relation, grouped) : null;
      await sql.query(
        `INSERT INTO article_source (id, article_id, position, origin, origin_id, title, url, score, official, relation, language, published_at, text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          source.id,
          articleId,
          i + 1,
          source.origin,
          source.originId,
          source.title,
          source.url,
          g?.score ?? 0,
          source.official,
          relation,
          source.language ?? null,
          source.publishedAt ?? null,
          source.text ?? "",
        ],
      );
    }
    for (const [i, claim] of claims.entries()) {
      await sql.query(
        `INSERT INTO article_claim (id, article_id, position, text, state, origin_count, source_ids, mentions, variants, attributed_to)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          claim.id,
          articleId,
          i + 1,
          claim.text,
          claim.state,
          claim.originCount,
          claim.sourceIds,
          JSON.stringify(claim.mentions),
          claim.variants ? JSON.stringify(claim.variants) : null,
          claim.attributedTo ?? null,
        ],
      );
    }
    await sql.query(
      `UPDATE article SET title = $2, lead = $3, deck = $4, words = $5, units = $6, internal_links = $7, updated_at = now()
        WHERE id = $1`,
      [
        articleId,
        draft.title,
        draft.lead,
        draft.deck ?? null,
        draftWords(draft),
        JSON.stringify(draft.units),
        JSON.stringify(draft.internalLinks),
      ],
    );
    await sql.query(`DELETE FROM article_version WHERE article_id = $1`, [articleId]);
    await sql.query(
      `INSERT INTO article_version (article_id, n, label, by, model, note, agent, title)
       SELECT $1, 1, 'generation', $2, $3, $4, a.agent_name_for_version, $5
         FROM (SELECT CASE WHEN c.kind = 'agent' THEN c.name WHEN c.kind = 'key' THEN 'API key ' || c.name || ' (' || c.token_hint || ')' END AS agent_name_for_version
                 FROM article ar LEFT JOIN credential c ON c.id = ar.credential_id WHERE ar.id = $1) a`,
      [
        articleId,
        draft.engine === "built-in" ? "Writing engine (built-in)" : `Writing engine (${draft.engine})`,
        draft.model ?? "none",
        `Written from ${grouped.length} sources across ${new Set(grouped.map((g) => g.originId)).size} independent origins; ${claims.length} claims.`,
        draft.title,
      ],
    );
    await sql.query(`UPDATE article SET version = 1 WHERE id = $1`, [articleId]);
  });
}

function relationText(relation: NonNullable<GroupedSource["relation"]>, grouped: readonly GroupedSource[]): string {
  const to = grouped.find((g) => g.key === relation.to);
  return relationSentence(relation.kind, to ? { origin: to.origin, url: to.page.url } : undefined);
}
