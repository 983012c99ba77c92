// Two parties' counts of one thing. A company puts a plant closure at "480 suppressions de postes"
// and the union at "612 emplois perdus"; the outlets each rest one figure on its party, in words
// that share little beyond the count itself, so no two sentences read as one statement disputed.
// Taken claim by claim it is plain: one claim rests wholly on the company, another wholly on the
// union (each a parallel claim), and each counts the same kind of thing (jobs, workers,
// households) with a figure the other does not give. Those are two accounts of one count: a dispute.
import type { GroupedSource } from "../types.ts";
import type { Quantity, SentenceFacts } from "./facts.ts";
import { BROAD_UNITS } from "./figures.ts";
import { type Party, sameParty } from "./parties.ts";

interface PartyMention {
  source: number;
  party?: string;
  facts: SentenceFacts;
}

/**
 * Kinds of things counted that say what they count: a figure of people, money, a share or a span
 * of time counts too many different things ("evacuated", "injured"; a cost, a fine) to tell two
 * accounts of one count from two counts. So do a length (a detour, a queue, a stretch of river), a
 * speed (a gust, a train) and a temperature. A volume is one thing's when the two claims also share
 * what is measured ("4 000 litres" of ammonia solution on the operator's word, "at least 15,000
 * litres" of it on the agency's; not litres of diesel against litres of foam): `sameMeasured`.
 */
const GENERAL_UNITS = new Set(["", ...BROAD_UNITS, "year", "month", "day", "hour", "length"]);

/**
 * The specific counts every mention of a claim states: a figure one mention gives of a specific
 * kind of thing, which every other mention gives too. What the others say it counts may be written
 * in another language's words ("612 emplois perdus", "612 wegfallenden Arbeitsplätzen"), so the
 * figure, not the word, must agree.
 */
function sharedCounts(
  members: readonly number[],
  mentions: readonly PartyMention[],
  same: (x: Quantity, y: Quantity) => boolean,
): Quantity[] {
  const all = members.map((m) => (mentions[m] as PartyMention).facts.quantities);
  const specific = all.flat().filter((q) => !GENERAL_UNITS.has(q.unit));
  const out: Quantity[] = [];
  for (const q of specific)
    if (!out.some((x) => x.unit === q.unit && same(q, x)) && all.every((qs) => qs.some((x) => same(q, x)))) out.push(q);
  return out;
}

/**
 * Claims (clusters of mention indices) that give two parties' different counts of one kind of
 * thing, as pairs of one mention of each and the two claims. A claim that also states the other's
 * figure anywhere (a sentence giving both accounts) is left to the sentence comparison.
 */
export function partyCountConflicts(
  clusters: readonly (readonly number[])[],
  mentions: readonly PartyMention[],
  sources: readonly GroupedSource[],
  same: (x: Quantity, y: Quantity) => boolean,
  /** The one party a claim rests on (a parallel claim's), if one. */
  partyOf: (cluster: number) => Party | undefined,
): { a: number; b: number; ca: number; cb: number }[] {
  const counted: { id: number; party: Party; counts: Quantity[]; members: readonly number[]; position?: string }[] = [];
  clusters.forEach((members, id) => {
    const counts = sharedCounts(members, mentions, same);
    if (counts.length === 0) return;
    const party = partyOf(id);
    const position = (mentions[members[0] as number] as PartyMention).facts.position;
    if (party) counted.push({ id, party, counts, members, ...(position ? { position } : {}) });
  });
  // Words most of the story's sentences use (its place, "river", the unit) say nothing of what is
  // measured; counted once, when two measures are first compared.
  let frequency: Map<string, number> | undefined;
  const commonAt = Math.max(COMMON_MIN, COMMON_SHARE * mentions.length);
  const common = (w: string) => {
    if (!frequency) {
      frequency = new Map();
      for (const m of mentions) for (const s of new Set(m.facts.stems)) frequency.set(s, (frequency.get(s) ?? 0) + 1);
    }
    return (frequency.get(w) ?? 0) > commonAt;
  };
  const states = (members: readonly number[], q: Quantity) =>
    members.some((m) => (mentions[m] as PartyMention).facts.quantities.some((x) => x.unit === q.unit && same(q, x)));
  const out: { a: number; b: number; ca: number; cb: number }[] = [];
  for (let i = 0; i < counted.length; i++) {
    for (let j = i + 1; j < counted.length; j++) {
      const x = counted[i] as (typeof counted)[number];
      const y = counted[j] as (typeof counted)[number];
      if (sameParty(x.party, y.party)) continue;
      // A demand beside an account of what is, or beside an offer, is two facts (facts.ts, `position`).
      if (x.position !== y.position) continue;
      const differ = x.counts.some(
        (q) =>
          y.counts.some((r) => r.unit === q.unit) &&
          !states(y.members, q) &&
          y.counts.every((r) => r.unit !== q.unit || !states(x.members, r)),
      );
      if (!differ) continue;
      // A measure (a volume) is one thing's only when the claims share words of what it measures.
      const measured = x.counts.some((q) => q.base !== undefined && y.counts.some((r) => r.unit === q.unit));
      if (measured && !sameMeasured(x.members, y.members, mentions, common)) continue;
      const a = x.members[0] as number;
      const b = y.members.find(
        (m) =>
          sources[(mentions[m] as PartyMention).source]?.originId !== sources[(mentions[a] as PartyMention).source]?.originId,
      );
      if (b !== undefined) out.push({ a, b, ca: x.id, cb: y.id });
    }
  }
  return out;
}

/** How many words two claims measured alike must share besides the measure ("solution", "ammoniacale"). */
const MEASURED_WORDS = 2;
/** A word more of the story's sentences use than this share (or this many) is the story's, not a claim's. */
const COMMON_SHARE = 0.15;
const COMMON_MIN = 3;

/** Whether two claims' mentions share words of what they measure: content words of four letters or more, not the story's common ones. */
function sameMeasured(
  x: readonly number[],
  y: readonly number[],
  mentions: readonly PartyMention[],
  common: (word: string) => boolean,
): boolean {
  const words = (members: readonly number[]) =>
    new Set(members.flatMap((m) => (mentions[m] as PartyMention).facts.stems.filter((w) => w.length >= 4 && !common(w))));
  const [wx, wy] = [words(x), words(y)];
  return [...wx].filter((w) => wy.has(w)).length >= MEASURED_WORDS;
}
