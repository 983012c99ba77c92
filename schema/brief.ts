// Briefs and their estimate.
import { countArticlesOnSubject } from "../src/articles/articlesOnSubject.ts";
import { createBrief, findBrief, updateBrief } from "../src/briefs/briefs.ts";
import { estimateBrief } from "../src/briefs/estimate.ts";
import { builder } from "./builder.ts";
import { brandIdOut, briefIdOut, optionalIdOut, siteIdOut } from "./ids.ts";
import { refuseNulls } from "./inputs.ts";

export const BriefType = builder.prismaObject("Brief", {
  fields: (t) => ({
    id: t.string({ resolve: (b) => briefIdOut(b.id) }),
    brandId: t.string({ nullable: true, resolve: (b) => optionalIdOut(brandIdOut, b.brandId) }),
    siteId: t.string({ nullable: true, resolve: (b) => optionalIdOut(siteIdOut, b.siteId) }),
    topic: t.exposeString("topic"),
    angle: t.exposeString("angle"),
    useUrls: t.stringList({ resolve: (b) => b.useUrls ?? [] }),
    excludeDomains: t.stringList({ resolve: (b) => b.excludeDomains ?? [] }),
    purpose: t.exposeString("purpose"),
    audience: t.exposeString("audience"),
    region: t.exposeString("region"),
    language: t.exposeString("language"),
    tone: t.exposeString("tone"),
    length: t.exposeString("length"),
    targetWords: t.exposeInt("targetWords"),
    structure: t.exposeString("structure"),
    keywords: t.stringList({ resolve: (b) => b.keywords ?? [] }),
    mustAppear: t.stringList({ resolve: (b) => b.mustAppear ?? [] }),
    preferDomains: t.stringList({ resolve: (b) => b.preferDomains ?? [] }),
    illustration: t.exposeString("illustration"),
    imageStyle: t.exposeString("imageStyle", { nullable: true }),
    imageFormat: t.exposeString("imageFormat", { nullable: true }),
    seo: t.exposeBoolean("seo"),
    articlesOnSubject: t.int({
      description: "Visible articles of the brief's site on its subject (primary, not archived), as article_exists counts them.",
      resolve: (b, _args, { db, principal }) => countArticlesOnSubject(db, principal!, b),
    }),
  }),
});

const BriefInput = builder.inputType("BriefInput", {
  description: "Every field is optional; see the Brief table of the specification for defaults and limits.",
  fields: (t) => ({
    topic: t.string(),
    angle: t.string(),
    siteId: t.string(),
    brandId: t.string(),
    purpose: t.string(),
    audience: t.string(),
    region: t.string(),
    language: t.string(),
    tone: t.string(),
    length: t.string(),
    // Float, not Int: GraphQL's Int stops at 2^31, and a larger figure is clamped like any other.
    targetWords: t.float({ description: "A whole number; clamped to 300-3000." }),
    structure: t.string(),
    keywords: t.stringList(),
    mustAppear: t.stringList(),
    useUrls: t.stringList(),
    excludeDomains: t.stringList(),
    preferDomains: t.stringList(),
    illustration: t.string(),
    imageStyle: t.string(),
    imageFormat: t.string(),
    seo: t.boolean(),
  }),
});

const EstimatePart = builder.simpleObject("EstimatePart", {
  fields: (t) => ({ label: t.string(), credits: t.int(), kind: t.string() }),
});

const PlannedStep = builder.simpleObject("PlannedStep", {
  fields: (t) => ({ id: t.string(), name: t.string(), estMs: t.int() }),
});

const EstimateWarning = builder.simpleObject("EstimateWarning", {
  description: "Something that would go wrong if the brief were written now.",
  fields: (t) => ({
    code: t.string({ description: "no_pages (nothing to read) or versions_without_model." }),
    message: t.string(),
  }),
});

const Estimate = builder.simpleObject("Estimate", {
  fields: (t) => ({
    warnings: t.field({ type: [EstimateWarning], description: "Empty when the brief can be written as it stands." }),
    credits: t.int(),
    parts: t.field({ type: [EstimatePart] }),
    steps: t.field({ type: [PlannedStep] }),
    enough: t.boolean({ description: "Whether the credits are there; the balance itself is never shown." }),
  }),
});

builder.queryField("brief", (t) =>
  t.field({
    type: BriefType,
    authScopes: { scope: "read" },
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { db, principal }) => findBrief(db, principal!, id),
  }),
);

builder.mutationField("createBrief", (t) =>
  t.field({
    type: BriefType,
    authScopes: { scope: "brief", editRole: true },
    args: { input: t.arg({ type: BriefInput }) },
    resolve: (_root, { input }, { db, principal }) => createBrief(db, principal!, refuseNulls(input)),
  }),
);

builder.mutationField("updateBrief", (t) =>
  t.field({
    type: BriefType,
    authScopes: { scope: "brief", editRole: true },
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: BriefInput }) },
    resolve: (_root, { id, input }, { db, principal }) => updateBrief(db, principal!, id, refuseNulls(input)),
  }),
);

builder.queryField("estimateBrief", (t) =>
  t.field({
    type: Estimate,
    authScopes: { scope: "brief" },
    args: { id: t.arg.string({ required: true }), articleId: t.arg.string() },
    resolve: (_root, { id, articleId }, { db, principal, services }) =>
      estimateBrief(db, principal!, services.capabilities, id, articleId ?? undefined),
  }),
);
