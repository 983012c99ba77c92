// Keeps schema/schema.graphql in step with the code so that every change to the GraphQL contract
// shows up in review as a diff. `--check` only compares, for CI and pre-commit hooks.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { printSdl, SDL_PATH } from "../schema/printSdl.ts";

const sdl = printSdl();
const shown = path.relative(process.cwd(), SDL_PATH);

if (process.argv.includes("--check")) {
  const current = await readFile(SDL_PATH, "utf8").catch(() => undefined);
  if (current !== sdl) {
    console.error(
      current === undefined
        ? `${shown} does not exist; run \`npm run schema:print\` to create it.`
        : `${shown} is out of date with the schema in schema/; run \`npm run schema:print\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log(`${shown} is up to date.`);
} else {
  await writeFile(SDL_PATH, sdl);
  console.log(`Wrote ${shown}.`);
}
