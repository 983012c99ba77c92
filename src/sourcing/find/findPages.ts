// The find step: which pages to read for a brief, in order. The brief's own useUrls come first,
// as given; then the workspace library (pages fetched before), the site's column sources, and a
// web search provider when one is configured. excludeDomains removes discovered pages (never
// the brief's own useUrls); preferDomains ranks discovered pages up. Duplicates are dropped.
import { getHostname } from "tldts";
import type { Database } from "../../db/database.ts";
import { registrableDomain } from "../group/originGroups.ts";
import { searchLibrary } from "./pageLibrary.ts";
import type { SearchProvider } from "./searchProvider.ts";

export type CandidateSource = "useUrls" | "library" | "column" | "search";

export interface Candidate {
  url: string;
  from: CandidateSource;
  /** Title as the library or search engine gave it: third-party data. */
  title?: string;
}

export interface FindInput {
  workspaceId: string;
  topic: string;
  angle?: string;
  keywords?: readonly string[];
  language?: string;
  useUrls?: readonly string[];
  excludeDomains?: readonly string[];
  preferDomains?: readonly string[];
  /** Addresses the site's plan lists for the brief's column. */
  columnUrls?: readonly string[];
}

export interface FindDeps {
  db?: Database;
  search?: SearchProvider;
  /** How many pages to return at most. */
  limit?: number;
}

export interface FindResult {
  candidates: Candidate[];
  /** What went wrong on the way without stopping the step (e.g. the search engine did not answer). */
  notes: string[];
}

function normalise(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    return u.toString();
  } catch {
    return url;
  }
}

function cleanDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/.*$/, "")
    .replace(/^www\./, "");
}

/** True when the URL's host is the domain or one of its subdomains. */
function onDomain(url: string, domains: readonly string[]): boolean {
  const host = (getHostname(url) ?? "").toLowerCase();
  const site = registrableDomain(url);
  return domains.some((d) => host === d || host.endsWith(`.${d}`) || site === d);
}

export async function findPages(input: FindInput, deps: FindDeps = {}): Promise<FindResult> {
  const limit = deps.limit ?? 30;
  const exclude = (input.excludeDomains ?? []).map(cleanDomain).filter(Boolean);
  const prefer = (input.preferDomains ?? []).map(cleanDomain).filter(Boolean);
  const query = [input.topic, input.angle ?? "", ...(input.keywords ?? [])].join(" ").trim();
  const notes: string[] = [];
  const seen = new Set<string>();
  const given: Candidate[] = [];
  for (const url of input.useUrls ?? []) {
    const key = normalise(url);
    if (seen.has(key)) continue;
    seen.add(key);
    given.push({ url, from: "useUrls" });
  }

  const discovered: Candidate[] = [];
  const add = (url: string, from: CandidateSource, title?: string) => {
    const key = normalise(url);
    if (seen.has(key) || onDomain(url, exclude)) return;
    seen.add(key);
    discovered.push({ url, from, ...(title ? { title } : {}) });
  };
  if (deps.db && query) {
    for (const hit of await searchLibrary(deps.db, input.workspaceId, query, limit)) add(hit.url, "library", hit.title);
  }
  for (const url of input.columnUrls ?? []) add(url, "column");
  if (deps.search && query) {
    try {
      const results = await deps.search.search({ text: query, limit, ...(input.language ? { language: input.language } : {}) });
      for (const r of results) add(r.url, "search", r.title);
    } catch (error) {
      notes.push(`${deps.search.name}: ${(error as Error).message}`);
    }
  }
  // Preferred domains first, each group keeping its order (library, column, search).
  const ranked = [...discovered.filter((c) => onDomain(c.url, prefer)), ...discovered.filter((c) => !onDomain(c.url, prefer))];
  return { candidates: [...given, ...ranked].slice(0, Math.max(limit, given.length)), notes };
}
