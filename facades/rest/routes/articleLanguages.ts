// POST /articles/{id}/languages: language versions added to an article written already. One
// GraphQL operation (addArticleLanguages); the rules are the domain's.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { IdParam } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, BEARER, errors, jsonBody, jsonResponse, requiredBody } from "../routeDeclarations.ts";
import { StartedJob } from "./jobs.ts";

const AddLanguagesBody = z
  .object({
    languages: z
      .array(z.string().max(100))
      .max(100)
      .openapi({
        description:
          "Codes of the 22 supported languages, each once, not the article's own and not an existing version, in the order to write.",
        example: ["de", "fr"],
      }),
  })
  .openapi("AddLanguages");

export const AddArticleLanguages = graphql(`
  mutation AddArticleLanguages($id: String!, $languages: [String!]!) {
    addArticleLanguages(id: $id, languages: $languages) { articleId jobId creditsHeld briefId steps { id name estMs } }
  }
`);

const addRoute = createRoute({
  method: "post",
  path: "/articles/{id}/languages",
  summary: "Add language versions to a written article",
  description:
    "Scope `generate` (the `brief` scope cannot start it), role edit. Holds 1 credit per language, captured when the job is " +
    "done; a language skipped, failed or empty is released. The job runs step `sources` (the article's pages read again), " +
    "then `write-<code>`, `seo-<code>` (when the brief asked for SEO fields) and `qa-<code>` per language. While it is " +
    "queued, running or paused the article carries `addingLanguages`.",
  security: BEARER,
  request: { params: IdParam, body: jsonBody(AddLanguagesBody) },
  responses: {
    200: jsonResponse(StartedJob, "The started job, with articleId of the article the languages are added to"),
    ...AUTH_ERRORS,
    ...errors({
      400: "validation: languages missing or not an array of strings",
      402: "insufficient_credits: the balance cannot cover one credit per language, or the trial ended",
      404: "not_found: no such article, or on a site the credential cannot see",
      409:
        "article_archived; article_generating (the article, one of its versions, or a language-adding job is queued, " +
        "running or paused); site_not_ready; workspace_paused",
      422:
        "not_primary (the article is a version; primaryArticleId names its article); invalid_language (empty list, " +
        "unsupported code, the article's own language, a repeat, an existing version, or the article's own language " +
        "is not one of the 22)",
    }),
    429: { description: "rate_limited, or budget_exhausted with resetsAt, askAHuman and Retry-After" },
  },
});

export function articleLanguageRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  app.openapi(addRoute, async (c) => {
    const body = requiredBody(c, c.req.valid("json"));
    const data = await graphqlCall(yoga, c.get("principal"))(AddArticleLanguages, {
      id: c.req.valid("param").id,
      languages: body.languages,
    });
    return c.json(asResponse(StartedJob, omitUnset(data.addArticleLanguages)), 200);
  });
}
