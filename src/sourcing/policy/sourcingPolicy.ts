// The sourcing policy: how much a source's outlet is trusted, as a score from 0 to 100. Built-in
// defaults per outlet kind; a workspace may override a kind's score or name domains outright.
// The kind is read from the page itself (its host, its structured data, its attributions), never
// from a list of particular outlets.

import { PRESS_WORDS, toParty } from "../claims/parties.ts";

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

/** Hosts of public bodies: governments, parliaments, courts, police, regions and towns, international organisations. */
const OFFICIAL_HOST =
  /(^|[.-])(gov|gouv|gob|govt|gv|admin|bund|parliament|parlament|europa|un|who|int|mil|police|polizei|policia|polizia|policja|justice|court|lg|regione|provincia|comune|city|pref|ayuntamiento|gemeinde|stadt)(\.|-|$)/i;
/** A body's own channel: its newsroom or press pages. */
const OWN_CHANNEL_HOST = /^(newsroom|press|media|presse|prensa|investors?|ir|corporate)\./i;
/** A body's press pages on its own site: "/pressemitteilungen/", "/comunicati/", "/sala-de-prensa/", "/newsroom/". */
const OWN_CHANNEL_PATH =
  /\/(?:press|press-releases?|pressreleases?|news-releases?|newsroom|media-?centre|media-?center|medias?\/communiques|communiques?|communiqués?|presse(?:mitteilungen|meldungen)?|pressemitteilungen|pressemeldungen|mitteilungen|comunicati(?:-stampa)?|comunicados?|comunicado-oficial|sala-de-prensa|notas-de-prensa|komunikaty|oswiadczeni[ae]|service-updates|kisha|houdou)(?:\/|[-_.]|$)/i;
/** A release's header line: "PRESS RELEASE", "Pressemitteilung", "Comunicato stampa", "プレスリリース". */
const RELEASE_HEADER =
  /^\W*(?:[^\n]{0,80}?\b)?(?:for immediate release|press release|news release|media release|pressemitteilung|presseinformation|communiqué de presse|communiqué|nota de prensa|comunicado(?: de prensa| oficial)?|comunicato stampa|komunikat(?: prasowy)?|oświadczenie)\b|^\W*(?:プレスリリース|報道発表|報道資料|お知らせ)/iu;
export interface OutletSignals {
  isWireRelay: boolean;
  text: string;
  url: string;
  /** The name the site gives itself (og:site_name and the like). */
  siteName?: string;
}

export function outletKind(host: string, signals: OutletSignals): OutletKind {
  if (OFFICIAL_HOST.test(host) || OWN_CHANNEL_HOST.test(host)) return "official";
  const path = new URL(signals.url).pathname;
  if (/^(blog|blogs|medium)\.|\/blog\//i.test(host + path)) return "blog";
  // A release announces itself as one in its first line; an article merely mentioning a press release does not.
  const firstLine = signals.text.slice(0, 300).split(/\n/)[0] ?? "";
  if (firstLine.length <= 120 && RELEASE_HEADER.test(firstLine)) return "official";
  if (signals.isWireRelay) return "agency";
  const press = signals.siteName !== undefined && PRESS_WORDS.test(signals.siteName);
  // A body's own press pages, or a site named for an institution (a town, a police force, a union,
  // a club, a company's group) rather than for an outlet.
  if (!press && OWN_CHANNEL_PATH.test(path)) return "official";
  if (
    !press &&
    signals.siteName !== undefined &&
    toParty(signals.siteName).roles.some((r) => r !== "officials" && r !== "port")
  ) {
    return "official";
  }
  return "news";
}
