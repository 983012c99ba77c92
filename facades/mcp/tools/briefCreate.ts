// brief.create: creates a brief on the agent's site (createBrief) and estimates it (estimateBrief),
// the two operations of POST /briefs and POST /briefs/{id}/estimate. The tool's argument names
// map onto the brief's: mustInclude → mustAppear, preferSources → preferDomains, a language array
// → codes joined with `+` (the article's first). When the site already has articles on the
// subject, an agent with `read` sees up to 5 of them (the articles query), else only their count.
import { z } from "zod";
import { graphql } from "../../graphql.ts";
import { EstimateBrief } from "../../rest/routes/briefs.ts";
import { defineTool } from "./tool.ts";

const CreateAgentBrief = graphql(`
  mutation CreateAgentBrief($input: BriefInput) { createBrief(input: $input) { id articlesOnSubject } }
`);

const ArticlesOnSubject = graphql(`
  query ArticlesOnSubject($topic: String!) { articles(topic: $topic) { id title status } }
`);

const EXISTING_SHOWN = 5;
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const briefCreate = defineTool({
  name: "brief.create",
  title: "Create and estimate a brief",
  scope: "brief",
  description:
    "Describes one article for your site and estimates it, free. Answers briefId, credits (what writing it costs) and " +
    "enough (whether the credits are there; the balance is never shown). When the site already has an article on the " +
    "subject you also get `existing` (with the read scope) or `existingCount`: writing another is then refused with " +
    "article_exists unless article.write is sent alsoNew. Next: article.write with the briefId.",
  input: z.strictObject({
    topic: z.string().max(500).describe("What the article is about."),
    angle: z.string().max(1000).optional().describe("The angle to take."),
    purpose: z.enum(["news", "explainer", "background", "roundup"]).optional(),
    length: z.enum(["short", "standard", "long"]).optional().describe("long costs 2 credits."),
    language: z
      .union([z.string().max(100), z.array(z.string().max(100)).min(1).max(22)])
      .optional()
      .describe("One language code, or an array of unique codes: the article's first, then its language versions."),
    mustInclude: z.array(z.string().max(200)).max(10).optional().describe("Phrases the article must contain."),
    preferSources: z.array(z.string().max(253)).max(50).optional().describe("Domains to prefer as sources."),
    useUrls: z.array(httpUrl).max(10).optional().describe("Up to 10 http(s) pages to read first."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async ({ mustInclude, preferSources, language, ...rest }, { call, principal }) => {
    const input = {
      ...rest,
      ...(mustInclude ? { mustAppear: mustInclude } : {}),
      ...(preferSources ? { preferDomains: preferSources } : {}),
      ...(language === undefined ? {} : { language: Array.isArray(language) ? language.join("+") : language }),
    };
    const { createBrief } = await call(CreateAgentBrief, { input });
    const { estimateBrief } = await call(EstimateBrief, { id: createBrief.id });
    const result: Record<string, unknown> = {
      briefId: createBrief.id,
      credits: estimateBrief.credits,
      enough: estimateBrief.enough,
    };
    if (createBrief.articlesOnSubject === 0) return result;
    if (!principal.scopes.includes("read")) return { ...result, existingCount: createBrief.articlesOnSubject };
    const { articles } = await call(ArticlesOnSubject, { topic: rest.topic });
    return {
      ...result,
      existing: articles.slice(0, EXISTING_SHOWN).map((a) => ({ articleId: a.id, title: a.title, status: a.status })),
    };
  },
});
