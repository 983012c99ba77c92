// Where the claim-state errors come from, measured by handing the states pieces of the truth in
// place of the engine's reading (`npm run eval:sourcing -- --oracle`). Two groups, each against its
// own baseline:
//   - the engine's state rules (claimStates.ts): the engine as it is, and the engine told only
//     whether each claim is disputed;
//   - states by the definitions (storyCorpus.ts, `derivedState`, as the truth's own states are,
//     on the truth's grouping of pages into origins and its official pages): the engine's reading
//     of each carrier's basis, then the truth's bases, disputes and carrying pages in turn.
// The engine's clustering and matching of claims are kept throughout: a claim it did not find is
// wrong at every step. The truth is read as an oracle and only counts are reported: on the
// held-out set nothing of a story is shown.
import { claimState } from "../../src/sourcing/claims/claimStates.ts";
import { PRESS_WORDS, sameParty, toParty } from "../../src/sourcing/claims/parties.ts";
import type { CheckedClaim, GroupedSource } from "../../src/sourcing/types.ts";
import { matchClaim, type Outcome, type StoryScore, scoreStory } from "./scoring.ts";
import { derivedState, type Story, type StoryClaim, type StoryTruth } from "./storyCorpus.ts";

export const ORACLE_STEPS = [
  "engine",
  "disputesOnly",
  "definitions",
  "attribution",
  "basesAndDisputes",
  "carriers",
  "disputes",
] as const;
export type OracleStep = (typeof ORACLE_STEPS)[number];

/** The steps as printed, in their two groups. */
export const ORACLE_GROUPS: { title: string; steps: { step: OracleStep; label: string }[] }[] = [
  {
    title: "the engine's state rules",
    steps: [
      { step: "engine", label: "the engine as it is" },
      { step: "disputesOnly", label: "told whether each claim is disputed" },
    ],
  },
  {
    title: "states by the definitions, on the truth's origins",
    steps: [
      { step: "definitions", label: "the engine's reading of each carrier" },
      { step: "attribution", label: "each carrier's basis from the truth" },
      { step: "basesAndDisputes", label: "bases and disputes from the truth" },
      { step: "carriers", label: "bases and carrying pages from the truth" },
      { step: "disputes", label: "bases, carrying pages and disputes" },
    ],
  },
];

export interface OracleClaim {
  truth: StoryClaim["state"];
  outcomes: Record<OracleStep, Outcome>;
}

/** Each truth claim's outcome at every step, for one story as the engine checks it. */
export async function oracleStory(story: Story): Promise<OracleClaim[]> {
  return oracleOfScore(story.truth, await scoreStory(story));
}

/** The same, from a story already scored (the evaluation scores every story before it decomposes). */
export function oracleOfScore(truth: StoryTruth, score: StoryScore): OracleClaim[] {
  return oracleClaims(truth, score.engineClaims ?? [], score.sources ?? [], score.urlOfKey ?? new Map());
}

/** Disputed claims the engine found and does not show as disputed when handed bases and carrying pages, and claims it shows as disputed that are not. */
export function disputeErrors(claims: readonly OracleClaim[]): { missed: number; invented: number } {
  const found = claims.filter((c) => c.outcomes.engine !== "notFound");
  return {
    missed: found.filter((c) => c.truth === "disputed" && c.outcomes.carriers !== "disputed").length,
    invented: found.filter((c) => c.truth !== "disputed" && c.outcomes.carriers === "disputed").length,
  };
}

export function oracleClaims(
  truth: StoryTruth,
  claims: readonly CheckedClaim[],
  sources: readonly GroupedSource[],
  urlOfKey: Map<string, string>,
): OracleClaim[] {
  const basisOf = truthNames(truth);
  const indexOfKey = new Map(sources.map((s, i) => [s.key, i]));
  return truth.claims.map((c) => {
    const found = matchClaim(c.facts, c.carriedBy, claims, urlOfKey);
    if (!found)
      return {
        truth: c.state,
        outcomes: Object.fromEntries(ORACLE_STEPS.map((s) => [s, "notFound"])) as Record<OracleStep, Outcome>,
      };
    // A carrier's basis as the engine reads it: the credit most of its mentions give, as the
    // engine's state rules weigh a page (no credit: its own account).
    const engineBasis = (url: string): string => {
      const counts = new Map<string, number>();
      for (const m of found.mentions)
        if (urlOfKey.get(m.sourceKey) === url) counts.set(m.attributedTo ?? "", (counts.get(m.attributedTo ?? "") ?? 0) + 1);
      const main = [...counts].reduce<[string, number]>((best, e) => (e[1] > best[1] ? e : best), ["", 0])[0];
      return main === "" ? "own" : basisOf(main);
    };
    const engineCarriers = [...new Set(found.sourceKeys.map((k) => urlOfKey.get(k) as string))];
    const engineDisputes = found.state === "disputed" ? ["the engine's"] : [];
    const state = (carriedBy: string[], conflictsWith: readonly string[], bases: "engine" | "truth") =>
      derivedState(truth, {
        ...c,
        carriedBy,
        // A page the engine counts as a carrier and the truth does not keeps the engine's reading.
        restsOn: Object.fromEntries(
          carriedBy.map((u) => [u, (bases === "truth" ? c.restsOn?.[u] : undefined) ?? engineBasis(u)]),
        ),
        conflictsWith: [...conflictsWith],
      });
    // A claim the engine disputes where the truth does not, undisputed: the engine's state rules on
    // its mentions alone (without the page-wide credits, positions and own reports the engine also
    // weighs, which its result does not carry: an approximation).
    const undisputed = (): Outcome => {
      const mentions = found.mentions.flatMap((m) => {
        const source = indexOfKey.get(m.sourceKey);
        return source === undefined ? [] : [{ source, text: m.text, ...(m.attributedTo ? { party: m.attributedTo } : {}) }];
      });
      return claimState(
        [...new Set(mentions.map((m) => m.source))].sort((a, b) => a - b),
        mentions,
        sources,
      ).state;
    };
    const conflicts = c.conflictsWith ?? [];
    return {
      truth: c.state,
      outcomes: {
        engine: found.state,
        disputesOnly: c.state === "disputed" ? "disputed" : found.state === "disputed" ? undisputed() : found.state,
        definitions: state(engineCarriers, engineDisputes, "engine"),
        attribution: state(engineCarriers, engineDisputes, "truth"),
        basesAndDisputes: state(engineCarriers, conflicts, "truth"),
        carriers: state(c.carriedBy, engineDisputes, "truth"),
        disputes: state(c.carriedBy, conflicts, "truth"),
      },
    };
  });
}

/**
 * An engine's credit as a basis in the truth's names: a party the truth writes that way, then a
 * named party matched by name, then an outlet of the story (a page that is not a party's own
 * channel), then a party's channel by its name, then any party a role matches. A credit the truth
 * does not know is a party of its own.
 */
function truthNames(truth: StoryTruth): (credited: string) => string {
  const parties = [
    ...(truth.parties ?? []).map((p) => ({ name: p.name, written: [p.name, ...p.aliases] })),
    ...[...new Set(truth.claims.flatMap((c) => Object.values(c.restsOn ?? {})))]
      .filter((r) => r.startsWith("party:"))
      .map((r) => ({ name: r.slice("party:".length), written: [r.slice("party:".length)] })),
  ];
  const outlets = [...new Set(truth.pages.filter((p) => !p.official).map((p) => p.origin))];
  const channels = truth.pages.filter((p) => p.official && p.party);
  return (credited) => {
    const lower = credited.toLowerCase();
    const exact = parties.find((p) => p.written.some((w) => w.toLowerCase() === lower));
    if (exact) return `party:${exact.name}`;
    const read = toParty(credited);
    if (read.name.length > 0) {
      const named = parties.find((p) => p.written.some((w) => toParty(w).name.length > 0 && sameParty(toParty(w), read)));
      if (named) return `party:${named.name}`;
      const outlet = outlets.find((o) => sameParty(toParty(o), read));
      if (outlet) return `outlet:${outlet}`;
      const channel = channels.find((p) => sameParty(toParty(p.origin), read));
      if (channel) return `party:${channel.party}`;
    }
    if (PRESS_WORDS.test(credited) && read.roles.length === 0) return `outlet:${credited}`;
    const role = parties.find((p) => p.written.some((w) => sameParty(toParty(w), read)));
    return `party:${role?.name ?? credited}`;
  };
}
