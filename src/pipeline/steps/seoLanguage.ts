// seo-<code>: a language version's meta title and slug; only when the brief asks for SEO fields.
// A version without them is still a version.
import { seoFields } from "../../writing/seo.ts";
import { writingBrief } from "../voice.ts";
import type { LanguageStep } from "./stepDefinition.ts";

export const seoLanguage: LanguageStep = {
  kind: "seo",
  name: (language) => `Write ${language} SEO fields`,
  optional: true,
  versionNeedsIt: false,
  when: (plan) => plan.seo,
  async run(ctx, code) {
    const work = ctx.state.languages?.[code];
    if (!work?.draft) return { summary: "Skipped: the version was not written.", details: [], skipped: true };
    const fields = seoFields({ draft: work.draft, brief: { ...writingBrief(ctx.brief), language: code } });
    return {
      summary: `Meta title of ${[...fields.metaTitle].length} characters, slug “${fields.slug}”.`,
      details: [{ tag: "metaTitle", text: fields.metaTitle }],
      state: { languages: { ...ctx.state.languages, [code]: { ...work, seo: fields } } },
    };
  },
};
