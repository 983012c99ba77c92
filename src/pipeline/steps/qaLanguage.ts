// qa-<code>: a language version read back against the primary article's claims and sources.
import { readBack } from "../../writing/qa/readBack.ts";
import { loadArticleMaterial } from "../articleMaterial.ts";
import { siteVoice, writingBrief } from "../voice.ts";
import { qaResult } from "./qa.ts";
import type { LanguageStep } from "./stepDefinition.ts";

export const qaLanguage: LanguageStep = {
  kind: "qa",
  name: (language) => `Read the ${language} version back`,
  estMs: 1000,
  optional: true,
  versionNeedsIt: true,
  async run(ctx, code) {
    const work = ctx.state.languages?.[code];
    if (!work?.draft) return { summary: "Skipped: the version was not written.", details: [], skipped: true };
    const m = await loadArticleMaterial(ctx.db, ctx.job.articleId);
    const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
    const checks = await readBack({
      draft: work.draft,
      brief: { ...writingBrief(ctx.brief), language: code },
      voice,
      claims: m.claims,
      sources: m.sources,
    });
    return { ...qaResult(checks), state: { languages: { ...ctx.state.languages, [code]: { ...work, quality: checks } } } };
  },
};
