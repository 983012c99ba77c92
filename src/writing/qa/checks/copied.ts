// One check of the read-back (readBack.ts runs them in order): words copied from the sources.
// Outside quotation marks no run of more than COPY_RUN_LIMIT words may match a source page; inside
// them, quotations stay within their share of the text (src/writing/copying.ts holds the rules).
import { COPY_RUN_LIMIT, QUOTED_SHARE_LIMIT, quotationBreaches, quotedWords, SourceWindows } from "../../copying.ts";
import type { QualityCheck } from "../../types.ts";
import { unitText } from "../../units.ts";
import { listOf, plural, quote, result } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";

/** How much of a copied run an item shows. */
const SHOWN_WORDS = 24;

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function copied(read: Read): QualityCheck {
  const { draft } = read.input;
  const windows = new SourceWindows(read.input.sources, read.language);
  const originOf = (id: string) => read.sources.get(id)?.origin ?? id;
  const items: string[] = [];
  const units: number[] = [];

  const places: { where: string; n?: number; text: string }[] = [
    { where: "The title", text: draft.title },
    ...(draft.deck ? [{ where: "The standfirst", text: draft.deck }] : []),
    ...read.body.map((u) => ({ where: `Unit ${u.n}`, n: u.n, text: unitText(u) })),
  ];
  for (const place of places) {
    for (const run of windows.copiedRuns(place.text, read.language)) {
      const shown = run.words.length > SHOWN_WORDS ? `${run.words.slice(0, SHOWN_WORDS).join(" ")} …` : run.words.join(" ");
      const from = listOf([...new Set(run.sourceIds.map(originOf))]);
      items.push(`${place.where} repeats ${run.words.length} words of ${from} outside quotation marks: ${quote(shown)}`);
      if (place.n !== undefined) units.push(place.n);
    }
  }

  const quoted = quotedWords(read.body, windows, read.language);
  const share = quoted.total === 0 ? 0 : quoted.quoted / quoted.total;
  for (const breach of quotationBreaches(quoted)) {
    items.push(
      breach.sourceId === undefined
        ? `${percent(breach.share)} of the article's words are inside quotation marks (at most ${percent(QUOTED_SHARE_LIMIT)}): ${plural(quoted.quoted, "word", "words")} of ${quoted.total}`
        : `${percent(breach.share)} of the quoted words come from ${originOf(breach.sourceId)} (at most a third from one source)`,
    );
    units.push(...breach.units);
  }

  return result(
    { id: "copied", name: "Our own words", actionLabel: "Rewrite in our words" },
    { items, units },
    {
      passed: `No run of more than ${COPY_RUN_LIMIT} words repeats a source outside quotation marks; ${percent(share)} of the words are quoted.`,
      warning: `${plural(items.length, "passage reads", "passages read")} as a source wrote it or quotes beyond the limits; publish it only in our own words or as an attributed quotation.`,
    },
  );
}
