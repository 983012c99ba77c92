// Words of ours inside a sentence whose clauses are too long to move apart. Most news sentences
// are 20–40 words, and their core clause alone repeats more than COPY_RUN_LIMIT words of its
// source, so moving attributions and phrases (restate.ts) cannot make them ours. A desk editor
// rewriting agency copy also changes words: "more than 300" for "over 300", "the northeast coast
// of England" for "England's northeast coast", "said the ship" for "said that the ship", "Thomas
// Aldred designed the bridge" for "the bridge was designed by Thomas Aldred". Each swap (swaps.ts)
// states exactly what the words it replaces state; none touches a name, a quotation or an address
// (voiceWords.ts, protectedSpans), so an outlet, a party and a quoted person's words stay as
// written. A swap may move a name whole ("Spain's Químicas Arenal" → "Químicas Arenal of Spain"),
// never cut into one.
//
// `rephrased` changes as few words as it can: each round takes the one swap that shortens the
// copied runs most (so a change falls mid-run, splitting it in two), until no run is longer than
// COPY_RUN_LIMIT or no swap helps. Swaps that read less naturally cost more and are taken only
// when a plainer one does not help as much.
import { COPY_RUN_LIMIT, type SourceWindows } from "../copying.ts";
import { protectedSpans } from "../voiceWords.ts";
import { SWAPS, type Swap } from "./swaps.ts";

/** How far the text is from our own words: the words its copied runs hold beyond COPY_RUN_LIMIT. */
function excess(text: string, language: string, windows: SourceWindows): number {
  let over = 0;
  for (const run of windows.copiedRuns(text, language)) over += run.words.length - COPY_RUN_LIMIT;
  return over;
}

/** Each text one swap away, with the swap's cost. */
function oneSwapAway(
  text: string,
  swaps: readonly Swap[],
  names: readonly string[],
  common: ReadonlySet<string>,
): [string, number][] {
  const spans = protectedSpans(text, names);
  const out: [string, number][] = [];
  for (const swap of swaps) {
    swap.re.lastIndex = 0;
    for (let m = swap.re.exec(text); m; m = swap.re.exec(text)) {
      if (m[0] === "") {
        swap.re.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      // A swap never cuts into a name or a quotation; only one that moves names may cover one.
      const clash = spans.some(([a, b]) => a < end && b > start && (!swap.movesNames || a < start || b > end));
      if (clash) continue;
      let replacement = swap.to(m, common);
      if (replacement === m[0]) continue;
      // A swap at the sentence's start keeps its capital.
      if (/^\p{Lu}/u.test(m[0]) && !/^\p{Lu}/u.test(replacement) && (start === 0 || /[.!?]\s*$/u.test(text.slice(0, start)))) {
        replacement = replacement.charAt(0).toUpperCase() + replacement.slice(1);
      }
      out.push([`${text.slice(0, start)}${replacement}${text.slice(end)}`.replace(/\s{2,}/gu, " "), swap.cost]);
    }
  }
  return out;
}

/** Most swaps one sentence gets: a sentence needing more is not ours with a few changed words. */
const MAX_SWAPS = 8;

/**
 * The sentence with as few words swapped as make it repeat no run of more than COPY_RUN_LIMIT
 * words of a source page, or undefined when the language has no swaps or they do not suffice.
 * `names` are never touched (an outlet's or party's name the material gives).
 */
export function rephrased(
  text: string,
  language: string,
  windows: SourceWindows,
  names: readonly string[] = [],
): string | undefined {
  const swaps = SWAPS[language];
  if (!swaps) return undefined;
  let current = text;
  let over = excess(current, language, windows);
  for (let round = 0; over > 0 && round < MAX_SWAPS; round++) {
    let best: { text: string; over: number; cost: number } | undefined;
    for (const [candidate, cost] of oneSwapAway(current, swaps, names, windows.lowerCaseWords)) {
      const left = excess(candidate, language, windows);
      if (left >= over) continue;
      if (!best || left < best.over || (left === best.over && cost < best.cost)) best = { text: candidate, over: left, cost };
    }
    if (!best) return undefined;
    current = best.text;
    over = best.over;
  }
  return over === 0 ? current : undefined;
}
