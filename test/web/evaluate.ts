// Runs the sourcing engine on the test web and scores it against truth.json: origin grouping by
// pairwise precision, recall and F1 over all pages at once, and claim-state accuracy with claims
// checked per story (as an article job checks its own pages). Used by `npm run eval:sourcing`
// and by test/sourcing/evaluation.test.ts. The engine sees only the pages, never the truth.

import { groupOrigins } from "../../src/sourcing/group/originGroups.ts";
import { fetchAndRead, groupAndCheck } from "../../src/sourcing/sourcingEngine.ts";
import type { CheckedClaim, GroupedSource, ReadPage } from "../../src/sourcing/types.ts";
import { startTestWeb, type TruthClaim } from "./testWeb.ts";

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

export interface ClaimOutcome {
  truth: TruthClaim;
  /** The engine's claim matched to it, if any. */
  found?: CheckedClaim;
  correct: boolean;
}

export interface Evaluation {
  pages: number;
  unread: { url: string; reason: string }[];
  grouping: PairwiseScore;
  claims: { total: number; correct: number; accuracy: number; byState: Record<string, { total: number; correct: number }> };
  outcomes: ClaimOutcome[];
  /** Engine origin groups as truth URLs, for inspection. */
  groups: string[][];
}

const lower = (s: string) => s.toLowerCase();

/** The engine claim stating a truth claim: one of its sentences holds every fact token, and it shares the most carriers. */
function matchClaim(truth: TruthClaim, claims: readonly CheckedClaim[], urlOfKey: Map<string, string>): CheckedClaim | undefined {
  let best: { claim: CheckedClaim; shared: number } | undefined;
  for (const claim of claims) {
    const texts = [claim.text, ...claim.mentions.map((m) => m.text)].map(lower);
    if (!texts.some((text) => truth.facts.every((f) => text.includes(lower(f))))) continue;
    const carriers = claim.sourceKeys.map((k) => urlOfKey.get(k));
    const shared = carriers.filter((u) => u !== undefined && truth.carriedBy.includes(u)).length;
    if (shared === 0) continue;
    if (!best || shared > best.shared) best = { claim, shared };
  }
  return best?.claim;
}

export async function evaluateSourcing(): Promise<Evaluation> {
  const web = await startTestWeb();
  try {
    const truth = web.truth;
    const allUrls = truth.pages.map((p) => p.url);
    const { pages, failures } = await fetchAndRead(
      allUrls.map((u) => web.served(u)),
      { allowAddresses: "127.0.0.1", hostMap: web.hostMap },
    );
    const byTruthUrl = new Map<string, ReadPage>();
    for (const p of pages) byTruthUrl.set(web.toTruthUrl(p.url), p);

    // Grouping over every page at once: the harder setting, with every story's outlets mixed.
    const grouped = groupOrigins([...byTruthUrl.values()]);
    const engineGroup = new Map<string, string>();
    const groups = new Map<string, string[]>();
    for (const s of grouped) {
      const url = web.toTruthUrl(s.page.url);
      engineGroup.set(url, s.originId);
      groups.set(s.originId, [...(groups.get(s.originId) ?? []), url]);
    }
    const truthGroup = new Map<string, string>();
    truth.origins.forEach((group, i) => {
      for (const url of group) truthGroup.set(url, `t${i}`);
    });

    // Claims per story, on that story's pages.
    const outcomes: ClaimOutcome[] = [];
    for (const story of truth.stories) {
      const storyPages = story.urls.map((u) => byTruthUrl.get(u)).filter((p): p is ReadPage => p !== undefined);
      let sources: GroupedSource[] = [];
      let claims: CheckedClaim[] = [];
      if (storyPages.length > 0) ({ sources, claims } = groupAndCheck(storyPages, { acceptFlagged: true }));
      const urlOfKey = new Map(sources.map((s) => [s.key, web.toTruthUrl(s.page.url)]));
      for (const t of truth.claims.filter((c) => c.story === story.id)) {
        const found = matchClaim(t, claims, urlOfKey);
        outcomes.push({ truth: t, ...(found ? { found } : {}), correct: found?.state === t.state });
      }
    }
    const byState: Record<string, { total: number; correct: number }> = {};
    for (const o of outcomes) {
      const entry = byState[o.truth.state] ?? { total: 0, correct: 0 };
      byState[o.truth.state] = entry;
      entry.total++;
      if (o.correct) entry.correct++;
    }
    const correct = outcomes.filter((o) => o.correct).length;
    return {
      pages: pages.length,
      unread: failures.map((f) => ({ url: web.toTruthUrl(f.url), reason: f.reason })),
      grouping: pairwise(truthGroup, engineGroup),
      claims: { total: outcomes.length, correct, accuracy: outcomes.length ? correct / outcomes.length : 0, byState },
      outcomes,
      groups: [...groups.values()].map((g) => g.sort()),
    };
  } finally {
    await web.close();
  }
}
