// An article draft as Markdown: the title, the deck in italics, then the units in order, list
// items as bullets and table rows as a pipe table. Used by the writing evaluation's output and
// by anything that needs the article as one text.
import type { Draft, Unit } from "./types.ts";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function draftToMarkdown(draft: Pick<Draft, "title" | "deck" | "units">): string {
  const lines: string[] = [`# ${draft.title}`, ""];
  if (draft.deck) lines.push(`*${draft.deck}*`, "");
  let previous: Unit | undefined;
  for (const unit of draft.units) {
    const continuesBlock = previous?.kind === unit.kind && (unit.kind === "item" || (unit.kind === "row" && !unit.header));
    if (previous && !continuesBlock) lines.push("");
    if (unit.kind === "item") lines.push(`${unit.ordered ? "1." : "-"} ${unit.text}`);
    else if (unit.kind === "row") {
      const cells = unit.cells ?? [unit.text];
      lines.push(`| ${cells.map(cell).join(" | ")} |`);
      if (unit.header) lines.push(`|${cells.map(() => " --- |").join("")}`);
    } else lines.push(unit.text);
    previous = unit;
  }
  return `${lines.join("\n")}\n`;
}
