// What each source contributed to an article's claims, and whether enough independent origins
// remain to write one.
import { DomainError } from "../errors.ts";
import type { CheckedClaim, GroupedSource, SourceRelation } from "./types.ts";

export interface SourceContribution {
  /** A sentence saying how many claims the source carries. */
  contributed: string;
  /** Claims for which it is the only source. */
  soleForClaims: number;
}

/** The Source's `contributed` sentence, from how many of the claims it carries and carries alone. */
export function contributedSentence(carried: number, total: number, sole: number): string {
  if (carried === 0) return "Carries none of the article's claims.";
  return `Carries ${carried} of ${total} claim${total === 1 ? "" : "s"}${sole > 0 ? `, ${sole} of them alone` : ""}.`;
}

export function contributions(
  sources: readonly GroupedSource[],
  claims: readonly CheckedClaim[],
): Map<string, SourceContribution> {
  const out = new Map<string, SourceContribution>();
  for (const source of sources) {
    const carried = claims.filter((c) => c.sourceKeys.includes(source.key));
    const sole = carried.filter((c) => c.sourceKeys.length === 1).length;
    out.set(source.key, { contributed: contributedSentence(carried.length, claims.length, sole), soleForClaims: sole });
  }
  return out;
}

export function independentOrigins(sources: readonly GroupedSource[]): number {
  return new Set(sources.map((s) => s.originId)).size;
}

/**
 * An article needs two independent origins to corroborate anything. With fewer, the job stops
 * with too_few_origins unless the caller accepts an article whose every claim is flagged.
 */
export function assertEnoughOrigins(sources: readonly GroupedSource[], acceptFlagged = false): void {
  const count = independentOrigins(sources);
  if (count < 2 && !acceptFlagged) {
    throw new DomainError(
      "too_few_origins",
      count === 0
        ? "No page could be read, so there is no origin to write from."
        : "Every page traces back to one origin; at least two independent origins are needed to corroborate a claim.",
      { origins: count },
    );
  }
}

const RELATION_WORDS: Record<SourceRelation, string> = {
  sameDomain: "same site as",
  canonical: "canonical copy of",
  republished: "republishes",
  wire: "relays the same wire story as",
  nearDuplicate: "near-duplicate of",
};

/** A source's `relation` as the article shows it: how it relates to another source of its origin. */
export function relationSentence(kind: SourceRelation, to: { origin: string; url: string } | undefined): string {
  return `${RELATION_WORDS[kind] ?? kind} ${to ? `${to.origin} (${to.url})` : "another source"}`;
}
