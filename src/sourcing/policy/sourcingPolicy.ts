// The sourcing policy: how much a source's outlet is trusted, as a score from 0 to 100. Built-in
// defaults per outlet kind; a workspace may override a kind's score or name domains outright.
// The kind is read from the page itself (its host, its structured data, its attributions), never
// from a list of particular outlets.

export type OutletKind = "official" | "agency" | "news" | "blog" | "other";

export interface SourcingPolicy {
  kinds: Record<OutletKind, number>;
  /** Registrable domain → score, taking precedence over the kind. */
  domains: Record<string, number>;
}

export const DEFAULT_POLICY: SourcingPolicy = {
  kinds: { official: 85, agency: 80, news: 70, blog: 40, other: 50 },
  domains: {},
};

export interface PolicyOverride {
  kinds?: Partial<Record<OutletKind, number>>;
  domains?: Record<string, number>;
}

const clampScore = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export function policyWith(override: PolicyOverride = {}): SourcingPolicy {
  const kinds = { ...DEFAULT_POLICY.kinds };
  for (const [kind, score] of Object.entries(override.kinds ?? {})) {
    if (typeof score === "number") kinds[kind as OutletKind] = clampScore(score);
  }
  const domains: Record<string, number> = {};
  for (const [domain, score] of Object.entries(override.domains ?? {})) domains[domain.toLowerCase()] = clampScore(score);
  return { kinds, domains };
}

export function scoreFor(policy: SourcingPolicy, domain: string, kind: OutletKind): number {
  return policy.domains[domain.toLowerCase()] ?? policy.kinds[kind];
}

/** Hosts of public bodies: governments, parliaments, courts, international organisations. */
const OFFICIAL_HOST =
  /(^|\.)(gov|gouv|gob|govt|gv|admin|bund|parliament|parlament|europa|un|who|int|mil|police|polizei|justice|court)(\.|$)/i;
/** A body's own channel: its newsroom or press pages. */
const OWN_CHANNEL_HOST = /^(newsroom|press|media|presse|prensa|investors?|ir|corporate)\./i;

export function outletKind(host: string, signals: { isWireRelay: boolean; text: string; url: string }): OutletKind {
  if (OFFICIAL_HOST.test(host) || OWN_CHANNEL_HOST.test(host)) return "official";
  if (/^(blog|blogs|medium)\.|\/blog\//i.test(host + new URL(signals.url).pathname)) return "blog";
  // A release announces itself as one at its top; an article merely mentioning a press release does not.
  if (
    /^\W*(for immediate release|press release|pressemitteilung|communiqué de presse|nota de prensa)\b/i.test(
      signals.text.slice(0, 200),
    )
  ) {
    return "official";
  }
  if (signals.isWireRelay) return "agency";
  return "news";
}
