// Groups read pages into independent origins. Ten outlets relaying one wire story are one origin.
//
// Relations, each a union in a union-find over pages plus one node per outside origin:
//   wire          the page credits a news agency in its dateline, byline or copyright line: it
//                 relays that agency, whatever outlet hosts it;
//   canonical     rel=canonical points to another registrable domain: the page is that one's copy;
//   republished   "first appeared on …", "originally published by …": the named outlet is its origin;
//   nearDuplicate the text is a near copy (shingled MinHash + LSH) of another page's;
//   sameDomain    pages of one registrable domain (public suffix list) that relay nobody share an origin.
// A relay joins its origin, not its host's other pages: an outlet's own reporting and the agency
// copy it runs are different origins.
import { getDomain, getHostname } from "tldts";
import { DEFAULT_POLICY, outletKind, type SourcingPolicy, scoreFor } from "../policy/sourcingPolicy.ts";
import { findAgency } from "../read/agencies.ts";
import type { GroupedSource, ReadPage, SourceRelation } from "../types.ts";
import { nearDuplicatePairs } from "./nearDuplicates.ts";
import { UnionFind } from "./unionFind.ts";

export interface GroupOptions {
  policy?: SourcingPolicy;
}

/** The registrable domain of a URL (public suffix list, private suffixes included), or its host. */
export function registrableDomain(url: string): string {
  const host = getHostname(url) ?? "";
  return (getDomain(url, { allowPrivateDomains: true }) ?? host).toLowerCase();
}

function normalisedUrl(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    u.search = "";
    u.port = "";
    return `${u.hostname.replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}`.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}

const HEAD_CHARS = 400;
const TAIL_CHARS = 400;

/** The agency's display name, when `party` names one ("AP", "The Associated Press" → "Associated Press"). */
const canonicalAgency = (party: string) => findAgency(party)?.name;

/** The agency a page relays, when it credits one where relays do: dateline, byline or copyright line. */
export function relayedAgency(page: ReadPage): string | undefined {
  const head = page.text.slice(0, HEAD_CHARS);
  const tail = page.text.slice(-TAIL_CHARS);
  for (const a of page.attributions) {
    if (a.kind !== "wire") continue;
    const agency = canonicalAgency(a.party);
    if (!agency) continue;
    const inByline = page.byline !== undefined && canonicalAgency(page.byline.replace(/^.*,\s*/, "")) === agency;
    const inHead = head.includes(a.text.slice(0, 60)) || head.includes(`(${a.party})`);
    const inCredit =
      /©|copyright|\ball rights reserved\b/i.test(a.text) || (tail.includes(a.text.slice(0, 60)) && /©|copyright/i.test(tail));
    if (inByline || inHead || inCredit) return agency;
  }
  if (page.byline) {
    const fromByline = canonicalAgency(page.byline.replace(/^by\s+/i, "").replace(/^.*,\s*/, ""));
    if (fromByline) return fromByline;
  }
  return undefined;
}

interface PageInfo {
  domain: string;
  agency?: string;
  canonicalDomain?: string;
  republishedFrom?: string;
  published: number;
}

export function groupOrigins(pages: readonly ReadPage[], options: GroupOptions = {}): GroupedSource[] {
  const policy = options.policy ?? DEFAULT_POLICY;
  const n = pages.length;
  const byNormalUrl = new Map<string, number>();
  pages.forEach((p, i) => {
    byNormalUrl.set(normalisedUrl(p.url), i);
  });
  const siteNames = new Map<string, string>(); // lower-cased site name or domain label → domain
  const info: PageInfo[] = pages.map((page) => {
    const domain = registrableDomain(page.url);
    if (page.siteName) siteNames.set(page.siteName.toLowerCase(), domain);
    siteNames.set(domain.split(".")[0] as string, domain);
    siteNames.set(domain, domain);
    const canonicalDomain = page.canonicalUrl ? registrableDomain(page.canonicalUrl) : undefined;
    return {
      domain,
      agency: relayedAgency(page),
      ...(canonicalDomain && canonicalDomain !== domain ? { canonicalDomain } : {}),
      published: page.publishedAt ? Date.parse(page.publishedAt) || Number.POSITIVE_INFINITY : Number.POSITIVE_INFINITY,
    };
  });
  // A republished page names its origin by link or by name; resolve names once every site is known.
  pages.forEach((page, i) => {
    const credit = page.attributions.find((a) => a.kind === "republished");
    if (!credit) return;
    const fromLink = credit.url ? registrableDomain(credit.url) : undefined;
    const fromName = siteNames.get(credit.party.toLowerCase()) ?? siteNames.get(credit.party.toLowerCase().replace(/^the /, ""));
    const from = fromLink ?? fromName ?? credit.party.toLowerCase();
    if (from !== (info[i] as PageInfo).domain) (info[i] as PageInfo).republishedFrom = from;
  });

  // Nodes 0..n-1 are pages; outside origins (agencies, domains named by canonical or credit) get nodes after them.
  const outside = new Map<string, number>();
  const outsideNode = (key: string) => {
    let node = outside.get(key);
    if (node === undefined) {
      node = n + outside.size;
      outside.set(key, node);
    }
    return node;
  };
  const links: { page: number; node: number; kind: SourceRelation }[] = [];
  info.forEach((p, i) => {
    if (p.agency) links.push({ page: i, node: outsideNode(`agency:${p.agency}`), kind: "wire" });
    if (p.canonicalDomain) {
      const target = byNormalUrl.get(normalisedUrl(pages[i]?.canonicalUrl as string));
      links.push({ page: i, node: target ?? outsideNode(`domain:${p.canonicalDomain}`), kind: "canonical" });
    }
    if (p.republishedFrom) links.push({ page: i, node: outsideNode(`domain:${p.republishedFrom}`), kind: "republished" });
  });
  const relays = new Set(links.map((l) => l.page));
  const duplicates = nearDuplicatePairs(pages.map((p) => p.text));

  const uf = new UnionFind(n + outside.size + 1);
  const relationOf = new Map<number, SourceRelation>();
  for (const { page, node, kind } of links) {
    uf.union(page, node);
    if (!relationOf.has(page)) relationOf.set(page, kind);
  }
  // A domain named as an origin by canonical or credit is that domain's own pages, too.
  const ownByDomain = new Map<string, number>();
  info.forEach((p, i) => {
    if (relays.has(i)) return;
    const first = ownByDomain.get(p.domain);
    if (first === undefined) ownByDomain.set(p.domain, i);
    else if (uf.union(first, i)) relationOf.set(i, "sameDomain");
    const named = outside.get(`domain:${p.domain}`);
    if (named !== undefined) uf.union(named, i);
  });
  for (const { a, b } of duplicates) {
    if (uf.union(a, b)) {
      const later = (info[a] as PageInfo).published <= (info[b] as PageInfo).published ? b : a;
      if (!relationOf.has(later)) relationOf.set(later, "nearDuplicate");
    }
  }

  // Each group: a root (the original: a canonical target or the earliest own page), a display name.
  const keyOfNode = [...outside.keys()]; // outside nodes are numbered n, n+1, … in insertion order
  const groups = uf.groups();
  const out: GroupedSource[] = new Array(n);
  let originCounter = 0;
  for (const members of groups.values()) {
    const pagesInGroup = members.filter((m) => m < n);
    if (pagesInGroup.length === 0) continue;
    const originId = `o${++originCounter}`;
    const outsideKeys = members.filter((m) => m >= n).map((m) => keyOfNode[m - n] as string);
    const agencyKey = outsideKeys.find((k) => k.startsWith("agency:"));
    const rootIndex = [...pagesInGroup].sort((x, y) => {
      const rx = relationOf.has(x) ? 1 : 0;
      const ry = relationOf.has(y) ? 1 : 0;
      return rx - ry || (info[x] as PageInfo).published - (info[y] as PageInfo).published || x - y;
    })[0] as number;
    const rootPage = pages[rootIndex] as ReadPage;
    const domainKey = outsideKeys.find((k) => k.startsWith("domain:"));
    const origin = agencyKey
      ? agencyKey.slice("agency:".length)
      : domainKey && !pagesInGroup.some((m) => (info[m] as PageInfo).domain === domainKey.slice(7) && !relays.has(m))
        ? domainKey.slice("domain:".length)
        : (rootPage.siteName ?? (info[rootIndex] as PageInfo).domain);
    for (const m of pagesInGroup) {
      const page = pages[m] as ReadPage;
      const p = info[m] as PageInfo;
      const kind = outletKind(getHostname(page.url) ?? p.domain, {
        isWireRelay: Boolean(p.agency),
        text: page.text,
        url: page.url,
        ...(page.siteName ? { siteName: page.siteName } : {}),
      });
      const relation = relationOf.get(m);
      out[m] = {
        key: String(m),
        page,
        domain: p.domain,
        originId,
        origin,
        ...(relation && m !== rootIndex ? { relation: { kind: relation, to: String(rootIndex) } } : {}),
        official: kind === "official",
        score: scoreFor(policy, p.domain, kind),
      };
    }
  }
  return out;
}
