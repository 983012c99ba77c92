// Text helpers the read-back compares on: the plain text of a unit, its sentences, word tokens
// and content stems in every language, and the writer's own sourcing vocabulary (words that say
// where a statement comes from, not what happened).
import { segmentsOf } from "../../segmenting.ts";
import { stem } from "../../sourcing/claims/facts.ts";
import { splitSentences } from "../../sourcing/claims/sentences.ts";
import { phrasesFor } from "../builtin/phrases.ts";
import type { Tone, Unit } from "../types.ts";
import { headingText, unitText } from "../units.ts";

/** Unit text as a reader sees it: bold markers gone, whitespace collapsed. */
export function plainText(text: string): string {
  return text.replace(/\*\*/g, "").replace(/\s+/g, " ").trim();
}

/** The pieces of a unit the checks read: a heading or table row is one piece, prose is split into sentences. */
export function unitSentences(unit: Unit, language: string): string[] {
  if (unit.kind === "heading") {
    const text = plainText(headingText(unit.text));
    return text ? [text] : [];
  }
  if (unit.kind === "row") {
    const text = plainText(unitText(unit));
    return text ? [text] : [];
  }
  return splitSentences(unit.text.replace(/\*\*/g, ""), language);
}

const wordSegmenters = new Map<string, Intl.Segmenter>();

function wordSegmenter(language: string): Intl.Segmenter {
  const locale = language === "bhs" ? "hr" : language || "en";
  let segmenter = wordSegmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: "word" });
    wordSegmenters.set(locale, segmenter);
  }
  return segmenter;
}

/**
 * Words (letters or digits) of a text, lower-cased and NFKC-normalised, in reading order; at most
 * `limit` of them (the rest of the text is not read).
 */
export function wordTokens(text: string, language: string, limit = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  const normal = text.normalize("NFKC").toLowerCase().replace(/[’‘]/g, "'");
  // In pieces cut at a space: segmenting a whole page at once takes time that grows with its square.
  for (const part of segmentsOf(wordSegmenter(language), normal, /\s/u)) {
    if (!part.isWordLike) continue;
    out.push(part.segment);
    if (out.length >= limit) return out;
  }
  return out;
}

// Japanese content words are written in kanji or katakana; hiragana runs are mostly particles
// and inflections, which say nothing about what a sentence states.
const JAPANESE_CONTENT = /[\p{Script=Han}\p{Script=Katakana}]/u;
const LATIN_FUNCTION_WORDS = new Set(
  (
    "a an the and or but if of to in on at by for with from as is are was were be been being has have had do does did " +
    "that this these those it its their they them he she his her we our you your i not no than then there here which who " +
    "whom whose what when where why how all any each more most some such only also just over under after before about into " +
    "out up down off again further once would could should will shall may might must can " +
    // Approximations, prepositions and sentence adverbs: a paraphrase adds them without adding news.
    "across around roughly nearly almost some while during within without among through throughout since until " +
    "because despite although however still yet already now later earlier both either neither many much several " +
    "etwa rund fast knapp während seit bis wegen trotz jedoch bereits " +
    "environ presque pendant depuis jusqu malgré cependant déjà " +
    "casi durante desde hasta aunque sin ya " +
    "der die das den dem des ein eine einer eines einem einen und oder aber wenn von zu im am an auf mit für aus als " +
    "ist sind war waren sein wird wurde wurden hat haben hatte dass nicht kein keine sich es sie er wir ihr bei nach vor " +
    "über unter auch noch nur " +
    "le la les un une du de et ou mais si à au aux en dans sur par pour avec est sont était été être ont avait que " +
    "qui ne pas plus ce cette ces il elle ils elles nous vous se sa son ses leur leurs " +
    "el los las unos unas y o pero del al con por para es son era fue ser ha han había lo su sus"
  ).split(" "),
);

/**
 * Content stems of a text. Space-separated languages use the sourcing engine's light stem (so
 * "injured" meets "injuries"); Japanese keeps its kanji and katakana words whole.
 */
export function contentStems(text: string, language: string): string[] {
  const out = new Set<string>();
  if (language === "ja") {
    for (const token of wordTokens(text, language)) if (JAPANESE_CONTENT.test(token)) out.add(token);
    return [...out];
  }
  for (const token of wordTokens(text, language)) {
    if (!/^\p{L}{2,}$/u.test(token) || LATIN_FUNCTION_WORDS.has(token)) continue;
    out.add(stem(token));
  }
  return [...out];
}

/**
 * Whether a stem is known to a vocabulary: the same stem or, in a loose vocabulary and for stems
 * of four letters or more, the same first four letters, which the crude five-letter stem needs
 * to meet "close"/"closed". Word lists stay exact: "stat" from "statement" must not excuse "station".
 */
export class Vocabulary {
  private readonly stems = new Set<string>();
  private readonly prefixes = new Set<string>();

  constructor(private readonly loose = false) {}

  add(stems: Iterable<string>): this {
    for (const s of stems) {
      this.stems.add(s);
      if (this.loose && s.length >= 4) this.prefixes.add(s.slice(0, 4));
    }
    return this;
  }

  has(s: string): boolean {
    return this.stems.has(s) || (this.loose && s.length >= 4 && this.prefixes.has(s.slice(0, 4)));
  }
}

// Words writers use to attribute and hedge, beyond the built-in engine's own phrases: a model
// writes "the figure could not be verified independently" in its own words.
const SOURCING_WORDS = [
  "report reported reporting reports reporter confirm confirmed confirmation unconfirmed independent independently",
  "verify verified verification unverified source sources outlet outlets publication statement statements release",
  "spokesperson spokesman spokeswoman according said says told claim claimed claims added figure figures account",
  "accounts version versions attributed attributes rely relies rests word alone other another single only none",
  "berichtet berichten bericht bestätigt unbestätigt unabhängig quelle quellen medien angaben zufolge laut sagte erklärte",
  "rapporte rapportent confirmé confirmée indépendante source sources médias selon déclaré information informations",
  "informa informó publicado confirmado independiente fuente fuentes medios según declaró información",
  "報道 確認 発表 情報 独自 他社 媒体 関係者 出典",
].join(" ");

const TONES: Tone[] = ["neutral", "explanatory", "formal", "conversational"];

function strings(value: unknown, into: string[]): void {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, into);
}

const sourcingCache = new Map<string, Vocabulary>();

/** The words a writer may add around claims without stating anything new, for a language. */
export function sourcingVocabulary(language: string): Vocabulary {
  let vocabulary = sourcingCache.get(language);
  if (vocabulary) return vocabulary;
  vocabulary = new Vocabulary();
  const texts: string[] = [SOURCING_WORDS];
  for (const tone of TONES) strings(phrasesFor(language, tone).phrases, texts);
  for (const text of texts) {
    const words = text.replace(/\{\w+\}/g, " ").replace(/^#+\s*/gm, "");
    vocabulary.add(contentStems(words, language));
  }
  sourcingCache.set(language, vocabulary);
  return vocabulary;
}
