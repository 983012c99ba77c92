// qa-<code>: a language version read back against the primary article's claims and sources.
import { readBack } from "../../writing/qa/readBack.ts";
import { loadArticleMaterial } from "../articleMaterial.ts";
import { siteVoice, writingBrief } from "../voice.ts";
import { qaResult } from "./qa.ts";
import { couldNotReadBack, openFlags, sourcesAsReadAgain } from "./sources.ts";
import type { LanguageStep } from "./stepDefinition.ts";

export const qaLanguage: LanguageStep = {
  kind: "qa",
  name: (language) => `Read the ${language} version back`,
  optional: true,
  versionNeedsIt: true,
  async run(ctx, code) {
    const work = ctx.state.languages?.[code];
    if (!work?.draft) return { summary: "Skipped: the version was not written.", details: [], skipped: true };
    // A language-adding job whose `sources` step loaded no page: the version is still written,
    // and its read-back says it could not run.
    if (ctx.state.reread && ctx.state.reread.loaded.length === 0) {
      const check = couldNotReadBack(ctx.state.reread.unreadable.length);
      return {
        summary: check.detail,
        details: [{ tag: check.id, text: check.detail }],
        state: { languages: { ...ctx.state.languages, [code]: { ...work, quality: [check] } } },
      };
    }
    const m = await loadArticleMaterial(ctx.db, ctx.job.articleId);
    const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
    const checks = await readBack({
      draft: work.draft,
      brief: { ...writingBrief(ctx.brief), language: code },
      voice,
      claims: openFlags(m.claims),
      sources: sourcesAsReadAgain(ctx.state, m.sources),
    });
    return { ...qaResult(checks), state: { languages: { ...ctx.state.languages, [code]: { ...work, quality: checks } } } };
  },
};
