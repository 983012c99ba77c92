// article.read: GET /articles/{id}. A version is read by its own id; an agent polls this tool to
// follow a job (there is no job tool).
import { z } from "zod";
import { omitUnset } from "../../rest/responseShaping.ts";
import { ReadArticle } from "../../rest/routes/articles.ts";
import { defineTool } from "./tool.ts";

export const articleRead = defineTool({
  name: "article.read",
  title: "Read an article",
  scope: "read",
  description:
    "Reads one article as it is now: status, title, numbered paragraphs with their claim ids, claims with their state " +
    "(corroborated, or a flag), sources, quality checks, versions. While it is being written the status is `generating` " +
    "and `run` names the job; poll every few seconds until the status changes. A language version is read by its own id.",
  input: z.strictObject({ articleId: z.string().max(100).describe("The article's id (upper-case UUID).") }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async ({ articleId }, { call }) => omitUnset((await call(ReadArticle, { id: articleId })).article),
});
