// One check of the read-back (readBack.ts runs them in order): claims left out of the text.
import { fitToPrint, withoutDateline, wordingIn } from "../../builtin/claimText.ts";
import { restateSentences } from "../../builtin/restate.ts";
import { SourceWindows } from "../../copying.ts";
import type { QualityCheck, WritingClaim } from "../../types.ts";
import { draftWords } from "../../units.ts";
import { listOf, plural } from "../checkReport.ts";
import { citedClaims, type Read } from "../draftReading.ts";
import { LENGTH_TOLERANCE } from "./length.ts";

const STATE_WORDS: Record<WritingClaim["state"], string> = {
  corroborated: "corroborated",
  singleSource: "single source",
  circular: "circular",
  parallel: "parallel",
  disputed: "disputed",
};

/** Why the text does without a claim, as far as the read-back can tell from the text and the claim. */
function leftOutReason(wording: string, read: Read, windows: () => SourceWindows): string {
  if (!fitToPrint(wording)) return "its wording cannot stand as a statement (a question, page furniture or a cut quotation)";
  // The built-in engine leaves out a claim it cannot reword rather than print a source's sentence.
  if (
    read.input.draft.engine === "built-in" &&
    restateSentences(withoutDateline(wording), read.language, windows()) === undefined
  ) {
    return "the built-in engine could not put it in words of its own; a model provider can write it";
  }
  const words = draftWords(read.input.draft);
  if (words >= read.input.brief.targetWords * (1 - LENGTH_TOLERANCE)) return "the article reached its length without it";
  return "the writer did not choose it";
}

/**
 * Every claim the sources carry either reaches the text or is named here with a reason, so an
 * exclusive or a dispute is never dropped silently. A flagged claim left out is a warning: the
 * reviewer decides whether the article can do without it.
 */
export function leftOut(read: Read): QualityCheck {
  const cited = citedClaims(read);
  const seen = new Set(read.input.claims.filter((c) => cited.has(c.id)).map((c) => c.text));
  const missing: WritingClaim[] = [];
  for (const c of [...read.input.claims.filter((x) => !cited.has(x.id)), ...(read.input.omitted ?? [])]) {
    if (seen.has(c.text)) continue;
    seen.add(c.text);
    missing.push(c);
  }
  const flaggedOut = missing.filter((c) => c.state !== "corroborated");
  const base = { id: "left-out", name: "Claims left out of the text" };
  let sourceWindows: SourceWindows | undefined;
  const windows = () => {
    sourceWindows ??= new SourceWindows(read.input.sources, read.language);
    return sourceWindows;
  };
  // Each claim in the wording the writers take (the carrier sentence that states its figures when
  // its own sentence is a stub), so the list says what was left out.
  const sources = new Map(read.input.sources.map((s) => [s.id, s]));
  const items = missing.map((c) => {
    const wording = wordingIn(c, read.language, sources) ?? c.text;
    return `${STATE_WORDS[c.state]}: ${wording} (${leftOutReason(wording, read, windows)})`;
  });
  if (missing.length === 0) return { ...base, verdict: "passed", detail: "The text states every claim the sources carry." };
  if (flaggedOut.length === 0) {
    return {
      ...base,
      verdict: "passed",
      detail: `${plural(missing.length, "corroborated claim is", "corroborated claims are")} left out of the text; no flagged claim is.`,
      items,
    };
  }
  return {
    ...base,
    verdict: "warning",
    detail: `${plural(flaggedOut.length, "flagged claim is", "flagged claims are")} left out of the text (${listOf([
      ...new Set(flaggedOut.map((c) => STATE_WORDS[c.state])),
    ])}): an exclusive or a disagreement the reader does not see.${
      missing.length > flaggedOut.length
        ? ` ${plural(missing.length - flaggedOut.length, "corroborated claim is", "corroborated claims are")} left out too.`
        : ""
    }`,
    actionLabel: "Review left-out claims",
    items,
  };
}
