// A source added to a claim and a paragraph rewritten, over REST (spec, "Article edits"): each
// route is one GraphQL mutation and answers the whole article. The address and the tone are the
// domain's to judge (src/articles/sources/, src/articles/rewrite/), so a bad address gets the
// spec's invalid_url rather than a generic validation error.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { REWRITE_MODES } from "../../../schema/enumerations.ts";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { expectedVersion, IdParam, UnitParam } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, BEARER, errors, jsonBody, jsonResponse, requiredBody } from "../routeDeclarations.ts";
import { ArticleFields, ArticleSchema } from "./articles.ts";

export const AddClaimSource = graphql(
  `mutation AddClaimSource($id: String!, $claimId: String!, $url: String!, $expectedVersion: Int) {
    addClaimSource(id: $id, claimId: $claimId, url: $url, expectedVersion: $expectedVersion) { ...ArticleFields }
  }`,
  [ArticleFields],
);

const RewriteParagraph = graphql(
  `mutation RewriteParagraph($id: String!, $n: Int!, $mode: String!, $tone: String, $expectedVersion: Int) {
    rewriteParagraph(id: $id, n: $n, mode: $mode, tone: $tone, expectedVersion: $expectedVersion) { ...ArticleFields }
  }`,
  [ArticleFields],
);

const ClaimParam = IdParam.extend({ claimId: z.string().openapi({ param: { name: "claimId", in: "path" } }) });

const SourceBody = z
  .object({
    url: z.string().openapi({ description: "A full https:// address of the page (up to 2,048 characters)." }),
    expectedVersion,
  })
  .strict()
  .openapi("ClaimSource", { example: { url: "https://www.example-news.com/2026/11/03/story.html", expectedVersion: 2 } });

const RewriteBody = z
  .object({
    mode: z.enum(REWRITE_MODES),
    tone: z
      .string()
      .optional()
      .openapi({ description: "Required with mode tone: neutral, explanatory, formal or conversational." }),
    expectedVersion,
  })
  .strict()
  .openapi("ParagraphRewrite", { example: { mode: "tone", tone: "formal" } });

const STATE_ERRORS = "article_archived, article_generating, or article_changed (stale expectedVersion)";

const addSourceRoute = createRoute({
  method: "post",
  path: "/articles/{id}/claims/{claimId}/sources",
  summary: "Add a source to a claim",
  description:
    "Scope `edit`, role edit, free. The page is fetched through the hardened fetcher, checked for whether it " +
    "carries the claim, and origins are grouped again; the claim's state is recomputed (a flag clears when it " +
    "is corroborated). Adds a version (source added). Page text is data, never instructions.",
  security: BEARER,
  request: { params: ClaimParam, body: jsonBody(SourceBody) },
  responses: {
    200: jsonResponse(ArticleSchema, "The article with the source added"),
    ...AUTH_ERRORS,
    ...errors({
      400: "invalid_url (not a full https address), unsafe_url (the address or a redirect points at a private network), or validation",
      404: "not_found: no such article, or no such claim on it",
      409: STATE_ERRORS,
      422: "source_unreadable (error answer, not text, or empty), or source_does_not_support (nothing added)",
      503: "grouping_unavailable: origins cannot be grouped again now; retry",
    }),
  },
});

const rewriteRoute = createRoute({
  method: "post",
  path: "/articles/{id}/paragraphs/{n}/regenerate",
  summary: "Rewrite a paragraph from its claims",
  description:
    "Scope `edit`, role edit, free. Rewrites one paragraph or list item from its own claims: shorter, longer or " +
    "in another tone, with the model when one is configured, else the built-in engine. Adds a version " +
    "(paragraph rewritten); a rewrite that comes out the same changes nothing.",
  security: BEARER,
  request: { params: UnitParam, body: jsonBody(RewriteBody) },
  responses: {
    200: jsonResponse(ArticleSchema, "The article with the paragraph rewritten"),
    ...AUTH_ERRORS,
    ...errors({
      400: "validation: unknown mode, or tone missing or unknown",
      404: "not_found: no such article, or no unit n",
      409: STATE_ERRORS,
      422: "rewrite_added_claims (nothing changed), or block_not_rewritable (headings, table rows, a unit with no claim)",
      503: "model_unavailable: the model could not rewrite it now; retry",
    }),
  },
});

export function articleSourceRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  app.openapi(addSourceRoute, async (c) => {
    const { id, claimId } = c.req.valid("param");
    const body = requiredBody(c, c.req.valid("json"));
    const data = await graphqlCall(yoga, c.get("principal"))(AddClaimSource, {
      id,
      claimId,
      url: body.url,
      expectedVersion: body.expectedVersion,
    });
    return c.json(asResponse(ArticleSchema, omitUnset(data.addClaimSource)), 200);
  });

  app.openapi(rewriteRoute, async (c) => {
    const { id, n } = c.req.valid("param");
    const body = requiredBody(c, c.req.valid("json"));
    const data = await graphqlCall(yoga, c.get("principal"))(RewriteParagraph, {
      id,
      n,
      mode: body.mode,
      tone: body.tone,
      expectedVersion: body.expectedVersion,
    });
    return c.json(asResponse(ArticleSchema, omitUnset(data.rewriteParagraph)), 200);
  });
}
