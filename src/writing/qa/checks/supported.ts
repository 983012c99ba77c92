// One check of the read-back (readBack.ts runs them in order): statements carried by their sources.
import { isCheckable, sentenceFacts } from "../../../sourcing/claims/facts.ts";
import { carriedFigures, type Figures, figuresOf, pageFigureCache, uncarriedFigures } from "../../figures.ts";
import type { QualityCheck, WritingClaim } from "../../types.ts";
import { plural, quote, result } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";
import { contentStems, plainText, sourcingVocabulary, Vocabulary, wordTokens } from "../wording.ts";

/**
 * A sentence says more than its claims when at least this many of its content words are not in
 * them and they make up at least half of its content. Attribution and hedging words are not
 * counted, and short connective sentences never reach the count.
 */
export const UNSUPPORTED_WORDS = 4;

const LANGUAGE_GROUPS: Record<string, string> = { bhs: "hbs", hr: "hbs", sr: "hbs", bs: "hbs", nb: "no", nn: "no" };
const languageGroup = (code: string) => {
  const primary = code.toLowerCase().split(/[-_]/)[0] ?? "";
  return LANGUAGE_GROUPS[primary] ?? primary;
};

export function supported(read: Read): QualityCheck {
  const { claims, sources, language } = read;
  const { draft } = read.input;
  const pageFigures = read.input.pageFigures ?? pageFigureCache();
  const carriedCache = new Map<string, Figures>();
  const carried = (ids: readonly string[]): Figures => {
    const key = [...new Set(ids)].sort().join("\n");
    let figures = carriedCache.get(key);
    if (!figures) {
      figures = carriedFigures(ids, claims, sources, pageFigures);
      carriedCache.set(key, figures);
    }
    return figures;
  };

  // Origin and party names attribute a statement; they are neither support nor news.
  const neutral = new Vocabulary();
  const sourcing = sourcingVocabulary(language);
  for (const source of read.input.sources) neutral.add(contentStems(source.origin, language));
  for (const claim of read.input.claims) if (claim.attributedTo) neutral.add(contentStems(claim.attributedTo, language));
  const isNeutral = (s: string) => sourcing.has(s) || neutral.has(s);
  // "France 24" or "Channel 4" names an outlet and states no figure, where the sentence names it.
  const numberedNames = [...read.input.sources.map((s) => s.origin), ...read.input.claims.map((c) => c.attributedTo ?? "")]
    .map((name) => ({ name: name.toLowerCase().trim(), figures: figuresOf(name, language) }))
    .filter((n) => n.name !== "" && (n.figures.numbers.size > 0 || n.figures.dates.size > 0));
  const uncarried = (sentence: string, figures: Figures) => {
    const missing = uncarriedFigures(sentence, figures, language);
    if (missing.length === 0 || numberedNames.length === 0) return missing;
    const lower = sentence.toLowerCase();
    const named = numberedNames.filter((n) => lower.includes(n.name));
    return missing.filter((f) => !named.some((n) => n.figures.numbers.has(f) || n.figures.dates.has(f)));
  };

  const claimStems = new Map<string, string[]>();
  const stemsOfClaim = (claim: WritingClaim): string[] => {
    let stems = claimStems.get(claim.id);
    if (!stems) {
      const texts = [claim.text, ...claim.mentions.map((m) => m.text), ...(claim.variants ?? []).map((v) => v.text)];
      stems = texts.flatMap((t) => contentStems(t, language));
      claimStems.set(claim.id, stems);
    }
    return stems;
  };
  const articleGroup = languageGroup(language);
  // Claims worded in another language (a version written from sources in the primary language)
  // cannot be compared word for word; their figures still can.
  const comparable = (known: WritingClaim[]): boolean => {
    const languages = known.flatMap((c) => c.sourceIds.map((id) => sources.get(id)?.language).filter((l) => l !== undefined));
    return languages.length === 0 || languages.some((l) => languageGroup(l) === articleGroup);
  };

  const items: string[] = [];
  const units: number[] = [];
  let notCompared = 0;
  for (const unit of read.body) {
    const known = [...new Set(unit.claimIds)].map((id) => claims.get(id)).filter((c) => c !== undefined);
    const figures = carried(known.map((c) => c.id));
    const wordsCompared = known.length > 0 && comparable(known);
    if (known.length > 0 && !wordsCompared) notCompared++;
    const vocabulary = new Vocabulary(true);
    if (wordsCompared) for (const claim of known) vocabulary.add(stemsOfClaim(claim));
    for (const sentence of read.sentences.get(unit.n) ?? []) {
      const missing = uncarried(sentence, figures);
      const stems = contentStems(sentence, language).filter((s) => !isNeutral(s));
      if (known.length === 0) {
        if (missing.length > 0 || statesSomething(sentence, stems, language)) {
          const figuresNote = missing.length > 0 ? ` (figures: ${missing.join(", ")})` : "";
          items.push(`Unit ${unit.n} cites no claim but states: ${quote(sentence)}${figuresNote}`);
          units.push(unit.n);
        }
        continue;
      }
      const notes: string[] = [];
      if (missing.length > 0) notes.push(`figures its claims' sources do not carry: ${missing.join(", ")}`);
      const novel = wordsCompared ? stems.filter((s) => !vocabulary.has(s)) : [];
      if (novel.length >= UNSUPPORTED_WORDS && novel.length * 2 >= stems.length) {
        notes.push(`words its claims do not carry: ${wordsFor(sentence, novel, language).join(", ")}`);
      }
      if (notes.length === 0) continue;
      items.push(`Unit ${unit.n}: ${quote(sentence)} — ${notes.join("; ")}`);
      units.push(unit.n);
    }
  }

  // The title and standfirst cite no claim of their own: their figures must come from the claims
  // the article cites.
  const cited = read.body.flatMap((u) => u.claimIds.filter((id) => claims.has(id)));
  const allFigures = carried(cited);
  for (const [label, text] of [
    ["Title", draft.title],
    ["Standfirst", draft.deck ?? ""],
  ] as const) {
    const plain = plainText(text);
    if (!plain) continue;
    const missing = uncarried(plain, allFigures);
    if (missing.length > 0)
      items.push(`${label}: ${quote(plain)} — figures no cited claim's sources carry: ${missing.join(", ")}`);
  }

  const skipped =
    notCompared > 0
      ? ` The wording of ${plural(notCompared, "unit", "units")} was not compared because their sources are in another language; their figures were.`
      : "";
  return result(
    { id: "supported", name: "Statements carried by their sources", actionLabel: "Review statement" },
    { items, units },
    {
      passed: `Every statement, figures included, is carried by the claims its unit cites.${skipped}`,
      warning: `${plural(items.length, "statement is", "statements are")} not carried by the claims cited for ${items.length === 1 ? "it" : "them"}: check against the sources, cite the right claim or remove the wording.${skipped}`,
    },
  );
}

/** A sentence in a unit citing no claim states something when it is checkable beyond naming its sources. */
function statesSomething(sentence: string, stems: readonly string[], language: string): boolean {
  if (stems.length === 0) return false;
  // Japanese has no capitals to find names by, and the sourcing engine's stems do not split it.
  if (language === "ja") return stems.length >= UNSUPPORTED_WORDS;
  return isCheckable(sentenceFacts(sentence, language));
}

/** The sentence's own words behind a set of stems, for an editor to read. */
function wordsFor(sentence: string, stems: readonly string[], language: string): string[] {
  const wanted = new Set(stems);
  const out = new Set<string>();
  for (const token of wordTokens(sentence, language)) {
    const [s] = contentStems(token, language);
    if (s !== undefined && wanted.has(s)) out.add(token);
  }
  return [...out];
}
