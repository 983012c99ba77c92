// Edits of the article's words: one unit, the title, the deck, and an internal link taken out.
// Each is a change handed to editArticle, which holds the rules every edit shares.
import type { Principal } from "../../auth/principal.ts";
import type { Database } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import type { Unit } from "../../writing/types.ts";
import { headingText, rowText } from "../../writing/units.ts";
import { type EditableArticle, type EditOutcome, editArticle } from "./editArticle.ts";
import { holdToSources } from "./sourcedText.ts";

export const UNIT_TEXT_MAX = 4000;
export const HEADING_MAX = 200;
export const CELL_MAX = 500;
export const TITLE_MAX = 200;
export const DECK_MAX = 400;

/** Text as stored: trimmed, runs of spaces and tabs kept as written, line breaks folded to spaces. */
export const cleanText = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

function tooLong(what: string, max: number, length: number): DomainError {
  return new DomainError("text_too_long", `The ${what} is ${length} characters; at most ${max} are allowed.`, { max });
}

export function findUnit(article: EditableArticle, n: number): Unit {
  const unit = article.units.find((u) => u.n === n);
  if (!unit) throw new DomainError("not_found", `Unit ${n} was not found; the article has ${article.units.length} units.`);
  return unit;
}

/** The columns a table row must have: those of the header of the table it sits in. */
export function columnsOf(units: readonly Unit[], index: number): number | undefined {
  for (let i = index; i >= 0 && units[i]?.kind === "row"; i--) if (units[i]?.header) return units[i]?.cells?.length;
  return undefined;
}

/** A heading's text as the unit stores it: the `##`/`###` prefix of its level. */
export const headingUnitText = (text: string, level: 2 | 3) => `${"#".repeat(level)} ${headingText(cleanText(text))}`;

export interface UnitInput {
  text?: string;
  cells?: string[];
  expectedVersion?: number;
}

export async function editUnit(
  db: Database,
  principal: Principal,
  id: string,
  n: number,
  input: UnitInput,
): Promise<EditOutcome> {
  if (input.text === undefined && input.cells === undefined) {
    throw new DomainError("validation", "Send `text` for a paragraph, heading or list item, or `cells` for a table row.");
  }
  if (input.text !== undefined && input.text.length > UNIT_TEXT_MAX) throw tooLong("text", UNIT_TEXT_MAX, input.text.length);
  for (const cell of input.cells ?? []) if (cell.length > CELL_MAX) throw tooLong("cell", CELL_MAX, cell.length);
  return editArticle(db, principal, id, {
    expectedVersion: input.expectedVersion,
    async change(article, tx) {
      const unit = findUnit(article, n);
      const index = article.units.indexOf(unit);
      let next: Unit;
      if (unit.kind === "row") {
        if (unit.header) throw new DomainError("wrong_unit_kind", `Unit ${n} is a table header, which cannot be edited.`);
        if (input.text !== undefined || input.cells === undefined) {
          throw new DomainError("wrong_unit_kind", `Unit ${n} is a table row: send \`cells\`, one per column, not \`text\`.`);
        }
        const columns = columnsOf(article.units, index) ?? unit.cells?.length ?? input.cells.length;
        if (input.cells.length !== columns) {
          throw new DomainError("cells_mismatch", `The table has ${columns} columns; ${input.cells.length} cells were sent.`);
        }
        const cells = input.cells.map(cleanText);
        next = { ...unit, cells, text: rowText(cells) };
      } else {
        if (input.cells !== undefined || input.text === undefined) {
          throw new DomainError("wrong_unit_kind", `Unit ${n} is a ${unit.kind}: send \`text\`, not \`cells\`.`);
        }
        if (unit.kind === "heading") {
          const words = headingText(cleanText(input.text));
          if (words.length > HEADING_MAX) throw tooLong("heading", HEADING_MAX, words.length);
          next = { ...unit, text: headingUnitText(words, unit.level ?? 2) };
        } else next = { ...unit, text: cleanText(input.text) };
        if (headingText(next.text) === "")
          throw new DomainError("validation", "The text is empty; remove the unit with a structure edit instead.");
      }
      if (next.text === unit.text) return null;
      const place = unit.kind === "heading" ? "heading" : "body";
      const added = await holdToSources(
        tx,
        principal,
        { id: article.row.id, language: article.row.language },
        place,
        headingText(next.text),
        headingText(unit.text),
      );
      next = { ...next, claimIds: [...unit.claimIds, ...added.map((c) => c.id)] };
      return {
        label: "unit edited",
        note: `Unit ${n} (${unit.kind}) edited${added.length ? `; ${added.length} new statement${added.length === 1 ? "" : "s"} no source carries flagged` : ""}.`,
        units: article.units.map((u) => (u.n === n ? next : u)),
        newClaims: added,
      };
    },
  });
}

export async function editTitle(
  db: Database,
  principal: Principal,
  id: string,
  input: { text: string; expectedVersion?: number },
): Promise<EditOutcome> {
  const text = cleanText(input.text);
  if (text === "") throw new DomainError("validation", "The title cannot be empty.");
  if (text.length > TITLE_MAX) throw tooLong("title", TITLE_MAX, text.length);
  return editArticle(db, principal, id, {
    expectedVersion: input.expectedVersion,
    async change(article, tx) {
      if (text === article.row.title) return null;
      const added = await holdToSources(
        tx,
        principal,
        { id: article.row.id, language: article.row.language },
        "title",
        text,
        article.row.title,
      );
      return { label: "title changed", note: "Title changed.", title: text, newClaims: added };
    },
  });
}

export async function editDeck(
  db: Database,
  principal: Principal,
  id: string,
  input: { text: string; expectedVersion?: number },
): Promise<EditOutcome> {
  const text = cleanText(input.text);
  if (text.length > DECK_MAX) throw tooLong("deck", DECK_MAX, text.length);
  return editArticle(db, principal, id, {
    expectedVersion: input.expectedVersion,
    async change(article, tx) {
      const before = article.row.deck ?? "";
      if (text === before) return null;
      if (text === "") return { label: "deck changed", note: "Deck removed.", deck: null };
      const added = await holdToSources(
        tx,
        principal,
        { id: article.row.id, language: article.row.language },
        "deck",
        text,
        before,
      );
      return { label: "deck changed", note: before ? "Deck changed." : "Deck added.", deck: text, newClaims: added };
    },
  });
}

export async function removeLink(
  db: Database,
  principal: Principal,
  id: string,
  linkId: string,
  input: { expectedVersion?: number } = {},
): Promise<EditOutcome> {
  return editArticle(db, principal, id, {
    expectedVersion: input.expectedVersion,
    change(article) {
      const link = article.internalLinks.find((l) => l.id.toLowerCase() === linkId.toLowerCase());
      if (!link) throw new DomainError("not_found", "Link was not found among the article's internal links.");
      return {
        label: "link removed",
        note: `Link to ${link.url} removed from unit ${link.n}; the words stay.`,
        internalLinks: article.internalLinks.filter((l) => l !== link),
      };
    },
  });
}
