// A finished job's language versions become articles of their own, each with primaryArticleId:
// its own copies of the primary's sources and claims (same states: nothing is checked again),
// its units pointing at those copies, its SEO fields and read-back. A flag a person kept on the
// primary is an open flag in the version: each version is reviewed on its own.
import { randomUUID } from "node:crypto";
import type { Sql } from "../db/transaction.ts";
import type { Language } from "../languages.ts";
import { draftWords } from "../writing/units.ts";
import type { LanguageWork } from "./steps/index.ts";

/**
 * Who the first version entry names when the versions are added to a written article (a
 * language-adding job): the person or credential that asked. Without it the entry names the
 * credential that started the primary, as for versions asked in the brief.
 */
export interface AddedBy {
  label: string;
  by: string;
  agent: string | null;
}

export async function createLanguageVersions(
  sql: Sql,
  primaryId: string,
  versions: readonly { code: Language; work: LanguageWork }[],
  addedBy?: AddedBy,
): Promise<void> {
  for (const { code, work } of versions) {
    const draft = work.draft;
    if (!draft) continue;
    const articleId = randomUUID();
    const { rows: sources } = await sql.query<{ id: string }>(
      `SELECT id FROM article_source WHERE article_id = $1 ORDER BY position`,
      [primaryId],
    );
    const { rows: claims } = await sql.query<{ id: string }>(
      `SELECT id FROM article_claim WHERE article_id = $1 ORDER BY position`,
      [primaryId],
    );
    const sourceMap = new Map(sources.map((s) => [s.id, randomUUID()]));
    const claimMap = new Map(claims.map((c) => [c.id, randomUUID()]));
    const units = draft.units.map((u) => ({ ...u, claimIds: u.claimIds.map((id) => claimMap.get(id) ?? id) }));
    await sql.query(
      `INSERT INTO article (id, workspace_id, site_id, brief_id, primary_article_id, credential_id, person_id, status, origin,
                            language, subject, title, lead, deck, words, units, internal_links, quality, seo, brand_name, by_line,
                            agent_name, version)
       SELECT $2, workspace_id, site_id, brief_id, id, credential_id, person_id, 'needsReview', origin,
              $3, subject, $4, $5, $6, $7, $8, '[]', $9, $10, brand_name, by_line, agent_name, 1
         FROM article WHERE id = $1`,
      [
        primaryId,
        articleId,
        code,
        draft.title,
        draft.lead,
        draft.deck ?? null,
        draftWords(draft),
        JSON.stringify(units),
        JSON.stringify(work.quality ?? []),
        work.seo ? JSON.stringify(work.seo) : null,
      ],
    );
    for (const [oldId, newId] of sourceMap) {
      await sql.query(
        `INSERT INTO article_source (id, article_id, position, origin, origin_id, title, url, score, official, relation, language, published_at, text)
         SELECT $3, $2, position, origin, origin_id, title, url, score, official, relation, language, published_at, text
           FROM article_source WHERE id = $1`,
        [oldId, articleId, newId],
      );
    }
    for (const [oldId, newId] of claimMap) {
      await sql.query(
        `INSERT INTO article_claim (id, article_id, position, text, state, origin_count, source_ids, mentions, variants, attributed_to, kept_flag, kept_note)
         SELECT $3, $2, position, text, state, origin_count,
                ARRAY(SELECT (($4::jsonb) ->> s::text)::uuid FROM unnest(source_ids) AS s),
                mentions, variants, attributed_to, false, NULL
           FROM article_claim WHERE id = $1`,
        [oldId, articleId, newId, JSON.stringify(Object.fromEntries(sourceMap))],
      );
    }
    if (addedBy) {
      await sql.query(
        `INSERT INTO article_version (article_id, n, label, by, model, note, agent, title) VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`,
        [
          articleId,
          addedBy.label,
          addedBy.by,
          draft.model ?? "none",
          `${code} version written by the writing engine (${draft.engine}) from the primary article's claims, added to the written article.`,
          addedBy.agent,
          draft.title,
        ],
      );
      continue;
    }
    await sql.query(
      `INSERT INTO article_version (article_id, n, label, by, model, note, agent, title)
       SELECT $2, 1, 'generation', $3, $4, $5, agent, $6 FROM article_version WHERE article_id = $1 AND n = 1`,
      [
        primaryId,
        articleId,
        `Writing engine (${draft.engine})`,
        draft.model ?? "none",
        `${code} version written from the primary article's claims.`,
        draft.title,
      ],
    );
  }
}
