// Long texts are segmented piece by piece (src/segmenting.ts): the same words and sentences as
// segmenting the whole text at once, in time that grows with the text, not with its square.
import { describe, expect, it } from "vitest";
import { textPieces } from "../src/segmenting.ts";
import { splitSentences } from "../src/sourcing/claims/sentences.ts";
import { wordTokens } from "../src/writing/qa/wording.ts";

const prose = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Dr. Ayla Brandt said ${i} containers, worth €${i}.5m, were lost off Cabo Serrano on 3 February. Was it ${i % 7}?`,
  ).join(" ");

describe("segmenting long texts", () => {
  it("cuts a text into pieces that join back into it, each within the budget where a boundary allows", () => {
    const text = prose(400);
    const pieces = [...textPieces(text, /\s/u)];
    expect(pieces.join("")).toBe(text);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(4000);
    // Nowhere to cut (Japanese has no spaces): pieces of the budget, still joining back.
    const japanese = "台風14号は三浜県潮見市付近に上陸した".repeat(600);
    expect([...textPieces(japanese, /\s/u)].join("")).toBe(japanese);
  });

  it("finds the same words as one pass over the whole text", () => {
    const text = prose(300);
    const whole = [...new Intl.Segmenter("en", { granularity: "word" }).segment(text.toLowerCase())]
      .filter((s) => s.isWordLike)
      .map((s) => s.segment);
    expect(wordTokens(text, "en")).toEqual(whole);
    expect(wordTokens(text, "en", 50)).toEqual(whole.slice(0, 50));
  });

  it("finds the same sentences as one pass, abbreviations joined, and reads a 600,000-character paragraph", () => {
    const text = prose(200);
    const sentences = splitSentences(text, "en");
    expect(sentences).toHaveLength(400);
    expect(sentences[0]).toBe("Dr. Ayla Brandt said 0 containers, worth €0.5m, were lost off Cabo Serrano on 3 February.");
    // 26 s for words and over 2 s for sentences when handed whole; here well inside the test's time.
    const huge = prose(6000);
    expect(huge.length).toBeGreaterThan(600_000);
    expect(splitSentences(huge, "en")).toHaveLength(12_000);
    expect(wordTokens(huge, "en", 50_000)).toHaveLength(50_000);
  });
});
