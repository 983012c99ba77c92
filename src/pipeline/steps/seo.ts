// seo: the article's meta title, description and slug; only when the brief asks for them.
import { seoFields } from "../../writing/seo.ts";
import { loadDraft } from "../articleMaterial.ts";
import { writingBrief } from "../voice.ts";
import type { ArticleStep } from "./stepDefinition.ts";

export const seo: ArticleStep = {
  id: "seo",
  name: "Write SEO fields",
  optional: true,
  when: (plan) => plan.seo,
  async run(ctx) {
    const draft = await loadDraft(ctx.db, ctx.job.articleId);
    const site = ctx.job.siteId ? await ctx.db.prisma.site.findUnique({ where: { id: ctx.job.siteId } }) : null;
    const fields = seoFields({ draft, brief: writingBrief(ctx.brief), ...(site ? { siteName: site.siteName } : {}) });
    await ctx.db.prisma.article.update({ where: { id: ctx.job.articleId }, data: { seo: fields as object } });
    return {
      summary: `Meta title of ${[...fields.metaTitle].length} characters, slug “${fields.slug}”.`,
      details: [
        { tag: "metaTitle", text: fields.metaTitle },
        { tag: "metaDescription", text: fields.metaDescription },
      ],
    };
  },
};
