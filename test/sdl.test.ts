// schema/schema.graphql is the reviewed GraphQL contract: this fails when the code in schema/
// changed the schema and the file was not printed again.
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { printSdl, SDL_PATH } from "../schema/printSdl.ts";

it("schema/schema.graphql is the printed SDL of the current schema", async () => {
  const committed = await readFile(SDL_PATH, "utf8").catch(() => "");
  expect(committed, "schema/schema.graphql is out of date: run `npm run schema:print` and commit the result").toBe(printSdl());
});
