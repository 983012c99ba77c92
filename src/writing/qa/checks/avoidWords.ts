// One check of the read-back (readBack.ts runs them in order): words the site avoids.
import type { QualityCheck } from "../../types.ts";
import { phrasePattern } from "../../voiceWords.ts";
import { listOf, plural, quote, result, unitNames } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";
import { plainText } from "../wording.ts";

export function avoidWords(read: Read): QualityCheck {
  const { draft, voice } = read.input;
  const base = { id: "avoid-words", name: "Words the site avoids", actionLabel: "Replace word" };
  if (!voice)
    return { id: base.id, name: base.name, verdict: "passed", detail: "No site voice was given, so no word was avoided." };
  const avoid = [...new Set(voice.avoid.map((w) => w.trim()).filter((w) => w !== ""))];
  if (avoid.length === 0) {
    return { id: base.id, name: base.name, verdict: "passed", detail: "The site voice lists no words to avoid." };
  }
  const items: string[] = [];
  const units: number[] = [];
  for (const word of avoid) {
    const pattern = phrasePattern(word, "iu");
    const places: string[] = [];
    if (pattern.test(plainText(draft.title))) places.push("the title");
    if (draft.deck && pattern.test(plainText(draft.deck))) places.push("the standfirst");
    const at = draft.units.filter((u) => pattern.test(plainText(u.text))).map((u) => u.n);
    if (at.length > 0) places.push(unitNames(at));
    if (places.length === 0) continue;
    items.push(`${quote(word)} in ${listOf(places)}`);
    units.push(...at);
  }
  return result(
    base,
    { items, units },
    {
      passed:
        avoid.length === 1
          ? "The word the site avoids does not appear."
          : `None of the ${avoid.length} words the site avoids appears.`,
      warning: `${plural(items.length, "word", "words")} the site avoids ${items.length === 1 ? "appears" : "appear"} in the text.`,
    },
  );
}
