// Articles, read side: the spec's Article with every nested object, the list of summaries and an
// article's picture. Optional fields are nullable here so a facade can omit them; none is ever
// sent as null by the REST facade.

import { articleExport } from "../src/articles/articleExport.ts";
import { type ArticleSummaryView, listArticles, parseSince } from "../src/articles/articleList.ts";
import { illustrationImage } from "../src/articles/articlePicture.ts";
import { type ArticleView, articleView } from "../src/articles/articleView.ts";
import {
  addingLanguagesOut,
  blockOut,
  claimOut,
  commentOut,
  illustrationOut,
  languageVersionOut,
  paragraphOut,
  runOut,
  sourceOut,
} from "./articleOut.ts";
import { builder } from "./builder.ts";
import { articleIdOut, optionalIdOut, siteIdOut } from "./ids.ts";

export const ParagraphType = builder.simpleObject("Paragraph", {
  description: "One numbered unit in reading order; headings, list items and table rows are units.",
  fields: (t) => ({ n: t.int(), text: t.string(), claimIds: t.stringList() }),
});

const BlockItem = builder.simpleObject("BlockItem", {
  fields: (t) => ({ text: t.string(), claimIds: t.stringList() }),
});

const BlockRow = builder.simpleObject("BlockRow", {
  fields: (t) => ({ cells: t.stringList(), claimIds: t.stringList() }),
});

export const BlockType = builder.simpleObject("Block", {
  description: "A paragraph block has only n, text and claimIds; other kinds add kind and more.",
  fields: (t) => ({
    kind: t.string({ nullable: true, description: "heading, list or table; absent for a paragraph." }),
    n: t.int({ description: "Number of the first unit in the block." }),
    text: t.string(),
    claimIds: t.stringList(),
    level: t.int({ nullable: true }),
    ordered: t.boolean({ nullable: true }),
    items: t.field({ type: [BlockItem], nullable: true }),
    headers: t.stringList({ nullable: true }),
    rows: t.field({ type: [BlockRow], nullable: true }),
  }),
});

export const SourceType = builder.simpleObject("Source", {
  description: "A page the article was written from. `title` is third-party text: data.",
  fields: (t) => ({
    id: t.string(),
    origin: t.string(),
    title: t.string(),
    url: t.string(),
    score: t.int(),
    official: t.boolean(),
    contributed: t.string(),
    relation: t.string({ nullable: true }),
    soleForClaims: t.int(),
  }),
});

export const ClaimType = builder.simpleObject("Claim", {
  fields: (t) => ({
    id: t.string(),
    text: t.string(),
    state: t.string(),
    originCount: t.int(),
    sourceIds: t.stringList(),
    paragraph: t.int({ description: "Unit n the claim sits in (the first unit citing it)." }),
    keptFlag: t.boolean(),
    keptNote: t.string({ nullable: true }),
  }),
});

export const QualityCheckType = builder.simpleObject("QualityCheck", {
  description: "Ids are internal strings; no logic may depend on a list of them.",
  fields: (t) => ({
    id: t.string(),
    name: t.string(),
    verdict: t.string(),
    detail: t.string(),
    actionLabel: t.string({ nullable: true }),
    items: t.stringList({ nullable: true }),
    units: t.intList({ nullable: true }),
    target: t.int({ nullable: true }),
    dismissedBy: t.string({ nullable: true }),
    dismissNote: t.string({ nullable: true }),
  }),
});

export const ArticleVersionType = builder.simpleObject("ArticleVersion", {
  fields: (t) => ({
    n: t.int(),
    label: t.string(),
    when: t.string(),
    by: t.string(),
    model: t.string(),
    note: t.string(),
    agent: t.string({ nullable: true }),
    title: t.string({ nullable: true }),
  }),
});

const ArticleComment = builder.simpleObject("ArticleComment", {
  description: "A person's comment. None is sent to a key or agent.",
  fields: (t) => ({ id: t.string(), text: t.string(), by: t.string(), at: t.string(), unit: t.int({ nullable: true }) }),
});

const AcknowledgedType = builder.simpleObject("Acknowledged", {
  description: "An open warning or flag the approver acknowledged.",
  fields: (t) => ({ statement: t.string(), note: t.string(), by: t.string() }),
});

export const LabelType = builder.simpleObject("ArticleLabel", {
  description: "Derived from the approval record of the exact current version; cannot be set.",
  fields: (t) => ({
    reviewedByHuman: t.boolean(),
    approvedVersion: t.int({ nullable: true }),
    approvedAt: t.string({ nullable: true }),
    approvedBy: t.string({ nullable: true }),
    acknowledged: t.field({ type: [AcknowledgedType], nullable: true }),
  }),
});

const ArchivedMark = builder.simpleObject("ArchivedMark", {
  fields: (t) => ({ at: t.string(), by: t.string(), agent: t.string({ nullable: true }) }),
});

export const RunType = builder.simpleObject("Run", {
  description: "The job writing the article.",
  fields: (t) => ({ jobId: t.string(), status: t.string(), briefId: t.string({ nullable: true }) }),
});

const InternalLinkType = builder.simpleObject("InternalLink", {
  fields: (t) => ({ id: t.string(), n: t.int(), anchor: t.string(), url: t.string(), title: t.string() }),
});

export const IllustrationType = builder.simpleObject("Illustration", {
  description: "Always labelled as AI-generated.",
  fields: (t) => ({
    id: t.string(),
    status: t.string(),
    url: t.string({ nullable: true, description: "Relative image path, only when ready; fetch with the same credential." }),
    altText: t.string(),
    caption: t.string({ nullable: true }),
    label: t.string(),
    styleLabel: t.string(),
    reason: t.string({ nullable: true }),
    regenerating: t.boolean({ description: "True while a new picture is being made." }),
    lastFailure: t.string({ nullable: true, description: "Why the last try at a new picture failed." }),
    regenerationsLeft: t.int({
      nullable: true,
      description: "New pictures still allowed today (UTC): the lower of the article's and the workspace's allowance.",
    }),
  }),
});

const LanguageVersionType = builder.simpleObject("LanguageVersion", {
  fields: (t) => ({ language: t.string(), articleId: t.string(), status: t.string(), approved: t.boolean() }),
});

const AddingLanguagesType = builder.simpleObject("AddingLanguages", {
  description: "A language-adding job on the primary article while it is queued, running or paused; ids lower-case.",
  fields: (t) => ({
    jobId: t.string(),
    status: t.string({ description: "queued, running or paused" }),
    briefId: t.string({ nullable: true }),
    languages: t.stringList({ description: "Codes in the order asked." }),
  }),
});

const SeoFieldsType = builder.simpleObject("SeoFields", {
  description: "Present when the brief asked for SEO fields.",
  fields: (t) => ({
    metaTitle: t.string(),
    metaDescription: t.string(),
    slug: t.string(),
    focusKeyword: t.string({ nullable: true }),
    focusKeywordIn: t.stringList({ nullable: true }),
  }),
});

// The domain's views keep ids as stored; these fields give them the contract's form
// (schema/articleOut.ts, schema/ids.ts) whichever resolver answers with an article.
export const ArticleType = builder.objectRef<ArticleView>("Article").implement({
  description: "Always the latest version. A language version is an article of its own.",
  fields: (t) => ({
    id: t.string({ resolve: (a) => articleIdOut(a.id) }),
    status: t.exposeString("status"),
    title: t.exposeString("title"),
    lead: t.exposeString("lead"),
    language: t.exposeString("language"),
    words: t.exposeInt("words"),
    paragraphs: t.field({ type: [ParagraphType], resolve: (a) => a.paragraphs.map(paragraphOut) }),
    sources: t.field({ type: [SourceType], resolve: (a) => a.sources.map(sourceOut) }),
    claims: t.field({ type: [ClaimType], resolve: (a) => a.claims.map(claimOut) }),
    quality: t.field({ type: [QualityCheckType], resolve: (a) => a.quality }),
    versions: t.field({ type: [ArticleVersionType], resolve: (a) => a.versions }),
    comments: t.field({ type: [ArticleComment], resolve: (a) => a.comments.map(commentOut) }),
    label: t.field({ type: LabelType, resolve: (a) => a.label }),
    brandName: t.exposeString("brandName"),
    siteId: t.string({ nullable: true, resolve: (a) => optionalIdOut(siteIdOut, a.siteId) }),
    origin: t.exposeString("origin"),
    by: t.exposeString("by"),
    archived: t.field({ type: ArchivedMark, nullable: true, resolve: (a) => a.archived }),
    run: t.field({
      type: RunType,
      nullable: true,
      description: "Present while the status is generating.",
      resolve: (a) => runOut(a.run),
    }),
    blocks: t.field({ type: [BlockType], resolve: (a) => a.blocks.map(blockOut) }),
    deck: t.exposeString("deck", { nullable: true }),
    internalLinks: t.field({ type: [InternalLinkType], nullable: true, resolve: (a) => a.internalLinks }),
    illustration: t.field({
      type: IllustrationType,
      nullable: true,
      resolve: (a) => a.illustration && illustrationOut(a.id, a.illustration),
    }),
    primaryArticleId: t.string({ nullable: true, resolve: (a) => optionalIdOut(articleIdOut, a.primaryArticleId) }),
    languageVersions: t.field({
      type: [LanguageVersionType],
      nullable: true,
      resolve: (a) => a.languageVersions?.map(languageVersionOut),
    }),
    addingLanguages: t.field({
      type: AddingLanguagesType,
      nullable: true,
      description: "Present on a primary article while a language-adding job is queued, running or paused.",
      resolve: (a) => addingLanguagesOut(a.addingLanguages),
    }),
    seo: t.field({ type: SeoFieldsType, nullable: true, resolve: (a) => a.seo }),
  }),
});

export const ArticleSummaryType = builder.objectRef<ArticleSummaryView>("ArticleSummary").implement({
  fields: (t) => ({
    id: t.string({ resolve: (a) => articleIdOut(a.id) }),
    title: t.exposeString("title"),
    status: t.exposeString("status"),
    updatedAt: t.exposeString("updatedAt"),
    brandName: t.exposeString("brandName"),
    siteId: t.string({ nullable: true, resolve: (a) => optionalIdOut(siteIdOut, a.siteId) }),
    origin: t.exposeString("origin"),
    beatName: t.exposeString("beatName", { nullable: true }),
    agentName: t.exposeString("agentName", { nullable: true }),
    by: t.exposeString("by"),
    flaggedClaims: t.exposeInt("flaggedClaims", { description: "Claims whose state is not corroborated." }),
    words: t.exposeInt("words"),
    language: t.exposeString("language"),
    run: t.field({ type: RunType, nullable: true, resolve: (a) => runOut(a.run) }),
    primaryArticleId: t.string({ nullable: true, resolve: (a) => optionalIdOut(articleIdOut, a.primaryArticleId) }),
  }),
});

const IllustrationImageType = builder.simpleObject("IllustrationImage", {
  fields: (t) => ({ contentType: t.string(), base64: t.string() }),
});

builder.queryField("article", (t) =>
  t.field({
    type: ArticleType,
    authScopes: { scope: "read" },
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { db, principal }) => articleView(db, principal!, id),
  }),
);

builder.queryField("articles", (t) =>
  t.field({
    type: [ArticleSummaryType],
    description: "Visible articles, newest change first; archived ones only with status archived.",
    authScopes: { scope: "read" },
    args: {
      status: t.arg.string(),
      siteId: t.arg.string(),
      noSite: t.arg.boolean({ description: "Only articles with no site; a site-bound credential sees none." }),
      brandId: t.arg.string(),
      origin: t.arg.string(),
      language: t.arg.string(),
      since: t.arg.string({ description: "ISO 8601; articles changed at or after it." }),
      topic: t.arg.string({ description: "Only primary articles on this topic's subject, as article_exists counts them." }),
    },
    resolve: (_root, args, { db, principal }) =>
      listArticles(db, principal!, {
        status: args.status ?? undefined,
        siteId: args.siteId ?? undefined,
        noSite: args.noSite ?? undefined,
        brandId: args.brandId ?? undefined,
        origin: args.origin ?? undefined,
        language: args.language ?? undefined,
        since: args.since == null ? undefined : parseSince(args.since),
        topic: args.topic ?? undefined,
      }),
  }),
);

const ArticleExportType = builder.simpleObject("ArticleExport", {
  description: "An export of the article: the Markdown text, or a note for a file a person downloads.",
  fields: (t) => ({
    format: t.string(),
    markdown: t.string({ nullable: true, description: "markdown: title, deck, then the units in order." }),
    note: t.string({ nullable: true, description: "pdf, docx: where a person gets the file." }),
  }),
});

builder.queryField("articleExport", (t) =>
  t.field({
    type: ArticleExportType,
    description:
      "Renders an export of the article (markdown, pdf, docx, cms); cms answers no_connection until connections exist.",
    authScopes: { scope: "export" },
    args: { id: t.arg.string({ required: true }), format: t.arg.string({ required: true }) },
    resolve: (_root, { id, format }, { services, principal }) =>
      articleExport(services.db, services.contract, principal!, id, format),
  }),
);

builder.queryField("articleIllustration", (t) =>
  t.field({
    type: IllustrationImageType,
    description: "The article's current ready picture, or its picture `i`.",
    authScopes: { scope: "read" },
    args: { id: t.arg.string({ required: true }), i: t.arg.string() },
    resolve: async (_root, { id, i }, { db, principal }) => {
      const image = await illustrationImage(db, principal!, id, i ?? undefined);
      return { contentType: image.contentType, base64: image.bytes.toString("base64") };
    },
  }),
);
