// `npm run eval:sourcing`: the sourcing engine on the three story sets (test/web, and the
// development and held-out halves of test/corpus), each story checked on its own pages as an
// article job would. Prints, per set, pairwise origin grouping, claim-state accuracy and the
// confusion matrix (truth × engine), and for the corpus sets, whose truth says what each carrier
// rests each claim on, the same per carrier (own account, a party, another outlet) and whether
// the parties of one claim are matched across pages. `--verbose` lists the claims the engine got wrong, for the
// test web and the development set only: the held-out set is scored, never shown.
// `--set development` (or test-web, heldout) scores one set. `--pipeline` scores the corpus sets
// through the whole service as well (an article job per story, read over HTTP): states as the
// article shows them, and whether each claim is in the text or listed as left out. Slower.
// `--oracle` scores the corpus sets' states again with pieces of the truth in place of the engine's
// reading (whether a claim is disputed, each carrier's basis, the pages that carry it): where the
// errors come from (test/corpus/oracle.ts).
import { disputeErrors, ORACLE_GROUPS, oracleOfScore } from "../test/corpus/oracle.ts";
import { scoreThroughPipeline } from "../test/corpus/pipelineScoring.ts";
import {
  attributionRead,
  ENGINE_BASES,
  OUTCOMES,
  type ScoredSet,
  type SetSummary,
  STATES,
  type StoryScore,
  scoreSet,
  storiesOf,
  summarise,
  TRUTH_BASES,
} from "../test/corpus/scoring.ts";

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const pipeline = args.includes("--pipeline");
const oracle = args.includes("--oracle");
const only = args.includes("--set") ? (args[args.indexOf("--set") + 1] as ScoredSet) : undefined;
const sets: ScoredSet[] = only ? [only] : ["test-web", "development", "heldout"];

const f3 = (x: number) => x.toFixed(3);

function printSummary(name: string, s: SetSummary, grouping = true): void {
  console.log(`\n== ${name}: ${s.stories} stories, ${s.pages} pages, ${s.claims} claims`);
  if (s.stories === 0) return;
  const g = s.grouping;
  if (grouping) console.log(`Origin grouping (pairwise): precision ${f3(g.precision)}  recall ${f3(g.recall)}  F1 ${f3(g.f1)}`);
  console.log(`Claim states: ${s.correct} of ${s.claims} right, accuracy ${f3(s.accuracy)}`);
  const fc = s.falseCorroboration;
  console.log(`Parallel or disputed shown as corroborated: ${fc.count} of ${fc.of} (${f3(fc.rate)})`);
  console.log(`Claims found: ${s.found.count} of ${s.claims} (${f3(s.found.rate)})`);
  const r = s.revisions;
  console.log(
    `Revisions among disputes found: ${r.markedLater} of ${r.later} later accounts marked later; ${r.markedEarlierLater} of ${r.earlier} other accounts marked later`,
  );
  const width = 14;
  console.log(`${"truth \\ engine".padEnd(width + 6)}${OUTCOMES.map((o) => o.padStart(width)).join("")}`);
  for (const state of STATES) {
    const row = s.confusion[state];
    const total = OUTCOMES.reduce((n, o) => n + row[o], 0);
    console.log(`${`${state} (${total})`.padEnd(width + 6)}${OUTCOMES.map((o) => String(row[o]).padStart(width)).join("")}`);
  }
}

/** What carriers rest claims on, truth against engine, and whether parties are matched across pages. */
function printAttribution(s: SetSummary): void {
  const { bases, parties } = s.attribution;
  const { right, read } = attributionRead(s.attribution);
  if (read === 0) return;
  console.log(`Attribution per carrier of found claims: ${right} of ${read} read as the truth rests them (${f3(right / read)})`);
  const width = 10;
  console.log(`${"truth \\ engine".padEnd(width + 6)}${ENGINE_BASES.map((b) => b.padStart(width)).join("")}`);
  for (const t of TRUTH_BASES)
    console.log(`${t.padEnd(width + 6)}${ENGINE_BASES.map((e) => String(bases[t][e]).padStart(width)).join("")}`);
  console.log(
    `Parties across carriers of one claim: one party read as one ${parties.sameRead} of ${parties.same}; two read as two ${parties.apartRead} of ${parties.apart}`,
  );
}

/** Each set's scores, for the error decomposition below. */
const scored = new Map<ScoredSet, StoryScore[]>();
for (const set of sets) {
  const { scores, summary } = await scoreSet(set);
  scored.set(set, scores);
  printSummary(set, summary);
  printAttribution(summary);
  const unread = scores.flatMap((s) => s.unread);
  if (unread.length > 0) console.log(`Unread pages: ${unread.length}`);
  if (verbose && set !== "heldout") {
    if (unread.length > 0) for (const u of unread) console.log(`  unread ${u}`);
    console.log("Wrong or unmatched claims:");
    for (const c of scores.flatMap((x) => x.claims).filter((x) => x.truth !== x.engine)) {
      console.log(`  [${c.story}/${c.id}] want ${c.truth}, got ${c.engine}: ${c.text}`);
      if (c.found) {
        console.log(`      engine: "${c.found.text}" (${c.found.sourceKeys.length} sources, ${c.found.originCount} origins)`);
        if (c.found.attributedTo) console.log(`      attributed to: ${c.found.attributedTo}`);
        for (const v of c.found.variants ?? []) console.log(`      variant: ${v.text.slice(0, 140)}`);
        for (const m of c.found.mentions)
          console.log(`        ${m.sourceKey} [${m.attributedTo ?? "own"}] ${m.text.slice(0, 110)}`);
      }
    }
  }
}

if (pipeline) {
  for (const set of sets.filter((s) => s !== "test-web")) {
    const scores = await scoreThroughPipeline(storiesOf(set));
    const summary = summarise(scores);
    printSummary(`${set}, through the pipeline (article jobs)`, summary, false);
    const claims = scores.flatMap((s) => s.claims);
    const covered = claims.filter((c) => c.inText || c.listed).length;
    console.log(
      `In the text: ${claims.filter((c) => c.inText).length}; listed as left out: ${claims.filter((c) => !c.inText && c.listed).length}; ` +
        `covered ${covered} of ${claims.length} (${f3(claims.length ? covered / claims.length : 0)})`,
    );
    for (const s of scores.filter((x) => x.failure))
      console.log(`  ${set === "heldout" ? "a held-out story" : s.id}: ${s.failure}`);
    if (verbose && set !== "heldout") {
      for (const c of claims.filter((x) => !x.inText && !x.listed))
        console.log(`  not covered [${c.story}/${c.id}] ${c.engine}: ${c.text}`);
    }
  }
}

if (oracle) {
  // The test web's truth gives no carrier's basis: only the corpus sets can be handed it.
  for (const set of sets.filter((s) => s !== "test-web")) {
    const scores = scored.get(set) ?? [];
    const claims = storiesOf(set).flatMap((story) => {
      const score = scores.find((x) => x.id === story.truth.story.id);
      return score ? oracleOfScore(story.truth, score) : [];
    });
    const shown = claims.filter((c) => c.truth === "parallel" || c.truth === "disputed");
    console.log(`\n== ${set}: states handed pieces of the truth (${claims.length} claims)`);
    for (const group of ORACLE_GROUPS) {
      console.log(`${group.title}:`);
      for (const { step, label } of group.steps) {
        const right = claims.filter((c) => c.outcomes[step] === c.truth).length;
        const falseCorroboration = shown.filter((c) => c.outcomes[step] === "corroborated").length;
        console.log(
          `  ${label.padEnd(42)} accuracy ${f3(right / Math.max(1, claims.length))}  ` +
            `shown as corroborated ${falseCorroboration} of ${shown.length}`,
        );
      }
    }
    const { missed, invented } = disputeErrors(claims);
    console.log(
      `With bases and carrying pages from the truth: disputes missed ${missed}, disputes read where there are none ${invented}`,
    );
  }
}
