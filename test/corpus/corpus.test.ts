// The story corpus itself (README.md here): every story's ground truth agrees with its pages and
// with the definitions of the claim states, and the corpus has the breadth issue 9 asks for
// (30 stories or more, several writers, the seven languages, every state), and how the scorer
// matches a truth claim to the engine's. Nothing here runs the engine; test/sourcing/evaluation.test.ts
// scores it.
import { describe, expect, it } from "vitest";
import type { CheckedClaim } from "../../src/sourcing/types.ts";
import { matchClaim } from "./scoring.ts";
import { checkStory, loadSet } from "./storyCorpus.ts";

const development = loadSet("development");
const heldout = loadSet("heldout");
const all = [...development, ...heldout];

describe("the story corpus", () => {
  it.each(all.map((s) => [`${s.set}/${s.truth.story.id}`, s] as const))("%s is consistent", (_name, story) => {
    expect(checkStory(story)).toEqual([]);
  });

  it("has 30 stories or more by several writers, split into development and held-out halves", () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((s) => s.truth.story.writer)).size).toBeGreaterThanOrEqual(5);
    expect(development.length).toBeGreaterThanOrEqual(10);
    expect(heldout.length).toBeGreaterThanOrEqual(10);
  });

  it("covers English, German, Spanish, French, Italian, Polish and Japanese, and every claim state", () => {
    const languages = new Set(all.flatMap((s) => s.truth.pages.map((p) => p.lang)));
    for (const lang of ["en", "de", "es", "fr", "it", "pl", "ja"]) expect(languages).toContain(lang);
    const states = new Set(all.flatMap((s) => s.truth.claims.map((c) => c.state)));
    expect([...states].sort()).toEqual(["circular", "corroborated", "disputed", "parallel", "singleSource"]);
  });
});

describe("matching a truth claim to the engine's", () => {
  const claim = (key: string, text: string, mentions: string[], state: CheckedClaim["state"]): CheckedClaim => ({
    key,
    text,
    state,
    originCount: 2,
    sourceKeys: ["0", "1"],
    mentions: mentions.map((m, i) => ({ sourceKey: String(i), text: m })),
  });
  const urlOfKey = new Map([
    ["0", "http://one.example/a"],
    ["1", "http://two.example/b"],
  ]);

  it("prefers, between claims sharing as many carriers, the one whose own text states the facts", () => {
    const both = "The pool is to cost about €25m and open in autumn 2028.";
    const cost = claim("c", "The pool will cost €24.6m.", ["The pool will cost €24.6m.", both], "disputed");
    const opening = claim("o", "The pool opens in autumn 2028.", ["The pool opens in autumn 2028.", both], "parallel");
    const carriers = [...urlOfKey.values()];
    expect(matchClaim(["2028"], carriers, [cost, opening], urlOfKey)?.key).toBe("o");
    expect(matchClaim(["2028"], carriers, [opening, cost], urlOfKey)?.key).toBe("o");
    expect(matchClaim(["24.6"], carriers, [opening, cost], urlOfKey)?.key).toBe("c");
  });

  it("prefers, when both claims' texts state the facts, the one more of whose mentions state them", () => {
    const sentence = "Tallyforge, which sells software to about 3,100 businesses, said it detected the access on Oct 2.";
    const detected = claim("d", sentence, ["The company detected unauthorised activity on October 2.", sentence], "parallel");
    const customers = claim("c", sentence, ["Tallyforge counts about 3,100 businesses as customers.", sentence], "corroborated");
    const carriers = [...urlOfKey.values()];
    expect(matchClaim(["3,100"], carriers, [detected, customers], urlOfKey)?.key).toBe("c");
    expect(matchClaim(["3,100"], carriers, [customers, detected], urlOfKey)?.key).toBe("c");
  });
});
