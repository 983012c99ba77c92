// One check of the read-back (readBack.ts runs them in order): sentence length.
import type { QualityCheck } from "../../types.ts";
import { countWords } from "../../units.ts";
import { plural, quote, result } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";

/** Longest sentence, in words, before it is reported; Japanese counts characters instead. */
export const SENTENCE_WORD_LIMIT = 40;
export const SENTENCE_CHARACTER_LIMIT_JA = 120;

export function sentenceLength(read: Read): QualityCheck {
  const japanese = read.language === "ja";
  const limit = japanese ? SENTENCE_CHARACTER_LIMIT_JA : SENTENCE_WORD_LIMIT;
  const measure = japanese ? "characters" : "words";
  const items: string[] = [];
  const units: number[] = [];
  for (const unit of read.body) {
    if (unit.kind !== "paragraph" && unit.kind !== "item") continue;
    for (const sentence of read.sentences.get(unit.n) ?? []) {
      const size = japanese ? Array.from(sentence.replace(/\s/g, "")).length : countWords(sentence, read.language);
      if (size <= limit) continue;
      items.push(`Unit ${unit.n}: ${quote(sentence)} (${size} ${measure})`);
      units.push(unit.n);
    }
  }
  return result(
    { id: "sentence-length", name: "Sentence length", actionLabel: "Split sentence" },
    { items, units },
    {
      passed: `No sentence runs over ${limit} ${measure}.`,
      warning: `${plural(items.length, "sentence runs", "sentences run")} over ${limit} ${measure}; splitting ${items.length === 1 ? "it" : "them"} makes the text easier to read.`,
    },
  );
}
