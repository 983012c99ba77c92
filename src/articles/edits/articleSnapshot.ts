// What an article held at one version: enough to show it and to compare any two versions. A
// version's snapshot is written when the version is made (every edit), and for the version before
// it when that one has none yet (generation and the steps after it write none).
import type { InternalLink, Unit } from "../../writing/types.ts";

export interface SnapshotClaim {
  id: string;
  text: string;
  state: string;
  sourceIds: string[];
  keptFlag: boolean;
}

export interface ArticleSnapshot {
  title: string;
  deck?: string;
  lead: string;
  units: Unit[];
  internalLinks: InternalLink[];
  claims: SnapshotClaim[];
}

export interface SnapshotSource {
  title: string;
  deck: string | null;
  lead: string;
  units: unknown;
  internalLinks: unknown;
}

export function snapshotOf(
  article: SnapshotSource,
  claims: readonly { id: string; text: string; state: string; sourceIds: string[]; keptFlag: boolean }[],
): ArticleSnapshot {
  return {
    title: article.title,
    ...(article.deck ? { deck: article.deck } : {}),
    lead: article.lead,
    units: Array.isArray(article.units) ? (article.units as Unit[]) : [],
    internalLinks: Array.isArray(article.internalLinks) ? (article.internalLinks as InternalLink[]) : [],
    claims: claims.map((c) => ({ id: c.id, text: c.text, state: c.state, sourceIds: [...c.sourceIds], keptFlag: c.keptFlag })),
  };
}

export interface UnitChange {
  /** Unit number in the later version (or in the earlier, for a unit removed). */
  n: number;
  change: "added" | "removed" | "changed";
  before?: string;
  after?: string;
}

/**
 * What differs between two versions, unit by unit. Units are matched by their text where it did
 * not change (a structure edit shifts numbers), then by position; so a moved paragraph is one
 * removal and one addition only when its words changed too.
 */
export function compareSnapshots(
  a: ArticleSnapshot,
  b: ArticleSnapshot,
): { title?: [string, string]; deck?: [string, string]; units: UnitChange[] } {
  const result: { title?: [string, string]; deck?: [string, string]; units: UnitChange[] } = { units: [] };
  if (a.title !== b.title) result.title = [a.title, b.title];
  if ((a.deck ?? "") !== (b.deck ?? "")) result.deck = [a.deck ?? "", b.deck ?? ""];
  const unmatchedBefore = new Map<string, Unit[]>();
  for (const u of a.units) unmatchedBefore.set(u.text, [...(unmatchedBefore.get(u.text) ?? []), u]);
  const leftAfter: Unit[] = [];
  for (const u of b.units) {
    const same = unmatchedBefore.get(u.text);
    if (same && same.length > 0) same.shift();
    else leftAfter.push(u);
  }
  const leftBefore = [...unmatchedBefore.values()].flat().sort((x, y) => x.n - y.n);
  // What is left on both sides at the same position was changed in place; the rest added or removed.
  const beforeByN = new Map(leftBefore.map((u) => [u.n, u]));
  for (const u of leftAfter) {
    const old = beforeByN.get(u.n);
    if (old) {
      beforeByN.delete(u.n);
      result.units.push({ n: u.n, change: "changed", before: old.text, after: u.text });
    } else result.units.push({ n: u.n, change: "added", after: u.text });
  }
  for (const old of beforeByN.values()) result.units.push({ n: old.n, change: "removed", before: old.text });
  result.units.sort((x, y) => x.n - y.n || x.change.localeCompare(y.change));
  return result;
}
