// article.add_languages: POST /articles/{id}/languages (addArticleLanguages).
import { z } from "zod";
import { omitUnset } from "../../rest/responseShaping.ts";
import { AddArticleLanguages } from "../../rest/routes/articleLanguages.ts";
import { defineTool } from "./tool.ts";

export const articleAddLanguages = defineTool({
  name: "article.add_languages",
  title: "Add language versions to an article",
  scope: "generate",
  description:
    "Writes language versions of an article already written (1 credit per language, held now, captured when done). " +
    "Each version is an article of its own, listed in the article's languageVersions when the job ends; poll article.read " +
    "on the article. A version is refused with not_primary (use its primaryArticleId); the article's own language or an " +
    "existing version with invalid_language.",
  input: z.strictObject({
    articleId: z.string().max(100).describe("The article written from a brief (not a version)."),
    languages: z
      .array(z.string().max(100))
      .min(1)
      .max(22)
      .describe('Language codes, each once, in the order to write, e.g. ["de", "fr"].'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async ({ articleId, languages }, { call }) =>
    omitUnset((await call(AddArticleLanguages, { id: articleId, languages })).addArticleLanguages),
});
