// The built-in engine's word swaps (src/writing/builtin/rephrase.ts): a sentence whose clause is
// too long to move apart is made ours by swapping words for words that state the same, mid-run,
// never inside a name or a quotation; and restate.ts uses them when moving phrases is not enough.
import { describe, expect, it } from "vitest";
import { rephrased } from "../../src/writing/builtin/rephrase.ts";
import { restateSentences } from "../../src/writing/builtin/restate.ts";
import { COPY_RUN_LIMIT, SourceWindows } from "../../src/writing/copying.ts";

const windowsOf = (...texts: string[]) =>
  new SourceWindows(
    texts.map((text, i) => ({ id: `s${i}`, title: "", text, language: "en" })),
    "en",
  );
const longestRun = (text: string, windows: SourceWindows) =>
  Math.max(0, ...windows.copiedRuns(text, "en").map((r) => r.words.length));

describe("rephrased", () => {
  it("swaps a word mid-run so no run of the source stays longer than the limit", () => {
    const source =
      "Engineers working through the night said more than 300 homes in the valley were still without power on Sunday.";
    const windows = windowsOf(source);
    const out = rephrased(source, "en", windows);
    expect(out).toBeDefined();
    expect(longestRun(out as string, windows)).toBeLessThanOrEqual(COPY_RUN_LIMIT);
    // The figure and what it counts are still there.
    expect(out).toBe("Engineers working through the night said over 300 homes in the valley were still without power on Sunday.");
  });

  it("turns a possessive around without cutting into the name it moves", () => {
    const source = "Rescuers searched the water off England's northeast coast for three fishermen missing since the storm.";
    const windows = windowsOf(source);
    const out = rephrased(source, "en", windows) as string;
    expect(out).toContain("the northeast coast of England");
    expect(longestRun(out, windows)).toBeLessThanOrEqual(COPY_RUN_LIMIT);
  });

  it("never turns a day into an owner: Saturday's match is not the match of Saturday", () => {
    const source =
      "Thousands of supporters travelled to watch Saturday's match between the two clubs at the old ground by the river.";
    const out = rephrased(source, "en", windowsOf(source));
    expect(out ?? "").not.toContain("of Saturday");
  });

  it("leaves names and quotations as they are written", () => {
    const source =
      "The Harbour Post said “more than 300 people were moved from the riverside homes overnight by the rescue crews” on Tuesday night in the town.";
    const windows = windowsOf(source);
    const out = rephrased(source, "en", windows);
    // Every swappable word of the long run sits inside the quotation: nothing may change there.
    if (out !== undefined) {
      expect(out).toContain("“more than 300 people were moved from the riverside homes overnight by the rescue crews”");
      expect(out).toContain("The Harbour Post");
    }
    const named = "Shares in The Vessel Company rose 2 per cent to 418p by the close of trading in London.";
    const renamed = rephrased(named, "en", windowsOf(named)) as string;
    expect(renamed).toContain("The Vessel Company");
    expect(renamed).not.toMatch(/firm|vessel company/u);
    expect(longestRun(renamed, windowsOf(named))).toBeLessThanOrEqual(COPY_RUN_LIMIT);
  });

  it("answers undefined when no swap makes the sentence ours", () => {
    const source = "Crowds line the Mere as the Victorian crossing opens to walkers and cyclists from the town and beyond.";
    expect(rephrased(source, "en", windowsOf(source))).toBeUndefined();
    expect(rephrased(source, "ja", windowsOf(source))).toBeUndefined();
  });

  it("drops or adds the 'that' of a statement, never one that opens a relative clause's object", () => {
    const source = "Harbourmaster Owen Tait said the Halden Star would be given a berth at Quay 7 today.";
    const windows = windowsOf(source);
    const out = rephrased(source, "en", windows) as string;
    expect(out).toMatch(/said that the Halden Star/u);
    const warned =
      "Engineers warned the club of corrosion in the steel supports of the roof of the stand in their report last year.";
    expect(rephrased(warned, "en", windowsOf(warned)) ?? "").not.toMatch(/warned that the club/u);
  });
});

describe("restateSentences with swaps", () => {
  it("puts the attribution inside a long statement when that breaks the run", () => {
    const source =
      "Four of the lost containers held dangerous goods, including two loaded with lithium-ion batteries, the agency said.";
    const windows = windowsOf(source);
    const out = restateSentences(source, "en", windows)?.join(" ") as string;
    expect(out).toBeDefined();
    expect(longestRun(out, windows)).toBeLessThanOrEqual(COPY_RUN_LIMIT);
    expect(out).toContain("lithium-ion batteries");
    expect(out).toContain("the agency said");
  });

  it("takes a side statement about a noun out as its own sentence", () => {
    const source =
      "The port, which employs 1,150 people, plans to deepen its main channel so that it can take larger bulk carriers.";
    const windows = windowsOf(source);
    const out = restateSentences(source, "en", windows) as string[];
    expect(out).toBeDefined();
    expect(out.join(" ")).toContain("The port employs 1,150 people.");
    expect(longestRun(out.join(" "), windows)).toBeLessThanOrEqual(COPY_RUN_LIMIT);
  });

  it("never fronts the second half of a pair joined by 'and'", () => {
    const source =
      "The wrought-iron bridge first opened in 1891 and once swung open dozens of times a day to let ships into the inner dock.";
    const out = restateSentences(source, "en", windowsOf(source));
    expect(out?.join(" ") ?? "").not.toMatch(/\band\.$/u);
  });

  it("gives a second verb after an adverb of time, an irregular past, as a sentence of its own", () => {
    const source =
      "The wrought-iron bridge first opened in 1891 and once swung open dozens of times a day to let ships into the inner dock.";
    const windows = windowsOf(source);
    const out = restateSentences(source, "en", windows)?.join(" ") as string;
    expect(out).toBeDefined();
    expect(longestRun(out, windows)).toBeLessThanOrEqual(COPY_RUN_LIMIT);
    expect(out).toContain("1891");
    expect(out).toContain("The wrought-iron bridge once swung open dozens of times");
  });

  it("gives a passive's second verb its auxiliary, an irregular past too", () => {
    const source = "The castle was built in 1347 by the Earl of Harwick and sold to the county council in 1950.";
    const out = restateSentences(source, "en", windowsOf(source))?.join(" ") as string;
    expect(out).toContain("The castle was sold to the county council in 1950.");
  });

  it("says 'could' for 'would be able to' and 'pending' for 'subject to' a consent", () => {
    const capacity =
      "The company said the Kelso Road Energy Park would be able to store and release 400 megawatts of power from its batteries.";
    const windows = windowsOf(capacity);
    const out = restateSentences(capacity, "en", windows)?.join(" ") as string;
    expect(out).toContain("could store and release 400 megawatts");
    expect(longestRun(out, windows)).toBeLessThanOrEqual(COPY_RUN_LIMIT);
    const start =
      "Construction is scheduled to begin in September 2027, subject to planning consent, with the first phase operating by the end of 2029.";
    const started = restateSentences(start, "en", windowsOf(start))?.join(" ") as string;
    expect(started).toContain("pending planning consent");
    const can = "The new terminal at Portmere airport will be able to handle 4,000 passengers an hour from 2028.";
    expect(rephrased(can, "en", windowsOf(can))).toContain("can handle 4,000 passengers");
    expect(longestRun(started, windowsOf(start))).toBeLessThanOrEqual(COPY_RUN_LIMIT);
  });
});

describe("swaps that must not fire", () => {
  it("gives a rate another way only after a plural, never a span of time", () => {
    const rate = "The castle on the headland attracts tens of thousands of visitors a year from across the whole region.";
    expect(rephrased(rate, "en", windowsOf(rate)) ?? "").not.toMatch(/within each|for each/u);
    const span = "The contractor promised that the damaged bridge would reopen to traffic within a year of the storm.";
    expect(rephrased(span, "en", windowsOf(span)) ?? "").not.toContain("within each year");
  });

  it("never swaps a verb for a noun: ships goods, carrying out", () => {
    const verb = "The company said it would ship goods from the new depot to the harbour from the start of next month.";
    expect(rephrased(verb, "en", windowsOf(verb)) ?? "").not.toContain("vessel goods");
    const out = "Engineers were carrying out checks on the pivot of the old swing bridge all through the night on Monday.";
    expect(rephrased(out, "en", windowsOf(out)) ?? "").not.toContain("transporting out");
  });
});

describe("swaps that turn a sentence around", () => {
  it("turns a passive with its agent named active, in the past only", () => {
    const source = "The bridge was designed by the engineer Thomas Aldred to turn on a single pivot in the old harbour.";
    const out = rephrased(source, "en", windowsOf(source)) as string;
    expect(out).toBe("The engineer Thomas Aldred designed the bridge to turn on a single pivot in the old harbour.");
    // After an opening participle the phrase would be about the agent: left alone.
    const opened =
      "Opened in 1891, the bridge was designed by the engineer Thomas Aldred to turn on a single pivot in the old harbour.";
    expect(rephrased(opened, "en", windowsOf(opened)) ?? "").not.toContain("Aldred designed");
  });

  it("sets a role written as a title after the name", () => {
    const source = "Ward councillor Sam Okonjo welcomed the plan for the empty site beside the old gasworks.";
    // The sources write "ward" in lower case elsewhere: the role is lower-cased when it moves.
    const out = rephrased(source, "en", windowsOf(source, "The ward needs the jobs.")) as string;
    expect(out).toBe("Sam Okonjo, the ward councillor, welcomed the plan for the empty site beside the old gasworks.");
    const place = "Gold Coast actor Lachlan Reid has landed the lead role in a British historical drama series.";
    expect(rephrased(place, "en", windowsOf(place))).toBe(
      "Lachlan Reid, the Gold Coast actor, has landed the lead role in a British historical drama series.",
    );
  });
});

describe("swaps in other languages", () => {
  const windowsIn = (language: string, text: string) => new SourceWindows([{ id: "s", title: "", text, language }], language);

  it("swaps words in German, which has no rules for moving phrases", () => {
    const source = "Ein Sprecher des Unternehmens schätzte den Schaden an der Halle auf rund 40 Millionen Euro.";
    const out = restateSentences(source, "de", windowsIn("de", source))?.join(" ") as string;
    expect(out).toBe("Ein Sprecher des Unternehmens schätzte den Schaden an der Halle auf etwa 40 Millionen Euro.");
  });

  it("swaps a Spanish linking phrase, keeping the figures", () => {
    const source =
      "El buque entró remolcado en el puerto a las 15.40 de este jueves, dos días después de perder parte de su carga.";
    const windows = windowsIn("es", source);
    const out = rephrased(source, "es", windows) as string;
    expect(out).toBeDefined();
    expect(out).toContain("15.40");
    expect(Math.max(0, ...windows.copiedRuns(out, "es").map((r) => r.words.length))).toBeLessThanOrEqual(COPY_RUN_LIMIT);
  });
});

describe("swaps guarded to one sense", () => {
  it("never makes 'several of' into 'a number of of', nor a verdict into a discovery", () => {
    const several = "Several of the containers that washed up on the beach near the harbour wall were already empty.";
    expect(rephrased(several, "en", windowsOf(several)) ?? "").not.toContain("of of");
    const verdict = "After a trial lasting three weeks the jury found him guilty of fraud at the crown court in Leeds.";
    expect(rephrased(verdict, "en", windowsOf(verdict)) ?? "").not.toContain("discovered him guilty");
  });
});
