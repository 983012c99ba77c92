// One check of the read-back (readBack.ts runs them in order): phrases the brief requires.
import type { QualityCheck } from "../../types.ts";
import { plural, result } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";

function normalisePhrase(text: string): string {
  return text.normalize("NFKC").replace(/\*\*/g, "").replace(/[’‘]/g, "'").replace(/\s+/g, " ").trim().toLowerCase();
}

export function mustAppear(read: Read): QualityCheck {
  const { draft, brief } = read.input;
  const phrases = brief.mustAppear.map((p) => p.trim()).filter((p) => p !== "");
  const texts = [draft.title, draft.deck ?? "", ...draft.units.map((u) => u.text)].map(normalisePhrase);
  const items = phrases.filter((phrase) => {
    const wanted = normalisePhrase(phrase);
    return !texts.some((text) => text.includes(wanted));
  });
  if (phrases.length === 0) {
    return {
      id: "must-appear",
      name: "Required phrases",
      verdict: "passed",
      detail: "The brief names no phrase that must appear.",
    };
  }
  return result(
    { id: "must-appear", name: "Required phrases", actionLabel: "Add phrase" },
    { items, units: [] },
    {
      passed:
        phrases.length === 1
          ? "The phrase the brief requires appears in the article."
          : `All ${phrases.length} phrases the brief requires appear in the article.`,
      warning: `${plural(items.length, "phrase", "phrases")} the brief requires ${items.length === 1 ? "does" : "do"} not appear in the title, standfirst or text.`,
    },
  );
}
