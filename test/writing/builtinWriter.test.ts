// The built-in engine: what it writes from claims, and what it refuses to write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuiltinWriter, writeBuiltin } from "../../src/writing/builtin/builtinWriter.ts";
import { fitToPrint, opensOnEarlier, withoutDateline, wordingIn } from "../../src/writing/builtin/claimText.ts";
import { mergeSameSentence } from "../../src/writing/builtin/compose.ts";
import { quotationBreaches, quotedWords, SourceWindows } from "../../src/writing/copying.ts";
import { carriedFigures, pageFigureCache, uncarriedFigures } from "../../src/writing/figures.ts";
import { readBack } from "../../src/writing/qa/readBack.ts";
import type {
  Draft,
  SiteVoice,
  Structure,
  Tone,
  WriteInput,
  WritingBrief,
  WritingClaim,
  WritingSource,
} from "../../src/writing/types.ts";
import { draftWords, headingText, toBlocks } from "../../src/writing/units.ts";
import { type StoryMaterial, storyMaterial } from "../web/storyMaterial.ts";
import { startTestWeb, type TestWeb } from "../web/testWeb.ts";
import { newsBrief } from "./evaluate.ts";

const brief = (over: Partial<WritingBrief> = {}): WritingBrief =>
  newsBrief({ topic: "Riverside Bridge closure", targetWords: 300, ...over });

const voice = (over: Partial<SiteVoice> = {}): SiteVoice => ({
  name: "Valley Courier",
  tone: "neutral",
  spelling: "US",
  avoid: [],
  prefer: [],
  styleGuide: "",
  attribution: "",
  ...over,
});

const sources: WritingSource[] = [
  { id: "s1", origin: "Valley Courier", originId: "o1", title: "Bridge shut", url: "https://courier.example/a", official: false },
  { id: "s2", origin: "Dale Times", originId: "o2", title: "Bridge closed", url: "https://dale.example/b", official: false },
  { id: "s3", origin: "Riverside Council", originId: "o3", title: "Notice", url: "https://council.example/c", official: true },
  { id: "s4", origin: "Dale Times", originId: "o2", title: "Relay", url: "https://dale2.example/d", official: false },
];

const claim = (
  id: string,
  text: string,
  state: WritingClaim["state"],
  sourceIds: string[],
  extra: Partial<WritingClaim> = {},
) => ({
  id,
  text,
  state,
  originCount: new Set(sourceIds.map((s) => sources.find((x) => x.id === s)?.originId)).size,
  sourceIds,
  mentions: sourceIds.map((sourceId) => ({ sourceId, text })),
  ...extra,
});

/** One side of a dispute one source gives, with the other side (`variant`) given by another. */
const disputedOf = (id: string, text: string, sourceId: string, variant: string, variantSource: string): WritingClaim => ({
  ...claim(id, text, "disputed", []),
  sourceIds: [sourceId],
  originCount: 1,
  mentions: [{ sourceId, text }],
  variants: [{ text: variant, sourceIds: [variantSource] }],
});

const claims: WritingClaim[] = [
  claim(
    "c1",
    "Riverside Bridge closed to traffic on 3 March after inspectors found cracks in two steel girders.",
    "corroborated",
    ["s1", "s2"],
  ),
  claim("c2", "Repairs are expected to cost $4.2 million and take about eight months.", "corroborated", ["s1", "s3"]),
  claim("c3", "Buses will be diverted over the Mill Street crossing, adding about 12 minutes to journeys.", "corroborated", [
    "s2",
    "s3",
  ]),
  claim("c4", "A local trucking firm said it would lose about 300 deliveries a week.", "singleSource", ["s1"]),
  claim("c5", "The council said the bridge would reopen to pedestrians in June.", "parallel", ["s1", "s2"], {
    attributedTo: "riverside council",
  }),
  claim("c6", "The girders were last painted in 1998, a maintenance worker told reporters.", "circular", ["s2", "s4"]),
  claim("c7", "The inspection was carried out by Harlow Engineering.", "disputed", ["s1"], {
    variants: [{ text: "The inspection was carried out by Kestrel Surveys.", sourceIds: ["s2"] }],
  }),
  claim("c8", "The inspection was carried out by Kestrel Surveys.", "disputed", ["s2"], {
    variants: [{ text: "The inspection was carried out by Harlow Engineering.", sourceIds: ["s1"] }],
  }),
  claim("c9", "The neighborhood association organized a meeting at the community center on Thursday.", "corroborated", [
    "s1",
    "s3",
  ]),
];

const input = (over: Partial<WritingBrief> = {}, v: Partial<SiteVoice> = {}): WriteInput => ({
  brief: brief(over),
  voice: voice(v),
  claims,
  sources,
});

const textOf = (draft: Draft) => [draft.title, draft.deck ?? "", ...draft.units.map((u) => u.text)].join("\n");
const unitsWith = (draft: Draft, id: string) => draft.units.filter((u) => u.claimIds.includes(id));

describe("built-in engine on hand-made claims", () => {
  it("gives a dispute's other account in the article's language when a carrier words it so", async () => {
    const es: WritingSource[] = [
      {
        id: "u",
        origin: "Sindicato",
        originId: "o1",
        title: "Huelga",
        url: "https://sindicato.example/a",
        official: false,
        language: "es",
      },
      {
        id: "m",
        origin: "Minera",
        originId: "o2",
        title: "Strike",
        url: "https://minera.example/b",
        official: true,
        language: "en",
      },
      {
        id: "p",
        origin: "Diario",
        originId: "o3",
        title: "Paro",
        url: "https://diario.example/c",
        official: false,
        language: "es",
      },
    ];
    const union = "Unos 1.850 trabajadores de la mina iniciaron la huelga, según el sindicato.";
    const company = "According to the Company's attendance records, 1,120 workers have joined the strike.";
    const companyEs = "La empresa, por su parte, cifró en 1.120 los trabajadores adheridos al paro.";
    const disputed: WritingClaim[] = [
      {
        id: "a",
        text: union,
        state: "disputed",
        originCount: 1,
        sourceIds: ["u"],
        mentions: [{ sourceId: "u", text: union }],
        variants: [{ text: company, sourceIds: ["m", "p"] }],
      },
      {
        id: "b",
        text: company,
        state: "disputed",
        originCount: 2,
        sourceIds: ["m", "p"],
        mentions: [
          { sourceId: "m", text: company },
          { sourceId: "p", text: companyEs },
        ],
        variants: [{ text: union, sourceIds: ["u"] }],
      },
    ];
    const draft = await new BuiltinWriter().write({
      brief: newsBrief({ topic: "Huelga en la mina", language: "es", targetWords: 300 }),
      voice: voice(),
      claims: disputed,
      sources: es,
    });
    const text = textOf(draft);
    expect(text).not.toContain("attendance records");
    expect(text).toMatch(/1\.120/u);
  });

  it("ties every unit to existing claims and numbers the units from 1", () => {
    const draft = writeBuiltin(input());
    expect(draft.units.map((u) => u.n)).toEqual(draft.units.map((_, i) => i + 1));
    const ids = new Set(claims.map((c) => c.id));
    for (const unit of draft.units) for (const id of unit.claimIds) expect(ids.has(id)).toBe(true);
    expect(draft.units[0]?.kind).toBe("paragraph");
    expect(draft.lead).toBe(draft.units[0]?.text);
    expect(draft.engine).toBe("built-in");
    expect(draft.model).toBeUndefined();
  });

  it("leads with corroborated claims and makes the title from one of them", () => {
    const draft = writeBuiltin(input());
    const leadIds = draft.units[0]?.claimIds ?? [];
    for (const id of leadIds) expect(claims.find((c) => c.id === id)?.state).toBe("corroborated");
    expect(claims.filter((c) => leadIds.includes(c.id)).some((c) => c.text.startsWith(draft.title))).toBe(true);
  });

  it("attributes every claim that is not corroborated", () => {
    const draft = writeBuiltin(input({ targetWords: 600 }));
    expect(unitsWith(draft, "c4")[0]?.text).toMatch(/Only Valley Courier has reported this; no other outlet has confirmed it\./);
    expect(unitsWith(draft, "c5")[0]?.text).toMatch(/attributes it to Riverside Council\./);
    expect(unitsWith(draft, "c6")[0]?.text).toMatch(/trace back to Dale Times\./);
  });

  it("gives a dispute once, one row per account with who gives it, in a table under ibc", () => {
    const draft = writeBuiltin(input({ targetWords: 600 }));
    const rows = draft.units.filter((u) => u.kind === "row");
    expect(rows[0]?.header).toBe(true);
    expect(rows[0]?.claimIds).toEqual([]);
    const body = rows.slice(1);
    expect(body.map((r) => r.cells)).toEqual([
      ["The inspection was carried out by Harlow Engineering", "Valley Courier"],
      ["The inspection was carried out by Kestrel Surveys", "Dale Times"],
    ]);
    // One row per account, each citing the claim that is its account, never both.
    expect(body.map((r) => r.claimIds)).toEqual([["c7"], ["c8"]]);
    const table = toBlocks(draft.units).find((b) => b.kind === "table");
    expect(table?.headers).toEqual(["Account", "Reported by"]);
    expect(table?.rows).toHaveLength(2);
  });

  it("gives the accounts of a dispute it absorbed, also those disputing only the absorbed side", () => {
    // c8 is c7's account, and is itself disputed by a third account c7 does not list.
    const chained = claims.map((c) =>
      c.id === "c8"
        ? {
            ...c,
            variants: [
              ...(c.variants ?? []),
              { text: "The inspection was carried out by the council's own engineers.", sourceIds: ["s3"] },
            ],
          }
        : c,
    );
    const draft = writeBuiltin({ ...input({ targetWords: 600 }), claims: chained });
    const rows = draft.units.filter((u) => u.kind === "row" && !u.header);
    expect(rows.map((r) => r.cells?.[1])).toEqual(["Valley Courier", "Dale Times", "Riverside Council"]);
    expect(rows[2]?.text).toMatch(/council's own engineers/);
  });

  it("never states a figure its claims' sources do not carry", () => {
    for (const structure of ["ibc", "list", "qa"] as Structure[]) {
      for (const tone of ["neutral", "explanatory", "formal", "conversational"] as Tone[]) {
        const draft = writeBuiltin(input({ structure, tone, targetWords: 600 }));
        const claimMap = new Map(claims.map((c) => [c.id, c]));
        const sourceMap = new Map(sources.map((s) => [s.id, s]));
        for (const unit of draft.units) {
          const carried = carriedFigures(unit.claimIds, claimMap, sourceMap);
          expect(uncarriedFigures(unit.text, carried), `${structure}/${tone} unit ${unit.n}: ${unit.text}`).toEqual([]);
        }
        expect(uncarriedFigures(draft.deck ?? "", { numbers: new Set(), dates: new Set() })).toEqual([]);
      }
    }
  });

  it("writes the three structures", () => {
    const ibc = writeBuiltin(input({ structure: "ibc", targetWords: 600 }));
    expect(ibc.units.filter((u) => u.kind === "heading").map((u) => u.text)).toContain("## What is confirmed");
    expect(ibc.units.some((u) => u.kind === "item")).toBe(false);

    const list = writeBuiltin(input({ structure: "list", targetWords: 600 }));
    expect(list.units[0]?.kind).toBe("paragraph");
    const items = list.units.filter((u) => u.kind === "item");
    expect(items.length).toBeGreaterThan(3);
    for (const item of items) expect(item.claimIds.length).toBeGreaterThan(0);
    expect(toBlocks(list.units).filter((b) => b.kind === "list").length).toBeGreaterThanOrEqual(1);

    const qa = writeBuiltin(input({ structure: "qa", targetWords: 600 }));
    const headings = qa.units.filter((u) => u.kind === "heading");
    expect(headings.length).toBeGreaterThan(1);
    for (const heading of headings) {
      expect(heading.text).toMatch(/^## .+\?$/);
      expect(heading.level).toBe(2);
      expect(heading.claimIds).toEqual([]);
    }
  });

  it("words attributions in the brief's tone", () => {
    const formal = writeBuiltin(input({ tone: "formal", targetWords: 600 }));
    const conversational = writeBuiltin(input({ tone: "conversational", targetWords: 600 }));
    expect(unitsWith(formal, "c4")[0]?.text).toContain("has been reported solely by Valley Courier");
    expect(unitsWith(conversational, "c4")[0]?.text).toContain("That's from Valley Courier only");
    expect(formal.deck).not.toBe(conversational.deck);
  });

  it("uses the voice's spelling and preferred words", () => {
    const us = writeBuiltin(input({ targetWords: 600, mustAppear: ["community center"] }));
    const uk = writeBuiltin(input({ targetWords: 600, mustAppear: ["community center"] }, { spelling: "UK" }));
    expect(textOf(us)).toContain("neighborhood association organized");
    expect(textOf(uk)).toContain("neighbourhood association organised a meeting at the community centre");
    const preferring = writeBuiltin(input({ targetWords: 600 }, { prefer: ["lorry over truck", "roadworks (not repairs)"] }));
    // Whole words only: "trucking" is not "truck".
    expect(textOf(preferring)).toContain("A local trucking firm");
    expect(textOf(preferring)).toContain("Roadworks are expected to cost");
  });

  it("leaves out claims using a word the voice avoids while others can fill the length", () => {
    const many: WritingClaim[] = Array.from({ length: 30 }, (_, i) =>
      claim(
        `m${i}`,
        `Inspectors listed defect number ${i + 1} on the Riverside Bridge deck, near the eastern pier.`,
        "corroborated",
        ["s1", "s2"],
      ),
    );
    const avoided = claim("x", "Officials described the Riverside Bridge closure as a fiasco for commuters.", "corroborated", [
      "s1",
      "s2",
    ]);
    const base = { ...input({ targetWords: 300 }), claims: [avoided, ...many] };
    expect(textOf(writeBuiltin(base))).toContain("fiasco");
    const draft = writeBuiltin({ ...base, voice: voice({ avoid: ["fiasco"] }) });
    expect(textOf(draft)).not.toContain("fiasco");
    // A mustAppear phrase still wins over the avoid list: the person asked for it.
    const asked = writeBuiltin({
      ...base,
      brief: brief({ targetWords: 300, mustAppear: ["commuters"] }),
      voice: voice({ avoid: ["fiasco"] }),
    });
    expect(textOf(asked)).toContain("fiasco for commuters");
  });

  it("brings in the claim that carries a mustAppear phrase, and says so when none does", () => {
    const short = writeBuiltin(input({ targetWords: 300, mustAppear: ["Harlow Engineering", "ferry service"] }));
    expect(textOf(short)).toContain("Harlow Engineering");
    expect(short.warnings.some((w) => w.includes("“ferry service”"))).toBe(true);
    expect(textOf(short)).not.toContain("ferry service");
  });

  it("keeps to the target length when the claims allow, and warns when they do not", () => {
    const many: WritingClaim[] = Array.from({ length: 60 }, (_, i) =>
      claim(
        `m${i}`,
        `Inspectors listed defect number ${i + 1} on the Riverside Bridge deck, near the eastern pier, in their report to the council.`,
        "corroborated",
        ["s1", "s2"],
      ),
    );
    for (const targetWords of [300, 600, 900]) {
      const draft = writeBuiltin({ ...input({ targetWords }), claims: many });
      const words = draftWords(draft);
      expect(Math.abs(words - targetWords) / targetWords, `${words} words against ${targetWords}`).toBeLessThanOrEqual(0.15);
      expect(draft.warnings).toEqual([]);
    }
    const thin = writeBuiltin({ ...input({ targetWords: 3000 }), claims: claims.slice(0, 3) });
    expect(draftWords(thin)).toBeLessThan(3000 * 0.85);
    expect(thin.warnings.join(" ")).toMatch(/shorter than its target of 3000 words/);
  });

  it("is deterministic", () => {
    const pages = [{ url: "https://courier.example/topics/riverside-bridge", title: "Riverside Bridge: our coverage" }];
    const a = writeBuiltin({ ...input({ targetWords: 600 }), sitePages: pages });
    const b = writeBuiltin({ ...input({ targetWords: 600 }), sitePages: pages });
    expect(a).toEqual(b);
  });

  it("links the site's own pages where the article already uses their words, never in the lead", () => {
    const pages = [
      { url: "https://courier.example/topics/mill-street", title: "Mill Street crossing works explained" },
      { url: "https://courier.example/unrelated", title: "Recipes for autumn" },
    ];
    const draft = writeBuiltin({ ...input({ targetWords: 600 }), sitePages: pages });
    expect(draft.internalLinks).toHaveLength(1);
    const link = draft.internalLinks[0];
    expect(link?.url).toBe(pages[0]?.url);
    expect(link?.n).not.toBe(1);
    const unit = draft.units.find((u) => u.n === link?.n);
    expect(unit?.text).toContain(link?.anchor);
    expect(link?.anchor.toLowerCase()).toContain("mill street");
  });

  it("writes its own words in German for a German brief, and says when it has none for a language", () => {
    const de = writeBuiltin(input({ language: "de", targetWords: 600 }));
    expect(de.units.filter((u) => u.kind === "heading").map((u) => headingText(u.text))).toContain("Was bestätigt ist");
    expect(de.language).toBe("de");
    const fi = writeBuiltin(input({ language: "fi", targetWords: 600 }));
    expect(fi.warnings.join(" ")).toMatch(/no words of its own in Finnish/);
  });

  it("refuses to write from no claims, and writes no language version", async () => {
    expect(() => writeBuiltin({ ...input(), claims: [] })).toThrow(expect.objectContaining({ code: "nothing_to_write" }));
    const writer = new BuiltinWriter();
    const primary = await writer.write(input());
    await expect(
      writer.writeVersion({ language: "de", primary, brief: brief(), voice: voice(), claims, sources }),
    ).rejects.toMatchObject({ code: "language_unsupported", message: expect.stringMatching(/German.*LLM_BASE_URL/) });
  });
});

describe("built-in engine with sources in several languages", () => {
  const mixedSources: WritingSource[] = [
    ...sources.map((s) => ({ ...s, language: "en" })),
    {
      id: "g1",
      origin: "Rheinpost",
      originId: "o9",
      title: "Brücke",
      url: "https://rheinpost.example/x",
      official: false,
      language: "de",
    },
  ];
  const german = claim("g", "Die Brücke wird nach Angaben der Stadt bis Juni gesperrt bleiben.", "singleSource", ["g1"]);

  it("states claims in the article's language, leaves out those no carrier words in it, and quotes one a mustAppear phrase needs", () => {
    const base: WriteInput = { ...input({ targetWords: 600 }), claims: [...claims, german], sources: mixedSources };
    const plain = writeBuiltin(base);
    expect(unitsWith(plain, "g")).toEqual([]);
    const asked = writeBuiltin({ ...base, brief: brief({ targetWords: 600, mustAppear: ["Brücke"] }) });
    expect(unitsWith(asked, "g")[0]?.text).toContain(
      "Rheinpost wrote: “Die Brücke wird nach Angaben der Stadt bis Juni gesperrt bleiben.”",
    );
  });

  it("uses a carrier's wording in the article's language when the claim's own is in another", () => {
    const english = "The bridge will stay closed until June, the city said.";
    const both = {
      ...german,
      id: "g2",
      state: "corroborated" as const,
      sourceIds: ["g1", "s1"],
      mentions: [
        { sourceId: "g1", text: german.text },
        { sourceId: "s1", text: english },
      ],
    };
    const draft = writeBuiltin({ ...input({ targetWords: 600 }), claims: [...claims, both], sources: mixedSources });
    expect(unitsWith(draft, "g2")[0]?.text).toContain(english);
  });

  it("quotes another language's sentence for a mustAppear phrase only within the quotation limits, and says which it left out", () => {
    const long = claim(
      "g3",
      "Die Stadt will die gesperrte Brücke nach Angaben des Oberbürgermeisters Markus Tallner im kommenden Frühjahr vollständig abreißen und durch einen Neubau aus Stahlbeton ersetzen lassen.",
      "singleSource",
      ["g1"],
    );
    const few = claims.slice(0, 3);
    const draft = writeBuiltin({
      ...input({ targetWords: 300 }),
      claims: [...few, long],
      sources: mixedSources,
      brief: brief({ targetWords: 300, mustAppear: ["Tallner"] }),
    });
    // Quoted whole, the sentence would be over a third of a short article.
    expect(unitsWith(draft, "g3")).toEqual([]);
    const windows = new SourceWindows(mixedSources, "en");
    expect(quotationBreaches(quotedWords(draft.units, windows, "en"))).toEqual([]);
    expect(draft.warnings.join(" ")).toMatch(/Only sources in another language carry “Tallner”.*quotation marks/);
    expect(draft.warnings.join(" ")).not.toMatch(/No claim carries “Tallner”/);
  });
});

describe("what a source sentence may stand as", () => {
  it("leaves out page furniture, first-person and reader-addressed sentences, questions and cut quotations", () => {
    for (const text of [
      "By MAREN HOLT Associated Press Updated 8:02 AM EST, November 3, 2026.",
      "Associated Press writer Tom Ellery in London contributed to this report.",
      "We have closed the beach between Cullen Sands and Marrick Point.",
      "Saturday's crowd of 11,842 was our largest of the season.",
      "Report it to HM Coastguard by calling 999.",
      "Remember my little scoop about Greyhaven last week?",
      "Media enquiries: Sophie Lindqvist, press@alderbank-energy.com, +44 113 496 0712.",
      "Assistant Chief Constable Diane Farrier said: “This was a frightening experience.",
      "“One second we were singing, the next there was metal everywhere,” he said.",
    ]) {
      expect(fitToPrint(text), text).toBe(false);
    }
    for (const text of [
      "All 22 crew members were unhurt, the agency said.",
      "“We do not comment on market speculation,” a spokesman for the port said.",
      "US officials said the ship was registered in Norway.",
      "Die Polizei sagte, „wir ermitteln“ in alle Richtungen.",
    ]) {
      expect(fitToPrint(text), text).toBe(true);
    }
  });

  it("drops wire and press-release datelines", () => {
    expect(withoutDateline("PORTMERE, England (AP) — A cargo ship lost 38 containers.")).toBe("A cargo ship lost 38 containers.");
    expect(withoutDateline("Portmere, 21 October 2026 – Alderbank Energy today announced plans.")).toBe(
      "Alderbank Energy today announced plans.",
    );
    expect(withoutDateline("Oct 13 (Reuters) - Tallyforge Inc said on Tuesday that hackers had accessed records.")).toBe(
      "Tallyforge Inc said on Tuesday that hackers had accessed records.",
    );
    expect(withoutDateline("Portmere council said on Monday it would act.")).toBe(
      "Portmere council said on Monday it would act.",
    );
  });
});

describe("the built-in engine's own words", () => {
  const page = (id: string, origin: string, text: string): WritingSource => ({
    id,
    origin,
    originId: `o-${id}`,
    title: origin,
    url: `https://${id}.example/story`,
    official: false,
    language: "en",
    text,
  });
  const movable = "Northshire Police said the stand was evacuated within twenty minutes of the roof giving way.";
  const stuck = "The club categorically denies reports that it was warned about corrosion in the East Stand roof.";
  const pages = [page("p1", "Portmere Echo", `${movable} ${stuck}`), page("p2", "Northern Ledger", movable)];
  // Two claims of three the engine cannot reword: under OWN_WORDS_MIN_SHARE, so they are kept.
  const crowds = "Crowds lined the Mere as the Victorian crossing opened to walkers and cyclists from across the town.";
  const mostlyStuck = (): WriteInput => ({
    brief: brief({ topic: "East Stand roof", targetWords: 120 }),
    voice: voice(),
    claims: [
      { ...claim("m1", movable, "corroborated", []), sourceIds: ["p1", "p2"], originCount: 2 },
      { ...claim("m2", stuck, "singleSource", []), sourceIds: ["p1"], originCount: 1 },
      { ...claim("m3", crowds, "singleSource", []), sourceIds: ["p3"], originCount: 1 },
    ],
    sources: [...pages, page("p3", "Harbour Gazette", crowds)],
  });
  const input = (): WriteInput => ({
    brief: brief({ topic: "East Stand roof", targetWords: 60 }),
    voice: voice(),
    claims: [
      { ...claim("m1", movable, "corroborated", []), sourceIds: ["p1", "p2"], originCount: 2 },
      { ...claim("m2", stuck, "singleSource", []), sourceIds: ["p1"], originCount: 1 },
    ],
    sources: pages,
  });

  it("rewrites a source's sentence it can rewrite, and leaves out one it cannot when it words most of the story itself", async () => {
    const draft = writeBuiltin(input());
    const text = draft.units.map((u) => u.text).join("\n");
    expect(text).toContain("The stand was evacuated within twenty minutes of the roof giving way, Northshire Police said.");
    expect(text).not.toContain(movable);
    // One claim of two in words of ours is enough: the other is left out rather than copied.
    expect(draft.units.some((u) => u.claimIds.includes("m2"))).toBe(false);
    expect(text).not.toContain(stuck);
    expect(draft.warnings).toContain(
      "1 claim is left out: the engine could not put its sentence in words of its own (listed by the read-back); a model provider can write what is left out.",
    );
    // The read-back lists it, with the reason.
    const checks = await readBack({ draft, brief: brief(), claims: input().claims, sources: pages });
    const leftOut = checks.find((c) => c.id === "left-out");
    expect(leftOut?.verdict).toBe("warning");
    expect(leftOut?.items).toEqual([
      `single source: ${stuck} (the built-in engine could not put it in words of its own; a model provider can write it)`,
    ]);
    expect(checks.find((c) => c.id === "copied")?.verdict).toBe("passed");
  });

  it("keeps what it cannot reword, named, when it could word too little of the story itself", () => {
    const draft = writeBuiltin(mostlyStuck());
    const stuckUnits = draft.units.filter((u) => u.claimIds.includes("m2") || u.claimIds.includes("m3"));
    expect(stuckUnits.map((u) => u.text).join(" ")).toContain(stuck);
    expect(draft.warnings.join(" ")).toMatch(/repeats? a source's words that the engine could not rewrite/u);
    expect(draft.warnings.join(" ")).not.toMatch(/left out: the engine could not put/u);
  });

  it("words a claim by another carrier's sentence it can make its own, when that states the same facts", () => {
    // The claim's own sentence cannot be reworded; a second outlet says the same, with the same
    // figure, in a sentence whose attribution can move. A third sentence the sourcing engine joined
    // to the claim says something else (a different figure): it never stands in.
    const own = "Some 340 homes in the small valley town of Ashby were left without running water for a third straight day.";
    const other = "The council said 340 homes in Ashby had no running water on Sunday, a third day after the main burst.";
    const unrelated = "The council said 12 engineers and 340 homes were on the repair list for the burst main.";
    const sources = [page("w1", "Portmere Echo", own), page("w2", "Northern Ledger", other), page("w3", "Dale Times", unrelated)];
    const written = (mentions: string[]) =>
      writeBuiltin({
        brief: brief({ topic: "Water main burst", targetWords: 40 }),
        voice: voice(),
        claims: [
          {
            ...claim("w", own, "corroborated", []),
            sourceIds: ["w1", "w2", "w3"].slice(0, mentions.length),
            originCount: mentions.length,
            mentions: mentions.map((text, i) => ({ sourceId: `w${i + 1}`, text })),
          },
        ],
        sources,
      });
    const windows = new SourceWindows(sources, "en");
    const draft = written([own, other]);
    const text = draft.units.map((u) => u.text).join(" ");
    expect(text).toContain("340 homes");
    expect(text).not.toContain(own);
    expect(windows.copiedRuns(text, "en")).toEqual([]);
    // With only the unrelated sentence beside it, the claim keeps its own (and the copy is named).
    const alone = written([own, unrelated])
      .units.map((u) => u.text)
      .join(" ");
    expect(alone).not.toContain("12 engineers");
  });

  it("never takes a sentence that leans on one before it", () => {
    expect(opensOnEarlier("Its members had rejected a 4.5% pay offer from Northsound Ferries.")).toBe(true);
    expect(opensOnEarlier("Er sagte, das Werk bleibe geschlossen.")).toBe(true);
    expect(opensOnEarlier("Son président a démenti ces chiffres.")).toBe(true);
    expect(opensOnEarlier("Italy's coastguard said 21 crew were rescued.")).toBe(false);
    expect(opensOnEarlier("Thomas Aldred designed the bridge.")).toBe(false);
  });

  it("quotes a dispute's account only when it repeats its source, and says who gives each", () => {
    // The denial cannot be rewritten safely (see restate.ts); the report is short enough to be ours.
    const long = "The club categorically denies reports that it was warned about corrosion in the East Stand roof.";
    const short = "Engineers warned the club about corrosion in 2024.";
    const sources = [
      page("q1", "Northern Ledger", long),
      page("q2", "Portmere Echo", `${short} Staff worked through the night.`),
    ];
    const draft = writeBuiltin({
      brief: brief({ topic: "East Stand roof", targetWords: 80, structure: "list" }),
      voice: voice(),
      claims: [disputedOf("d1", long, "q1", short, "q2"), disputedOf("d2", short, "q2", long, "q1")],
      sources,
    });
    const text = draft.units.map((u) => u.text).join("\n");
    expect(text).toContain("Portmere Echo: Engineers warned the club about corrosion in 2024.");
    expect(text).toContain("Northern Ledger: “The club categorically denies reports");
  });

  it("gives a dispute's copied account by its own figures, or quoted, in the text and in the table", () => {
    const told = "The number of people injured in the roof collapse has risen to 210, the hospital trust said on Sunday.";
    const other = "Emergency services said 120 people were injured when the stand roof collapsed on Saturday.";
    const event = "Part of a stand roof fell in during a match.";
    const stopped = "The referee stopped play and the crowd left the ground.";
    const sources = [
      page("h1", "Portmere Echo", `${event} ${stopped} ${told}`),
      page("h2", "Associated Press", `${event} ${stopped} ${other}`),
    ];
    const write = (structure: Structure) =>
      writeBuiltin({
        brief: brief({ topic: "Stand roof collapse", targetWords: 300, structure }),
        voice: voice(),
        claims: [
          { ...claim("e1", event, "corroborated", []), sourceIds: ["h1", "h2"], originCount: 2 },
          { ...claim("e2", stopped, "corroborated", []), sourceIds: ["h1", "h2"], originCount: 2 },
          disputedOf("d1", told, "h1", other, "h2"),
          disputedOf("d2", other, "h2", told, "h1"),
        ],
        sources,
      });
    const windows = new SourceWindows(sources, "en");
    // In the text: each account in our words where the engine can, else quoted or by its own figure.
    const text = write("list").units.find((u) => u.text.includes("Accounts differ on this point."))?.text ?? "";
    // Both accounts, each with its own figure and who gives it: in words of ours (words swapped,
    // "hurt" for "injured"), or by its figure ("According to Associated Press, the figure is 120 people.").
    expect(text).toMatch(/Associated Press[^.]*\b120\b/u);
    expect(text).toMatch(/Portmere Echo[^.]*\b210\b/u);
    expect(windows.copiedRuns(text, "en")).toEqual([]);
    // In the table: each account in our words, by a figure with what it counts, or in quotation
    // marks; never a source's sentence unmarked, and no bare figure.
    const rows = write("ibc").units.filter((u) => u.kind === "row" && !u.header);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cell = row.cells?.[0] ?? "";
      expect(windows.copiedRuns(cell, "en")).toEqual([]);
      expect(cell).not.toMatch(/^\d+$/u);
    }
    expect(rows.map((r) => r.cells?.[1])).toEqual(expect.arrayContaining(["Portmere Echo", "Associated Press"]));
  });

  it("and the read-back's copied check names the units it kept", async () => {
    const draft = writeBuiltin(mostlyStuck());
    const checks = await readBack({ draft, brief: brief(), claims: mostlyStuck().claims, sources: mostlyStuck().sources });
    const copied = checks.find((c) => c.id === "copied");
    const kept = draft.units.filter((u) => u.claimIds.includes("m2") || u.claimIds.includes("m3")).map((u) => u.n);
    expect(kept.length).toBeGreaterThan(0);
    expect(copied?.units).toEqual(kept);
  });
});

describe("a claim's wording", () => {
  it("states what most carriers state when the claim's own sentence is a stub without it", () => {
    const stub = "Die Freien Wähler stimmten dagegen.";
    const carriers = [
      "Mit 27 zu 9 Stimmen hat der Gemeinderat am Donnerstag den Haushalt verabschiedet.",
      "Der Gemeinderat stimmte mit 27 zu 9 Stimmen für den Haushalt.",
    ];
    const sources = new Map<string, WritingSource>(
      ["g1", "g2", "g3"].map((id) => [
        id,
        { id, origin: id, originId: id, title: "", url: `https://${id}.example/`, official: false, language: "de" },
      ]),
    );
    const merged: WritingClaim = {
      id: "h1",
      text: stub,
      state: "corroborated",
      originCount: 3,
      sourceIds: ["g1", "g2", "g3"],
      mentions: [
        { sourceId: "g1", text: stub },
        { sourceId: "g2", text: carriers[0] as string },
        { sourceId: "g3", text: carriers[1] as string },
      ],
    };
    expect(wordingIn(merged, "de", sources)).toBe(carriers[0]);
    // A full sentence without figures stands: the figures beside it may be another statement.
    const full = "Der Gemeinderat hat am Donnerstagabend nach langer Debatte über den Haushalt abgestimmt.";
    expect(
      wordingIn(
        { ...merged, text: full, mentions: [{ sourceId: "g1", text: full }, ...merged.mentions.slice(1)] },
        "de",
        sources,
      ),
    ).toBe(full);
  });
});

describe("party names", () => {
  it("writes a party whole, as its carriers write it, when the sourcing engine read part of it", () => {
    const text = "Twelve walkers were brought down from Scar Fell overnight, the Harwick Mountain Rescue Service said.";
    const draft = writeBuiltin({
      ...input({ targetWords: 60 }),
      claims: [
        claim("r1", text, "parallel", ["s1", "s2"], { attributedTo: "rescue service" }),
        claim("r2", "The Ministry of Transport said the A66 would reopen on 4 May at the earliest.", "parallel", ["s1", "s2"], {
          attributedTo: "ministry",
        }),
      ],
    });
    const body = draft.units.map((u) => u.text).join(" ");
    expect(body).toContain("attributes it to Harwick Mountain Rescue Service.");
    expect(body).toContain("attributes it to Ministry of Transport.");
    expect(body).not.toMatch(/attributes it to Rescue Service/);
  });
});

describe("the main event on top", () => {
  const page = (id: string, origin: string, title: string, text: string): WritingSource => ({
    id,
    origin,
    originId: `o-${id}`,
    title,
    url: `https://${id}.example/story`,
    official: false,
    language: "en",
    text,
  });
  const event =
    "Floodwater from the River Wend forced 300 residents of Harwick from their homes on Sunday night after the town's flood wall was overtopped.";
  const side = "The Environment Agency issued 14 flood warnings along the river on Sunday.";
  const background = "The flood wall was built in 1987 after the town's last major flood.";
  const noComment = "The agency did not respond to a request for comment on Monday.";
  const pages = [
    page(
      "a",
      "Wend Valley News",
      "Hundreds flee as the River Wend floods Harwick",
      `${event} ${side} ${background} ${noComment}`,
    ),
    page("b", "Harwick Herald", "300 forced from their homes in Harwick flood", `Residents spoke of panic. ${event} ${side}`),
    page("c", "County Radio", "Flood warnings issued along the Wend", `${side} ${event} ${background}`),
  ];
  const claimOf = (id: string, text: string, sourceIds: string[]): WritingClaim => ({
    id,
    text,
    state: "corroborated",
    originCount: sourceIds.length,
    sourceIds,
    mentions: sourceIds.map((sourceId) => ({ sourceId, text })),
  });
  // The side figure is carried by every page, opens one and shares the topic's words; the event
  // is carried by two pages, opens two and is what their headlines say.
  const input = (): WriteInput => ({
    brief: brief({ topic: "Harwick flood River Wend", targetWords: 120 }),
    voice: voice(),
    claims: [
      claimOf("side", side, ["a", "b", "c"]),
      claimOf("background", background, ["a", "c"]),
      claimOf("none", noComment, ["a", "b"]),
      claimOf("event", event, ["a", "b"]),
    ],
    sources: pages,
  });

  it("leads with what happened, not a side figure, background or a 'did not respond'", () => {
    const draft = writeBuiltin(input());
    expect(draft.units[0]?.claimIds[0]).toBe("event");
    expect(draft.units[0]?.claimIds).not.toContain("background");
    expect(draft.units[0]?.claimIds).not.toContain("none");
  });

  it("weighs what a party announced, every page carrying it on the party's word, as news, if less than a fact seen", () => {
    // An announcement is often the news: the closure every outlet reports on the operator's word
    // (parallel) leads when the headlines speak of it ("No trains"), not the side figure for being
    // corroborated.
    const closure = "The Oder rail bridge at Wilkenhain will close to all trains from 4 May.";
    const side2 = "Engineers found cracks in 14 steel girders of the Oder rail bridge in February.";
    const bridgePages = [
      page("p", "Regional news", "No trains", `${closure} ${side2}`),
      page("q", "Regional news", "No trains", `${side2} ${closure}`),
      page("r", "Regional news", "No trains", `Commuters were told on Tuesday. ${side2} ${closure}`),
    ];
    const draft = writeBuiltin({
      brief: brief({ topic: "Oder rail bridge close", targetWords: 120 }),
      voice: voice(),
      claims: [
        claimOf("side", side2, ["p", "q", "r"]),
        { ...claimOf("closure", closure, ["p", "q", "r"]), state: "parallel", attributedTo: "Oderland Netz" },
      ],
      sources: bridgePages,
    });
    expect(draft.units[0]?.claimIds[0]).toBe("closure");
  });

  it("leads with the walkout seen rather than the union's demand every page reports on its word", () => {
    const walkout = "Workers at the Kessling plant walked out on Monday morning.";
    const demand = "The union demands an 8% pay rise for the plant's 400 workers.";
    const plantPages = ["k", "l", "m"].map((id) => page(id, "Regional news", "Regional news", `${walkout} ${demand}`));
    const draft = writeBuiltin({
      brief: brief({ topic: "Kessling plant", targetWords: 120 }),
      voice: voice(),
      claims: [
        { ...claimOf("demand", demand, ["k", "l", "m"]), state: "parallel", attributedTo: "the union" },
        claimOf("walkout", walkout, ["k", "l"]),
      ],
      sources: plantPages,
    });
    expect(draft.units[0]?.claimIds[0]).toBe("walkout");
  });

  it("makes the headline from the main event, cut only where the sentence stays true", () => {
    const { title } = writeBuiltin(input());
    expect(title.length).toBeLessThanOrEqual(90);
    // "…on Sunday night after the town's flood wall was overtopped" cut; "from their homes" kept,
    // since "forced 300 residents of Harwick" alone would say something else.
    expect(title).toBe("Floodwater from the River Wend forced 300 residents of Harwick from their homes");
  });

  it("names the title when no true cut makes the main event a headline of its own words", async () => {
    // No true cut brings the event under 13 words of its source: the title stands as written and the
    // read-back says so, rather than a side fact in words of ours.
    const draft = writeBuiltin(input());
    const checks = await readBack({ draft, brief: input().brief, claims: input().claims, sources: pages });
    const titleItem = (items: string[] | undefined) => items?.find((i) => i.startsWith("The title"));
    expect(titleItem(checks.find((c) => c.id === "copied")?.items)).toMatch(/^The title repeats 13 words of Wend Valley News/);
  });
});

describe("a title when every lead claim is longer than a title may be", () => {
  it("cuts the main event between words within the limit, marked with an ellipsis", () => {
    const long =
      "Tallyforge Inc said on Tuesday that hackers had accessed about 1.2 million user records held in a customer support database, days after a listing offering what it claimed was the company's data appeared on a cybercrime forum";
    const draft = writeBuiltin({
      brief: brief({ topic: "Tallyforge breach" }),
      voice: voice(),
      claims: [claim("breach", long, "corroborated", ["s1", "s2"])],
      sources,
    });
    expect(long.length).toBeGreaterThan(200);
    expect(draft.title.length).toBeLessThanOrEqual(110);
    expect(long.startsWith(draft.title.replace(/…$/u, ""))).toBe(true);
    // Between words: what stands before the mark is whole words of the sentence.
    expect(long.charAt(draft.title.replace(/…$/u, "").length)).toMatch(/[\s,]/u);
  });

  it("cuts the main event rather than give the headline to a side fact, and never opens it on a pronoun", () => {
    const long =
      "Republic of Ireland striker Darragh Colfer has completed his move from Belgian club Royal Sambreville to French Ligue 1 side FC Valmont on a deal worth a club record fee";
    const side = "He banged in 19 goals for the Belgian outfit last season.";
    const other = "Valmont finished 11th in Ligue 1 last season and resume training on Thursday.";
    const draft = writeBuiltin({
      brief: brief({ topic: "Darragh Colfer transfer to Valmont" }),
      voice: voice(),
      claims: [
        claim("move", long, "corroborated", ["s1", "s2"]),
        claim("goals", side, "corroborated", ["s1", "s2"]),
        claim("club", other, "corroborated", ["s1", "s2"]),
      ],
      sources,
    });
    expect(draft.title).toMatch(/^Republic of Ireland striker Darragh Colfer has completed his move/u);
    expect(draft.title).not.toMatch(/^He\s/u);
    // A cut never ends on a joining word.
    expect(draft.title.replace(/…$/u, "")).not.toMatch(/\s(?:and|of|to|the|on|a)$/u);
  });
});

describe("built-in engine on the test web", () => {
  let web: TestWeb;
  const material: StoryMaterial[] = [];
  beforeAll(async () => {
    web = await startTestWeb();
    for (const story of web.truth.stories) material.push(await storyMaterial(web, story));
  });
  afterAll(() => web?.close());

  it("writes articles the read-back finds carried by their sources, with every claim id known", async () => {
    for (const m of material) {
      for (const structure of ["ibc", "list", "qa"] as Structure[]) {
        const b = brief({ topic: m.story.topic, structure, targetWords: 600 });
        const draft = writeBuiltin({ brief: b, voice: voice(), claims: m.claims, sources: m.sources });
        const checks = await readBack({ draft, brief: b, voice: voice(), claims: m.claims, sources: m.sources });
        for (const id of ["supported", "claim-ids", "repetition", "links", "avoid-words"]) {
          const check = checks.find((c) => c.id === id);
          expect(check?.verdict, `${m.story.id}/${structure} ${id}: ${check?.detail} ${check?.items?.join(" | ")}`).toBe(
            "passed",
          );
        }
      }
    }
  });

  it("writes every story in every structure with no claim id it was not given and no uncarried figure", () => {
    const figures = pageFigureCache();
    for (const m of material) {
      const claimMap = new Map(m.claims.map((c) => [c.id, c]));
      const sourceMap = new Map(m.sources.map((s) => [s.id, s]));
      for (const structure of ["ibc", "list", "qa"] as Structure[]) {
        const draft = writeBuiltin({
          brief: brief({ topic: m.story.topic, structure, targetWords: 600 }),
          voice: voice(),
          claims: m.claims,
          sources: m.sources,
        });
        expect(draft.units.length).toBeGreaterThan(1);
        for (const unit of draft.units) {
          for (const id of unit.claimIds) expect(claimMap.has(id)).toBe(true);
          if (unit.kind === "paragraph" || unit.kind === "item") expect(unit.claimIds.length).toBeGreaterThan(0);
          const carried = carriedFigures(unit.claimIds, claimMap, sourceMap, figures);
          expect(uncarriedFigures(unit.text, carried), `${m.story.id} ${structure} unit ${unit.n}`).toEqual([]);
        }
      }
    }
  });
});

describe("one sentence stating two claims", () => {
  it("is held by the disputed claim, whose unit gives every account, over one that is not disputed", () => {
    const text = "The town says 63 households have now left their homes.";
    const ranked = (c: WritingClaim, score: number) => ({ claim: c, score, carries: [], fit: true, stems: new Set<string>() });
    const single = ranked(claim("c1", text, "singleSource", ["s1"]), 2);
    const disputed = ranked(disputedOf("c2", text, "s1", "The town says 42 households have left their homes.", "s2"), 1);
    const { kept, partners } = mergeSameSentence([single, disputed], new Map());
    expect(kept.map((r) => r.claim.id)).toEqual(["c2"]);
    expect(partners.get("c2")).toEqual(["c1"]);
  });
});
