// `npm run corpus:split [-- prefix …]`: files every consistent story of test/corpus/incoming (or
// those whose id starts with a prefix given, e.g. a writer's letter "a-") into development/
// or heldout/ by a hash of its id, so the split is fixed before anyone looks at a story and does
// not depend on the order stories arrive in. Prints only the ids it moved.
import { createHash } from "node:crypto";
import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { checkStory, corpusRoot, loadStory, storyDirs } from "./storyCorpus.ts";

/** development or heldout, by the first byte of the id's SHA-256. */
export function setOf(id: string): "development" | "heldout" {
  const byte = createHash("sha256").update(id).digest()[0] ?? 0;
  return byte % 2 === 0 ? "development" : "heldout";
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const prefixes = process.argv.slice(2);
  for (const dir of storyDirs("incoming")) {
    const id = path.basename(dir);
    if (prefixes.length > 0 && !prefixes.some((p) => id.startsWith(p))) continue;
    const problems = checkStory(loadStory(dir));
    if (problems.length > 0) {
      console.log(`kept  ${id} (${problems.length} problems; run npm run corpus:check)`);
      continue;
    }
    const set = setOf(id);
    mkdirSync(path.join(corpusRoot, set), { recursive: true });
    renameSync(dir, path.join(corpusRoot, set, id));
    console.log(`${set.padEnd(11)} ${id}`);
  }
}
