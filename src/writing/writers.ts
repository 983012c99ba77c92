// Which writer writes articles and which writes language versions, from the environment.
// Without a model the built-in engine writes the article and no language version can be
// written (the job skips those steps, saying why). With LLM_BASE_URL and LLM_MODEL set the
// model writes both, unless WRITER=builtin keeps articles on the built-in engine.
import { BuiltinWriter } from "./builtin/builtinWriter.ts";
import { openAiWriterFromEnv } from "./provider/openAiWriter.ts";
import type { Writer } from "./types.ts";

type Env = Record<string, string | undefined>;

export interface Writers {
  /** Writes the article from the brief. */
  article: Writer;
  /** Writes language versions; the built-in engine when no model is configured (it refuses every language). */
  versions: Writer;
}

export function writersFromEnv(env: Env = process.env): Writers {
  const choice = (env.WRITER ?? "").trim().toLowerCase();
  if (choice !== "" && choice !== "builtin" && choice !== "model") {
    throw new Error(`WRITER must be "builtin" or "model", not "${env.WRITER}".`);
  }
  const model = openAiWriterFromEnv(env);
  if (choice === "model" && !model) throw new Error("WRITER=model needs LLM_BASE_URL and LLM_MODEL.");
  const builtin = new BuiltinWriter();
  return { article: choice === "builtin" || !model ? builtin : model, versions: model ?? builtin };
}

/** Whether a model writes the language versions (without one the built-in engine skips them). */
export function versionsByModel(writers: Writers): boolean {
  return !(writers.versions instanceof BuiltinWriter);
}
