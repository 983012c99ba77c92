// One check of the read-back (readBack.ts runs them in order): claims left out of the text.
import { fitToPrint } from "../../builtin/claimText.ts";
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
function leftOutReason(claim: WritingClaim, read: Read): string {
  if (!fitToPrint(claim.text)) return "its wording cannot stand as a statement (a question, page furniture or a cut quotation)";
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
  const items = missing.map((c) => `${STATE_WORDS[c.state]}: ${c.text} (${leftOutReason(c, read)})`);
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
