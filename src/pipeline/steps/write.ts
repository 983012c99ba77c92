// write: the article as numbered units tied to the checked claims; replaces the article's
// sources and claims, so running it again leaves one set.
import { randomUUID } from "node:crypto";
import { writingMaterial } from "../../writing/material.ts";
import { draftWords } from "../../writing/units.ts";
import { saveArticleDraft } from "../articleMaterial.ts";
import { siteVoice, writingBrief } from "../voice.ts";
import { type ArticleStep, plural } from "./stepDefinition.ts";

export const write: ArticleStep = {
  id: "write",
  name: "Write the article",
  optional: false,
  async run(ctx) {
    const sourceIds = new Map((ctx.state.sources ?? []).map((s) => [s.key, randomUUID()]));
    const claimIds = new Map((ctx.state.claims ?? []).map((c) => [c.key, randomUUID()]));
    const material = writingMaterial(
      { sources: ctx.state.sources ?? [], claims: ctx.state.claims ?? [] },
      { source: (k) => sourceIds.get(k) ?? k, claim: (k) => claimIds.get(k) ?? k },
    );
    const voice = await siteVoice(ctx.db, ctx.brief, ctx.job.articleId);
    const writer = ctx.deps.writers.article;
    const draft = await writer.write(
      { brief: writingBrief(ctx.brief), voice, claims: material.claims, sources: material.sources, sitePages: [] },
      ctx.signal,
    );
    await saveArticleDraft(ctx.db, ctx.job.articleId, draft, material, ctx.state.sources ?? []);
    return {
      summary: `Wrote ${plural(draft.units.length, "unit")}, ${draftWords(draft)} words, with the ${writer.engine === "built-in" ? "built-in engine" : `model ${draft.model ?? writer.model}`}.`,
      details: draft.warnings.map((text) => ({ tag: "warning", text })),
    };
  },
};
