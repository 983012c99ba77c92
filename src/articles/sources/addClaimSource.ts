// Adding a source to one claim of a written article (spec "Article edits", POST
// /articles/{id}/claims/{claimId}/sources). The page is fetched through the hardened fetcher and
// read as the pipeline reads pages, outside any transaction (a fetch can take seconds, and the
// edit holds the article's row lock); then, inside the edit, origins are grouped again over the
// article's sources as they are now plus the page, the claim's state is recomputed by the
// engine (claimRegrouping.ts), and the source row and the version are written together. A page
// that does not carry the claim adds nothing. Page text is data: it is stored and compared,
// never followed.
import { randomUUID } from "node:crypto";
import type { ArticleSource } from "../../../prisma/generated/client/client.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Database, Tx } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { parseId } from "../../ids.ts";
import { log } from "../../log.ts";
import { type FetchOptions, FetchRefused, hardenedFetch } from "../../sourcing/fetch/index.ts";
import { relationSentence } from "../../sourcing/sourceSummary.ts";
import { readFetched } from "../../sourcing/sourcingEngine.ts";
import type { ReadPage } from "../../sourcing/types.ts";
import { assertEditable, type EditOutcome, editArticle } from "../edits/editArticle.ts";
import { findVisibleArticle } from "../visibleArticle.ts";
import { GroupingUnavailable, NEW_PAGE, type Regrouping, regroupClaim, type StoredSource } from "./claimRegrouping.ts";

export interface AddSourceInput {
  url: string;
  expectedVersion?: number;
}

/** Longest address taken, as for webhooks. */
export const MAX_URL_CHARS = 2048;

/** The address as sent, when it is a full https address; else 400 invalid_url. */
export function httpsAddress(input: string): URL {
  const refuse = () => {
    throw new DomainError("invalid_url", "url must be a full https:// address, such as https://example.com/story.");
  };
  if (input.length > MAX_URL_CHARS || input.trim() !== input) refuse();
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse();
  }
  if (url.protocol !== "https:" || !url.hostname || url.username || url.password || !/^https:\/\//i.test(input)) refuse();
  return url;
}

const ADDRESS_RULES = new Set([
  "loopback",
  "private",
  "linkLocal",
  "cgnat",
  "multicast",
  "unspecified",
  "broadcast",
  "reserved",
  "mappedIPv4",
  "nat64",
  "sixToFour",
  "teredo",
  "isatap",
  "invalidAddress",
  "addressMismatch",
]);

/** A fetcher refusal as the route's error: where it points is unsafe_url, anything else unreadable. */
function fetchError(error: unknown): DomainError {
  if (error instanceof FetchRefused) {
    if (ADDRESS_RULES.has(error.rule)) {
      return new DomainError(
        "unsafe_url",
        `The address, or an address it redirects to, points at a network the service does not fetch from (${error.publicReason}).`,
      );
    }
    if (error.rule === "invalidUrl" || error.rule === "scheme" || error.rule === "userinfo" || error.rule === "port") {
      return new DomainError("unsafe_url", `The address, or a redirect it gives, is not fetched (${error.publicReason}).`);
    }
    return new DomainError("source_unreadable", `The page could not be read: ${error.publicReason}.`);
  }
  return new DomainError("source_unreadable", "The page could not be read.");
}

/** Fetches and reads the page; 400 unsafe_url or 422 source_unreadable when it cannot be had. */
export async function fetchSourcePage(url: URL, options: FetchOptions): Promise<ReadPage & { finalUrl: string }> {
  let page: ReadPage & { finalUrl: string };
  try {
    page = readFetched(await hardenedFetch(url.href, options));
  } catch (error) {
    log.info(
      { url: url.href, rule: error instanceof FetchRefused ? error.rule : undefined, detail: (error as Error).message },
      "source page not fetched",
    );
    throw fetchError(error);
  }
  if (page.text.trim() === "") throw new DomainError("source_unreadable", "The page has no readable text.");
  return page;
}

function storedSources(rows: readonly ArticleSource[]): StoredSource[] {
  return rows.map((s) => ({
    id: s.id,
    url: s.url,
    title: s.title,
    text: s.text,
    language: s.language,
    publishedAt: s.publishedAt,
    origin: s.origin,
    originId: s.originId,
    official: s.official,
    score: s.score,
  }));
}

const sameAddress = (a: string, b: string) => {
  const norm = (u: string) => u.replace(/#.*$/, "").replace(/\/+$/, "").toLowerCase();
  return norm(a) === norm(b);
};

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export async function addClaimSource(
  db: Database,
  principal: Principal,
  id: string,
  claimId: string,
  input: AddSourceInput,
  fetchOptions: FetchOptions,
): Promise<EditOutcome> {
  const url = httpsAddress(input.url);
  // The cheap refusals first, so a page is not fetched for an edit that cannot happen.
  const article = await findVisibleArticle(db, principal, id);
  assertEditable(article);
  const claimKey = parseId(claimId);
  const known = claimKey ? await db.prisma.articleClaim.findFirst({ where: { id: claimKey, articleId: article.id } }) : null;
  if (!known) throw new DomainError("not_found", "The article has no such claim.");
  if (input.expectedVersion !== undefined && input.expectedVersion !== article.version) {
    throw new DomainError(
      "article_changed",
      `The article is at version ${article.version}, not ${input.expectedVersion}; read it again and redo the edit.`,
      { currentVersion: article.version },
    );
  }

  const page = await fetchSourcePage(url, fetchOptions);

  return editArticle(db, principal, id, {
    ...(input.expectedVersion === undefined ? {} : { expectedVersion: input.expectedVersion }),
    change: async (current, tx) => {
      const claim = current.claims.find((c) => c.id === claimKey);
      if (!claim) throw new DomainError("not_found", "The article has no such claim.");
      const rows = await tx.articleSource.findMany({ where: { articleId: current.row.id }, orderBy: { position: "asc" } });
      const stored = storedSources(rows);
      // A page the article already has is not stored twice: the claim is checked against that source.
      const existing = rows.find((s) => sameAddress(s.url, url.href) || sameAddress(s.url, page.finalUrl));
      if (existing && claim.sourceIds.includes(existing.id)) return null;
      const candidate = existing?.id ?? NEW_PAGE;
      let outcome: Regrouping;
      try {
        outcome = regroupClaim(
          stored,
          {
            id: claim.id,
            text: claim.text,
            sourceIds: claim.sourceIds,
            mentions: Array.isArray(claim.mentions) ? (claim.mentions as { sourceId: string; text: string }[]) : [],
          },
          // Where the page really is, after redirects: its outlet is the one that counts.
          existing ? undefined : { ...page, url: page.finalUrl },
          candidate,
        );
      } catch (error) {
        if (!(error instanceof GroupingUnavailable)) throw error;
        log.warn({ articleId: current.row.id, claimId: claim.id, detail: error.message }, "grouping unavailable");
        throw new DomainError(
          "grouping_unavailable",
          `Origins cannot be grouped again just now; try again later. ${error.message}`,
        );
      }
      if (!outcome.supports) {
        throw new DomainError("source_does_not_support", `${outcome.reason} Nothing was added.`);
      }

      const sourceId = existing?.id ?? randomUUID();
      const idOf = (key: string) => (key === NEW_PAGE ? sourceId : key);
      const place = outcome.place;
      const relationTo = place?.relation ? rows.find((r) => r.id === place.relation?.to) : undefined;
      const origin = existing?.origin ?? place?.origin ?? "";
      const states = `${outcome.state} across ${outcome.originCount} independent origin${outcome.originCount === 1 ? "" : "s"}`;
      return {
        label: "source added",
        note: clip(`Added ${origin} (${page.finalUrl}) for the claim “${clip(claim.text, 80)}”: now ${states}.`, 300),
        claimUpdates: [
          {
            id: claim.id,
            state: outcome.state,
            originCount: outcome.originCount,
            sourceIds: outcome.sourceKeys.map(idOf),
            mentions: outcome.mentions.map((m) => ({ sourceId: idOf(m.sourceKey), text: m.text })),
          },
        ],
        alsoWrite: async (write: Tx, articleId: string) => {
          await write.articleClaim.update({
            where: { id: claim.id },
            data: {
              variants: outcome.variants
                ? outcome.variants.map((v) => ({ text: v.text, sourceIds: v.sourceKeys.map(idOf) }))
                : undefined,
              attributedTo: outcome.attributedTo ?? null,
            },
          });
          if (existing || !place) return;
          await write.articleSource.create({
            data: {
              id: sourceId,
              articleId,
              position: rows.reduce((max, r) => Math.max(max, r.position), 0) + 1,
              origin: place.origin,
              originId: place.originId,
              title: page.title,
              url: page.finalUrl,
              score: place.score,
              official: place.official,
              relation: place.relation ? relationSentence(place.relation.kind, relationTo) : null,
              language: page.language ?? null,
              publishedAt: page.publishedAt ?? null,
              text: page.text,
            },
          });
        },
      };
    },
  });
}
