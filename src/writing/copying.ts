// Whose words the article's are. Outside quotation marks, no run of more than COPY_RUN_LIMIT
// consecutive words (case and punctuation set aside) may match a source page: a longer run is
// someone else's sentence under the publisher's name. Inside quotation marks a source's words
// are allowed, within limits: at most QUOTED_SHARE_LIMIT of the article's words, and no single
// source giving more than QUOTE_SOURCE_SHARE_LIMIT of the quoted ones.
//
// Both writers are held to it: the model provider's answer is rejected with the copied spans as
// feedback, the built-in engine restates before it writes, and the read-back's `copied` check
// names any unit that still breaks it. Page text is data: it is only compared.
import { wordTokens } from "./qa/wording.ts";
import type { Unit, WritingSource } from "./types.ts";

/** Longest run of consecutive words outside quotation marks that may match a source page. */
export const COPY_RUN_LIMIT = 12;
/** Share of the article's words that may sit inside quotation marks. */
export const QUOTED_SHARE_LIMIT = 0.15;
/** Share of the quoted words one source may give. */
export const QUOTE_SOURCE_SHARE_LIMIT = 1 / 3;
/**
 * The share of quoted words above which one source's part of them is held to the third: below
 * it, an article quoting one person once would break the rule by quoting at all.
 */
export const QUOTE_SOURCE_SHARE_MIN = 0.05;

const WINDOW = COPY_RUN_LIMIT + 1;

/** Opening marks and the marks that close them. Single quotes are left out: they are apostrophes too. */
const CLOSERS: Record<string, string> = {
  "“": "”",
  "„": "“”",
  "«": "»",
  '"': '"',
  "「": "」",
  "『": "』",
  "‹": "›",
  "»": "«",
};

/** A piece of text, inside quotation marks or not. */
export interface TextPiece {
  text: string;
  quoted: boolean;
}

/**
 * The text cut at its quotation marks. An opening mark with no closing mark quotes nothing: the
 * rest is read as outside (a stray mark must not hide copied words).
 */
export function quotationPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const closers = CLOSERS[ch];
    // A straight double quote opens only before a word, not after one ("12" is not an inch mark here).
    if (closers && !(ch === '"' && /[\p{L}\p{N}]/u.test(text[i - 1] ?? ""))) {
      let end = -1;
      for (let j = i + 1; j < text.length; j++) {
        if (closers.includes(text[j] as string)) {
          end = j;
          break;
        }
      }
      if (end > i + 1) {
        if (i > start) pieces.push({ text: text.slice(start, i), quoted: false });
        pieces.push({ text: text.slice(i + 1, end), quoted: true });
        start = end + 1;
        i = end + 1;
        continue;
      }
    }
    i++;
  }
  if (start < text.length) pieces.push({ text: text.slice(start), quoted: false });
  return pieces.filter((p) => p.text.trim() !== "");
}

/** A run of words the article shares with source pages, outside quotation marks. */
export interface CopiedRun {
  /** The article's words, as tokens (lower case, no punctuation). */
  words: string[];
  /** The sources whose pages hold the whole run. */
  sourceIds: string[];
}

/**
 * The source pages as windows of WINDOW consecutive words, so a unit is checked in one pass over
 * its words (the cost follows the article's length, not the pages' length times the article's).
 */
export class SourceWindows {
  private readonly windows = new Map<string, Set<string>>();
  private readonly texts = new Map<string, string>();

  constructor(sources: readonly Pick<WritingSource, "id" | "text" | "title" | "language">[], language: string) {
    for (const source of sources) {
      const page = [source.title, source.text ?? ""].join("\n");
      const tokens = wordTokens(page, source.language ?? language);
      this.texts.set(source.id, ` ${tokens.join(" ")} `);
      for (let i = 0; i + WINDOW <= tokens.length; i++) {
        const key = tokens.slice(i, i + WINDOW).join(" ");
        const holders = this.windows.get(key);
        if (holders) holders.add(source.id);
        else this.windows.set(key, new Set([source.id]));
      }
    }
  }

  /** Runs of more than COPY_RUN_LIMIT words of `text`, outside its quotation marks, found on a source page. */
  copiedRuns(text: string, language: string): CopiedRun[] {
    const runs: CopiedRun[] = [];
    for (const piece of quotationPieces(text)) {
      if (piece.quoted) continue;
      const tokens = wordTokens(piece.text, language);
      let i = 0;
      while (i + WINDOW <= tokens.length) {
        const first = this.windows.get(tokens.slice(i, i + WINDOW).join(" "));
        if (!first) {
          i++;
          continue;
        }
        // Grow the run while the next window is on a page holding the run so far.
        let holders = new Set(first);
        let end = i + WINDOW;
        while (end < tokens.length) {
          const next = this.windows.get(tokens.slice(end - WINDOW + 1, end + 1).join(" "));
          const still = next ? [...holders].filter((id) => next.has(id)) : [];
          if (still.length === 0) break;
          holders = new Set(still);
          end++;
        }
        runs.push({ words: tokens.slice(i, end), sourceIds: [...holders] });
        i = end;
      }
    }
    return runs;
  }

  /** The sources whose page holds the quoted words (case and punctuation set aside). */
  quotedFrom(quote: string, language: string): string[] {
    const key = ` ${wordTokens(quote, language).join(" ")} `;
    if (key.trim() === "") return [];
    return [...this.texts].filter(([, page]) => page.includes(key)).map(([id]) => id);
  }
}

/** What the article quotes: its words inside quotation marks, in all and by source. */
export interface QuotedWords {
  total: number;
  quoted: number;
  /** Quoted words by the source whose page holds them (a quote two pages hold counts for each). */
  bySource: Map<string, number>;
  /** Units with words inside quotation marks. */
  units: number[];
}

export function quotedWords(units: readonly Unit[], windows: SourceWindows, language: string): QuotedWords {
  const out: QuotedWords = { total: 0, quoted: 0, bySource: new Map(), units: [] };
  for (const unit of units) {
    if (unit.kind === "heading" || unit.header) continue;
    const text = unit.cells ? unit.cells.join(" ") : unit.text;
    for (const piece of quotationPieces(text)) {
      const count = wordTokens(piece.text, language).length;
      out.total += count;
      if (!piece.quoted) continue;
      out.quoted += count;
      if (!out.units.includes(unit.n)) out.units.push(unit.n);
      for (const id of windows.quotedFrom(piece.text, language)) out.bySource.set(id, (out.bySource.get(id) ?? 0) + count);
    }
  }
  return out;
}
