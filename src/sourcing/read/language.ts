// Language of a page, detected from its text with eld (Efficient Language Detector), "small" database.
//
// Chosen on numbers: bench/reading.ts runs eld (four database sizes) and tinyld (three builds) on
// the labelled samples in test/read/fixtures/languages, 8 sentences in each of the service's 22
// languages. Reference run (Node 20.20):
//
//                    sentences   first 3 words   paragraphs   per detection   import    heap
//   eld small        176/176      174/176          22/22        ≈ 0.09 ms      0.44 s    46 MB
//   eld medium       176/176      174/176          22/22        ≈ 0.05 ms      0.69 s    61 MB
//   eld large        176/176      175/176          22/22        ≈ 0.05 ms      1.5 s    139 MB
//   eld extrasmall   175/176      170/176          22/22        ≈ 0.10 ms      0.27 s    29 MB
//   tinyld normal    164/176      141/176          21/22        ≈ 0.22 ms      0.16 s     8 MB
//   tinyld heavy     158/176      148/176          20/22        ≈ 0.18 ms      0.53 s    25 MB
//   tinyld light     127/176      110/176          16/22        ≈ 0.19 ms      0.05 s     1 MB
//
// tinyld has no Slovenian and no Croatian model, so it cannot tell sl from bhs (it missed all 8
// Slovenian sentences), and it confuses da/no/sv; it has no Ukrainian in its light build. eld
// "small" is as accurate as "medium" and "large" here at a third of large's memory; "extrasmall"
// takes Norwegian for Danish. So: eld small, and tinyld can be uninstalled.
//
// Codes are ISO 639-1, except that Bosnian, Croatian and Serbian (Latin or Cyrillic) are one
// language for the service, `bhs`, and Norwegian Bokmål/Nynorsk are `no`. Languages outside the
// service's 22 keep their own code ("ru"), so a Russian page is not passed off as Ukrainian.
import { eld } from "eld/small";

const detector = eld.newInstance();

/** Maps a language tag (`en-GB`, `nb`, `sr-Latn`, `hr`) to the service's code (`en`, `no`, `bhs`). */
export function normalizeLanguageCode(tag: string | null | undefined): string | undefined {
  if (typeof tag !== "string") return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (!/^[a-z]{2,3}$/.test(primary)) return undefined;
  if (primary === "bs" || primary === "hr" || primary === "sr" || primary === "sh" || primary === "cnr" || primary === "bhs")
    return "bhs";
  if (primary === "nb" || primary === "nn" || primary === "nob" || primary === "nno") return "no";
  return primary;
}

/** Text shorter than this (in letters) is "short": a declared language may break a near tie. */
const SHORT_TEXT = 200;
/** With fewer letters than this there is nothing to detect; the declared language is all we have. */
const TOO_LITTLE = 12;
/** A declared language wins a short text when its score is within this share of the best one. */
const TIE = 0.9;
/** Detection reads at most this many characters: more changes nothing but the cost. */
const SAMPLE = 4000;

function letterCount(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/\p{L}/gu)) count++;
  return count;
}

/**
 * Detects the language of `text`. `declared` (the page's `<html lang>`) is used only as a
 * tie-breaker when the text is short: when the detector's score for it is close to the best
 * score. With (almost) no text the declared language is returned as is.
 */
export function detectLanguage(text: string, declared?: string): string | undefined {
  const hint = normalizeLanguageCode(declared);
  const sample = text.length > SAMPLE ? text.slice(0, SAMPLE) : text;
  const letters = letterCount(sample);
  if (letters < TOO_LITTLE) return hint;
  const result = detector.detect(sample);
  const best = normalizeLanguageCode(result.language);
  if (best === undefined) return hint;
  if (hint !== undefined && hint !== best && letters < SHORT_TEXT) {
    const scores = result.getScores();
    let bestScore = 0;
    let hintScore = 0;
    for (const [code, score] of Object.entries(scores)) {
      const normalized = normalizeLanguageCode(code);
      if (normalized === best) bestScore = Math.max(bestScore, score);
      if (normalized === hint) hintScore = Math.max(hintScore, score);
    }
    if (hintScore > 0 && hintScore >= bestScore * TIE) return hint;
  }
  return best;
}
