// sources: the first step of a language-adding job. The pages of the article's sources are read
// again, for the language of the claims and the read-back of each new version; a page that no
// longer loads is named in the step's details and left out of the read-back. Nothing is checked
// again: the claims keep their states. If no page loads the versions are still written, and each
// version's read-back says it could not run.

import { fetchAndRead } from "../../sourcing/sourcingEngine.ts";
import type { QualityCheck, WritingSource } from "../../writing/types.ts";
import { loadArticleMaterial } from "../articleMaterial.ts";
import { type ArticleStep, type PipelineState, plural } from "./stepDefinition.ts";

export const sources: ArticleStep = {
  id: "sources",
  name: "Read the article's sources again",
  optional: false,
  async run(ctx) {
    const { sources: stored } = await loadArticleMaterial(ctx.db, ctx.job.articleId);
    const urls = [...new Set(stored.map((s) => s.url))];
    const { pages, failures } =
      urls.length > 0 ? await fetchAndRead(urls, { ...ctx.deps.fetch, signal: ctx.signal }) : { pages: [], failures: [] };
    const byUrl = new Map(pages.map((p) => [p.url, p]));
    const loaded: NonNullable<PipelineState["reread"]>["loaded"] = [];
    for (const source of stored) {
      const page = byUrl.get(source.url);
      if (page) loaded.push({ id: source.id, text: page.text, ...(page.language ? { language: page.language } : {}) });
    }
    const unreadable = failures.map((f) => ({ url: f.url, reason: f.reason }));
    const details = [
      ...unreadable.map((f) => ({ tag: "unreadable", text: `${f.url}: ${f.reason}` })),
      ...pages.map((p) => ({ tag: p.language ?? "text", text: p.url })),
    ];
    const summary =
      stored.length === 0
        ? "The article has no sources to read again; each version's read-back cannot run."
        : loaded.length === 0
          ? `None of the ${plural(urls.length, "source page")} loaded again; the versions are still written, and their read-back cannot run.`
          : `Read ${plural(pages.length, "source page")} again${unreadable.length ? `; ${unreadable.length} no longer ${unreadable.length === 1 ? "loads" : "load"}` : ""}.`;
    return { summary, details, state: { reread: { loaded, unreadable } } };
  },
};

/**
 * The article's sources as a language step reads them: in a language-adding job, the text read
 * again by `sources` (a page that did not load has none); in the brief's own job, as stored.
 */
export function sourcesAsReadAgain(state: PipelineState, stored: WritingSource[]): WritingSource[] {
  const reread = state.reread;
  if (!reread) return stored;
  const loaded = new Map(reread.loaded.map((s) => [s.id, s]));
  return stored.map(({ text: _text, ...source }) => {
    const again = loaded.get(source.id);
    return again ? { ...source, text: again.text, ...(again.language ? { language: again.language } : {}) } : source;
  });
}

/** The claims as a new version sees them: a flag a person kept on the primary is open again. */
export function openFlags<T extends { keptFlag?: boolean }>(claims: T[]): T[] {
  return claims.map(({ keptFlag: _kept, ...claim }) => claim as T);
}

/** The read-back of a version whose sources could not be read again. */
export function couldNotReadBack(unreadable: number): QualityCheck {
  return {
    id: "read-back",
    name: "Read back against the sources",
    verdict: "warning",
    detail:
      unreadable > 0
        ? `The read-back could not run: none of the ${unreadable} source pages loaded again when this version was written.`
        : "The read-back could not run: the article has no source pages to read again.",
  };
}
