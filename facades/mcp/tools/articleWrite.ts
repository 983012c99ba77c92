// article.write: POST /articles (startArticle). Refused with article_exists when the site already
// has an article on the brief's subject, unless alsoNew is true.
import { z } from "zod";
import { omitUnset } from "../../rest/responseShaping.ts";
import { StartArticle } from "../../rest/routes/jobs.ts";
import { defineTool } from "./tool.ts";

export const articleWrite = defineTool({
  name: "article.write",
  title: "Write an article from a brief",
  scope: "generate",
  description:
    "Starts writing an article from a brief made with brief.create. Costs credits (1, 2 for a long brief, plus 1 per " +
    "language version), held now and captured when the job is done. Answers at once with the article's id; the article " +
    "is `generating` until the job ends: poll article.read. Refused with article_exists when the site already has an " +
    "article on the subject (send alsoNew: true to write another anyway, or supersedes to replace one).",
  input: z.strictObject({
    briefId: z.string().max(100).describe("The brief's id, from brief.create."),
    supersedes: z.string().max(100).optional().describe("An article of the site this one replaces."),
    alsoNew: z.boolean().optional().describe("Write it even though the site has an article on the subject."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (args, { call }) => omitUnset((await call(StartArticle, args)).startArticle),
});
