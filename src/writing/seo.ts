// SEO fields for an article: meta title, meta description, slug, and where the focus keyword
// appears. Deterministic, and in every language the service writes: lengths are counted in
// Unicode code points, and cuts fall between words (Japanese has no spaces, so its words are
// found by Unicode word segmentation).
//
// Cuts: the meta title is cut without an ellipsis, because a shortened headline still reads as a
// headline and search engines add their own mark when they shorten further. The meta
// description gets "…" when it had to stop inside a sentence, so it does not read as a finished
// statement it is not. Neither ends on punctuation that expects more or on a dangling
// connective ("Storm closes port and" becomes "Storm closes port").
import slugify from "@sindresorhus/slugify";
import { splitSentences } from "../sourcing/claims/sentences.ts";
import type { Draft, SeoFields, WritingBrief } from "./types.ts";
import { headingText } from "./units.ts";
import { escapeRegExp } from "./voiceWords.ts";

export const META_TITLE_LIMIT = 60;
export const META_DESCRIPTION_LIMIT = 155;
export const SLUG_LIMIT = 75;

export interface SeoInput {
  draft: Draft;
  brief: WritingBrief;
  /** Appended to the meta title as " | <site>" when the whole title fits with it. */
  siteName?: string;
}

export function seoFields(input: SeoInput): SeoFields {
  const { draft, brief } = input;
  const language = draft.language;
  const focusKeyword = brief.keywords.map((k) => k.trim()).find((k) => k !== "");
  const title = clean(draft.title);
  const metaTitle = metaTitleOf(title, focusKeyword, language, input.siteName);
  const metaDescription = metaDescriptionOf(draft, title, focusKeyword, language);
  const slug = slugOf(title, language) || "article";
  if (focusKeyword === undefined) return { metaTitle, metaDescription, slug };

  const headings = draft.units.filter((u) => u.kind === "heading").map((u) => headingText(u.text));
  const keywordSlug = slugOf(focusKeyword, language);
  const places: [string, boolean][] = [
    ["title", contains(title, focusKeyword, language)],
    ["metaTitle", contains(metaTitle, focusKeyword, language)],
    ["metaDescription", contains(metaDescription, focusKeyword, language)],
    [
      "slug",
      keywordSlug !== "" && (UNSPACED.has(language) ? slug.includes(keywordSlug) : `-${slug}-`.includes(`-${keywordSlug}-`)),
    ],
    ["lead", contains(draft.lead, focusKeyword, language)],
    ["heading", headings.some((h) => contains(h, focusKeyword, language))],
  ];
  return {
    metaTitle,
    metaDescription,
    slug,
    focusKeyword,
    focusKeywordIn: places.filter(([, found]) => found).map(([place]) => place),
  };
}

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Length as the limits count it: Unicode code points. */
export const codePoints = (text: string): number => Array.from(text).length;

function clean(text: string): string {
  return text.replace(/\*\*/g, "").replace(/\s+/g, " ").trim();
}

function normalise(text: string): string {
  return clean(text).normalize("NFKC").replace(/[’‘]/g, "'").toLowerCase();
}

/**
 * Whether a text holds the keyword, case-insensitively. It must start at a word start ("storm"
 * is not in "brainstorm") but may run on ("Hafen" is in "Hafenbehörde", as compounds need);
 * Japanese has no word starts to hold it to.
 */
export function contains(text: string, keyword: string, language: string): boolean {
  const haystack = normalise(text);
  const needle = normalise(keyword);
  if (needle === "") return false;
  if (language === "ja") return haystack.includes(needle);
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(needle).replace(/ /g, "\\s+")}`, "u").test(haystack);
}

/** Languages written without spaces between words. */
const UNSPACED = new Set(["ja"]);

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: string, granularity: "word" | "grapheme"): Intl.Segmenter {
  const locale = language === "bhs" ? "hr" : language || "en";
  const key = `${locale}:${granularity}`;
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity });
    segmenters.set(key, s);
  }
  return s;
}

/** Words a cut may not end on, per language: articles, prepositions and conjunctions. */
const DANGLING: Record<string, string> = {
  en: "a an the and or but nor of to in on at by for with from as into than that which who whose vs",
  de: "der die das den dem des ein eine einen einem einer und oder aber von vom zu zum zur im in am an auf mit für aus bei nach vor über unter durch gegen als wie",
  fr: "le la les l un une des du de d et ou mais à au aux en dans sur par pour avec sans sous que qui",
  es: "el la los las un una unos unas y e o u pero de del a al en con por para sin sobre que",
  pt: "o a os as um uma e ou mas de do da dos das em no na nos nas com por para sem sobre que",
  it: "il lo la i gli le un uno una e o ma di del della dei degli delle a al alla in nel nella con per su da che",
  nl: "de het een en of maar van in op aan met voor door bij naar uit over",
  pl: "i a w we na z ze do o od po za oraz lub ale dla przez",
  sv: "och eller men i på av till med för den det en ett om från",
  da: "og eller men i på af til med for den det en et om fra",
  no: "og eller men i på av til med for den det en et om fra",
  fi: "ja tai mutta",
  cs: "a i v ve na s se z ze do o k ke pro od po za",
  sk: "a i v vo na s so z zo do o k ku pre od po za",
  hu: "a az egy és vagy de",
  ro: "și sau dar de la în cu pe a al un o din pentru",
  el: "ο η το οι τα ένας μια ένα και ή αλλά του της των σε με για από",
  tr: "ve ile veya ama bir",
  uk: "і й та або але в у на з із до від для",
  ja: "の と や で が は を に へ も から まで より など",
  bhs: "i u na s sa za od do ili ali iz",
  sl: "in ali a v na s z za od do iz pri",
};
const danglingSets = new Map(Object.entries(DANGLING).map(([code, words]) => [code, new Set(words.split(" "))]));

/** Punctuation a cut text may not end on: it expects more to follow. */
const OPEN_END = /[\s\p{Pd}\p{Ps}\p{Pi},;:、，・/&|+]+$/u;

/** Removes trailing open punctuation and dangling connectives, keeping at least one word. */
function tidyEnd(text: string, language: string): string {
  const dangling = danglingSets.get(language);
  let out = text.replace(OPEN_END, "");
  for (;;) {
    if (!dangling) return out;
    let last: { index: number; word: string } | undefined;
    for (const part of segmenter(language, "word").segment(out)) {
      if (part.isWordLike) last = { index: part.index, word: part.segment };
    }
    if (!last || last.index === 0 || last.index + last.word.length !== out.length) return out;
    if (!dangling.has(last.word.toLowerCase())) return out;
    const shorter = out.slice(0, last.index).replace(OPEN_END, "");
    if (shorter === "") return out;
    out = shorter;
  }
}

/** Offsets (UTF-16) where the text may be cut: before a space, or between words in unspaced scripts. */
function cutPoints(text: string, language: string): number[] {
  const points: number[] = [];
  if (UNSPACED.has(language)) {
    for (const part of segmenter(language, "word").segment(text)) if (part.index > 0) points.push(part.index);
  } else {
    for (const m of text.matchAll(/\s+/g)) if ((m.index ?? 0) > 0) points.push(m.index ?? 0);
  }
  points.push(text.length);
  return points;
}

/** The first graphemes of a text within a code-point budget: the cut of last resort, for one over-long word. */
function hardCut(text: string, limit: number, language: string): string {
  let out = "";
  for (const { segment } of segmenter(language, "grapheme").segment(text)) {
    if (codePoints(out) + codePoints(segment) > limit) break;
    out += segment;
  }
  return out;
}

/**
 * The text itself when it fits, else its longest start that fits and ends between words, tidied.
 * `reserve` keeps room for a mark appended after a cut.
 */
export function shorten(text: string, limit: number, language: string, reserve = 0): { text: string; cut: boolean } {
  if (codePoints(text) <= limit) return { text, cut: false };
  const budget = limit - reserve;
  if (budget <= 0) return { text: "", cut: true };
  let best = "";
  for (const point of cutPoints(text, language)) {
    const candidate = text.slice(0, point);
    if (codePoints(candidate) > budget) break;
    best = candidate;
  }
  const tidy = tidyEnd(best, language);
  return { text: tidy !== "" ? tidy : hardCut(text, budget, language).replace(OPEN_END, ""), cut: true };
}

function capitaliseFirst(text: string, language: string): string {
  const [first = "", ...rest] = Array.from(text);
  return first.toLocaleUpperCase(language === "bhs" ? "hr" : language) + rest.join("");
}

// ---------------------------------------------------------------------------------------------
// Meta title

function metaTitleOf(title: string, keyword: string | undefined, language: string, siteName: string | undefined): string {
  const plain = shorten(title, META_TITLE_LIMIT, language);
  let chosen = plain;
  if (keyword !== undefined && !contains(plain.text, keyword, language)) {
    // "<Keyword>: <title>" reads naturally only while the headline keeps at least half of itself;
    // beyond that the keyword would crowd out what the article is about.
    const prefix = `${capitaliseFirst(keyword, language)}${language === "ja" ? "：" : ": "}`;
    const part = shorten(title, META_TITLE_LIMIT - codePoints(prefix), language);
    if (part.text !== "" && codePoints(part.text) * 2 >= codePoints(title)) {
      chosen = { text: `${prefix}${part.text}`, cut: part.cut };
    }
  }
  const site = siteName ? clean(siteName) : "";
  if (site && !chosen.cut && chosen.text !== "") {
    const withSite = `${chosen.text} | ${site}`;
    if (codePoints(withSite) <= META_TITLE_LIMIT) return withSite;
  }
  return chosen.text !== "" ? chosen.text : hardCut(site || "Article", META_TITLE_LIMIT, language);
}

// ---------------------------------------------------------------------------------------------
// Meta description

/** Whole sentences from the start while they fit; a first sentence too long for the limit is cut, with "…". */
function fitSentences(sentences: readonly string[], language: string): string {
  const joiner = UNSPACED.has(language) ? "" : " ";
  let out = "";
  for (const sentence of sentences) {
    const next = out === "" ? sentence : `${out}${joiner}${sentence}`;
    if (codePoints(next) > META_DESCRIPTION_LIMIT) break;
    out = next;
  }
  if (out !== "" || sentences.length === 0) return out;
  const cut = shorten(sentences[0] as string, META_DESCRIPTION_LIMIT, language, 1);
  return cut.text === "" ? "" : `${cut.text}…`;
}

function metaDescriptionOf(draft: Draft, title: string, keyword: string | undefined, language: string): string {
  const sentencesOf = (text: string | undefined) => (text ? splitSentences(clean(text), language) : []);
  const deck = sentencesOf(draft.deck);
  const lead = sentencesOf(draft.lead);
  // The lead says what happened; the built-in engine's standfirst only says who was checked.
  let description = fitSentences(lead.length > 0 ? lead : deck, language);
  if (keyword !== undefined && !contains(description, keyword, language)) {
    // The lead's opening carries the keyword the standfirst lacks: describe the article by it.
    const at = lead.slice(0, 2).findIndex((s) => contains(s, keyword, language));
    if (at >= 0) {
      const fromStart = fitSentences(lead, language);
      description = contains(fromStart, keyword, language) ? fromStart : fitSentences(lead.slice(at), language);
    }
  }
  return description !== "" ? description : shorten(title, META_DESCRIPTION_LIMIT, language).text;
}

// ---------------------------------------------------------------------------------------------
// Slug

/** Transliteration tables slugify knows by language; Bosnian/Croatian/Serbian in Cyrillic reads as Serbian. */
const slugLocale = (language: string) => (language === "bhs" ? "sr" : language);

/**
 * A URL slug: transliterated to ASCII when every word survives transliteration; otherwise (a
 * script slugify drops, such as Japanese) the letters and numbers of any script, NFKC-normalised
 * and joined by hyphens. Cut to SLUG_LIMIT at a hyphen.
 */
export function slugOf(text: string, language: string): string {
  const options = { locale: slugLocale(language), decamelize: false };
  const ascii = slugify(text, options);
  let lost = false;
  for (const part of segmenter(language, "word").segment(text)) {
    if (part.isWordLike && /[\p{L}\p{N}]/u.test(part.segment) && slugify(part.segment, options) === "") {
      lost = true;
      break;
    }
  }
  const slug =
    ascii !== "" && !lost
      ? ascii
      : (text
          .normalize("NFKC")
          .toLowerCase()
          .match(/[\p{L}\p{M}\p{N}]+/gu)
          ?.join("-") ?? "");
  return cutSlug(slug, language);
}

function cutSlug(slug: string, language: string): string {
  if (codePoints(slug) <= SLUG_LIMIT) return slug;
  const dangling = danglingSets.get(language);
  const kept: string[] = [];
  for (const piece of slug.split("-")) {
    if (codePoints([...kept, piece].join("-")) > SLUG_LIMIT) break;
    kept.push(piece);
  }
  while (kept.length > 1 && dangling?.has(kept[kept.length - 1] as string)) kept.pop();
  return kept.length > 0 ? kept.join("-") : hardCut(slug, SLUG_LIMIT, language).replace(/-+$/, "");
}
