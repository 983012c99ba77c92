// Structure edits (spec, POST /articles/{id}/structure): insert a paragraph, heading, list item or
// table row after a unit, remove a unit, move one up or down. Unit numbers shift; claims stay with
// the units that carry them, and internal links follow their unit.
import type { Principal } from "../../auth/principal.ts";
import type { Database } from "../../db/database.ts";
import { STRUCTURE_OPS } from "../../enumerations.ts";
import { DomainError } from "../../errors.ts";
import type { InternalLink, Unit } from "../../writing/types.ts";
import { headingText, renumber, rowText } from "../../writing/units.ts";
import { type ArticleChange, type EditableArticle, type EditOutcome, editArticle } from "./editArticle.ts";
import { holdToSources } from "./sourcedText.ts";
import { CELL_MAX, cleanText, columnsOf, findUnit, HEADING_MAX, headingUnitText, UNIT_TEXT_MAX } from "./textEdits.ts";

export { STRUCTURE_OPS };
export type StructureOp = (typeof STRUCTURE_OPS)[number];

export interface StructureInput {
  op: string;
  after?: number;
  n?: number;
  text?: string;
  cells?: string[];
  level?: number;
  direction?: string;
  expectedVersion?: number;
}

const invalid = (message: string) => new DomainError("invalid_structure_edit", message);

function need<T>(value: T | undefined, field: string, op: string): T {
  if (value === undefined || value === null) throw invalid(`${op} needs \`${field}\`.`);
  return value;
}

/** Checks what the whole article must keep after any structure edit. */
function assertShape(units: readonly Unit[]): void {
  if (!units.some((u) => u.kind === "paragraph")) throw new DomainError("last_paragraph", "At least one paragraph must stay.");
  if (units[0]?.kind !== "paragraph") throw new DomainError("paragraph_first", "The article must open with a paragraph.");
}

/** Links keep their unit: `map` gives each old unit number its new one, or undefined when the unit went. */
function followLinks(links: readonly InternalLink[], map: (n: number) => number | undefined): InternalLink[] {
  return links.flatMap((l) => {
    const n = map(l.n);
    return n === undefined ? [] : [{ ...l, n }];
  });
}

/** A flagged claim: not corroborated, and no person kept the flag with a note. */
const flaggedIn = (article: EditableArticle, unit: Unit) =>
  article.claims.filter((c) => unit.claimIds.some((id) => id.toLowerCase() === c.id) && c.state !== "corroborated");

export function validateStructure(input: StructureInput): StructureOp {
  if (!(STRUCTURE_OPS as readonly string[]).includes(input.op)) {
    throw invalid(`Unknown op "${String(input.op).slice(0, 40)}"; one of ${STRUCTURE_OPS.join(", ")}.`);
  }
  const op = input.op as StructureOp;
  if (op.startsWith("insert")) need(input.after, "after", op);
  if (op === "insertRow") need(input.cells, "cells", op);
  else if (op.startsWith("insert") && (input.text === undefined || cleanText(input.text) === ""))
    throw invalid(`${op} needs \`text\`.`);
  if (op === "insertHeading" && input.level !== 2 && input.level !== 3) throw invalid("insertHeading needs `level` 2 or 3.");
  if (op === "remove" || op === "move") need(input.n, "n", op);
  if (op === "move" && input.direction !== "up" && input.direction !== "down")
    throw invalid("move needs `direction` up or down.");
  const max = op === "insertHeading" ? HEADING_MAX : UNIT_TEXT_MAX;
  if (input.text !== undefined && cleanText(input.text).length > max) {
    throw new DomainError(
      "text_too_long",
      `The text is ${cleanText(input.text).length} characters; at most ${max} are allowed.`,
      { max },
    );
  }
  for (const cell of input.cells ?? []) {
    if (cell.length > CELL_MAX)
      throw new DomainError("text_too_long", `A cell is ${cell.length} characters; at most ${CELL_MAX}.`, { max: CELL_MAX });
  }
  return op;
}

export async function editStructure(db: Database, principal: Principal, id: string, input: StructureInput): Promise<EditOutcome> {
  const op = validateStructure(input);
  return editArticle(db, principal, id, {
    expectedVersion: input.expectedVersion,
    async change(article, tx): Promise<ArticleChange> {
      const units = article.units;
      const language = article.row.language;
      if (op === "remove" || op === "move") {
        const n = input.n as number;
        const unit = findUnit(article, n);
        const index = units.indexOf(unit);
        if (op === "remove") {
          if (principal.kind !== "person" && flaggedIn(article, unit).some((c) => !c.keptFlag)) {
            throw new DomainError(
              "flagged_removal_needs_person",
              `Unit ${n} carries a flagged claim; only a person can remove it.`,
            );
          }
          const hasRows = unit.kind === "row" && unit.header && units[index + 1]?.kind === "row" && !units[index + 1]?.header;
          if (hasRows) throw invalid(`Unit ${n} is the header of a table that still has rows; remove the rows first.`);
          const next = renumber(units.filter((u) => u !== unit));
          assertShape(next);
          return {
            label: "structure changed",
            note: `Unit ${n} (${unit.kind}) removed.`,
            units: next,
            internalLinks: followLinks(article.internalLinks, (k) => (k === n ? undefined : k > n ? k - 1 : k)),
          };
        }
        const other = input.direction === "up" ? index - 1 : index + 1;
        const neighbour = units[other];
        if (!neighbour)
          throw invalid(
            `Unit ${n} cannot move ${input.direction}: it is the ${input.direction === "up" ? "first" : "last"} unit.`,
          );
        if (unit.header || neighbour.header) throw invalid("A table header stays at the top of its table.");
        if ((unit.kind === "row") !== (neighbour.kind === "row") || (unit.kind === "item") !== (neighbour.kind === "item")) {
          throw invalid(
            `A ${unit.kind} moves only within its ${unit.kind === "row" ? "table" : unit.kind === "item" ? "list" : "text"}: unit ${neighbour.n} is a ${neighbour.kind}.`,
          );
        }
        const swapped = [...units];
        swapped[index] = neighbour;
        swapped[other] = unit;
        const next = renumber(swapped);
        assertShape(next);
        const a = unit.n;
        const b = neighbour.n;
        return {
          label: "structure changed",
          note: `Unit ${n} (${unit.kind}) moved ${input.direction}.`,
          units: next,
          internalLinks: followLinks(article.internalLinks, (k) => (k === a ? b : k === b ? a : k)),
        };
      }

      const after = input.after as number;
      if (!Number.isInteger(after) || after < 0 || after > units.length) {
        throw invalid(`\`after\` must be a unit number from 0 to ${units.length}.`);
      }
      const previous = units[after - 1];
      const following = units[after];
      let unit: Omit<Unit, "n">;
      if (op === "insertRow") {
        // A row goes into the table of the unit it follows: after the header or another row.
        if (previous?.kind !== "row") throw invalid("insertRow needs `after` to be a row (or the header) of a table.");
        const columns = columnsOf(units, after - 1) ?? previous.cells?.length ?? 0;
        const cells = (input.cells as string[]).map(cleanText);
        if (cells.length !== columns)
          throw new DomainError("cells_mismatch", `The table has ${columns} columns; ${cells.length} cells were sent.`);
        unit = { kind: "row", text: rowText(cells), cells, claimIds: [] };
      } else if (op === "insertItem") {
        // An item joins the list beside it, numbered or not as that list is; else it starts a list.
        const list = previous?.kind === "item" ? previous : following?.kind === "item" ? following : undefined;
        unit = { kind: "item", text: cleanText(input.text as string), claimIds: [], ordered: list?.ordered === true };
      } else if (op === "insertHeading") {
        const level = input.level as 2 | 3;
        unit = { kind: "heading", level, text: headingUnitText(input.text as string, level), claimIds: [] };
      } else unit = { kind: "paragraph", text: cleanText(input.text as string), claimIds: [] };
      if (unit.kind !== "row" && previous?.kind === "row" && following?.kind === "row") {
        throw invalid("A table's rows cannot be split: insert before its header or after its last row.");
      }
      const next = renumber([...units.slice(0, after), unit, ...units.slice(after)]);
      assertShape(next);
      const place = unit.kind === "heading" ? "heading" : "body";
      const words = unit.kind === "row" ? (unit.cells ?? []).join(". ") : headingText(unit.text);
      const added = await holdToSources(tx, principal, { id: article.row.id, language }, place, words);
      const inserted = next[after] as Unit;
      inserted.claimIds = added.map((c) => c.id);
      return {
        label: "structure changed",
        note: `${unit.kind === "item" ? "List item" : unit.kind === "row" ? "Table row" : unit.kind === "heading" ? "Heading" : "Paragraph"} inserted as unit ${after + 1}.`,
        units: next,
        newClaims: added,
        internalLinks: followLinks(article.internalLinks, (k) => (k > after ? k + 1 : k)),
      };
    },
  });
}
