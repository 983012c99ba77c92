// A claim's state from who carries it on whose word (ARCHITECTURE.md, read/check). Each carrier
// rests the claim on a basis: a party's own channel states its own word; a page that attributes
// the claim to another outlet (by name or by link) rests on what that outlet rests it on; a page
// that attributes it to a party (named, by role, by a spokesperson, or the party's document)
// rests on that party; otherwise the page carries it on its own account and rests on its origin.
// Then:
//   corroborated  two or more independent origins, and two or more different bases;
//   parallel      one basis, a party, carried by two or more origins (and any party's demand or
//                 offer, which rests on its holder however many outlets repeat it);
//   circular      one origin relayed on several domains, or one basis that is an origin carried by
//                 several origins citing one another, or one page crediting another outlet of the
//                 story by name;
//   singleSource  otherwise (one origin carries it).
// Disputes are decided before this (disagreement comes first).

import { words } from "../group/nearDuplicates.ts";
import { registrableDomain } from "../group/originGroups.ts";
import { UnionFind } from "../group/unionFind.ts";
import type { ClaimState, GroupedSource } from "../types.ts";
import { type Party, PRESS_WORDS, sameParty, toParty } from "./parties.ts";

/** What one carrier's mentions of a claim say about where it comes from. */
export interface CarrierMention {
  source: number;
  /** The party the sentence rests on, as written; undefined for the page's own account. */
  party?: string;
  /** The sentence states a party's demand or offer (facts.ts, `position`). */
  position?: "demand" | "offer";
  /** The outlet says it saw, counted or learned it itself (facts.ts, `ownReport`). */
  ownReport?: boolean;
  /** The sentence as the page words it. */
  text?: string;
}

/** Sentences this long that share this much of their wording were copied, not written twice. */
const COPIED_WORDS = 12;
const COPIED_SHARE = 0.7;

/** A sentence's word 3-grams, read once per text: a claim's carriers are compared pair by pair. */
const gramCache = new Map<string, Set<string> | null>();
const GRAM_CACHE_LIMIT = 20_000;
function wordGrams(text: string): Set<string> | null {
  let grams = gramCache.get(text);
  if (grams === undefined) {
    const w = words(text);
    if (w.length < COPIED_WORDS) grams = null;
    else {
      grams = new Set<string>();
      for (let i = 0; i + 3 <= w.length; i++) grams.add(w.slice(i, i + 3).join(" "));
    }
    if (gramCache.size >= GRAM_CACHE_LIMIT) gramCache.clear();
    gramCache.set(text, grams);
  }
  return grams;
}

/** Whether two sentences are one sentence copied: long, with most of their word 3-grams in common. */
export function copiedSentence(a: string, b: string): boolean {
  const x = wordGrams(a);
  const y = wordGrams(b);
  if (!x || !y) return false;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return shared / (x.size + y.size - shared) >= COPIED_SHARE;
}

/** At most this many of a carrier's sentences are compared for copying (a claim's mentions per page are few). */
const COPIED_TEXTS = 5;

/** Names an outlet goes by in text: its origin, site name and domain label. */
export function outletNames(source: GroupedSource): string[] {
  const names = [source.origin, source.domain, source.domain.split(".")[0] ?? ""];
  if (source.page.siteName) names.push(source.page.siteName);
  return names.filter((n) => n.length >= 3);
}

/** The party whose channel an official source is. */
export function ownParty(source: GroupedSource): Party {
  let party = ownParties.get(source);
  if (!party) {
    party = readOwnParty(source);
    ownParties.set(source, party);
  }
  return party;
}

/** Each channel's party, read once: every claim it carries asks for it. */
const ownParties = new WeakMap<GroupedSource, Party>();

function readOwnParty(source: GroupedSource): Party {
  const written = source.page.siteName ?? source.origin;
  // A channel that names itself only by its address ("verane-automobiles.fr") is the body its
  // domain's words name ("Verane Automobiles").
  if (!/^[\p{Ll}\p{N}.-]+\.[\p{Ll}]+$/u.test(written)) return toParty(written);
  const label = (source.domain.split(".")[0] ?? "").split(/[-_]+/);
  // Only the first part, which names the body: the rest is mostly its place ("-puertoaromal"),
  // whose words ("Puerto") would give it a port's role.
  return toParty(
    label
      .map((w, i) => (i === 0 ? wordsOfLabel(w, source.page) : undefined) ?? (w[0] ?? "").toUpperCase() + w.slice(1))
      .join(" "),
  );
}

/** Letters alone, lower-case and without accents: "Electoral" and "electoral", "Aromal" in "puertoaromal". */
const bare = (w: string) =>
  w
    .normalize("NFD")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toLowerCase();

/**
 * The words a domain label runs together, as the page writes them: "juntaelectoral" is the
 * "Junta Electoral" of "JUNTA ELECTORAL MUNICIPAL DE PUERTO AROMAL". Only runs of two to four
 * words, title-cased, so that a label that is one word keeps its own spelling.
 */
function wordsOfLabel(label: string, page: { title: string; text: string }): string | undefined {
  const target = bare(label);
  if (target.length < 6) return undefined;
  const written = `${page.title}\n${page.text.slice(0, LABEL_TEXT)}`.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  for (let i = 0; i < written.length; i++) {
    let joined = "";
    for (let n = 0; n < 4 && i + n < written.length; n++) {
      joined += bare(written[i + n] as string);
      if (joined.length > target.length || !target.startsWith(joined)) break;
      // Words of three letters or more: "nowhere" is not "now here", nor "information" "in formation".
      if (joined === target && n >= 1 && written.slice(i, i + n + 1).every((w) => w.length >= 3))
        return written
          .slice(i, i + n + 1)
          .map((w) => (w[0] ?? "").toUpperCase() + w.slice(1).toLowerCase())
          .join(" ");
    }
  }
  return undefined;
}

/** How much of a channel's text is searched for the words of its address: its heading and opening. */
const LABEL_TEXT = 4000;

type PartyBasis = { kind: "party"; party: Party };
type Basis = { kind: "origin"; id: string } | PartyBasis;

export interface StateResult {
  state: ClaimState;
  originCount: number;
  attributedTo?: string;
}

/** Outlets each party names, per story (the sources array) and citing page: asked for every claim. */
const citedCache = new WeakMap<readonly GroupedSource[], Map<string, number[]>>();

/** The party a mention names, when it names an outlet of the story instead: that outlet's source indices. */
function citedOutlets(party: string, sources: readonly GroupedSource[], citing: number): number[] {
  let cache = citedCache.get(sources);
  if (!cache) {
    cache = new Map();
    citedCache.set(sources, cache);
  }
  const key = `${citing}\u0000${party}`;
  let hits = cache.get(key);
  if (!hits) {
    hits = findCitedOutlets(party, sources, citing);
    cache.set(key, hits);
  }
  return hits;
}

function findCitedOutlets(party: string, sources: readonly GroupedSource[], citing: number): number[] {
  const written = toParty(party);
  // A role alone ("a spokesperson", "the company") is no outlet.
  if (written.name.length === 0) return [];
  const hits: number[] = [];
  sources.forEach((s, i) => {
    if (i === citing || s.official || s.originId === sources[citing]?.originId) return;
    if (namesOutlet(party, s)) hits.push(i);
  });
  return hits;
}

/** Whether a party as written names the outlet of a source ("the Echo" for the Portmere Echo). */
function namesOutlet(party: string, source: GroupedSource): boolean {
  const written = toParty(party);
  if (written.name.length === 0) return false;
  return outletNames(source).some((name) => {
    const outlet = toParty(name);
    if (name.toLowerCase() === party.toLowerCase()) return true;
    // A body's role the outlet's name lacks: "Portmere City Council" is not the Portmere Echo.
    if (!written.roles.every((r) => outlet.roles.includes(r)) || outlet.name.length === 0) return false;
    // "the Echo" for the Portmere Echo, or "The Harbour Gazette, a newspaper in England".
    return written.name.every((w) => outlet.name.includes(w)) || outlet.name.every((w) => written.name.includes(w));
  });
}

/** Words by which a page gives an account as a report: its own findings, a document seen, another's report. */
export const REPORTED =
  /(?<![\p{L}])(?:reports?|reported|revealed|seen by|obtained by|has learned|learned|learnt|understands|appris|erfahren|erfuhr|sabido|appreso|saputo|according to|our information|selon|d['’]après|nos informations|consultés? par|révél\p{L}*|rapport\p{L}*|laut|nach informationen|berichte\p{L}*|unterlagen|según|informaciones|reveló|informó|secondo|indiscrezion\p{L}*|visionat\p{L}*|rivelat\p{L}*|według|dowiedział\p{L}*|ujawni\p{L}*)(?![\p{L}])|によると|報じ/iu;

/**
 * An outlet crediting itself ("selon des documents internes consultés par Le Réveil", "nach
 * Informationen des Tagblatts", "secondo quanto appreso dalla Voce") tells its own account. It
 * credits itself as a report does: "Valmont said" on the Valmont Times's page is the club speaking.
 */
function creditsItself(m: CarrierMention, source: GroupedSource): boolean {
  return m.party !== undefined && !source.official && REPORTED.test(m.text ?? "") && namesOutlet(m.party, source);
}

export function claimState(
  carriers: readonly number[],
  mentions: readonly CarrierMention[],
  sources: readonly GroupedSource[],
  /** Every party each source credits anywhere on its page, by source index. */
  pageParties: ReadonlyMap<number, readonly string[]> = new Map(),
): StateResult {
  const byCarrier = new Map<number, CarrierMention[]>();
  for (const m of mentions) byCarrier.set(m.source, [...(byCarrier.get(m.source) ?? []), m]);

  // Citations between carriers join their origins for the origin count (a chain of citations is
  // one origin however many outlets pass it on).
  const origins = [...new Set(carriers.map((c) => (sources[c] as GroupedSource).originId))];
  const originIndex = new Map(origins.map((o, i) => [o, i]));
  const linked = new UnionFind(origins.length);

  /** Every basis a carrier's mentions give (a page may attribute a claim in one sentence and state it bare in another). */
  const basesOf = (c: number, seen: Set<number>): Basis[] => {
    const source = sources[c] as GroupedSource;
    if (source.official) {
      // A body's own channel states its own word, unless it credits the claim to another body
      // ("La direction annonce 480 suppressions de postes" on the union's site rests on the
      // company, not the union). A person it names by name alone may be its own spokesperson.
      const own = ownParty(source);
      const others = (byCarrier.get(c) ?? [])
        .map((m) => (m.party ? toParty(m.party) : undefined))
        .filter((p): p is Party => p !== undefined && p.roles.length > 0 && !sameParty(p, own));
      const all = byCarrier.get(c) ?? [];
      if (others.length > 0 && others.length === all.length) return others.map((party) => ({ kind: "party" as const, party }));
      return [{ kind: "party", party: own }];
    }
    const out: Basis[] = [];
    for (const m of byCarrier.get(c) ?? []) {
      if (!m.party) continue;
      if (creditsItself(m, source)) {
        out.push({ kind: "origin", id: source.originId });
        continue;
      }
      const cited = citedOutlets(m.party, sources, c);
      if (cited.length > 0) out.push(...citedBases(c, cited, seen));
      else if (PRESS_WORDS.test(m.party) && toParty(m.party).roles.length === 0)
        out.push({ kind: "origin", id: `outlet:${m.party.toLowerCase()}` });
      else out.push({ kind: "party", party: toParty(m.party) });
    }
    if (out.length > 0) return out;
    // A bare statement on a page that credits a body only elsewhere is the page's own account even
    // when the body's own channel states it too (an outlet reporting a line's length beside the
    // city's announcement): two such accounts corroborate. It rests on the body only when another
    // carrier credits this claim to it and this page credits the body as well (below).
    // An outlet the page credits ("Come riportato dalla Voce di Valdarsa") is no body: sharing a
    // place name with the Provincia di Valdarsa does not make it credit the Provincia.
    const credited = (pageParties.get(c) ?? [])
      .filter((p) => !PRESS_WORDS.test(p) && citedOutlets(p, sources, c).length === 0)
      .map(toParty);
    // A body the other carriers credit this claim to, when this page credits it too
    // ("Secondo la nota della Regione, …" on two pages; "L'opera costerà 148 milioni" on a third
    // that quotes the Regione's note elsewhere).
    for (const o of carriers) {
      if (o === c) continue;
      for (const m of byCarrier.get(o) ?? []) {
        if (!m.party || PRESS_WORDS.test(m.party) || citedOutlets(m.party, sources, o).length > 0) continue;
        const party = toParty(m.party);
        if (party.name.length > 0 && credited.some((p) => p.name.length > 0 && sameParty(p, party)))
          return [{ kind: "party", party }];
      }
    }
    // A page that links to another carrier's outlet in its main text took the claim from there.
    const linkedTo = carriers.filter((o) => {
      const other = sources[o] as GroupedSource;
      return (
        o !== c &&
        !other.official &&
        other.originId !== source.originId &&
        source.page.links.some((l) => registrableDomain(l) === other.domain)
      );
    });
    if (linkedTo.length > 0) return citedBases(c, linkedTo, seen);
    return [{ kind: "origin", id: source.originId }];
  };

  // Two outlets writing the same long sentence word for word copied it, one from the other or
  // both from a source neither names: for this claim they are one origin.
  const longTexts = (c: number) =>
    [...new Set((byCarrier.get(c) ?? []).flatMap((m) => (m.text && wordGrams(m.text) ? [m.text] : [])))].slice(0, COPIED_TEXTS);
  const texts = new Map(carriers.map((c) => [c, longTexts(c)]));
  for (let i = 0; i < carriers.length; i++)
    for (let j = i + 1; j < carriers.length; j++) {
      const x = sources[carriers[i] as number] as GroupedSource;
      const y = sources[carriers[j] as number] as GroupedSource;
      if (x.official || y.official || x.originId === y.originId) continue;
      const from = originIndex.get(x.originId);
      const to = originIndex.get(y.originId);
      if (from === undefined || to === undefined || linked.find(from) === linked.find(to)) continue;
      const [tx, ty] = [texts.get(carriers[i] as number) ?? [], texts.get(carriers[j] as number) ?? []];
      if (tx.some((m) => ty.some((n) => copiedSentence(m, n)))) linked.union(from, to);
    }

  const citedBases = (c: number, cited: number[], seen: Set<number>): Basis[] => {
    const from = originIndex.get((sources[c] as GroupedSource).originId);
    const carrying = cited.filter((o) => carriers.includes(o));
    for (const o of carrying) {
      const to = originIndex.get((sources[o] as GroupedSource).originId);
      if (from !== undefined && to !== undefined) linked.union(from, to);
    }
    const next = carrying.find((o) => !seen.has(o));
    if (next === undefined) return [{ kind: "origin", id: (sources[cited[0] as number] as GroupedSource).originId }];
    return basesOf(next, new Set([...seen, c]));
  };

  // Origins that cite one another (a chain, or two outlets each crediting the other) are one basis.
  const rooted = (b: Basis): Basis => {
    if (b.kind !== "origin") return b;
    const i = originIndex.get(b.id);
    return i === undefined ? b : { kind: "origin", id: `cited:${linked.find(i)}` };
  };
  const resolved = carriers.map((c) => basesOf(c, new Set([c])));
  const candidates = resolved.map((list) => list.map(rooted));
  const originCount = new Set(origins.map((_, i) => linked.find(i))).size;
  const parties = candidates.flat().filter((b): b is PartyBasis => b.kind === "party");

  // A party's demand or offer is that party's word however many outlets report it ("Los
  // trabajadores exigen un reajuste del 6 %" on every page rests on the union): a position is what
  // its holder says it is, so independent outlets repeating it do not corroborate it.
  if (originCount >= 2 && mentions.length > 0 && mentions.every((m) => m.position !== undefined) && parties.length > 0) {
    const named = parties.filter((p) => p.party.name.length > 0);
    return { state: "parallel", originCount, attributedTo: displayParty(named.length > 0 ? named : parties, sources) };
  }
  // Parallel: one party every carrier rests the claim on.
  if (origins.length >= 2) {
    const common = parties.find((p) =>
      candidates.every((list) => list.some((b) => b.kind === "party" && sameParty(b.party, p.party))),
    );
    if (common) {
      const named = parties.filter((p) => sameParty(p.party, common.party));
      return { state: "parallel", originCount, attributedTo: displayParty(named, sources) };
    }
  }
  // Otherwise each carrier's main basis: the one most of its mentions give (a stray attribution in
  // one sentence does not outweigh a page that cites one outlet throughout).
  const bases = candidates.map(mainBasis);
  const partyBases = bases.filter((b): b is PartyBasis => b.kind === "party");
  const partyGroups = new UnionFind(partyBases.length);
  for (let i = 0; i < partyBases.length; i++)
    for (let j = i + 1; j < partyBases.length; j++)
      if (sameParty((partyBases[i] as PartyBasis).party, (partyBases[j] as PartyBasis).party)) partyGroups.union(i, j);
  const partyCount = new Set(partyBases.map((_, i) => partyGroups.find(i))).size;
  const originBases = new Set(bases.filter((b) => b.kind === "origin").map((b) => (b as { id: string }).id));
  const distinct = partyCount + originBases.size;

  // One outlet's unattributed account beside one party's statement is no second account: the
  // outlet most likely took it from the party without saying so (attribution missed or left out).
  // Corroboration needs two accounts of their own, or the words of two different parties.
  // An outlet that says it counted or learned it itself ("il compte près de 1 200 personnes, selon
  // nos journalistes") gives its own account, which no relay took from the party.
  const witnessed = carriers.some(
    (c, i) =>
      bases[i]?.kind === "origin" &&
      (byCarrier.get(c) ?? []).some((m) => m.ownReport || creditsItself(m, sources[c] as GroupedSource)),
  );
  if (origins.length >= 2 && partyCount === 1 && originBases.size === 1 && !witnessed) {
    const named = partyBases.filter((p) => p.party.name.length > 0);
    const carriedOnParty = bases.filter((b) => b.kind === "party").length;
    if (carriedOnParty >= 1)
      return { state: "parallel", originCount, attributedTo: displayParty(named.length > 0 ? named : partyBases, sources) };
  }
  if (origins.length >= 2 && distinct >= 2) return { state: "corroborated", originCount };
  // One origin relayed onto several domains (wire copies), or outlets citing one another back to one.
  const domains = new Set(carriers.map((c) => (sources[c] as GroupedSource).domain));
  if (origins.length >= 2 || domains.size >= 2) return { state: "circular", originCount };
  // One page that credits another outlet of the story for it by that outlet's name ("Como adelantó
  // el blog El Mirador de Castrovaldés, Sermarsa siguió facturando…"): the outlet carries it too,
  // in words not matched to these; two pages, one origin. A place the outlet is named for
  // ("la sindaca di Montescaglio" against "Il Cittadino di Montescaglio") credits no outlet.
  if (carriers.length === 1) {
    const c = carriers[0] as number;
    const credits = (byCarrier.get(c) ?? []).some((m) => {
      if (m.party === undefined) return false;
      const cited = citedOutlets(m.party, sources, c);
      if (cited.length === 0) return false;
      if (PRESS_WORDS.test(m.party)) return true;
      const written = toParty(m.party);
      return cited.some((o) =>
        outletNames(sources[o] as GroupedSource).some((name) => {
          const outlet = toParty(name);
          return written.name.filter((w) => outlet.name.includes(w)).length * 2 > outlet.name.length;
        }),
      );
    });
    if (credits) return { state: "circular", originCount: 1 };
  }
  return { state: "singleSource", originCount: 1 };
}

function mainBasis(list: readonly Basis[]): Basis {
  const counts = new Map<string, { basis: Basis; n: number }>();
  for (const b of list) {
    const key = b.kind === "party" ? `p:${b.party.text.toLowerCase()}` : `o:${b.id}`;
    const entry = counts.get(key) ?? { basis: b, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  return [...counts.values()].reduce((best, e) => (e.n > best.n ? e : best)).basis;
}

/** The party as its own channel spells it when it is among the sources, else the fullest way a carrier writes it. */
function displayParty(bases: readonly { party: Party }[], sources: readonly GroupedSource[]): string {
  const own = sources.find((s) => s.official && bases.some((b) => sameParty(ownParty(s), b.party)));
  if (own) return own.page.siteName ?? own.origin;
  const named = [...bases].sort((a, b) => b.party.name.length - a.party.name.length || b.party.text.length - a.party.text.length);
  return (named[0]?.party.text ?? "").replace(/^(?:the|a|an)\s+/i, "");
}
