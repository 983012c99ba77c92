// The article's numbered units and the two views the spec gives of them: `paragraphs` (every
// unit flat, in reading order) and `blocks` (runs of list items and table rows gathered into
// one list or table block). Also the word count, the same for every engine and language.

import type { Draft, Unit } from "./types.ts";

export interface Paragraph {
  n: number;
  text: string;
  claimIds: string[];
}

export interface Block {
  kind?: "heading" | "list" | "table";
  n: number;
  text: string;
  claimIds: string[];
  level?: number;
  ordered?: boolean;
  items?: { text: string; claimIds: string[] }[];
  headers?: string[];
  rows?: { cells: string[]; claimIds: string[] }[];
}

const HEADING_PREFIX = /^#{2,3}\s+/u;

/** Heading text without its `##`/`###` prefix. */
export function headingText(text: string): string {
  return text.replace(HEADING_PREFIX, "");
}

export function rowText(cells: readonly string[]): string {
  return cells.join(" | ");
}

/** A unit's words as a reader sees them: a table row's cells, any other unit's text. */
export function unitText(unit: Pick<Unit, "text" | "cells">): string {
  return unit.cells ? rowText(unit.cells) : unit.text;
}

/** Numbers units 1..n in order, keeping everything else. */
export function renumber(units: readonly Omit<Unit, "n">[]): Unit[] {
  return units.map((unit, i) => ({ ...unit, n: i + 1 }) as Unit);
}

export function toParagraphs(units: readonly Unit[]): Paragraph[] {
  return units.map((u) => ({ n: u.n, text: u.text, claimIds: [...u.claimIds] }));
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

export function toBlocks(units: readonly Unit[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < units.length) {
    const unit = units[i] as Unit;
    if (unit.kind === "item") {
      const run: Unit[] = [];
      while (i < units.length && units[i]?.kind === "item" && units[i]?.ordered === unit.ordered) run.push(units[i++] as Unit);
      blocks.push({
        kind: "list",
        n: unit.n,
        text: run.map((u) => u.text).join("\n"),
        claimIds: unique(run.flatMap((u) => u.claimIds)),
        ordered: unit.ordered === true,
        items: run.map((u) => ({ text: u.text, claimIds: [...u.claimIds] })),
      });
      continue;
    }
    if (unit.kind === "row") {
      const run: Unit[] = [];
      while (i < units.length && units[i]?.kind === "row" && (run.length === 0 || !units[i]?.header))
        run.push(units[i++] as Unit);
      const header = run[0]?.header ? run.shift() : undefined;
      blocks.push({
        kind: "table",
        n: unit.n,
        text: [header, ...run]
          .filter((u): u is Unit => u !== undefined)
          .map((u) => u.text)
          .join("\n"),
        claimIds: unique(run.flatMap((u) => u.claimIds)),
        headers: header?.cells ? [...header.cells] : [],
        rows: run.map((u) => ({ cells: [...(u.cells ?? [])], claimIds: [...u.claimIds] })),
      });
      continue;
    }
    i++;
    if (unit.kind === "heading") {
      blocks.push({ kind: "heading", n: unit.n, text: unit.text, claimIds: [...unit.claimIds], level: unit.level ?? 2 });
    } else {
      blocks.push({ n: unit.n, text: unit.text, claimIds: [...unit.claimIds] });
    }
  }
  return blocks;
}

const segmenters = new Map<string, Intl.Segmenter>();

/** Words in a text, by Unicode word segmentation (so Japanese counts words, not spaces). */
export function countWords(text: string, language = "en"): number {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language === "bhs" ? "hr" : language, { granularity: "word" });
    segmenters.set(language, segmenter);
  }
  let words = 0;
  for (const part of segmenter.segment(text.replace(/\*\*/g, ""))) if (part.isWordLike) words++;
  return words;
}

/** Words of the article body: every unit except table header rows, headings without their prefix. */
export function draftWords(draft: Pick<Draft, "units" | "language">): number {
  let words = 0;
  for (const unit of draft.units) {
    if (unit.header) continue;
    words += countWords(unit.kind === "heading" ? headingText(unit.text) : unit.text, draft.language);
  }
  return words;
}
