// The read-back: every check present in one order, passing on a clean article and warning on the
// fault it exists for, with the units, target and items an editor acts on.
import { describe, expect, it } from "vitest";
import { fill, phrasesFor } from "../../src/writing/builtin/phrases.ts";
import { type ReadBackInput, readBack } from "../../src/writing/qa/readBack.ts";
import type {
  Draft,
  QualityCheck,
  SiteVoice,
  Tone,
  Unit,
  WritingBrief,
  WritingClaim,
  WritingSource,
} from "../../src/writing/types.ts";
import { draftWords, renumber } from "../../src/writing/units.ts";

const CHECK_IDS = [
  "supported",
  "flagged",
  "left-out",
  "copied",
  "claim-ids",
  "must-appear",
  "length",
  "sentence-length",
  "repetition",
  "links",
  "avoid-words",
];

const sources: WritingSource[] = [
  {
    id: "s1",
    origin: "Portmere Gazette",
    originId: "o1",
    title: "Storm Elin shuts Portmere port",
    url: "https://gazette.example/storm-elin",
    official: false,
    language: "en",
    text:
      "Storm Elin forced the closure of the port of Portmere on Monday, the harbour master said. " +
      "About 1,200 homes in Portmere lost power during the storm, according to the grid operator. " +
      "The harbour authority estimates repairs to the north quay will cost £2.5 million. " +
      "Three fishing boats sank in the harbour overnight. " +
      "On Tuesday the town council voted to fund a new sea wall along the esplanade.",
  },
  {
    id: "s2",
    origin: "Harbour Radio",
    originId: "o2",
    title: "Port closed as Elin hits the coast",
    url: "https://radio.example/news/elin",
    official: false,
    language: "en",
    text:
      "The port of Portmere was closed on Monday as Storm Elin hit the coast. " +
      "Five fishing boats sank at their moorings, skippers told the station. " +
      "The port will reopen on Thursday, according to the Portmere Harbour Authority.",
  },
  {
    id: "s3",
    origin: "Coastal Times",
    originId: "o3",
    title: "Council backs sea wall after storm",
    url: "https://coastaltimes.example/council-sea-wall",
    official: false,
    language: "en",
    text:
      "Around 1,200 households in Portmere were left without power by the storm. " +
      "Portmere town council voted on Tuesday to fund a new sea wall. " +
      "The port will reopen on Thursday, the Portmere Harbour Authority said.",
  },
];

const claim = (c: Partial<WritingClaim> & Pick<WritingClaim, "id" | "text" | "sourceIds">): WritingClaim => ({
  state: "corroborated",
  originCount: c.sourceIds.length,
  mentions: c.sourceIds.map((sourceId) => ({ sourceId, text: c.text })),
  ...c,
});

const claims: WritingClaim[] = [
  claim({
    id: "c1",
    text: "Storm Elin forced the closure of the port of Portmere on Monday.",
    sourceIds: ["s1", "s2"],
    mentions: [
      { sourceId: "s1", text: "Storm Elin forced the closure of the port of Portmere on Monday, the harbour master said." },
      { sourceId: "s2", text: "The port of Portmere was closed on Monday as Storm Elin hit the coast." },
    ],
  }),
  claim({
    id: "c2",
    text: "About 1,200 homes in Portmere lost power during the storm.",
    sourceIds: ["s1", "s3"],
    mentions: [
      { sourceId: "s1", text: "About 1,200 homes in Portmere lost power during the storm, according to the grid operator." },
      { sourceId: "s3", text: "Around 1,200 households in Portmere were left without power by the storm." },
    ],
  }),
  claim({
    id: "c3",
    text: "Portmere town council voted on Tuesday to fund a new sea wall.",
    sourceIds: ["s1", "s3"],
    mentions: [
      { sourceId: "s1", text: "On Tuesday the town council voted to fund a new sea wall along the esplanade." },
      { sourceId: "s3", text: "Portmere town council voted on Tuesday to fund a new sea wall." },
    ],
  }),
  claim({
    id: "c4",
    text: "The harbour authority estimates repairs to the north quay will cost £2.5 million.",
    state: "singleSource",
    sourceIds: ["s1"],
  }),
  claim({
    id: "c5",
    text: "The port will reopen on Thursday.",
    state: "parallel",
    attributedTo: "portmere harbour authority",
    sourceIds: ["s2", "s3"],
    mentions: [
      { sourceId: "s2", text: "The port will reopen on Thursday, according to the Portmere Harbour Authority." },
      { sourceId: "s3", text: "The port will reopen on Thursday, the Portmere Harbour Authority said." },
    ],
  }),
  claim({
    id: "c6",
    text: "Three fishing boats sank in the harbour.",
    state: "disputed",
    sourceIds: ["s1", "s2"],
    mentions: [
      { sourceId: "s1", text: "Three fishing boats sank in the harbour overnight." },
      { sourceId: "s2", text: "Five fishing boats sank at their moorings, skippers told the station." },
    ],
    variants: [
      { text: "Three fishing boats sank in the harbour overnight.", sourceIds: ["s1"] },
      { text: "Five fishing boats sank at their moorings.", sourceIds: ["s2"] },
    ],
  }),
];

type UnitSpec = Omit<Unit, "n">;
const p = (text: string, claimIds: string[] = []): UnitSpec => ({ kind: "paragraph", text, claimIds });
const h = (text: string): UnitSpec => ({ kind: "heading", text, claimIds: [], level: 2 });
const row = (cells: string[], claimIds: string[], header = false): UnitSpec => ({
  kind: "row",
  text: cells.join(" | "),
  cells,
  claimIds,
  ...(header ? { header: true } : {}),
});

const LEAD = "Storm Elin forced the closure of the port of Portmere on Monday. About 1,200 homes in Portmere lost power.";

/** A clean article in the built-in engine's manner: claims in their own words, sourcing said plainly. */
function cleanUnits(): UnitSpec[] {
  return [
    p(LEAD, ["c1", "c2"]),
    h("## What is confirmed"),
    p("Portmere town council voted on Tuesday to fund a new **sea wall**. Both outlets reported the vote.", ["c3"]),
    p("Around 1,200 households were left without power by the storm, according to the Coastal Times.", ["c2"]),
  ];
}

/** The same article with the claims that are not corroborated, as the built-in engine lays them out. */
function flaggedUnits(): UnitSpec[] {
  return [
    ...cleanUnits(),
    h("## What rests on one account"),
    p(
      "The harbour authority estimates repairs to the north quay will cost £2.5 million. Only Portmere Gazette has reported this; no other outlet has confirmed it.",
      ["c4"],
    ),
    p("The port will reopen on Thursday. Every outlet carrying this attributes it to Portmere Harbour Authority.", ["c5"]),
    h("## Where accounts differ"),
    p("Accounts differ on this point.", ["c6"]),
    row(["Account", "Reported by"], [], true),
    row(["Three fishing boats sank in the harbour overnight.", "Portmere Gazette"], ["c6"]),
    row(["Five fishing boats sank at their moorings.", "Harbour Radio"], ["c6"]),
  ];
}

function draftOf(units: UnitSpec[], extra: Partial<Draft> = {}): Draft {
  const numbered = renumber(units);
  return {
    title: "Storm Elin closes Portmere port",
    deck: "Drawn from reports by Portmere Gazette, Harbour Radio and Coastal Times, checked against each other.",
    lead: numbered[0]?.text ?? "",
    language: "en",
    units: numbered,
    internalLinks: [],
    engine: "built-in",
    warnings: [],
    ...extra,
  };
}

function briefFor(draft: Draft, extra: Partial<WritingBrief> = {}): WritingBrief {
  return {
    topic: "Storm Elin in Portmere",
    angle: "What closed and what the council decided",
    purpose: "news",
    audience: "local readers",
    region: "UK",
    tone: "neutral",
    length: "short",
    targetWords: draftWords(draft),
    structure: "ibc",
    keywords: ["Portmere port"],
    mustAppear: [],
    language: draft.language,
    ...extra,
  };
}

const voice: SiteVoice = {
  name: "Coast Desk",
  tone: "plain",
  spelling: "UK",
  avoid: ["slammed", "power cut"],
  prefer: [],
  styleGuide: "",
  attribution: "according to",
};

function inputFor(units: UnitSpec[], extra: Partial<ReadBackInput> = {}, draftExtra: Partial<Draft> = {}): ReadBackInput {
  const draft = draftOf(units, draftExtra);
  return { draft, brief: briefFor(draft), voice, claims, sources, ...extra };
}

function check(checks: QualityCheck[], id: string): QualityCheck {
  const found = checks.find((c) => c.id === id);
  expect(found, `check ${id}`).toBeDefined();
  return found as QualityCheck;
}

describe("read-back", () => {
  it("returns every check, in one order, all passed on a clean article", async () => {
    // Clean: the text states its claims, and leaves out no flagged one.
    const checks = await readBack(inputFor(cleanUnits(), { claims: claims.filter((c) => c.state === "corroborated") }));
    expect(checks.map((c) => c.id)).toEqual(CHECK_IDS);
    for (const c of checks) {
      expect(c.verdict, `${c.id}: ${c.detail} ${JSON.stringify(c.items)}`).toBe("passed");
      expect(c.name).not.toBe("");
      expect(c.detail).toMatch(/[.!]$/);
      expect(c.units).toBeUndefined();
      expect(c.actionLabel).toBeUndefined();
    }
  });

  it("keeps the order when checks warn, and gives the same answer twice", async () => {
    const input = inputFor([...flaggedUnits(), p("Portmere was slammed by 90 mph winds.", ["c1"])]);
    const first = await readBack(input);
    const second = await readBack(input);
    expect(first.map((c) => c.id)).toEqual(CHECK_IDS);
    expect(second).toEqual(first);
  });

  describe("copied", () => {
    // s1: "The harbour authority estimates repairs to the north quay will cost £2.5 million." (13 words)
    it("names a unit that repeats more than 12 words of a source outside quotation marks, with the outlet", async () => {
      const units = [
        p("Storm Elin closed the port on Monday.", ["c1"]),
        p("The harbour authority estimates repairs to the north quay will cost £2.5 million, it said.", ["c4"]),
      ];
      const copied = check(await readBack(inputFor(units)), "copied");
      expect(copied.verdict).toBe("warning");
      expect(copied.units).toEqual([2]);
      expect(copied.target).toBe(2);
      expect(copied.items).toHaveLength(1);
      expect(copied.items?.[0]).toMatch(
        /^Unit 2 repeats 13 words of Portmere Gazette outside quotation marks: “the harbour authority/,
      );
    });

    it("lets twelve words pass, reads across case and punctuation, and counts the title", async () => {
      // Twelve words in a row of s1, then our own: within the rule.
      const twelve = p("The harbour authority estimates repairs to the north quay will cost a lot.", ["c4"]);
      expect(check(await readBack(inputFor([twelve])), "copied").verdict).toBe("passed");
      // Thirteen, with the case and punctuation changed: still the source's words.
      const thirteen = p("THE HARBOUR AUTHORITY — estimates repairs, to the north quay; will cost £2.5 MILLION!", ["c4"]);
      const copied = check(await readBack(inputFor([thirteen])), "copied");
      expect(copied.verdict).toBe("warning");
      expect(copied.items?.[0]).toMatch(/repeats 13 words/);
      const title = check(
        await readBack(
          inputFor(
            cleanUnits(),
            {},
            { title: "Storm Elin forced the closure of the port of Portmere on Monday, the harbour master said" },
          ),
        ),
        "copied",
      );
      expect(title.items?.[0]).toMatch(/^The title repeats 16 words of Portmere Gazette/);
    });

    it("allows a quotation up to the quoted share, and names the share and the source beyond it", async () => {
      const quoted = p("The harbour master said: “Storm Elin forced the closure of the port of Portmere on Monday.”", ["c1"]);
      const filler = p(
        "Power returned to most homes by the evening, and crews began clearing the esplanade before the council met to plan a sea wall for the town.",
        ["c2", "c3"],
      );
      // 11 of 50 words quoted: 22%, over the 15% a text may quote, all from one outlet.
      const out = check(await readBack(inputFor([quoted, filler])), "copied");
      expect(out.verdict).toBe("warning");
      expect(out.items?.some((i) => /^2\d% of the article's words are inside quotation marks \(at most 15%\)/.test(i))).toBe(
        true,
      );
      expect(out.items?.some((i) => /^100% of the quoted words come from Portmere Gazette/.test(i))).toBe(true);
      expect(out.units).toEqual([1]);
      // The same quotation in a longer text is within the share; one short quotation is how a
      // person's words are given, so one source giving all of it is no fault below 5% quoted.
      const long = Array.from({ length: 10 }, () => filler);
      const within = check(await readBack(inputFor([quoted, ...long])), "copied");
      expect(within.verdict, JSON.stringify(within.items)).toBe("passed");
      expect(within.detail).toMatch(/of the words are quoted\.$/);
    });
  });

  describe("left-out", () => {
    it("names claims the article does not keep at all, once each", async () => {
      const corroborated = claims.filter((c) => c.state === "corroborated");
      const exclusive: WritingClaim = { ...claims.find((c) => c.state === "singleSource")!, id: "x1" };
      const out = check(
        await readBack(inputFor(cleanUnits(), { claims: corroborated, omitted: [...corroborated, exclusive, exclusive] })),
        "left-out",
      );
      expect(out.verdict).toBe("warning");
      expect(out.items?.filter((item) => item.includes(exclusive.text))).toHaveLength(1);
    });

    it("names every flagged claim the text leaves out, with its state and a reason, as a warning", async () => {
      const out = check(await readBack(inputFor(cleanUnits())), "left-out");
      expect(out.verdict).toBe("warning");
      const flaggedClaims = claims.filter((c) => c.state !== "corroborated");
      expect(out.items).toHaveLength(claims.length - new Set(cleanUnits().flatMap((u) => u.claimIds ?? [])).size);
      for (const c of flaggedClaims) expect(out.items?.some((item) => item.includes(c.text) && /\(.+\)$/.test(item))).toBe(true);
      expect(out.detail).toMatch(/flagged claims? (is|are) left out/);
    });

    it("lists a stub claim in the carrier sentence that states its figures, as the writers word it", async () => {
      const stub = claim({
        id: "c9",
        text: "Repairs were agreed.",
        sourceIds: ["s1", "s3"],
        mentions: [
          { sourceId: "s1", text: "Repairs were agreed." },
          { sourceId: "s3", text: "The council agreed repairs costing £4.5 million to the quay wall on Tuesday." },
          { sourceId: "s2", text: "Repairs costing £4.5 million were agreed for the quay wall." },
        ],
      });
      const out = check(await readBack(inputFor(cleanUnits(), { claims: [...claims, stub] })), "left-out");
      expect(out.items?.some((item) => item.startsWith("corroborated: The council agreed repairs costing £4.5 million"))).toBe(
        true,
      );
      expect(out.items?.some((item) => item.includes("Repairs were agreed."))).toBe(false);
    });

    it("passes when only corroborated claims are left out, and still lists them", async () => {
      const corroborated = claims.filter((c) => c.state === "corroborated");
      const first = cleanUnits()[0]!;
      const out = check(await readBack(inputFor([first], { claims: corroborated })), "left-out");
      const missing = corroborated.filter((c) => !(first.claimIds ?? []).includes(c.id));
      expect(missing.length).toBeGreaterThan(0);
      expect(out.verdict).toBe("passed");
      // The brief's target is this text's length, so the reason given is the length.
      expect(out.items).toEqual(missing.map((c) => `corroborated: ${c.text} (the article reached its length without it)`));
    });
  });

  describe("supported", () => {
    it("passes a built-in-style article with attributions, a disputed table and connective sentences", async () => {
      const checks = await readBack(inputFor(flaggedUnits()));
      const supported = check(checks, "supported");
      expect(supported.verdict, JSON.stringify(supported.items)).toBe("passed");
    });

    it("passes the engine's attribution phrases in every English tone", async () => {
      const tones: Tone[] = ["neutral", "formal", "explanatory", "conversational"];
      for (const tone of tones) {
        const { phrases } = phrasesFor("en", tone);
        const units = [
          ...cleanUnits(),
          h(phrases.sections.single),
          p(`${claims[3]?.text} ${fill(phrases.single, { origin: "Portmere Gazette" })}`, ["c4"]),
          p(`${claims[4]?.text} ${fill(phrases.parallel, { party: "Portmere Harbour Authority" })}`, ["c5"]),
          p(`${fill(phrases.circular, { origin: "Harbour Radio" })}`, ["c6"]),
          p(phrases.disputedIntro, ["c6"]),
        ];
        const supported = check(await readBack(inputFor(units)), "supported");
        expect(supported.verdict, `${tone}: ${JSON.stringify(supported.items)}`).toBe("passed");
      }
    });

    it("passes a paraphrase with a short hedge a model might write", async () => {
      const units = [
        ...cleanUnits(),
        p(
          "Repairs to the north quay will cost an estimated £2.5 million, the harbour authority estimates. No other outlet confirmed it.",
          ["c4"],
        ),
      ];
      expect(check(await readBack(inputFor(units)), "supported").verdict).toBe("passed");
    });

    it("warns on a figure the unit's claims' sources do not carry", async () => {
      const units = cleanUnits();
      units[2] = p("Portmere town council voted on Tuesday to fund a new sea wall costing £14 million.", ["c3"]);
      const supported = check(await readBack(inputFor(units)), "supported");
      expect(supported.verdict).toBe("warning");
      expect(supported.units).toEqual([3]);
      expect(supported.target).toBe(3);
      expect(supported.actionLabel).toBe("Review statement");
      expect(supported.items).toHaveLength(1);
      expect(supported.items?.[0]).toContain("£14 million");
      expect(supported.items?.[0]).toContain("14000000");
    });

    it("holds a figure to the unit's own claims, not to the whole article", async () => {
      // Five boats are in Harbour Radio's page, which carries c1 and c6 but not c3, the claim unit 3 cites.
      const units = cleanUnits();
      units[2] = p("Portmere town council voted on Tuesday to fund a new sea wall after five boats sank.", ["c3"]);
      const supported = check(await readBack(inputFor(units)), "supported");
      expect(supported.verdict).toBe("warning");
      expect(supported.units).toEqual([3]);
    });

    it("does not read an outlet's name as a figure, where the sentence names the outlet", async () => {
      const channel: WritingSource = { ...(sources[0] as WritingSource), id: "s9", origin: "Channel 4", originId: "o9" };
      const units = [
        ...cleanUnits(),
        p(`${claims[3]?.text} Only Channel 4 has reported this; no other outlet has confirmed it.`, ["c4"]),
      ];
      const withChannel = claims.map((c) => (c.id === "c4" ? { ...c, sourceIds: ["s9"] } : c));
      const input = inputFor(units, { claims: withChannel, sources: [...sources, channel] });
      expect(check(await readBack(input), "supported").verdict).toBe("passed");

      units[4] = p(`${claims[3]?.text} Repairs will take 4 weeks.`, ["c4"]);
      const figure = check(await readBack({ ...input, draft: draftOf(units) }), "supported");
      expect(figure.verdict).toBe("warning");
      expect(figure.items?.[0]).toContain("Repairs will take 4 weeks");
    });

    it("warns on a unit that cites no claim but states something checkable", async () => {
      const units = [...cleanUnits(), p("Mayor Ann Hale promised that Portmere would rebuild its fishing fleet.")];
      const supported = check(await readBack(inputFor(units)), "supported");
      expect(supported.verdict).toBe("warning");
      expect(supported.units).toEqual([5]);
      expect(supported.items?.[0]).toMatch(/^Unit 5 cites no claim but states: “Mayor Ann Hale/);
    });

    it("does not count headings and attribution sentences without claims as statements", async () => {
      const units = [
        ...cleanUnits(),
        h("## Other details"),
        p("Only Portmere Gazette has reported this; no other outlet has confirmed it."),
      ];
      expect(check(await readBack(inputFor(units)), "supported").verdict).toBe("passed");
    });

    it("warns on an invented statement in a unit that cites claims", async () => {
      const units = cleanUnits();
      units[2] = p(
        "Portmere town council voted on Tuesday to fund a new sea wall. Residents have long complained that engineers neglected the crumbling breakwater.",
        ["c3"],
      );
      const supported = check(await readBack(inputFor(units)), "supported");
      expect(supported.verdict).toBe("warning");
      expect(supported.units).toEqual([3]);
      expect(supported.items).toHaveLength(1);
      expect(supported.items?.[0]).toContain("Residents have long complained");
      expect(supported.items?.[0]).toContain("breakwater");
      expect(supported.items?.[0]).not.toContain("voted on Tuesday");
    });

    it("checks the title's figures against the claims the article cites", async () => {
      const supported = check(
        await readBack(inputFor(cleanUnits(), {}, { title: "Storm Elin leaves 4,000 homes without power" })),
        "supported",
      );
      expect(supported.verdict).toBe("warning");
      expect(supported.items?.[0]).toMatch(/^Title: .*4000/);
      expect(supported.units).toBeUndefined();
    });
  });

  describe("flagged", () => {
    it("lists the stated claims that are not corroborated, with their state and units", async () => {
      const flagged = check(await readBack(inputFor(flaggedUnits())), "flagged");
      expect(flagged.verdict).toBe("warning");
      expect(flagged.items).toEqual([
        "singleSource: The harbour authority estimates repairs to the north quay will cost £2.5 million.",
        "parallel: The port will reopen on Thursday.",
        "disputed: Three fishing boats sank in the harbour.",
      ]);
      expect(flagged.units).toEqual([6, 7, 9, 11, 12]);
      expect(flagged.target).toBe(6);
      expect(flagged.detail).toMatch(/3 claims/);
      expect(flagged.detail).toMatch(/attributed/);
      expect(flagged.detail).toMatch(/flagged for review/);
    });

    it("does not count a flag a reviewer kept, nor a flagged claim the text does not state", async () => {
      const kept = claims.map((c) => (c.id === "c4" ? { ...c, keptFlag: true } : c));
      const units = [...cleanUnits(), p(claims[3]?.text ?? "", ["c4"])];
      const flagged = check(await readBack(inputFor(units, { claims: kept })), "flagged");
      expect(flagged.verdict).toBe("passed");
      expect(flagged.detail).toMatch(/1 flag was already kept/);
    });
  });

  it("claim-ids: warns on a unit citing a claim that does not exist", async () => {
    const units = cleanUnits();
    units[3] = { ...(units[3] as UnitSpec), claimIds: ["c2", "c99"] };
    const ids = check(await readBack(inputFor(units)), "claim-ids");
    expect(ids.verdict).toBe("warning");
    expect(ids.units).toEqual([4]);
    expect(ids.target).toBe(4);
    expect(ids.items).toEqual(["Unit 4 cites “c99”, which is not one of the article's claims"]);
  });

  describe("must-appear", () => {
    it("finds phrases case-insensitively across title, standfirst and units, ignoring bold and spacing", async () => {
      const input = inputFor(cleanUnits());
      input.brief = { ...input.brief, mustAppear: ["Sea   Wall", "storm elin closes", "Harbour Radio", "fund a new sea wall"] };
      const must = check(await readBack(input), "must-appear");
      expect(must.verdict, JSON.stringify(must.items)).toBe("passed");
    });

    it("lists the phrases that are missing", async () => {
      const input = inputFor(cleanUnits());
      input.brief = { ...input.brief, mustAppear: ["sea wall", "north quay", "  flood defences "] };
      const must = check(await readBack(input), "must-appear");
      expect(must.verdict).toBe("warning");
      expect(must.items).toEqual(["north quay", "flood defences"]);
      expect(must.units).toBeUndefined();
    });
  });

  describe("length", () => {
    it("passes within 15% of the target and gives the figure", async () => {
      const input = inputFor(cleanUnits());
      const words = draftWords(input.draft);
      input.brief = { ...input.brief, targetWords: Math.round(words * 1.1) };
      const length = check(await readBack(input), "length");
      expect(length.verdict).toBe("passed");
      expect(length.detail).toContain(`${words} words against a target of ${Math.round(words * 1.1)}`);
    });

    it("warns outside 15%, with the signed difference", async () => {
      const filler = Array.from({ length: 12 }, (_, i) => `The council met in session number ${i}.`);
      const units = [...cleanUnits(), ...filler.map((t) => p(t))];
      const input = inputFor(units);
      const words = draftWords(input.draft);
      input.brief = { ...input.brief, targetWords: 900 };
      const length = check(await readBack(input), "length");
      expect(length.verdict).toBe("warning");
      const percent = Math.round(((words - 900) / 900) * 100);
      expect(length.detail).toContain(`${words} words against a target of 900 (−${-percent}%)`);
      expect(length.actionLabel).toBe("Adjust length");

      input.brief = { ...input.brief, targetWords: Math.round(words / 1.3) };
      expect(check(await readBack(input), "length").detail).toMatch(/\(\+30%\)/);
    });

    it("reports the spec's example figure", async () => {
      // 612 words: 51 paragraphs of twelve words.
      const units = Array.from({ length: 51 }, () => p("one two three four five six seven eight nine ten eleven twelve"));
      const draft = draftOf(units);
      expect(draftWords(draft)).toBe(612);
      const checks = await readBack({ draft, brief: briefFor(draft, { targetWords: 900 }), claims, sources });
      expect(check(checks, "length").detail).toMatch(/^612 words against a target of 900 \(−32%\)/);
    });
  });

  describe("sentence-length", () => {
    it("warns on a sentence over 40 words, with its unit and count", async () => {
      const long =
        "Portmere town council voted on Tuesday to fund a new sea wall, a decision that came after a long evening of debate in which councillors from every ward spoke about the storm, the power cuts, the closure of the port and the cost of waiting another winter.";
      const units = [...cleanUnits(), p(long, ["c3"])];
      const sentences = check(await readBack(inputFor(units)), "sentence-length");
      expect(sentences.verdict).toBe("warning");
      expect(sentences.units).toEqual([5]);
      expect(sentences.items).toHaveLength(1);
      expect(sentences.items?.[0]).toMatch(/\(47 words\)$/);
    });

    it("splits German sentences after ordinals and abbreviations before counting", async () => {
      const text =
        "Am 14. März 2026 schloss der Hafen von Portmere wegen des Sturms. Laut Dr. Anna Berg waren rund 1.200 Haushalte ohne Strom.";
      const draft: Draft = { ...draftOf([p(text)]), language: "de" };
      const checks = await readBack({ draft, brief: briefFor(draft), claims: [], sources: [] });
      expect(check(checks, "sentence-length").verdict).toBe("passed");
      expect(check(checks, "length").detail).toMatch(/^22 words/);
    });

    it("counts characters for Japanese", async () => {
      const short = "台風の影響で港が閉鎖された。";
      const long = `${"港湾当局は台風による被害の調査を続けており、".repeat(6)}再開の時期は未定だとしている。`;
      const draft: Draft = { ...draftOf([p(short), p(long)]), language: "ja" };
      const sentences = check(await readBack({ draft, brief: briefFor(draft), claims: [], sources: [] }), "sentence-length");
      expect(sentences.verdict).toBe("warning");
      expect(sentences.units).toEqual([2]);
      expect(sentences.detail).toMatch(/120 characters/);
      expect(sentences.items?.[0]).toMatch(/\(\d+ characters\)$/);
    });
  });

  describe("repetition", () => {
    it("warns on the same sentence twice and names both units", async () => {
      const units = [...cleanUnits(), p("Portmere town council voted on Tuesday to fund a new sea wall.", ["c3"])];
      const repetition = check(await readBack(inputFor(units)), "repetition");
      expect(repetition.verdict).toBe("warning");
      expect(repetition.units).toEqual([3, 5]);
      expect(repetition.target).toBe(3);
      expect(repetition.items).toEqual([
        "Units 3 and 5: “Portmere town council voted on Tuesday to fund a new sea wall.” appears 2 times",
      ]);
    });

    it("warns on near-identical sentences", async () => {
      const units = [...cleanUnits(), p("Storm Elin forced the closure of the port of Portmere early on Monday.", ["c1"])];
      const repetition = check(await readBack(inputFor(units)), "repetition");
      expect(repetition.verdict).toBe("warning");
      expect(repetition.units).toEqual([1, 5]);
      expect(repetition.items?.[0]).toMatch(/say nearly the same$/);
    });

    it("lets an attribution recur after each claim it belongs to", async () => {
      const single = "Only Portmere Gazette has reported this; no other outlet has confirmed it.";
      const units = [
        ...cleanUnits(),
        p(`${claims[3]?.text} ${single}`, ["c4"]),
        p(`Three fishing boats sank in the harbour overnight. ${single}`, ["c6"]),
      ];
      expect(check(await readBack(inputFor(units)), "repetition").verdict).toBe("passed");
    });
  });

  describe("links", () => {
    const page = { url: "https://coast.example/sea-wall-plan", title: "The sea wall plan" };
    const link = { id: "l1", n: 3, anchor: "sea wall", url: page.url, title: page.title };

    it("passes when there are no links, and says so", async () => {
      const links = check(await readBack(inputFor(cleanUnits())), "links");
      expect(links.verdict).toBe("passed");
      expect(links.detail).toMatch(/no internal links/);
    });

    it("passes a link to a site page whose anchor sits in its unit (bold markers aside)", async () => {
      const input = inputFor(cleanUnits(), { sitePages: [page], linkStatus: async () => 200 }, { internalLinks: [link] });
      const links = check(await readBack(input), "links");
      expect(links.verdict, JSON.stringify(links.items)).toBe("passed");
    });

    it("warns on a url that is not a site page, a missing unit and a misplaced anchor", async () => {
      const input = inputFor(
        cleanUnits(),
        { sitePages: [page] },
        {
          internalLinks: [
            { ...link, id: "l1", url: "https://elsewhere.example/wall" },
            { ...link, id: "l2", n: 40 },
            { ...link, id: "l3", n: 1, anchor: "the council" },
          ],
        },
      );
      const links = check(await readBack(input), "links");
      expect(links.verdict).toBe("warning");
      expect(links.detail).toMatch(/^3 of 3 internal links are broken/);
      expect(links.items).toEqual([
        "“sea wall” → https://elsewhere.example/wall is not a page of the site",
        "“sea wall” → https://coast.example/sea-wall-plan sits in unit 40, which does not exist",
        "“the council” → https://coast.example/sea-wall-plan has an anchor text that is not in unit 1",
      ]);
      expect(links.units).toEqual([1, 3]);
    });

    it("asks the link checker once per url and reports error statuses and unreachable pages", async () => {
      const asked: string[] = [];
      const other = { url: "https://coast.example/storm-elin", title: "Storm Elin live" };
      const input = inputFor(
        cleanUnits(),
        {
          sitePages: [page, other],
          linkStatus: async (url) => {
            asked.push(url);
            return url === page.url ? 404 : undefined;
          },
        },
        {
          internalLinks: [
            link,
            { ...link, id: "l2", n: 4, anchor: "storm", url: page.url },
            { ...link, id: "l3", n: 1, anchor: "Storm Elin", url: other.url },
          ],
        },
      );
      const links = check(await readBack(input), "links");
      expect(asked.sort()).toEqual([page.url, other.url].sort());
      expect(links.verdict).toBe("warning");
      expect(links.items).toEqual([
        "“sea wall” → https://coast.example/sea-wall-plan answered HTTP 404",
        "“storm” → https://coast.example/sea-wall-plan answered HTTP 404",
        "“Storm Elin” → https://coast.example/storm-elin could not be reached",
      ]);
      expect(links.units).toEqual([1, 3, 4]);
    });

    it("treats a checker that throws as an unreachable page", async () => {
      const input = inputFor(
        cleanUnits(),
        {
          sitePages: [page],
          linkStatus: () => {
            throw new Error("refused");
          },
        },
        { internalLinks: [link] },
      );
      expect(check(await readBack(input), "links").items).toEqual([
        "“sea wall” → https://coast.example/sea-wall-plan could not be reached",
      ]);
    });
  });

  describe("avoid-words", () => {
    it("warns on the site's avoided words, whole words only, with units and places", async () => {
      const units = [
        ...cleanUnits(),
        p("Storm Elin slammed the port of Portmere on Monday, forcing its closure.", ["c1"]),
        p("About 1,200 homes in Portmere lost power during the storm; the Power Cut line was busy.", ["c2"]),
        p("Storm Elin was a powerful storm that forced the closure of the port of Portmere.", ["c1"]),
      ];
      const avoid = check(await readBack(inputFor(units, {}, { title: "Storm Elin slammed Portmere port" })), "avoid-words");
      expect(avoid.verdict).toBe("warning");
      expect(avoid.items).toEqual(["“slammed” in the title and unit 5", "“power cut” in unit 6"]);
      expect(avoid.units).toEqual([5, 6]);
      expect(avoid.actionLabel).toBe("Replace word");
    });

    it("passes, saying why, when no voice is given", async () => {
      const input = inputFor([...cleanUnits(), p("Storm Elin slammed the port of Portmere on Monday.", ["c1"])]);
      delete input.voice;
      const avoid = check(await readBack(input), "avoid-words");
      expect(avoid.verdict).toBe("passed");
      expect(avoid.detail).toMatch(/No site voice/);
    });
  });

  describe("other languages", () => {
    it("reads a German article back against German sources", async () => {
      const source: WritingSource = {
        id: "d1",
        origin: "Hafenblatt",
        originId: "od1",
        title: "Sturm schließt Hafen",
        url: "https://hafenblatt.example/sturm",
        official: false,
        language: "de",
        text: "Am 14. März 2026 schloss der Hafen von Portmere wegen des Sturms. Rund 1.200 Haushalte waren ohne Strom.",
      };
      const other: WritingSource = { ...source, id: "d2", origin: "Küstenfunk", originId: "od2", url: "https://kfunk.example/a" };
      const germanClaims: WritingClaim[] = [
        claim({ id: "g1", text: "Am 14. März 2026 schloss der Hafen von Portmere wegen des Sturms.", sourceIds: ["d1", "d2"] }),
        claim({ id: "g2", text: "Rund 1.200 Haushalte waren ohne Strom.", sourceIds: ["d1", "d2"] }),
      ];
      const units = [
        p("Am 14. März 2026 schloss der Hafen von Portmere wegen des Sturms.", ["g1"]),
        p("Rund 1.200 Haushalte waren ohne Strom, berichten Hafenblatt und Küstenfunk.", ["g2"]),
      ];
      const draft: Draft = { ...draftOf(units, { title: "Sturm schließt den Hafen von Portmere", deck: "" }), language: "de" };
      const checks = await readBack({ draft, brief: briefFor(draft), claims: germanClaims, sources: [source, other] });
      expect(check(checks, "supported").verdict, JSON.stringify(check(checks, "supported").items)).toBe("passed");

      draft.units[1] = { ...(draft.units[1] as Unit), text: "Rund 3.400 Haushalte waren ohne Strom." };
      const wrong = check(
        await readBack({ draft, brief: briefFor(draft), claims: germanClaims, sources: [source, other] }),
        "supported",
      );
      expect(wrong.verdict).toBe("warning");
      expect(wrong.items?.[0]).toContain("3400");
    });

    it("reads a Japanese article back by its words, not its spaces", async () => {
      const source: WritingSource = {
        id: "j1",
        origin: "港新聞",
        originId: "oj1",
        title: "台風で港閉鎖",
        url: "https://minato.example/1",
        official: false,
        language: "ja",
        text: "台風の影響で港が月曜日に閉鎖された。約1200世帯が停電した。",
      };
      const japaneseClaims = [
        claim({ id: "k1", text: "台風の影響で港が月曜日に閉鎖された。", sourceIds: ["j1"] }),
        claim({ id: "k2", text: "約1200世帯が停電した。", sourceIds: ["j1"] }),
      ];
      const good = [p("台風の影響で港が月曜日に閉鎖された。", ["k1"]), p("約1200世帯が停電した。", ["k2"])];
      const draft: Draft = { ...draftOf(good, { title: "台風で港が閉鎖", deck: "" }), language: "ja" };
      const input = { draft, brief: briefFor(draft), claims: japaneseClaims, sources: [source] };
      expect(check(await readBack(input), "supported").verdict).toBe("passed");

      const invented = [
        p("台風の影響で港が月曜日に閉鎖された。市長は防波堤の再建計画を来春発表すると約束した。", ["k1"]),
        // A figure written against the word it counts, as Japanese does.
        p("港町では約1500世帯が停電した。", ["k2"]),
      ];
      const bad = { ...input, draft: { ...draft, units: renumber(invented) } };
      const supported = check(await readBack(bad), "supported");
      expect(supported.verdict).toBe("warning");
      expect(supported.units).toEqual([1, 2]);
      expect(supported.items?.[0]).toContain("市長");
      expect(supported.items?.[1]).toContain("1500");
    });
  });
});
