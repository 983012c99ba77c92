// Claim checking across origins: the five states by the definitions in ARCHITECTURE.md, matching
// a statement across different wording, and the facts it is compared on.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkClaims, relate, stemWeights } from "../../src/sourcing/claims/checkClaims.ts";
import { claimState, copiedSentence, ownParty } from "../../src/sourcing/claims/claimStates.ts";
import { isCheckable, negatedThings, sentenceFacts, storyNameWords } from "../../src/sourcing/claims/facts.ts";
import { type Quantity, roundingOf, sameAmount, sameFigure } from "../../src/sourcing/claims/figures.ts";
import { sameParty, toParty } from "../../src/sourcing/claims/parties.ts";
import { splitSentences } from "../../src/sourcing/claims/sentences.ts";
import { groupOrigins } from "../../src/sourcing/group/originGroups.ts";
import { outletKind } from "../../src/sourcing/policy/sourcingPolicy.ts";
import { assertEnoughOrigins } from "../../src/sourcing/sourceSummary.ts";
import type { CheckedClaim, GroupedSource } from "../../src/sourcing/types.ts";
import { page, prose, statement, wire } from "./pages.ts";

/** A sentence of one source as relate() reads it, with the party it rests on when given. */
const mention = (source: number, language: string, text: string, party?: string) => ({
  source,
  text,
  language,
  facts: sentenceFacts(text, language),
  ...(party ? { party } : {}),
});

function claimWith(claims: CheckedClaim[], fragment: string): CheckedClaim {
  const found = claims.filter((c) => c.text.includes(fragment));
  expect(found, `one claim containing "${fragment}"`).toHaveLength(1);
  return found[0] as CheckedClaim;
}

describe("facts", () => {
  it("normalises numbers by the language's separators, scale words and number words", () => {
    expect(sentenceFacts("About 1,200 homes lost power, and repairs will cost $2.5 million.").numbers.sort()).toEqual([
      "1200",
      "2500000",
    ]);
    expect(
      sentenceFacts("Rund 1.200 Haushalte waren betroffen, die Reparatur kostet 2,5 Millionen Euro.", "de").numbers.sort(),
    ).toEqual(["1200", "2500000"]);
    expect(sentenceFacts("Three firefighters were hurt in the blaze at the depot.").numbers).toEqual(["3"]);
    expect(
      sentenceFacts("W wypadku rannych zostało trzech strażaków, a dwie osoby trafiły do szpitala.", "pl").numbers.sort(),
    ).toEqual(["2", "3"]);
    expect(sentenceFacts("Turnout rose to 61.5 per cent in the northern wards.").numbers).toEqual(["61.5%"]);
  });

  it("reads a number word only in its own language", () => {
    expect(sentenceFacts("The line was closed due to the storm, once again.", "en").numbers).toEqual([]);
    expect(sentenceFacts("Eine Verlagerung sei nicht geplant, sagte die Sprecherin.", "de").numbers).toEqual([]);
    expect(sentenceFacts("Sono due i feriti trasportati in ospedale a Dorena.", "it").numbers).toEqual(["2"]);
    expect(sentenceFacts("Los once trabajadores fueron evacuados de la mina.", "es").numbers).toEqual(["11"]);
    // English writes a number that opens a sentence in words, tens and units joined.
    expect(sentenceFacts("Twenty-three people were injured in the derailment near Haldersbrück.", "en").numbers).toEqual(["23"]);
    expect(sentenceFacts("Forty residents were evacuated overnight from the lower town.", "en").numbers).toEqual(["40"]);
    expect(sentenceFacts("Twenty-one people were taken to hospital.", "en").numbers).toEqual(["21"]);
    expect(sentenceFacts("Vier mensen raakten gewond bij het ongeluk.", "nl").numbers).toEqual(["4"]);
  });

  it("takes a name in quotation marks for a name, not a quotation, and ends what is denied where the denial goes on", () => {
    expect(
      sentenceFacts("Die Lokalzeitung „L'Écho du Ried“ berichtete, die Fertigung solle nach Kisbarna wandern.", "de").quotes,
    ).toEqual([]);
    expect(sentenceFacts("« Nous n'avons jamais reçu cette alerte », affirme la direction du club.", "fr").quotes).toHaveLength(
      1,
    );
    const denied = sentenceFacts(
      "La direction dément tout projet de délocalisation vers la Hongrie et assure que la gamme sera réduite.",
      "fr",
    ).denied;
    expect(denied).toContain("déloc");
    expect(denied).not.toContain("gamm");
  });

  it("keeps a share of no one apart from a share someone won: turnout is not a candidate's vote", () => {
    const m = mention;
    const pairs: [string, string, string][] = [
      [
        "pl",
        "Frekwencja wyniosła 38,71 proc., podała MKW.",
        "Jak podała MKW, Wolańska zdobyła 53,1 proc. głosów, a jej rywal Tomasz Sędziak 46,9 proc.",
      ],
      [
        "en",
        "Turnout was 38.71%, the commission said.",
        "As the commission said, Wolanska won 53.1% of the vote and her rival Tomasz Sedziak 46.9%.",
      ],
      [
        "de",
        "Die Wahlbeteiligung lag bei 38,71 Prozent, teilte die Kommission mit.",
        "Wie die Kommission mitteilte, erhielt Wolanska 53,1 Prozent der Stimmen, ihr Rivale Sedziak 46,9 Prozent.",
      ],
    ];
    for (const [language, turnout, shares] of pairs) {
      const [a, b] = [m(0, language, turnout), m(1, language, shares)];
      expect(relate(a, b, stemWeights([a, b])), turnout).not.toBe("conflict");
    }
    // One rate, once with its place and once without, is still one rate that differs.
    const [r, t] = [m(0, "en", "Inflation in Valdena hit 4.2% in March."), m(1, "en", "Inflation hit 3.9% in March.")];
    expect(relate(r, t, stemWeights([r, t]))).toBe("conflict");
    // The same candidate's share given twice, differently, still disagrees.
    const [x, y] = [
      m(0, "en", "Wolanska won 53.1% of the vote, the commission said."),
      m(1, "en", "Wolanska won 57.4% of the vote, her campaign said."),
    ];
    expect(relate(x, y, stemWeights([x, y]))).toBe("conflict");
  });

  it("reads works of art counted in any words, and a tally's noun past its adjective, so that a revised count disputes the first", () => {
    const m = mention;
    const units = (language: string, text: string) => m(0, language, text).facts.quantities.map((q) => q.unit);
    expect(units("en", "The museum revised its tally of stolen works to six.")).toEqual(["artworks"]);
    expect(units("fr", "Le nombre d'œuvres dérobées est porté à six.")).toEqual(["artworks"]);
    expect(units("fr", "Cinq tableaux ont été dérobés.")).toEqual(["artworks"]);
    expect(units("es", "Los ladrones se llevaron cinco cuadros.")).toEqual(["artworks"]);
    // Plants are no works of art, and a "number of" noun before one figure says nothing of the next.
    expect(units("de", "Der Konzern will drei Werke in Deutschland schließen.")).not.toEqual(["artworks"]);
    expect(units("en", "The number of injured rose to 30 and 12 buildings collapsed.")[1]).not.toBe("injured");
    const pairs: [string, string, string][] = [
      [
        "en",
        "Five paintings were taken overnight from the Musée Gaspard-Lenoir in Montlaurès.",
        "On Tuesday the Musée Gaspard-Lenoir in Montlaurès revised its tally of stolen works to six, after staff and police went through the collection.",
      ],
      [
        "fr",
        "Cinq tableaux ont été dérobés dans la nuit au musée Gaspard-Lenoir de Montlaurès.",
        "Au musée Gaspard-Lenoir, le nombre d'œuvres dérobées est porté à six, soit une de plus que le bilan provisoire.",
      ],
    ];
    for (const [language, first, revised] of pairs) {
      const [a, b] = [m(0, language, first), m(1, language, revised)];
      expect(relate(a, b, stemWeights([a, b])), revised).toBe("conflict");
    }
  });

  it("reads a toll that rose with a word between ('è salito stamattina a 16'), and an emergency line's number as no figure", () => {
    const it_ = (source: number, text: string) => ({ source, text, language: "it", facts: sentenceFacts(text, "it") });
    const first = it_(
      0,
      "Sono 11 i feriti, tutti lievi, medicati dal personale del 118 o trasportati al pronto soccorso di Orsena, riferisce la Protezione civile.",
    );
    const later = it_(
      1,
      "Il bilancio dei feriti, fermo sabato sera a una decina, è salito stamattina a 16: lo ha comunicato la Protezione civile dopo aver ricevuto i dati del 118 e del pronto soccorso di Orsena.",
    );
    expect(first.facts.numbers).toEqual(["11"]);
    expect(later.facts.quantities).toEqual([{ value: "16", unit: "injured", counted: "injured" }]);
    expect(later.facts.revision).toBe(true);
    expect(relate(first, later, stemWeights([first, later]))).toBe("conflict");
    // A count of 118 is a count.
    expect(sentenceFacts("Alisur ha cancelado 118 vuelos.", "es").numbers).toEqual(["118"]);
    expect(sentenceFacts("The 118 passengers were evacuated.", "en").numbers).toEqual(["118"]);
    expect(sentenceFacts("Die 112 Beschäftigten wurden entlassen.", "de").numbers).toEqual(["112"]);
    // A rise with a time or a place between is no revision of a figure.
    expect(sentenceFacts("La ministre est passée hier à 18 heures au centre de crise.", "fr").revision).toBe(false);
    expect(sentenceFacts("Der Kurs stieg zeitweise auf 120 Euro.", "de").revision).toBe(false);
  });

  it("reads one death told without a figure as a toll of one, which a later toll revises", () => {
    const fr = (source: number, text: string) => ({ source, text, language: "fr", facts: sentenceFacts(text, "fr") });
    const one = fr(0, "En Italie, un homme de 81 ans est mort à Pontesarvo, emporté par la crue, selon la Protection civile.");
    expect(one.facts.quantities).toContainEqual({ value: "1", unit: "dead" });
    const two = fr(1, "Le bilan a été revu à la hausse à Pontesarvo, en Italie : deux morts, selon la Protection civile.");
    expect(relate(one, two, stemWeights([one, two]))).toBe("conflict");
    expect(sentenceFacts("A man walked his dog along the flooded river.", "en").numbers).toEqual([]);
    expect(sentenceFacts("A man died when his car was swept away near Harwick.", "en").quantities).toContainEqual({
      value: "1",
      unit: "dead",
    });
    expect(sentenceFacts("Dabei kam ein Mann ums Leben, wie die Polizei mitteilte.", "de").quantities).toContainEqual({
      value: "1",
      unit: "dead",
    });
  });

  it("reads thousands written with commas in Spanish, 'mil millones', and leaves numbers that name out", () => {
    expect(sentenceFacts("La línea transportará a 180,000 usuarios al día.", "es").numbers).toEqual(["180000"]);
    expect(sentenceFacts("La obra costó 18.4 mil millones de pesos.", "es").numbers).toEqual(["18400000000"]);
    expect(sentenceFacts("La obra costó 18,400 millones de pesos.", "es").numbers).toEqual(["18400000000"]);
    expect(sentenceFacts("Die Kosten steigen auf 3,5 Millionen Euro.", "de").numbers).toEqual(["3500000"]);
    expect(sentenceFacts("Por Resolución N° 62/2026 la Junta proclama a la intendenta electa.", "es").numbers).toEqual([]);
  });

  it("normalises dates in several languages and keeps years out of the numbers", () => {
    expect(sentenceFacts("The vote was held on March 14, 2026 in the town hall.").dates).toEqual(["2026-03-14"]);
    expect(sentenceFacts("Die Abstimmung fand am 14. März 2026 im Rathaus statt.", "de").dates).toEqual(["2026-03-14"]);
    expect(sentenceFacts("Le vote a eu lieu le 14 mars 2026 à la mairie.", "fr").dates).toEqual(["2026-03-14"]);
    expect(sentenceFacts("La votación se celebró el 14 de marzo de 2026 en el ayuntamiento.", "es").dates).toEqual([
      "2026-03-14",
    ]);
    expect(sentenceFacts("The plant opened in 2019 and employs 340 people.").numbers).toEqual(["340"]);
  });

  it("finds the party a statement rests on, and denials", () => {
    expect(sentenceFacts("The plant will close in June, according to a statement from Alderbank Energy.").attributedTo).toBe(
      "alderbank energy",
    );
    expect(sentenceFacts("Laut einer Mitteilung von Alderbank Energy schließt das Werk im Juni.", "de").attributedTo).toBe(
      "alderbank energy",
    );
    expect(sentenceFacts("A spokeswoman for the Portmere Fire Service said three crews attended.").attributedTo).toBe(
      "portmere fire service",
    );
    expect(sentenceFacts("The mayor denied that the barriers had been neglected for years.").denial).toBe(true);
  });

  it("splits sentences per language without breaking at abbreviations or ordinals", () => {
    expect(splitSentences("Dr. Jane Smith said 120 people were hurt. The U.S. team arrived. J. Doe agreed.")).toHaveLength(3);
    expect(splitSentences("Der Bürgermeister sagte am 14. März 2026, es sei ernst. Nr. 5 fiel aus.", "de")).toHaveLength(2);
    // A day's ordinal before its month without a year, in the languages that write it with a dot.
    expect(splitSentences("Am 13. April hatte sich der Reaktor automatisch abgeschaltet. Das ist neu.", "de")).toEqual([
      "Am 13. April hatte sich der Reaktor automatisch abgeschaltet.",
      "Das ist neu.",
    ]);
    expect(splitSentences("The team won 3. May was a good month.", "en")).toHaveLength(2);
    expect(splitSentences("東京で地震が発生しました。被害は不明です。", "ja")).toHaveLength(2);
  });
});

describe("sentences in the 22 languages", () => {
  const two: Record<string, string> = {
    en: "The bridge reopened on Monday. Traffic returned at noon.",
    es: "El puente reabrió el lunes. El tráfico volvió a mediodía.",
    fr: "Le pont a rouvert lundi. La circulation a repris à midi.",
    de: "Die Brücke wurde am Montag wieder geöffnet. Der Verkehr kehrte mittags zurück.",
    pt: "A ponte reabriu na segunda-feira. O trânsito voltou ao meio-dia.",
    it: "Il ponte ha riaperto lunedì. Il traffico è tornato a mezzogiorno.",
    nl: "De brug ging maandag weer open. Het verkeer keerde om twaalf uur terug.",
    pl: "Most ponownie otwarto w poniedziałek. Ruch wrócił w południe.",
    sv: "Bron öppnade igen på måndagen. Trafiken kom tillbaka vid lunch.",
    da: "Broen åbnede igen mandag. Trafikken vendte tilbage ved middag.",
    no: "Brua åpnet igjen mandag. Trafikken kom tilbake ved middag.",
    fi: "Silta avattiin uudelleen maanantaina. Liikenne palasi keskipäivällä.",
    cs: "Most byl v pondělí znovu otevřen. Doprava se vrátila v poledne.",
    sk: "Most bol v pondelok znovu otvorený. Doprava sa vrátila na obed.",
    hu: "A hidat hétfőn újra megnyitották. A forgalom délben visszatért.",
    ro: "Podul a fost redeschis luni. Traficul a revenit la prânz.",
    el: "Η γέφυρα άνοιξε ξανά τη Δευτέρα. Η κυκλοφορία επέστρεψε το μεσημέρι.",
    tr: "Köprü pazartesi yeniden açıldı. Trafik öğlen geri döndü.",
    uk: "Міст знову відкрили в понеділок. Рух відновився опівдні.",
    ja: "橋は月曜日に再開した。正午には交通が戻った。",
    bhs: "Most je ponovno otvoren u ponedjeljak. Promet se vratio u podne.",
    sl: "Most so v ponedeljek znova odprli. Promet se je vrnil opoldne.",
  };
  it.each(Object.entries(two))("splits %s into its two sentences", (language, text) => {
    expect(splitSentences(text, language)).toHaveLength(2);
  });
});

describe("claim states", () => {
  const independent = [
    page(
      "https://one.example/a",
      `${prose("one")} Flood barriers failed on Tuesday night, forcing 1,200 residents to leave their homes in Portmere.`,
    ),
    page(
      "https://two.example/b",
      `${prose("two")} In Portmere about 1,200 residents had to leave their homes after flood barriers failed late on Tuesday.`,
    ),
    page(
      "https://three.example/c",
      `${prose("three")} The Portmere Gazette learned that the council had ignored 14 warnings since 2023 about the barrier gates.`,
    ),
  ];

  it("calls a claim two independent origins carry in their own words corroborated", () => {
    const sources = groupOrigins(independent);
    const claim = claimWith(checkClaims(sources), "1,200 residents to leave");
    expect(claim).toMatchObject({ state: "corroborated", originCount: 2, sourceKeys: ["0", "1"] });
  });

  it("calls a claim only one origin carries singleSource", () => {
    const claim = claimWith(checkClaims(groupOrigins(independent)), "14 warnings");
    expect(claim).toMatchObject({ state: "singleSource", originCount: 1, sourceKeys: ["2"] });
  });

  it("calls a claim that several outlets relay from one agency circular", () => {
    const text = `PORTMERE, England (AP) — ${prose("wire")} Engineers said the pumps at Mere Lock had been out of service for 9 days.`;
    const sources = groupOrigins([
      page("https://one.example/w", text, { attributions: [wire("AP", "PORTMERE, England (AP) —")] }),
      page("https://two.example/w", text, { attributions: [wire("AP", "PORTMERE, England (AP) —")] }),
      page("https://three.example/w", text, { attributions: [wire("AP", "PORTMERE, England (AP) —")] }),
    ]);
    expect(claimWith(checkClaims(sources), "9 days")).toMatchObject({ state: "circular", originCount: 1 });
  });

  it("calls a claim circular when independent outlets cite one another for it", () => {
    const sources = groupOrigins([
      page(
        "https://harbourpost.example/x",
        `${prose("hp")} The ferry operator plans to cut 45 sailings a week, according to the Kestrel Daily.`,
        {
          siteName: "Harbour Post",
        },
      ),
      page(
        "https://kestreldaily.example/y",
        `${prose("kd")} The ferry operator will cut 45 weekly sailings, the Harbour Post reported.`,
        {
          siteName: "Kestrel Daily",
        },
      ),
    ]);
    expect(claimWith(checkClaims(sources), "45 sailings")).toMatchObject({ state: "circular", originCount: 1 });
  });

  it("calls a claim parallel when independent outlets all rest it on one party's statement", () => {
    const sources = groupOrigins([
      page(
        "https://newsroom.alderbank.com/r",
        `${prose("release")} Alderbank Energy will build a 340-megawatt battery plant at Portmere by 2028.`,
        {
          siteName: "Alderbank Energy",
        },
      ),
      page(
        "https://one.example/p",
        `${prose("p1")} A 340-megawatt battery plant will be built at Portmere by 2028, according to a statement from Alderbank Energy.`,
        {
          attributions: [statement("Alderbank Energy", "according to a statement from Alderbank Energy")],
        },
      ),
      page(
        "https://two.example/p",
        `${prose("p2")} Alderbank Energy said it would build the 340-megawatt battery plant in Portmere by 2028.`,
      ),
    ]);
    const claim = claimWith(checkClaims(sources), "340-megawatt battery plant at Portmere");
    expect(claim.state).toBe("parallel");
    expect(claim.originCount).toBe(3);
    expect(claim.attributedTo?.toLowerCase()).toBe("alderbank energy");
  });

  it("takes one outlet's unattributed account beside a party's statement for that party's word, not corroboration", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/k",
        `${prose("k1")} The Kessling depot will close in March with the loss of 140 jobs, Veltmark Logistics said on Monday.`,
      ),
      page("https://two.example/k", `${prose("k2")} The Kessling depot will close in March with the loss of 140 jobs.`),
    ]);
    const claim = claimWith(checkClaims(sources), "loss of 140 jobs");
    expect(claim.state).toBe("parallel");
    expect(claim.attributedTo).toBe("Veltmark Logistics");
    // Two accounts of their own are corroboration (each in its own words: one sentence word for
    // word on two pages was copied, "a sentence copied word for word" below).
    const own = groupOrigins([
      page("https://one.example/l", `${prose("l1")} The Kessling depot will close in March with the loss of 140 jobs.`),
      page("https://two.example/l", `${prose("l2")} In March the Kessling depot shuts its doors and 140 jobs go.`),
    ]);
    expect(claimWith(checkClaims(own), "loss of 140 jobs").state).toBe("corroborated");
    // An outlet that credits itself ("documents seen by the Portmere Lantern", a name with no word of the press) tells its own account.
    const itself = groupOrigins([
      page(
        "https://www.portmere-lantern.example/m",
        `${prose("m1")} According to internal documents seen by the Portmere Lantern, the Kessling depot will close in March with the loss of 140 jobs.`,
        { siteName: "Portmere Lantern" },
      ),
      page("https://two.example/m", `${prose("m2")} In March the Kessling depot shuts its doors and 140 jobs go.`),
    ]);
    expect(claimWith(checkClaims(itself), "loss of 140 jobs").state).toBe("corroborated");
    // A body sharing the outlet's name speaks for itself: "Kessling said" on the Kessling
    // Lantern's page is the company's word.
    const namesake = groupOrigins([
      page(
        "https://www.kessling-lantern.example/n",
        `${prose("n1")} The Kessling depot will close in March with the loss of 140 jobs, Kessling said on Monday.`,
        { siteName: "Kessling Lantern" },
      ),
      page("https://two.example/n", `${prose("n2")} In March the Kessling depot shuts its doors and 140 jobs go.`),
    ]);
    expect(claimWith(checkClaims(namesake), "loss of 140 jobs").state).toBe("parallel");
  });

  it("takes the same quoted words on every carrier for one person's statement, however the speaker is named", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/q",
        `${prose("q1")} Speaking at the Harlow depot on Monday, Dana Pryce said: "We will not accept 140 job losses at Kessling."`,
      ),
      page(
        "https://two.example/q",
        `${prose("q2")} The Harlow Dockers Union said in a statement on Monday: "We will not accept 140 job losses at Kessling."`,
      ),
    ]);
    const claim = claimWith(checkClaims(sources), "140 job losses");
    expect(claim.state).toBe("parallel");
  });

  it("rests a bare figure on the body the other outlets credit it to when the page credits that body too", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/h",
        `${prose("h1")} According to the Regione Valmora, the new hospital in Serrano will cost 212 million euros.`,
      ),
      page(
        "https://two.example/h",
        `${prose("h2")} The new hospital in Serrano will cost 212 million euros, the Regione Valmora said in a note.`,
      ),
      page(
        "https://three.example/h",
        `The Regione Valmora said on Monday that building in Serrano would start in 2027. ${prose("h3")} The new hospital in Serrano will cost 212 million euros.`,
      ),
    ]);
    expect(claimWith(checkClaims(sources), "cost 212 million").state).toBe("parallel");
  });

  it("calls claims disputed when origins give different figures, and links the variants", () => {
    const sources = groupOrigins([
      page("https://one.example/d", `${prose("d1")} At least 120 people were injured in the stampede at the Portmere stadium.`),
      page("https://two.example/d", `${prose("d2")} At least 210 people were injured in the stampede at the Portmere stadium.`),
    ]);
    const claims = checkClaims(sources);
    const low = claimWith(claims, "120 people");
    const high = claimWith(claims, "210 people");
    expect(low.state).toBe("disputed");
    expect(high.state).toBe("disputed");
    expect(low.variants?.[0]?.text).toContain("210");
  });

  it("reads a measurement given in two units as one figure: agreement, not a dispute", () => {
    // The issue's own case: "92 mm (3.6 inches)" and "4.3 m (14 feet)" against "92 mm" and "4.3 m".
    const sources = groupOrigins([
      page(
        "https://one.example/r",
        `${prose("r1")} The storm dropped 92 mm (3.6 inches) of rain on Harwick overnight. Waves of 4.3 m (14 feet) battered the harbour wall at Harwick.`,
      ),
      page(
        "https://two.example/r",
        `${prose("r2")} The storm dropped 92 mm of rain on Harwick overnight. Waves of 4.3 m battered the harbour wall at Harwick.`,
      ),
      page(
        "https://three.example/r",
        `${prose("r3")} Overnight the storm dropped 3.6 inches of rain on Harwick. The ferry turned back 12 miles out of Harwick, the operator said.`,
      ),
      page("https://four.example/r", `${prose("r4")} The ferry turned back 19 km out of Harwick, the operator said.`),
    ]);
    const claims = checkClaims(sources);
    const rain = claimWith(claims, "92 mm of rain");
    expect(rain.state).toBe("corroborated");
    expect(rain.originCount).toBe(3);
    expect(claimWith(claims, "Waves of 4.3 m").state).toBe("corroborated");
    // "12 miles" and "19 km" (19.3): one claim, carried by both origins, whichever wording it takes.
    const ferry = claims.filter((c) => /12 miles out|19 km out/u.test(c.text));
    expect(ferry).toHaveLength(1);
    expect(ferry[0]?.originCount).toBe(2);
    expect(claims.filter((c) => /of rain|Waves of|ferry turned back/u.test(c.text) && c.state === "disputed")).toEqual([]);
    // "4.3 m" is metres, not 4.3 million; "£10.4m" is millions.
    expect(sentenceFacts("Waves of 4.3 m hit the wall.").numbers).toEqual(["4.3"]);
    expect(sentenceFacts("Valmont paid £10.4m (€12m) for him.").numbers).toEqual(["10400000", "12000000"]);
  });

  it("still calls a measurement disputed when the amounts differ, whatever units they are given in", () => {
    const sources = groupOrigins([
      page("https://one.example/w", `${prose("w1")} Waves of 4.3 m (14 feet) battered the harbour wall at Harwick on Tuesday.`),
      page("https://two.example/w", `${prose("w2")} Waves of 30 feet battered the harbour wall at Harwick on Tuesday.`),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "30 feet").state).toBe("disputed");
  });

  it("calls a claim disputed when another origin denies it", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/d",
        `${prose("e1")} The harbour master ordered the Mere Lock gates closed before the storm on Tuesday.`,
      ),
      page(
        "https://two.example/d",
        `${prose("e2")} The harbour master denied ordering the Mere Lock gates closed before the storm on Tuesday.`,
      ),
    ]);
    expect(claimWith(checkClaims(sources), "ordered the Mere Lock").state).toBe("disputed");
  });

  it("calls an allegation disputed when another party says there was none of what it alleges, across pages", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/i",
        `${prose("i1")} Campaign chief Marek Jurczyk alleged irregularities in the count at precinct 17 on Sunday night.`,
      ),
      page(
        "https://two.example/i",
        `${prose("i2")} "We found no irregularities in the count that could have affected the result," said commission chair Halina Ostrowska.`,
      ),
      page(
        "https://three.example/i",
        `${prose("i3")} Szef sztabu Sędziaka, Marek Jurczyk, twierdzi, że w obwodzie nr 17 doszło do nieprawidłowości przy liczeniu głosów.`,
        { language: "pl" },
      ),
      page(
        "https://four.example/i",
        `${prose("i4")} „Nie stwierdziliśmy żadnych nieprawidłowości przy liczeniu głosów, które mogłyby wpłynąć na wynik wyborów” – powiedziała przewodnicząca komisji Halina Ostrowska.`,
        { language: "pl" },
      ),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "alleged irregularities").state).toBe("disputed");
    expect(claimWith(claims, "We found no irregularities").state).toBe("disputed");
    // The Polish accounts are the English ones' translations, each one claim with them or its own.
    const irregularities = claims.filter((c) => /irregularit|nieprawidłowo/u.test(c.text));
    expect(irregularities.length).toBeGreaterThanOrEqual(2);
    for (const c of irregularities) expect(c.state, c.text).toBe("disputed");
  });

  it("calls a party's figure disputed when the next sentence sets another party's figure against 'that figure'", () => {
    const story = (second: string) =>
      groupOrigins([
        page(
          "https://one.example/f",
          `${prose("f1")} The court put the damage to the Harwick council's coffers at 1.87 million euros, the judges wrote. ${second}`,
        ),
        page(
          "https://two.example/f",
          `${prose("f2")} Judges set the damage to Harwick's coffers at 1.87 million euros in the ruling.`,
        ),
      ]);
    const against = checkClaims(
      story("The town council, a private prosecutor in the case, puts that figure at 3.2 million euros, the council said."),
    );
    expect(claimWith(against, "1.87 million euros, the judges").state).toBe("disputed");
    const apart = checkClaims(story("The town council's yearly budget is 3.2 million euros, the council said."));
    expect(claimWith(apart, "1.87 million euros, the judges").state).not.toBe("disputed");
    // A part of the figure is no other account of it.
    const part = checkClaims(story("Of that figure, 0.4 million euros will be paid by the former mayor, the council said."));
    expect(claimWith(part, "1.87 million euros, the judges").state).not.toBe("disputed");
  });

  it("calls it disputed when a party gives 'the true figure' against the one just told, its noun left unsaid", () => {
    const story = (second: string) =>
      groupOrigins([
        page(
          "https://one.example/e",
          `${prose("e1")} According to the regional government's update, 1,450 residents have been evacuated from Los Pinares and Cala Serena. ${second}`,
        ),
        page(
          "https://two.example/e",
          `${prose("e2")} The regional government said 1,450 residents have been evacuated from Los Pinares and Cala Serena.`,
        ),
      ]);
    const against = checkClaims(
      story("Mayor Elena Sagasta, however, says the true figure is more than 3,000 once hotel guests and campers are counted."),
    );
    expect(claimWith(against, "According to the regional government").state).toBe("disputed");
    // Another kind of figure named is no other account of the count.
    const apart = checkClaims(story("Mayor Elena Sagasta, however, says the true figure is 40% of the town."));
    expect(claimWith(apart, "According to the regional government").state).not.toBe("disputed");
    // A figure with a noun of its own after "that figure" counts something else.
    const other = checkClaims(story("Mayor Elena Sagasta said that figure includes 12 hotels."));
    expect(claimWith(other, "According to the regional government").state).not.toBe("disputed");
    // What a revised count counts is the "number of" noun before it when the words after it name nothing counted.
    expect(
      sentenceFacts("The government revised the number of evacuees upwards to 1,900 after a fourth estate was cleared.", "en")
        .quantities,
    ).toEqual([{ value: "1900", unit: "people", counted: "evacuation" }]);
  });

  it("reads what a figure given as the predicate counts from its subject", () => {
    const counted = (language: string, text: string) =>
      sentenceFacts(text, language).quantities.map((q) => ({ unit: q.unit, counted: q.counted }));
    // "i pazienti interessati siano più di 62.000" counts patients.
    expect(
      counted(
        "it",
        "L'associazione ritiene invece che i pazienti interessati siano più di 62.000, perché mancano le confezioni.",
      )[0]?.counted,
    ).toBe("patients");
    expect(counted("en", "The injured were 31, police said.")[0]?.unit).toBe("injured");
    // A subject the lexicon does not know as a thing counted gives no unit.
    expect(counted("en", "The results were 31, he said.")[0]?.unit).toBe("");
    // A participle with no noun after it is what it counts: "3 killed and 12 injured".
    expect(counted("en", "The crash left 3 killed and 12 injured.").map((q) => q.unit)).toEqual(["dead", "injured"]);
  });

  it("calls a cost counted with a part it leaves out another account of the cost, whatever its words ('once … is included', '用地取得費を含めた')", () => {
    const m = mention;
    const pairs: [string, string, string][] = [
      [
        "en",
        "The county estimated the emergency repair would cost $1.8 million.",
        "County Commissioner Ray Dukeman told KPLV 8 the full bill will be closer to $2.6 million once repaving Hollis Avenue is included.",
      ],
      [
        "ja",
        "総事業費は約420億円で、2031年春の開業を目指すということです。",
        "鷺野市が計画するライトレール（LRT）の延伸事業で、用地取得費を含めた総事業費が約510億円に上る見通しであることが関係者への取材で分かった。",
      ],
    ];
    for (const [language, first, other] of pairs) {
      const [a, b] = [m(0, language, first), m(1, language, other)];
      expect(b.facts.qualifiedSum, other).toBe("includes");
      expect(relate(a, b, stemWeights([a, b])), other).toBe("conflict");
    }
    // A count of people "including" children is no sum.
    expect(sentenceFacts("Twelve people, including three children, were hurt.", "en").qualifiedSum).toBeUndefined();
    // A sum including a part is the larger, one leaving a part out the smaller, and of the same
    // order: neither $9.6 million nor $1.2 million "once repaving is included" is the county's
    // $1.8 million repair counted another way.
    const repair = m(0, "en", "The county estimated the emergency repair would cost $1.8 million.");
    for (const other of [
      "County Commissioner Ray Dukeman told KPLV 8 the full bill will be closer to $9.6 million once repaving Hollis Avenue is included.",
      "County Commissioner Ray Dukeman told KPLV 8 the full bill will be closer to $1.2 million once repaving Hollis Avenue is included.",
    ]) {
      const b = m(1, "en", other);
      expect(relate(repair, b, stemWeights([repair, b])), other).not.toBe("conflict");
    }
  });

  it("reads a count on top of another ('weitere 11 Flüge') as no account of the total, and a word cut to another's stem as another thing", () => {
    const m = mention;
    const cancelled = m(1, "de", "Nach Angaben einer Flughafensprecherin wurden in der Nacht 17 Flüge annulliert.");
    const more = m(0, "de", "Weitere 11 Flüge wurden in der Nacht zu anderen Flughäfen umgeleitet.");
    expect(more.facts.quantities[0]?.additional).toBe(true);
    expect(relate(more, cancelled, stemWeights([more, cancelled]))).not.toBe("conflict");
    // Without "weitere" the two counts of the night's flights are two accounts of one.
    const other = m(0, "de", "Nach Angaben der Flugsicherung wurden in der Nacht 11 Flüge annulliert.");
    expect(other.facts.quantities[0]?.additional).toBeUndefined();
    expect(relate(other, cancelled, stemWeights([other, cancelled]))).toBe("conflict");
    // "No suspects" says nothing of what was "suspended", though both are cut to "suspe".
    const none = m(0, "en", "No suspects had been identified by Friday afternoon.", "police");
    const closed = m(
      1,
      "en",
      "Ebersmarkt Airport suspended all movements between 18:52 and 22:10 on Thursday after drone sightings.",
      "Ebersmarkt Airport",
    );
    expect(relate(none, closed, stemWeights([none, closed]))).not.toBe("conflict");
  });

  it("reads volumes in any unit as one measure, and a figure counting a measure and one counting a thing as no fact in common", () => {
    const q = (language: string, text: string) => sentenceFacts(text, language).quantities;
    expect(q("fr", "L'usine a rejeté environ 4 000 litres de solution ammoniacale.")).toEqual([
      { value: "4000", unit: "volume", base: 4000 },
    ]);
    expect(q("de", "Die ausgetretene Menge bezifferte die Firma auf rund vier Kubikmeter.")).toEqual([
      { value: "4", unit: "volume", base: 4000 },
    ]);
    expect(q("it", "Sono fuoriusciti 15 m³ di soluzione.")[0]?.base).toBe(15000);
    const m = mention;
    const [volume, towns] = [
      m(0, "de", "Die ausgetretene Menge bezifferte Chimirel auf rund vier Kubikmeter."),
      m(1, "fr", "Quatre communes restent privées d'eau potable après la fuite chez Chimirel."),
    ];
    expect(relate(volume, towns, stemWeights([volume, towns]))).not.toBe("same");
    // The same volume in litres and cubic metres is one fact across languages.
    const litres = m(1, "fr", "Selon Chimirel, environ 4 000 litres de solution se sont échappés de la cuve.");
    expect(relate(volume, litres, stemWeights([volume, litres]))).toBe("same");
  });

  it("lets a small whole number alone join two languages' sentences only when it counts one kind of thing in both", () => {
    const m = mention;
    const sprinklers = m(0, "ja", "線路の雪を溶かすスプリンクラーが、およそ3キロにわたって作動していなかった。");
    const trains = m(1, "en", "Three other trains were also stuck between stations in the snow.");
    expect(relate(sprinklers, trains, stemWeights([sprinklers, trains]))).not.toBe("same");
    const dead = m(0, "fr", "Quatre morts dans l'avalanche, selon la police.");
    const morti = m(1, "it", "Quattro morti nella valanga, secondo la polizia.");
    expect(relate(dead, morti, stemWeights([dead, morti]))).toBe("same");
  });

  it("keeps the seventeenth session's readings from wrong cases a review found", () => {
    const m = mention;
    const pair = (language: string, a: string, b: string) => {
      const [x, y] = [m(0, language, a), m(1, language, b)];
      return relate(x, y, stemWeights([x, y]));
    };
    // Different lengths are no rounding of each other: "10 km" is not "14 km".
    expect(
      pair(
        "en",
        "The tailback on the A7 stretched for 10 km on Friday, police said.",
        "The tailback on the A7 stretched for 14 km on Friday, the motoring club said.",
      ),
    ).toBe("conflict");
    // A caption needs a month after its comma; a toll after a comma is a statement.
    expect(sentenceFacts("Three people died in the blaze, 14 injured.", "en").furniture).toBe(false);
    expect(sentenceFacts("Le bilan s'alourdit, 12 morts.", "fr").furniture).toBe(false);
    // "Hors de question", "fue contando", "sale a": no sum counted another way.
    expect(
      sentenceFacts("Hors de question de fermer les écoles, dit le maire, qui promet 5 millions d'euros.", "fr").qualifiedSum,
    ).toBeUndefined();
    expect(sentenceFacts("El alcalde fue contando que la obra costará 5 millones de euros.", "es").qualifiedSum).toBeUndefined();
    expect(sentenceFacts("Con la nueva tarifa, cada vecino sale a 300 euros.", "es").revision).toBe(false);
    // "Among the injured are 3 children" counts children, not the injured.
    expect(sentenceFacts("Wśród rannych są 3 dzieci, podała policja.", "pl").quantities[0]?.unit).not.toBe("injured");
    // "The next 3 years", "the other 3": no count on top of another.
    expect(sentenceFacts("Umowa obowiązuje na następne 3 lata.", "pl").quantities[0]?.additional).toBeUndefined();
    expect(sentenceFacts("Los otros 3 heridos siguen en el hospital.", "es").quantities[0]?.additional).toBeUndefined();
    // Two forms of one word ("dismissals", "dismissed") still dispute when one is denied.
    const denied = { ...m(0, "en", "There were no dismissals at the Ostrand plant, the company said."), party: "the company" };
    const stated = { ...m(1, "en", "Workers were dismissed at the Ostrand plant, the union said."), party: "the union" };
    expect(relate(denied, stated, stemWeights([denied, stated]))).toBe("conflict");
    // Number words take no one-letter or scale unit: "dos mil vecinos", "two in three", "deux l'ont".
    expect(sentenceFacts("Dos mil vecinos se concentraron ante el Ayuntamiento.", "es").quantities[0]?.base).toBeUndefined();
    expect(sentenceFacts("Two in three residents oppose the plan.", "en").quantities[0]?.base).toBeUndefined();
    expect(sentenceFacts("Les 27 l'ont adopté mardi.", "fr").quantities[0]?.base).toBeUndefined();
    // Japanese: ミリリットル is a volume, ミリシーベルト no length; an absent casualty names no count.
    expect(sentenceFacts("ペットボトル500ミリリットルを配布した。", "ja").quantities[0]).toEqual({
      value: "500",
      unit: "volume",
      base: 0.5,
    });
    expect(sentenceFacts("毎時20ミリシーベルトの放射線量が測定された。", "ja").quantities[0]?.base).toBeUndefined();
    expect(sentenceFacts("けが人はいないものの住民30人が避難した。", "ja").quantities[0]?.unit).toBe("people");
    expect(sentenceFacts("消防隊員10人が負傷者の救助にあたった。", "ja").quantities[0]?.unit).not.toBe("injured");
    // A named società is a company only.
    expect(sameParty(toParty("la società di revisione KPMG"), toParty("il club"))).toBe(false);
  });

  it("calls it disputed when 'diese Zahl' is answered with another count of the same kind, in other words for it", () => {
    const story = (second: string) =>
      groupOrigins([
        page("https://eins.example/f", `${prose("g1")} Die Bank will bis Ende 2028 rund 480 Vollzeitstellen abbauen. ${second}`, {
          language: "de",
        }),
        page("https://zwei.example/f", `${prose("g2")} Merkant will bis Ende 2028 rund 480 Vollzeitstellen abbauen.`, {
          language: "de",
        }),
      ]);
    const against = checkClaims(
      story(
        "Der Gesamtbetriebsrat hält diese Zahl für deutlich zu niedrig und geht von bis zu 1.100 bedrohten Arbeitsplätzen aus.",
      ),
    );
    expect(claimWith(against, "Die Bank will bis Ende 2028").state).toBe("disputed");
    // Another kind of count set against it is not another account of it.
    const apart = checkClaims(
      story("Der Gesamtbetriebsrat hält diese Zahl für zu niedrig und verweist auf 14 geschlossene Filialen."),
    );
    expect(claimWith(apart, "Die Bank will bis Ende 2028").state).not.toBe("disputed");
  });

  it("reads none of a thing only where the sentence says so of it, not of a verb or in a clause set after", () => {
    const en = (text: string) => ({ source: 0, text, language: "en", facts: sentenceFacts(text, "en") });
    const council = en("The Kilbrannan Community Council will hold an emergency meeting on Monday in the village hall.");
    const minister = {
      ...en("The transport minister urged both sides to resume talks, but no meeting had been arranged by last night."),
      source: 1,
      party: "transport minister",
    };
    expect(relate(council, minister, stemWeights([council, minister]))).not.toBe("conflict");
    // Nor of another thing of the same name, nor against a sentence saying it was absent.
    for (const [stated, party, negative] of [
      [
        "Two crew members suffered minor injuries when the ferry hit the pier.",
        "coastguard",
        "There were no injuries among the 140 passengers on board.",
      ],
      [
        "The warehouse fire was put out after six hours without injuries.",
        "fire brigade",
        "No injuries were reported at the warehouse fire.",
      ],
    ] as const) {
      const one = { ...en(stated), source: 2, party };
      const other = en(negative);
      expect(relate(one, other, stemWeights([one, other])), stated).not.toBe("conflict");
    }
    expect(negatedThings("Ab dem 4. Mai fährt kein Zug mehr über die Oder.", ["zug", "mehr"], "de")).toEqual(["zug"]);
    expect(negatedThings("La estación no abrirá hasta diciembre.", ["abrir", "estac"], "es")).toEqual([]);
    expect(negatedThings("Selon Nucléa Belgique, aucun rejet radioactif n'a eu lieu.", ["rejet", "radio"], "fr")).toEqual([
      "rejet",
    ]);
    expect(negatedThings("Il club nega di aver ricevuto nessun avviso.", ["avvis"], "it")).toEqual(["avvis"]);
    expect(negatedThings("Podczas liczenia głosów nie stwierdzono żadnych nieprawidłowości.", ["niepr"], "pl")).toEqual([
      "niepr",
    ]);
    expect(negatedThings("The MP did not back the no-confidence motion.", ["confi"], "en")).toEqual([]);
    expect(negatedThings("A No. 10 spokesman said it was false.", ["spoke"], "en")).toEqual([]);
    expect(negatedThings("C'est sans aucun doute la crue du siècle.", ["dout"], "fr")).toEqual([]);
  });
});

describe("disagreement on who and when", () => {
  it("calls two accounts naming different holders of one role disputed, in any language", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/h",
        `${prose("h1")} Son avocat, Me Paul Garnier, a plaidé la relaxe devant le tribunal de Rennes.`,
        {
          language: "fr",
        },
      ),
      page("https://two.example/h", `${prose("h2")} His lawyer, Anne Kerlo, told the court in Rennes her client was innocent.`),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "Paul Garnier").state).toBe("disputed");
    expect(claimWith(claims, "Anne Kerlo").state).toBe("disputed");
    expect(sentenceFacts("Mediator Jan Brzeski called both sides to talks.").holders).toEqual([
      { role: "mediator", name: "jan brzeski" },
    ]);
  });

  it("finds two accounts of one role's holder that share nothing else, and reads a title as no part of the name", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/m",
        `${prose("m1")} La mediadora designada, Me Inés Salcedo, citó a ambas partes para el jueves.`,
        {
          language: "es",
        },
      ),
      page("https://two.example/m", `${prose("m2")} Talks are to resume after mediator Me Tomas Ruud called both sides in.`),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "Salcedo").state).toBe("disputed");
    expect(claimWith(claims, "Tomas Ruud").state).toBe("disputed");
  });

  it("calls different firms engaged for the same task disputed, and firms engaged for different tasks not", () => {
    const sources = groupOrigins([
      page("https://one.example/e", `${prose("e1")} The Tarrow port trust hired Brackwater Surveys to inspect the damaged pier.`),
      page(
        "https://two.example/e",
        `${prose("e2")} Tarrow's port trust has brought in Kestrel Engineering to inspect the pier, two trustees said.`,
      ),
      page(
        "https://three.example/e",
        `${prose("e3")} The Tarrow port trust appointed Lumen Legal to advise on its insurance claim for the storm.`,
      ),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "Brackwater Surveys").state).toBe("disputed");
    expect(claimWith(claims, "Kestrel Engineering").state).toBe("disputed");
    expect(claimWith(claims, "Lumen Legal").state).not.toBe("disputed");
    expect(sentenceFacts("I lavori sono stati affidati alla Edilnord Ferri srl di Lodi.", "it").holders).toEqual([
      expect.objectContaining({ role: "engaged", name: "edilnord ferri" }),
    ]);
  });

  it("reads two days of one month as both days, so a two-day event agrees with its first day", () => {
    expect(sentenceFacts("Trains will not run on Thursday 14 and Friday 15 May.").dates.sort()).toEqual(["05-14", "05-15"]);
    expect(sentenceFacts("Der Streik dauert vom 14. bis 15. Mai 2026.", "de").dates.sort()).toEqual(["2026-05-14", "2026-05-15"]);
    const sources = groupOrigins([
      page("https://one.example/s", `${prose("s1")} Crew on the Harwick ferry will walk out for 48 hours from Thursday 14 May.`),
      page(
        "https://two.example/s",
        `${prose("s2")} As a result of the walkout, 30 Harwick ferry sailings will be cancelled on Thursday 14 and Friday 15 May.`,
      ),
    ]);
    const claims = checkClaims(sources);
    // The sentence states two facts (48 hours, 14 May): the day is carried by both pages and
    // disputed by neither.
    const day = claims.filter(
      (c) => c.text.includes("walk out for 48 hours") || c.mentions.some((m) => m.text.includes("48 hours")),
    );
    expect(day.some((c) => c.sourceKeys.length === 2)).toBe(true);
    for (const c of day) expect(c.state).not.toBe("disputed");
  });
});

describe("too few origins", () => {
  it("stops when fewer than two independent origins remain, unless flagged articles are accepted", () => {
    const one = groupOrigins([page("https://one.example/a", prose("a")), page("https://one.example/b", prose("b"))]);
    expect(() => assertEnoughOrigins(one)).toThrowError(expect.objectContaining({ code: "too_few_origins" }));
    expect(() => assertEnoughOrigins(one, true)).not.toThrow();
    expect(() =>
      assertEnoughOrigins(groupOrigins([page("https://a.example/", prose("a")), page("https://b.example/", prose("b"))])),
    ).not.toThrow();
  });
});

describe("figures counted in other words", () => {
  // What each figure counts, as compared within one language (what its noun means across
  // languages, `counted`, is read by the tests of two languages).
  const units = (sentence: string, language: string) =>
    sentenceFacts(sentence, language).quantities.map(({ counted: _counted, ...q }) => q);

  it("reads money as one thing counted, whatever the currency's name or sign", () => {
    expect(units("Valmont paid a fee of €12m for the striker.", "en")).toEqual([{ value: "12000000", unit: "¤" }]);
    expect(units("Valmont a déboursé 7,5 millions d'euros.", "fr")).toEqual([{ value: "7500000", unit: "¤" }]);
    expect(units("Alderbank will invest £340mn in the plant.", "en")).toEqual([{ value: "340000000", unit: "¤" }]);
    expect(units("La obra costó 18 mil 400 millones de pesos.", "es")).toEqual([{ value: "18400000000", unit: "¤" }]);
    expect(units("Il costo sarà di 2,5 milioni di euro.", "it")[0]).toEqual({ value: "2500000", unit: "¤" });
  });

  it("reads people and spans of time as one thing counted in every language", () => {
    expect(units("La medida afecta a 212.000 vecinos.", "es")[0]?.unit).toBe("people");
    expect(units("Die Sperrung betrifft 1.200 Einwohner.", "de")[0]?.unit).toBe("people");
    expect(units("Die Arbeiten dauern 14 Monate.", "de")[0]).toEqual({ value: "14", unit: "month" });
    expect(units("Les travaux dureront 14 mois.", "fr")[0]).toEqual({ value: "14", unit: "month" });
  });

  it("reads jobs and the cuts of them as one thing counted", () => {
    expect(units("La direction annonce 480 suppressions de postes.", "fr")[0]?.unit).toBe("jobs");
    expect(units("Le syndicat parle de 612 emplois perdus.", "fr")[0]?.unit).toBe("jobs");
    expect(units("Der Konzern will 480 Stellen abbauen.", "de")[0]?.unit).toBe("jobs");
    expect(units("The group said 480 jobs would go.", "en")[0]?.unit).toBe("jobs");
    expect(units("The plant employs 1,186 people.", "en")[0]?.unit).toBe("people");
  });

  it("reads an event's dead and injured as one thing counted in every language, and one toll across languages", () => {
    expect(units("Le bilan est passé à quatre morts dimanche matin.", "fr")[0]?.unit).toBe("dead");
    expect(units("Bei dem Unglück gab es 23 Verletzte.", "de")[0]?.unit).toBe("injured");
    expect(units("Hubo 3 muertos y 12 heridos en el accidente.", "es").map((q) => q.unit)).toEqual(["dead", "injured"]);
    const sources = groupOrigins([
      page("https://one.example/t", `${prose("t1")} The derailment near Marenberg left 23 injured on Tuesday evening.`),
      page("https://two.example/t", `${prose("t2")} Bei dem Zugunglück bei Marenberg gab es am Dienstagabend 23 Verletzte.`, {
        language: "de",
      }),
    ]);
    expect(claimWith(checkClaims(sources), "23 injured").sourceKeys).toHaveLength(2);
  });

  it("reads a toll told by what befell those counted, and disputes its revision", () => {
    expect(units("Trois d'entre eux sont morts, a indiqué la police cantonale.", "fr")[0]?.unit).toBe("dead");
    expect(units("Three were killed when the roof collapsed.", "en")[0]?.unit).toBe("dead");
    // A word for what is counted comes first: people, as always.
    expect(units("Police said 120 people were injured when the roof collapsed.", "en")[0]?.unit).toBe("people");
    expect(units("1,200 residents were evacuated from the valley.", "en")[0]?.unit).toBe("people");
    const sources = groupOrigins([
      page(
        "https://one.example/a",
        `${prose("a1")} Trois d'entre eux sont morts dans l'avalanche d'Arbèche, a indiqué la police cantonale.`,
        {
          language: "fr",
        },
      ),
      page("https://two.example/a", `${prose("a2")} Le bilan de l'avalanche d'Arbèche est passé à quatre morts dimanche matin.`, {
        language: "fr",
      }),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "Trois").state).toBe("disputed");
    expect(claimWith(claims, "quatre morts").later).toBe(true);
  });
});

describe("the same figure, rounded", () => {
  it("takes a rounded figure for the same one, and an approximate one within a wider margin", () => {
    expect(sameFigure("187400000", "187000000")).toBe(true);
    expect(sameFigure("9640000", "10000000")).toBe(false);
    expect(sameFigure("9640000", "10000000", true)).toBe(true);
    expect(sameFigure("120", "210", true)).toBe(false);
    expect(sameFigure("68.2%", "70.4%")).toBe(false);
    expect(sameFigure("12%", "12")).toBe(false);
  });

  it("reads hedged figures in the languages we read", () => {
    for (const [sentence, language] of [
      ["The park will hold about 1,200 people.", "en"],
      ["Er hat ein Volumen von rund 187 Millionen Euro.", "de"],
      ["La conducción costará casi 10 millones de euros.", "es"],
      ["Il cantiere durerà circa sette mesi.", "it"],
      ["約1500人が避難した。", "ja"],
    ] as const) {
      expect(sentenceFacts(sentence, language).hedged, sentence).toBe(true);
    }
    expect(sentenceFacts("The park will hold 1,200 people.", "en").hedged).toBe(false);
  });

  it("does not call a rounded figure a dispute", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/a",
        `${prose("a1")} Der Haushalt der Stadt Lauterfeld umfasst ein Volumen von 187,4 Millionen Euro.`,
        {
          language: "de",
        },
      ),
      page(
        "https://two.example/b",
        `${prose("b1")} Der Haushalt der Stadt Lauterfeld hat ein Volumen von rund 187 Millionen Euro.`,
        {
          language: "de",
        },
      ),
    ]);
    const claim = checkClaims(sources).find((c) => c.text.includes("187"));
    expect(claim?.state).not.toBe("disputed");
  });
});

describe("a body's own channel and the outlets that take from it", () => {
  it("recognises a body's own pages by host, press path, release header or an institution's name", () => {
    const kind = (url: string, siteName?: string, text = "The bridge will close on 4 May for 14 months of repairs.") =>
      outletKind(new URL(url).hostname, { isWireRelay: false, text, url, ...(siteName ? { siteName } : {}) });
    expect(kind("https://www.city.sagino.lg.jp/kotsu/press/1.html")).toBe("official");
    expect(kind("https://www.police-cantonale-valais.ch/medias/communiques/a.html")).toBe("official");
    expect(kind("https://www.lauterbrunn.de/rathaus/pressemitteilungen/haushalt.html", "Stadt Lauterbrunn")).toBe("official");
    expect(kind("https://www.tallyforge.com/newsroom/2026/10/update.html", "Tallyforge")).toBe("official");
    expect(
      kind("https://union.example/a.txt", undefined, "SEAFARERS UNION Press release | For immediate use\n\nCrew will strike."),
    ).toBe("official");
    expect(kind("https://www.racingvaldemora.es/noticias/fichaje.html", "Racing Club de Valdemora")).toBe("official");
    // Outlets, even named for a place, a harbour or with a press section.
    expect(kind("https://www.harbourgazette.co.uk/news/a.html", "The Harbour Gazette")).toBe("news");
    expect(kind("https://citynews.example/press/a.html", "City News")).toBe("news");
    expect(kind("https://www.trevalli24.it/cronaca/a.html", "Trevalli24")).toBe("news");
  });

  it("takes a headline in capitals or a header line of parts for furniture, not a statement", () => {
    expect(isCheckable(sentenceFacts("NORTHSOUND CREW ANNOUNCE 48-HOUR STRIKE FROM 14 MAY", "en"))).toBe(false);
    expect(isCheckable(sentenceFacts("Seafarers Union Press release | For immediate use | Monday 11 May 2026", "en"))).toBe(
      false,
    );
    expect(isCheckable(sentenceFacts("Northsound crew will strike for 48 hours from 14 May.", "en"))).toBe(true);
  });

  it("takes a short sentence counting people for a statement, and a name's number for none", () => {
    expect(isCheckable(sentenceFacts("Demnach wurden 31 Menschen verletzt.", "de"))).toBe(true);
    expect(isCheckable(sentenceFacts("Laut Sanitätsbetrieb wurden 31 Menschen verletzt.", "de"))).toBe(true);
    // A figure that counts nothing of people in as few words stays out: a reactor's number, a time.
    expect(isCheckable(sentenceFacts("Sérinval 2 a été mis en service.", "fr"))).toBe(false);
    expect(isCheckable(sentenceFacts("Update 21.15 Uhr", "de"))).toBe(false);
    // Two counts of the injured on two pages of one live story dispute each other.
    const claims = checkClaims(
      groupOrigins([
        page("https://one.example/z", `${prose("z1")} Laut Polizei wurden 23 Menschen verletzt, vier von ihnen schwer.`, {
          language: "de",
        }),
        page("https://two.example/z", `${prose("z2")} Laut Sanitätsbetrieb wurden 31 Menschen verletzt.`, { language: "de" }),
      ]),
    );
    expect(claimWith(claims, "23 Menschen").state).toBe("disputed");
  });

  it("takes picture credits, copyright and redistribution notices, calls to subscribe, tag lines and web addresses for furniture", () => {
    const lines: [string, string][] = [
      ["Photo: Jane Doe/Reuters, taken on 14 March 2026 at Portmere harbour", "en"],
      ["AP Photo/Kirsty Wigglesworth, 14 March 2026", "en"],
      ["Foto: Stefan Lüdtke, dpa, am 10. November 2026 in Kaltenbrück", "de"],
      ["Crédit photo : AFP, le 14 février 2026 à Arbèche", "fr"],
      ["© 2026 The Associated Press. All rights reserved.", "en"],
      ["This material may not be published, broadcast, rewritten or redistributed without permission from AP in 2026.", "en"],
      ["Subscribe now for full access to 2,000 local stories from the Portmere Echo.", "en"],
      ["An HTML version of this release is available at https://newsroom.example.com/news/2026/battery-340m.html", "en"],
      ["Tagi: BTK, strajk, Wolinek, dokerzy, 2026", "pl"],
      ["Schlagwörter: Oderbrücke, Sperrung, Deutsche Bahn, 14 Monate", "de"],
    ];
    for (const [line, language] of lines) expect(isCheckable(sentenceFacts(line, language)), line).toBe(false);
    // News about the same things is still news.
    expect(
      isCheckable(sentenceFacts("The photographer Jane Doe won the 2026 Portmere prize for her harbour pictures.", "en")),
    ).toBe(true);
    expect(
      isCheckable(sentenceFacts("The Echo said 2,000 readers had subscribed to its new local edition since March.", "en")),
    ).toBe(true);
  });

  it("takes lines of parts split by a middle dot, a name with its role, a date line, a bracketed picture credit and a note on the writer for furniture", () => {
    const lines: [string, string][] = [
      ["Julien Marchetti · Publié le mardi 7 juillet 2026 à 18h32 · Mis à jour à 19h05", "fr"],
      ["Shane Tobin, Soccer Reporter · 6 Jul 2026, 6:00 · Updated", "en"],
      ["Emmet Hayes, Soccer Correspondent", "en"],
      ["Sunday 5 July 2026", "en"],
      ["(Photo Kevin Dubois/LSQ, 7 juillet 2026)", "fr"],
      ["Rob Haskins covers transfers and European football for Terrace Talk since 2019.", "en"],
      // A picture's caption: what it shows, then the day.
      ["L'usine Chimirel de Bréchaumont, mardi 9 juin 2026.", "fr"],
      ["Rescuers at the scene, 14 May 2026.", "en"],
    ];
    for (const [line, language] of lines) expect(sentenceFacts(line, language).furniture, line).toBe(true);
    // A headline in title case states the story; a name in a sentence is news.
    expect(sentenceFacts("Ireland Striker Swaps Belgium For France In 2026 Summer Move", "en").furniture).toBe(false);
    expect(isCheckable(sentenceFacts("Emmet Hayes, the club's captain, scored 19 goals in 2025.", "en"))).toBe(true);
    expect(sentenceFacts("The flood hit the lower town of Marsbach on Tuesday, 4 May 2026.", "en").furniture).toBe(false);
  });

  it("takes a byline line with its time stamp for furniture, and a sentence opening with 'By' for a statement", () => {
    for (const [line, language] of [
      ["By Ruth Okafor, Senior Correspondent Thursday 12 March 2026, 9.15am", "en"],
      ["By LENA MARSH Associated Press Updated 6:05 AM EST, March 12, 2026", "en"],
      ["Von Jonas Keller und Mira Stein Donnerstag, 12.03.2026, 08:40 Uhr", "de"],
      ["Par Claire Dumont, envoyée spéciale à Lyon, le 12 mars 2026", "fr"],
    ] as const) {
      expect(isCheckable(sentenceFacts(line, language)), line).toBe(false);
    }
    expect(isCheckable(sentenceFacts("By noon, 40 residents of Harwick had left their homes, police said.", "en"))).toBe(true);
    expect(isCheckable(sentenceFacts("By Thursday the river had risen 2.4 metres at the Harwick gauge.", "en"))).toBe(true);
  });

  it("counts outlets' bare statements as their own accounts beside the body's own channel, unless another outlet credits the claim to the body", () => {
    const release = `${prose("r")} The Lauterfeld city budget for 2026 totals 187.4 million euros.`;
    const bare = (credit: string) =>
      groupOrigins([
        page("https://www.lauterfeld.gov.example/press/budget.html", release, { siteName: "City of Lauterfeld" }),
        page("https://one.example/a", `${prose("a")} ${credit}\n\nThe council will also hire 14 new teachers, the city said.`),
        page(
          "https://two.example/b",
          `${prose("b")} The budget of Lauterfeld city for 2026 totals 187.4 million euros.\n\nAccording to the city, 32 road projects are funded.`,
        ),
      ]);
    // Two outlets state the total on their own account: two accounts beside the city's.
    expect(
      claimWith(checkClaims(bare("The Lauterfeld city budget for 2026 totals 187.4 million euros.")), "187.4 million").state,
    ).toBe("corroborated");
    // One outlet says it is the city's figure: the other, which credits the city too, rests on it.
    expect(
      claimWith(
        checkClaims(bare("The Lauterfeld city budget for 2026 totals 187.4 million euros, the city said.")),
        "187.4 million",
      ).state,
    ).toBe("parallel");
  });
});

describe("a revised figure", () => {
  it("is a dispute whose revising account is marked as the later one", () => {
    const sources = groupOrigins([
      page("https://one.example/r", `${prose("r1")} Police said 12 people were injured in the Valdena ferry fire on Sunday.`),
      page(
        "https://two.example/r",
        `${prose("r2")} The number of people injured in the Valdena ferry fire on Sunday has risen to 14, police said.`,
      ),
    ]);
    const claims = checkClaims(sources);
    const first = claimWith(claims, "12 people");
    const revised = claimWith(claims, "risen to 14");
    expect(first.state).toBe("disputed");
    expect(revised.state).toBe("disputed");
    expect(revised.later).toBe(true);
    expect(first.later).toBeUndefined();
    expect(first.variants?.find((v) => v.text.includes("14"))?.later).toBe(true);
  });
});

describe("a revised figure of what was counted before", () => {
  it("reads what a figure counts when it was named before the figure, and stops at a dash", () => {
    expect(
      sentenceFacts("The number of boats stranded at Tarrow has since risen to 17 – the coastguard said.").quantities,
    ).toMatchObject([{ value: "17", unit: "boat" }]);
    expect(sentenceFacts("Liczba łodzi w porcie wzrosła do 17 – podała straż.", "pl").quantities).toEqual([
      { value: "17", unit: "łodzi" },
    ]);
  });

  it("disputes the earlier figure of the same thing in other words, but not another count of people", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/v",
        `${prose("v1")} Eleven boats were stranded in Tarrow harbour overnight, the coastguard said.`,
      ),
      page(
        "https://two.example/v",
        `${prose("v2")} The number of boats stranded at Tarrow has since risen to 17 – the coastguard said.`,
      ),
      page(
        "https://three.example/v",
        `${prose("v3")} About 2,600 people in Tarrow were told to leave their homes on Sunday night.`,
      ),
      page("https://four.example/v", `${prose("v4")} In Tarrow the number of dead has risen to 4, the county said.`),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "Eleven boats").state).toBe("disputed");
    expect(claimWith(claims, "risen to 17").later).toBe(true);
    expect(claimWith(claims, "2,600 people").state).not.toBe("disputed");
  });
});

describe("denials", () => {
  it("disputes an account whose words state what the denial denies", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/d",
        `${prose("d1")} According to documents seen by the Echo, Harlow Motors is considering the closure of its Dunmere plant by 2029.`,
      ),
      page(
        "https://two.example/d",
        `${prose("d2")} Harlow Motors denies any plan for the closure of the Dunmere plant, which it calls central to the group.`,
      ),
      page(
        "https://three.example/d",
        `${prose("d3")} Harlow Motors denies reports that it was warned about faulty brakes, and said its Dunmere plant built 41,000 cars in 2025.`,
      ),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "considering the closure").state).toBe("disputed");
    expect(claimWith(claims, "denies any plan").state).toBe("disputed");
    expect(
      sentenceFacts("Harlow Motors denies any plan for the closure of the Dunmere plant, which it calls central.").denied,
    ).toEqual(expect.arrayContaining(["closu", "plant"]));
  });

  it("disputes what another party states, named or not, and agrees with a sentence saying the same is not so", () => {
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://blog.example/s",
          `${prose("s1")} According to Breach Notes, the sample posted on the forum contains bank account numbers used for salary deposits.`,
        ),
        page(
          "https://wire.example/s",
          `${prose("s2")} The payroll firm Tallyforge denies that any bank account numbers or passwords were exposed, saying payroll systems were untouched.`,
        ),
        page(
          "https://paper.example/s",
          `${prose("s3")} Nucléa Belgique a démenti tout rejet radioactif et met en doute la méthode de prélèvement du collectif.`,
          { language: "fr" },
        ),
        page("https://radio.example/s", `${prose("s4")} Selon Nucléa Belgique, aucun rejet radioactif n'a eu lieu.`, {
          language: "fr",
        }),
      ]),
    );
    expect(claimWith(claims, "sample posted on the forum").state).toBe("disputed");
    expect(claimWith(claims, "Tallyforge denies").state).toBe("disputed");
    // One party's denial and its plain "no release took place" say one thing.
    expect(claimWith(claims, "aucun rejet radioactif").state).not.toBe("disputed");
    expect(claimWith(claims, "a démenti tout rejet").state).not.toBe("disputed");
    const fr = (source: number, text: string) => ({ source, text, language: "fr", facts: sentenceFacts(text, "fr") });
    expect(
      relate(
        fr(0, "Nucléa Belgique a démenti tout rejet radioactif dans l'environnement."),
        fr(1, "Aucun rejet radioactif dans l'environnement n'a été constaté."),
        () => 1,
      ),
    ).not.toBe("conflict");
    expect(
      relate(
        fr(0, "Nucléa Belgique a démenti tout rejet radioactif dans l'environnement."),
        fr(1, "Un rejet radioactif dans l'environnement a été constaté lundi."),
        () => 1,
      ),
    ).toBe("conflict");
  });

  it("reads a denial, and no plain negation as one", () => {
    expect(sentenceFacts("Northsound said there were no plans to reduce crew numbers.", "en").denial).toBe(true);
    expect(sentenceFacts("Ein Stadtsprecher dementierte, dass Einsparungen verlangt worden seien.", "de").denial).toBe(true);
    expect(sentenceFacts("La compañía desmintió que la mina esté detenida.", "es").denial).toBe(true);
    expect(sentenceFacts("Der Haushalt erreicht ein Volumen von 187,4 Millionen Euro, so viel wie nie.", "de").denial).toBe(
      false,
    );
    expect(sentenceFacts("Prace nie zostaną zakończone przed końcem roku 2027.", "pl").denial).toBe(false);
    // Rejecting an offer is no denial of an account; rejecting the reports is.
    expect(sentenceFacts("Members rejected a 4.5% pay offer from the operator.").denial).toBe(false);
    expect(sentenceFacts("The operator rejected the reports of 38 job cuts.").denial).toBe(true);
  });
});

describe("quotations", () => {
  it("reads a quotation the sentence split cut before its closing mark", () => {
    expect(
      sentenceFacts(
        "À la barre, le prévenu a contesté tout enrichissement : « Je n'ai jamais pris un centime à ma commune.",
        "fr",
      ).quotes,
    ).toEqual(["je n'ai jamais pris un centime à ma commune"]);
    expect(sentenceFacts("The council said it would meet on 3 March to decide.", "en").quotes).toEqual([]);
  });
});

describe("claims anchored on facts", () => {
  it("reads clock times as times, not as figures", () => {
    expect(sentenceFacts("El barco dio la voz de alarma a las 04.10 horas.", "es").times).toEqual(["04:10"]);
    expect(sentenceFacts("El barco dio la voz de alarma a las 04.10 horas.", "es").numbers).toEqual([]);
    expect(sentenceFacts("The ship rolled heavily at around 3:40 a.m. on Tuesday.").times).toEqual(["03:40"]);
    expect(sentenceFacts("Das Feuer brach gegen 14.30 Uhr in der Halle aus.", "de").times).toEqual(["14:30"]);
    expect(sentenceFacts("L'avalanche s'est déclenchée vers 11 h 15 samedi.", "fr").times).toEqual(["11:15"]);
    expect(sentenceFacts("台風は午後3時ごろ上陸した。", "ja").times).toEqual(["15:00"]);
    // A decimal is no time: "4.50 million" counts money.
    const money = sentenceFacts("The refit will cost about 4.50 million pounds this year.");
    expect(money.times).toEqual([]);
    expect(money.numbers).toEqual(["4500000"]);
  });

  it("takes a figure ending in zeros for a rounding of a figure within its last digit, and a whole figure for one with decimals rounded to the unit", () => {
    expect(roundingOf("3100", "3080")).toBe(true);
    expect(roundingOf("2400", "2380")).toBe(true);
    expect(roundingOf("22", "21")).toBe(false);
    expect(roundingOf("3100", "3200")).toBe(false);
    expect(roundingOf("12", "11.5")).toBe(true);
    expect(roundingOf("12", "12.6")).toBe(false);
    expect(roundingOf("11.5", "12")).toBe(false);
    // A length about 12 km and one of 11,5 km are one length; 12 km and 12 miles are not.
    const length = (text: string) => sentenceFacts(text, "fr").quantities[0] as Quantity;
    const same = (a: string, b: string) => sameAmount(length(a), length(b), (x, y) => sameFigure(x, y, true));
    expect(same("Des poissons morts sur environ 12 km.", "Une mortalité sur un linéaire d'environ 11,5 km.")).toBe(true);
    expect(same("Des poissons morts sur environ 12 km.", "Une mortalité sur environ 13,5 km.")).toBe(false);
  });

  it("reads a sentence that states several facts as a mention of each, and lets a dispute of one not spread to the other", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/v",
        `${prose("v1")} Rebuilding the Kelvale viaduct will cost €40m and the works will take 16 months to finish.`,
      ),
      page("https://two.example/v", `${prose("v2")} Rebuilding the Kelvale viaduct will cost €40m, a record for the county.`),
      page("https://three.example/v", `${prose("v3")} The works on the Kelvale viaduct will take 22 months to finish.`),
    ]);
    const claims = checkClaims(sources);
    const cost = claims.find((c) => c.mentions.some((m) => m.text.includes("a record for the county")));
    expect(cost?.sourceKeys).toHaveLength(2);
    expect(cost?.state).toBe("corroborated");
    const span = claims.find((c) => c.mentions.some((m) => m.text.includes("22 months")));
    expect(span?.state).toBe("disputed");
    expect(span?.mentions.some((m) => m.text.includes("a record for the county"))).toBe(false);
  });

  it("joins a sentence without a figure, date or quotation to a claim anchored on one only in much the same words", () => {
    const dated = `${prose("f1")} Filming of the Tarnwood drama will start on 3 March at the old mill in Tarnwood.`;
    const apart = checkClaims(
      groupOrigins([
        page("https://one.example/f", dated),
        page(
          "https://two.example/f",
          `${prose("f2")} Halcyon Pictures has cast Ada Lenn in the Tarnwood drama, which it will film in Tarnwood.`,
        ),
      ]),
    );
    expect(apart.find((c) => c.mentions.some((m) => m.text.includes("3 March")))?.sourceKeys).toHaveLength(1);
    const together = checkClaims(
      groupOrigins([
        page("https://one.example/f", dated),
        page("https://two.example/f", `${prose("f2")} Filming of the Tarnwood drama will start at the old mill in Tarnwood.`),
      ]),
    );
    expect(together.find((c) => c.mentions.some((m) => m.text.includes("3 March")))?.sourceKeys).toHaveLength(2);
  });

  it("takes a year beside another fact for the date of that fact, not for a fact of its own", () => {
    const sources = groupOrigins([
      page("https://one.example/y", `${prose("y1")} The Orsay club paid €3.5 million for the winger in 2023.`),
      page("https://two.example/y", `${prose("y2")} The Orsay club signed the winger in 2023 from a club abroad.`),
    ]);
    const claims = checkClaims(sources);
    const fee = claims.filter((c) => c.mentions.some((m) => m.text.includes("3.5 million")));
    expect(fee.length).toBeGreaterThan(0);
    for (const c of fee) expect(c.sourceKeys).toHaveLength(1);
  });

  it("joins a figure and its rounding in other words, found through the index of rounded figures", () => {
    const sources = groupOrigins([
      page("https://one.example/p", `${prose("p1")} Rund 3.100 Fahrgäste pendeln werktags über die Brücke nach Wilkenau.`, {
        language: "de",
      }),
      page(
        "https://two.example/p",
        `${prose("p2")} Für 3.080 Fahrgäste beginnen schwierige Monate ohne Brücke, klagt Landrätin Ilse Borg.`,
        {
          language: "de",
        },
      ),
    ]);
    const claims = checkClaims(sources);
    const riders = claims.find((c) => c.mentions.some((m) => m.text.includes("3.100")));
    expect(riders?.sourceKeys).toHaveLength(2);
  });

  it("takes a figure most of a story's sentences state for the story's frame, not one claim's fact", () => {
    const lines = (n: string) =>
      [
        `Storm 14 brought down power lines across the ${n} valley.`,
        `Storm 14 flooded the lowlands road near ${n} on Sunday.`,
        `Storm 14 left 120 homes under water in the lowlands.`,
        `Storm 14 cut the ${n} rail line at dawn.`,
        `Storm 14 left the ${n} harbour wall cracked.`,
      ].join(" ");
    const sources = groupOrigins([
      page("https://one.example/s", `${prose("s1", 4)} ${lines("Arden")}`),
      page("https://two.example/s", `${prose("s2", 4)} ${lines("Brisk")}`),
    ]);
    const claims = checkClaims(sources);
    const homes = claims.filter((c) => c.mentions.some((m) => m.text.includes("120 homes")));
    expect(homes.length).toBeGreaterThan(0);
    for (const c of homes) expect(c.mentions.every((m) => m.text.includes("120 homes"))).toBe(true);
  });
});

describe("whose word a claim rests on, by fact", () => {
  it("takes a page quoting a few of the words for a quotation of the same statement", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/d",
        `${prose("d1")} FC Orsay said on Monday that the winger had signed until June 2030. In a video released by the club, he said: "It is a dream to play in Brittany after 6 years in Lyon."`,
      ),
      page(
        "https://two.example/d",
        `${prose("d2")} In a club video, Tomas Reyne said it was "a dream" to play in Brittany after 6 years in Lyon.`,
      ),
    ]);
    const claim = checkClaims(sources).find((c) => c.mentions.some((m) => m.text.includes('"a dream"')));
    expect(claim?.sourceKeys).toHaveLength(2);
    expect(claim?.state).toBe("parallel");
  });

  it("takes a body's own channel that names itself only by its address for the body its domain names", () => {
    const channel = {
      key: "0",
      page: page("https://www.kelvale-ferries.example/press/viaduct", "The viaduct closes in May."),
      domain: "kelvale-ferries.example",
      originId: "o1",
      origin: "kelvale-ferries.example",
      official: true,
      score: 85,
    } satisfies GroupedSource;
    expect(ownParty(channel).name).toEqual(toParty("Kelvale Ferries").name);
    expect(sameParty(ownParty(channel), toParty("the company"))).toBe(true);
  });

  it("reads the words a channel's address runs together as its page writes them", () => {
    const channel = {
      key: "0",
      page: page(
        "https://www.juntaelectoral-puertoaromal.gob.ar/comunicados/15",
        "JUNTA ELECTORAL MUNICIPAL DE PUERTO AROMAL\n\nLa Junta proclama a Lucía Benavídez como intendenta electa.",
      ),
      domain: "juntaelectoral-puertoaromal.gob.ar",
      originId: "o1",
      origin: "juntaelectoral-puertoaromal.gob.ar",
      official: true,
      score: 85,
    } satisfies GroupedSource;
    // "juntaelectoral" is the "Junta Electoral" the outlets credit, not one word no page writes.
    expect(ownParty(channel).text).toBe("Junta Electoral Puertoaromal");
    expect(sameParty(ownParty(channel), toParty("la Junta Electoral Municipal"))).toBe(true);
    // Its place part stays one word: the board is no port, nor the town's council.
    expect(sameParty(ownParty(channel), toParty("el puerto"))).toBe(false);
    expect(sameParty(ownParty(channel), toParty("el Ayuntamiento de Puerto Aromal"))).toBe(false);
    // A label the page never writes in words keeps its own spelling.
    const bare = { ...channel, key: "1", page: page(channel.page.url, "Comunicado de prensa.") };
    expect(ownParty(bare).text).toBe("Juntaelectoral Puertoaromal");
  });

  it("gives a disputed claim the sentence that states its value, not one joined on its act alone", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/r",
        `${prose("r1")} Northshire Police said 120 people were injured when the roof of the East Stand at Ashcombe Park collapsed on Saturday.`,
      ),
      page(
        "https://two.example/r",
        `${prose("r2")} Northshire Police said several people were injured when the roof of the East Stand at Ashcombe Park collapsed on Saturday.`,
      ),
      page(
        "https://three.example/r",
        `${prose("r3")} The number of people injured when the roof of the East Stand at Ashcombe Park collapsed has risen to 210, the hospital trust said.`,
      ),
    ]);
    const police = checkClaims(sources).find(
      (c) => c.state === "disputed" && c.mentions.some((m) => m.text.includes("120 people")),
    );
    expect(police?.text).toContain("120");
  });

  it("takes one person's quotation and its translation for one statement, resting on that person", () => {
    const sources = groupOrigins([
      page(
        "https://tagblatt.example/zug",
        "Der Regionalzug entgleiste am Nachmittag. „Wir hatten heute Glück im Unglück“, sagte Landeshauptmann Anton Weissteiner an der Unfallstelle.",
        { language: "de" },
      ),
      page(
        "https://corriere.example/treno",
        "Il treno è deragliato nel pomeriggio. «Oggi abbiamo avuto fortuna nella sfortuna», ha detto il presidente della Provincia, Anton Weissteiner.",
        { language: "it" },
      ),
    ]);
    const claim = checkClaims(sources).find((c) => c.mentions.some((m) => m.text.includes("Glück im Unglück")));
    expect(claim?.sourceKeys).toHaveLength(2);
    expect(claim?.state).toBe("parallel");
    // Two people's words in two languages stay apart.
    const apart = groupOrigins([
      page("https://a.example/x", "„Wir hatten heute Glück im Unglück“, sagte Landeshauptmann Anton Weissteiner.", {
        language: "de",
      }),
      page("https://b.example/y", "«Oggi abbiamo avuto fortuna nella sfortuna», ha detto la sindaca Marta Colombero.", {
        language: "it",
      }),
    ]);
    const quoted = checkClaims(apart).filter((c) => c.mentions.some((m) => /Glück|fortuna/u.test(m.text)));
    expect(quoted.every((c) => c.sourceKeys.length === 1)).toBe(true);
  });

  it("takes a figure counting the same thing in two languages for one fact", () => {
    const sources = groupOrigins([
      page(
        "https://sarvene.example/crue",
        `${prose("f1")} Côté italien, 85 familles ont été évacuées à Pontesarvo, a fait savoir la maire.`,
        {
          language: "fr",
        },
      ),
      page("https://voce.example/piena", `${prose("f2")} Sono 85 le famiglie evacuate nella parte bassa del paese.`, {
        language: "it",
      }),
    ]);
    const claim = checkClaims(sources).find((c) => c.mentions.some((m) => m.text.includes("85 familles")));
    expect(claim?.sourceKeys).toHaveLength(2);
  });

  it("rests what a body's own channel credits to another party on that party, not on the channel's body", () => {
    const source = (key: string, url: string, official: boolean, origin: string): GroupedSource => ({
      key,
      page: page(url, "Text."),
      domain: new URL(url).hostname,
      originId: `o${key}`,
      origin,
      official,
      score: official ? 85 : 70,
    });
    const sources = [
      // The union's site: "La direction annonce 480 suppressions de postes".
      source("0", "https://www.usmr-syndicat.example/actualites/vorsteg", true, "Syndicat USMR"),
      source("1", "https://www.republicain.example/eco/vorsteg", false, "Le Républicain"),
      source("2", "https://www.trade.example/news/vorsteg", false, "Drives Weekly"),
    ];
    const credited = claimState(
      [0, 1, 2],
      [
        { source: 0, party: "La direction" },
        { source: 1, party: "le groupe" },
        { source: 2, party: "The group" },
      ],
      sources,
    );
    expect(credited.state).toBe("parallel");
    // A person the channel names by name alone may be its own spokesperson: still its own word.
    const spokesperson = claimState(
      [0, 1],
      [
        { source: 0, party: "Yannick Haeberlé" },
        { source: 1, party: "le syndicat" },
      ],
      sources,
    );
    expect(spokesperson.state).toBe("parallel");
    // Its own word stays its own: the union's figure on its site beside the company's elsewhere.
    const own = claimState([0, 1], [{ source: 0 }, { source: 1, party: "le groupe" }], sources);
    expect(own.state).toBe("corroborated");
  });

  it("does not count a page that tells an act without its figure as a second account of the figure beside a party's word", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/o",
        `${prose("o1")} Kelvale Ferries will close the Orm viaduct for repairs from 4 May, the company said on Monday.`,
      ),
      page("https://two.example/o", `${prose("o2")} Kelvale Ferries will close the Orm viaduct for repairs.`),
      page("https://three.example/o", `${prose("o3")} Kelvale Ferries is to close the Orm viaduct for repairs.`),
    ]);
    const claim = checkClaims(sources).find((c) => c.mentions.some((m) => m.text.includes("4 May")));
    expect(claim?.sourceKeys).toHaveLength(3);
    expect(claim?.state).toBe("parallel");
  });
});

describe("a party's demand or offer", () => {
  it("reads no demand or offer in words that are other words", () => {
    for (const [sentence, language] of [
      ["La demande d'électricité a augmenté de 5 % en un an.", "fr"],
      ["The plan calls for 300 new homes on the site.", "en"],
      ["Le permis requis coûte 300 euros aux habitants.", "fr"],
      ["Il sindaco si chiede se i 300 posti bastino.", "it"],
      ["El Gobierno pretende abrir la línea en 2027.", "es"],
      ["Das Stadion bietet Platz für 30.000 Zuschauer.", "de"],
      ["The new park offers 300 parking spaces to visitors.", "en"],
      ["The bot posted 3000 messages in one night.", "en"],
    ])
      expect(sentenceFacts(sentence as string, language).position, sentence).toBeUndefined();
  });

  it("reads a demand and an offer in the languages we read, and no plain account as either", () => {
    expect(sentenceFacts("The union is seeking a 6% rise for every worker at the mine.").position).toBe("demand");
    expect(sentenceFacts("La Fiscalía Anticorrupción pedía nueve años de cárcel para el exalcalde.", "es").position).toBe(
      "demand",
    );
    expect(sentenceFacts("Die Gewerkschaft fordert 6 Prozent mehr Lohn für alle Beschäftigten.", "de").position).toBe("demand");
    expect(sentenceFacts("Związek żąda podwyżki o 12 proc. dla wszystkich pracowników portu.", "pl").position).toBe("demand");
    expect(sentenceFacts("La minera ofreció un reajuste de 2,5 % a los trabajadores de la faena.", "es").position).toBe("offer");
    expect(sentenceFacts("The court sentenced the former mayor to four years in prison on Tuesday.").position).toBeUndefined();
  });

  it("does not dispute an outcome with what a party asked for, nor one side's demand with the other's offer", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/s",
        `${prose("s1")} Prosecutors had sought nine years in prison for the former mayor of Castrovaldés.`,
      ),
      page("https://two.example/s", `${prose("s2")} The former mayor of Castrovaldés was sentenced to four years in prison.`),
      page(
        "https://three.example/s",
        `${prose("s3")} Miners at Cerro Pardo demand a bonus of 9 million pesos per worker to end the strike.`,
      ),
      page(
        "https://four.example/s",
        `${prose("s4")} Cerro Pardo offered miners a bonus of 4.8 million pesos per worker to end the strike.`,
      ),
    ]);
    const told = checkClaims(sources).filter((c) => c.mentions.some((m) => /mayor|bonus/.test(m.text)));
    expect(told.length).toBeGreaterThanOrEqual(2);
    for (const c of told) expect(c.state, c.text).not.toBe("disputed");
  });

  it("rests a demand on the party making it however many outlets report it: parallel, never corroborated", () => {
    const sources = groupOrigins([
      page(
        "https://sindicato.example/comunicado",
        `${prose("union")} Nuestras demandas son claras: un reajuste real del 6 % y un bono de 9 millones de pesos por trabajador.`,
        { siteName: "Sindicato Cerro Pardo" },
      ),
      page(
        "https://one.example/huelga",
        `${prose("h1")} Los trabajadores exigen un reajuste real del 6 % y un bono de 9 millones de pesos por trabajador.`,
      ),
      page(
        "https://two.example/huelga",
        `${prose("h2")} Los trabajadores piden un reajuste de 6 % y un bono de 9 millones de pesos por persona.`,
      ),
    ]);
    const claim = checkClaims(sources).find((c) => c.mentions.some((m) => m.text.includes("exigen")));
    expect(claim?.sourceKeys.length).toBeGreaterThanOrEqual(2);
    expect(claim?.state).toBe("parallel");
    expect(claim?.attributedTo).toBe("Sindicato Cerro Pardo");
  });
});

describe("a part of a year", () => {
  it("reads seasons, beginnings, middles and ends of a year as dates finer than the year", () => {
    expect(sentenceFacts("Die Wiederinbetriebnahme ist für den Sommer 2027 geplant.", "de").dates).toEqual(["2027-p6.8"]);
    expect(sentenceFacts("The bridge should reopen by the end of 2027, the company said.").dates).toEqual(["2027-p10.12"]);
    expect(sentenceFacts("Prace potrwają do końca 2027 roku, szacuje spółka.", "pl").dates).toEqual(["2027-p10.12"]);
    expect(sentenceFacts("La obra terminará a principios de 2028, según la alcaldía.", "es").dates).toEqual(["2028-p1.4"]);
    expect(sentenceFacts("The plant closed in late 2019 after the owner went bust.").dates).toEqual(["2019-p10.12"]);
  });

  it("takes a part of a year beside a figure for a fact of its own", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/pool",
        `${prose("p1")} Das neue Hallenbad soll knapp 25 Millionen Euro kosten und im Herbst 2028 eröffnen.`,
      ),
      page(
        "https://two.example/pool",
        `${prose("p2")} Das neue Hallenbad an der Mühlstraße soll im Herbst 2028 eröffnen, teilte die Stadt mit.`,
      ),
    ]);
    const opening = checkClaims(sources).filter((c) => c.mentions.some((m) => m.text.includes("Mühlstraße")));
    expect(opening.some((c) => c.sourceKeys.length === 2)).toBe(true);
  });

  it("disputes two accounts of when in one year whose parts do not overlap, not parts that do", () => {
    const when = (other: string) =>
      checkClaims(
        groupOrigins([
          page(
            "https://one.example/w",
            `${prose("w1")} The operator said the bridge over the Oder will reopen to trains in the summer of 2027.`,
          ),
          page(
            "https://two.example/w",
            `${prose("w2")} The bridge over the Oder will reopen to trains ${other}, the rail company expects.`,
          ),
        ]),
      ).find((c) => c.mentions.some((m) => m.text.includes("summer")));
    expect(when("only at the end of 2027")?.state).toBe("disputed");
    // Parts that overlap are one time of the year: one claim both carry, not two.
    const overlapping = when("in mid-2027");
    expect(overlapping?.sourceKeys).toHaveLength(2);
    expect(overlapping?.state).not.toBe("disputed");
  });

  it("reads a part only before a year of the calendar, and words that are other words only where they open it", () => {
    expect(sentenceFacts("They paid a fine of 2000 euros to the council.").dates.some((d) => d.includes("-p"))).toBe(false);
    expect(sentenceFacts("An estate of 1500 homes was built on the site.").dates).toEqual([]);
    expect(sentenceFacts("Środki na lata 2021-2027 wynoszą 5 mld zł.", "pl").dates).toEqual(["2021", "2027"]);
    expect(sentenceFacts("Il cantiere chiuderà a fine 2027, secondo la Provincia.", "it").dates).toEqual(["2027-p10.12"]);
    expect(sentenceFacts("Il ponte riaprirà entro la fine del 2027.", "it").dates).toEqual(["2027-p10.12"]);
    expect(sentenceFacts("Nell'estate 2027 riapre il ponte sull'Arsa.", "it").dates).toEqual(["2027-p6.8"]);
  });
});

describe("two parties' counts of one thing", () => {
  it("disputes a count every outlet rests on the company with the union's count of the same kind, in other words", () => {
    const sources = groupOrigins([
      page("https://one.example/v", `${prose("v1")} La direction annonce 480 suppressions de postes sur le site de Marsbach.`, {
        language: "fr",
      }),
      page("https://two.example/v", `${prose("v2")} Le groupe a confirmé 480 suppressions de postes, a indiqué la direction.`, {
        language: "fr",
      }),
      page("https://three.example/v", `${prose("v3")} Le syndicat USMR avance pour sa part le chiffre de 612 emplois perdus.`, {
        language: "fr",
      }),
      page(
        "https://four.example/v",
        `${prose("v4")} Selon le syndicat USMR, ce sont 612 emplois qui disparaîtront avec l'usine.`,
        { language: "fr" },
      ),
    ]);
    const claims = checkClaims(sources);
    const company = claimWith(claims, "480");
    const union = claimWith(claims, "612");
    expect(company.state).toBe("disputed");
    expect(union.state).toBe("disputed");
  });

  it("disputes them when one party's count is also told in another language, in that language's words", () => {
    const french = (n: number, text: string) => page(`https://fr${n}.example/v`, `${prose(`f${n}`)} ${text}`, { language: "fr" });
    const claims = checkClaims(
      groupOrigins([
        french(1, "La direction annonce 480 suppressions de postes sur le site de Marsbach."),
        french(2, "Le groupe a confirmé 480 suppressions de postes, a indiqué la direction."),
        french(3, "Le syndicat USMR avance pour sa part le chiffre de 612 emplois perdus."),
        french(4, "Selon le syndicat USMR, ce sont 612 emplois qui disparaîtront avec l'usine."),
        page("https://de.example/v", `${prose("d1")} Nach Angaben der Gewerkschaft USMR sind es 612 wegfallende Arbeitsplätze.`, {
          language: "de",
        }),
      ]),
    );
    expect(claimWith(claims, "480 suppressions de postes sur").state).toBe("disputed");
    const union = claims.filter((c) => c.mentions.some((m) => m.text.includes("612")));
    expect(union.map((c) => c.state)).toContain("disputed");
  });

  it("disputes two parties' volumes of one spill, in litres and in cubic metres, but leaves their lengths alone", () => {
    const fr = (n: number, text: string) => page(`https://s${n}.example/v`, `${prose(`s${n}`)} ${text}`, { language: "fr" });
    const claims = checkClaims(
      groupOrigins([
        fr(1, "Selon l'exploitant Chimirel, environ 4 000 litres de solution ammoniacale se sont échappés d'une cuve."),
        fr(2, "D'après l'exploitant Chimirel, quelque 4 m³ de solution ammoniacale ont fui mardi."),
        fr(
          3,
          "L'Agence régionale de l'environnement estime qu'au moins 15 000 litres de solution ammoniacale ont atteint la Lisère.",
        ),
        fr(4, "Selon l'Agence régionale de l'environnement, le déversement de solution ammoniacale dépasse 15 000 litres."),
        // Lengths of two different things, each on one party's word: a story measures many things in km.
        fr(5, "Selon la préfecture, la déviation rallonge le trajet de 14 km pour les poids lourds."),
        fr(6, "La préfecture indique que la déviation impose 14 km de plus aux poids lourds."),
        fr(7, "Selon les gendarmes, le bouchon a atteint 3 km vers Casalverde à 7 h 40."),
        fr(8, "D'après les gendarmes, la file d'attente atteignait 3 km vers Casalverde à 7 h 40."),
      ]),
    );
    expect(claimWith(claims, "4 000 litres").state).toBe("disputed");
    expect(claimWith(claims, "15 000 litres").state).toBe("disputed");
    // Litres of two things in another story, each on one party's word: diesel leaked, foam sprayed.
    const harbour = checkClaims(
      groupOrigins([
        fr(9, "Selon l'exploitant du dépôt, 2 000 litres de gazole ont fui dans le port."),
        fr(10, "D'après l'exploitant du dépôt, la fuite de gazole atteint 2 000 litres."),
        fr(11, "Les pompiers disent avoir projeté 20 000 litres de mousse sur la nappe."),
        fr(12, "Selon les pompiers, 20 000 litres de mousse ont été projetés sur la nappe."),
      ]),
    );
    expect(claimWith(harbour, "2 000 litres de gazole").state).toBe("parallel");
    expect(claimWith(harbour, "20 000 litres de mousse").state).toBe("parallel");
    // Speeds measure many things of a story: a gust and a train.
    const en = (n: number, text: string) => page(`https://w${n}.example/v`, `${prose(`w${n}`)} ${text}`);
    const line = checkClaims(
      groupOrigins([
        en(1, "Gusts reached 95 km/h near the summit, the weather service said."),
        en(2, "According to the weather service, gusts of 95 km/h were recorded near the summit."),
        en(3, "The train was travelling at 60 km/h when it left the rails, police said."),
        en(4, "According to police, the train was doing 60 km/h when it derailed."),
      ]),
    );
    expect(claimWith(line, "Gusts reached 95 km/h").state).toBe("parallel");
    expect(claimWith(line, "travelling at 60 km/h").state).toBe("parallel");
    expect(claimWith(claims, "rallonge le trajet de 14 km").state).toBe("parallel");
    // "les gendarmes" are the police, as "la gendarmerie" is.
    expect(claimWith(claims, "le bouchon a atteint 3 km").state).toBe("parallel");
  });

  it("leaves two parties' counts of people alone: a count of people is of too many things to be one", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/p",
        `${prose("p1")} According to the police, 23 people were hurt in the derailment near Marenberg.`,
      ),
      page(
        "https://two.example/p",
        `${prose("p2")} Police said 23 people were hurt when the train left the rails near Marenberg.`,
      ),
      page(
        "https://three.example/p",
        `${prose("p3")} The fire service said 140 people were taken to the sports hall for the night.`,
      ),
      page(
        "https://four.example/p",
        `${prose("p4")} According to the fire service, 140 people spent the night at the sports hall.`,
      ),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "23 people").state).toBe("parallel");
    expect(claimWith(claims, "140 people").state).toBe("parallel");
  });
});

describe("one speaker's hedged figure", () => {
  const said = (source: number, party: string, text: string) => ({
    source,
    text,
    language: "en",
    party,
    facts: sentenceFacts(text),
  });
  it("is its own exact figure rounded ('almost 3 million' of 2.8 million), not another account", () => {
    const exact = "The mayor estimated the cost of the repairs at 2.8 million euros.";
    const hedged = "The mayor speaks of almost 3 million euros for the repairs.";
    expect(relate(said(0, "The mayor", exact), said(1, "The mayor", hedged), () => 1)).toBe("same");
    // Two parties' figures so apart dispute, and so do one speaker's when the rounding is too far
    // (2.6 is no "almost 3") or unhedged ("3 million").
    expect(relate(said(0, "The club", exact), said(1, "The insurer", hedged), () => 1)).toBe("conflict");
    expect(relate(said(0, "The mayor", exact.replace("2.8", "2.6")), said(1, "The mayor", hedged), () => 1)).toBe("conflict");
    expect(relate(said(0, "The mayor", exact), said(1, "The mayor", hedged.replace("almost ", "")), () => 1)).toBe("conflict");
  });

  it("holds only for one speaker named alike or by one role, and a hedge pointing the right way", () => {
    // A named company and "the union", the police and a named doctor: two speakers.
    const jobs = (party: string, figure: string) =>
      said(1, party, `${party} said the restructuring would cost ${figure} jobs at the Kessling plant.`);
    expect(relate(jobs("Alderbank", "910"), jobs("The union", "almost 1,000"), () => 1)).toBe("conflict");
    expect(
      relate(
        said(0, "Police", "Police said 28 people were injured in the crash."),
        said(1, "Dr Anna Huber", "Dr Anna Huber said about 30 people were injured in the crash."),
        () => 1,
      ),
    ).toBe("conflict");
    // "more than 1,000" is no 910, "almost 3 million" no 3.2 million, whoever says it.
    expect(relate(jobs("The mayor", "910"), jobs("The mayor", "more than 1,000"), () => 1)).toBe("conflict");
    expect(
      relate(
        said(0, "The mayor", "The mayor estimated the cost of the repairs at 3.2 million euros."),
        said(1, "The mayor", "The mayor speaks of almost 3 million euros for the repairs."),
        () => 1,
      ),
    ).toBe("conflict");
    expect(relate(jobs("The mayor", "1,040"), jobs("The mayor", "more than 1,000"), () => 1)).toBe("same");
    // Two things counted are no rounding of one another: two claims, not one.
    const mayor = checkClaims(
      groupOrigins([
        page(
          "https://one.example/m",
          `${prose("m1")} Mayor Jane Doe said about 3,000 residents of Portmere were evacuated on Monday.`,
        ),
        page(
          "https://two.example/m",
          `${prose("m2")} Mayor Jane Doe said 2,800 households in Portmere were left without power on Monday.`,
        ),
      ]),
    );
    expect(claimWith(mayor, "3,000 residents").mentions.some((m) => m.text.includes("2,800"))).toBe(false);
    // A hedge elsewhere in the sentence ("over the weekend") says nothing of the figure.
    expect(
      relate(
        said(
          0,
          "Mayor Jane Doe",
          "Mayor Jane Doe said the storm over the weekend caused about £3 million of damage in Portmere.",
        ),
        said(1, "Mayor Jane Doe", "Mayor Jane Doe said the storm caused £2.8 million of damage in Portmere."),
        () => 1,
      ),
    ).toBe("same");
  });
});

describe("a figure set aside as not so", () => {
  it("reads ', not 6%', ', pas 480', ', no 18 mil 400' as figures the sentence says are not so, not as its own", () => {
    const offer = sentenceFacts("The offer is worth 4.5%, not 6% as the union claimed.");
    expect(offer.numbers).toEqual(["4.5%"]);
    expect(offer.negated.map((q) => q.value)).toEqual(["6%"]);
    expect(
      sentenceFacts("Ce sont 612 emplois, pas 480, qui disparaîtront avec l'usine.", "fr").negated.map((q) => q.value),
    ).toEqual(["480"]);
    const cost = sentenceFacts("La Línea 4 costó 23 mil 100 millones, no 18 mil 400: los documentos lo muestran.", "es");
    expect(cost.numbers).toContain("23100000000");
    expect(cost.negated.map((q) => q.value)).toEqual(["18400000000"]);
    // A number after "No." names something.
    // A capital "No" after a comma names something ("No 7 seed"); a time that passed is no figure set aside.
    const seed = sentenceFacts("The winner, No 7 seed Anna Kovac, took the title in 3 sets.");
    expect(seed.negated).toEqual([]);
    expect(seed.numbers).not.toContain("7");
    expect(sentenceFacts("The roof collapsed, not 10 minutes after the match began.").negated).toEqual([]);
    expect(sentenceFacts("Es sind 612 statt 480 Stellen, sagt die Gewerkschaft.", "de").negated.map((q) => q.value)).toEqual([
      "480",
    ]);
    // The unwritten scale is the set-aside figure's only: "2 mil 300 trabajadores" stays thousands.
    expect(sentenceFacts("La obra costó 23 mil 100 millones y empleó a 2 mil 300 trabajadores.", "es").numbers).not.toContain(
      "2300000000",
    );
  });

  it("disputes no figure of something else that happens to be the same", () => {
    const sources = groupOrigins([
      page("https://one.example/n", `${prose("n1")} The pay offer is worth 4.5%, not 6% as the union claimed on Monday.`),
      page("https://two.example/n", `${prose("n2")} Unemployment in Harwick stands at 6%, the statistics office said.`),
    ]);
    expect(claimWith(checkClaims(sources), "Unemployment").state).not.toBe("disputed");
  });

  it("disputes the claim whose figure another account says is not so", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/l4",
        `${prose("l1")} La nueva línea del metro costó 18 mil 400 millones de pesos, informó la alcaldía.`,
        { language: "es" },
      ),
      page(
        "https://two.example/l4",
        `${prose("l2")} La nueva línea costó 18 mil 400 millones de pesos, según la cifra oficial.`,
        { language: "es" },
      ),
      page(
        "https://three.example/l4",
        `${prose("l3")} La nueva línea costó en realidad 23 mil 100 millones, no 18 mil 400, según documentos.`,
        { language: "es" },
      ),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "en realidad").state).toBe("disputed");
    expect(claims.find((c) => c.mentions.some((m) => m.text.includes("alcaldía")))?.state).toBe("disputed");
  });
});

describe("whose figure it is", () => {
  it("reads the names in each figure's clause, not across a comma, a decimal comma kept whole", () => {
    const shares = sentenceFacts(
      "W dogrywce Wolańska zdobyła 53,1 proc. głosów, a jej rywal Tomasz Sędziak 46,9 proc.",
      "pl",
    ).figureNames;
    expect(shares).toEqual({ "53.1": ["wolańska"], "46.9": ["tomasz sędziak"] });
  });

  it("does not dispute two people's figures of one kind, and still disputes two accounts of one person's", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/c",
        `${prose("c1")} The court sentenced former mayor Ramiro Escudero to six years in prison on Tuesday.`,
      ),
      page(
        "https://two.example/c",
        `${prose("c2")} The court also sentenced the businessman Fermín Oyarzábal to four years in prison on Tuesday.`,
      ),
      page(
        "https://three.example/c",
        `${prose("c3")} The court sentenced former mayor Ramiro Escudero to eight years in prison on Tuesday.`,
      ),
    ]);
    const claims = checkClaims(sources);
    const businessman = claimWith(claims, "Oyarzábal");
    expect(businessman.state).not.toBe("disputed");
    expect(claimWith(claims, "six years").state).toBe("disputed");
  });

  it("sets the speaker's name aside: two parties' figures for one thing still dispute", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/i",
        `${prose("i1")} Northshire Police said 120 people were injured when the East Stand roof collapsed.`,
      ),
      page(
        "https://two.example/i",
        `${prose("i2")} The Northshire Ambulance Service said 210 people were injured when the East Stand roof collapsed.`,
      ),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "120 people").state).toBe("disputed");
  });
});

describe("the sentence a claim is read by", () => {
  it("is one that states the claim's fact, not one page's sentence joined on the act alone", () => {
    const sources = groupOrigins([
      page(
        "https://one.example/s",
        `${prose("s1")} The court sentenced former mayor Ramiro Escudero to six years in prison for rigging the waste contracts.`,
        {
          siteName: "One",
        },
      ),
      page(
        "https://two.example/s",
        `${prose("s2")} Former mayor Ramiro Escudero was sentenced to six years in prison for rigging the waste contracts.`,
      ),
      page(
        "https://three.example/s",
        `${prose("s3")} The court sentenced former mayor Ramiro Escudero for rigging the waste contracts.`,
      ),
    ]);
    const claim = checkClaims(sources).find((c) => c.mentions.some((m) => m.text.includes("six years")));
    expect(claim?.text).toContain("six years");
  });
});

describe("a page that credits an outlet", () => {
  it("credits no body that shares the outlet's place name", () => {
    const sources = groupOrigins([
      page(
        "https://provincia.example/comunicato",
        `${prose("p0")} Da lunedì 16 marzo il ponte sul fiume Arsa sarà chiuso al traffico.`,
        {
          siteName: "Provincia di Valdarsa",
          language: "it",
        },
      ),
      page(
        "https://one.example/ponte",
        `${prose("p1")} Chiuderà lunedì 16 marzo il ponte sul fiume Arsa, lo ha annunciato la Provincia di Valdarsa.`,
        {
          language: "it",
        },
      ),
      page(
        "https://two.example/ponte",
        `${prose("p2")} Da questa mattina, lunedì 16 marzo, il ponte sul fiume Arsa è chiuso al traffico. Come riportato dalla Voce di Valdarsa, il tragitto si allunga di 14 chilometri.`,
        { language: "it" },
      ),
      page(
        "https://three.example/ponte",
        `${prose("p3")} Lunedì 16 marzo il ponte sul fiume Arsa chiude al traffico. Come riportato dalla Voce di Valdarsa, la deviazione passa per Ponte Meli.`,
        { language: "it" },
      ),
      page(
        "https://lavocedivaldarsa.example/ponte",
        `${prose("p4")} Il tragitto si allunga di 14 chilometri per chi va a Casalverde.`,
        {
          siteName: "La Voce di Valdarsa",
          language: "it",
        },
      ),
    ]);
    const claim = checkClaims(sources).find((c) => c.mentions.some((m) => m.text.includes("Da questa mattina")));
    expect(claim?.state).toBe("corroborated");
  });
});

describe("one page crediting another outlet of the story", () => {
  it("is a citation chain (circular) when it names the outlet, not when it names the place the outlet is named for", () => {
    const sources = groupOrigins([
      page("https://elmirador.example/blog", `${prose("m0")} El contrato de basuras sigue en manos de la empresa de siempre.`, {
        siteName: "El Mirador de Castrovaldés",
        language: "es",
      }),
      page(
        "https://heraldo.example/caso",
        `${prose("m1")} Como adelantó el blog El Mirador de Castrovaldés, Sermarsa siguió facturando al Ayuntamiento hasta marzo de 2026. «Lo aspettavamo da vent'anni», dijo la alcaldesa de Castrovaldés, Ana Ruiz, el 3 de marzo de 2026.`,
        { language: "es" },
      ),
    ]);
    const claims = checkClaims(sources);
    expect(claimWith(claims, "siguió facturando").state).toBe("circular");
    expect(claimWith(claims, "alcaldesa").state).toBe("singleSource");
  });
});

describe("an outlet's own account", () => {
  it("reads the outlet's own eyes, count or sources in the languages we read, and no person's understanding", () => {
    expect(sentenceFacts("Il compte près de 1 200 personnes, selon nos journalistes.", "fr").ownReport).toBe(true);
    expect(sentenceFacts("The Blaze understands the French side will pay a fee of €12m.").ownReport).toBe(true);
    expect(sentenceFacts("Nach unseren Informationen kostet die Sanierung 38 Millionen Euro.", "de").ownReport).toBe(true);
    expect(sentenceFacts("Smith understands the club will pay a fee of €12m.").ownReport).toBe(false);
    expect(sentenceFacts("The Council understands that 40 homes were flooded.").ownReport).toBe(false);
    expect(sentenceFacts("Reuters has learned that 40 jobs will go at the plant.").ownReport).toBe(true);
    // What the outlet saw or read in data itself.
    expect(sentenceFacts("AIS data show the ship was about 22 nautical miles northwest of Cabo Serrano.").ownReport).toBe(true);
    expect(sentenceFacts("A gray plume could be seen rising about 500 meters above the summit.").ownReport).toBe(true);
    expect(sentenceFacts("The data show 40 homes were flooded, the council said.").ownReport).toBe(false);
    // The outlet speaking of its own findings in the first person.
    expect(sentenceFacts("Z naszych informacji wynika, że Piotr Zawada zostanie zastępcą prezydent.", "pl").ownReport).toBe(true);
    expect(sentenceFacts("Hemos sabido que la empresa cerrará la planta en 2027.", "es").ownReport).toBe(true);
    expect(sentenceFacts("We understand the club will pay a fee of €12m.").ownReport).toBe(true);
  });

  it("is a second account beside a party's statement, however the lean towards parallel reads a bare one", () => {
    const march = (own: string) =>
      checkClaims(
        groupOrigins([
          page(
            "https://one.example/m",
            `${prose("m1")} Un cortège de 1 187 personnes selon la préfecture a défilé jusqu'à la mairie de Montbrac.`,
            {
              language: "fr",
            },
          ),
          page(
            "https://two.example/m",
            `${prose("m2")} Un cortège de 1 187 personnes selon la préfecture a défilé dans Montbrac.`,
            { language: "fr" },
          ),
          page("https://three.example/m", `${prose("m3")} ${own}`, { language: "fr" }),
        ]),
      ).find((c) => c.mentions.some((m) => m.text.includes("1 200")));
    expect(march("Le cortège de Montbrac comptait près de 1 200 personnes, selon nos journalistes.")?.state).toBe("corroborated");
    expect(march("Le cortège de Montbrac comptait près de 1 200 personnes jusqu'à la mairie.")?.state).toBe("parallel");
  });
});

describe("the outlet's own reporter", () => {
  it("is who a pronoun speaks for after the page names its reporter, not the party it named before", () => {
    const sources = groupOrigins([
      page(
        "https://live.example/strike",
        `${prose("l1")}\n\nThe operator has published its list of cancellations. It said 46 sailings would be cancelled.\n\nOur reporter Eilidh Strachan was at Ardcraig last night as the final boat left. She says the 21:40 sailing from Ardcraig was full, with cars turned away.`,
      ),
      page(
        "https://courant.example/strike",
        `${prose("c1")} The 21:40 sailing from Ardcraig on Wednesday night was full long before the ramp went up.`,
      ),
    ]);
    const claim = claimWith(checkClaims(sources), "21:40");
    const says = claim.mentions.find((m) => m.text.startsWith("She says"));
    expect(says).toBeDefined();
    expect(says?.attributedTo).toBeUndefined();
    expect(claim.state).toBe("corroborated");
  });
});

describe("a figure stated in passing beside an attributed statement", () => {
  it("reads figures in a clause describing the speaker, or in the outlet's clause before the speaker's, as background", () => {
    const background = (sentence: string, language = "en") => sentenceFacts(sentence, language).background;
    expect(
      background("Tallyforge, which sells payroll software to about 3,100 businesses, said it had notified 40 agencies."),
    ).toEqual(["3100"]);
    expect(background("The port employs 1,150 people, and Mr Okafor said the new berth would create another 60 jobs.")).toEqual([
      "1150",
    ]);
    expect(background("Der Konzern, der 430 Mitarbeiter beschäftigt, teilte mit, 80 Stellen würden gestrichen.", "de")).toEqual([
      "430",
    ]);
    // The clause is the statement itself, or stands inside it after the verb.
    expect(background("It was reported by Breach Notes, which said it asked for $30,000 for 4.8 million records.")).toEqual([]);
    expect(background("The company said the plant, which will cost €74m, would open in 2028.")).toEqual([]);
    // "teilte mit, die Ersatzbusse …": an article opening the statement, not a relative clause.
    expect(background("Die Ostbahn teilte auf Anfrage mit, die Ersatzbusse würden im 30-Minuten-Takt verkehren.", "de")).toEqual(
      [],
    );
    // French "a" (has) is no "and": "…, a fait savoir la maire" attributes the whole sentence.
    expect(background("Côté italien, 85 familles ont été évacuées à Pontesarvo, a fait savoir la maire.", "fr")).toEqual([]);
    // No speaker, nothing to stand beside.
    expect(background("The port, which employs 1,150 people, plans to deepen its channel.")).toEqual([]);
    // A closing credit covers the whole sentence, the clause describing its subject too.
    expect(background("The man, who was carrying 3 kg of cocaine, was arrested at the port, police said.")).toEqual([]);
    // German articles after a comma are no relative clause: "der Kreis und das Land zahlen".
    expect(
      background("Die Stadt, der Kreis und das Land zahlen zusammen 300 Millionen Euro, teilte das Ministerium mit.", "de"),
    ).toEqual([]);
    // The first clause is credited too: no clause of the outlet's own.
    expect(background("According to police, 3 people died in the fire, and the mayor said 40 homes were damaged.")).toEqual([]);
  });

  it("is the outlet's own account of that figure: two outlets stating it corroborate it", () => {
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://gazette.example/port",
          `${prose("one")} The Port of Portmere employs 1,150 people, and Mr Okafor said the new berth would create another 60 jobs.`,
        ),
        page(
          "https://ledger.example/port",
          `${prose("two")} The Port of Portmere handled a record tonnage and employs 1,150 people directly.`,
        ),
      ]),
    );
    const employs = claims.find((c) => c.sourceKeys.length === 2 && c.text.includes("1,150"));
    expect(employs?.state).toBe("corroborated");
    const gazette = employs?.mentions.find((m) => m.text.includes("60 jobs"));
    expect(gazette).toBeDefined();
    expect(gazette?.attributedTo).toBeUndefined();
    // The figure of the speaker's own clause is still his.
    const jobs = claims.find((c) => c.sourceKeys.length === 1 && c.text.includes("60 jobs"));
    expect(jobs?.mentions[0]?.attributedTo).toBe("Mr Okafor");
  });
});

describe("disagreement told on one page, and when", () => {
  it("reads a denial as answering the account just before it that says what it denies, or that it points back at", () => {
    const report =
      "Selon des documents internes consultés par L'Écho du Ried, la fabrication des moteurs VM serait transférée au printemps 2027 vers l'usine du groupe à Kisbarna, en Hongrie.";
    const denial =
      "Contactée mardi soir, la direction dément tout projet de délocalisation vers la Hongrie et assure que la gamme sera réduite.";
    const strikeFund =
      "La caisse de grève ouverte vendredi a déjà recueilli 23 500 euros, selon le trésorier de la section, Karim Benali.";
    const closure =
      "Dans un communiqué publié dans l'après-midi, Vérane dément « tout projet de fermeture » du site de Montbrac.";
    const claims = checkClaims(
      groupOrigins([
        page("https://echo.example/vm", `${prose("e1")} ${report} ${denial}`, { language: "fr" }),
        page("https://reveil.example/greve", `${prose("r1")} ${strikeFund} ${closure}`, { language: "fr" }),
      ]),
    );
    expect(claimWith(claims, "Kisbarna").state).toBe("disputed");
    // A denial of a closure says nothing of the strike fund told before it.
    expect(claimWith(claims, "23 500 euros").state).not.toBe("disputed");
    const pointed = checkClaims(
      groupOrigins([
        page(
          "https://kurier.example/vm",
          `${prose("k1")} Die Lokalzeitung „L'Écho du Ried“ berichtete unter Berufung auf interne Unterlagen, die Fertigung solle 2027 in das Werk im ungarischen Kisbarna wandern. Der Konzern dementierte das: Eine Verlagerung sei nicht geplant, sagte Sprecherin Katrin Oelsner.`,
          { language: "de" },
        ),
      ]),
    );
    expect(claimWith(pointed, "Kisbarna").state).toBe("disputed");
  });

  it("reads no denial as answering an account three sentences before it, the page's plain telling, or its own party's words", () => {
    const state = (text: string) =>
      claimWith(
        checkClaims(groupOrigins([page("https://p.example/x", `${prose("x1")} ${text}`, { language: "fr" })])),
        "Kisbarna",
      ).state;
    const report =
      "Selon des documents internes consultés par L'Écho du Ried, la fabrication des moteurs VM serait transférée au printemps 2027 vers l'usine de Kisbarna, en Hongrie.";
    const denial = "La direction dément tout projet de délocalisation vers la Hongrie.";
    const between =
      "Le site de Marsbach emploie aujourd'hui 1 186 salariés en contrat. La grève des ouvriers a commencé mardi à 6 heures devant l'usine. Les syndicats et la préfète se réunissent le 17 mars à Strasbourg.";
    expect(state(`${report} ${denial}`)).toBe("disputed");
    expect(state(`${report} ${between} ${denial}`)).not.toBe("disputed");
    const plain = "La fabrication des moteurs VM sera transférée au printemps 2027 vers l'usine de Kisbarna, en Hongrie.";
    expect(state(`${plain} ${denial}`)).not.toBe("disputed");
    const ownWord =
      "Selon la direction, la fabrication des moteurs VM sera transférée au printemps 2027 vers l'usine de Kisbarna, en Hongrie.";
    expect(state(`${ownWord} ${denial}`)).not.toBe("disputed");
  });

  it("disputes two parties' accounts that one page gives, and not one party's account repeated", () => {
    const order = "La préfecture assure avoir donné l'ordre d'évacuation des quartiers bas samedi à 22 heures.";
    const mayor = "« Il n'y a eu aucun ordre d'évacuation des quartiers bas avant 1h30 du matin », affirme le maire.";
    // The gazette gives both accounts; the radio, the prefecture's alone. The two disagree on the
    // gazette's page itself, whatever the radio says.
    const claims = checkClaims(
      groupOrigins([
        page("https://gazette.example/crue", `${prose("g1")} ${order} ${mayor}`, { language: "fr" }),
        page("https://radio.example/crue", `${prose("r1")} Les pompiers ont secouru 40 personnes.`, { language: "fr" }),
      ]),
    );
    expect(claimWith(claims, "samedi à 22 heures").state).toBe("disputed");
    expect(claimWith(claims, "avant 1h30").state).toBe("disputed");
    // One party's two statements on one page are no disagreement between parties.
    const same = checkClaims(
      groupOrigins([
        page(
          "https://gazette.example/crue2",
          `${prose("g2")} La préfecture assure avoir donné l'ordre d'évacuation des quartiers bas samedi à 22 heures. La préfecture précise qu'aucun ordre d'évacuation des quartiers hauts n'a été donné avant dimanche à 2 heures.`,
          { language: "fr" },
        ),
      ]),
    );
    expect(same.some((c) => c.state === "disputed")).toBe(false);
    // A party's own channel speaks for the party throughout: its denial and its background are
    // one party's word.
    const neighbour = checkClaims(
      groupOrigins([
        page(
          "https://www.verane-automobiles.fr/presse/communique.html",
          `${prose("g3")} Vérane Automobiles dément formellement tout projet de fermeture du site de Montbrac, qui reste au cœur de la stratégie industrielle du groupe. Les informations publiées ce jour par un quotidien régional ne reflètent en rien les décisions de l'entreprise.\n\nVérane Automobiles conçoit et produit des véhicules utilitaires légers. Le groupe compte quatre sites industriels en Europe.`,
          { language: "fr", siteName: "Vérane Automobiles" },
        ),
      ]),
    );
    expect(claimWith(neighbour, "quatre sites").state).not.toBe("disputed");
  });

  it("reads two hours of one act as a disagreement only when the act is told in the same words", () => {
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://one.example/z",
          `${prose("z1")} Das Unglück ereignete sich nach Angaben der Bahn um 14.32 Uhr bei Tessing.`,
          {
            language: "de",
          },
        ),
        page("https://two.example/z", `${prose("z2")} Ab 18 Uhr pendeln Busse zwischen Tessing und Aurach.`, { language: "de" }),
        page("https://three.example/z", `${prose("z3")} Das Unglück ereignete sich laut Feuerwehr um 14.50 Uhr bei Tessing.`, {
          language: "de",
        }),
      ]),
    );
    expect(claimWith(claims, "14.32").state).toBe("disputed");
    expect(claimWith(claims, "14.50").state).toBe("disputed");
    expect(claimWith(claims, "Busse").state).not.toBe("disputed");
  });

  it("reads a date written in figures, and a dateline's date as when the page was written", () => {
    expect(sentenceFacts("Am 14.04.2026 ist der Regionalzug entgleist.", "de").dates).toEqual(["2026-04-14"]);
    expect(sentenceFacts("Il cantiere è stato aperto il 03/02/2026.", "it").dates).toEqual(["2026-02-03"]);
    expect(sentenceFacts("The records were filed on 10/13/2026.").dates).toEqual(["2026-10-13"]);
    // English writes a slash date either way round: read only when the day cannot be a month.
    expect(sentenceFacts("The report was published on 03/02/2026.").dates).toEqual([]);
    // A sentence opening on a preposition is no dateline, whatever dash follows.
    expect(sentenceFacts("Am Dienstag, 14. April – einem Feiertag – entgleiste der Zug.", "de").dateline ?? []).toEqual([]);
    const dateline = (sentence: string, language = "en") => sentenceFacts(sentence, language).dateline ?? [];
    expect(dateline("Tessing, 14.04.2026 – Am heutigen Dienstag ist der Regionalzug entgleist.", "de")).toEqual(["2026-04-14"]);
    expect(dateline("Oct 13 (Reuters) - Tallyforge said on Tuesday that hackers had accessed its systems.")).toEqual(["10-13"]);
    expect(dateline("Madrid, 4 mar (EFE).- El Gobierno aprobó el 2 de marzo el plan.", "es")).toEqual(["03-04"]);
    // A dash in the middle of a sentence is no dateline, nor a date the sentence states again.
    expect(dateline("The plan - approved on 4 March - costs 5 million.")).toEqual([]);
    expect(dateline("Madrid, 4 mar (EFE).- El plan entra en vigor el 4 de marzo.", "es")).toEqual([]);
    // A listing dated in the sentence does not disagree with the day the report was filed.
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://wire.example/t",
          `${prose("t1")} Oct 13 (Reuters) - Tallyforge said on Tuesday that hackers had accessed the LeakBazaar customer records.`,
        ),
        page("https://blog.example/t", `${prose("t2")} A LeakBazaar listing of Tallyforge customer records was posted on Oct 9.`),
      ]),
    );
    expect(claimWith(claims, "posted on Oct 9").state).not.toBe("disputed");
  });
});

describe("two accounts of one thing in other words", () => {
  it("disputes two costs of one repair, however each names the cost", () => {
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://one.example/r",
          `${prose("r1")} The county estimated the emergency repair of the main would cost $1.8 million.`,
        ),
        page(
          "https://two.example/r",
          `${prose("r2")} The full bill for the repair of the main will be closer to $2.6 million once repaving is included, a commissioner said.`,
        ),
      ]),
    );
    expect(claimWith(claims, "$1.8 million").state).toBe("disputed");
    expect(claimWith(claims, "$2.6 million").state).toBe("disputed");
    expect(sentenceFacts("Die Sanierung kostet 38 Millionen Euro.", "de").concepts).toEqual(["¤cost"]);
    expect(sentenceFacts("Le montant du chantier atteint 5,9 millions d'euros.", "fr").concepts).toEqual(["¤cost"]);
  });

  it("disputes two times of one reopening, and does not join them as one claim", () => {
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://one.example/b",
          `${prose("b1")} Wieder freigegeben werden soll die Oderbrücke laut Oderland Netz im Sommer 2027.`,
          { language: "de" },
        ),
        page(
          "https://two.example/b",
          `${prose("b2")} Die polnische Gesellschaft KZI, der der östliche Brückenteil gehört, rechnet mit einer Wiederinbetriebnahme der Oderbrücke erst Ende 2027.`,
          { language: "de" },
        ),
      ]),
    );
    expect(claimWith(claims, "Sommer 2027").state).toBe("disputed");
    expect(claimWith(claims, "Ende 2027").state).toBe("disputed");
    expect(sentenceFacts("Il ponte riaprirà a fine 2027.", "it").concepts).toEqual(["¤reopen"]);
    expect(sentenceFacts("The bridge carries 80 trains a day.").concepts).toEqual([]);
  });
});

describe("two sides' figures in one sentence", () => {
  it("reads a sentence that turns from one side's count to the other's as two accounts", () => {
    const accounts = (sentence: string, language = "en") => sentenceFacts(sentence, language).accounts;
    expect(
      accounts(
        "Według związku zawodowego dokerów w strajku uczestniczy 1 200 pracowników; spółka szacuje ich liczbę na około 700.",
        "pl",
      ),
    ).toEqual(["1200", "700"]);
    expect(
      accounts("Según el sindicato, son 1.850 los trabajadores en huelga; la empresa reduce la cifra a 1.120.", "es"),
    ).toEqual(["1850", "1120"]);
    expect(accounts("Police put the crowd at 5,000 people, while organisers said 20,000 people marched.")).toEqual([
      "5000",
      "20000",
    ]);
    // One party on both sides, one figure rounded, two facts of one kind, or words that are no turn
    // in the sentence's language (French "a" is "has", Spanish "a" is "to").
    expect(accounts("The council said 40 homes were flooded; 12 homes were later demolished, officials added.")).toBeUndefined();
    expect(accounts("According to police, about 1,200 people marched, while police later said 1,180 did.")).toBeUndefined();
    expect(
      accounts(
        "Selon la préfecture, 300 personnes ont été évacuées et le maire a annoncé que 40 personnes seraient relogées.",
        "fr",
      ),
    ).toBeUndefined();
    expect(
      accounts(
        "Según Protección Civil, 300 personas fueron trasladadas a albergues y 40 personas a hospitales, informó el alcalde.",
        "es",
      ),
    ).toBeUndefined();
    // One side, or no side at all, or two different counts.
    expect(accounts("The company said 700 workers had stopped work; another 40 managers stayed at their desks.")).toBeUndefined();
    expect(accounts("Between 700 and 1,200 workers joined the strike, the union said.")).toBeUndefined();
    expect(accounts("The union said 1,200 workers struck, while the company said the terminal lost €2 million.")).toBeUndefined();
  });

  it("disputes the two claims, however many pages carry the sentence", () => {
    const sentence =
      "Według związku zawodowego w strajku uczestniczy 1 200 pracowników, natomiast spółka szacuje ich liczbę na około 700.";
    const claims = checkClaims(
      groupOrigins([
        page("https://pap.example/strajk", `${prose("one")} ${sentence}`, { language: "pl" }),
        page("https://glos.example/strajk", `${prose("two")} Dokerzy strajkują od poniedziałku. ${sentence}`, { language: "pl" }),
        page(
          "https://zwiazek.example/strajk",
          `${prose("three")} W strajku bierze udział 1 200 pracowników terminalu: dokerzy, operatorzy suwnic, pracownicy magazynów.`,
          { language: "pl" },
        ),
        page(
          "https://spolka.example/strajk",
          `${prose("four")} Według danych spółki w akcji strajkowej uczestniczy około 700 pracowników.`,
          {
            language: "pl",
          },
        ),
      ]),
    );
    const union = claims.find((c) => c.mentions.some((m) => m.text.startsWith("W strajku bierze")));
    const company = claims.find((c) => c.mentions.some((m) => m.text.startsWith("Według danych spółki")));
    expect(union?.mentions.some((m) => m.text === sentence)).toBe(true);
    expect(company?.mentions.some((m) => m.text === sentence)).toBe(true);
    expect(union?.state).toBe("disputed");
    expect(company?.state).toBe("disputed");
  });
});

describe("a name that opens a sentence", () => {
  it("is a word the story writes as a name and never in lower case", () => {
    const story = [
      "En el búnker de Unión por Aromal, Gustavo Ferreyra habló ante la prensa.",
      "Los vecinos la llaman la Derrota de Aromal, y la derrota fue dura.",
    ].map((sentence) => [sentence, sentenceFacts(sentence, "es")] as const);
    const names = storyNameWords(story);
    expect(names.has("ferreyra")).toBe(true);
    expect(names.has("derrota")).toBe(false);
  });

  it("is a name when the story writes the word as one elsewhere and never in lower case", () => {
    const claims = (second: string) =>
      checkClaims(
        groupOrigins([
          page(
            "https://one.example/aromal",
            `${prose("one")} En el búnker de Unión por Aromal, Ferreyra se negó a reconocer la derrota ante la prensa.`,
            {
              language: "es",
            },
          ),
          page("https://two.example/aromal", `${prose("two")} ${second}`, { language: "es" }),
        ]),
      );
    const named = claims("Ferreyra se negó a reconocer la derrota y pidió esperar al escrutinio definitivo.");
    expect(named.find((c) => c.text.includes("se negó"))?.sourceKeys).toEqual(["0", "1"]);
    // "Derrota" opening a sentence is no name: the story writes it in lower case ("la derrota"),
    // even where it also writes it with a capital mid-sentence ("la Derrota de Aromal").
    const unnamed = claims(
      "Derrota se negó a reconocer la prensa y pidió esperar al escrutinio definitivo. Los vecinos la llaman la Derrota de Aromal en las calles del puerto.",
    );
    expect(unnamed.find((c) => c.text.includes("se negó"))?.sourceKeys).toEqual(["0"]);
  });
});

describe("a date more precise than its year, across languages", () => {
  const story = (fr: string, en: string) =>
    checkClaims(
      groupOrigins([
        page("https://sport.example/colfer", `${prose("one")} ${fr}`, { language: "fr" }),
        page("https://courier.example/colfer", `${prose("two")} ${en}`),
      ]),
    );
  it("is one fact in two languages when few sentences state it", () => {
    const claims = story(
      "Dans un communiqué, le club annonce que l'attaquant irlandais s'est engagé jusqu'en juin 2030.",
      "Valmont announced on Tuesday that Colfer had signed a contract running until June 2030.",
    );
    expect(claims.find((c) => c.text.includes("2030"))?.sourceKeys).toEqual(["0", "1"]);
  });
  it("is no tie when more than a few sentences of the story state it", () => {
    const many = Array.from(
      { length: 5 },
      (_, i) => `La ligue publiera en juin 2030 le calendrier numéro ${i + 2} de la saison suivante pour les clubs.`,
    ).join(" ");
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://sport.example/colfer",
          `${prose("one")} Dans un communiqué, le club annonce que l'attaquant irlandais s'est engagé jusqu'en juin 2030. ${many}`,
          {
            language: "fr",
          },
        ),
        page(
          "https://courier.example/colfer",
          `${prose("two")} Valmont announced on Tuesday that Colfer had signed a contract running until June 2030.`,
        ),
      ]),
    );
    expect(claims.find((c) => c.text.startsWith("Valmont announced"))?.sourceKeys).toEqual(["1"]);
  });
  it("is no tie between sentences whose figures differ", () => {
    const claims = story(
      "En juin 2030, le stade de Valmont accueillera 40 000 spectateurs.",
      "In June 2030 Valmont will pay a further €5m to Sambreville under the terms of the transfer agreement.",
    );
    expect(claims.filter((c) => c.text.includes("2030")).map((c) => c.sourceKeys.length)).toEqual([1, 1]);
  });
});

describe("a sentence copied word for word", () => {
  const source = (key: string, url: string): GroupedSource => ({
    key,
    page: page(url, "Text."),
    domain: new URL(url).hostname,
    originId: `o${key}`,
    origin: url,
    official: false,
    score: 70,
  });
  const sources = [source("0", "https://www.trevalli.example/ponte"), source("1", "https://www.borgoleno.example/ponte")];
  it("makes two outlets one origin for that claim: the one copied it, or both copied one source", () => {
    const copied = claimState(
      [0, 1],
      [
        {
          source: 0,
          text: "Ogni giorno lo attraversano circa 9.000 veicoli, in gran parte diretti alla zona industriale di Casalverde e ai caselli autostradali.",
        },
        {
          source: 1,
          text: "Ogni giorno lo attraversano circa 9.000 veicoli, in gran parte diretti alla zona industriale di Casalverde e ai caselli dell'autostrada.",
        },
      ],
      sources,
    );
    expect(copied.state).toBe("circular");
    const written = claimState(
      [0, 1],
      [
        {
          source: 0,
          text: "Ogni giorno lo attraversano circa 9.000 veicoli, in gran parte diretti alla zona industriale di Casalverde.",
        },
        {
          source: 1,
          text: "Sul ponte passano circa 9.000 mezzi al giorno, molti dei quali camion verso i caselli dell'autostrada.",
        },
      ],
      sources,
    );
    expect(written.state).toBe("corroborated");
  });
  it("is a long sentence in much the same words, not a short one, nor one rewritten", () => {
    expect(copiedSentence("The bridge was built in 1968.", "The bridge was built in 1968.")).toBe(false);
    expect(
      copiedSentence(
        "Every day about 9,000 vehicles cross the bridge, most of them heading for the Casalverde industrial zone and the motorway.",
        "About 9,000 vehicles a day use the bridge, mostly lorries heading for the Casalverde industrial zone or the motorway tolls.",
      ),
    ).toBe(false);
  });
});

describe("two measurements", () => {
  const mention = (source: number, text: string) => ({ source, text, language: "en", facts: sentenceFacts(text) });
  it("of very different size are two things measured, not two accounts of one", () => {
    const snow = mention(0, "The roof of the east stand caved in after 70 cm of snow fell on the town overnight.");
    // 70 cm of snow and a 60-metre section of roof: two lengths of two things.
    expect(
      relate(
        snow,
        mention(1, "The roof of the east stand caved in along 60 metres after snow fell on the town overnight."),
        () => 1,
      ),
    ).not.toBe("conflict");
    // 70 cm against 1.2 metres of snow is one depth told two ways.
    expect(
      relate(
        snow,
        mention(1, "The roof of the east stand caved in after 1.2 metres of snow fell on the town overnight."),
        () => 1,
      ),
    ).toBe("conflict");
  });
});

describe("the same figure of one specific thing", () => {
  const mention = (source: number, text: string) => ({ source, text, language: "en", facts: sentenceFacts(text) });
  const queue = mention(
    0,
    "By early evening a queue of about 60 vehicles stretched back from the linkspan past the old fish market.",
  );
  const counted = mention(
    1,
    "On Wednesday afternoon Gazette photographer Ruaridh Bell counted around 60 vehicles waiting at Ardcraig.",
  );
  it("is one fact however differently the scene is told, when few sentences of the story state it", () => {
    expect(
      relate(
        queue,
        counted,
        () => 1,
        () => 2,
      ),
    ).toBe("same");
  });
  it("is no tie when many sentences state the figure, or the thing is broad", () => {
    expect(
      relate(
        queue,
        counted,
        () => 1,
        () => 20,
      ),
    ).toBe("none");
    expect(
      relate(
        mention(0, "By early evening a queue of about 60 people stretched back from the linkspan past the old fish market."),
        mention(1, "On Wednesday afternoon Gazette photographer Ruaridh Bell counted around 60 people waiting at Ardcraig."),
        () => 1,
        () => 2,
      ),
    ).toBe("none");
  });
  it("is one fact when it is a sum of money given to two digits or more, and no tie for a round sum", () => {
    const fr = (source: number, text: string) => ({ source, text, language: "fr", facts: sentenceFacts(text, "fr") });
    const contract = fr(
      0,
      "L'ancien maire est jugé pour favoritisme dans l'attribution du chantier du centre aquatique, d'un montant de 5,9 millions d'euros.",
    );
    const cost = fr(1, "Le coût de construction de l'équipement, hors foncier, s'est élevé à 5,9 millions d'euros.");
    expect(
      relate(
        contract,
        cost,
        () => 1,
        () => 2,
      ),
    ).toBe("same");
    const round = (text: string) => ({ ...contract, text, facts: sentenceFacts(text, "fr") });
    expect(
      relate(
        round(
          "L'ancien maire est jugé pour favoritisme dans l'attribution du chantier du centre aquatique, d'un montant de 6 millions d'euros.",
        ),
        {
          ...cost,
          text: "Le coût de l'équipement s'est élevé à 6 millions d'euros.",
          facts: sentenceFacts("Le coût de l'équipement s'est élevé à 6 millions d'euros.", "fr"),
        },
        () => 1,
        () => 2,
      ),
    ).toBe("none");
  });
});

describe("two sentences in two languages", () => {
  const mention = (source: number, language: string, text: string) => ({
    source,
    text,
    language,
    facts: sentenceFacts(text, language),
  });
  const relateTwo = (a: ReturnType<typeof mention>, b: ReturnType<typeof mention>) => relate(a, b, stemWeights([a, b]));

  it("reads what words speak of in any language, through the news lexicon", () => {
    expect(sentenceFacts("Laut Polizei wurden 23 Menschen verletzt, vier von ihnen schwer.", "de").gloss).toContain("injured");
    expect(sentenceFacts("Per l'Azienda sanitaria i feriti sono 31.", "it").gloss).toContain("injured");
    expect(sentenceFacts("37 contenedores cayeron al mar durante la noche.", "es").quantities[0]?.counted).toBe("container");
    expect(sentenceFacts("Il numero dei container caduti in mare è stato rivisto a 64.", "it").quantities[0]?.counted).toBe(
      "container",
    );
  });

  it("disputes two counts of one thing in two languages, and joins one figure told in two", () => {
    const polish = mention(
      0,
      "pl",
      "Według hiszpańskich ratowników w czasie sztormu do morza wpadło 37 kontenerów, a statek mocno przechylił się na burtę.",
    );
    const italian = mention(
      1,
      "it",
      "Al termine di una verifica completa del piano di carico, il numero dei container caduti in mare è stato rivisto a 64.",
    );
    expect(relateTwo(polish, italian)).toBe("conflict");
    const german = mention(
      0,
      "de",
      "Die Strecke bleibt nach Angaben der Bahn bis zum 30. April gesperrt, Ersatzbusse fahren im Stundentakt.",
    );
    const line = mention(1, "pl", "Linia kolejowa pozostanie zamknięta do 30 kwietnia, a autobusy zastępcze kursują co godzinę.");
    expect(relateTwo(german, line)).toBe("same");
  });

  it("does not read two counts of one noun as a dispute on that noun alone", () => {
    const german = mention(0, "de", "Gezählt wurden bislang 300 Häuser im Landkreis Ostrand.");
    const french = mention(1, "fr", "On compte jusqu'ici 450 maisons dans le canton de Vélistra.");
    expect(relateTwo(german, french)).not.toBe("conflict");
  });

  it("meets two languages' counts of one thing in a story, however little else the sentences share", () => {
    const claims = checkClaims(
      groupOrigins([
        page(
          "https://morska.example/a",
          `${prose("m1")} Według hiszpańskich ratowników w czasie sztormu do morza wpadło 37 kontenerów, a statek mocno przechylił się na burtę.`,
          { language: "pl" },
        ),
        page(
          "https://ferrante.example/b",
          `${prose("m2")} Al termine di una verifica completa del piano di carico, il numero dei container caduti in mare è stato rivisto a 64.`,
          { language: "it" },
        ),
      ]),
    );
    expect(claimWith(claims, "37 kontenerów").state).toBe("disputed");
  });

  it("leaves two people's figures, and two years' sums, apart", () => {
    const mayor = mention(
      0,
      "es",
      "La Audiencia Provincial de Castrovaldés condenó este martes a seis años de prisión a Ramiro Escudero, exalcalde de la ciudad.",
    );
    const businessman = mention(
      1,
      "en",
      "The businessman at the centre of the scheme, Fermín Oyarzábal, owner of the cleaning firm Sermarsa, was sentenced to four years in prison by the court.",
    );
    expect(relateTwo(mayor, businessman)).not.toBe("conflict");
    const paid2023 = mention(0, "es", "El club pagó 3,5 millones de euros por el jugador en 2023, cuando era una promesa.");
    const paid2026 = mention(
      1,
      "it",
      "Il club ha versato 20 milioni di euro per il cartellino del giocatore, che ha firmato fino al 2031.",
    );
    expect(relateTwo(paid2023, paid2026)).not.toBe("conflict");
  });
});

describe("the cross-language battery (fixtures/crossLanguageBattery.json)", () => {
  // 210 pairs a helper wrote from the definitions alone: the same fact, a dispute or two different
  // facts, each pair in two of the seven languages (ten per pair of languages). Compared on their
  // own words, as the relation battery is. Held as a floor at what the engine reads with the news
  // lexicon; without it, 52 of 84 paraphrases and none of the 63 disputes were read.
  const battery = JSON.parse(readFileSync(new URL("./fixtures/crossLanguageBattery.json", import.meta.url), "utf8")) as {
    langA: string;
    langB: string;
    a: string;
    b: string;
    relation: "same" | "dispute" | "different";
  }[];
  const read = (p: (typeof battery)[number]) => {
    const a = { source: 0, text: p.a, language: p.langA, facts: sentenceFacts(p.a, p.langA) };
    const b = { source: 1, text: p.b, language: p.langB, facts: sentenceFacts(p.b, p.langB) };
    const relation = relate(a, b, stemWeights([a, b]));
    return relation === "conflict" ? "dispute" : relation === "same" ? "same" : "different";
  };
  it("finds paraphrases and some disputes across languages, joining and disputing few different facts", () => {
    const count = (want: string, got: string) => battery.filter((p) => p.relation === want && read(p) === got).length;
    expect(count("same", "same")).toBeGreaterThanOrEqual(71);
    expect(count("dispute", "dispute")).toBeGreaterThanOrEqual(6);
    expect(count("different", "dispute")).toBeLessThanOrEqual(1);
    expect(count("different", "same")).toBeLessThanOrEqual(2);
  });
});

describe("the relation battery (fixtures/relationBattery.json)", () => {
  // 210 pairs of sentences a helper wrote from the definitions alone, never from the rules: the
  // same fact in two outlets' words, two accounts that dispute one thing, or two different facts
  // of one story, ten of each in each of the seven languages. Held at what this engine reads, as a
  // floor; the pairs are compared on their own words only (a story's other sentences weigh words
  // in the pipeline), so the figures are lower than a story's.
  const battery = JSON.parse(readFileSync(new URL("./fixtures/relationBattery.json", import.meta.url), "utf8")) as {
    lang: string;
    a: string;
    b: string;
    relation: "same" | "dispute" | "different";
  }[];
  const read = (p: (typeof battery)[number]) => {
    const mention = (source: number, text: string) => ({ source, text, language: p.lang, facts: sentenceFacts(text, p.lang) });
    const [a, b] = [mention(0, p.a), mention(1, p.b)];
    const relation = relate(a, b, stemWeights([a, b]));
    return relation === "conflict" ? "dispute" : relation === "same" ? "same" : "different";
  };
  it("tells different facts of a story apart, disputing few of them, and finds some paraphrases and disputes", () => {
    const count = (want: string, got: string) => battery.filter((p) => p.relation === want && read(p) === got).length;
    expect(count("different", "dispute")).toBeLessThanOrEqual(4);
    expect(count("different", "different")).toBeGreaterThanOrEqual(55);
    expect(count("same", "same")).toBeGreaterThanOrEqual(22);
    expect(count("dispute", "dispute")).toBeGreaterThanOrEqual(9);
  });

  it("reads figures under opposite instance words as different things", () => {
    expect(sentenceFacts("Au premier tour, Claire Vasseur a obtenu 38 % des suffrages.", "fr").instances).toEqual(["first"]);
    expect(sentenceFacts("Il vecchio ospedale contava 410 posti letto.", "it").instances).toEqual(["old"]);
    const en = (source: number, text: string) => ({ source, text, language: "en", facts: sentenceFacts(text) });
    const runoff = en(1, "Voss went on to win the runoff in Lindenport with 54 percent of the vote.");
    expect(relate(en(0, "In the first round, Clara Voss took 38 percent of the vote in Lindenport."), runoff, () => 1)).not.toBe(
      "conflict",
    );
    expect(relate(en(0, "Voss won the runoff in Lindenport with 51 percent of the vote, officials said."), runoff, () => 1)).toBe(
      "conflict",
    );
  });
});
