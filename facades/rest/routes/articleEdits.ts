// Article edits over REST (spec, "Article edits"): each route is one GraphQL mutation and answers
// the whole article. Limits and rules are the domain's (src/articles/edits/), so a text too long or
// an unknown structure op gets the spec's own code rather than a generic validation error.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { expectedVersion, IdParam, UnitParam } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, BEARER, errors, jsonBody, jsonResponse, requiredBody } from "../routeDeclarations.ts";
import { ArticleFields, ArticleSchema } from "./articles.ts";

const EditUnit = graphql(
  `mutation EditUnit($id: String!, $n: Int!, $text: String, $cells: [String!], $expectedVersion: Int) {
    editUnit(id: $id, n: $n, text: $text, cells: $cells, expectedVersion: $expectedVersion) { ...ArticleFields }
  }`,
  [ArticleFields],
);
const EditTitle = graphql(
  `mutation EditTitle($id: String!, $text: String!, $expectedVersion: Int) {
    editTitle(id: $id, text: $text, expectedVersion: $expectedVersion) { ...ArticleFields }
  }`,
  [ArticleFields],
);
const EditDeck = graphql(
  `mutation EditDeck($id: String!, $text: String!, $expectedVersion: Int) {
    editDeck(id: $id, text: $text, expectedVersion: $expectedVersion) { ...ArticleFields }
  }`,
  [ArticleFields],
);
const RemoveLink = graphql(
  `mutation RemoveLink($id: String!, $linkId: String!, $expectedVersion: Int) {
    removeInternalLink(id: $id, linkId: $linkId, expectedVersion: $expectedVersion) { ...ArticleFields }
  }`,
  [ArticleFields],
);
const EditStructure = graphql(
  `mutation EditStructure($id: String!, $op: String!, $after: Int, $n: Int, $text: String, $cells: [String!],
                          $level: Int, $direction: String, $expectedVersion: Int) {
    editStructure(id: $id, op: $op, after: $after, n: $n, text: $text, cells: $cells, level: $level,
                  direction: $direction, expectedVersion: $expectedVersion) { ...ArticleFields }
  }`,
  [ArticleFields],
);
const ArchiveArticle = graphql(`mutation ArchiveArticle($id: String!) { archiveArticle(id: $id) }`);

const LinkParam = IdParam.extend({ linkId: z.string().openapi({ param: { name: "linkId", in: "path" } }) });

const UnitBody = z
  .object({
    text: z
      .string()
      .optional()
      .openapi({ description: "Paragraph, heading or list item: up to 4,000 characters (a heading 200)." }),
    cells: z.array(z.string()).optional().openapi({ description: "A table row: one string per column, 500 characters each." }),
    expectedVersion,
  })
  .strict()
  .openapi("UnitEdit", { example: { text: "The council approved the plan on Tuesday.", expectedVersion: 2 } });

const TextBody = (max: number, what: string) =>
  z
    .object({
      text: z.string().openapi({ description: `Up to ${max} characters${what === "deck" ? "; empty removes the deck" : ""}.` }),
      expectedVersion,
    })
    .strict();

const VersionBody = z.object({ expectedVersion }).strict();

const StructureBody = z
  .object({
    op: z.string().openapi({ description: "insertParagraph, insertHeading, insertItem, insertRow, remove or move." }),
    after: z.number().int().optional().openapi({ description: "Unit to insert after (0: at the top)." }),
    n: z.number().int().optional().openapi({ description: "Unit to remove or move." }),
    text: z.string().optional(),
    cells: z.array(z.string()).optional(),
    level: z.number().int().optional().openapi({ description: "2 or 3, insertHeading." }),
    direction: z.string().optional().openapi({ description: "up or down, move." }),
    expectedVersion,
  })
  .strict()
  .openapi("StructureEdit", { example: { op: "insertParagraph", after: 3, text: "Work starts in March.", expectedVersion: 2 } });

const EDIT_ERRORS = {
  404: "not_found: no such article (or unit, link) visible to the credential",
  409: "article_generating, article_archived or article_changed (with currentVersion)",
};
const edited = (description: string) => jsonResponse(ArticleSchema, description);

const unitRoute = createRoute({
  method: "put",
  path: "/articles/{id}/units/{n}",
  summary: "Replace one unit",
  description:
    "Scope `edit`, role edit, free. Adds a version naming the credential; an approved article returns to needsReview. New statements in a paragraph that no source carries become flagged single-source claims; a heading the sources do not carry is refused for a key or agent.",
  security: BEARER,
  request: { params: UnitParam, body: jsonBody(UnitBody) },
  responses: {
    200: edited("The article as edited"),
    ...AUTH_ERRORS,
    ...errors({
      ...EDIT_ERRORS,
      400: "text_too_long (with max), or validation",
      422: "wrong_unit_kind (text for a row, cells for text, a table header), cells_mismatch, unsourced_statement or sources_not_checked (a heading)",
    }),
  },
});

const titleRoute = createRoute({
  method: "put",
  path: "/articles/{id}/title",
  summary: "Change the title",
  description: "Scope `edit`, role edit, free. Up to 200 characters; for a key or agent the sources must carry what it states.",
  security: BEARER,
  request: { params: IdParam, body: jsonBody(TextBody(200, "title").openapi("TitleEdit")) },
  responses: {
    200: edited("The article as edited"),
    ...AUTH_ERRORS,
    ...errors({ ...EDIT_ERRORS, 400: "text_too_long or validation (empty)", 422: "unsourced_statement or sources_not_checked" }),
  },
});

const deckRoute = createRoute({
  method: "put",
  path: "/articles/{id}/deck",
  summary: "Change or remove the deck",
  description: "Scope `edit`, role edit, free. Up to 400 characters; empty removes the deck.",
  security: BEARER,
  request: { params: IdParam, body: jsonBody(TextBody(400, "deck").openapi("DeckEdit")) },
  responses: {
    200: edited("The article as edited"),
    ...AUTH_ERRORS,
    ...errors({ ...EDIT_ERRORS, 400: "text_too_long or validation", 422: "unsourced_statement or sources_not_checked" }),
  },
});

const linkRoute = createRoute({
  method: "delete",
  path: "/articles/{id}/links/{linkId}",
  summary: "Remove an internal link",
  description:
    "Scope `edit`, role edit, free. Removes one entry of internalLinks; the words stay. Adds a version (link removed).",
  security: BEARER,
  request: { params: LinkParam, body: jsonBody(VersionBody, false) },
  responses: { 200: edited("The article as edited"), ...AUTH_ERRORS, ...errors(EDIT_ERRORS) },
});

const structureRoute = createRoute({
  method: "post",
  path: "/articles/{id}/structure",
  summary: "Insert, remove or move a unit",
  description:
    "Scope `edit`, role edit, free. Unit numbers shift after a structure change: read the article again. Claims stay with their units.",
  security: BEARER,
  request: { params: IdParam, body: jsonBody(StructureBody) },
  responses: {
    200: edited("The article as edited"),
    ...AUTH_ERRORS,
    ...errors({
      ...EDIT_ERRORS,
      400: "invalid_structure_edit (unknown op or missing field), text_too_long or validation",
      409: "flagged_removal_needs_person, article_generating, article_archived or article_changed",
      422: "paragraph_first, last_paragraph, cells_mismatch, unsourced_statement or sources_not_checked",
    }),
  },
});

const archiveRoute = createRoute({
  method: "post",
  path: "/articles/{id}/archive",
  summary: "Archive an article",
  description:
    "Scope `edit`, role edit, free. An article written from a brief is archived with its language versions; a version alone. Twice is harmless.",
  security: BEARER,
  request: { params: IdParam },
  responses: {
    204: { description: "Archived" },
    ...AUTH_ERRORS,
    ...errors({ 404: "not_found", 409: "article_generating: a job writes the article, a version, or languages for it" }),
  },
});

export function articleEditRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  app.openapi(unitRoute, async (c) => {
    const { id, n } = c.req.valid("param");
    const body = requiredBody(c, c.req.valid("json"));
    const data = await graphqlCall(yoga, c.get("principal"))(EditUnit, { id, n, ...body });
    return c.json(asResponse(ArticleSchema, omitUnset(data.editUnit)), 200);
  });

  app.openapi(titleRoute, async (c) => {
    const body = requiredBody(c, c.req.valid("json"));
    const data = await graphqlCall(yoga, c.get("principal"))(EditTitle, { id: c.req.valid("param").id, ...body });
    return c.json(asResponse(ArticleSchema, omitUnset(data.editTitle)), 200);
  });

  app.openapi(deckRoute, async (c) => {
    const body = requiredBody(c, c.req.valid("json"));
    const data = await graphqlCall(yoga, c.get("principal"))(EditDeck, { id: c.req.valid("param").id, ...body });
    return c.json(asResponse(ArticleSchema, omitUnset(data.editDeck)), 200);
  });

  app.openapi(linkRoute, async (c) => {
    const { id, linkId } = c.req.valid("param");
    const data = await graphqlCall(yoga, c.get("principal"))(RemoveLink, { id, linkId, ...(c.req.valid("json") ?? {}) });
    return c.json(asResponse(ArticleSchema, omitUnset(data.removeInternalLink)), 200);
  });

  app.openapi(structureRoute, async (c) => {
    const body = requiredBody(c, c.req.valid("json"));
    const data = await graphqlCall(yoga, c.get("principal"))(EditStructure, { id: c.req.valid("param").id, ...body });
    return c.json(asResponse(ArticleSchema, omitUnset(data.editStructure)), 200);
  });

  app.openapi(archiveRoute, async (c) => {
    await graphqlCall(yoga, c.get("principal"))(ArchiveArticle, { id: c.req.valid("param").id });
    return c.body(null, 204);
  });
}
