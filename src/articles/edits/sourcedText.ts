// New words an edit brings in, held to the sources (spec, "Article edits", rule 3): statements no
// source carries are refused for a key or agent in a title, deck or heading, and become flagged
// single-source claims in a paragraph, a list item or a table row (for a person everywhere: a
// person is not refused, but what they add is flagged).
import type { Principal } from "../../auth/principal.ts";
import type { Tx } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { checkableSentences, statementSupport } from "../../sourcing/statementSupport.ts";
import { type NewClaim, newClaimId } from "./editArticle.ts";

export type TextPlace = "title" | "deck" | "heading" | "body";

async function storedPages(tx: Tx, articleId: string) {
  return tx.articleSource.findMany({
    where: { articleId },
    orderBy: { position: "asc" },
    select: { id: true, url: true, title: true, text: true, language: true, originId: true, origin: true },
  });
}

/**
 * Checks the sentences of `text` that `before` did not already hold. Returns the claims to add for
 * what no source carries (none when everything new is carried), or throws for a credential
 * writing a title, deck or heading the sources do not carry.
 */
export async function holdToSources(
  tx: Tx,
  principal: Principal,
  article: { id: string; language: string },
  place: TextPlace,
  text: string,
  before = "",
): Promise<NewClaim[]> {
  const language = article.language;
  const old = new Set(checkableSentences(before, language).map((s) => s.toLowerCase()));
  const fresh = checkableSentences(text, language).filter((s) => !old.has(s.toLowerCase()));
  if (fresh.length === 0) return [];
  const support = statementSupport(fresh.join("\n"), language, await storedPages(tx, article.id));
  const refuses = principal.kind !== "person" && place !== "body";
  if (!support.checked) {
    if (refuses) {
      throw new DomainError(
        "sources_not_checked",
        `The sources cannot be read now, so the new ${place} cannot be checked against them; try again later or ask a person.`,
      );
    }
    // Nothing to check against: the whole new text is marked unsourced, as one flagged claim.
    return [{ id: newClaimId(), text: fresh.join(" "), state: "singleSource", originCount: 0, sourceIds: [] }];
  }
  const unsupported = support.statements.filter((s) => s.sourceIds.length === 0).map((s) => s.text);
  if (unsupported.length === 0) return [];
  if (refuses) {
    throw new DomainError("unsourced_statement", `No source carries what the new ${place} states: ${unsupported.join(" ")}`, {
      statements: unsupported,
    });
  }
  return unsupported.map((s) => ({ id: newClaimId(), text: s, state: "singleSource", originCount: 0, sourceIds: [] }));
}
