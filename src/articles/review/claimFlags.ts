// A person keeps a claim's flag with a note: the claim stays flagged (its state does not change)
// but counts as seen for approval, and is an open flag again in a new language version.
import type { Principal } from "../../auth/principal.ts";
import type { Database } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { parseId } from "../../ids.ts";
import { editArticle } from "../edits/editArticle.ts";
import { requirePerson } from "./approval.ts";

export const KEPT_NOTE_MAX = 1000;

export async function keepClaimFlag(db: Database, principal: Principal, articleId: string, claimId: string, note: string) {
  const person = requirePerson(principal);
  const clean = note.trim();
  if (clean === "") throw new DomainError("validation", "Keeping a flag needs a note saying why.");
  if (clean.length > KEPT_NOTE_MAX)
    throw new DomainError("text_too_long", `The note is at most ${KEPT_NOTE_MAX} characters.`, { max: KEPT_NOTE_MAX });
  const id = parseId(claimId);
  return editArticle(db, person, articleId, {
    change(article) {
      const claim = article.claims.find((c) => c.id === id);
      if (!claim) throw new DomainError("not_found", "Claim was not found on this article.");
      if (claim.state === "corroborated")
        throw new DomainError("conflict", "The claim is corroborated: it carries no flag to keep.");
      if (claim.keptFlag && claim.keptNote === clean) return null;
      return {
        label: "flag kept",
        note: `Flag kept on "${claim.text.slice(0, 80)}": ${clean.slice(0, 120)}`,
        claimUpdates: [{ id: claim.id, keptFlag: true, keptNote: clean }],
      };
    },
  });
}
