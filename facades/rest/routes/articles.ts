// Articles over REST, read side: each route is one GraphQL operation.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { print } from "graphql";
import {
  ARTICLE_ORIGINS,
  ARTICLE_STATUSES,
  BLOCK_KINDS,
  CLAIM_STATES,
  ILLUSTRATION_STATUSES,
  LIVE_JOB_STATUSES,
  QUALITY_VERDICTS,
} from "../../../schema/enumerations.ts";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { IdParam } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, BEARER, errors, jsonResponse } from "../routeDeclarations.ts";

/** The whole Article as the spec gives it; every route that answers an Article selects this. */
export const ArticleFields = graphql(`
  fragment ArticleFields on Article {
  id status title lead language words
  paragraphs { n text claimIds }
  sources { id origin title url score official contributed relation soleForClaims }
  claims { id text state originCount sourceIds paragraph keptFlag keptNote }
  quality { id name verdict detail actionLabel items units target dismissedBy dismissNote }
  versions { n label when by model note agent title }
  comments { id text by at unit }
  label { reviewedByHuman approvedVersion approvedAt approvedBy acknowledged { statement note by } }
  brandName siteId origin by
  archived { at by agent }
  run { jobId status briefId }
  blocks { kind n text claimIds level ordered items { text claimIds } headers rows { cells claimIds } }
  deck
  internalLinks { id n anchor url title }
  illustration { id status url altText caption label styleLabel reason regenerating lastFailure regenerationsLeft }
  primaryArticleId
  languageVersions { language articleId status approved }
  addingLanguages { jobId status briefId languages }
  seo { metaTitle metaDescription slug focusKeyword focusKeywordIn }
  }
`);

/** The same selection as text, for documents written by hand (test/graphqlLimits.test.ts). */
export const ARTICLE_FIELDS = ArticleFields.definitions
  .map((definition) => ("selectionSet" in definition ? print(definition.selectionSet).slice(1, -1) : ""))
  .join("");

const ListArticles = graphql(`
  query ListArticles($status: String, $siteId: String, $noSite: Boolean, $brandId: String, $origin: String,
                     $language: String, $since: String) {
    articles(status: $status, siteId: $siteId, noSite: $noSite, brandId: $brandId, origin: $origin,
             language: $language, since: $since) {
      id title status updatedAt brandName siteId origin beatName agentName by flaggedClaims words
      language run { jobId status briefId } primaryArticleId
    }
  }
`);

export const ReadArticle = graphql(`query ReadArticle($id: String!) { article(id: $id) { ...ArticleFields } }`, [ArticleFields]);

const ReadIllustration = graphql(`
  query ReadIllustration($id: String!, $i: String) { articleIllustration(id: $id, i: $i) { contentType base64 } }
`);

const strings = z.array(z.string());
const int = () => z.number().int();
const upper = (what: string) => z.string().openapi({ description: `Upper-case UUID of the ${what}.` });

const Run = z.object({ jobId: upper("job"), status: z.string(), briefId: upper("brief").optional() }).openapi("Run");

const Paragraph = z.object({ n: int(), text: z.string(), claimIds: strings }).openapi("Paragraph");

const Block = z
  .object({
    kind: z.enum(BLOCK_KINDS).optional().openapi({ description: "Absent for a paragraph." }),
    n: int(),
    text: z.string(),
    claimIds: strings,
    level: int().optional(),
    ordered: z.boolean().optional(),
    items: z.array(z.object({ text: z.string(), claimIds: strings })).optional(),
    headers: strings.optional(),
    rows: z.array(z.object({ cells: strings, claimIds: strings })).optional(),
  })
  .openapi("Block");

const Source = z
  .object({
    id: upper("source"),
    origin: z.string(),
    title: z.string().openapi({ description: "Page title as fetched: third-party text, data only." }),
    url: z.string(),
    score: int(),
    official: z.boolean(),
    contributed: z.string(),
    relation: z.string().optional(),
    soleForClaims: int(),
  })
  .openapi("Source");

const Claim = z
  .object({
    id: upper("claim"),
    text: z.string(),
    state: z.enum(CLAIM_STATES),
    originCount: int(),
    sourceIds: strings,
    paragraph: int(),
    keptFlag: z.boolean(),
    keptNote: z.string().optional(),
  })
  .openapi("Claim");

const QualityCheck = z
  .object({
    id: z.string(),
    name: z.string(),
    verdict: z.enum(QUALITY_VERDICTS),
    detail: z.string(),
    actionLabel: z.string().optional(),
    items: strings.optional(),
    units: z.array(int()).optional(),
    target: int().optional(),
    dismissedBy: z.string().optional(),
    dismissNote: z.string().optional(),
  })
  .openapi("QualityCheck");

const Version = z
  .object({
    n: int(),
    label: z.string(),
    when: z.string(),
    by: z.string(),
    model: z.string(),
    note: z.string(),
    agent: z.string().optional(),
    title: z.string().optional(),
  })
  .openapi("Version");

const Label = z
  .object({
    reviewedByHuman: z.boolean(),
    approvedVersion: int().optional(),
    approvedAt: z.string().optional(),
    approvedBy: z.string().optional(),
    acknowledged: z
      .array(z.object({ statement: z.string(), note: z.string(), by: z.string() }))
      .optional()
      .openapi({ description: "Open warnings and flags the approver acknowledged." }),
  })
  .openapi("Label");

const Illustration = z
  .object({
    id: z.string().openapi({ description: "Lower-case UUID." }),
    status: z.enum(ILLUSTRATION_STATUSES),
    url: z.string().optional().openapi({ description: "Only when ready; fetch with the same credential." }),
    altText: z.string(),
    caption: z.string().optional(),
    label: z.string(),
    styleLabel: z.string(),
    reason: z.string().optional(),
    regenerating: z.boolean().openapi({ description: "True while a new picture is being made." }),
    lastFailure: z.string().optional().openapi({ description: "Why the last try at a new picture failed." }),
    regenerationsLeft: int().optional().openapi({
      description: "New pictures still allowed today (UTC): the lower of the article's and the workspace's allowance.",
    }),
  })
  .openapi("Illustration");

const AddingLanguages = z
  .object({
    jobId: z.string().openapi({ description: "Lower-case UUID of the language-adding job." }),
    status: z.enum(LIVE_JOB_STATUSES),
    briefId: z.string().optional().openapi({ description: "Lower-case UUID of the article's brief." }),
    languages: strings.openapi({ description: "Codes in the order asked." }),
  })
  .openapi("AddingLanguages");

const LanguageVersion = z
  .object({ language: z.string(), articleId: upper("article"), status: z.enum(ARTICLE_STATUSES), approved: z.boolean() })
  .openapi("LanguageVersion");

const Article = z
  .object({
    id: upper("article"),
    status: z.enum(ARTICLE_STATUSES),
    title: z.string(),
    lead: z.string(),
    language: z.string(),
    words: int(),
    paragraphs: z.array(Paragraph),
    sources: z.array(Source),
    claims: z.array(Claim),
    quality: z.array(QualityCheck),
    versions: z.array(Version),
    comments: z
      .array(z.object({ id: z.string(), text: z.string(), by: z.string(), at: z.string(), unit: int().optional() }))
      .openapi({ description: "Always [] for a key." }),
    label: Label,
    brandName: z.string(),
    siteId: z.string().optional().openapi({ description: "Lower-case UUID; absent for an article with no site." }),
    origin: z.enum(ARTICLE_ORIGINS),
    by: z.string(),
    archived: z.object({ at: z.string(), by: z.string(), agent: z.string().optional() }).optional(),
    run: Run.optional().openapi({ description: "Present while the status is generating." }),
    blocks: z.array(Block),
    deck: z.string().optional(),
    internalLinks: z
      .array(z.object({ id: z.string(), n: int(), anchor: z.string(), url: z.string(), title: z.string() }))
      .optional(),
    illustration: Illustration.optional(),
    primaryArticleId: upper("article this is a version of").optional(),
    languageVersions: z.array(LanguageVersion).optional(),
    addingLanguages: AddingLanguages.optional().openapi({
      description: "On a primary article while a language-adding job is queued, running or paused.",
    }),
    seo: z
      .object({
        metaTitle: z.string(),
        metaDescription: z.string(),
        slug: z.string(),
        focusKeyword: z.string().optional(),
        focusKeywordIn: strings.optional(),
      })
      .optional(),
  })
  .openapi("Article");

const ArticleSummary = z
  .object({
    id: upper("article"),
    title: z.string(),
    status: z.enum(ARTICLE_STATUSES),
    updatedAt: z.string(),
    brandName: z.string(),
    siteId: z.string().optional(),
    origin: z.enum(ARTICLE_ORIGINS),
    beatName: z.string().optional(),
    agentName: z.string().optional(),
    by: z.string(),
    flaggedClaims: int(),
    words: int(),
    language: z.string(),
    run: Run.optional(),
    primaryArticleId: z.string().optional(),
  })
  .openapi("ArticleSummary");

export { Article as ArticleSchema };

const ListQuery = z.object({
  status: z.enum(ARTICLE_STATUSES).optional(),
  siteId: z.string().optional(),
  noSite: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "true: only articles with no site (a site-bound credential sees none)." }),
  brandId: z.string().optional(),
  origin: z.enum(ARTICLE_ORIGINS).optional(),
  language: z.string().optional().openapi({ description: "As stored; a version is listed under its own language." }),
  since: z.string().optional().openapi({ description: "ISO 8601; articles changed at or after it." }),
});

const IllustrationQuery = z.object({
  i: z.string().optional().openapi({ description: "Illustration id; without it the current picture." }),
});

const listRoute = createRoute({
  method: "get",
  path: "/articles",
  summary: "List articles",
  description: "Scope `read`, free. Newest change first; archived ones only with `status=archived`; no pagination.",
  security: BEARER,
  request: { query: ListQuery },
  responses: {
    200: jsonResponse(z.array(ArticleSummary), "The visible articles"),
    ...AUTH_ERRORS,
    ...errors({ 400: "validation: since, status or origin invalid" }),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/articles/{id}",
  summary: "Read an article",
  description: "Scope `read`, free. Always the latest version; a language version is read by its own id.",
  security: BEARER,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(Article, "The article"),
    ...AUTH_ERRORS,
    ...errors({ 404: "not_found: no such article, or on a site the credential cannot see" }),
  },
});

const illustrationRoute = createRoute({
  method: "get",
  path: "/articles/{id}/illustration",
  summary: "The article's picture",
  description: "Scope `read`. The image bytes with their content type.",
  security: BEARER,
  request: { params: IdParam, query: IllustrationQuery },
  responses: {
    200: {
      description: "The image",
      content: { "image/*": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
    },
    ...AUTH_ERRORS,
    ...errors({ 404: "not_found: no such article or no ready picture" }),
  },
});

export function articleReadRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  app.openapi(listRoute, async (c) => {
    const { noSite, ...query } = c.req.valid("query");
    const data = await graphqlCall(yoga, c.get("principal"))(ListArticles, {
      ...query,
      ...(noSite === undefined ? {} : { noSite: noSite === "true" }),
    });
    return c.json(asResponse(z.array(ArticleSummary), omitUnset(data.articles)), 200);
  });

  app.openapi(getRoute, async (c) => {
    const data = await graphqlCall(yoga, c.get("principal"))(ReadArticle, { id: c.req.valid("param").id });
    return c.json(asResponse(Article, omitUnset(data.article)), 200);
  });

  app.openapi(illustrationRoute, async (c) => {
    const data = await graphqlCall(yoga, c.get("principal"))(ReadIllustration, {
      id: c.req.valid("param").id,
      i: c.req.valid("query").i,
    });
    const image = data.articleIllustration;
    // c.body, not a bare Response, so the rate-limit headers set at the edge ride along.
    return c.body(new Uint8Array(Buffer.from(image.base64, "base64")), 200, {
      "Content-Type": image.contentType,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=86400",
    });
  });
}
