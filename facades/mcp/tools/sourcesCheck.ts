// sources.check: the topic check of POST /sites/{siteID}/topics/check. Until site reading brings
// that check (which searches the web and groups origins), it answers from what the workspace
// library of pages fetched before holds (libraryTopicCheck; docs/mcp.md says how it differs).
import { z } from "zod";
import { graphql } from "../../graphql.ts";
import { defineTool } from "./tool.ts";

const LibraryTopicCheck = graphql(`
  query LibraryTopicCheck($topic: String!) {
    libraryTopicCheck(topic: $topic) { independentOrigins state coveredOnSite inLibrary libraryPages credits }
  }
`);

export const sourcesCheck = defineTool({
  name: "sources.check",
  title: "Check how well a topic is sourced",
  scope: "brief",
  description:
    "Before writing, checks how many independent origins carry a topic, free. For now it answers from the workspace's " +
    "library of pages read before (not a fresh web search): independentOrigins counts distinct domains of matching " +
    "pages; state is ready (3 or more), thin (1-2) or none; coveredOnSite says whether your site already has an article " +
    "on the subject. A topic with state none can still be written: the job searches the web.",
  input: z.strictObject({ topic: z.string().max(500).describe("The topic to check.") }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async ({ topic }, { call }) => {
    const { libraryTopicCheck: check } = await call(LibraryTopicCheck, { topic });
    return { ...check, coveredBy: [], source: "library" };
  },
});
