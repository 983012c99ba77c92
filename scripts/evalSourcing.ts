// `npm run eval:sourcing`: the sourcing engine on the test web (test/web), scored against its
// ground truth. Prints grouping precision/recall/F1 (pairwise) and claim-state accuracy; with
// --verbose also every claim the engine got wrong and the origin groups it made.
import { evaluateSourcing } from "../test/web/evaluate.ts";

const verbose = process.argv.includes("--verbose");
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const result = await evaluateSourcing();
console.log(`Pages read: ${result.pages}${result.unread.length ? ` (${result.unread.length} unread)` : ""}`);
for (const u of result.unread) console.log(`  unread ${u.url}: ${u.reason}`);
const g = result.grouping;
console.log(
  `Origin grouping (pairwise): precision ${g.precision.toFixed(3)}  recall ${g.recall.toFixed(3)}  F1 ${g.f1.toFixed(3)}` +
    `  (truth pairs ${g.pairs.truth}, engine pairs ${g.pairs.engine}, shared ${g.pairs.both})`,
);
const c = result.claims;
console.log(`Claim states: ${c.correct} of ${c.total} right, accuracy ${c.accuracy.toFixed(3)}`);
for (const [state, s] of Object.entries(c.byState))
  console.log(`  ${state.padEnd(13)} ${s.correct}/${s.total}  ${pct(s.correct / s.total)}`);
if (verbose) {
  console.log("\nWrong or unmatched claims:");
  for (const o of result.outcomes.filter((x) => !x.correct)) {
    console.log(`  [${o.truth.id}] want ${o.truth.state}, got ${o.found?.state ?? "no match"}: ${o.truth.text}`);
    if (o.found)
      console.log(`      engine: "${o.found.text}" (${o.found.sourceKeys.length} sources, ${o.found.originCount} origins)`);
  }
  console.log("\nEngine origin groups:");
  for (const group of result.groups) console.log(`  ${group.join("  ")}`);
}
