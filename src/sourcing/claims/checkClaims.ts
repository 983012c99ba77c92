// Checks claims across independent origins. Every checkable sentence of every source is a
// mention; mentions that state the same thing in other words are one claim; mentions that state
// the same thing with a different number, date or a denial dispute it. Each claim then gets its
// state from the origins behind it (ARCHITECTURE.md, read/check):
//   corroborated  two or more independent origins carry it;
//   singleSource  one origin carries it;
//   circular      several sources carry it, but they relay or cite one another back to one origin;
//   parallel      independent outlets carry it, but each attributes it to the same single party;
//   disputed      origins disagree on it.
// Candidate pairs come from an index of distinctive facts (numbers, dates, names, quotations), so
// the work grows with the mentions that share a fact, not with the square of all mentions.

import { UnionFind } from "../group/unionFind.ts";
import type { CheckedClaim, ClaimState, GroupedSource } from "../types.ts";
import { attributeSentences } from "./attribution.ts";
import { claimState } from "./claimStates.ts";
import { isCheckable, type SentenceFacts, sentenceFacts, stem } from "./facts.ts";
import { splitSentences } from "./sentences.ts";

/** A statement whose issuer the page does not name: it rests on "the statement" of whoever the story is about. */
const DOCUMENT_PARTY = "officials";
/** The speaker of a quotation the sentence does not name: one person, whoever the others name. */
const QUOTED_SPEAKER = "spokesperson";

interface Mention {
  source: number;
  text: string;
  language: string;
  facts: SentenceFacts;
  /** Who the sentence rests its statement on (attribution.ts); undefined for the page's own account. */
  party?: string;
}

const MAX_MENTIONS_PER_SOURCE = 250;
/** A fact shared by more mentions than this is too common to pair on (e.g. the event's city). */
const MAX_POSTING = 150;
/** A figure or date stated by at most this many mentions of a check singles out one claim. */
const RARE_FACT = 8;

const intersects = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/** Day-precision dates as month-day, so "19 November" and "2025-11-19" compare. */
const days = (f: SentenceFacts) => f.dates.filter((d) => /\d{2}-\d{2}$/.test(d) && d.length !== 7).map((d) => d.slice(-5));

type Relation = "same" | "conflict" | "none";

/** How rare each word stem is among the mentions: shared rare words say more than shared common ones. */
export type Weights = (stem: string) => number;

function weightedOverlap(a: readonly string[], b: readonly string[], weight: Weights): number {
  const sa = new Set(a);
  const sb = new Set(b);
  let shared = 0;
  let wa = 0;
  let wb = 0;
  for (const x of sa) {
    const w = weight(x);
    wa += w;
    if (sb.has(x)) shared += w;
  }
  for (const x of sb) wb += weight(x);
  const smaller = Math.min(wa, wb);
  return smaller === 0 ? 0 : shared / smaller;
}

/**
 * Whether two figures are the same figure: equal, rounded (within 2%: "187 Millionen" for 187,4),
 * or within 6% when either is given as approximate ("casi 10 millones" for 9,64 millones).
 */
export function sameFigure(x: string, y: string, hedged = false): boolean {
  if (x === y) return true;
  if (x.endsWith("%") !== y.endsWith("%")) return false;
  const a = Number.parseFloat(x);
  const b = Number.parseFloat(y);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return false;
  return Math.abs(a - b) / Math.max(a, b) <= (hedged ? 0.06 : 0.02);
}

/** Figures of one sentence that the other states too, rounding allowed. */
function sharedFigures(a: SentenceFacts, b: SentenceFacts): string[] {
  const hedged = a.hedged || b.hedged;
  return a.numbers.filter((x) => b.numbers.some((y) => sameFigure(x, y, hedged)));
}

/**
 * Figures that contradict: both sentences count the same thing (same unit) with different values,
 * and agree on no value for it. "120 people injured" against "210 people injured" conflicts;
 * "180 permanent jobs" against "650 construction jobs" does not. Returns the unit, or undefined.
 */
function conflictingUnit(a: SentenceFacts, b: SentenceFacts): string | undefined {
  const hedged = a.hedged || b.hedged;
  for (const qa of a.quantities) {
    if (!qa.unit) continue;
    const sameUnit = b.quantities.filter((qb) => qb.unit === qa.unit);
    if (sameUnit.length === 0) continue;
    const agree =
      sameUnit.some((qb) => sameFigure(qb.value, qa.value, hedged)) ||
      a.quantities.some((x) => x.unit === qa.unit && sameUnit.some((qb) => sameFigure(qb.value, x.value, hedged)));
    if (!agree) return qa.unit;
  }
  return undefined;
}

function withoutNames(f: SentenceFacts): string[] {
  const nameStems = new Set(f.names.flatMap((n) => n.split(/\s+/).map(stem)));
  return f.stems.filter((x) => !nameStems.has(x));
}

function agentsConflict(a: SentenceFacts, b: SentenceFacts): boolean {
  if (a.agents.length === 0 || b.agents.length === 0) return false;
  return !a.agents.some((x) => b.agents.some((y) => x.includes(y) || y.includes(x)));
}

/** Each names the one holder of the same role, and they name different people: "Son avocate, Me
 * Laure Vidal-Castan" against "Son avocat, Me Olivier Brasseur". */
function holdersConflict(a: SentenceFacts, b: SentenceFacts): boolean {
  if (a.holders.length !== 1 || b.holders.length !== 1) return false;
  const [x, y] = [a.holders[0], b.holders[0]] as [SentenceFacts["holders"][0], SentenceFacts["holders"][0]];
  if (x.role !== y.role) return false;
  const words = (n: string) => n.split(/[- ]/);
  return !words(x.name).some((w) => words(y.name).includes(w));
}

/** How many mentions state each fact: a fact few mentions share singles out one claim. */
export type FactCounts = (fact: string) => number;

export function relate(
  a: Mention,
  b: Mention,
  weight: Weights,
  factCount: FactCounts = () => Number.POSITIVE_INFINITY,
): Relation {
  const fa = a.facts;
  const fb = b.facts;
  const da = days(fa);
  const db = days(fb);
  const datesConflict = da.length > 0 && db.length > 0 && !intersects(da, db);
  const figures = sharedFigures(fa, fb);
  const numbersDisjoint = fa.numbers.length > 0 && fb.numbers.length > 0 && figures.length === 0;
  const hardShared =
    figures.length + da.filter((x) => db.includes(x)).length + fa.quotes.filter((x) => fb.quotes.includes(x)).length;
  const namesShared = intersects(fa.names, fb.names);
  const rareShared =
    fa.numbers.some((x) => fb.numbers.includes(x) && factCount(`n:${x}`) <= RARE_FACT) ||
    fa.dates.some((x) => fb.dates.includes(x) && factCount(`d:${x}`) <= RARE_FACT);
  if (holdersConflict(fa, fb)) return "conflict";
  if (a.language !== b.language) {
    // Across languages words do not compare; facts do.
    if (!numbersDisjoint && !datesConflict && hardShared >= 1 && (namesShared || hardShared >= 2)) return "same";
    return "none";
  }
  const similar = weightedOverlap(fa.stems, fb.stems, weight);
  // The same figure counting the same thing ("22 crew") is strong evidence on its own.
  const sameQuantity = fa.quantities.some(
    (qa) =>
      qa.unit !== "" && fb.quantities.some((qb) => qb.unit === qa.unit && sameFigure(qb.value, qa.value, fa.hedged || fb.hedged)),
  );
  // A denial of the same thing by name ("Northsound denies plans to cut crew" against "Northsound
  // plans to cut 38 crew posts"): the words need agree less, a named party must be shared.
  // The denial must be of this claim: its words apart from the names agree too.
  const deniesThis = () => weightedOverlap(withoutNames(fa), withoutNames(fb), weight) >= 0.25;
  if (fa.denial !== fb.denial && ((namesShared && similar >= 0.25 && deniesThis()) || similar >= 0.45)) return "conflict";
  const unit = conflictingUnit(fa, fb) ?? conflictingUnit(fb, fa);
  if (unit !== undefined && similar >= 0.25) return "conflict";
  // The same event on another day, or done by someone else: a disagreement on when or who.
  if (similar >= 0.25 && hardShared === 0 && (datesConflict || agentsConflict(fa, fb))) return "conflict";
  // One figure each, for the same thing said in much the same words: a conflicting figure. Units
  // that differ (money against jobs) are different facts, not a conflict.
  const ua = fa.quantities[0]?.unit ?? "";
  const ub = fb.quantities[0]?.unit ?? "";
  if (
    numbersDisjoint &&
    similar >= 0.45 &&
    fa.numbers.length === 1 &&
    fb.numbers.length === 1 &&
    hardShared === 0 &&
    (ua === ub || ((!ua || !ub) && ua !== "%" && ub !== "%"))
  ) {
    return "conflict";
  }
  if (datesConflict || (numbersDisjoint && similar < 0.6)) return "none";
  if (sameQuantity && similar >= 0.12) return "same";
  // A rare fact both state (a year, a figure, a date only this claim has) with some words in common.
  if (rareShared && similar >= 0.1) return "same";
  if (similar >= 0.55) return "same";
  if (similar >= 0.3 && hardShared >= 1) return "same";
  // Sharing a name is not sharing a claim: the rest of the words must agree too.
  if (namesShared && weightedOverlap(withoutNames(fa), withoutNames(fb), weight) >= 0.3) return "same";
  return "none";
}

/** The party a page credits its statements to, for a sentence that names only "the release". */
function pageParty(source: GroupedSource): string | undefined {
  return source.page.attributions.find((a) => a.kind === "statement")?.party;
}

export function collectMentions(sources: readonly GroupedSource[]): Mention[] {
  const mentions: Mention[] = [];
  sources.forEach((source, index) => {
    const language = source.page.language ?? "en";
    const paragraphs = source.page.text.split(/\n\s*\n/).map((p) => splitSentences(p, language));
    const factsOf = new Map<string, SentenceFacts>();
    const facts = (sentence: string) => {
      let f = factsOf.get(sentence);
      if (!f) {
        f = sentenceFacts(sentence, language);
        factsOf.set(sentence, f);
      }
      return f;
    };
    const attributions = attributeSentences(paragraphs, language, (s) => isCheckable(facts(s)));
    const seen = new Set<string>();
    let count = 0;
    let lastParty: string | undefined;
    paragraphs.flat().forEach((text, i) => {
      const attribution = attributions[i];
      if (attribution?.party && !attribution.carried) lastParty = attribution.party;
      if (count >= MAX_MENTIONS_PER_SOURCE) return;
      const key = text.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      const f = facts(text);
      if (!isCheckable(f)) return;
      // "The release says", "she said": the party the page named last, else the issuer it credits.
      // A quotation always rests on its speaker, named or not: several outlets quoting the same
      // words rest on one person's word.
      const party = attribution
        ? attribution.party || lastParty || pageParty(source) || DOCUMENT_PARTY
        : f.quotes.length > 0
          ? QUOTED_SPEAKER
          : undefined;
      mentions.push({ source: index, text, language, facts: f, ...(party ? { party } : {}) });
      count++;
    });
  });
  return mentions;
}

/** Each mention's rarest content words also pair it with others: a claim restated without any shared figure. */
const RARE_WORDS_PER_MENTION = 6;

function postings(mentions: readonly Mention[], weight: Weights): Map<string, number[]> {
  const index = new Map<string, number[]>();
  mentions.forEach((m, i) => {
    const rare = [...new Set(m.facts.stems)].sort((x, y) => weight(y) - weight(x)).slice(0, RARE_WORDS_PER_MENTION);
    const tokens = new Set([
      ...m.facts.numbers.map((x) => `n:${x}`),
      ...m.facts.dates.map((x) => `d:${x}`),
      ...m.facts.names.map((x) => `p:${x}`),
      ...m.facts.quotes.map((x) => `q:${x}`),
      ...rare.map((x) => `w:${x}`),
    ]);
    for (const t of tokens) {
      const list = index.get(t);
      if (list) list.push(i);
      else index.set(t, [i]);
    }
  });
  return index;
}

/** Inverse document frequency of each stem over the mentions. */
export function stemWeights(mentions: readonly Mention[]): Weights {
  const df = new Map<string, number>();
  for (const m of mentions) for (const s of new Set(m.facts.stems)) df.set(s, (df.get(s) ?? 0) + 1);
  const total = mentions.length + 1;
  return (stem) => Math.log(1 + total / (df.get(stem) ?? 1));
}

export function checkClaims(sources: readonly GroupedSource[]): CheckedClaim[] {
  const mentions = collectMentions(sources);
  const weight = stemWeights(mentions);
  const uf = new UnionFind(mentions.length);
  const conflicts: [number, number][] = [];
  const edges: { a: number; b: number; strength: number }[] = [];
  const compared = new Set<string>();
  const index = postings(mentions, weight);
  const factCount: FactCounts = (fact) => index.get(fact)?.length ?? 0;
  for (const list of index.values()) {
    if (list.length < 2 || list.length > MAX_POSTING) continue;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i] as number;
        const b = list[j] as number;
        const ma = mentions[a] as Mention;
        const mb = mentions[b] as Mention;
        if (ma.source === mb.source) continue;
        const key = a < b ? `${a}:${b}` : `${b}:${a}`;
        if (compared.has(key)) continue;
        compared.add(key);
        const relation = relate(ma, mb, weight, factCount);
        if (relation === "same") edges.push({ a, b, strength: weightedOverlap(ma.facts.stems, mb.facts.stems, weight) });
        else if (relation === "conflict") conflicts.push([a, b]);
      }
    }
  }
  // Strongest matches first, and a mention joins a claim only if it also states the claim's
  // founding sentence: single links would chain one claim into the next through a sentence that
  // happens to touch both.
  edges.sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);
  const lead = new Map<number, number>();
  const leadOf = (root: number) => lead.get(root) ?? root;
  for (const { a, b } of edges) {
    const ra = uf.find(a);
    const rb = uf.find(b);
    if (ra === rb) continue;
    const la = leadOf(ra);
    const lb = leadOf(rb);
    const states = (x: number, y: number) =>
      x === y || relate(mentions[x] as Mention, mentions[y] as Mention, weight, factCount) === "same";
    if (!(states(a, lb) || states(la, b) || states(la, lb))) continue;
    const founding = uf.sizeOf(ra) >= uf.sizeOf(rb) ? la : lb;
    uf.union(a, b);
    lead.set(uf.find(a), founding);
  }

  // Who each page credits anywhere in its text: a bare statement may rest on a body credited elsewhere.
  const pageParties = new Map<number, string[]>();
  for (const m of mentions) if (m.party) pageParties.set(m.source, [...(pageParties.get(m.source) ?? []), m.party]);

  // One claim per cluster of mentions.
  const clusterOf = new Map<number, number>();
  const clusters: number[][] = [];
  for (const members of uf.groups().values()) {
    const id = clusters.length;
    clusters.push(members);
    for (const m of members) clusterOf.set(m, id);
  }
  const disputedWith = new Map<number, Set<number>>();
  const selfConflicts = new Map<number, number[]>();
  for (const [a, b] of conflicts) {
    const ca = clusterOf.get(a) as number;
    const cb = clusterOf.get(b) as number;
    const oa = (sources[(mentions[a] as Mention).source] as GroupedSource).originId;
    const ob = (sources[(mentions[b] as Mention).source] as GroupedSource).originId;
    if (oa === ob) continue;
    // Mentions joined through others that still contradict each other: the claim is disputed
    // within itself.
    if (!disputedWith.has(ca)) disputedWith.set(ca, new Set());
    if (!disputedWith.has(cb)) disputedWith.set(cb, new Set());
    if (ca === cb) {
      selfConflicts.set(ca, [...(selfConflicts.get(ca) ?? []), b]);
      continue;
    }
    disputedWith.get(ca)?.add(cb);
    disputedWith.get(cb)?.add(ca);
  }

  // The same quoted words on every carrier are one person's statement, however the pages name the
  // speaker ("Colfer said" on one, "in a video released by the club, he said" on another).
  const quotedByAll = (carriers: number[], members: number[]): boolean => {
    const quotes = new Map<number, string[]>();
    for (const m of members) {
      const mention = mentions[m] as Mention;
      quotes.set(mention.source, [...(quotes.get(mention.source) ?? []), ...mention.facts.quotes]);
    }
    return carriers.every((c) => {
      const mine = quotes.get(c) ?? [];
      return mine.length > 0 && carriers.some((o) => o !== c && (quotes.get(o) ?? []).some((q) => mine.includes(q)));
    });
  };
  const speakerOf = (members: number[]): string | undefined => {
    const named = members.map((m) => (mentions[m] as Mention).party).filter((p): p is string => !!p && p !== QUOTED_SPEAKER);
    return named.sort((a, b) => b.length - a.length)[0];
  };
  const claims: CheckedClaim[] = clusters.map((members, id) => {
    const carriers = [...new Set(members.map((m) => (mentions[m] as Mention).source))].sort((x, y) => x - y);
    const lead = [...members].sort((x, y) => {
      const sx = (sources[(mentions[x] as Mention).source] as GroupedSource).score;
      const sy = (sources[(mentions[y] as Mention).source] as GroupedSource).score;
      return sy - sx || x - y;
    })[0] as number;
    const base = claimState(
      carriers,
      members.map((m) => mentions[m] as Mention),
      sources,
      pageParties,
    );
    const state = disputedWith.has(id)
      ? { ...base, state: "disputed" as ClaimState }
      : base.state === "corroborated" && quotedByAll(carriers, members)
        ? { ...base, state: "parallel" as ClaimState, attributedTo: speakerOf(members) }
        : base;
    const claim: CheckedClaim = {
      key: `c${id}`,
      text: (mentions[lead] as Mention).text,
      state: state.state,
      originCount: state.originCount,
      sourceKeys: carriers.map((c) => (sources[c] as GroupedSource).key),
      mentions: members.map((m) => {
        const mention = mentions[m] as Mention;
        return {
          sourceKey: (sources[mention.source] as GroupedSource).key,
          text: mention.text,
          ...(mention.party ? { attributedTo: mention.party } : {}),
        };
      }),
    };
    if (state.attributedTo && state.state === "parallel") claim.attributedTo = state.attributedTo;
    return claim;
  });
  const revises = (members: number[]) => members.some((m) => (mentions[m] as Mention).facts.revision);
  for (const [id, others] of disputedWith) {
    const claim = claims[id] as CheckedClaim;
    const within = (selfConflicts.get(id) ?? []).map((m) => ({
      text: (mentions[m] as Mention).text,
      sourceKeys: [(sources[(mentions[m] as Mention).source] as GroupedSource).key],
    }));
    const between = [...others].map((o) => ({
      text: (claims[o] as CheckedClaim).text,
      sourceKeys: (claims[o] as CheckedClaim).sourceKeys,
      ...(revises(clusters[o] as number[]) ? { later: true } : {}),
    }));
    claim.variants = [...within, ...between];
    // The account that says it revises the others is the later one ("has risen to 210").
    if (revises(clusters[id] as number[])) claim.later = true;
  }
  return claims;
}
