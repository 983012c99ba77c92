// The workspace library: pages fetched before, kept per workspace and searched with PostgreSQL
// full-text search ('simple' configuration, so every language is treated alike). A workspace
// only ever searches its own pages.
import { randomUUID } from "node:crypto";
import type { Database } from "../../db/database.ts";
import { registrableDomain } from "../group/originGroups.ts";
import type { ReadPage } from "../types.ts";

export interface LibraryHit {
  url: string;
  title: string;
  rank: number;
}

/** Stores or refreshes a read page in the workspace's library. */
export async function savePage(db: Database, workspaceId: string, page: ReadPage & { finalUrl?: string }): Promise<void> {
  await db.pool.query(
    `INSERT INTO library_page (id, workspace_id, url, final_url, domain, title, site_name, language, published_at, text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (workspace_id, url) DO UPDATE SET final_url = EXCLUDED.final_url, domain = EXCLUDED.domain,
       title = EXCLUDED.title, site_name = EXCLUDED.site_name, language = EXCLUDED.language,
       published_at = EXCLUDED.published_at, text = EXCLUDED.text, fetched_at = now()`,
    [
      randomUUID(),
      workspaceId,
      page.url,
      page.finalUrl ?? page.url,
      registrableDomain(page.url),
      page.title,
      page.siteName ?? null,
      page.language ?? null,
      page.publishedAt ? new Date(page.publishedAt) : null,
      page.text,
    ],
  );
}

/**
 * Pages of the workspace matching the words of `query`, best first. A page must carry at least
 * half of the query's words (two at least, when the query has two): one shared place name is
 * not a shared story, and a library holding other stories of the same town must not leak them
 * into this one. ts_rank orders what matches.
 */
export async function searchLibrary(db: Database, workspaceId: string, query: string, limit = 20): Promise<LibraryHit[]> {
  const terms = (query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).slice(0, 30);
  if (terms.length === 0) return [];
  // Each term is passed as a bound lexeme, never spliced into SQL or tsquery syntax.
  const { rows } = await db.pool.query<{ url: string; title: string; rank: number }>(
    `WITH q AS (
       SELECT to_tsquery('simple', string_agg(quote_literal(t), ' | ')) AS query FROM unnest($2::text[]) AS t
     )
     SELECT url, title, ts_rank(to_tsvector('simple'::regconfig, title || ' ' || text), q.query) AS rank
       FROM library_page, q
      WHERE workspace_id = $1 AND to_tsvector('simple'::regconfig, title || ' ' || text) @@ q.query
        AND (SELECT count(*) FROM unnest($2::text[]) AS t
              WHERE to_tsvector('simple'::regconfig, title || ' ' || text) @@ to_tsquery('simple', quote_literal(t))) >= $4
      ORDER BY rank DESC, fetched_at DESC
      LIMIT $3`,
    [workspaceId, terms, limit, Math.min(terms.length, Math.max(2, Math.ceil(terms.length / 2)))],
  );
  return rows;
}
