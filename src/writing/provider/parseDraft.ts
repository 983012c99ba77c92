// Turns a model's answer into a Draft, or rejects it with every reason the model should hear on
// its next attempt. A model is held to the same rule as every writer: each unit cites claims
// that exist, states no number or date those claims' sources do not carry, and repeats no run of
// more than COPY_RUN_LIMIT words of a source outside quotation marks (src/writing/copying.ts). What only
// weakens the article (a link to a page the site does not have, a missing phrase) is dropped or
// reported as a warning instead.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { LANGUAGE_NAMES, type Language } from "../../languages.ts";
import { isCheckable, sentenceFacts } from "../../sourcing/claims/facts.ts";
import { splitSentences } from "../../sourcing/claims/sentences.ts";
import { QUOTED_SHARE_LIMIT, quotationBreaches, quotedWords, SourceWindows } from "../copying.ts";
import { carriedFigures, uncarriedFigures } from "../figures.ts";
import { plural } from "../qa/checkReport.ts";
import type { Draft, InternalLink, SitePage, Unit, VersionInput, WriteInput, WritingClaim, WritingSource } from "../types.ts";
import { draftWords, headingText, renumber, rowText, unitText } from "../units.ts";
import { avoidedWordsIn } from "../voiceWords.ts";

/** An answer we will not use. `malformed` when it was not the JSON shape at all. */
export class DraftRejected extends Error {
  readonly reasons: string[];
  readonly malformed: boolean;
  constructor(reasons: string[], malformed = false) {
    super(`The model's answer was rejected: ${reasons.join("; ")}`);
    this.name = "DraftRejected";
    this.reasons = reasons;
    this.malformed = malformed;
  }
}

export interface DraftMeta {
  engine: string;
  model?: string;
}

/** Enough reasons to steer a retry without the feedback outgrowing the prompt. */
const MAX_REASONS = 12;

const unitSchema = z.object({
  kind: z.enum(["paragraph", "heading", "item", "row"]),
  text: z.string().nullish(),
  claimIds: z.array(z.string()).nullish(),
  level: z.number().int().nullish(),
  ordered: z.boolean().nullish(),
  cells: z.array(z.string()).nullish(),
  header: z.boolean().nullish(),
});

const answerSchema = z.object({
  title: z.string(),
  deck: z.string().nullish(),
  units: z.array(unitSchema),
  links: z.array(z.object({ n: z.number().int(), anchor: z.string(), url: z.string() })).nullish(),
});

type Answer = z.infer<typeof answerSchema>;
type RawUnit = z.infer<typeof unitSchema>;
type DraftUnit = Omit<Unit, "n">;

/**
 * The first top-level JSON object in the answer. A code fence or a line of prose before it is
 * tolerated because models add them even when told not to; anything without a complete object
 * is malformed.
 */
export function extractJsonObject(answer: string): unknown {
  const start = answer.indexOf("{");
  if (start < 0) throw new DraftRejected(["the answer contains no JSON object"], true);
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < answer.length; i++) {
    const ch = answer[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      try {
        return JSON.parse(answer.slice(start, i + 1));
      } catch (error) {
        throw new DraftRejected([`the answer is not valid JSON (${(error as Error).message})`], true);
      }
    }
  }
  throw new DraftRejected(["the answer's JSON object is incomplete (cut off or unbalanced braces)"], true);
}

function parseAnswer(answer: string): Answer {
  const parsed = answerSchema.safeParse(extractJsonObject(answer));
  if (!parsed.success) {
    const reasons = parsed.error.issues
      .slice(0, MAX_REASONS)
      .map((issue) => `${issue.path.length ? issue.path.join(".") : "answer"}: ${issue.message}`);
    throw new DraftRejected([`the answer does not have the required shape: ${reasons.join("; ")}`], true);
  }
  return parsed.data;
}

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.trim()).filter(Boolean))];

/** Units in our form: heading prefixes matching their level, row text from cells, bullets gone. */
function normaliseUnits(raw: readonly RawUnit[], reasons: string[]): DraftUnit[] {
  const units: DraftUnit[] = [];
  raw.forEach((u, i) => {
    const pos = i + 1;
    const text = (u.text ?? "").trim();
    const claimIds = unique(u.claimIds ?? []);
    switch (u.kind) {
      case "heading": {
        const prefix = /^(#+)\s*/.exec(text);
        const level: 2 | 3 = u.level === 3 || (u.level == null && prefix?.[1]?.length === 3) ? 3 : 2;
        const bare = text.replace(/^#+\s*/, "").trim();
        if (!bare) reasons.push(`unit ${pos} is a heading with no text`);
        units.push({ kind: "heading", text: `${"#".repeat(level)} ${bare}`, claimIds, level });
        return;
      }
      case "row": {
        const cells = (u.cells ?? []).map((c) => c.trim());
        if (cells.length === 0) {
          reasons.push(`unit ${pos} is a table row without cells`);
          return;
        }
        // A header row names columns; it states no claim, whatever the model listed.
        if (u.header) units.push({ kind: "row", text: rowText(cells), claimIds: [], cells, header: true });
        else units.push({ kind: "row", text: rowText(cells), claimIds, cells });
        return;
      }
      case "item": {
        const bare = text.replace(/^(?:[-*•]\s+|\d{1,3}[.)]\s+)/u, "").trim();
        if (!bare) reasons.push(`unit ${pos} is a list item with no text`);
        units.push({ kind: "item", text: bare, claimIds, ordered: u.ordered === true });
        return;
      }
      default:
        if (!text) reasons.push(`unit ${pos} is a paragraph with no text`);
        units.push({ kind: "paragraph", text, claimIds });
    }
  });
  return units;
}

interface Material {
  claims: ReadonlyMap<string, WritingClaim>;
  sources: ReadonlyMap<string, WritingSource>;
  language: Language;
}

function material(claims: readonly WritingClaim[], sources: readonly WritingSource[], language: Language): Material {
  return { claims: new Map(claims.map((c) => [c.id, c])), sources: new Map(sources.map((s) => [s.id, s])), language };
}

/** Whether a text holds a checkable statement (the sourcing engine's test: names, figures, quotes). */
function assertsSomething(text: string, language: string): boolean {
  return splitSentences(text, language).some((sentence) => isCheckable(sentenceFacts(sentence, language)));
}

function quote(text: string, max = 80): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** The fatal checks: unknown claim ids and figures the cited claims do not carry. */
function checkClaims(title: string, deck: string | undefined, units: readonly DraftUnit[], m: Material, reasons: string[]): void {
  // Held to the claims alone, not their whole pages: a page may be written to plant a figure.
  const pageFigures = false;
  const cited = new Set<string>();
  units.forEach((unit, i) => {
    const pos = i + 1;
    const unknown = unit.claimIds.filter((id) => !m.claims.has(id));
    if (unknown.length) {
      reasons.push(`unit ${pos} cites claim ids that are not in the claims data: ${unknown.join(", ")}`);
    }
    const known = unit.claimIds.filter((id) => m.claims.has(id));
    for (const id of known) cited.add(id);
    if (unit.header) return;
    const carried = carriedFigures(known, m.claims, m.sources, pageFigures);
    const missing = uncarriedFigures(unit.text, carried, m.language);
    if (missing.length === 0) {
      // A statement worth checking (names, quotes, figures) must come from a claim: a unit that
      // cites none may only connect, never assert.
      if (known.length === 0 && (unit.kind === "paragraph" || unit.kind === "item") && assertsSomething(unit.text, m.language)) {
        reasons.push(`unit ${pos} (${unit.kind}) makes a statement but cites no claim: ${quote(unit.text)}`);
      }
      return;
    }
    if (known.length === 0) {
      reasons.push(`unit ${pos} (${unit.kind}) states ${missing.join(", ")} but cites no claim: ${quote(unit.text)}`);
    } else {
      reasons.push(
        `unit ${pos} states ${missing.join(", ")}, which its cited claims (${known.join(", ")}) do not carry: ${quote(unit.text)}`,
      );
    }
  });
  // Title, deck and header rows cite nothing of their own; they may only repeat figures the
  // article's cited claims carry.
  const all = carriedFigures([...cited], m.claims, m.sources, pageFigures);
  const loose: [string, string][] = [["the title", title]];
  if (deck) loose.push(["the deck", deck]);
  units.forEach((unit, i) => {
    if (unit.header) loose.push([`unit ${i + 1} (table header)`, unit.text]);
  });
  for (const [where, text] of loose) {
    const missing = uncarriedFigures(text, all, m.language);
    if (missing.length) reasons.push(`${where} states ${missing.join(", ")}, which no cited claim carries: ${quote(text)}`);
  }
}

function reject(reasons: string[]): never {
  const shown = reasons.slice(0, MAX_REASONS);
  if (reasons.length > shown.length) shown.push(`and ${reasons.length - shown.length} more problems of the same kinds`);
  throw new DraftRejected(shown);
}

function linksOf(answer: Answer, units: readonly Unit[], sitePages: readonly SitePage[], warnings: string[]): InternalLink[] {
  const pages = new Map(sitePages.map((p) => [p.url, p]));
  const links: InternalLink[] = [];
  const seen = new Set<string>();
  for (const link of answer.links ?? []) {
    const url = link.url.trim();
    const page = pages.get(url);
    const unit = units[link.n - 1];
    if (!page) {
      warnings.push(`Dropped a link to ${quote(url)}: it is not one of the site's pages.`);
      continue;
    }
    if (!unit || unit.header || !link.anchor || !unit.text.includes(link.anchor)) {
      warnings.push(`Dropped the link ${quote(link.anchor)} to ${url}: the anchor is not in the text of unit ${link.n}.`);
      continue;
    }
    const key = `${unit.n}\u0000${link.anchor}\u0000${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ id: randomUUID().toLowerCase(), n: unit.n, anchor: link.anchor, url: page.url, title: page.title });
  }
  return links;
}

/** What the article does not honour of the brief and the voice; the article is still usable. */
function briefWarnings(input: WriteInput, title: string, units: Unit[]): string[] {
  const warnings: string[] = [];
  const body = [title, ...units.map((u) => (u.kind === "heading" ? headingText(u.text) : u.text))].join("\n");
  for (const phrase of input.brief.mustAppear) {
    if (phrase.trim() && !body.includes(phrase.trim()))
      warnings.push(`The phrase ${quote(phrase)} does not appear in the article.`);
  }
  for (const word of avoidedWordsIn(body, input.voice.avoid)) {
    warnings.push(`The article uses ${quote(word)}, which the site avoids.`);
  }
  const words = draftWords({ units, language: input.brief.language });
  if (words < input.brief.targetWords * 0.6) {
    warnings.push(
      `The article runs ${words} words against a target of ${input.brief.targetWords}: the claims may not carry more.`,
    );
  }
  for (const unit of units) {
    if ((unit.kind === "paragraph" || unit.kind === "item") && unit.claimIds.length === 0) {
      warnings.push(`Unit ${unit.n} cites no claim; check that it states nothing the sources do not carry.`);
    }
  }
  return warnings;
}

function deckOf(answer: Answer): string | undefined {
  const deck = answer.deck?.trim();
  return deck ? deck : undefined;
}

function assemble(
  answer: Answer,
  units: Unit[],
  language: Language,
  internalLinks: InternalLink[],
  warnings: string[],
  meta: DraftMeta,
): Draft {
  const deck = deckOf(answer);
  return {
    title: answer.title.trim(),
    ...(deck ? { deck } : {}),
    lead: units[0]?.text ?? "",
    language,
    units,
    internalLinks,
    engine: meta.engine,
    ...(meta.model ? { model: meta.model } : {}),
    warnings,
  };
}

/** The checks every answer gets; returns its units, or throws with all the reasons found. */
function checkedUnits(answer: Answer, m: Material, reasons: string[]): DraftUnit[] {
  if (!answer.title.trim()) reasons.push("the title is empty");
  if (answer.units.length === 0) reject([...reasons, "the article has no units"]);
  const units = normaliseUnits(answer.units, reasons);
  if (units[0]?.kind !== "paragraph") reasons.push("unit 1 must be the lead paragraph (kind paragraph)");
  checkClaims(answer.title.trim(), deckOf(answer), units, m, reasons);
  return units;
}

/**
 * Passages of the answer that repeat more than COPY_RUN_LIMIT words of a source outside quotation
 * marks, as reasons a retry can act on: where, how long, and the words.
 */
function copiedPassages(
  title: string,
  deck: string | undefined,
  units: readonly DraftUnit[],
  input: WriteInput,
  windows: SourceWindows,
): string[] {
  const places: [string, string][] = [
    ["the title", title],
    ...(deck ? ([["the deck", deck]] as [string, string][]) : []),
    ...units.map((u, i): [string, string] => [`unit ${i + 1}`, unitText(u)]),
  ];
  return places.flatMap(([where, text]) =>
    windows
      .copiedRuns(text, input.brief.language)
      .map(
        (run) =>
          `${where} repeats ${run.words.length} consecutive words of a source outside quotation marks (${quote(run.words.join(" "), 160)}): say it in your own words, or quote a person's words in quotation marks with who said them`,
      ),
  );
}

/** The quotation limits the answer passes (the same as the read-back's), as reasons a retry can act on. */
function quotationFaults(units: readonly Unit[], input: WriteInput, windows: SourceWindows): string[] {
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  return quotationBreaches(quotedWords(units, windows, input.brief.language)).map((breach) =>
    breach.sourceId === undefined
      ? `${percent(breach.share)} of the article's words are inside quotation marks (at most ${percent(QUOTED_SHARE_LIMIT)}): state the facts in your own words and quote only a person's own words, briefly`
      : `${percent(breach.share)} of the quoted words come from source ${breach.sourceId} (at most a third from one source): quote fewer of its words`,
  );
}

/**
 * A Draft from a model's answer to `writeMessages(input)`. Throws DraftRejected. An answer whose
 * only fault is a passage repeating a source is rejected while a retry can mend it, and taken
 * with a warning on the last attempt (`acceptCopied`): the read-back's `copied` check names the
 * units for the editor, and a job is not lost for wording an editor can fix.
 */
export function parseDraft(
  answer: string,
  input: WriteInput,
  meta: DraftMeta,
  options: { acceptCopied?: boolean; windows?: SourceWindows } = {},
): Draft {
  const parsed = parseAnswer(answer);
  const reasons: string[] = [];
  const units = checkedUnits(parsed, material(input.claims, input.sources, input.brief.language), reasons);
  // The sources' index is built once per write and shared by its attempts, when the caller has it.
  const windows = options.windows ?? new SourceWindows(input.sources, input.brief.language);
  const numbered = renumber(units);
  const copied = [
    ...copiedPassages(parsed.title.trim(), deckOf(parsed), units, input, windows),
    ...quotationFaults(numbered, input, windows),
  ];
  if (reasons.length || (copied.length && !options.acceptCopied)) reject([...reasons, ...copied]);
  const warnings: string[] = [];
  if (copied.length) {
    warnings.push(
      `The model still repeated its sources' words in ${plural(copied.length, "passage", "passages")} on its last attempt; the read-back's copied check names the units to rewrite.`,
    );
  }
  const links = linksOf(parsed, numbered, input.sitePages ?? [], warnings);
  warnings.push(...briefWarnings(input, parsed.title, numbered));
  return assemble(parsed, numbered, input.brief.language, links, warnings, meta);
}

const sameIds = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

/**
 * A Draft from a model's answer to `versionMessages(input)`: the primary's units one for one,
 * each with the primary's claim ids, and no figure the cited claims do not carry.
 */
export function parseVersion(answer: string, input: VersionInput, meta: DraftMeta): Draft {
  const parsed = parseAnswer(answer);
  const reasons: string[] = [];
  const primary = input.primary.units;
  if (parsed.units.length !== primary.length) {
    reasons.push(`the article has ${parsed.units.length} units; the primary has ${primary.length} and every one must be kept`);
  }
  const units = checkedUnits(parsed, material(input.claims, input.sources, input.language), reasons);
  units.forEach((unit, i) => {
    const original = primary[i];
    if (!original) return;
    if (unit.kind !== original.kind) reasons.push(`unit ${i + 1} is a ${unit.kind}; in the primary it is a ${original.kind}`);
    else if (!sameIds(unit.claimIds, original.claimIds)) {
      reasons.push(
        `unit ${i + 1} cites [${unit.claimIds.join(", ")}]; it must cite the primary's [${original.claimIds.join(", ")}]`,
      );
    }
  });
  if (reasons.some((r) => /\bdo not carry\b|\bno cited claim carries\b|\bcites no claim\b/.test(r))) {
    // The usual cause is a figure kept in the primary's notation ("12,000" reads as 12 in German).
    reasons.push(
      `numbers are read the way ${LANGUAGE_NAMES[input.language]} writes them: keep each value, in ${LANGUAGE_NAMES[input.language]} notation`,
    );
  }
  if (reasons.length) reject(reasons);

  const warnings: string[] = [];
  // The primary decides structure: level, list numbering and header rows are not the model's to change.
  const aligned: DraftUnit[] = units.map((unit, i) => {
    const original = primary[i] as Unit;
    const kept: DraftUnit = { ...unit, claimIds: [...original.claimIds] };
    if (original.level !== undefined && unit.kind === "heading") {
      kept.level = original.level;
      kept.text = `${"#".repeat(original.level)} ${headingText(unit.text)}`;
    }
    if (original.ordered !== undefined) kept.ordered = original.ordered;
    if (original.header) kept.header = true;
    if (original.cells && unit.cells && original.cells.length !== unit.cells.length) {
      warnings.push(`Unit ${i + 1} has ${unit.cells.length} cells; the primary's row has ${original.cells.length}.`);
    }
    return kept;
  });
  if (input.primary.internalLinks.length) {
    warnings.push(
      `The primary's ${input.primary.internalLinks.length} internal links were not carried over: the site's pages in this language are not known.`,
    );
  }
  return assemble(parsed, renumber(aligned), input.language, [], warnings, meta);
}
