// One check of the read-back (readBack.ts runs them in order): flagged claims.
import type { QualityCheck, WritingClaim } from "../../types.ts";
import { plural, result } from "../checkReport.ts";
import { citedClaims, type Read } from "../draftReading.ts";

export function flagged(read: Read): QualityCheck {
  const items: string[] = [];
  const units: number[] = [];
  let kept = 0;
  for (const [id, at] of citedClaims(read)) {
    const claim = read.claims.get(id) as WritingClaim;
    if (claim.state === "corroborated") continue;
    if (claim.keptFlag) {
      kept++;
      continue;
    }
    items.push(`${claim.state}: ${claim.text}`);
    units.push(...at);
  }
  const keptNote = kept > 0 ? ` ${plural(kept, "flag was", "flags were")} already kept by a reviewer.` : "";
  return result(
    { id: "flagged", name: "Claims not independently confirmed", actionLabel: "Review flag" },
    { items, units },
    {
      passed: `Every claim the text states is corroborated by two or more independent origins.${keptNote}`,
      warning: `The text states ${plural(items.length, "claim", "claims")} without independent corroboration (one origin, relays of one origin, one party's statement, or origins that disagree). ${items.length === 1 ? "It must be attributed in the text, and is" : "They must be attributed in the text, and are"} flagged for review.${keptNote}`,
    },
  );
}
