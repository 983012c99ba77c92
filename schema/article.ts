// Articles, read side: the spec's Article with every nested object, the list of summaries and an
// article's picture. Optional fields are nullable here so a facade can omit them; none is ever
// sent as null by the REST facade.

import { articleExport } from "../src/articles/articleExport.ts";
import { listArticles, parseSince } from "../src/articles/articleList.ts";
import { illustrationImage } from "../src/articles/articlePicture.ts";
import { articleView } from "../src/articles/articleView.ts";
import { builder } from "./builder.ts";

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

export const ArticleType = builder.simpleObject("Article", {
  description: "Always the latest version. A language version is an article of its own.",
  fields: (t) => ({
    id: t.string(),
    status: t.string(),
    title: t.string(),
    lead: t.string(),
    language: t.string(),
    words: t.int(),
    paragraphs: t.field({ type: [ParagraphType] }),
    sources: t.field({ type: [SourceType] }),
    claims: t.field({ type: [ClaimType] }),
    quality: t.field({ type: [QualityCheckType] }),
    versions: t.field({ type: [ArticleVersionType] }),
    comments: t.field({ type: [ArticleComment] }),
    label: t.field({ type: LabelType }),
    brandName: t.string(),
    siteId: t.string({ nullable: true }),
    origin: t.string(),
    by: t.string(),
    archived: t.field({ type: ArchivedMark, nullable: true }),
    run: t.field({ type: RunType, nullable: true, description: "Present while the status is generating." }),
    blocks: t.field({ type: [BlockType] }),
    deck: t.string({ nullable: true }),
    internalLinks: t.field({ type: [InternalLinkType], nullable: true }),
    illustration: t.field({ type: IllustrationType, nullable: true }),
    primaryArticleId: t.string({ nullable: true }),
    languageVersions: t.field({ type: [LanguageVersionType], nullable: true }),
    addingLanguages: t.field({
      type: AddingLanguagesType,
      nullable: true,
      description: "Present on a primary article while a language-adding job is queued, running or paused.",
    }),
    seo: t.field({ type: SeoFieldsType, nullable: true }),
  }),
});

export const ArticleSummaryType = builder.simpleObject("ArticleSummary", {
  fields: (t) => ({
    id: t.string(),
    title: t.string(),
    status: t.string(),
    updatedAt: t.string(),
    brandName: t.string(),
    siteId: t.string({ nullable: true }),
    origin: t.string(),
    beatName: t.string({ nullable: true }),
    agentName: t.string({ nullable: true }),
    by: t.string(),
    flaggedClaims: t.int({ description: "Claims whose state is not corroborated." }),
    words: t.int(),
    language: t.string(),
    run: t.field({ type: RunType, nullable: true }),
    primaryArticleId: t.string({ nullable: true }),
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
    resolve: (_root, { id, format }, { db, principal }) => articleExport(db, principal!, id, format),
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
