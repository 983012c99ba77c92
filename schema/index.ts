// Imports every area of the schema and builds it.
import { builder } from "./builder.ts";
import "./article.ts";
import "./articleEdits.ts";
import "./articleIllustration.ts";
import "./articleLanguages.ts";
import "./articleReview.ts";
import "./articleSources.ts";
import "./brief.ts";
import "./credential.ts";
import "./job.ts";
import "./site.ts";
import "./library.ts";
import "./webhook.ts";
import "./workspace.ts";

export const schema = builder.toSchema({ sortSchema: true });
