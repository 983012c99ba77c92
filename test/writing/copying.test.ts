// Our own words: the copy rule's reading of quotation marks and runs, and the built-in engine's
// rewrites of a source's sentence (src/writing/copying.ts, src/writing/builtin/restate.ts).
import { describe, expect, it } from "vitest";
import { restate, shortenings } from "../../src/writing/builtin/restate.ts";
import { COPY_RUN_LIMIT, MAX_PAGE_WORDS, quotationPieces, SourceWindows } from "../../src/writing/copying.ts";

const page = (id: string, text: string, language = "en") => ({ id, title: "", text, language });

describe("quotation marks", () => {
  it("cuts text at English, German, French and Japanese marks, and reads a stray mark as no quotation", () => {
    expect(quotationPieces("He said “we will rebuild” on Monday.")).toEqual([
      { text: "He said ", quoted: false },
      { text: "we will rebuild", quoted: true },
      { text: " on Monday.", quoted: false },
    ]);
    expect(quotationPieces("Er sagte: „Wir bauen neu auf“.").map((p) => p.quoted)).toEqual([false, true, false]);
    expect(quotationPieces("Il a dit « nous reconstruirons » lundi.").filter((p) => p.quoted)[0]?.text).toBe(
      " nous reconstruirons ",
    );
    expect(quotationPieces("市長は「再建する」と述べた。").filter((p) => p.quoted)[0]?.text).toBe("再建する");
    // An opening mark that never closes quotes nothing: it cannot hide copied words.
    expect(quotationPieces("He said “we will rebuild the bridge")).toEqual([
      { text: "He said “we will rebuild the bridge", quoted: false },
    ]);
  });
});

describe("copied runs", () => {
  const windows = new SourceWindows(
    [
      page("a", "A cargo ship lost 38 containers overboard in heavy seas off the northeast coast early on Tuesday."),
      page("b", "A cargo ship lost 38 containers overboard in heavy seas, the coastguard said."),
    ],
    "en",
  );

  it("finds a run longer than the limit with every page that holds all of it", () => {
    const [run, ...rest] = windows.copiedRuns(
      "A cargo ship lost 38 containers overboard in heavy seas off the northeast coast.",
      "en",
    );
    expect(rest).toEqual([]);
    expect(run?.words.join(" ")).toBe("a cargo ship lost 38 containers overboard in heavy seas off the northeast coast");
    expect(run?.sourceIds).toEqual(["a"]);
    expect(run?.words.length).toBeGreaterThan(COPY_RUN_LIMIT);
  });

  it("ignores runs inside quotation marks and runs of at most twelve words", () => {
    expect(windows.copiedRuns("The ship “lost 38 containers overboard in heavy seas off the northeast coast”.", "en")).toEqual(
      [],
    );
    expect(windows.copiedRuns("A cargo ship lost 38 containers overboard in heavy seas, officials say.", "en")).toEqual([]);
  });

  it("reads a page up to MAX_PAGE_WORDS words, so a page made huge costs no more", () => {
    const sentence = "the harbour authority estimates repairs to the north quay will cost two million pounds";
    const filler = Array.from({ length: MAX_PAGE_WORDS }, (_, i) => `w${i}`).join(" ");
    const huge = new SourceWindows([page("h", `${sentence} ${filler} ${sentence.replace("harbour", "river")}`)], "en");
    expect(huge.copiedRuns(`The ${sentence.slice(4)}, it said.`, "en")).toHaveLength(1);
    // The same words past the cap are not read.
    expect(huge.copiedRuns(sentence.replace("harbour", "river"), "en")).toEqual([]);
  });

  it("tells which pages hold a quotation", () => {
    expect(windows.quotedFrom("lost 38 containers overboard in heavy seas", "en").sort()).toEqual(["a", "b"]);
    expect(windows.quotedFrom("lost 39 containers", "en")).toEqual([]);
  });
});

describe("a sentence's true cuts, for a headline", () => {
  it("cuts a closing phrase of place, never a preposition and one bare word that completes the verb", () => {
    const cuts = shortenings(
      "The Port of Portmere handled a record 6.1 million tonnes of cargo as new grain contracts came on stream.",
      "en",
    );
    expect(cuts.some((c) => /came$/u.test(c))).toBe(false);
    expect(shortenings("Floodwater forced 300 residents of Harwick from their homes near the river.", "en")).toContain(
      "Floodwater forced 300 residents of Harwick from their homes",
    );
    expect(shortenings("The ban on fishing in the bay will now remain in force.", "en")).not.toContain(
      "The ban on fishing in the bay will now remain",
    );
  });

  it("never cuts a part set off by commas that opens on a name: it may be the subject and its verb", () => {
    const cuts = shortenings(
      "Alto 2,06 m, mancino, Wilczak arriva dall'Orzeł Bystrzyca, club della PlusLiga polacca con cui ha disputato le ultime stagioni.",
      "it",
    );
    expect(cuts.every((c) => c.includes("Wilczak arriva"))).toBe(true);
    // An aside about a name still goes: "home of …" says less, nothing else.
    expect(
      shortenings("A section of the roof at Ashcombe Park, home of fifth-tier club Ashcombe United, gave way on Saturday.", "en"),
    ).toContain("A section of the roof at Ashcombe Park gave way on Saturday");
  });
});

describe("the built-in engine's rewrites", () => {
  const rewrite = (sentence: string, language = "en") =>
    restate(sentence, language, new SourceWindows([page("s", `Earlier text. ${sentence} Later text.`, language)], language));

  it("keeps a sentence that does not repeat a long run as it is", () => {
    const windows = new SourceWindows([page("s", "Three boats sank.")], "en");
    expect(restate("Three fishing boats sank in the harbour overnight, skippers said.", "en", windows)).toBe(
      "Three fishing boats sank in the harbour overnight, skippers said.",
    );
  });

  it("moves an attribution to the other end", () => {
    expect(rewrite("Northshire Police said the stand was evacuated within twenty minutes of the roof giving way.")).toBe(
      "The stand was evacuated within twenty minutes of the roof giving way, Northshire Police said.",
    );
    expect(
      rewrite("The stand's roof was inspected by Brindley Hart Associates, according to documents filed with the safety group."),
    ).toBe("According to documents filed with the safety group, the stand's roof was inspected by Brindley Hart Associates.");
  });

  it("gives a side statement about a name as a sentence of its own", () => {
    expect(
      rewrite(
        "Halcyon Pictures, the London-based studio behind several period dramas, has not commented publicly on the project.",
      ),
    ).toBe(
      "Halcyon Pictures has not commented publicly on the project. Halcyon Pictures is the London-based studio behind several period dramas.",
    );
    expect(rewrite("The ribbon was cut by council leader Amira Chaudhry, who called the bridge the heart of the old town.")).toBe(
      "The ribbon was cut by council leader Amira Chaudhry. Amira Chaudhry called the bridge the heart of the old town.",
    );
  });

  it("fronts a closing clause of time or cause, and a closing phrase of time", () => {
    expect(rewrite("The crossing had been closed for 26 months while engineers replaced its worn pivot and its trusses.")).toBe(
      "While engineers replaced its worn pivot and its trusses, the crossing had been closed for 26 months.",
    );
    expect(rewrite("The club did not respond to questions about the report on Sunday morning.")).toBe(
      "On Sunday morning, the club did not respond to questions about the report.",
    );
  });

  it("fronts a phrase of time inside an attributed statement, the attribution left at its end", () => {
    expect(rewrite("The port's board is expected to vote on the sale at a meeting on 9 December, the people said.")).toBe(
      "At a meeting on 9 December, the port's board is expected to vote on the sale, the people said.",
    );
  });

  it("fronts a place within the place a sentence ends on, with words swapped where the clause is still too long", () => {
    expect(
      rewrite(
        "Up to 180 permanent jobs could be created at a new battery storage site on the former Kelso Road power station land, Alderbank Energy announced in a press release on Wednesday.",
      ),
    ).toBe(
      "On the former Kelso Road power station land, as many as 180 permanent jobs could be created at a new battery storage site, Alderbank Energy announced in a press release on Wednesday.",
    );
    // Never over a first word that would keep its capital mid-sentence ("…, Gusts from Storm Fenella reached").
    expect(
      rewrite("Gusts from Storm Fenella reached 71mph at a weather station on the moors above the town, the Met Office said.") ??
        "",
    ).not.toMatch(/^On the moors/u);
    // A phrase of place after anything but a place stays: "in the East Stand roof" is where the corrosion was.
    expect(
      rewrite(
        "Engineers had warned the club about the spreading corrosion in the East Stand roof, according to minutes of the meeting.",
      ) ?? "",
    ).not.toMatch(/^In the East Stand roof/u);
  });

  it("lower-cases a moved first word the sources write in lower case elsewhere, never a name", () => {
    const restored = "Restorers have also brought the old operator's cabin back to life, the council said.";
    const closed = "Alderbank has closed the plant at Kelso Road after six decades, the council said.";
    const windows = new SourceWindows(
      [page("s", `${restored} ${closed} The restorers worked for two years. Mark Jones, a restorer, was there.`)],
      "en",
    );
    expect(restate(restored, "en", windows)).toBe(
      "The council said that restorers have also brought the old operator's cabin back to life.",
    );
    expect(restate(closed, "en", windows)).toBe(
      "The council said that Alderbank has closed the plant at Kelso Road after six decades.",
    );
  });

  it("splits two clauses that each have a subject", () => {
    expect(rewrite("The port employs 1,150 people, and Mr Okafor said the new berth would create another 60 jobs.")).toBe(
      "The port employs 1,150 people. Mr Okafor said the new berth would create another 60 jobs.",
    );
  });

  it("gives a second verb of the same subject as a sentence of its own, the subject named again", () => {
    expect(
      rewrite("The council has closed the beach near the harbour, and is asking people to report anything they find on it."),
    ).toBe("The council has closed the beach near the harbour. The council is asking people to report anything they find on it.");
    // "A fire" the second time is "the fire".
    expect(
      rewrite(
        "A fire at the plant injured 14 workers on the night shift and forced residents nearby to keep their windows shut.",
      ),
    ).toBe(
      "A fire at the plant injured 14 workers on the night shift. The fire at the plant forced residents nearby to keep their windows shut.",
    );
  });

  it("gives the second verb the auxiliary it shares, and never splits at a participle of the subject", () => {
    const built = rewrite("The bridge was closed in September 2024 and repaired by engineers from Hartlepool over two winters.");
    expect(built).not.toMatch(/The bridge repaired/u);
    expect(built).toMatch(/The bridge was repaired|and (?:also )?repaired/u);
    const workers = rewrite(
      "Workers at the plant owned by Químicas Arenal were sent home on Tuesday and asked to stay away from the site until Friday.",
    );
    expect(workers ?? "").not.toMatch(/Workers at the plant (?:owned|asked)\b[^.]*\.\s/u);
    expect(workers ?? "").not.toMatch(/Workers at the plant asked/u);
  });

  it("drops a word that links the sentence to the one before it in its source", () => {
    expect(
      rewrite(
        "But the harbour master said the two vessels had been moored at the north quay for more than a week before the fire.",
      ),
    ).not.toMatch(/^But\s/u);
    expect(
      rewrite(
        "For those who don't know it, Greyhaven was built in 1347 by Sir Ralph de Grey to guard the mouth of the mere, and has been looked after by the Greyhaven Trust since 1958.",
      ),
    ).toBe(
      "Sir Ralph de Grey built Greyhaven in 1347 to guard the mouth of the mere. Greyhaven has been looked after by the Greyhaven Trust since 1958.",
    );
  });

  it("gives a leading participle about the subject as a sentence of its own", () => {
    expect(
      rewrite(
        "Opened in 1891, the bridge was designed by the engineer Thomas Aldred to turn on a single pivot, letting cargo ships into the inner dock.",
      ),
    ).toMatch(/^The bridge was opened in 1891\. The engineer Thomas Aldred designed the bridge to turn on a single pivot/u);
  });

  it("never turns a passive active when a second verb of the subject follows: it would be the agent's", () => {
    const out = rewrite(
      "Greyhaven was built in 1347 by Sir Ralph de Grey to guard the mouth of the mere, and has been looked after by the Greyhaven Trust since 1958.",
    );
    expect(out).not.toMatch(/Sir Ralph de Grey built Greyhaven[^.]*and has been looked after/u);
  });

  it("sets the attribution inside a long statement before a second verb of its subject, and gives a role as a sentence", () => {
    expect(
      rewrite(
        "But Janet Whitlow, chair of the Kelso Road Residents' Association, told the Echo that neighbours were worried about the risk of fire at large battery sites and wanted a public meeting before the council decides.",
      ),
    ).toBe(
      "Neighbours were worried about the risk of fire at large battery sites, Janet Whitlow told the Echo, and wanted a public meeting before the council decides. Janet Whitlow is chair of the Kelso Road Residents' Association.",
    );
  });

  it("puts the name before its pronoun when the attribution moves after the statement, only where the pronoun is the speaker", () => {
    const out = rewrite(
      "Tallyforge Inc, which sells payroll and HR software to about 3,100 businesses, said it detected the unauthorized access on Oct 2 and had notified law enforcement.",
    );
    expect(out).toMatch(/^Tallyforge Inc detected the unauthorized access on Oct 2/u);
    expect(out).toContain("it said");
    expect(
      rewrite(
        'Scotland\'s transport minister Ellen Baird said she was "disappointed" by the ballot result and urged both sides to get back round the table for talks.',
      ),
    ).toMatch(/^Scotland's transport minister Ellen Baird was "disappointed" by the ballot result, she said/u);
    // "he" is someone the police speak of; "it was" is about the decision, not the council.
    const words = (text: string) => new SourceWindows([page("s", text)], "en");
    const police = "Northshire Police said he had been driving the van at twice the speed limit.";
    expect(restate(police, "en", words(police)) ?? "").not.toMatch(/^Northshire Police had been driving/u);
    const council = "The council said it was a difficult decision for everyone involved in planning the bridge.";
    expect(restate(council, "en", words(council)) ?? "").not.toMatch(/^The council was a difficult decision/u);
  });

  it("moves what records show like what a person says, and keeps when and where a statement was made", () => {
    expect(rewrite("Records seen by the Courant show the roof was last inspected on 19 November last year.")).toBe(
      "The roof was last inspected on 19 November last year, records seen by the Courant show.",
    );
    // A club that shows a match states nothing.
    expect(
      rewrite("Fans say the club showed the match against Helmsby Town on big screens in the town square on Saturday.") ?? "",
    ).not.toMatch(/the club showed\.$/u);
    expect(
      rewrite(
        "Around 40 homes near the river had to be evacuated overnight as water levels rose, the council announced in a statement on Sunday.",
      ),
    ).toContain("on Sunday");
  });

  it("never cuts a span of time from the clause it measures, in a title or around an attribution", () => {
    const sentence =
      "Tallyforge Inc said on Tuesday that hackers had accessed about 1.2 million user records held in a customer support database, days after a listing offering what it claimed was the company's data appeared on a cybercrime forum.";
    expect(shortenings(sentence, "en").some((s) => /,\sdays$/u.test(s))).toBe(false);
    expect(rewrite(sentence) ?? "").not.toMatch(/days,/u);
    // "the company's data appeared" is not "the data appeared of the company".
    expect(rewrite(sentence) ?? "").not.toContain("appeared of");
  });

  it("leaves alone what it cannot rewrite safely: a phrase of place, German", () => {
    // "in the East Stand roof" may belong to "corrosion": fronting it would change what is said.
    expect(
      rewrite("The club categorically denies reports that it was warned about corrosion in the East Stand roof."),
    ).toBeUndefined();
    // "two weeks | after …" measures the gap: the clause never leaves it; words may be swapped ("under two weeks").
    expect(
      rewrite("Storm Fenella arrived less than two weeks after Storm Elspeth caused widespread disruption across the north."),
    ).not.toMatch(/^After/u);
    expect(
      rewrite("Bei einem Großbrand in einem Chemiewerk in Kaltenbrück sind am Dienstag 14 Beschäftigte verletzt worden.", "de"),
    ).toBeUndefined();
  });
});
