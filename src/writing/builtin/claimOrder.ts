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
  /** Whether it uses a word the voice avoids. */
  avoided?: boolean;
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

/**
 * How many sentences come before a mention on its carrier page: 0 when the page opens with it (or
 * it is the page's title). Infinity when the page's text does not hold it.
 */
function openingIndex(mention: WritingClaim["mentions"][number], sources: ReadonlyMap<string, WritingSource>): number {
  const source = sources.get(mention.sourceId);
  if (!source?.text) return Number.POSITIVE_INFINITY;
  if (source.title.trim() === mention.text.trim()) return 0;
  const at = source.text.indexOf(mention.text);
  if (at < 0) return Number.POSITIVE_INFINITY;
  return (source.text.slice(0, at).match(/[.!?。](?:["”’»)]*)\s/gu) ?? []).length;
}

/** A year as news copy writes one. */
const YEAR = /(?<!\d)(?:1[5-9]|20)\d{2}(?!\d)/gu;

const yearsIn = (text: string) => (text.match(YEAR) ?? []).map(Number);

/** The latest year the claims name: the story's own time, against which background is told. */
export function latestYear(claims: readonly RankedClaim[]): number {
  return claims.reduce((latest, r) => Math.max(latest, ...yearsIn(r.claim.text)), 0);
}

/** How far back a claim's own years reach before the story's latest: "built in 1347" is background. */
const BACKGROUND_OPENING =
  /^(?:last year|for those who|older readers|opened in|built in|founded in|established in|in the \d{4}s|l['’]an dernier|l['’]année dernière|el año pasado|lo scorso anno|im vergangenen jahr|w zeszłym roku)\b/iu;

/**
 * Background rather than what happened: a sentence opening on the past ("Last year…", "Built in
 * 1891…") or whose only years lie two or more before the story's latest year.
 */
export function isBackground(text: string, latest: number): boolean {
  if (BACKGROUND_OPENING.test(text.trim())) return true;
  const years = yearsIn(text);
  return years.length > 0 && Math.max(...years) <= latest - 2;
}

/**
 * The story's main event, the claim the lead and the headline are made from. News copy states
 * what happened in its headline and first sentences, and the brief names what the article is
 * about. Each claim that can lead (fit to print, not a "did not respond", not background, no word
 * the voice avoids) is scored:
 * - 2 for each carrier page that opens with it (its first two sentences, or its title), up to two;
 * - 1.5 × how much of the pages' headlines it shares: for each page, the title's words it has, up
 *   to three, over three;
 * - 1 for each word of the brief's topic it shares, up to three;
 * - 2 when it is corroborated, 1 when parallel (a party's announcement every outlet reports on its
 *   word is often the news, "the bridge will close from 4 May", but so is a party's demand beside
 *   the walkout seen: the fact seen weighs more), and 0.5 for each independent origin, up to four.
 * The best leads; ties keep the writing rank. Undefined when no claim can lead.
 */
/** What a parallel claim weighs as the main event, against 2 for a corroborated one. */
const PARALLEL_MAIN_WEIGHT = 1;

export function mainEvent(
  ranked: readonly RankedClaim[],
  brief: WritingBrief,
  sources: ReadonlyMap<string, WritingSource>,
): RankedClaim | undefined {
  const topic = stemsOf([brief.topic, brief.angle].join(" "));
  const headlines = [...sources.values()].map((source) => stemsOf(source.title));
  const latest = latestYear(ranked);
  let best: RankedClaim | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const r of ranked) {
    if (!r.fit || r.avoided || isNoComment(r.claim.text) || isBackground(r.claim.text, latest)) continue;
    const stems = stemsOf(r.claim.mentions.map((m) => m.text).join(" "));
    const openings = r.claim.mentions.filter((m) => openingIndex(m, sources) <= 1).length;
    const headline = headlines.reduce((sum, title) => sum + Math.min(overlap(stems, title), 3) / 3, 0);
    const score =
      2 * Math.min(openings, 2) +
      1.5 * headline +
      Math.min(overlap(r.stems, topic), 3) +
      (r.claim.state === "corroborated" ? 2 : r.claim.state === "parallel" ? PARALLEL_MAIN_WEIGHT : 0) +
      0.5 * Math.min(r.claim.originCount, 4);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

export interface RankOptions {
  sources?: ReadonlyMap<string, WritingSource>;
  /** Claims that can only be quoted, never stated (e.g. worded in another language). */
  quoteOnly?: ReadonlySet<string>;
  /** Claims the engine cannot put in words of its own: written only when a mustAppear phrase needs them. */
  copying?: ReadonlySet<string>;
  /** The voice's words to avoid: a claim using one goes after those that do not. */
  avoid?: readonly string[];
}

export function rankClaims(claims: readonly WritingClaim[], brief: WritingBrief, options: RankOptions = {}): RankedClaim[] {
  const sources = options.sources ?? new Map<string, WritingSource>();
  const quoteOnly = options.quoteOnly ?? new Set<string>();
  const copying = options.copying ?? new Set<string>();
  const avoid = (options.avoid ?? []).filter((w) => w.trim() !== "").map((w) => phrasePattern(w, "iu"));
  const topic = stemsOf([brief.topic, brief.angle, ...brief.keywords].join(" "));
  const patterns = brief.mustAppear.map((phrase) => phrasePattern(phrase, "iu"));
  const ranked = claims.map((claim, index) => {
    const stems = stemsOf(claim.text);
    const carries = patterns.flatMap((pattern, i) => (pattern.test(claim.text) ? [i] : []));
    const words = claim.text.split(/\s+/).length;
    const avoided = avoid.some((pattern) => pattern.test(claim.text));
    const score =
      STATE_WEIGHT[claim.state] * 10 +
      Math.min(claim.originCount, 5) * 3 +
      Math.min(overlap(stems, topic), 4) * 4 +
      (1 - earliness(claim, sources)) * 8 -
      (words > 45 ? 5 : 0) -
      (NO_COMMENT.test(claim.text) ? 15 : 0) -
      (avoided ? 20 : 0);
    return {
      claim,
      score,
      carries,
      stems,
      index,
      avoided,
      fit: fitToPrint(claim.text) && !quoteOnly.has(claim.id) && !copying.has(claim.id),
    };
  });
  ranked.sort((a, b) => b.score - a.score || a.index - b.index);
  return ranked.map(({ index: _index, ...rest }) => rest);
}

/**
 * The writing order: the main event (when one can lead), then one claim for every mustAppear
 * phrase some claim carries (the best-ranked one, fit to print if any is), then the rest of those
 * fit to print by rank.
 */
export function writingOrder(
  ranked: readonly RankedClaim[],
  phraseCount: number,
  lead?: RankedClaim,
): { order: RankedClaim[]; mandatory: number } {
  const first: RankedClaim[] = lead ? [lead] : [];
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
