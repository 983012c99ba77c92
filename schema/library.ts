// The workspace library of pages fetched before, as far as a caller may ask about it.
import { libraryTopicCheck } from "../src/sourcing/find/libraryTopicCheck.ts";
import { builder } from "./builder.ts";

const LibraryTopicCheckType = builder.simpleObject("LibraryTopicCheck", {
  description:
    "What the workspace library already holds on a topic: the closest answer to a topic check until site reading exists.",
  fields: (t) => ({
    independentOrigins: t.int({ description: "Distinct registrable domains of the matching library pages." }),
    state: t.string({ description: "ready from 3 origins, thin from 1, none otherwise." }),
    coveredOnSite: t.boolean({ description: "The credential's site already has an article on the subject." }),
    inLibrary: t.boolean(),
    libraryPages: t.int(),
    credits: t.int({ description: "What writing a standard article on it costs." }),
  }),
});

builder.queryField("libraryTopicCheck", (t) =>
  t.field({
    type: LibraryTopicCheckType,
    authScopes: { scope: "brief" },
    args: { topic: t.arg.string({ required: true }) },
    resolve: (_root, { topic }, { db, principal }) => libraryTopicCheck(db, principal!, topic),
  }),
);
