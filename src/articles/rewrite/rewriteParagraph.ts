// Rewriting one unit of a written article from its own claims (spec "Article edits", POST
// /articles/{id}/paragraphs/{n}/regenerate): shorter, longer or in another tone. The writer
// (the model when one writes articles, else the built-in engine) gets the unit, its claims and
// their mentions; what it writes is held to those claims with the engine's own check
// (statementSupport): a sentence no claim of the unit carries refuses the whole rewrite with
// rewrite_added_claims, and nothing changes. The writer runs outside the edit's transaction
// (a model can take a while); the edit then checks the unit is still what was rewritten.

import type { Principal } from "../../auth/principal.ts";
import type { Database } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import type { Language } from "../../languages.ts";
import { log } from "../../log.ts";
import { writingClaim, writingSource } from "../../pipeline/articleMaterial.ts";
import { type StoredSourcePage, statementSupport } from "../../sourcing/statementSupport.ts";
import { carriedFigures, uncarriedFigures } from "../../writing/figures.ts";
import { rewriterFor } from "../../writing/rewrite/rewriters.ts";
import { REWRITE_MODES, REWRITE_TONES, type RewriteMode, type Rewritten } from "../../writing/rewrite/rewriteTypes.ts";
import { type Tone, type Unit, type WritingClaim, WritingFailure, type WritingSource } from "../../writing/types.ts";
import type { Writers } from "../../writing/writers.ts";
import { assertEditable, type EditOutcome, editArticle } from "../edits/editArticle.ts";
import { findVisibleArticle } from "../visibleArticle.ts";

export interface RewriteRequest {
  mode: string;
  tone?: string;
  expectedVersion?: number;
}

/** The mode and tone as the writers take them; 400 validation for an unknown mode or a missing tone. */
export function rewriteOptions(mode: string, tone: string | undefined): { mode: RewriteMode; tone?: Tone } {
  if (!(REWRITE_MODES as readonly string[]).includes(mode)) {
    throw new DomainError("validation", `mode must be one of ${REWRITE_MODES.join(", ")}.`, { field: "mode" });
  }
  if (mode !== "tone") {
    if (tone !== undefined) throw new DomainError("validation", "tone goes with mode tone only.", { field: "tone" });
    return { mode: mode as RewriteMode };
  }
  if (tone === undefined) throw new DomainError("validation", "mode tone needs a tone.", { field: "tone" });
  if (!(REWRITE_TONES as readonly string[]).includes(tone)) {
    throw new DomainError("validation", `tone must be one of ${REWRITE_TONES.join(", ")}.`, { field: "tone" });
  }
  return { mode: "tone", tone: tone as Tone };
}

const NOT_REWRITABLE: Partial<Record<Unit["kind"], string>> = {
  heading: "A heading is not rewritten; edit it with PUT /units/{n}.",
  row: "A table row is not rewritten; edit its cells with PUT /units/{n}.",
};

/**
 * What the unit's claims carry, as pages for the check: each source with only the sentences it
 * was recognised carrying these claims in (not its whole page), and a claim no source carries
 * (a statement someone wrote in an edit) as its own text.
 */
export function claimPages(claims: readonly WritingClaim[], sources: readonly WritingSource[]): StoredSourcePage[] {
  const bySource = new Map<string, string[]>();
  const pages: StoredSourcePage[] = [];
  for (const claim of claims) {
    const texts = [
      ...claim.mentions,
      ...(claim.variants ?? []).flatMap((v) => v.sourceIds.map((sourceId) => ({ sourceId, text: v.text }))),
    ];
    if (texts.length === 0) {
      pages.push({
        id: claim.id,
        url: "https://claim.invalid/",
        title: "",
        text: claim.text,
        originId: claim.id,
        origin: "claim",
      });
      continue;
    }
    for (const m of texts) bySource.set(m.sourceId, [...(bySource.get(m.sourceId) ?? []), m.text]);
  }
  for (const [sourceId, texts] of bySource) {
    const source = sources.find((s) => s.id === sourceId);
    pages.push({
      id: sourceId,
      url: source?.url ?? "https://source.invalid/",
      title: source?.title ?? "",
      text: [...new Set(texts)].join("\n\n"),
      language: source?.language ?? null,
      originId: source?.originId ?? sourceId,
      origin: source?.origin ?? "",
    });
  }
  return pages;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id.toLowerCase() === b[i]?.toLowerCase());

const MODE_WORDS: Record<RewriteMode, string> = { shorter: "shorter", longer: "longer", tone: "in another tone" };

export async function rewriteParagraph(
  db: Database,
  principal: Principal,
  id: string,
  n: number,
  request: RewriteRequest,
  writers: Writers,
): Promise<EditOutcome> {
  const options = rewriteOptions(request.mode, request.tone);
  const article = await findVisibleArticle(db, principal, id);
  assertEditable(article);
  if (request.expectedVersion !== undefined && request.expectedVersion !== article.version) {
    throw new DomainError(
      "article_changed",
      `The article is at version ${article.version}, not ${request.expectedVersion}; read it again and redo the edit.`,
      { currentVersion: article.version },
    );
  }
  const units = Array.isArray(article.units) ? (article.units as unknown as Unit[]) : [];
  const unit = units.find((u) => u.n === n);
  if (!unit) throw new DomainError("not_found", `The article has no unit ${n}.`);
  const refusal = NOT_REWRITABLE[unit.kind];
  if (refusal) throw new DomainError("block_not_rewritable", refusal);

  const wanted = unit.claimIds.map((c) => c.toLowerCase());
  const [claimRows, sourceRows] = await Promise.all([
    db.prisma.articleClaim.findMany({ where: { articleId: article.id, id: { in: wanted } } }),
    db.prisma.articleSource.findMany({ where: { articleId: article.id }, orderBy: { position: "asc" }, omit: { text: true } }),
  ]);
  const claims = wanted.flatMap((w) => claimRows.filter((c) => c.id === w)).map(writingClaim);
  if (claims.length === 0) {
    throw new DomainError("block_not_rewritable", "The unit carries no claim to rewrite it from; edit it with PUT /units/{n}.");
  }
  const sources = sourceRows.map(writingSource);
  const language = article.language as Language;

  let rewritten: Rewritten;
  try {
    rewritten = await rewriterFor(writers).rewrite({
      mode: options.mode,
      ...(options.tone ? { tone: options.tone } : {}),
      language,
      unit: { kind: unit.kind === "item" ? "item" : "paragraph", text: unit.text },
      claims,
      sources,
    });
  } catch (error) {
    if (!(error instanceof WritingFailure)) throw error;
    log.warn({ articleId: article.id, n, code: error.code, detail: error.message }, "unit not rewritten");
    throw new DomainError("model_unavailable", `The model could not rewrite the paragraph now; try again later. (${error.code})`);
  }

  // Held to the unit's own claims: a sentence none of them carries, or a figure or date none of
  // them states (the writers' own figure check), refuses the rewrite.
  const support = statementSupport(rewritten.statements, language, claimPages(claims, sources));
  const added = support.statements.filter((s) => s.sourceIds.length === 0).map((s) => s.text);
  const carried = carriedFigures(
    claims.map((c) => c.id),
    new Map(claims.map((c) => [c.id, c])),
    new Map(sources.map((s) => [s.id, s])),
    false,
  );
  const figures = uncarriedFigures(rewritten.text, carried, language);
  if (added.length > 0 || figures.length > 0) {
    const said = [
      ...added.map((s) => `“${s}”`),
      ...(figures.length > 0 ? [`figures or dates no claim states: ${figures.join(", ")}`] : []),
    ];
    throw new DomainError(
      "rewrite_added_claims",
      `The rewrite states what the paragraph's claims do not carry, so nothing was changed: ${said.join("; ")}.`,
      { statements: added, figures },
    );
  }

  return editArticle(db, principal, id, {
    ...(request.expectedVersion === undefined ? {} : { expectedVersion: request.expectedVersion }),
    change: (current) => {
      const now = current.units.find((u) => u.n === n);
      // Rewritten from the unit as it was read: an edit in between makes this one stale.
      if (!now || now.kind !== unit.kind || now.text !== unit.text || !sameIds(now.claimIds, unit.claimIds)) {
        throw new DomainError("article_changed", "The unit changed while it was being rewritten; read the article again.", {
          currentVersion: current.row.version,
        });
      }
      if (rewritten.text === unit.text) return null;
      const engine = rewritten.model ? `the model ${rewritten.model}` : "the built-in engine";
      return {
        label: "paragraph rewritten",
        note: `Unit ${n} rewritten ${MODE_WORDS[options.mode]}${options.tone ? ` (${options.tone})` : ""} by ${engine} from its ${claims.length} claim${claims.length === 1 ? "" : "s"}.`,
        ...(rewritten.model ? { model: rewritten.model } : {}),
        units: current.units.map((u) => (u.n === n ? { ...u, text: rewritten.text } : u)),
        // A link whose words the new text no longer has goes with them.
        internalLinks: current.internalLinks.filter((l) => l.n !== n || rewritten.text.includes(l.anchor)),
      };
    },
  });
}
