// The story corpus itself (README.md here): every story's ground truth agrees with its pages and
// with the definitions of the claim states, and the corpus has the breadth issue 9 asks for
// (30 stories or more, several writers, the seven languages, every state). Nothing here runs the
// engine; test/sourcing/evaluation.test.ts scores it.
import { describe, expect, it } from "vitest";
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
