// Scores the sourcing engine on stories: each story is served on loopback, its pages fetched,
// read, grouped and checked as an article job would (one story at a time), and the result is
// compared with the story's ground truth. A set's figures are pairwise grouping F1 and the
// confusion matrix of claim states (truth × engine, with "not found" for a truth claim the engine
// has no claim for). The engine sees only the pages, never the truth.
import { PRESS_WORDS, sameParty, toParty } from "../../src/sourcing/claims/parties.ts";
import { fetchAndRead, groupAndCheck } from "../../src/sourcing/sourcingEngine.ts";
import type { CheckedClaim, GroupedSource, ReadPage } from "../../src/sourcing/types.ts";
import { loadTruth, sitesRoot, startSites } from "../web/testWeb.ts";
import { type CorpusSet, holdsFacts, loadSet, type Story, type StoryState, type StoryTruth } from "./storyCorpus.ts";

export interface PairwiseScore {
  precision: number;
  recall: number;
  f1: number;
  pairs: { truth: number; engine: number; both: number };
}

/** Pairwise agreement of two partitions of the same items, given as item → group label. */
export function pairwise(truth: Map<string, string>, engine: Map<string, string>): PairwiseScore {
  const items = [...truth.keys()];
  let t = 0;
  let e = 0;
  let both = 0;
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i] as string;
      const b = items[j] as string;
      const sameTruth = truth.get(a) === truth.get(b);
      const sameEngine = engine.get(a) !== undefined && engine.get(a) === engine.get(b);
      if (sameTruth) t++;
      if (sameEngine) e++;
      if (sameTruth && sameEngine) both++;
    }
  }
  const precision = e === 0 ? 1 : both / e;
  const recall = t === 0 ? 1 : both / t;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, pairs: { truth: t, engine: e, both } };
}

export const STATES: StoryState[] = ["corroborated", "singleSource", "circular", "disputed", "parallel"];
export type Outcome = StoryState | "notFound";
export const OUTCOMES: Outcome[] = [...STATES, "notFound"];

export interface ClaimResult {
  story: string;
  id: string;
  truth: StoryState;
  engine: Outcome;
  /** The engine claim matched, for inspection on development stories. */
  found?: CheckedClaim;
  text: string;
  /** Disputed claims: the truth says this account is the later one (a stated revision). */
  later?: boolean;
}

export interface StoryScore {
  id: string;
  pages: number;
  unread: string[];
  pairs: { truth: number; engine: number; both: number };
  claims: ClaimResult[];
  /** The story's page address for each source key the engine gave (for diagnosing development stories). */
  urlOfKey?: Map<string, string>;
  /** What each carrier of each found claim rests it on, truth against engine (`attributionOf`);
   * the library's scoring only (an article job shows no mention's attribution). */
  attribution?: AttributionTally;
  /** The engine's sources and claims as checked, for the error decomposition (oracle.ts) without checking the story again. */
  sources?: GroupedSource[];
  engineClaims?: CheckedClaim[];
}

/** Whom a carrier page rests a claim on: the page's own account, a party, another outlet. */
export type TruthBasis = "own" | "party" | "outlet";
/** What the engine's mentions on that page say: as the truth's kinds, the party's own channel, or no mention there. */
export type EngineBasis = TruthBasis | "official" | "absent";
export const TRUTH_BASES: TruthBasis[] = ["own", "party", "outlet"];
export const ENGINE_BASES: EngineBasis[] = ["own", "party", "outlet", "official", "absent"];

export interface AttributionTally {
  /** truth basis → engine basis → carriers */
  bases: Record<TruthBasis, Record<EngineBasis, number>>;
  /**
   * Pairs of carriers of one claim that the truth rests on a named party, both read as resting on
   * a party: whether the engine takes the two parties for one when the truth does ("the county",
   * "spokesperson Alisha Greer") and for two when it does not.
   */
  parties: { same: number; sameRead: number; apart: number; apartRead: number };
}

export function emptyTally(): AttributionTally {
  const row = () => Object.fromEntries(ENGINE_BASES.map((b) => [b, 0])) as Record<EngineBasis, number>;
  return {
    bases: { own: row(), party: row(), outlet: row() },
    parties: { same: 0, sameRead: 0, apart: 0, apartRead: 0 },
  };
}

/** Carriers read as the truth rests them, of those the engine has a mention on: a body's own
 * channel states its own word, "own" or "the party" alike. */
export function attributionRead(t: AttributionTally): { right: number; read: number; rate: number } {
  const { bases } = t;
  const right = bases.own.own + bases.own.official + bases.party.party + bases.party.official + bases.outlet.outlet;
  const read = TRUTH_BASES.reduce((n, b) => n + ENGINE_BASES.reduce((m, e) => m + bases[b][e], 0) - bases[b].absent, 0);
  return { right, read, rate: read ? right / read : 0 };
}

/** Adds one story's attribution tally to another. */
export function addTally(into: AttributionTally, from: AttributionTally): void {
  for (const t of TRUTH_BASES) for (const e of ENGINE_BASES) into.bases[t][e] += from.bases[t][e];
  for (const k of Object.keys(into.parties) as (keyof AttributionTally["parties"])[]) into.parties[k] += from.parties[k];
}

/**
 * For each truth claim the engine found, each carrier page's basis as the truth gives it against
 * the engine's reading of that page's mentions; and, among the carriers resting it on named
 * parties, whether the engine's parties are one where the truth's are. It reads what each mention
 * is credited to (an outlet by its press word), not the basis claimStates.ts settles on (an outlet
 * crediting itself, one named without a press word, a bare statement resting on a body the page
 * credits elsewhere): a measure of reading attribution, not of the states' rules.
 */
function attributionOf(
  truth: StoryTruth,
  found: ReadonlyMap<string, CheckedClaim>,
  sources: readonly GroupedSource[],
  urlOfKey: Map<string, string>,
): AttributionTally {
  const tally = emptyTally();
  const sourceOf = new Map(sources.map((s) => [urlOfKey.get(s.key) as string, s]));
  for (const c of truth.claims) {
    const claim = found.get(c.id);
    if (!claim) continue;
    const partied: { truth: string; engine: string }[] = [];
    for (const [url, rests] of Object.entries(c.restsOn ?? {})) {
      const kind = rests.split(":")[0] as TruthBasis;
      if (!TRUTH_BASES.includes(kind)) continue;
      const source = sourceOf.get(url);
      const mentions = source ? claim.mentions.filter((m) => m.sourceKey === source.key) : [];
      const credited = mentions.flatMap((m) => (m.attributedTo ? [m.attributedTo] : []));
      const engine: EngineBasis =
        !source || mentions.length === 0
          ? "absent"
          : source.official
            ? "official"
            : credited.length === 0
              ? "own"
              : credited.some((p) => !PRESS_WORDS.test(p))
                ? "party"
                : "outlet";
      tally.bases[kind][engine]++;
      const party = credited.find((p) => !PRESS_WORDS.test(p));
      if (kind === "party" && engine === "party" && party) partied.push({ truth: rests.slice("party:".length), engine: party });
    }
    for (let i = 0; i < partied.length; i++)
      for (let j = i + 1; j < partied.length; j++) {
        const [a, b] = [partied[i] as (typeof partied)[number], partied[j] as (typeof partied)[number]];
        const read = sameParty(toParty(a.engine), toParty(b.engine));
        if (a.truth === b.truth) {
          tally.parties.same++;
          if (read) tally.parties.sameRead++;
        } else {
          tally.parties.apart++;
          if (!read) tally.parties.apartRead++;
        }
      }
  }
  return tally;
}

export interface SetSummary {
  stories: number;
  pages: number;
  grouping: { precision: number; recall: number; f1: number };
  claims: number;
  correct: number;
  accuracy: number;
  /** truth state → engine outcome → count */
  confusion: Record<StoryState, Record<Outcome, number>>;
  /** Parallel or disputed claims shown as corroborated, over all parallel and disputed claims. */
  falseCorroboration: { count: number; of: number; rate: number };
  /** Truth claims the engine has a claim for. */
  found: { count: number; rate: number };
  /** Disputed accounts found disputed: later ones the engine marks later, earlier ones it marks later. */
  revisions: { later: number; markedLater: number; earlier: number; markedEarlierLater: number };
  /** What carriers rest found claims on, truth against engine. */
  attribution: AttributionTally;
}

/**
 * The engine claim stating a truth claim: one of its sentences holds every fact, and it shares the
 * most carriers; between claims sharing as many, the one whose own text states the facts (a
 * sentence of several facts is a mention of each fact's claim, and the claim it is shown as is the
 * one whose text it is), then the one more of whose mentions state them (a sentence of two facts is
 * the text of both facts' claims: "Tallyforge, which sells software to 3,100 businesses, said it
 * detected the access on Oct 2" is the 3,100 claim's text and the Oct 2 claim's, and only the
 * first claim's every mention gives 3,100).
 */
export function matchClaim(
  facts: readonly (string | string[])[],
  carriedBy: readonly string[],
  claims: readonly CheckedClaim[],
  urlOfKey: Map<string, string>,
): CheckedClaim | undefined {
  let best: (MatchStanding & { claim: CheckedClaim }) | undefined;
  for (const claim of claims) {
    const shared = claim.sourceKeys.filter((k) => carriedBy.includes(urlOfKey.get(k) ?? "")).length;
    const standing = matchStanding(
      claim.text,
      claim.mentions.map((m) => m.text),
      shared,
      facts,
    );
    if (standing && matchesBetter(standing, best)) best = { claim, ...standing };
  }
  return best?.claim;
}

/** How well an engine claim matches a truth claim: carriers shared, its own text stating the facts, the share of its wordings stating them. */
export interface MatchStanding {
  shared: number;
  stated: boolean;
  share: number;
}

/** A claim's standing as a truth claim's match, or undefined when no wording of it holds the facts or it shares no carrier. */
export function matchStanding(
  text: string,
  wordings: readonly string[],
  shared: number,
  facts: readonly (string | string[])[],
): MatchStanding | undefined {
  if (shared === 0 || ![text, ...wordings].some((t) => holdsFacts(t, facts))) return undefined;
  const share = wordings.filter((t) => holdsFacts(t, facts)).length / Math.max(1, wordings.length);
  return { shared, stated: holdsFacts(text, facts), share };
}

/** Whether a standing beats the best so far: most carriers shared, then the own text stating the facts, then the share. */
export function matchesBetter(x: MatchStanding, best: MatchStanding | undefined): boolean {
  return (
    !best ||
    x.shared > best.shared ||
    (x.shared === best.shared && x.stated && !best.stated) ||
    (x.shared === best.shared && x.stated === best.stated && x.share > best.share)
  );
}

/** A story as an article job reads it: served on loopback, fetched, read, grouped and checked. */
export interface CheckedStory {
  /** Pages read. */
  pages: number;
  /** Truth URLs of the pages that could not be read. */
  unread: string[];
  sources: GroupedSource[];
  claims: CheckedClaim[];
  /** The truth URL of each source's page, by source key. */
  urlOfKey: Map<string, string>;
}

export async function checkStory(story: Story): Promise<CheckedStory> {
  const web = await startSites(story.sites, story.truth);
  try {
    const { pages, failures } = await fetchAndRead(
      story.truth.pages.map((p) => web.served(p.url)),
      { allowAddresses: "127.0.0.1", hostMap: web.hostMap },
    );
    let sources: GroupedSource[] = [];
    let claims: CheckedClaim[] = [];
    if (pages.length > 0) ({ sources, claims } = groupAndCheck(pages as ReadPage[], { acceptFlagged: true }));
    return {
      pages: pages.length,
      unread: failures.map((f) => web.toTruthUrl(f.url)),
      sources,
      claims,
      urlOfKey: new Map(sources.map((s) => [s.key, web.toTruthUrl(s.page.url)])),
    };
  } finally {
    await web.close();
  }
}

export async function scoreStory(story: Story): Promise<StoryScore> {
  const { truth } = story;
  const { pages, unread, sources, claims, urlOfKey } = await checkStory(story);
  const truthOrigin = new Map(truth.pages.map((p) => [p.url, p.origin]));
  const engineOrigin = new Map(sources.map((s) => [urlOfKey.get(s.key) as string, s.originId]));
  const { pairs } = pairwise(truthOrigin, engineOrigin);
  const matched = new Map<string, CheckedClaim>();
  const results: ClaimResult[] = truth.claims.map((c) => {
    const found = matchClaim(c.facts, c.carriedBy, claims, urlOfKey);
    if (found) matched.set(c.id, found);
    return {
      story: truth.story.id,
      id: c.id,
      truth: c.state,
      engine: found?.state ?? "notFound",
      ...(found ? { found } : {}),
      text: c.text,
      ...(c.state === "disputed" ? { later: c.later === true } : {}),
    };
  });
  const attribution = attributionOf(truth, matched, sources, urlOfKey);
  return { id: truth.story.id, pages, unread, pairs, claims: results, urlOfKey, attribution, sources, engineClaims: claims };
}

export function summarise(scores: readonly StoryScore[]): SetSummary {
  const confusion = Object.fromEntries(
    STATES.map((s) => [s, Object.fromEntries(OUTCOMES.map((o) => [o, 0]))]),
  ) as SetSummary["confusion"];
  let t = 0;
  let e = 0;
  let both = 0;
  const all = scores.flatMap((s) => s.claims);
  for (const s of scores) {
    t += s.pairs.truth;
    e += s.pairs.engine;
    both += s.pairs.both;
  }
  for (const c of all) confusion[c.truth][c.engine]++;
  const precision = e === 0 ? 1 : both / e;
  const recall = t === 0 ? 1 : both / t;
  const correct = all.filter((c) => c.truth === c.engine).length;
  const flagged = all.filter((c) => c.truth === "parallel" || c.truth === "disputed");
  const shownCorroborated = flagged.filter((c) => c.engine === "corroborated").length;
  const found = all.filter((c) => c.engine !== "notFound").length;
  const disputes = all.filter((c) => c.truth === "disputed" && c.engine === "disputed");
  const revisions = {
    later: disputes.filter((c) => c.later).length,
    markedLater: disputes.filter((c) => c.later && c.found?.later).length,
    earlier: disputes.filter((c) => !c.later).length,
    markedEarlierLater: disputes.filter((c) => !c.later && c.found?.later).length,
  };
  const attribution = emptyTally();
  for (const s of scores) if (s.attribution) addTally(attribution, s.attribution);
  return {
    revisions,
    attribution,
    stories: scores.length,
    pages: scores.reduce((n, s) => n + s.pages, 0),
    grouping: { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) },
    claims: all.length,
    correct,
    accuracy: all.length ? correct / all.length : 0,
    confusion,
    falseCorroboration: {
      count: shownCorroborated,
      of: flagged.length,
      rate: flagged.length ? shownCorroborated / flagged.length : 0,
    },
    found: { count: found, rate: all.length ? found / all.length : 0 },
  };
}

/** The test web (test/web) as stories of the corpus's shape, all served from its one sites/ folder. */
export function testWebStories(): Story[] {
  const web = loadTruth();
  const originOf = new Map<string, string>();
  web.origins.forEach((group, i) => {
    for (const url of group) originOf.set(url, web.originLabels[i] ?? `origin ${i}`);
  });
  return web.stories.map((s) => {
    const truth: StoryTruth = {
      story: { id: s.id, title: s.title, topic: s.topic, writer: "test-web", languages: [], patterns: [] },
      pages: web.pages
        .filter((p) => p.story === s.id)
        .map((p) => ({ ...p, contentType: p.contentType as "text/html", origin: originOf.get(p.url) ?? p.url })),
      claims: web.claims
        .filter((c) => c.story === s.id)
        .map((c) => ({ id: c.id, state: c.state, text: c.text, facts: c.facts, carriedBy: c.carriedBy, restsOn: {} })),
    };
    return { set: "development" as CorpusSet, dir: sitesRoot, sites: sitesRoot, truth };
  });
}

export type ScoredSet = "test-web" | "development" | "heldout";

export function storiesOf(set: ScoredSet): Story[] {
  return set === "test-web" ? testWebStories() : loadSet(set);
}

export async function scoreSet(set: ScoredSet): Promise<{ scores: StoryScore[]; summary: SetSummary }> {
  const scores: StoryScore[] = [];
  for (const story of storiesOf(set)) scores.push(await scoreStory(story));
  return { scores, summary: summarise(scores) };
}
