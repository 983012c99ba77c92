// A page added to one claim of a written article, judged by the sourcing engine itself: the
// article's stored sources are rebuilt as read pages from the text kept for them, the new page
// joins them, origins are grouped again (groupOrigins) and claims checked again (checkClaims).
// The claim is found again among the checked claims by the sentences it was recognised in
// (its stored mentions); the page carries it when the engine puts one of the page's sentences
// in that claim. Its new state, origin count and carriers are the engine's, not a rule of ours.
//
// Stored sources that were one origin when the article was written stay one origin: the text
// kept for a page loses what only its HTML said (rel=canonical, the site name), so grouping
// again can only join origins the job kept apart, never split what it joined.
import { checkClaims } from "../../sourcing/claims/checkClaims.ts";
import { groupOrigins } from "../../sourcing/group/originGroups.ts";
import { UnionFind } from "../../sourcing/group/unionFind.ts";
import { readPlainText } from "../../sourcing/read/readPage.ts";
import type { CheckedClaim, ClaimState, GroupedSource, ReadPage, SourceRelation } from "../../sourcing/types.ts";

/** An article's source as stored, its page text included. */
export interface StoredSource {
  id: string;
  url: string;
  title: string;
  text: string;
  language: string | null;
  publishedAt: string | null;
  origin: string;
  originId: string;
  official: boolean;
  score: number;
}

/** The claim as stored: how each carrier words it. */
export interface StoredClaim {
  id: string;
  text: string;
  sourceIds: string[];
  mentions: { sourceId: string; text: string }[];
}

/** The engine's key for the page being added. */
export const NEW_PAGE = "new";
const CLAIM_TEXT = "claim";

/** Grouping again cannot run: the stored pages' texts are gone, or the engine failed. */
export class GroupingUnavailable extends Error {}

export interface NewSourcePlace {
  origin: string;
  originId: string;
  official: boolean;
  score: number;
  relation?: { kind: SourceRelation; to: string };
}

export type Regrouping =
  | { supports: false; reason: string }
  | {
      supports: true;
      state: ClaimState;
      originCount: number;
      /** Keys: stored source ids, or NEW_PAGE. */
      sourceKeys: string[];
      mentions: { sourceKey: string; text: string }[];
      variants?: { text: string; sourceKeys: string[] }[];
      attributedTo?: string;
      /** Where the new page stands among the origins (absent when the page was already a source). */
      place?: NewSourcePlace;
    };

/** A stored source as the engine reads a page: its kept text, read as plain text. */
export function storedPage(source: StoredSource): ReadPage {
  return {
    ...readPlainText(source.text, source.url),
    title: source.title,
    ...(source.language ? { language: source.language } : {}),
    ...(source.publishedAt ? { publishedAt: source.publishedAt } : {}),
  };
}

/** The stored sources and the new page, grouped into origins again. */
export function regroup(stored: readonly StoredSource[], page: ReadPage | undefined): GroupedSource[] {
  const pages = [...stored.map(storedPage), ...(page ? [page] : [])];
  const grouped = groupOrigins(pages);
  // Keep the job's grouping as a floor: stored sources of one stored origin stay together.
  const ids = [...new Set(grouped.map((g) => g.originId))];
  const index = new Map(ids.map((id, i) => [id, i]));
  const uf = new UnionFind(ids.length);
  const firstOfStored = new Map<string, number>();
  stored.forEach((s, i) => {
    const at = index.get((grouped[i] as GroupedSource).originId) as number;
    const first = firstOfStored.get(s.originId);
    if (first === undefined) firstOfStored.set(s.originId, at);
    else uf.union(first, at);
  });
  const rootOf = (g: GroupedSource) => uf.find(index.get(g.originId) as number);
  // Each group is named by its first stored source (its stored origin id and name), else by the engine.
  const named = new Map<number, StoredSource>();
  stored.forEach((s, i) => {
    const root = rootOf(grouped[i] as GroupedSource);
    if (!named.has(root)) named.set(root, s);
  });
  const used = new Set(stored.map((s) => s.originId));
  let counter = stored.length;
  const freshId = () => {
    let id: string;
    do id = `o${++counter}`;
    while (used.has(id));
    used.add(id);
    return id;
  };
  const fresh = new Map<number, string>();
  const keyOf = (i: number) => (i < stored.length ? (stored[i] as StoredSource).id : NEW_PAGE);
  return grouped.map((g, i) => {
    const root = rootOf(g);
    const owner = named.get(root);
    const own = i < stored.length ? (stored[i] as StoredSource) : undefined;
    let originId = owner?.originId;
    if (!originId) {
      originId = fresh.get(root) ?? freshId();
      fresh.set(root, originId);
    }
    return {
      key: keyOf(i),
      page: g.page,
      domain: g.domain,
      originId,
      origin: own?.origin ?? owner?.origin ?? g.origin,
      ...(g.relation ? { relation: { kind: g.relation.kind, to: keyOf(Number(g.relation.to)) } } : {}),
      official: own ? own.official : g.official,
      score: own ? own.score : g.score,
    };
  });
}

const mentionKey = (sourceKey: string, text: string) => `${sourceKey}\u0000${text}`;

/**
 * Whether `candidate` (NEW_PAGE, or the id of a stored source the claim does not list yet)
 * carries the claim, and the claim's state over the sources grouped again.
 */
export function regroupClaim(
  stored: readonly StoredSource[],
  claim: StoredClaim,
  page: ReadPage | undefined,
  candidate: string,
): Regrouping {
  if (stored.some((s) => s.text.trim() === "")) {
    throw new GroupingUnavailable("The text of the pages the article was written from is no longer kept.");
  }
  let sources: GroupedSource[];
  let checked: CheckedClaim[];
  try {
    sources = regroup(stored, page);
    checked = checkClaims(sources);
  } catch (error) {
    throw new GroupingUnavailable(`Grouping failed: ${(error as Error).message}`);
  }
  const wanted = new Set(claim.mentions.map((m) => mentionKey(m.sourceId, m.text)));
  const held = (c: CheckedClaim) => c.mentions.filter((m) => wanted.has(mentionKey(m.sourceKey, m.text))).length;

  let found: CheckedClaim | undefined;
  if (checked.some((c) => held(c) > 0)) {
    // The claim as the engine finds it again: the checked claim holding most of its sentences and the page.
    found = checked.filter((c) => c.sourceKeys.includes(candidate) && held(c) > 0).sort((a, b) => held(b) - held(a))[0];
  } else {
    // A claim with no sentence of a source behind it (a statement someone wrote in an edit): the
    // page's sentences that state it are those the engine puts with the claim's own text.
    const pseudo: GroupedSource = {
      key: CLAIM_TEXT,
      page: { url: "https://claim.invalid/", title: "", text: claim.text, links: [], attributions: [] },
      domain: "claim.invalid",
      originId: CLAIM_TEXT,
      origin: CLAIM_TEXT,
      official: false,
      score: 0,
    };
    const stating = new Set<string>();
    for (const c of checkClaims([pseudo, ...sources])) {
      if (!c.sourceKeys.includes(CLAIM_TEXT)) continue;
      for (const m of c.mentions) if (m.sourceKey === candidate) stating.add(m.text);
    }
    found = checked.find((c) => c.mentions.some((m) => m.sourceKey === candidate && stating.has(m.text)));
  }
  if (!found) return { supports: false, reason: "The page does not state the claim." };

  // A page that states the claim otherwise (another figure, a denial) disputes it; it does not carry it.
  if (found.variants?.length) {
    const mine = found.variants.find((v) => v.sourceKeys.includes(candidate));
    const theirs = new Set(claim.sourceIds);
    if (mine && theirs.size > 0 && !mine.sourceKeys.some((k) => theirs.has(k))) {
      return { supports: false, reason: "The page gives another account of the claim." };
    }
  }

  const placed = candidate === NEW_PAGE ? sources.find((s) => s.key === NEW_PAGE) : undefined;
  return {
    supports: true,
    state: found.state,
    originCount: found.originCount,
    sourceKeys: [...new Set([...claim.sourceIds.filter((id) => stored.some((s) => s.id === id)), ...found.sourceKeys])],
    mentions: found.mentions.map((m) => ({ sourceKey: m.sourceKey, text: m.text })),
    ...(found.variants ? { variants: found.variants.map((v) => ({ text: v.text, sourceKeys: v.sourceKeys })) } : {}),
    ...(found.attributedTo ? { attributedTo: found.attributedTo } : {}),
    ...(placed
      ? {
          place: {
            origin: placed.origin,
            originId: placed.originId,
            official: placed.official,
            score: placed.score,
            ...(placed.relation ? { relation: placed.relation } : {}),
          },
        }
      : {}),
  };
}
