// Article edits (spec, "Article edits"): each mutation changes the article through
// src/articles/edits/ and answers the whole article as it now is.

import { articleView } from "../src/articles/articleView.ts";
import { editStructure } from "../src/articles/edits/structureEdits.ts";
import { editDeck, editTitle, editUnit, removeLink } from "../src/articles/edits/textEdits.ts";
import { archiveArticle } from "../src/articles/review/archiveArticle.ts";
import { ArticleType } from "./article.ts";
import { builder } from "./builder.ts";

const EDIT = { scope: "edit", editRole: true } as const;

builder.mutationField("editUnit", (t) =>
  t.field({
    type: ArticleType,
    description: "Replaces one unit: `text` for a paragraph, heading or list item, `cells` for a table row.",
    authScopes: EDIT,
    args: {
      id: t.arg.string({ required: true }),
      n: t.arg.int({ required: true }),
      text: t.arg.string(),
      cells: t.arg.stringList(),
      expectedVersion: t.arg.int(),
    },
    resolve: async (_root, args, { db, principal }) => {
      const done = await editUnit(db, principal!, args.id, args.n, {
        ...(args.text == null ? {} : { text: args.text }),
        ...(args.cells == null ? {} : { cells: args.cells }),
        ...(args.expectedVersion == null ? {} : { expectedVersion: args.expectedVersion }),
      });
      return articleView(db, principal!, done.articleId);
    },
  }),
);

builder.mutationField("editTitle", (t) =>
  t.field({
    type: ArticleType,
    authScopes: EDIT,
    args: { id: t.arg.string({ required: true }), text: t.arg.string({ required: true }), expectedVersion: t.arg.int() },
    resolve: async (_root, args, { db, principal }) => {
      const done = await editTitle(db, principal!, args.id, {
        text: args.text,
        ...(args.expectedVersion == null ? {} : { expectedVersion: args.expectedVersion }),
      });
      return articleView(db, principal!, done.articleId);
    },
  }),
);

builder.mutationField("editDeck", (t) =>
  t.field({
    type: ArticleType,
    description: "Sets the deck; an empty text removes it.",
    authScopes: EDIT,
    args: { id: t.arg.string({ required: true }), text: t.arg.string({ required: true }), expectedVersion: t.arg.int() },
    resolve: async (_root, args, { db, principal }) => {
      const done = await editDeck(db, principal!, args.id, {
        text: args.text,
        ...(args.expectedVersion == null ? {} : { expectedVersion: args.expectedVersion }),
      });
      return articleView(db, principal!, done.articleId);
    },
  }),
);

builder.mutationField("removeInternalLink", (t) =>
  t.field({
    type: ArticleType,
    description: "Removes one entry of internalLinks; the words stay.",
    authScopes: EDIT,
    args: { id: t.arg.string({ required: true }), linkId: t.arg.string({ required: true }), expectedVersion: t.arg.int() },
    resolve: async (_root, args, { db, principal }) => {
      const done = await removeLink(db, principal!, args.id, args.linkId, {
        ...(args.expectedVersion == null ? {} : { expectedVersion: args.expectedVersion }),
      });
      return articleView(db, principal!, done.articleId);
    },
  }),
);

builder.mutationField("editStructure", (t) =>
  t.field({
    type: ArticleType,
    description: "insertParagraph, insertHeading, insertItem, insertRow, remove or move; unit numbers shift.",
    authScopes: EDIT,
    args: {
      id: t.arg.string({ required: true }),
      op: t.arg.string({ required: true }),
      after: t.arg.int(),
      n: t.arg.int(),
      text: t.arg.string(),
      cells: t.arg.stringList(),
      level: t.arg.int(),
      direction: t.arg.string(),
      expectedVersion: t.arg.int(),
    },
    resolve: async (_root, { id, ...args }, { db, principal }) => {
      const input = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));
      const done = await editStructure(db, principal!, id, input as { op: string });
      return articleView(db, principal!, done.articleId);
    },
  }),
);

builder.mutationField("archiveArticle", (t) =>
  t.boolean({
    description: "Archives the article (a brief-written article with its language versions). Archiving twice is harmless.",
    authScopes: EDIT,
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, { id }, { db, principal }) => {
      await archiveArticle(db, principal!, id);
      return true;
    },
  }),
);
