// Every tool of the spec's table, in its order. tools/list shows those whose scope the token has.
import { articleAddLanguages } from "./articleAddLanguages.ts";
import { articleRead } from "./articleRead.ts";
import { articleWrite } from "./articleWrite.ts";
import { briefCreate } from "./briefCreate.ts";
import { exportRender } from "./exportRender.ts";
import { siteRead } from "./siteRead.ts";
import { sourceAdd } from "./sourceAdd.ts";
import { sourcesCheck } from "./sourcesCheck.ts";
import type { Tool } from "./tool.ts";

export const TOOLS: readonly Tool[] = [
  siteRead,
  briefCreate,
  sourcesCheck,
  articleWrite,
  articleAddLanguages,
  articleRead,
  sourceAdd,
  exportRender,
];
