// `npm run eval:writing`: both writers on the sourcing test web (test/web), scored as
// test/writing/evaluate.ts describes: claim-id validity, figure support, mustAppear coverage,
// length accuracy and our own words; then the built-in engine as an editor reads it on the test
// web and the development corpus (test/writing/editorEvaluation.ts): the main event in the lead
// and the headline. The model provider runs against the fake model server (a real HTTP
// server speaking the chat-completions format); point LLM_BASE_URL and LLM_MODEL at a real
// endpoint to score that instead. --verbose lists every fault.
import { BuiltinWriter } from "../src/writing/builtin/builtinWriter.ts";
import { openAiWriterFromEnv } from "../src/writing/provider/openAiWriter.ts";
import type { Writer } from "../src/writing/types.ts";
import { startFakeModel } from "../test/support/fakeModel.ts";
import { allStoryMaterial } from "../test/web/storyMaterial.ts";
import { startTestWeb } from "../test/web/testWeb.ts";
import { editorEvaluation } from "../test/writing/editorEvaluation.ts";
import { evaluateWriter, type WritingScore } from "../test/writing/evaluate.ts";

const verbose = process.argv.includes("--verbose");
const web = await startTestWeb();
const fake = process.env.LLM_BASE_URL ? undefined : await startFakeModel();
try {
  const stories = await allStoryMaterial(web);
  const provider = openAiWriterFromEnv(
    fake ? { LLM_BASE_URL: fake.url, LLM_MODEL: "fake-writer", LLM_API_KEY: "eval" } : process.env,
  ) as Writer;
  const writers: [string, Writer][] = [
    ["built-in", new BuiltinWriter()],
    [fake ? "model provider (fake model server)" : `model provider (${provider.model})`, provider],
  ];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  for (const [name, writer] of writers) {
    const s: WritingScore = await evaluateWriter(writer, stories, web.truth);
    console.log(`\n${name}: ${s.articles} articles, ${s.units} units, ${(s.ms / 1000).toFixed(1)} s`);
    console.log(`  claim-id validity   ${pct(s.claimIdValidity)}`);
    console.log(`  figure support      ${pct(s.figureSupport)}`);
    console.log(`  mustAppear coverage ${pct(s.mustAppearCoverage)}`);
    if (s.foreignPhrases > 0)
      console.log(
        `  carried only in another language: ${s.foreignPhrasesAccounted} of ${s.foreignPhrases} phrases given or named in a warning`,
      );
    console.log(`  length accuracy     ${pct(s.lengthAccuracy)} within 15% (mean error ${pct(s.meanLengthError)})`);
    console.log(
      `  own words           ${pct(s.ownWords)} of articles, ${pct(s.ownWordUnits)} of units (longest copied run ${s.longestCopiedRun} words, most quoted ${pct(s.maxQuotedShare)})`,
    );
    for (const failure of s.failures) console.log(`  failed: ${failure}`);
    if (verbose) for (const fault of s.faults) console.log(`  fault: ${fault}`);
  }
  // The editor's reading of the built-in engine's article on each story (a news brief on its topic).
  for (const set of ["test-web", "development"] as const) {
    const e = await editorEvaluation(new BuiltinWriter(), set);
    console.log(`\nbuilt-in, as an editor reads it (${set}, ${e.stories.length} stories):`);
    console.log(`  main event in the lead    ${pct(e.mainInLead)}`);
    console.log(`  headline of the main event ${pct(e.mainInTitle)}`);
    console.log(`  facts lost in merging     ${e.lostFacts}`);
    console.log(`  names changed (US voice)  ${e.namesChanged}`);
    console.log(`  units in our own words    ${pct(e.ownWordUnits)} (most quoted ${pct(e.maxQuotedShare)})`);
    console.log(`  dispute accounts written  ${pct(e.disputeAccounts)}`);
    console.log(`  editor's checklist        ${pct(e.checklist)}`);
    if (verbose) {
      for (const v of e.stories) {
        const marks = `${v.mainFound ? (v.mainInLead ? "lead" : "----") : "n/a "} ${v.mainInTitle ? "title" : "-----"}`;
        console.log(
          `  ${marks} ${v.story}: ${v.title}${v.lost.length ? ` (lost: ${v.lost.join(", ")})` : ""}${v.renamed.length ? ` (renamed: ${v.renamed.join(", ")})` : ""}`,
        );
        const unmet = Object.entries(v.checklist).filter(([, met]) => !met);
        if (unmet.length > 0) console.log(`      not met: ${unmet.map(([item]) => item).join("; ")}`);
        for (const missing of v.accountsMissing) console.log(`      account not written: ${missing}`);
      }
    }
  }
} finally {
  await fake?.close();
  await web.close();
}
