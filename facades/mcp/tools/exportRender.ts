// export.render: the articleExport query (src/articles/articleExport.ts). markdown answers
// `{ format, markdown }` (the text is fenced as one <source_text> block in the result text, since
// the article quotes its sources); pdf and docx `{ format, note }`; cms no_connection until
// connections exist.
import { z } from "zod";
import { EXPORT_TARGETS } from "../../../schema/enumerations.ts";
import { graphql } from "../../graphql.ts";
import { omitUnset } from "../../rest/responseShaping.ts";
import { defineTool } from "./tool.ts";

const ArticleExport = graphql(`
  query ArticleExport($id: String!, $format: String!) { articleExport(id: $id, format: $format) { format markdown note } }
`);

export const exportRender = defineTool({
  name: "export.render",
  title: "Export an article",
  scope: "export",
  description:
    "Exports an article, free; exporting never approves it. markdown answers the text (quoted data inside " +
    "<source_text>). pdf and docx answer a note: a person downloads the file. cms delivers a draft through the site's " +
    "CMS connection; with no connection the answer is no_connection.",
  input: z.strictObject({
    articleId: z.string().max(100).describe("The article's id."),
    format: z.enum(EXPORT_TARGETS),
  }),
  // Not read-only: cms delivers a draft to the site's CMS.
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  run: async ({ articleId, format }, { call }) =>
    omitUnset((await call(ArticleExport, { id: articleId, format })).articleExport) as Record<string, unknown>,
});
