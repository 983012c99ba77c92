// A source added to a claim, and a paragraph rewritten from its claims (spec, "Article edits"):
// each mutation changes the article through src/articles/ and answers the whole article.
import { articleView } from "../src/articles/articleView.ts";
import { rewriteParagraph } from "../src/articles/rewrite/rewriteParagraph.ts";
import { addClaimSource } from "../src/articles/sources/addClaimSource.ts";
import { ArticleType } from "./article.ts";
import { builder } from "./builder.ts";

const EDIT = { scope: "edit", editRole: true } as const;

builder.mutationField("addClaimSource", (t) =>
  t.field({
    type: ArticleType,
    description:
      "Adds a page as a source of one claim: fetched through the hardened fetcher (https only), checked for " +
      "whether it carries the claim, origins grouped again and the claim's state recomputed. A page that does " +
      "not carry the claim adds nothing (source_does_not_support).",
    authScopes: EDIT,
    args: {
      id: t.arg.string({ required: true }),
      claimId: t.arg.string({ required: true }),
      url: t.arg.string({ required: true }),
      expectedVersion: t.arg.int(),
    },
    resolve: async (_root, args, { db, principal, services }) => {
      const done = await addClaimSource(
        db,
        principal!,
        args.id,
        args.claimId,
        { url: args.url, ...(args.expectedVersion == null ? {} : { expectedVersion: args.expectedVersion }) },
        services.fetch,
      );
      return articleView(db, principal!, done.articleId);
    },
  }),
);

builder.mutationField("rewriteParagraph", (t) =>
  t.field({
    type: ArticleType,
    description:
      "Rewrites one paragraph or list item from its own claims: mode shorter, longer or tone (with `tone`: " +
      "neutral, explanatory, formal or conversational). A rewrite that states what the claims do not carry " +
      "changes nothing (rewrite_added_claims); headings and table rows are not rewritten (block_not_rewritable).",
    authScopes: EDIT,
    args: {
      id: t.arg.string({ required: true }),
      n: t.arg.int({ required: true }),
      mode: t.arg.string({ required: true }),
      tone: t.arg.string(),
      expectedVersion: t.arg.int(),
    },
    resolve: async (_root, args, { db, principal, services }) => {
      const done = await rewriteParagraph(
        db,
        principal!,
        args.id,
        args.n,
        {
          mode: args.mode,
          ...(args.tone == null ? {} : { tone: args.tone }),
          ...(args.expectedVersion == null ? {} : { expectedVersion: args.expectedVersion }),
        },
        services.writers,
      );
      return articleView(db, principal!, done.articleId);
    },
  }),
);
