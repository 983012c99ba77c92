// What every check of the read-back reads: its input, and the draft as read once for all of them
// (body units, their sentences, claims and sources by id).
import type { Figures } from "../figures.ts";
import type { Draft, SitePage, SiteVoice, Unit, WritingBrief, WritingClaim, WritingSource } from "../types.ts";

export interface ReadBackInput {
  draft: Draft;
  brief: WritingBrief;
  voice?: SiteVoice;
  claims: WritingClaim[];
  /** Claims the sources carry that the article does not keep (the text states none of them): named as left out. */
  omitted?: WritingClaim[];
  sources: WritingSource[];
  sitePages?: SitePage[];
  /** An HTTP status for a url, or undefined when it cannot be reached. */
  linkStatus?: (url: string) => Promise<number | undefined>;
  /**
   * Page figures by source, to share one `pageFigureCache()` with the writer that already read
   * the same pages: reading 20 long pages is most of the read-back's time.
   */
  pageFigures?: (source: WritingSource) => Figures;
}

export interface Read {
  input: ReadBackInput;
  language: string;
  /** Units whose text counts as body text (every unit but table header rows). */
  body: Unit[];
  sentences: Map<number, string[]>;
  claims: Map<string, WritingClaim>;
  sources: Map<string, WritingSource>;
}

/** The units citing each of the article's claims, by claim id. */
export function citedClaims(read: Read): Map<string, number[]> {
  const cited = new Map<string, number[]>();
  for (const unit of read.body) {
    for (const id of new Set(unit.claimIds)) {
      if (!read.claims.has(id)) continue;
      const at = cited.get(id);
      if (at) at.push(unit.n);
      else cited.set(id, [unit.n]);
    }
  }
  return cited;
}
