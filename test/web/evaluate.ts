// Runs the sourcing engine on the test web and scores it against truth.json: origin grouping by
// pairwise precision, recall and F1 over all pages at once, and claim-state accuracy with claims
// checked per story (as an article job checks its own pages). Used by `npm run eval:sourcing`
// and by test/sourcing/evaluation.test.ts. The engine sees only the pages, never the truth.

import { groupOrigins } from "../../src/sourcing/group/originGroups.ts";
import { fetchAndRead, groupAndCheck } from "../../src/sourcing/sourcingEngine.ts";
import type { CheckedClaim, GroupedSource, ReadPage } from "../../src/sourcing/types.ts";
import { matchClaim, type PairwiseScore, pairwise } from "../corpus/scoring.ts";
import { startTestWeb, type TruthClaim } from "./testWeb.ts";

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
        const found = matchClaim(t.facts, t.carriedBy, claims, urlOfKey);
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
