// qa: the article read back against its sources (src/writing/qa/readBack.ts).

import { writingMaterial } from "../../writing/material.ts";
import { readBack } from "../../writing/qa/readBack.ts";
import type { QualityCheck } from "../../writing/types.ts";
import { loadArticleMaterial } from "../articleMaterial.ts";
import { siteVoice, writingBrief } from "../voice.ts";
import { type ArticleStep, plural, type StepResult } from "./stepDefinition.ts";

/** A read-back's checks as a step's result (also the language read-back's). */
export function qaResult(checks: QualityCheck[]): StepResult {
  const warnings = checks.filter((c) => c.verdict === "warning");
  return {
    summary: `${plural(checks.length, "check")}: ${warnings.length === 0 ? "all passed" : plural(warnings.length, "warning")}.`,
    details: warnings.map((c) => ({ tag: c.id, text: c.detail })),
  };
}

export const qa: ArticleStep = {
  id: "qa",
  name: "Read the article back against the sources",
  optional: false,
  async run(ctx) {
    const material = await loadArticleMaterial(ctx.db, ctx.job.articleId);
    const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
    // The article keeps the claims its text states; the others the check found are named as left out.
    const all = writingMaterial({ sources: ctx.state.sources ?? [], claims: ctx.state.claims ?? [] }).claims;
    const checks = await readBack({
      // The stored draft does not say which engine wrote it; the deployment's article writer did.
      draft: { ...material.draft, engine: ctx.deps.writers.article.engine },
      brief: writingBrief(ctx.brief),
      voice,
      claims: material.claims,
      omitted: all,
      sources: material.sources,
    });
    await ctx.db.prisma.article.update({ where: { id: ctx.job.articleId }, data: { quality: checks as object[] } });
    return qaResult(checks);
  },
};
