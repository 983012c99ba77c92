// write-<code>: a language version written from the primary article's claims. Without a model
// for the language it skips itself and leaves the language out.
import { LANGUAGE_NAMES } from "../../languages.ts";
import { WritingFailure } from "../../writing/types.ts";
import { draftWords } from "../../writing/units.ts";
import { loadArticleMaterial } from "../articleMaterial.ts";
import { siteVoice, writingBrief } from "../voice.ts";
import { openFlags, sourcesAsReadAgain } from "./sources.ts";
import { type LanguageStep, plural } from "./stepDefinition.ts";

export const writeLanguage: LanguageStep = {
  kind: "write",
  name: (language) => `Write the ${language} version`,
  optional: true,
  versionNeedsIt: true,
  async run(ctx, code) {
    const m = await loadArticleMaterial(ctx.db, ctx.job.articleId);
    const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
    try {
      const draft = await ctx.deps.writers.versions.writeVersion(
        {
          language: code,
          primary: m.draft,
          brief: writingBrief(ctx.brief),
          voice,
          claims: openFlags(m.claims),
          sources: sourcesAsReadAgain(ctx.state, m.sources),
        },
        ctx.signal,
      );
      return {
        summary: `Wrote the ${LANGUAGE_NAMES[code]} version: ${plural(draft.units.length, "unit")}, ${draftWords(draft)} words.`,
        details: draft.warnings.map((text) => ({ tag: "warning", text })),
        state: { languages: { ...ctx.state.languages, [code]: { draft } } },
      };
    } catch (error) {
      if (error instanceof WritingFailure && error.code === "language_unsupported") {
        return { summary: `Skipped: ${error.message}`, details: [], skipped: true, dropLanguage: code };
      }
      throw error;
    }
  },
};
