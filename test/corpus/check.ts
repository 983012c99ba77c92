// `npm run corpus:check -- [story folder …]`: checks stories of the corpus (README.md here) and
// prints what is wrong with each; with no folder, every story of every set. Exit 1 on a problem.
import path from "node:path";
import { checkStory, loadStory, storyDirs } from "./storyCorpus.ts";

const args = process.argv.slice(2);
const dirs =
  args.length > 0
    ? args.map((a) => path.resolve(a))
    : [...storyDirs("incoming"), ...storyDirs("development"), ...storyDirs("heldout")];
let failed = 0;
for (const dir of dirs) {
  let problems: string[];
  try {
    problems = checkStory(loadStory(dir));
  } catch (error) {
    problems = [`cannot load: ${(error as Error).message}`];
  }
  if (problems.length === 0) console.log(`ok    ${path.basename(dir)}`);
  else {
    failed++;
    console.log(`FAIL  ${path.basename(dir)}`);
    for (const p of problems) console.log(`      ${p}`);
  }
}
console.log(`${dirs.length - failed} of ${dirs.length} stories consistent`);
process.exit(failed > 0 ? 1 : 0);
