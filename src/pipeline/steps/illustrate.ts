// illustrate: the article's picture; only when the brief asks for one to be generated.
import { makeCurrentPicture } from "../../articles/illustration/currentPicture.ts";
import { loadArticleMaterial } from "../articleMaterial.ts";
import type { ArticleStep } from "./stepDefinition.ts";

export const illustrate: ArticleStep = {
  id: "illustrate",
  name: "Make the illustration",
  optional: true,
  when: (plan) => plan.illustration === "generate",
  async run(ctx) {
    if (!ctx.deps.illustrations) {
      return { summary: "Skipped: this deployment makes no illustrations.", details: [], skipped: true };
    }
    const m = await loadArticleMaterial(ctx.db, ctx.job.articleId);
    const picture = await ctx.deps.illustrator.illustrate(
      {
        title: m.draft.title,
        ...(m.draft.deck ? { deck: m.draft.deck } : {}),
        claims: m.claims.map((c) => c.text),
        style: { palette: [] },
      },
      ctx.signal,
    );
    await ctx.db.prisma.$transaction((tx) => makeCurrentPicture(tx, ctx.job.articleId, picture));
    return {
      summary: `Made a ${picture.width}×${picture.height} ${picture.styleLabel} picture.`,
      details: [{ tag: "alt", text: picture.altText }],
    };
  },
};
