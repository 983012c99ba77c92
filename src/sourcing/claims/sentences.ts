// Sentences per language, by ICU's sentence rules (Intl.Segmenter: every language Node ships
// with full ICU, the 22 included), with two repairs ICU needs for news text: it splits after
// common abbreviations ("Dr.", "Nr.", "p.ex.") and after initials ("J. Smith"), so those pieces are
// joined back.
import { segmentsOf } from "../../segmenting.ts";
import { MONTHS } from "./figures.ts";

const ABBREVIATIONS = new Set(
  [
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "st",
    "no",
    "nos",
    "vs",
    "etc",
    "inc",
    "ltd",
    "co",
    "corp",
    "jr",
    "sr",
    "gen",
    "gov",
    "sen",
    "rep",
    "lt",
    "col",
    "capt",
    "sgt",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
    "approx",
    "dept",
    "est",
    "fig",
    "u.s",
    "u.k",
    "e.g",
    "i.e",
    "nr",
    "bzw",
    "ca",
    "vgl",
    "z.b",
    "d.h",
    "usw",
    "mio",
    "mrd",
    "hr",
    "fr",
    "mme",
    "mlle",
    "m",
    "av",
    "sra",
    "sr",
    "dña",
    "p.ex",
    "ing",
    "mgr",
  ].map((a) => a.toLowerCase()),
);

/** Languages that write a day's ordinal with a dot ("13. April", "13. kwietnia"). */
const ORDINAL_DOT = new Set(["de", "pl"]);

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(language: string): Intl.Segmenter {
  const locale = language === "bhs" ? "hr" : language || "en";
  let s = segmenters.get(locale);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity: "sentence" });
    segmenters.set(locale, s);
  }
  return s;
}

function endsWithAbbreviation(piece: string): boolean {
  const match = /(?:^|[\s(“"'])([\p{L}.]{1,6})\.\s*$/u.exec(piece);
  if (!match) return false;
  const word = (match[1] as string).toLowerCase();
  // A single capital letter is an initial ("J. Smith"), unless it ends a sentence in a list.
  return ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(match[1] as string);
}

/** Splits one paragraph (or a whole text; blank lines always end a sentence) into sentences. */
export function splitSentences(text: string, language = "en"): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    // In pieces cut after a sentence's end where one is near: segmenting a whole paragraph at once
    // takes time that grows with its square (src/segmenting.ts).
    const pieces = Array.from(
      segmentsOf(segmenter(language), paragraph.replace(/\s+/g, " ").trim(), /[.!?]\s+|[。！？]/u),
      (s) => s.segment,
    );
    let pending = "";
    pieces.forEach((piece, i) => {
      pending += piece;
      const next = pieces[i + 1]?.trimStart() ?? "";
      // A sentence does not start in lower case: ICU split after an ordinal ("am 14. März") or an
      // abbreviation it did not know.
      // A day's ordinal before its month is no sentence's end either: "Am 13. April hatte sich …".
      const continues =
        next !== "" &&
        (/^\p{Ll}/u.test(next) ||
          (/\d\.\s*$/.test(pending) && /^\p{Lu}\p{Ll}+ \d{4}/u.test(next)) ||
          (ORDINAL_DOT.has(language) &&
            /(?:^|\s)(?:[1-9]|[12]\d|3[01])\.\s*$/u.test(pending) &&
            MONTHS[(next.match(/^\p{L}+/u)?.[0] ?? "").toLowerCase()] !== undefined));
      if (!continues && !endsWithAbbreviation(pending)) {
        const sentence = pending.trim();
        if (sentence) out.push(sentence);
        pending = "";
      }
    });
    if (pending.trim()) out.push(pending.trim());
  }
  return out;
}
