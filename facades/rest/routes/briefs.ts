// Briefs over REST: each route is one GraphQL operation.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { Brief, BriefBody, Estimate, EstimateQuery, IdParam } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, BEARER, errors, jsonBody, jsonResponse, requiredBody } from "../routeDeclarations.ts";

const BriefFields = graphql(`
  fragment BriefFields on Brief {
    id brandId siteId topic angle useUrls excludeDomains purpose audience region language tone
    length targetWords structure keywords mustAppear preferDomains illustration imageStyle imageFormat seo
  }
`);

const CreateBrief = graphql(`mutation CreateBrief($input: BriefInput) { createBrief(input: $input) { ...BriefFields } }`, [
  BriefFields,
]);

const ReadBrief = graphql(`query ReadBrief($id: String!) { brief(id: $id) { ...BriefFields } }`, [BriefFields]);

const UpdateBrief = graphql(
  `mutation UpdateBrief($id: String!, $input: BriefInput) { updateBrief(id: $id, input: $input) { ...BriefFields } }`,
  [BriefFields],
);

export const EstimateBrief = graphql(`
  query EstimateBrief($id: String!, $articleId: String) {
    estimateBrief(id: $id, articleId: $articleId) {
      credits enough parts { label credits kind } steps { id name estMs } warnings { code message }
    }
  }
`);

const createBriefRoute = createRoute({
  method: "post",
  path: "/briefs",
  summary: "Create a brief",
  description: "Scope `brief`, role edit, free.",
  security: BEARER,
  request: { body: jsonBody(BriefBody, false) },
  responses: {
    200: jsonResponse(Brief, "The brief"),
    ...AUTH_ERRORS,
    ...errors({ 400: "validation", 404: "not_found: brandId or siteId not visible", 422: "invalid_language" }),
  },
});

const getBriefRoute = createRoute({
  method: "get",
  path: "/briefs/{id}",
  summary: "Read a brief",
  description: "Scope `read`, free.",
  security: BEARER,
  request: { params: IdParam },
  responses: { 200: jsonResponse(Brief, "The brief"), ...AUTH_ERRORS, ...errors({ 404: "not_found" }) },
});

const patchBriefRoute = createRoute({
  method: "patch",
  path: "/briefs/{id}",
  summary: "Change a brief",
  description: "Scope `brief`, role edit, free. Any field of POST /briefs.",
  security: BEARER,
  request: { params: IdParam, body: jsonBody(BriefBody) },
  responses: {
    200: jsonResponse(Brief, "The brief"),
    ...AUTH_ERRORS,
    ...errors({ 400: "validation", 404: "not_found", 422: "invalid_language" }),
  },
});

const estimateRoute = createRoute({
  method: "post",
  path: "/briefs/{id}/estimate",
  summary: "Estimate what writing a brief costs",
  description: "Scope `brief`, free. The balance is never shown, only whether it is enough.",
  security: BEARER,
  request: { params: IdParam, query: EstimateQuery },
  responses: {
    200: jsonResponse(Estimate, "The estimate"),
    ...AUTH_ERRORS,
    ...errors({ 404: "not_found", 422: "invalid_language" }),
  },
});

export function briefRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  app.openapi(createBriefRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    const input = c.req.valid("json") ?? {};
    const data = await call(CreateBrief, { input });
    return c.json(asResponse(Brief, omitUnset(data.createBrief)), 200);
  });

  app.openapi(getBriefRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    const data = await call(ReadBrief, { id: c.req.valid("param").id });
    return c.json(asResponse(Brief, omitUnset(data.brief)), 200);
  });

  app.openapi(patchBriefRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    const data = await call(UpdateBrief, { id: c.req.valid("param").id, input: requiredBody(c, c.req.valid("json")) });
    return c.json(asResponse(Brief, omitUnset(data.updateBrief)), 200);
  });

  app.openapi(estimateRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    const { articleId } = c.req.valid("query");
    const data = await call(EstimateBrief, { id: c.req.valid("param").id, articleId });
    return c.json(asResponse(Estimate, omitUnset(data.estimateBrief)), 200);
  });
}
