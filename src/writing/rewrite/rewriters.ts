// Which engine rewrites a unit: the one that writes articles (writers.ts). With a model
// configured for articles that is the model; otherwise the built-in engine.
import { OpenAiWriter } from "../provider/openAiWriter.ts";
import type { Writers } from "../writers.ts";
import { BuiltinRewriter } from "./builtinRewrite.ts";
import type { Rewriter } from "./rewriteTypes.ts";

export function rewriterFor(writers: Writers): Rewriter {
  return writers.article instanceof OpenAiWriter ? writers.article : new BuiltinRewriter();
}
