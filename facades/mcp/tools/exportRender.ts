// export.render: renders an export of an article. markdown: the articleMarkdown query, answered as
// `{ format, markdown }` (the text is fenced as one <source_text> block in the result text, since
// the article quotes its sources). pdf and docx: `{ format, note }`, a person downloads the file.
// cms: delivery through a site connection comes with the export issue; until then no site has a
// connection and the answer is no_connection. The same query checks the article is visible to the
// agent for every format.
import { z } from "zod";
import { DomainError } from "../../../src/errors.ts";
import { graphql } from "../../graphql.ts";
import { defineTool } from "./tool.ts";

const ArticleMarkdown = graphql(`query ArticleMarkdown($id: String!) { articleMarkdown(id: $id) }`);

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
    format: z.enum(["markdown", "pdf", "docx", "cms"]),
  }),
  // Not read-only: cms delivers a draft to the site's CMS.
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  run: async ({ articleId, format }, { call }) => {
    const { articleMarkdown } = await call(ArticleMarkdown, { id: articleId });
    switch (format) {
      case "markdown":
        return { format, markdown: articleMarkdown };
      case "cms":
        throw new DomainError("no_connection", "The article's site has no CMS connection; a person sets one up.");
      default:
        return {
          format,
          note: `A ${format} file is downloaded by a person from the article's page; the tool interface returns no file.`,
        };
    }
  },
});
