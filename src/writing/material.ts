// Turns what the sourcing engine checked into what the writer reads: the same claims and
// sources, addressed by the ids they are stored under instead of the engine's in-job keys.
import type { CheckResult } from "../sourcing/sourcingEngine.ts";
import type { WritingClaim, WritingSource } from "./types.ts";

export interface WritingMaterial {
  claims: WritingClaim[];
  sources: WritingSource[];
}

/** `ids` maps an engine key to a stored id; by default the key is the id. */
export function writingMaterial(
  check: Pick<CheckResult, "sources" | "claims">,
  ids: { source?: (key: string) => string; claim?: (key: string) => string } = {},
): WritingMaterial {
  const sourceId = ids.source ?? ((key: string) => key);
  const claimId = ids.claim ?? ((key: string) => key);
  const sources: WritingSource[] = check.sources.map((s) => ({
    id: sourceId(s.key),
    origin: s.origin,
    originId: s.originId,
    title: s.page.title,
    url: s.page.url,
    official: s.official,
    text: s.page.text,
    ...(s.page.publishedAt ? { publishedAt: s.page.publishedAt } : {}),
    ...(s.page.language ? { language: s.page.language } : {}),
  }));
  const claims: WritingClaim[] = check.claims.map((c) => ({
    id: claimId(c.key),
    text: c.text,
    state: c.state,
    originCount: c.originCount,
    sourceIds: c.sourceKeys.map(sourceId),
    mentions: c.mentions.map((m) => ({ sourceId: sourceId(m.sourceKey), text: m.text })),
    ...(c.variants ? { variants: c.variants.map((v) => ({ text: v.text, sourceIds: v.sourceKeys.map(sourceId) })) } : {}),
    ...(c.attributedTo ? { attributedTo: c.attributedTo } : {}),
  }));
  return { claims, sources };
}
