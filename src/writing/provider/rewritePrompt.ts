// The chat messages for rewriting one unit of a written article with the model, and how its
// answer is read. Our rules are in the system message; the unit and its claims (third-party
// wording) travel in the user message as JSON inside DATA delimiters, after the statement that
// they are data and never instructions, as in prompt.ts.
import { z } from "zod";
import { LANGUAGE_NAMES } from "../../languages.ts";
import type { RewriteInput } from "../rewrite/rewriteTypes.ts";
import type { WritingSource } from "../types.ts";
import { DraftRejected, extractJsonObject } from "./parseDraft.ts";
import { type ChatMessage, DATA_STATEMENT, PROMPT_LIMITS } from "./prompt.ts";

/** Longest unit text the route stores (spec: 4,000 characters). */
export const MAX_REWRITE_CHARS = 4_000;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** A DATA block as prompt.ts writes them: JSON with `<` and `>` escaped, so no text can close it. */
function dataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value, null, 1).replace(/</g, "\\u003c").replace(/>/g, "\\u003e");
  return `<<<DATA id=${id}>>>\n${json}\n<<<END DATA>>>`;
}

const MODE_RULES: Record<RewriteInput["mode"], string> = {
  shorter: "Make it clearly shorter: keep every claim's core fact, drop repetition and secondary wording.",
  longer: "Make it longer and fuller, using only what the claims and their mentions say: no background from elsewhere.",
  tone: "Keep its length about the same and change only its tone, to the one given in the data.",
};

export function rewriteMessages(input: RewriteInput): ChatMessage[] {
  const language = LANGUAGE_NAMES[input.language];
  const sources = new Map<string, WritingSource>(input.sources.map((s) => [s.id, s]));
  const origin = (id: string) => clip(sources.get(id)?.origin ?? "", PROMPT_LIMITS.listEntryChars);
  const system = [
    `You rewrite one ${input.unit.kind === "item" ? "list item" : "paragraph"} of a news article, in ${language}.`,
    MODE_RULES[input.mode],
    "State only what the claims in the data carry: no new fact, figure, date, name or quotation, and nothing the claims do not say.",
    'Keep the attribution each claim\'s state calls for: "corroborated" is stated plainly; "singleSource" and "circular" name the one origin ("according to <origin>"); "parallel" names the party it is attributed to; "disputed" gives each account with who gives it, without choosing.',
    "Write plain text, one paragraph, no heading, no list, no links; **bold** is allowed.",
    DATA_STATEMENT,
    'Answer with exactly one JSON object and nothing else: {"text": string}.',
  ].join("\n");
  const claims = input.claims.map((claim) => ({
    id: claim.id,
    state: claim.state,
    text: clip(claim.text, PROMPT_LIMITS.claimChars),
    origins: [...new Set(claim.sourceIds.map(origin).filter(Boolean))],
    ...(claim.attributedTo ? { attributedTo: clip(claim.attributedTo, PROMPT_LIMITS.listEntryChars) } : {}),
    ...(claim.variants?.length
      ? {
          variants: claim.variants.map((v) => ({
            text: clip(v.text, PROMPT_LIMITS.claimChars),
            origins: [...new Set(v.sourceIds.map(origin).filter(Boolean))],
          })),
        }
      : {}),
    mentions: claim.mentions
      .slice(0, PROMPT_LIMITS.mentionsPerClaim)
      .map((m) => ({ origin: origin(m.sourceId), text: clip(m.text, PROMPT_LIMITS.mentionChars) })),
  }));
  const user = [
    DATA_STATEMENT,
    dataBlock("rewrite", {
      mode: input.mode,
      ...(input.tone ? { tone: input.tone } : {}),
      language: input.language,
      kind: input.unit.kind,
      text: clip(input.unit.text, MAX_REWRITE_CHARS),
    }),
    dataBlock("claims", claims),
  ].join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

export const REWRITE_SCHEMA: Record<string, unknown> = {
  type: "object",
  additionalProperties: false,
  required: ["text"],
  properties: { text: { type: "string" } },
};
export const REWRITE_SCHEMA_NAME = "unit_rewrite";

const answerSchema = z.object({ text: z.string() });

/** The rewritten text, or DraftRejected with the reasons (sent back to the model on a retry). */
export function parseRewrite(answer: string): string {
  const result = answerSchema.safeParse(extractJsonObject(answer));
  if (!result.success) throw new DraftRejected(['the answer must be {"text": string}'], true);
  const text = result.data.text.replace(/\s*\n\s*/g, " ").trim();
  const reasons: string[] = [];
  if (text === "") reasons.push("the text was empty");
  if (text.length > MAX_REWRITE_CHARS) reasons.push(`the text is longer than ${MAX_REWRITE_CHARS} characters`);
  if (/^#{1,6}\s/.test(text)) reasons.push("the text must not be a heading");
  if (reasons.length > 0) throw new DraftRejected(reasons, true);
  return text;
}
