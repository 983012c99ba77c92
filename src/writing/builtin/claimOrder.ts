// Which claims the built-in engine writes first: corroborated before flagged, more origins
// before fewer, claims about the brief's topic before side details, and a claim that carries a
// `mustAppear` phrase before anything else. Deterministic: ties keep the input order.
import { stem } from "../../sourcing/claims/facts.ts";
import type { WritingBrief, WritingClaim, WritingSource } from "../types.ts";
import { phrasePattern } from "../voiceWords.ts";
import { fitToPrint } from "./claimText.ts";

const STATE_WEIGHT: Record<WritingClaim["state"], number> = {
  corroborated: 4,
  parallel: 2.5,
  disputed: 2,
  circular: 1.5,
  singleSource: 1,
};

// "X did not respond to a request for comment" is true and worth a line, never the lead.
const NO_COMMENT =
  /\b(?:did not|didn't|has not|have not|declined to|could not be reached)\s+(?:respond|comment|reply)|\bnot commented\b|\bkeine stellungnahme\b|\bn'a pas (?:répondu|commenté)\b|\bno respondió\b/iu;

export const isNoComment = (text: string) => NO_COMMENT.test(text);

export function stemsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/\p{L}{3,}/gu) ?? []) out.add(stem(word));
  return out;
}

export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared;
}

export interface RankedClaim {
  claim: WritingClaim;
  score: number;
  /** Indexes of the mustAppear phrases it carries. */
  carries: number[];
  /** Whether its sentence can stand as the article's own statement (see claimText.ts). */
  fit: boolean;
  stems: Set<string>;
}

/**
 * How early the claim comes in the pages that carry it, 0 (first line) to 1 (last): news copy
 * puts what matters most first, so an early claim is a stronger lead.
 */
function earliness(claim: WritingClaim, sources: ReadonlyMap<string, WritingSource>): number {
  let best = 1;
  for (const mention of claim.mentions) {
    const text = sources.get(mention.sourceId)?.text;
    if (!text) continue;
    const at = text.indexOf(mention.text);
    if (at >= 0) best = Math.min(best, at / Math.max(text.length, 1));
  }
  return best;
}

export interface RankOptions {
  sources?: ReadonlyMap<string, WritingSource>;
  /** Claims that can only be quoted, never stated (e.g. worded in another language). */
  quoteOnly?: ReadonlySet<string>;
  /** The voice's words to avoid: a claim using one goes after those that do not. */
  avoid?: readonly string[];
}

export function rankClaims(claims: readonly WritingClaim[], brief: WritingBrief, options: RankOptions = {}): RankedClaim[] {
  const sources = options.sources ?? new Map<string, WritingSource>();
  const quoteOnly = options.quoteOnly ?? new Set<string>();
  const avoid = (options.avoid ?? []).filter((w) => w.trim() !== "").map((w) => phrasePattern(w, "iu"));
  const topic = stemsOf([brief.topic, brief.angle, ...brief.keywords].join(" "));
  const patterns = brief.mustAppear.map((phrase) => phrasePattern(phrase, "iu"));
  const ranked = claims.map((claim, index) => {
    const stems = stemsOf(claim.text);
    const carries = patterns.flatMap((pattern, i) => (pattern.test(claim.text) ? [i] : []));
    const words = claim.text.split(/\s+/).length;
    const score =
      STATE_WEIGHT[claim.state] * 10 +
      Math.min(claim.originCount, 5) * 3 +
      Math.min(overlap(stems, topic), 4) * 4 +
      (1 - earliness(claim, sources)) * 8 -
      (words > 45 ? 5 : 0) -
      (NO_COMMENT.test(claim.text) ? 15 : 0) -
      (avoid.some((pattern) => pattern.test(claim.text)) ? 20 : 0);
    return { claim, score, carries, stems, index, fit: fitToPrint(claim.text) && !quoteOnly.has(claim.id) };
  });
  ranked.sort((a, b) => b.score - a.score || a.index - b.index);
  return ranked.map(({ index: _index, ...rest }) => rest);
}

/**
 * The writing order: one claim for every mustAppear phrase some claim carries (the best-ranked
 * one, fit to print if any is), then the rest of those fit to print by rank.
 */
export function writingOrder(ranked: readonly RankedClaim[], phraseCount: number): { order: RankedClaim[]; mandatory: number } {
  const first: RankedClaim[] = [];
  for (let i = 0; i < phraseCount; i++) {
    if (first.some((r) => r.carries.includes(i))) continue;
    const carrier = ranked.find((r) => r.fit && r.carries.includes(i)) ?? ranked.find((r) => r.carries.includes(i));
    if (carrier && !first.includes(carrier)) first.push(carrier);
  }
  return { order: [...first, ...ranked.filter((r) => r.fit && !first.includes(r))], mandatory: first.length };
}

/** Orders a section's claims so each follows the one it shares most words with, starting from the best-ranked. */
export function chainByLikeness(ranked: readonly RankedClaim[]): RankedClaim[] {
  const left = [...ranked];
  const out: RankedClaim[] = [];
  let current = left.shift();
  while (current) {
    out.push(current);
    let best = -1;
    let bestShared = 0;
    for (let i = 0; i < left.length; i++) {
      const shared = overlap(current.stems, (left[i] as RankedClaim).stems);
      if (shared > bestShared) {
        best = i;
        bestShared = shared;
      }
    }
    current = best >= 0 && bestShared >= 2 ? left.splice(best, 1)[0] : left.shift();
  }
  return out;
}
