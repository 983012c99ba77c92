// The GraphQL contract is reviewed as a file, schema/schema.graphql. The script that writes it and
// the test that guards it must print it byte for byte the same way, so both go through here.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from "graphql";
import { schema } from "./index.ts";

export const SDL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), "schema.graphql");

/** The SDL of the schema, sorted so that moving code around does not reorder the file. */
export function printSdl(target: GraphQLSchema = schema): string {
  return `${printSchema(lexicographicSortSchema(target))}\n`;
}
