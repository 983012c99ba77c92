// One check of the read-back (readBack.ts runs them in order): claim references.
import type { QualityCheck } from "../../types.ts";
import { plural, quote, result } from "../checkReport.ts";
import type { Read } from "../draftReading.ts";

export function claimReferences(read: Read): QualityCheck {
  const items: string[] = [];
  const units: number[] = [];
  for (const unit of read.input.draft.units) {
    for (const id of new Set(unit.claimIds)) {
      if (read.claims.has(id)) continue;
      items.push(`Unit ${unit.n} cites ${quote(id)}, which is not one of the article's claims`);
      units.push(unit.n);
    }
  }
  return result(
    { id: "claim-ids", name: "Claim references", actionLabel: "Fix claim reference" },
    { items, units },
    {
      passed: "Every claim a unit cites is one of the article's claims.",
      warning: `${plural(items.length, "citation points", "citations point")} to no claim of this article, so the text there is not tied to a source.`,
    },
  );
}
