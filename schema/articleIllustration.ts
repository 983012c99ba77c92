// A new picture for an article (spec, "Illustration and house style"): the request is checked and
// queued by src/articles/illustration/, and the article is answered at once with
// `illustration.regenerating` true; a worker makes the picture and swaps it in.
import { regenerateIllustration } from "../src/articles/illustration/requestRegeneration.ts";
import { ArticleType } from "./article.ts";
import { builder } from "./builder.ts";

builder.mutationField("regenerateIllustration", (t) =>
  t.field({
    type: ArticleType,
    description:
      "Asks for a new picture: 5 a day per article, 50 a day per workspace, 2 in the making per workspace " +
      "(failed tries count). Answers the article at once; the picture replaces the current one when ready, " +
      "adding the version `illustration regenerated`.",
    authScopes: { scope: "edit", editRole: true },
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { db, services, principal }) => regenerateIllustration(db, services.illustrations, principal!, id),
  }),
);
