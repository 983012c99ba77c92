// A new picture for an article over REST: one GraphQL mutation, answered 202 with the whole
// Article (its illustration `regenerating`); the picture is made and swapped in in the background.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { IdParam } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, BEARER, errors, jsonResponse } from "../routeDeclarations.ts";
import { ArticleFields, ArticleSchema } from "./articles.ts";

const RegenerateIllustration = graphql(
  `mutation RegenerateIllustration($id: String!) { regenerateIllustration(id: $id) { ...ArticleFields } }`,
  [ArticleFields],
);

const regenerateRoute = createRoute({
  method: "post",
  path: "/articles/{id}/illustration/regenerate",
  summary: "Make a new illustration",
  description:
    "Scope `edit`, role edit, free. 5 a day per article and 50 a day per workspace (UTC days; failed tries count), " +
    "2 in the making per workspace. The article is answered at once with `illustration.regenerating` true; the new " +
    "picture replaces the current one when ready and adds the version `illustration regenerated` naming the " +
    "credential (an approved article returns to needsReview then). Earlier pictures stay readable through " +
    "`GET /articles/{id}/illustration?i=`. A failed try sets `illustration.lastFailure`. No body is read.",
  security: BEARER,
  request: { params: IdParam },
  responses: {
    202: jsonResponse(ArticleSchema, "The article, with illustration.regenerating true"),
    ...AUTH_ERRORS,
    ...errors({
      404: "not_found: no such article, or on a site the credential cannot see",
      409:
        "illustration_regenerating (one is being made for this article), no_illustration (the article has no picture: " +
        "none was asked, or it is a language version), beat_article, article_archived, article_generating or workspace_paused",
      503: "illustrations_off: this deployment makes no illustrations",
    }),
    429: {
      description:
        "rate_limited with Retry-After: the article's or the workspace's daily allowance (seconds to 00:00 UTC), or 2 " +
        "new pictures already in the making for the workspace (a short wait); also the per-credential request limit",
    },
  },
});

export function articleIllustrationRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  app.openapi(regenerateRoute, async (c) => {
    const data = await graphqlCall(yoga, c.get("principal"))(RegenerateIllustration, { id: c.req.valid("param").id });
    return c.json(asResponse(ArticleSchema, omitUnset(data.regenerateIllustration)), 202);
  });
}
