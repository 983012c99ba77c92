// The built-in engine's rewrite of one unit: the unit's claims restated, with no model. Like the
// engine's articles it states nothing no claim carries: each claim in a carrier's own wording
// (the shortest for "shorter", the longest for "longer"), with the attribution its state calls
// for in the engine's phrases of the asked tone (phrases.ts).

import { fitToPrint, withoutDateline } from "../builtin/claimText.ts";
import { type ComposeContext, claimSentence, originNames } from "../builtin/compose.ts";
import { fill, phrasesFor } from "../builtin/phrases.ts";
import type { Tone, WritingBrief, WritingClaim, WritingSource } from "../types.ts";
import type { RewriteInput, Rewriter, Rewritten } from "./rewriteTypes.ts";

const FLAGGED = new Set<WritingClaim["state"]>(["singleSource", "circular", "parallel"]);

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…»”"')]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The ways the claim's carriers word it in the article's language, fit to stand as a statement. */
function wordings(claim: WritingClaim, input: RewriteInput, sources: ReadonlyMap<string, WritingSource>): string[] {
  const inLanguage = (sourceId: string) => {
    const language = sources.get(sourceId)?.language;
    return language === undefined || language === input.language;
  };
  const texts = [claim.text, ...claim.mentions.filter((m) => inLanguage(m.sourceId)).map((m) => m.text)]
    .map((t) => withoutDateline(t.trim()))
    .filter((t) => t.length > 0);
  const fit = [...new Set(texts.filter(fitToPrint))];
  return fit.length > 0 ? fit : [withoutDateline(claim.text.trim())];
}

function pick(options: string[], mode: RewriteInput["mode"]): string {
  if (mode === "shorter") return options.reduce((a, b) => (b.length < a.length ? b : a));
  if (mode === "longer") return options.reduce((a, b) => (b.length > a.length ? b : a));
  return options[0] as string;
}

export function rewriteBuiltin(input: RewriteInput): Rewritten {
  const tone: Tone = input.tone ?? "neutral";
  const { phrases } = phrasesFor(input.language, tone);
  const sources = new Map(input.sources.map((s) => [s.id, s]));
  const brief: WritingBrief = {
    topic: "",
    angle: "",
    purpose: "news",
    audience: "",
    region: "",
    tone,
    length: "standard",
    targetWords: 300,
    structure: "ibc",
    keywords: [],
    mustAppear: [],
    language: input.language,
  };
  const ctx: ComposeContext = { brief, phrases, sources, voiceWords: (text) => text };
  const parts: string[] = [];
  const statements: string[] = [];
  const seen = new Set<string>();
  for (const claim of input.claims) {
    if (claim.state === "disputed") {
      // Every account, with who gives it: a dispute is not shortened into one side.
      parts.push(claimSentence(claim, ctx));
      for (const text of [claim.text, ...(claim.variants ?? []).map((v) => v.text)]) statements.push(sentence(text));
      continue;
    }
    const wording = pick(wordings(claim, input, sources), input.mode);
    if (seen.has(wording.toLowerCase())) continue;
    seen.add(wording.toLowerCase());
    statements.push(sentence(wording));
    if (input.mode === "shorter" && FLAGGED.has(claim.state)) {
      // The shortest attribution the engine has: "<origin> reports: …".
      const origin =
        (claim.state === "parallel" ? claim.attributedTo : undefined) ?? originNames(claim.sourceIds, sources)[0] ?? "";
      parts.push(origin ? fill(phrases.reportTitle, { origin }) + sentence(wording) : sentence(wording));
    } else if (input.mode === "shorter") {
      parts.push(sentence(wording));
    } else {
      parts.push(claimSentence({ ...claim, text: wording }, ctx));
    }
  }
  return { text: parts.join(" "), statements: statements.join("\n"), engine: "built-in" };
}

export class BuiltinRewriter implements Rewriter {
  async rewrite(input: RewriteInput): Promise<Rewritten> {
    return rewriteBuiltin(input);
  }
}
