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
import { isCheckable, type SentenceFacts, sentenceFacts } from "./facts.ts";
import { splitSentences } from "./sentences.ts";

interface Mention {
  source: number;
  text: string;
  language: string;
  facts: SentenceFacts;
  /** Who the statement rests on: the sentence's own attribution, else the page's only statement credit. */
  party?: string;
}

const MAX_MENTIONS_PER_SOURCE = 250;
/** A fact shared by more mentions than this is too common to pair on (e.g. the event's city). */
const MAX_POSTING = 400;

function overlapCoefficient(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  let shared = 0;
  for (const x of b) if (set.has(x)) shared++;
  return shared / Math.min(a.length, new Set(b).size);
}

const intersects = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));
const fullDates = (f: SentenceFacts) => f.dates.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));

type Relation = "same" | "conflict" | "none";

export function relate(a: Mention, b: Mention): Relation {
  const fa = a.facts;
  const fb = b.facts;
  const numbersConflict = fa.numbers.length > 0 && fb.numbers.length > 0 && !intersects(fa.numbers, fb.numbers);
  const da = fullDates(fa);
  const db = fullDates(fb);
  const datesConflict = da.length > 0 && db.length > 0 && !intersects(da, db);
  const hardShared =
    fa.numbers.filter((x) => fb.numbers.includes(x)).length +
    fa.dates.filter((x) => fb.dates.includes(x)).length +
    fa.quotes.filter((x) => fb.quotes.includes(x)).length;
  if (a.language !== b.language) {
    // Across languages words do not compare; facts do.
    const namesShared = intersects(fa.names, fb.names);
    if (!numbersConflict && !datesConflict && hardShared >= 1 && (namesShared || hardShared >= 2)) return "same";
    return "none";
  }
  const words = overlapCoefficient(fa.stems, fb.stems);
  const namesShared = intersects(fa.names, fb.names);
  if (fa.denial !== fb.denial && words >= 0.45 && (namesShared || words >= 0.6)) return "conflict";
  if ((numbersConflict || datesConflict) && words >= 0.5 && hardShared === 0) return "conflict";
  if (numbersConflict || datesConflict) return "none";
  if (words >= 0.6) return "same";
  if (words >= 0.34 && hardShared >= 1) return "same";
  return "none";
}

function normaliseParty(party: string): string {
  return party
    .toLowerCase()
    .replace(/^(the|a|an|der|die|das|le|la|les|el|los|las)\s+/, "")
    .replace(/\s+(inc|ltd|plc|gmbh|ag|sa|llc|group|co)\.?$/, "")
    .trim();
}

function sameParty(a: string, b: string): boolean {
  const x = normaliseParty(a);
  const y = normaliseParty(b);
  return x === y || (x.length >= 4 && y.includes(x)) || (y.length >= 4 && x.includes(y));
}

function collectMentions(sources: readonly GroupedSource[]): Mention[] {
  const mentions: Mention[] = [];
  sources.forEach((source, index) => {
    const language = source.page.language ?? "en";
    const statements = [
      ...new Set(source.page.attributions.filter((a) => a.kind === "statement").map((a) => a.party.toLowerCase())),
    ];
    const pageParty = statements.length === 1 ? statements[0] : undefined;
    const seen = new Set<string>();
    let count = 0;
    for (const text of splitSentences(source.page.text, language)) {
      if (count >= MAX_MENTIONS_PER_SOURCE) break;
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const facts = sentenceFacts(text, language);
      if (!isCheckable(facts)) continue;
      const party = facts.attributedTo ?? pageParty;
      mentions.push({ source: index, text, language, facts, ...(party ? { party } : {}) });
      count++;
    }
  });
  return mentions;
}

function postings(mentions: readonly Mention[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  mentions.forEach((m, i) => {
    const tokens = new Set([
      ...m.facts.numbers.map((x) => `n:${x}`),
      ...m.facts.dates.map((x) => `d:${x}`),
      ...m.facts.names.map((x) => `p:${x}`),
      ...m.facts.quotes.map((x) => `q:${x}`),
    ]);
    for (const t of tokens) {
      const list = index.get(t);
      if (list) list.push(i);
      else index.set(t, [i]);
    }
  });
  return index;
}

function outletNames(source: GroupedSource): string[] {
  const names = [source.origin, source.domain, source.domain.split(".")[0] ?? ""];
  if (source.page.siteName) names.push(source.page.siteName);
  return names.filter((n) => n.length >= 3);
}

export function checkClaims(sources: readonly GroupedSource[]): CheckedClaim[] {
  const mentions = collectMentions(sources);
  const uf = new UnionFind(mentions.length);
  const conflicts: [number, number][] = [];
  const compared = new Set<string>();
  for (const list of postings(mentions).values()) {
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
        const relation = relate(ma, mb);
        if (relation === "same") uf.union(a, b);
        else if (relation === "conflict") conflicts.push([a, b]);
      }
    }
  }

  // One claim per cluster of mentions.
  const clusterOf = new Map<number, number>();
  const clusters: number[][] = [];
  for (const members of uf.groups().values()) {
    const id = clusters.length;
    clusters.push(members);
    for (const m of members) clusterOf.set(m, id);
  }
  const disputedWith = new Map<number, Set<number>>();
  for (const [a, b] of conflicts) {
    const ca = clusterOf.get(a) as number;
    const cb = clusterOf.get(b) as number;
    const oa = (sources[(mentions[a] as Mention).source] as GroupedSource).originId;
    const ob = (sources[(mentions[b] as Mention).source] as GroupedSource).originId;
    if (ca === cb || oa === ob) continue;
    if (!disputedWith.has(ca)) disputedWith.set(ca, new Set());
    if (!disputedWith.has(cb)) disputedWith.set(cb, new Set());
    disputedWith.get(ca)?.add(cb);
    disputedWith.get(cb)?.add(ca);
  }

  const claims: CheckedClaim[] = clusters.map((members, id) => {
    const carriers = [...new Set(members.map((m) => (mentions[m] as Mention).source))].sort((x, y) => x - y);
    const lead = [...members].sort((x, y) => {
      const sx = (sources[(mentions[x] as Mention).source] as GroupedSource).score;
      const sy = (sources[(mentions[y] as Mention).source] as GroupedSource).score;
      return sy - sx || x - y;
    })[0] as number;
    const state = stateOf(members, carriers, mentions, sources, disputedWith.has(id));
    const claim: CheckedClaim = {
      key: `c${id}`,
      text: (mentions[lead] as Mention).text,
      state: state.state,
      originCount: state.originCount,
      sourceKeys: carriers.map((c) => (sources[c] as GroupedSource).key),
    };
    if (state.attributedTo) claim.attributedTo = state.attributedTo;
    return claim;
  });
  for (const [id, others] of disputedWith) {
    const claim = claims[id] as CheckedClaim;
    claim.variants = [...others].map((o) => ({
      text: (claims[o] as CheckedClaim).text,
      sourceKeys: (claims[o] as CheckedClaim).sourceKeys,
    }));
  }
  return claims;
}

function stateOf(
  members: number[],
  carriers: number[],
  mentions: readonly Mention[],
  sources: readonly GroupedSource[],
  disputed: boolean,
): { state: ClaimState; originCount: number; attributedTo?: string } {
  const origins = [...new Set(carriers.map((c) => (sources[c] as GroupedSource).originId))];
  // Citations between carriers ("according to <outlet>") join their origins for this claim. A
  // carrier that is the party's own channel (its newsroom, a government site) is not relaying an
  // outlet: citing it is resting on its word, which makes a claim parallel, not circular.
  const originIndex = new Map(origins.map((o, i) => [o, i]));
  const uf = new UnionFind(origins.length);
  for (const m of members) {
    const mention = mentions[m] as Mention;
    if (!mention.party) continue;
    const from = originIndex.get((sources[mention.source] as GroupedSource).originId) as number;
    for (const c of carriers) {
      if (c === mention.source) continue;
      const cited = sources[c] as GroupedSource;
      if (cited.official) continue;
      if (outletNames(cited).some((name) => sameParty(name, mention.party as string))) {
        uf.union(from, originIndex.get(cited.originId) as number);
      }
    }
  }
  const effective = new Set(origins.map((_, i) => uf.find(i))).size;
  if (disputed) return { state: "disputed", originCount: effective };
  if (effective >= 2) {
    const party = commonParty(members, mentions, sources);
    if (party) return { state: "parallel", originCount: effective, attributedTo: party };
    return { state: "corroborated", originCount: effective };
  }
  const relayed =
    origins.length > 1 ||
    carriers.filter((c) => {
      const relation = (sources[c] as GroupedSource).relation;
      return relation !== undefined && relation.kind !== "sameDomain";
    }).length >= 1;
  if (carriers.length >= 2 && relayed) return { state: "circular", originCount: 1 };
  return { state: "singleSource", originCount: 1 };
}

/** The one party every carrier rests the claim on, when there is one (a release, a spokesperson). */
function commonParty(members: number[], mentions: readonly Mention[], sources: readonly GroupedSource[]): string | undefined {
  let party: string | undefined;
  const bySource = new Map<number, string | undefined>();
  for (const m of members) {
    const mention = mentions[m] as Mention;
    const source = sources[mention.source] as GroupedSource;
    // A body's own page states its own word.
    const own = source.official ? (source.page.siteName ?? source.origin) : undefined;
    const p = mention.party ?? own;
    if (p !== undefined && !bySource.has(mention.source)) bySource.set(mention.source, p);
    else if (!bySource.has(mention.source)) bySource.set(mention.source, undefined);
  }
  for (const p of bySource.values()) {
    if (p === undefined) return undefined;
    if (party === undefined) party = p;
    else if (!sameParty(party, p)) return undefined;
  }
  // Citing an outlet is a source, not a single primary statement.
  return party;
}
