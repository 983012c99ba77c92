// The sourcing engine end to end, as the pipeline steps use it: fetch each page through the
// hardened fetcher and read it (find/read), group the pages into independent origins (group),
// and check claims across them (check). Pages that cannot be fetched or read are reported, not
// fatal: the steps name them and go on with the rest.

import { log } from "../log.ts";
import { checkClaims } from "./claims/checkClaims.ts";
import { type FetchOptions, FetchRefused, hardenedFetch, publicFetchFailure } from "./fetch/index.ts";
import { groupOrigins } from "./group/originGroups.ts";
import type { SourcingPolicy } from "./policy/sourcingPolicy.ts";
import { readPage, readPlainText } from "./read/index.ts";
import { assertEnoughOrigins, contributions, type SourceContribution } from "./sourceSummary.ts";
import type { CheckedClaim, FetchedPage, GroupedSource, ReadPage } from "./types.ts";

export interface ReadFailure {
  url: string;
  reason: string;
}

export interface ReadResult {
  pages: (ReadPage & { finalUrl: string })[];
  failures: ReadFailure[];
}

/** Reads a fetched page: HTML through the extractor, plain text and PDF text as they are. */
export function readFetched(fetched: FetchedPage): ReadPage & { finalUrl: string } {
  const page =
    fetched.contentType.includes("html") && !fetched.fromPdf
      ? readPage(fetched.body, fetched.url)
      : readPlainText(fetched.body, fetched.url);
  // NUL cannot be stored in PostgreSQL text or JSON, and no reader needs it.
  const clean = (text: string) => text.replaceAll("\u0000", "");
  return { ...page, title: clean(page.title), text: clean(page.text), finalUrl: fetched.finalUrl };
}

/** Fetches and reads pages, a few at a time, keeping the order of `urls`. */
export async function fetchAndRead(
  urls: readonly string[],
  options: FetchOptions & { concurrency?: number } = {},
): Promise<ReadResult> {
  const { concurrency = 4, ...fetchOptions } = options;
  const results: (ReadPage & { finalUrl: string })[] = new Array(urls.length);
  const failures: ReadFailure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      const url = urls[i] as string;
      try {
        const page = readFetched(await hardenedFetch(url, fetchOptions));
        if (page.text.trim().length === 0) failures.push({ url, reason: "the page has no readable text" });
        else results[i] = page;
      } catch (error) {
        // The caller hears the rule; the address it resolved to and the settings behind it are the operator's.
        failures.push({ url, reason: publicFetchFailure(error) });
        log.info(
          { url, rule: error instanceof FetchRefused ? error.rule : undefined, detail: (error as Error).message },
          "page not fetched",
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return { pages: results.filter(Boolean), failures };
}

export interface CheckResult {
  sources: GroupedSource[];
  claims: CheckedClaim[];
  contributions: Map<string, SourceContribution>;
}

/** Groups read pages into origins and checks their claims; too_few_origins unless flagged articles are accepted. */
export function groupAndCheck(
  pages: readonly ReadPage[],
  options: { policy?: SourcingPolicy; acceptFlagged?: boolean } = {},
): CheckResult {
  const sources = groupOrigins(pages, options.policy ? { policy: options.policy } : {});
  assertEnoughOrigins(sources, options.acceptFlagged);
  const claims = checkClaims(sources);
  return { sources, claims, contributions: contributions(sources, claims) };
}
