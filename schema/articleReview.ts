// A person's review of an article: approval of the exact version read, republishing, keeping a
// flag with a note, comments, and reading and comparing versions.
import { articleView } from "../src/articles/articleView.ts";
import { approveArticle, republishArticle } from "../src/articles/review/approval.ts";
import { keepClaimFlag } from "../src/articles/review/claimFlags.ts";
import { addComment } from "../src/articles/review/comments.ts";
import { articleVersionContent, compareArticleVersions } from "../src/articles/review/versionHistory.ts";
import { ArticleType } from "./article.ts";
import { commentOut } from "./articleOut.ts";
import { builder } from "./builder.ts";
import { claimIdOut } from "./ids.ts";

const PERSON = { person: true, editRole: true } as const;

const AcknowledgementInput = builder.inputType("AcknowledgementInput", {
  description:
    "An open flag or warning the approver has seen: the claim's text or id (or the check's name), and why it may stand.",
  fields: (t) => ({ statement: t.string({ required: true }), note: t.string({ required: true }) }),
});

builder.mutationField("approveArticle", (t) =>
  t.field({
    type: ArticleType,
    description: "A person approves the exact version they read; open flags must be kept or acknowledged.",
    authScopes: PERSON,
    args: {
      id: t.arg.id({ required: true }),
      version: t.arg.int({ required: true }),
      acknowledgements: t.arg({ type: [AcknowledgementInput] }),
    },
    resolve: async (_root, { id, version, acknowledgements }, { db, services, principal }) => {
      await approveArticle(db, services.contract, principal!, String(id), version, acknowledgements ?? []);
      return articleView(db, principal!, String(id));
    },
  }),
);

builder.mutationField("republishArticle", (t) =>
  t.field({
    type: ArticleType,
    description: "Raises article.approved again for an approved article.",
    authScopes: PERSON,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { db, services, principal }) => {
      await republishArticle(db, services.contract, principal!, String(id));
      return articleView(db, principal!, String(id));
    },
  }),
);

builder.mutationField("keepClaimFlag", (t) =>
  t.field({
    type: ArticleType,
    description: "A person keeps a claim's flag with a note.",
    authScopes: PERSON,
    args: {
      articleId: t.arg.id({ required: true }),
      claimId: t.arg.id({ required: true }),
      note: t.arg.string({ required: true }),
    },
    resolve: async (_root, { articleId, claimId, note }, { db, principal }) => {
      const done = await keepClaimFlag(db, principal!, String(articleId), String(claimId), note);
      return articleView(db, principal!, done.articleId);
    },
  }),
);

const CommentType = builder.simpleObject("Comment", {
  fields: (t) => ({ id: t.string(), text: t.string(), by: t.string(), at: t.string(), unit: t.int({ nullable: true }) }),
});

builder.mutationField("addComment", (t) =>
  t.field({
    type: CommentType,
    authScopes: { person: true },
    args: { articleId: t.arg.id({ required: true }), text: t.arg.string({ required: true }), unit: t.arg.int() },
    resolve: async (_root, { articleId, text, unit }, { db, principal }) =>
      commentOut(await addComment(db, principal!, String(articleId), text, unit ?? undefined)),
  }),
);

const VersionUnit = builder.simpleObject("VersionUnit", {
  fields: (t) => ({ n: t.int(), kind: t.string(), text: t.string(), claimIds: t.stringList() }),
});

const VersionClaim = builder.simpleObject("VersionClaim", {
  fields: (t) => ({ id: t.string(), text: t.string(), state: t.string(), keptFlag: t.boolean() }),
});

const VersionContent = builder.simpleObject("VersionContent", {
  description: "What the article held at one version.",
  fields: (t) => ({
    n: t.int(),
    label: t.string(),
    title: t.string(),
    deck: t.string({ nullable: true }),
    units: t.field({ type: [VersionUnit] }),
    claims: t.field({ type: [VersionClaim] }),
  }),
});

const UnitDifference = builder.simpleObject("UnitDifference", {
  fields: (t) => ({
    n: t.int(),
    change: t.string({ description: "added, removed or changed" }),
    before: t.string({ nullable: true }),
    after: t.string({ nullable: true }),
  }),
});

const VersionComparison = builder.simpleObject("VersionComparison", {
  fields: (t) => ({
    from: t.int(),
    to: t.int(),
    titleBefore: t.string({ nullable: true }),
    titleAfter: t.string({ nullable: true }),
    deckBefore: t.string({ nullable: true }),
    deckAfter: t.string({ nullable: true }),
    units: t.field({ type: [UnitDifference] }),
  }),
});

builder.queryField("articleVersion", (t) =>
  t.field({
    type: VersionContent,
    description: "What the article held at version n.",
    authScopes: { scope: "read" },
    args: { id: t.arg.string({ required: true }), n: t.arg.int({ required: true }) },
    resolve: async (_root, { id, n }, { db, principal }) => {
      const content = await articleVersionContent(db, principal!, id, n);
      return {
        ...content,
        units: content.units.map((u) => ({ ...u, claimIds: u.claimIds.map(claimIdOut) })),
        claims: content.claims.map((c) => ({ ...c, id: claimIdOut(c.id) })),
      };
    },
  }),
);

builder.queryField("compareArticleVersions", (t) =>
  t.field({
    type: VersionComparison,
    description: "What changed from version `from` to version `to`.",
    authScopes: { scope: "read" },
    args: { id: t.arg.string({ required: true }), from: t.arg.int({ required: true }), to: t.arg.int({ required: true }) },
    resolve: (_root, { id, from, to }, { db, principal }) => compareArticleVersions(db, principal!, id, from, to),
  }),
);
