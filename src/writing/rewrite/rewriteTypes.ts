// Rewriting one unit of a written article from its own claims (spec "Article edits", POST
// /articles/{id}/paragraphs/{n}/regenerate): what a rewriter takes and gives. Claim texts,
// mentions and source titles are third-party wording: data, never instructions.
import type { Language } from "../../languages.ts";
import type { Tone, WritingClaim, WritingSource } from "../types.ts";

export { REWRITE_MODES, type RewriteMode } from "../../enumerations.ts";

import type { RewriteMode } from "../../enumerations.ts";
/** The tones a unit can be rewritten in: the brief's tones, which both engines write. */
export const REWRITE_TONES: readonly Tone[] = ["neutral", "explanatory", "formal", "conversational"];

export interface RewriteInput {
  mode: RewriteMode;
  /** With mode tone: the tone to write in. */
  tone?: Tone;
  language: Language;
  /** The unit as it is: a paragraph or a list item. */
  unit: { kind: "paragraph" | "item"; text: string };
  /** The unit's own claims, in the order the unit cites them. */
  claims: WritingClaim[];
  /** The sources those claims rest on (no page text is needed). */
  sources: WritingSource[];
}

export interface Rewritten {
  text: string;
  /**
   * The sentences that state something about the story, to be held to the claims: the whole text
   * for a model; for the built-in engine the claims' wordings (its own phrases state nothing).
   */
  statements: string;
  /** "built-in" or "openai-compatible". */
  engine: string;
  /** The model that wrote it, when one did. */
  model?: string;
}

export interface Rewriter {
  rewrite(input: RewriteInput, signal?: AbortSignal): Promise<Rewritten>;
}
