// Figures (numbers and dates) a text states, and whether the sources behind it carry them. The
// rule every writer is held to: no number or date appears that its cited claims' sources do not
// carry. The model provider rejects output that breaks it, the read-back reports it, and the
// writing evaluation counts it.
import { sentenceFacts } from "../sourcing/claims/facts.ts";
import { splitSentences } from "../sourcing/claims/sentences.ts";
import type { WritingClaim, WritingSource } from "./types.ts";

export interface Figures {
  numbers: Set<string>;
  /** yyyy-mm-dd, yyyy-mm, yyyy or mm-dd. */
  dates: Set<string>;
}

/** The figures of a text, sentence by sentence, in the sourcing engine's normalised form. */
export function figuresOf(text: string, language = "en"): Figures {
  const numbers = new Set<string>();
  const dates = new Set<string>();
  for (const sentence of splitSentences(text, language)) {
    const facts = sentenceFacts(sentence, language);
    for (const n of facts.numbers) numbers.add(n);
    for (const d of facts.dates) dates.add(d);
  }
  return { numbers, dates };
}

function addAll(into: Figures, from: Figures): void {
  for (const n of from.numbers) into.numbers.add(n);
  for (const d of from.dates) into.dates.add(d);
}

/**
 * What the cited claims carry: their own text, each carrier's wording and, unless `pages` is
 * false, the whole text of every source that carries them (a figure in the same page counts).
 * The writers are held to the claims alone (`pages: false`): a figure elsewhere on a page is
 * not a claim, and a page's text may be written to plant one. The read-back, which checks the
 * text against its sources, counts the pages.
 */
export function carriedFigures(
  claimIds: readonly string[],
  claims: ReadonlyMap<string, WritingClaim>,
  sources: ReadonlyMap<string, WritingSource>,
  pages: ((source: WritingSource) => Figures) | false = (source) => figuresOf(source.text ?? "", source.language),
): Figures {
  const carried: Figures = { numbers: new Set(), dates: new Set() };
  // Claim wording is read in the language of the page it came from ("1.200" is 1200 in German).
  const languageOf = (sourceId: string | undefined) => (sourceId ? sources.get(sourceId)?.language : undefined);
  for (const id of claimIds) {
    const claim = claims.get(id);
    if (!claim) continue;
    addAll(carried, figuresOf(claim.text, languageOf(claim.sourceIds[0])));
    for (const mention of claim.mentions) addAll(carried, figuresOf(mention.text, languageOf(mention.sourceId)));
    for (const variant of claim.variants ?? []) addAll(carried, figuresOf(variant.text, languageOf(variant.sourceIds[0])));
    if (pages === false) continue;
    for (const sourceId of claim.sourceIds) {
      const source = sources.get(sourceId);
      if (source?.text) addAll(carried, pages(source));
    }
  }
  return carried;
}

/** A date is carried when some carried date says the same at its precision ("11-03" by "2026-11-03"). */
function dateCarried(date: string, carried: ReadonlySet<string>): boolean {
  if (carried.has(date)) return true;
  for (const c of carried) {
    if (/^\d{2}-\d{2}$/.test(date) && c.endsWith(`-${date}`)) return true;
    if (c.startsWith(`${date}-`)) return true;
  }
  return false;
}

/** The figures of `text` that `carried` does not hold, as written in normalised form. */
export function uncarriedFigures(text: string, carried: Figures, language = "en"): string[] {
  const stated = figuresOf(text, language);
  const out: string[] = [];
  for (const n of stated.numbers) if (!carried.numbers.has(n) && !carried.dates.has(n)) out.push(n);
  for (const d of stated.dates) if (!dateCarried(d, carried.dates)) out.push(d);
  return out;
}

/** Memoises page figures per source for a run over many units. */
export function pageFigureCache(): (source: WritingSource) => Figures {
  const cache = new Map<string, Figures>();
  return (source) => {
    let figures = cache.get(source.id);
    if (!figures) {
      figures = figuresOf(source.text ?? "", source.language);
      cache.set(source.id, figures);
    }
    return figures;
  };
}
