// The writing evaluation (npm run eval:writing) held to its figures in CI: both writers on the
// sourcing test web; the model provider through the real SDK against the fake model server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuiltinWriter } from "../../src/writing/builtin/builtinWriter.ts";
import { OpenAiWriter } from "../../src/writing/provider/openAiWriter.ts";
import { type FakeModel, startFakeModel } from "../support/fakeModel.ts";
import { allStoryMaterial, type StoryMaterial } from "../web/storyMaterial.ts";
import { startTestWeb, type TestWeb } from "../web/testWeb.ts";
import { editorEvaluation } from "./editorEvaluation.ts";
import { evaluateWriter } from "./evaluate.ts";

let web: TestWeb;
let fake: FakeModel;
let stories: StoryMaterial[];
beforeAll(async () => {
  web = await startTestWeb();
  fake = await startFakeModel();
  stories = await allStoryMaterial(web);
});
afterAll(async () => {
  await fake?.close();
  await web?.close();
});

describe("writing evaluation", () => {
  it("built-in engine: valid claim ids, no uncarried figure, every carried mustAppear phrase, length on target", async () => {
    const score = await evaluateWriter(new BuiltinWriter(), stories, web.truth);
    expect(score.failures).toEqual([]);
    expect(score.articles).toBe(web.truth.stories.length * 9);
    expect(score.claimIdValidity).toBe(1);
    expect(score.figureSupport, score.faults.join("\n")).toBe(1);
    expect(score.mustAppearCoverage, score.faults.join("\n")).toBe(1);
    // A phrase only pages in another language carry is quoted within the quotation limits, or
    // named in a warning as left out (the built-in engine does not translate).
    expect(score.foreignPhrases).toBeGreaterThan(0);
    expect(score.foreignPhrasesAccounted, score.faults.join("\n")).toBe(score.foreignPhrases);
    expect(score.lengthAccuracy, score.faults.join("\n")).toBeGreaterThanOrEqual(0.9);
    // Our own words: without a model the engine rewrites what it safely can, words a claim by
    // another carrier's sentence when that one it can make its own, and, where it words most of a
    // story, leaves out the flagged claims it cannot; a sentence quoted in another language for a
    // mustAppear phrase stays within the quotation limits. Every article passes the copy check.
    // Articles passing before: 71.4% (eighth session; the last two stories failed on a place
    // within a place and on 28% of words quoted), 38.1% before linking openers, second verbs,
    // leading participles and roles were moved. Units: 98.3%, 93.1%; 72.5% with every claim kept,
    // 30.2% with phrases moved only, 16.8% before the engine rewrote anything.
    expect(score.ownWordUnits, score.faults.join("\n")).toBe(1);
    expect(score.ownWords, score.faults.join("\n")).toBe(1);
  });

  it("built-in engine, as an editor reads it: the main event leads and makes the headline, no fact lost in merging, disputes with their accounts", async () => {
    // Main events judged by hand per story (mainEvents.json); figures before the main-event rule:
    // test web 4/7 in the lead and 3/7 in the headline, development 10/21 and 8/21.
    const web = await editorEvaluation(new BuiltinWriter(), "test-web");
    expect(web.mainInLead, JSON.stringify(web.stories)).toBeGreaterThanOrEqual(5 / 7 - 1e-9);
    expect(web.mainInTitle, JSON.stringify(web.stories)).toBeGreaterThanOrEqual(5 / 7 - 1e-9);
    const development = await editorEvaluation(new BuiltinWriter(), "development");
    // The development set grew from 21 to 30 stories in the ninth session (nine new stories, their
    // main events judged by a helper that read only the stories); the floors are the figures on 30.
    // On the first 21: 14/21 in the lead and the headline (15/21 and 12/21 before flagged claims
    // the engine cannot reword were left out; 11/21 headlines before the main event was cut to fit
    // rather than passed over for a side fact).
    // (20/30 before a body written as its initials counted as that body: the Kilbrannan union's
    // "STU" and "Seafarers and Transport Union" no longer corroborate each other, and the lead went
    // to the corroborated "crew are to strike later this week" rather than the judged 48-hour strike.)
    // (19/30 and 18/30 until the tenth session's claim states: a party's demand no longer
    // disputes an outcome, and matching a truth claim prefers the claim whose text states it.)
    // (21/30 and 20/30 until the eleventh session's disputed claim held a sentence it shares;
    // 22/30 and 21/30 until the thirteenth's dispute gave its other account in the article's
    // language.)
    // (The set grew from 30 to 36 stories in the sixteenth session, six new stories written by
    // helpers from the definitions alone, scored once unread and then read; their main events
    // judged by a helper that read only them. On the 30: 24/30 and 23/30. On the six: 3/6 and 4/6.)
    // (It grew to 43 in the seventeenth session by seven more, judged the same way: 27/36 and
    // 27/36 on the 36 as before, 5/7 and 6/7 on the seven.)
    // (Eighteenth session: 31/43 and 33/43 once the Oder bridge's closure was read as parallel,
    // as it is, and no longer led; then a party's announcement weighed as news in
    // choosing the main event, if less than a fact seen (1 against 2): 34/45 and 35/45 on the 45
    // it grew to by two more stories, judged the same way.)
    expect(development.mainInLead).toBeGreaterThanOrEqual(34 / 45 - 1e-9);
    expect(development.mainInTitle).toBeGreaterThanOrEqual(35 / 45 - 1e-9);
    // Facts most carriers of a cited claim state that the article does not (2 and 7 before a
    // bare sentence gave way to a carrier sentence that states them; 1 on the test web before a
    // disputed claim's text was one stating its value: the police's 120 was written "several").
    expect(web.lostFacts, JSON.stringify(web.stories.map((v) => v.lost))).toBe(0);
    // Names stay as the pages write them in a US voice (7 on the test web with the names rule off).
    expect(web.namesChanged, JSON.stringify(web.stories.map((v) => v.renamed))).toBe(0);
    expect(development.namesChanged).toBe(0);
    // (On the first 21 stories 5, and 4 before flagged claims the engine cannot reword were left
    // out: a claim written in its place may state fewer of its carriers' figures;
    // docs/decisions.md, "Our own words". 16 on all 30, 13 once a disputed claim's text states
    // its value, 12 at the ninth session's end; 7 once a claim some sentence states a fact of is
    // read by such a sentence, unless several carriers word its act alike; 6 once a sentence
    // opening on a name the story writes elsewhere is read as naming it; 7 on the 36 stories of the
    // sixteenth session, one of them in the six new stories; 8 on the 43 of the seventeenth, the
    // 36 unchanged.)
    expect(development.lostFacts, JSON.stringify(development.stories.map((v) => v.lost))).toBeLessThanOrEqual(8);
    // Each account of a dispute the article cites, with its own value and who gives it.
    expect(web.disputeAccounts, JSON.stringify(web.stories.map((v) => v.accountsMissing))).toBe(1);
    expect(development.disputeAccounts, JSON.stringify(development.stories.map((v) => v.accountsMissing))).toBeGreaterThanOrEqual(
      0.99,
    );
    // The editor's checklist (main event in lead and headline, nothing lost, names kept, our own
    // words, quotations within their share, disputes with their accounts): held at its figure; our
    // own words is the item most stories miss without a model.
    // (0.701 and 0.667 before copied dispute rows were quoted or given by their figures: the rows
    // no longer pass a source's words as ours, and the quoted share item is met less often.)
    // (0.816 before the moves of the eighth session, 0.864 before every test-web article passed the
    // copy check, 0.888 before a disputed claim's text stated its value.)
    expect(web.checklist).toBeGreaterThanOrEqual(0.9);
    // (0.651 on the first 21 stories, 0.630 before the headline cut the main event rather than
    // pass it over; 0.620 on all 30, 0.631 once a disputed claim's text states its value, 0.654
    // before an anchored claim's text stated its fact; 0.672 before the eleventh session; 0.687
    // before the thirteenth; 0.714 on the 30 stories before the sixteenth session, 0.696 on its 36;
    // 0.689 on the 43 of the seventeenth; 0.696 on the 45 of the eighteenth.)
    expect(development.checklist).toBeGreaterThanOrEqual(0.685);
  }, 120_000);

  it("model provider against the fake model server: every article validated and written", async () => {
    const writer = new OpenAiWriter({
      baseURL: fake.url,
      apiKey: "test",
      model: "fake-writer",
      timeoutMs: 10_000,
      maxAttempts: 3,
      jsonMode: "schema",
      temperature: 0.2,
    });
    const score = await evaluateWriter(writer, stories, web.truth);
    expect(score.failures).toEqual([]);
    expect(score.claimIdValidity).toBe(1);
    expect(score.figureSupport, score.faults.join("\n")).toBe(1);
    expect(score.lengthAccuracy).toBeGreaterThanOrEqual(0.9);
    // A copying answer is sent back, so what the provider writes repeats no source.
    expect(score.longestCopiedRun, score.faults.join("\n")).toBeLessThanOrEqual(12);
    // And an answer quoting beyond the limits goes back too: every article passes the copy check.
    expect(score.ownWords, score.faults.join("\n")).toBe(1);
  });
});
