// Names are sacred (issue 15): the voice's spelling (US or UK) and its preferred words never
// touch a proper noun, an outlet's or a party's name, a quotation, a quoted title or an address.
// Checked on made-up sentences, then over every name in the test web: each story written in a
// US and a UK voice keeps every name its pages write as they write it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBuiltin } from "../../src/writing/builtin/builtinWriter.ts";
import type { SiteVoice } from "../../src/writing/types.ts";
import { draftWords } from "../../src/writing/units.ts";
import { applyVoiceWords, respellWord } from "../../src/writing/voiceWords.ts";
import { allStoryMaterial, type StoryMaterial } from "../web/storyMaterial.ts";
import { startTestWeb, type TestWeb } from "../web/testWeb.ts";
import { storyBrief } from "./evaluate.ts";

const us = { spelling: "US" as const, prefer: ["use over utilise"] };
const uk = { spelling: "UK" as const, prefer: [] };

describe("the voice's word rules", () => {
  it("respell ordinary words and keep names, quotations and addresses as written", () => {
    expect(
      applyVoiceWords(
        "The Harbour Gazette said the harbour centre will utilise 4.3 metres of wall, “the best colour in the harbour”, per https://harbour.example/centre.",
        us,
        "en",
      ),
    ).toBe(
      "The Harbour Gazette said the harbor center will use 4.3 meters of wall, “the best colour in the harbour”, per https://harbour.example/centre.",
    );
    expect(applyVoiceWords("Westside Harbor Center opened a new theater near the harbor.", uk, "en")).toBe(
      "Westside Harbor Center opened a new theatre near the harbour.",
    );
    // A name given by the caller is kept even where it is not capitalised as a name.
    expect(applyVoiceWords("the programme desk of harbour radio covered it", uk, "en", ["harbour radio"])).toBe(
      "the programme desk of harbour radio covered it",
    );
    // A single word starting a sentence is a word, not a name; "Port of Valdena Authority" is one name.
    expect(applyVoiceWords("Centre staff at the Port of Valdena Authority's Harbour Centre left.", us, "en")).toBe(
      "Center staff at the Port of Valdena Authority's Harbour Centre left.",
    );
  });
});

describe("every name in the test web", () => {
  let web: TestWeb;
  let stories: StoryMaterial[];
  beforeAll(async () => {
    web = await startTestWeb();
    stories = await allStoryMaterial(web);
  }, 120_000);
  afterAll(() => web?.close());

  const voice = (spelling: "US" | "UK"): SiteVoice => ({
    name: "Test Desk",
    tone: "neutral",
    spelling,
    avoid: [],
    prefer: [],
    styleGuide: "",
    attribution: "",
  });

  /** Capitalised runs of the pages with a word the spelling rules know ("The Harbour Gazette", "Harbour Street"). */
  function namesWithRespellableWords(story: StoryMaterial): string[] {
    const texts = [...story.sources.map((s) => s.origin), ...story.sources.map((s) => s.text ?? ""), ...web.truth.originLabels];
    const names = new Set<string>();
    for (const text of texts) {
      for (const m of text.matchAll(/\p{Lu}[\p{L}'’-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}'’-]*)+/gu)) {
        const words = m[0].split(/\s+/);
        if (words.some((w) => respellWord(w, "US") !== w || respellWord(w, "UK") !== w)) names.add(m[0]);
      }
    }
    return [...names];
  }

  it("keeps every name its pages write, in a US and a UK voice", () => {
    let checked = 0;
    for (const story of stories) {
      const names = namesWithRespellableWords(story);
      for (const spelling of ["US", "UK"] as const) {
        const draft = writeBuiltin({
          brief: storyBrief(story.story),
          voice: voice(spelling),
          claims: story.claims,
          sources: story.sources,
        });
        const text = [draft.title, draft.deck, ...draft.units.map((u) => u.text)].join("\n");
        expect(draftWords(draft)).toBeGreaterThan(0);
        for (const name of names) {
          const respelled = name
            .split(/(\s+)/)
            .map((w) => respellWord(w, spelling))
            .join("");
          if (respelled === name) continue;
          checked++;
          expect(text, `${story.story.id} (${spelling}): "${name}" respelled`).not.toContain(respelled);
        }
      }
    }
    // The test web has such names (The Harbour Gazette, Harbour Master…): the check checked something.
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
