// One check of the read-back (readBack.ts runs them in order): repetition.
import type { QualityCheck } from "../../types.ts";
import { capitalise, plural, quote, result, unitNames } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";
import { contentStems, sourcingVocabulary, Vocabulary, wordTokens } from "../wording.ts";

/** Word-set overlap at which two sentences count as near-identical. */
export const NEAR_DUPLICATE = 0.8;

interface Said {
  n: number;
  text: string;
  key: string;
  words: Set<string>;
  size: number;
  prose: boolean;
}

export function repetition(read: Read): QualityCheck {
  const { language } = read;
  const sourcing = sourcingVocabulary(language);
  const parties = new Vocabulary();
  for (const source of read.input.sources) parties.add(contentStems(source.origin, language));
  for (const claim of read.input.claims) if (claim.attributedTo) parties.add(contentStems(claim.attributedTo, language));

  const said: Said[] = [];
  for (const unit of read.body) {
    const prose = unit.kind === "paragraph" || unit.kind === "item";
    for (const sentence of read.sentences.get(unit.n) ?? []) {
      const tokens = wordTokens(sentence, language);
      // A repeated attribution ("Only X has reported this.") follows each claim it belongs to.
      if (prose && contentStems(sentence, language).every((s) => sourcing.has(s) || parties.has(s))) continue;
      if (prose && tokens.length < 3) continue;
      said.push({ n: unit.n, text: sentence, key: tokens.join(" "), words: new Set(tokens), size: tokens.length, prose });
    }
  }

  const items: string[] = [];
  const units: number[] = [];
  const reported = new Set<number>();
  for (let i = 0; i < said.length; i++) {
    if (reported.has(i)) continue;
    const a = said[i] as Said;
    const same: number[] = [];
    const near: number[] = [];
    for (let j = i + 1; j < said.length; j++) {
      if (reported.has(j)) continue;
      const b = said[j] as Said;
      if (a.key === b.key) same.push(j);
      else if (a.prose && b.prose && a.size >= 6 && b.size >= 6 && jaccard(a.words, b.words) >= NEAR_DUPLICATE) near.push(j);
    }
    if (same.length > 0) {
      const at = [a.n, ...same.map((j) => (said[j] as Said).n)];
      items.push(`${capitalise(unitNames(at))}: ${quote(a.text)} appears ${same.length + 1} times`);
      units.push(...at);
      for (const j of same) reported.add(j);
    }
    for (const j of near) {
      const b = said[j] as Said;
      items.push(`${capitalise(unitNames([a.n, b.n]))}: ${quote(a.text)} and ${quote(b.text)} say nearly the same`);
      units.push(a.n, b.n);
      reported.add(j);
    }
  }
  return result(
    { id: "repetition", name: "Repetition", actionLabel: "Remove repetition" },
    { items, units },
    {
      passed: "No sentence is repeated or nearly repeated.",
      warning: `${plural(items.length, "sentence is", "sentences are")} repeated or nearly repeated; keeping one of each makes the text tighter.`,
    },
  );
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}
