// Links to the site's own pages where the article already uses their words: an anchor is a run
// of two or more words of a page's title found in a paragraph or list item. The words stay the
// article's; a link only points at them. At most one link per unit and per page, three in all.
import { createHash } from "node:crypto";
import type { InternalLink, SitePage, Unit } from "../types.ts";

const MAX_LINKS = 3;
const LINKABLE: Unit["kind"][] = ["paragraph", "item"];

const WORDS = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

function titleWords(title: string): Set<string> {
  return new Set((title.toLowerCase().match(WORDS) ?? []).filter((w) => w.length >= 4));
}

/** The longest run (2+ words) of `text` whose words all occur in the title. */
function anchorIn(text: string, title: ReadonlySet<string>): string | undefined {
  const words = [...text.matchAll(WORDS)];
  let best: [number, number] | undefined;
  let start = -1;
  for (let i = 0; i <= words.length; i++) {
    const inTitle = i < words.length && title.has((words[i]?.[0] ?? "").toLowerCase());
    if (inTitle && start < 0) start = i;
    if (!inTitle && start >= 0) {
      if (i - start >= 2 && (!best || i - start > best[1] - best[0])) best = [start, i];
      start = -1;
    }
  }
  if (!best) return undefined;
  const first = words[best[0]] as RegExpMatchArray;
  const last = words[best[1] - 1] as RegExpMatchArray;
  return text.slice(first.index ?? 0, (last.index ?? 0) + last[0].length);
}

/** A link id that is the same every time the same article is written (the engine is deterministic). */
function linkId(url: string, n: number): string {
  const hex = createHash("sha256").update(`${n}\u0000${url}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function placeInternalLinks(units: readonly Unit[], pages: readonly SitePage[]): InternalLink[] {
  const links: InternalLink[] = [];
  const usedUnits = new Set<number>();
  for (const page of pages) {
    if (links.length >= MAX_LINKS) break;
    const title = titleWords(page.title);
    if (title.size < 2) continue;
    // Unit 1 is the lead: it stays free of links so the article opens on its own words.
    for (const unit of units) {
      if (unit.n === 1 || !LINKABLE.includes(unit.kind) || usedUnits.has(unit.n)) continue;
      const anchor = anchorIn(unit.text, title);
      if (!anchor) continue;
      links.push({ id: linkId(page.url, unit.n), n: unit.n, anchor, url: page.url, title: page.title });
      usedUnits.add(unit.n);
      break;
    }
  }
  return links;
}
