// Language versions added to an article written already (POST /articles/{id}/languages): scope
// generate, role edit, one credit per language. The rules are src/articles/languages/.
import { addLanguages } from "../src/articles/languages/addLanguages.ts";
import { builder } from "./builder.ts";
import { StartedJob, startedJobOut } from "./job.ts";

builder.mutationField("addArticleLanguages", (t) =>
  t.field({
    type: StartedJob,
    description:
      "Starts a job writing language versions of an article written from a brief: step `sources`, then " +
      "`write-`, `seo-` (when the brief asked for SEO) and `qa-` per language, in the order asked. " +
      "Holds 1 credit per language; a language skipped, failed or empty is released when the job ends.",
    authScopes: { scope: "generate", editRole: true },
    args: {
      id: t.arg.string({ required: true, description: "The primary article (not a version)." }),
      languages: t.arg.stringList({ required: true, description: "Codes of the 22 supported languages, in the order to write." }),
    },
    resolve: async (_root, { id, languages }, { services, principal }) =>
      startedJobOut(
        await addLanguages(services.db, services.queue, services.contract, services.capabilities, principal!, id, { languages }),
      ),
  }),
);
