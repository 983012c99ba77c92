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
import { unitText } from "./units.ts";

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

/** Words of a page read for the copy rule: a news page's main text is far shorter; a page made
 * to be huge costs no more than this (work per request is bounded). */
export const MAX_PAGE_WORDS = 50_000;
/** Characters of a page read for its lower-case words: MAX_PAGE_WORDS words of a long-worded language. */
const MAX_PAGE_CHARACTERS = MAX_PAGE_WORDS * 12;

/**
 * A window of words as one number: two FNV-1a hashes of its text, folded into a safe integer, so
 * an index of long pages holds numbers, not strings. Two different windows share a number with a
 * chance of about one in 10^15 per pair: far below anything a check would notice.
 */
function windowHash(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/**
 * The source pages as windows of WINDOW consecutive words, so a unit is checked in one pass over
 * its words (the cost follows the article's length, not the pages' length times the article's).
 */
export class SourceWindows {
  /** Window → the indexes (into `ids`) of the pages holding it. */
  private readonly windows = new Map<number, number[]>();
  private readonly ids: string[] = [];
  private readonly texts: string[] = [];
  /** Words the pages write in lower case somewhere: common words, not names (restate.ts lower-cases them). */
  readonly lowerCaseWords = new Set<string>();

  constructor(sources: readonly Pick<WritingSource, "id" | "text" | "title" | "language">[], language: string) {
    for (const source of sources) {
      const index = this.ids.length;
      const page = [source.title, source.text ?? ""].join("\n");
      const tokens = wordTokens(page, source.language ?? language, MAX_PAGE_WORDS);
      this.ids.push(source.id);
      this.texts.push(` ${tokens.join(" ")} `);
      // Read as far as the windows are: a page made huge costs no more.
      const read = page.slice(0, MAX_PAGE_CHARACTERS);
      for (const m of read.matchAll(/(?<![\p{L}\p{N}])\p{Ll}[\p{L}'’-]*/gu)) this.lowerCaseWords.add(m[0]);
      for (let i = 0; i + WINDOW <= tokens.length; i++) {
        const key = windowHash(tokens.slice(i, i + WINDOW).join(" "));
        const holders = this.windows.get(key);
        if (!holders) this.windows.set(key, [index]);
        else if (holders[holders.length - 1] !== index) holders.push(index);
      }
    }
  }

  /** Runs of more than COPY_RUN_LIMIT words of `text`, outside its quotation marks, found on a source page. */
  copiedRuns(text: string, language: string): CopiedRun[] {
    const runs: CopiedRun[] = [];
    const at = (tokens: string[], from: number) => this.windows.get(windowHash(tokens.slice(from, from + WINDOW).join(" ")));
    for (const piece of quotationPieces(text)) {
      if (piece.quoted) continue;
      const tokens = wordTokens(piece.text, language);
      let i = 0;
      while (i + WINDOW <= tokens.length) {
        const first = at(tokens, i);
        if (!first) {
          i++;
          continue;
        }
        // Grow the run while the next window is on a page holding the run so far.
        let holders = first;
        let end = i + WINDOW;
        while (end < tokens.length) {
          const next = at(tokens, end - WINDOW + 1);
          const still = next ? holders.filter((h) => next.includes(h)) : [];
          if (still.length === 0) break;
          holders = still;
          end++;
        }
        runs.push({ words: tokens.slice(i, end), sourceIds: holders.map((h) => this.ids[h] as string) });
        i = end;
      }
    }
    return runs;
  }

  /** The sources whose page holds the quoted words (case and punctuation set aside). */
  quotedFrom(quote: string, language: string): string[] {
    const key = ` ${wordTokens(quote, language).join(" ")} `;
    if (key.trim() === "") return [];
    return this.ids.filter((_, i) => (this.texts[i] as string).includes(key));
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
    for (const piece of quotationPieces(unitText(unit))) {
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

/** A quotation limit the article passes: the quoted share of its words, or one source's share of the quotes. */
export interface QuotationBreach {
  /** The share over its limit: of the article's words quoted, or of the quoted words one source gives. */
  share: number;
  /** The source giving too much of the quotes; absent for the article's quoted share. */
  sourceId?: string;
  /** Units with words inside quotation marks. */
  units: number[];
}

/**
 * The quotation limits an article's units pass: more than QUOTED_SHARE_LIMIT of the words quoted,
 * or, once quotations pass QUOTE_SOURCE_SHARE_MIN of the text, one source giving more than
 * QUOTE_SOURCE_SHARE_LIMIT of them. The read-back and the model provider's validation both hold
 * an article to them.
 */
export function quotationBreaches(quoted: QuotedWords): QuotationBreach[] {
  const out: QuotationBreach[] = [];
  if (quoted.total === 0) return out;
  const share = quoted.quoted / quoted.total;
  if (share > QUOTED_SHARE_LIMIT) out.push({ share, units: quoted.units });
  // One short quotation is how a person's words are given; the share one source gives matters
  // once quotations are a real part of the text.
  if (share > QUOTE_SOURCE_SHARE_MIN) {
    for (const [sourceId, count] of quoted.bySource) {
      if (count / quoted.quoted > QUOTE_SOURCE_SHARE_LIMIT)
        out.push({ share: count / quoted.quoted, sourceId, units: quoted.units });
    }
  }
  return out;
}
