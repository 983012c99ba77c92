// Attribution as a fact of each sentence (src/sourcing/claims/attribution.ts) and party identity
// across pages and languages (parties.ts): who a sentence rests its statement on, in the
// phrasings newsrooms use, and when two ways of writing a party are one party.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attributeSentences, readAttribution } from "../../src/sourcing/claims/attribution.ts";
import { collectMentions } from "../../src/sourcing/claims/checkClaims.ts";
import { sameParty, toParty } from "../../src/sourcing/claims/parties.ts";
import { splitSentences } from "../../src/sourcing/claims/sentences.ts";
import { groupOrigins } from "../../src/sourcing/group/originGroups.ts";
import { page } from "./pages.ts";

const party = (sentence: string, language = "en") => readAttribution(sentence, language)?.party.trim();

describe("who a sentence rests on", () => {
  it.each([
    ["The levy will be €4 per passenger, according to the authority's press release.", "en", /authority/],
    [
      "According to a statement released on Tuesday by the Ministry of Transport, the scheme will cost €2.4bn.",
      "en",
      /^Ministry of Transport$/,
    ],
    ["The Ministry of Transport said the scheme would cost €2.4bn.", "en", /^The Ministry of Transport$/],
    ["The scheme will cost €2.4bn, the ministry said in a statement.", "en", /^the ministry$/],
    ["“We expect 300 jobs,” said Maria Lopez, a spokeswoman for the port authority.", "en", /^the port authority$/],
    ["Vestfjord Line, the ship's operator, said 38 containers had gone overboard.", "en", /Vestfjord Line/],
    ["Portmere, 21 October 2026 – Alderbank Energy today announced plans to invest £340 million.", "en", /^Alderbank Energy$/],
    [
      "In the press release, Alderbank boss Priya Nandakumar described it as the largest investment.",
      "en",
      /^Alderbank boss Priya Nandakumar$/,
    ],
    [
      "A spokesperson for the Greyhaven Trust, which has owned the castle since 1958, said it would not comment.",
      "en",
      /Greyhaven Trust/,
    ],
    ["Die Abgabe soll 4 Euro pro Passagier betragen, teilte die Behörde am Dienstag mit.", "de", /^Behörde$/],
    ["Laut einer Mitteilung der Stadt Valdena kostet der Umbau 2,5 Millionen Euro.", "de", /Stadt Valdena/],
    ["Un porte-parole de l'entreprise a estimé les dégâts à environ 40 millions d'euros.", "fr", /entreprise/],
    ["Según el ministerio, la obra costará 2,5 millones de euros.", "es", /ministerio/],
    ["Il costo sarà di 2,5 milioni di euro, ha fatto sapere la Regione in una nota.", "it", /Regione/],
    ["Według urzędu koszt wyniesie 2,5 mln zł.", "pl", /urzędu/],
    ["同社によると、約1500人が影響を受けた。", "ja", /^同社$/],
    ["La Provincia di Valdarsa comunica che il ponte chiuderà il 16 marzo per sette mesi.", "it", /Provincia di Valdarsa/],
    ["La direction rappelle que le projet présenté le 3 mars prévoit la suppression de 340 postes.", "fr", /direction/i],
    ["県は14日、被害額が1億2000万円に上ると発表した。", "ja", /^県$/],
    // A role after an elided article, a verb with a time between it and its party, a perfect tense.
    ["Environ 2 000 litres de gazole se sont répandus dans le port, selon l'armateur.", "fr", /^l'armateur$/],
    ["Le chantier durera neuf mois, a précisé mardi soir la préfecture.", "fr", /préfecture/],
    ["La strada resterà chiusa fino a lunedì, ha comunicato ieri sera la prefettura.", "it", /prefettura/],
    ["The council has confirmed that 14 streets will be closed over the weekend.", "en", /^The council$/],
    ["Marta Olen, the harbour master, has urged boat owners to move 40 moorings inland.", "en", /Marta Olen/],
    ["Spółka w komunikacie szacuje, że straty wyniosą 3 mln zł.", "pl", /^Spółka$/],
    // Claims a party makes for itself: demands, estimates, requests.
    ["Le syndicat revendique 64 % de grévistes dans les ateliers.", "fr", /syndicat/],
    ["La alcaldía calcula que el nuevo parque recibirá 12.000 visitantes al mes.", "es", /alcaldía/],
    ["Die Gewerkschaft fordert 7 Prozent mehr Lohn für 2.300 Beschäftigte.", "de", /Gewerkschaft/],
    ["Le parquet a requis deux ans de prison contre l'ancien directeur.", "fr", /parquet/],
    ["Per la Provincia la spesa sarà di 3,1 milioni di euro.", "it", /Provincia/],
    ["気象台によりますと、最大瞬間風速は41メートルに達しました。", "ja", /気象台/],
    ["市のまとめでは、約3200戸が断水しています。", "ja", /^市$/],
    ["La Guardia Costera ha precisado que 12 contenedores cayeron al mar.", "es", /Guardia Costera/],
    // A party that puts a figure on something: an estimate is its word.
    ["The county puts the cost of the emergency repair at $1.8 million.", "en", /^The county$/],
    ["El tribunal fija el perjuicio causado a las arcas municipales en 1.870.000 euros.", "es", /^El tribunal$/],
    ["Die Stadt veranschlagt die Kosten auf 2,5 Millionen Euro.", "de", /Stadt/],
    // A body named by its kind, a ruling, a role written in two words.
    ["According to the center, around 300 volcanic earthquakes were recorded.", "en", /^center$/],
    ["Según la sentencia, Escudero cobró 640.000 euros en comisiones.", "es", /^sentencia$/],
    ["Le bilan a été revu à la hausse : deux morts, selon la Protection civile italienne.", "fr", /^Protection civile/],
    ["センターは、火口からおおむね2キロの範囲で大きな噴石に警戒するよう呼び掛けている。", "ja", /^センター$/],
    // A subject described between commas before its verb.
    ["El Ayuntamiento, personado como acusación particular, eleva esa cifra a 3,2 millones de euros.", "es", /^El Ayuntamiento$/],
    ["Tallyforge, which sells payroll software to about 3,100 businesses, said it detected the access.", "en", /^Tallyforge$/],
    // Another outlet's report, with when it came between the verb and its author.
    [
      "The figure is below the 4.8 million records advertised, as reported earlier this week by Indian tech site TechDhara.",
      "en",
      /^TechDhara$/,
    ],
    [
      "The listing was first reported by the security blog Breach Notes, which said it asked for $30,000.",
      "en",
      /^Breach Notes$/,
    ],
    // A time opening the sentence is no subject; the speaker follows the verb.
    ["Ayer, en rueda de prensa, afirmó el alcalde que 300 vecinos fueron desalojados.", "es", /alcalde/],
    ["As reported yesterday by the Harbour Gazette, the port will cut 40 jobs.", "en", /^Harbour Gazette$/],
    // A title with the person's name set off; "Per a statement from"; sources by their adjective.
    ["The county's spokeswoman, Dana Ruiz, said 12,000 customers were affected.", "en", /^county$/],
    ["Per a statement from the county, about 12,000 customers are affected.", "en", /^county$/],
    ["De source policière, on indique que 14 personnes ont été blessées.", "fr", /^policière$/],
    ["Catorce personas resultaron heridas, según fuentes policiales.", "es", /^policiales$/],
    ["Quatorze personnes ont été blessées, a-t-on appris auprès des pompiers.", "fr", /^pompiers$/],
    ["A quanto riferito dalla Prefettura, le persone evacuate sono 300.", "it", /^Prefettura$/],
    ["Fonti della Regione spiegano che i posti letto saranno 318.", "it", /Regione/],
    ["La empresa dio a conocer que 480 empleos se perderán.", "es", /^La empresa$/],
    // A body before a colon opening the line; a body by its own account.
    ["Police: 14 people injured in the crash on the A1.", "en", /^Police$/],
    ["Polizei: 14 Verletzte bei Unfall auf der A1.", "de", /^Polizei$/],
    ["Die Firma beschäftigt nach eigenen Angaben 430 Mitarbeiter.", "de", /Firma/],
    ["L'entreprise emploie, selon ses propres chiffres, 430 salariés.", "fr", /entreprise/],
    ["La empresa emplea, según sus propios datos, a 430 personas.", "es", /empresa/],
    // A conjunction or pronoun opening the sentence is no subject: the speaker follows the verb.
    ["Come ha spiegato il sindaco, i lavori dureranno sette mesi.", "it", /^sindaco$/],
    ["Así lo ha explicado el alcalde en rueda de prensa.", "es", /^alcalde$/],
    // A verb's word written with a capital inside a sentence is part of a name.
    ["It was picked up by Gruppetto Notes on Monday.", "en", undefined],
    // A party's own figures or statement speaking, by possession or by "from".
    ["Figures from the health ministry show 31 people were injured.", "en", /ministry/],
    ["The health ministry's figures show 31 people were injured.", "en", /ministry/],
    ["The operator's statement listed 46 cancelled sailings.", "en", /^The operator$/],
    ["Stando ai dati della Regione, i posti letto saranno 318.", "it", /^Regione$/],
    ["Z danych spółki wynika, że strajkuje 700 osób.", "pl", /^spółki$/],
    // A body of two lower-case words; "Per the county"; a plural speaker; German's closing "so".
    ["The coast guard reported that 21 crew had been evacuated.", "en", /^The coast guard$/],
    ["The fire brigade said around 260 firefighters were deployed.", "en", /^The fire brigade$/],
    ["Per the county, about 12,000 customers are affected.", "en", /^county$/],
    ["Officials estimate the damage at $4 million.", "en", /^Officials$/],
    ["14 Menschen wurden verletzt, so die Polizei.", "de", /^Polizei$/],
    ["Les pompiers font état de 14 blessés.", "fr", /^Les pompiers$/],
    ["Le bilan, communiqué par la préfecture, fait état de quatre morts.", "fr", /^préfecture$/],
    // Reporting verbs beyond "said", in each language.
    ["La entidad recuerda que los infractores se exponen a multas de hasta 3.000 euros.", "es", /^La entidad$/],
    ["The operator stressed that 46 sailings would be cancelled.", "en", /^The operator$/],
    ["Die Polizei erläuterte, dass 14 Menschen verletzt wurden.", "de", /^Die Polizei$/],
    ["La préfecture signale que 1 187 personnes ont été évacuées.", "fr", /^La préfecture$/],
    ["La Regione ha evidenziato che la struttura avrà 318 posti letto.", "it", /^La Regione$/],
    ["Spółka przypomniała, że w porcie pracuje 1200 osób.", "pl", /^Spółka$/],
  ])("%s", (sentence, language, expected) => {
    if (expected === undefined) expect(party(sentence, language)).toBeUndefined();
    else expect(party(sentence, language)).toMatch(expected);
  });

  it.each([
    ["The Halden Star was expected to dock in Portmere late Tuesday."],
    ["Residents reported flooding in 40 homes on Main Street."],
    ["The bridge reopened on 7 November after 26 months of work costing £18.5m."],
    ["Die Brücke wurde am 7. November nach 26 Monaten wieder geöffnet."],
    ["Firefighters put the fire out at 3am after four hours."],
    // A figure's capitalised words before a speech verb are no party.
    ["Größtes Projekt ist das Hallenbad, für den 24,6 Millionen Euro veranschlagt sind."],
    // "so" is German's closing credit only after a comma and before an article and a noun.
    ["Die Brücke wird so bald wie möglich wieder geöffnet, so dass 40 Züge täglich fahren können."],
    ["Our data show 40 homes were flooded in the night."],
    // A place or a word of the page before a colon is no speaker.
    ["Kaltenbrück: 14 people were injured in the fire at the Veltmann plant."],
    ["Update: 14 people were injured in the fire at the Veltmann plant."],
    // Verbs that are often no speech: a response, a recall, what something provides or points to.
    ["Paramedics responded to 14 calls overnight."],
    ["Toyota recalled 40,000 cars in March."],
    ["Zakład zapewnia 1200 miejsc pracy w regionie."],
    ["Wszystko wskazuje na to, że most zostanie otwarty w 2027 roku."],
    ["Cela relève du ministère de l'Intérieur, qui compte 40 agents."],
    // French "nie" (denies) is Polish "nie" (not): a word of one language's list is no verb in another's.
    ["Jeszcze nie opadły emocje po niedzielnej dogrywce, a w ratuszu już trwa układanie nowej ekipy."],
  ])("reads no party in own reporting: %s", (sentence) => {
    expect(readAttribution(sentence, /Die |ist das/.test(sentence) ? "de" : "en")).toBeUndefined();
  });

  it("reads a Japanese statement whose speaker is left unwritten as the party the page named last", () => {
    const facts = () => true;
    const result = attributeSentences(
      [
        ["国立火山監視センターによると、火山性地震は312回観測された。"],
        ["山頂火口から約2キロの範囲で大きな噴石に警戒するよう呼び掛けている。"],
      ],
      "ja",
      facts,
    );
    expect(result[1]).toMatchObject({ pronoun: true });
    expect(readAttribution("鷹巣岳では14日、登山者ら約40人が下山した。", "ja")).toBeUndefined();
  });

  it("reads a party's act given in the passive with its agent", () => {
    expect(
      party("Trois ans de prison, dont un an ferme : c'est la peine réclamée jeudi par le parquet contre M. Lescure.", "fr"),
    ).toMatch(/^(?:le )?parquet$/);
    expect(party("A sentence of three years was sought by prosecutors at the end of the trial.", "en")).toMatch(/^prosecutors$/);
    expect(party("La pena chiesta dalla procura è di tre anni di reclusione.", "it")).toMatch(/procura/);
    // A passive without an act of a party is not an attribution.
    expect(readAttribution("The roof was inspected by engineers in January 2026.", "en")).toBeUndefined();
  });

  it("marks a pronoun speaker and an unnamed document for the page to resolve", () => {
    expect(readAttribution("The park would hold 400 megawatts, she said.", "en")).toMatchObject({ party: "", pronoun: true });
    expect(readAttribution("The release says the park will open in 2028.", "en")).toMatchObject({ party: "", document: true });
  });

  it("reads a source referred back to without its name, and takes the subject when it names one", () => {
    // "accordingly", "as it says there", "according to its statement", "the same source", hearsay.
    for (const [sentence, language] of [
      ["Der Neubau kostet demnach 12,5 Millionen Euro.", "de"],
      ["Die Arbeiten beginnen im April, wie es dort weiter heißt.", "de"],
      ["El barco llevaba 19 tripulantes, según la misma fuente.", "es"],
      ["工事は来年3月に終わるということです。", "ja"],
    ] as const) {
      expect(readAttribution(sentence, language), sentence).toMatchObject({ party: "", document: true });
    }
    expect(party("La empresa ofreció un aumento del 3 %, según su comunicado.", "es")).toBe("empresa");
    // German capitalises every noun: an opening noun is no party.
    expect(party("Für das neue Stadion sind demnach 80 Millionen Euro eingeplant.", "de")).toBe("");
  });
});

describe("attribution carried across sentences", () => {
  const facts = (s: string) => /\d/.test(s);

  it("carries a framing sentence's party to the figure in the next sentence", () => {
    const result = attributeSentences(
      [["In a statement on Tuesday, the ministry set out its plan."], ["The scheme will cost €2.4bn and create 300 jobs."]],
      "en",
      facts,
    );
    expect(result[1]).toMatchObject({ party: expect.stringMatching(/ministry$/), carried: true });
  });

  it("carries a statement to the end of its paragraph: newsrooms attribute once a paragraph", () => {
    const result = attributeSentences(
      [
        [
          "Ein Sprecher der Stadt sagte, der Umbau koste 2,5 Millionen Euro.",
          "Die Arbeiten seien bis 2027 abgeschlossen.",
          "Am Mittwoch waren 40 Arbeiter auf der Baustelle.",
        ],
      ],
      "de",
      facts,
    );
    expect(result[0]?.party).toMatch(/Stadt/);
    expect(result[1]).toMatchObject({ carried: true });
    // Not in reported speech, but in the city's paragraph: it rests on the city too.
    expect(result[2]).toMatchObject({ carried: true });
    expect(result[2]?.party).toMatch(/Stadt/);
  });

  it("starts another statement at a sentence with an attribution of its own, and ends one at the paragraph", () => {
    const result = attributeSentences(
      [
        [
          "The council said the beach between Cullen Sands and Marrick Point was closed.",
          "According to the Maritime and Coastguard Agency, 38 containers were lost.",
          "Four of them held dangerous goods.",
        ],
        ["Volunteers collected 200 bags of debris on Wednesday."],
      ],
      "en",
      facts,
    );
    expect(result[0]?.party).toMatch(/council/);
    expect(result[1]?.party).toMatch(/Coastguard Agency/);
    expect(result[2]).toMatchObject({ carried: true });
    expect(result[2]?.party).toMatch(/Coastguard Agency/);
    expect(result[3]).toBeUndefined();
  });

  it("carries a party's statement into its plan told in the future tense, within the paragraph", () => {
    const result = attributeSentences(
      [
        [
          "L'intervento, secondo la Provincia, costerà 2,48 milioni di euro e durerà sette mesi.",
          "Per tutto il periodo il traffico sarà deviato sulla SP 22.",
        ],
        ["Il traffico sarà deviato anche sulla SP 14 dal 3 aprile."],
      ],
      "it",
      facts,
    );
    expect(result[0]?.party).toMatch(/Provincia/);
    expect(result[1]).toMatchObject({ carried: true });
    // A new paragraph is the outlet's own again.
    expect(result[2]).toBeUndefined();
    const past = attributeSentences(
      [
        [
          "The council said the bridge would cost £4m.",
          "The old bridge was built in 1968 and carried 9,000 cars a day.",
          "It will reopen in 2027.",
        ],
      ],
      "en",
      facts,
    );
    // Within the council's paragraph, background and plan alike rest on the council.
    expect(past[1]?.party).toMatch(/council/);
    expect(past[2]?.party).toMatch(/council/);
  });

  it("ends a statement at the paragraph unless a frame closes it", () => {
    const result = attributeSentences(
      [["Police said 14 people were hurt."], ["The road reopened at 6pm on 3 March."]],
      "en",
      facts,
    );
    expect(result[0]?.party).toBe("Police");
    expect(result[1]).toBeUndefined();
  });

  it("opens the next paragraph with a short frame, not with a statement that says something itself", () => {
    const framed = attributeSentences(
      [["The company said in a statement on Tuesday."], ["Shares fell 7.4% in extended trading."]],
      "en",
      facts,
    );
    expect(framed[1]).toMatchObject({ party: "The company", carried: true });
    // A denial is the company's statement, whole: the market's fall in the next paragraph is the
    // outlet's own account.
    const stated = attributeSentences(
      [
        [
          "The company denied that bank account numbers or passwords had been taken, saying its payroll platform was not accessed.",
        ],
        ["Shares of Tallyforge fell 7.4% in extended trading after the disclosure."],
      ],
      "en",
      facts,
    );
    expect(stated[0]?.party).toBe("The company");
    expect(stated[1]).toBeUndefined();
  });
});

describe("one party however it is written", () => {
  const same = (a: string, b: string) => sameParty(toParty(a), toParty(b));

  it("reads a party that speaks of a figure ('parle de', 'habla de', 'parla di', 'mówi o')", () => {
    expect(readAttribution("Le syndicat parle de 612 emplois perdus, intérimaires compris.", "fr")?.party).toBe("Le syndicat");
    expect(readAttribution("El sindicato habla de 1.850 trabajadores en huelga.", "es")?.party).toBe("El sindicato");
    expect(readAttribution("Il sindacato parla di 300 esuberi nello stabilimento.", "it")?.party).toBe("Il sindacato");
    expect(readAttribution("Związek mówi o 612 zwolnieniach w zakładzie.", "pl")?.party).toBe("Związek");
    expect(readAttribution("Le syndicat parle des 612 emplois perdus sur le site.", "fr")?.party).toBe("Le syndicat");
    expect(readAttribution("El sindicato habla del 40 % de la plantilla en huelga.", "es")?.party).toBe("El sindicato");
  });

  it("takes a body by its role for a name that says no kind of body, never for an outlet's name", () => {
    expect(same("Valmont", "the club")).toBe(true);
    expect(same("L'Écho du Ried", "la direction")).toBe(false);
    expect(same("the Harbour Gazette", "the company")).toBe(false);
  });

  it("reads an outlet named in quotation marks, and a speaker before a colon only when the phrase ends on a name or a role", () => {
    expect(
      readAttribution(
        "Die Lokalzeitung „L'Écho du Ried“ berichtete unter Berufung auf interne Unterlagen, die Fertigung solle nach Kisbarna wandern.",
        "de",
      )?.party,
    ).toMatch(/L'Écho du Ried/u);
    const denied = readAttribution(
      "Der Konzern dementierte das: Eine Verlagerung sei nicht geplant, sagte Sprecherin Katrin Oelsner.",
      "de",
    );
    expect(denied?.party).not.toMatch(/dementierte/u);
    expect(readAttribution("Polizei: 14 Verletzte bei Unfall auf der A 7", "de")?.party).toBe("Polizei");
    expect(readAttribution("Il sindaco: «Riapriremo il ponte entro giugno»", "it")?.party).toBe("Il sindaco");
  });

  it("reads a subject with its place set off by commas and a relative clause before the verb", () => {
    expect(
      readAttribution(
        "The Brightwater, Oregon-based company, which sells payroll and HR software to about 3,100 businesses, said it detected the unauthorized access on Oct 2.",
        "en",
      )?.party,
    ).toBe("The Brightwater, Oregon-based company");
    // Not a clause that only lists places: a subject of more than a few words stays unread.
    expect(readAttribution("In Paris, Lyon and Marseille, where it rained all week, said nothing.", "en")).toBeUndefined();
  });

  it("reads a Polish title before the person's name set off by commas ('Szef sztabu …, Marek Jurczyk, twierdzi')", () => {
    expect(
      readAttribution("Szef sztabu Sędziaka, Marek Jurczyk, twierdzi, że w obwodzie nr 17 doszło do nieprawidłowości.", "pl")
        ?.party,
    ).toBe("Szef sztabu Sędziaka");
    expect(
      readAttribution("Przewodnicząca komisji, Halina Ostrowska, zapewnia, że nie stwierdzono nieprawidłowości.", "pl")?.party,
    ).toBe("Przewodnicząca komisji");
  });

  it("reads who is told as no speaker: the speaker is the subject ('…, Chiara Mordini, told PelotonPost', 'dijo a EFE')", () => {
    expect(
      readAttribution("Scalvini's lawyer, Chiara Mordini, told PelotonPost that her client would request the B sample.", "en")
        ?.party,
    ).toBe("Chiara Mordini");
    expect(readAttribution("La alcaldesa dijo a EFE que el puente abrirá en mayo.", "es")?.party).toBe("La alcaldesa");
    expect(
      readAttribution("Scalvini's lawyer told PelotonPost that her client would request the B sample.", "en"),
    ).toBeUndefined();
    // English "a" after "said" is an article, not "to": "said a Home Office spokesperson" is the Home Office's word.
    expect(readAttribution("The road will reopen on Monday, said a Home Office spokesperson.", "en")?.party).toBe("Home Office");
    // A place set off after a description is no speaker.
    expect(readAttribution("Residents of the village, North Berwick, said the water was brown.", "en")).toBeUndefined();
    expect(readAttribution("« Nous ferons appel », a déclaré à l'AFP Gilles Aubertin.", "fr")?.party).toBe("Gilles Aubertin");
    expect(readAttribution("“Volveremos a abrir en mayo”, dijo a El País la alcaldesa de Ronda.", "es")?.party).toBe("Ronda");
  });

  it("matches a full name with its role, its translations and a spokesperson's title", () => {
    expect(same("Port of Valdena Authority", "the authority")).toBe(true);
    expect(same("Ministerio de Sanidad", "the ministry")).toBe(true);
    expect(same("das Ministerium", "el ministerio")).toBe(true);
    expect(same("Acme Energy", "the company")).toBe(true);
    expect(same("Maria Lopez", "Lopez")).toBe(true);
    expect(same("Northshire Police", "police")).toBe(true);
    expect(same("Alderbank boss Priya Nandakumar", "Alderbank Energy")).toBe(true);
    expect(same("Alderbank boss Priya Nandakumar", "Priya Nandakumar")).toBe(true);
    expect(same("Transport Minister Ellen Baird", "minister Ellen Baird")).toBe(true);
    // A role named in two words is that role: the "ministère public" is the parquet.
    expect(same("Le ministère public", "le parquet")).toBe(true);
    expect(same("il pubblico ministero", "la procura")).toBe(true);
    expect(same("Le ministère public", "le ministère de la Santé")).toBe(false);
    // A name that says no kind of body may be the club or operator a page names by role only.
    expect(same("Valmont", "the club")).toBe(true);
    expect(same("Northsound", "the operator")).toBe(true);
    // A railway is a company a page may call "the operator"; a German compound of its name and
    // "-bahn" is its name ("Gaisjochbahn"), a name merely starting alike is not ("Berliner …").
    expect(same("Gaisjoch Bergbahnen", "der Betreiber")).toBe(true);
    expect(same("Deutsche Bahn", "the company")).toBe(true);
    expect(same("Gaisjochbahn", "Die Gaisjoch Bergbahnen AG")).toBe(true);
    expect(same("Berlin", "Berliner Verkehrsbetriebe")).toBe(false);
    expect(same("Zillertalbahn", "Zillertal Tourismus")).toBe(false);
    expect(same("die Bergbahnen", "Berg")).toBe(false);
    // "The railway" is no haulier's word; a railway and its company named alike are one.
    expect(same("the railway", "Kessling Logistik GmbH")).toBe(false);
    expect(same("Alderbank Rail", "Alderbank Ltd")).toBe(true);
    expect(same("Gaisjochbahn", "Dorenatalbahn")).toBe(false);
    expect(same("Deutsche Bahn", "the club")).toBe(false);
  });

  it("reads bodies by their kind, legal form, German compounds and roles written in two words", () => {
    // A company's legal form says it is a company; a compound ending in a role word is that role.
    expect(same("Dorenatalbahn AG", "die Bahngesellschaft")).toBe(true);
    expect(same("Dorenatalbahn AG", "Dorenatalbahn")).toBe(true);
    expect(same("die Landespolizei", "Polizei")).toBe(true);
    expect(same("Dorenatalbahn AG", "die Landespolizei")).toBe(false);
    // The bench and its ruling speak for the court.
    expect(same("la Audiencia Provincial", "el tribunal")).toBe(true);
    expect(same("la sentencia", "the court")).toBe(true);
    // Civil protection in any language, and bodies named by their kind.
    expect(same("Protection civile italienne", "la Protezione civile")).toBe(true);
    expect(same("the center", "National Volcano Monitoring Center")).toBe(true);
    expect(same("die Kommission", "Miejska Komisja Wyborcza")).toBe(true);
    expect(same("the center", "the commission")).toBe(false);
    // Rescue bodies written in two words, in any language.
    expect(same("la Croix-Rouge", "the Red Cross")).toBe(true);
    expect(same("la Guardia Costera", "the coastguard")).toBe(true);
    expect(same("la Guardia Costera", "la Guardia Civil")).toBe(false);
    expect(same("der Rettungsdienst", "the ambulance service")).toBe(true);
    // A body written as its initials.
    expect(same("l'USMR", "Union syndicale Métal Ried")).toBe(true);
    expect(same("MKW", "Miejska Komisja Wyborcza")).toBe(true);
    expect(same("the ICIA", "International Cycling Integrity Agency")).toBe(true);
    expect(same("MKW", "International Cycling Integrity Agency")).toBe(false);
    // A role word inside a longer English word is no role: "Transport" is no port.
    expect(toParty("Ministry of Transport").roles).toEqual(["ministry"]);
    // The prefecture in German and Polish; a German compound naming a body's spokesperson.
    expect(same("die Präfektur", "préfecture de la Haute-Sarvène")).toBe(true);
    expect(same("Konzernsprecherin Katrin Oelsner", "Vorsteg")).toBe(true);
    expect(same("Unternehmenssprecherin Anja Brettschneider", "die Betreibergesellschaft Oderland Netz")).toBe(true);
    expect(same("Konzernsprecherin Katrin Oelsner", "die Gewerkschaft")).toBe(false);
    expect(same("Stadtsprecherin Eva Kurz", "die Polizei")).toBe(false);
  });

  it("reads a spokesperson of a body named by its role as that body's word", () => {
    const spokeswoman = toParty("rzeczniczka spółki Anja Brettschneider");
    expect(spokeswoman.body?.roles).toContain("company");
    expect(sameParty(spokeswoman, toParty("Oderland Netz"))).toBe(true);
    expect(sameParty(toParty("el portavoz de la empresa Luis Pérez"), toParty("Minera Cerro Pardo SA"))).toBe(true);
    // A person with a title and no body is that person alone.
    expect(toParty("head of state Emmanuel Macron").body).toBeUndefined();
    expect(toParty("The spokeswoman for the company, Jane Doe").body?.roles).toContain("company");
  });

  it.each([
    ["Como informó La Voz de Aromal, Unión por Aromal pedirá la apertura de 12 urnas.", "es", "La Voz de Aromal"],
    [
      "Como adelantó el blog El Mirador de Castrovaldés, Sermarsa siguió facturando hasta marzo de 2026.",
      "es",
      "El Mirador de Castrovaldés",
    ],
    ["Come riportato dalla Voce di Valdarsa, il tragitto si allunga di 14 chilometri.", "it", "Voce di Valdarsa"],
    ["Comme l’a révélé Le Réveil, Vérane envisage de fermer le site en 2028.", "fr", "Le Réveil"],
    [
      "Wie die Regionalzeitung „La Gazette de la Sarvène“ berichtet, fielen 312 Liter Regen pro Quadratmeter.",
      "de",
      "La Gazette de la Sarvène",
    ],
    ["As first reported by the Harbour Gazette, the port will cut 40 jobs.", "en", "Harbour Gazette"],
    ["The port will cut 40 jobs, as the Harbour Gazette first reported.", "en", "Harbour Gazette"],
    ["Cycling blog Gruppetto Notes, citing Italian daily La Ruota, reported that he missed a test in March.", "en", "La Ruota"],
    ["According to the Italian site VolleyNews Italia, Wilczak turned down a more lucrative offer.", "en", "VolleyNews Italia"],
    [
      "Según publicó en la noche del martes el blog local Torrecilla al Día, las primeras llamas se vieron junto a la cantera.",
      "es",
      "Torrecilla",
    ],
    [
      "Jak podaje hiszpański dziennik „Diario de Montalba”, pierwsze płomienie zauważono przy starym kamieniołomie.",
      "pl",
      "Diario de Montalba",
    ],
  ])("reads the outlet an 'as X reported' sentence credits: %s", (sentence, language, expected) => {
    expect(party(sentence, language)).toBe(expected);
  });

  it("reads no outlet in a name the cue does not credit", () => {
    // A capitalised kind is part of the name; a set phrase is no part of one.
    expect(party("Wie die Allgemeine Zeitung Mainz berichtete, kostet die Sanierung 38 Millionen Euro.", "de")).toBe(
      "Allgemeine Zeitung Mainz",
    );
    expect(party("El Gobierno sin embargo asegura que la obra costará 40 millones.", "es") ?? "").not.toContain("embargo");
  });

  it("reads a body written with accents and hyphens as its address writes it", () => {
    expect(sameParty(toParty("préfecture de la Haute-Sarvène"), toParty("Haute Sarvene"))).toBe(true);
    expect(sameParty(toParty("Provincia di Valdarsa"), toParty("Haute Sarvene"))).toBe(false);
  });

  it("reads a town before its state's '-based' as where the body is, not its name", () => {
    expect(sameParty(toParty("The Brightwater, Oregon-based company"), toParty("Tallyforge"))).toBe(true);
    expect(toParty("The Brightwater, Oregon-based company").name).toEqual([]);
    // A name the phrase does give stays: "Tallyforge, the Oregon-based company" is Tallyforge.
    expect(toParty("Tallyforge, the Oregon-based company").name).toEqual(["tallyforge"]);
    // Without an article before it, the word set off is the body's own name.
    expect(toParty("Tallyforge, Oregon-based payroll firm").name).toEqual(["tallyforge"]);
    expect(toParty("McKesson, Texas-based drug distributor").name).toEqual(["mckesson"]);
  });

  it("reads a name that ends in a phrase of lower-case words", () => {
    expect(party("Le Réseau Meuse sans atome affirme avoir mesuré 140 becquerels de tritium.", "fr")).toBe(
      "Le Réseau Meuse sans atome",
    );
    expect(party("Médecins sans frontières a indiqué que 40 blessés ont été soignés.", "fr")).toBe("Médecins sans frontières");
  });

  it("keeps different bodies apart, even when they share a place name", () => {
    expect(same("Valdena City Council", "Port of Valdena Authority")).toBe(false);
    expect(same("police", "the hospital")).toBe(false);
    expect(same("Maria Lopez", "Maria Gomez")).toBe(false);
    expect(same("the union", "the company")).toBe(false);
    expect(same("Transport Minister Ellen Baird", "Transport Scotland")).toBe(false);
  });

  it("reads a region's government as the region, an organiser in any language, and keeps a body's insurer apart from it", () => {
    expect(same("el Gobierno regional", "Junta de Montalba")).toBe(true);
    expect(same("Władze regionalne", "la Junta de Montalba")).toBe(true);
    expect(same("la Consejería", "Junta de Montalba")).toBe(true);
    // The country's government is not the region's.
    expect(same("el Gobierno", "Junta de Montalba")).toBe(false);
    expect(
      readAttribution("Según el Gobierno regional, la superficie afectada asciende a unas 2.300 hectáreas.", "es")?.party,
    ).toBe("Gobierno regional");
    for (const [language, sentence] of [
      ["fr", "Selon l'organisateur, les billets journaliers seront intégralement remboursés."],
      ["es", "Según el organizador, las entradas se devolverán."],
      ["en", "According to the organiser, day tickets will be refunded in full."],
      ["it", "Secondo l'organizzatore, i biglietti saranno rimborsati."],
    ])
      expect(readAttribution(sentence as string, language as string)?.party, sentence).toMatch(/organi[sz]/iu);
    // "the museum's insurer" is the insurer, not the museum; "the club's spokesman" speaks for the club.
    expect(same("Castelnou Assurances, the museum's insurer", "the museum")).toBe(false);
    expect(same("Castelnou Assurances, the museum's insurer", "the insurer")).toBe(true);
    expect(same("the club's spokesman", "the club")).toBe(true);
    // A name before the possessive stays the party's name.
    expect(same("Tokyo's police", "Osaka's police")).toBe(false);
    expect(same("Spain's government", "France's government")).toBe(false);
    // Japan's prefectures are its regions: "the prefectural government" is 県.
    expect(same("The prefectural government", "県")).toBe(true);
    expect(party("The prefectural government said the number of people injured had risen to 31.")).toBe(
      "The prefectural government",
    );
    expect(party("The regional government said 40 people were hurt.")).toBe("The regional government");
    // Italian sport calls its club "la società".
    expect(same("la società", "il club")).toBe(true);
    expect(same("la società", "l'azienda")).toBe(true);
    expect(same("il club", "l'azienda")).toBe(false);
    // A works council is one body however it is written, and not a union.
    expect(same("Der Gesamtbetriebsrat", "der Betriebsrat der Landbank")).toBe(true);
    expect(same("Der Gesamtbetriebsrat", "die Gewerkschaft Verdi")).toBe(false);
  });

  it("reads a party's act of telling as its word: 'presented', 'gave an update', 'a fait le point', 'przedstawiło', '記者会見を開いた'", () => {
    for (const [language, sentence, expected] of [
      [
        "en",
        "Lindmere General Hospital gave an update on the norovirus outbreak late on Friday afternoon.",
        "Lindmere General Hospital",
      ],
      ["en", "The ministry presented its rail plan on Tuesday.", "The ministry"],
      ["fr", "Le ministère du Logement a présenté mardi son plan de rénovation.", "Le ministère du Logement"],
      ["fr", "La préfecture du Haut-Verdon a fait le point sur l'incendie jeudi soir.", "La préfecture du Haut-Verdon"],
      ["es", "El Ministerio de Vivienda presentó el martes su plan de alquiler asequible.", "El Ministerio de Vivienda"],
      [
        "it",
        "Il ministero delle Infrastrutture ha presentato martedì il piano per le ferrovie.",
        "Il ministero delle Infrastrutture",
      ],
      ["pl", "Ministerstwo Infrastruktury przedstawiło we wtorek plan modernizacji kolei.", "Ministerstwo Infrastruktury"],
      ["ja", "みなと中央病院は27日、院内で発生した集団感染について記者会見を開いた。", "みなと中央病院"],
    ] as const)
      expect(party(sentence, language), sentence).toBe(expected);
    // A thing presented by no party is no one's word.
    expect(party("The exhibition presented works by forty artists.")).toBeUndefined();
  });

  it("reads a person opening a sentence with 'Per', an estimate with an adverb before 'von', and 'puts the real bill at'", () => {
    expect(party("Per Davide Pellacani, capogruppo di Ferralba in Comune, il conto vero è di 196 milioni.", "it")).toBe(
      "Davide Pellacani",
    );
    // A place or a feast after "Per"/"Para" is no party, nor a thing that "ging … von … aus".
    expect(party("Per San Siro, il Comune ha chiesto 3 milioni al Milan.", "it")).toBe("il Comune");
    expect(party("Para Semana Santa, el Ayuntamiento prevé 200.000 visitantes.", "es")).toBe("el Ayuntamiento");
    expect(party("Der Brand ging offenbar von einer Batterie aus, teilte die Feuerwehr mit.", "de")).toMatch(/Feuerwehr/u);
    // A time or a thing after "Per" is no party.
    expect(party("Per il momento, il conto è di 148 milioni.", "it")).toBeUndefined();
    expect(party("Der Apothekerverband geht schweizweit von über 62'000 Patienten aus.", "de")).toBe("Der Apothekerverband");
    expect(party("L'Associazione dei farmacisti ritiene invece che i pazienti siano più di 62.000.", "it")).toBe(
      "L'Associazione dei farmacisti",
    );
    expect(party("Councillor Davide Pellacani puts the real bill at €196m.")).toMatch(/Pellacani/u);
  });

  it("gives a German verb joined by 'und' to its clause's first verb that verb's subject, when it is a body", () => {
    expect(
      readAttribution(
        "Der Gesamtbetriebsrat der Landbank hält diese Zahl für deutlich zu niedrig und geht von bis zu 1.100 bedrohten Arbeitsplätzen aus.",
        "de",
      )?.party,
    ).toContain("Gesamtbetriebsrat");
    // German only, where the lower-case word after the body is its verb; and the body opens the clause.
    for (const [language, sentence] of [
      ["en", "In Madrid, hundreds marched and said the plan would fail."],
      ["en", "The company's workers walked out on Monday and said they would not return until the 300 jobs were saved."],
      ["en", "Council tenants protested outside the town hall and said rents had risen by 12%."],
      ["de", "Der Betriebsrat der Bank tagte am Montag, die Beschäftigten protestierten und sagten, 500 Stellen seien bedroht."],
    ])
      expect(readAttribution(sentence as string, language as string), sentence).toBeUndefined();
  });

  it("reads German's perfect of telling, its participle closing the clause, and a verb whose object opens the clause", () => {
    const party = (sentence: string) => readAttribution(sentence, "de")?.party;
    expect(party("Die Betreibergesellschaft Oderland Netz hat am Dienstag angekündigt, das Bauwerk zu sanieren.")).toContain(
      "Oderland Netz",
    );
    expect(party("Am Montag hat die Stadt mitgeteilt, dass die Brücke ab Mai gesperrt wird.")).toBe("Stadt");
    expect(party("Die Brücke bleibt bis Juni gesperrt, wie die Polizei am Abend mitgeteilt hat.")).toBe("Polizei");
    expect(party("Der Verein hat die Verpflichtung am Freitag bestätigt.")).toBe("Der Verein");
    // The object before the verb, the body after it: "die Investition" is no speaker.
    expect(party("Die Strecke wird ab Mai gesperrt, die Investition beziffert das Unternehmen auf 38 Millionen Euro.")).toBe(
      "Unternehmen",
    );
    expect(party("Den Schaden beziffert die Polizei auf 20.000 Euro.")).toBe("Polizei");
    // Another verb of speech names the speaker ("habe" is reported speech, its subject reported on).
    expect(party("Die Bahn habe die Mängel nie gemeldet, kritisierte die Gewerkschaft.")).toBe("Gewerkschaft");
    expect(party("Der Konzern hat die Zahlen bereits veröffentlicht, teilte die Börsenaufsicht mit.")).toBe("Börsenaufsicht");
    // What opens the clause before "hat" is no subject when it is a preposition's, an object's or
    // a demonstrative's phrase; a body by its role after "hat" is.
    expect(party("Nach dem Unfall hat die Bahn mitgeteilt, dass die Strecke gesperrt bleibt.")).toBe("Bahn");
    expect(party("Den Schaden hat die Versicherung auf drei Millionen Euro beziffert.")).toBe("Versicherung");
    expect(party("Diese Zahl hat das Ministerium bestätigt.")).toMatch(/Ministerium/u);
    expect(readAttribution("Das Zugunglück bei Gaisjoch hat 14 Verletzte gefordert.", "de")).toBeUndefined();
    expect(readAttribution("Der Verdacht auf Brandstiftung hat sich bestätigt.", "de")).toBeUndefined();
    // The subject before "hat" names its party; time words or an adverb before it do not, and the
    // party after "hat" speaks; a verb joined by "und" to a perfect is read as itself.
    expect(party("Der Konzern hat die Gewerkschaft informiert, dass 300 Stellen wegfallen.")).toBe("Der Konzern");
    expect(party("Zudem hat Verdi angekündigt, am Montag zu streiken.")).toBe("Verdi");
    expect(party("Gestern Abend hat Siemens Energy angekündigt, 300 Stellen zu streichen.")).toBe("Siemens Energy");
    expect(party("Die Bahn hat den Fahrplan geändert und teilte mit, dass 40 Züge ausfallen.")).toBe("Die Bahn");
    // A demonstrative or a thing before a verb of confirming is its object.
    expect(party("Dies teilte die Polizei am Abend mit.")).toBe("Polizei");
    expect(party("Die Festnahme bestätigte die Staatsanwaltschaft am Montag.")).toBe("Staatsanwaltschaft");
    // The object-first reading is for verbs that put a figure on something or confirm it: a name is its speaker.
    expect(party("Lufthansa kritisierte die Regierung für die neue Steuer.")).toBe("Lufthansa");
    expect(party("Vonovia fordert die Stadt auf, zu handeln.")).toBe("Vonovia");
    // A perfect that tells no act of telling, and a body before its verb, stay as they were.
    expect(readAttribution("Die Brücke hat 14 Pfeiler und ist 212 Meter lang.", "de")).toBeUndefined();
    expect(readAttribution("Das Gericht hat den Angeklagten am Montag verurteilt.", "de")).toBeUndefined();
    expect(party("Die Stadt beziffert den Schaden auf 20.000 Euro.")).toBe("Die Stadt");
  });

  it("reads a sentence opened by the document a body speaks in as the body's word, whatever its verb", () => {
    const read = (sentence: string, language: string) => readAttribution(sentence, language);
    expect(read("In a statement, the company blamed a gust of 95 km/h for the emergency stop.", "en")).toMatchObject({
      party: "company",
      document: true,
    });
    expect(read("In einer Mitteilung nannte die Stadt 14 Verletzte.", "de")?.party).toBe("Stadt");
    // German's object after the subject is no part of its name.
    expect(read("In einer Mitteilung veröffentlichte die Stadtverwaltung die Eckdaten des Etats.", "de")?.party).toBe(
      "Stadtverwaltung",
    );
    expect(read("Dans un communiqué, la préfecture recense 312 maisons inondées.", "fr")?.party).toBe("préfecture");
    // An opening that is no document names no one.
    expect(read("In a surprise move, the club sold 12 players.", "en")).toBeUndefined();
    // The document's issuer named in the opening is the speaker, not the clause's subject; a
    // clause in the passive is told of its subject; German's verb after the opening is lower case.
    expect(read("In einer Mitteilung der Polizei hieß es, die Stadt habe die Brücke gesperrt.", "de")?.party).toBe("Polizei");
    expect(read("In a statement from the ministry, the railway was blamed for the delays.", "en")?.party).toBe("ministry");
    expect(read("Dans un communiqué de la préfecture, les gendarmes sont remerciés.", "fr")?.party).toBe("préfecture");
    expect(read("In a statement, the railway was blamed for the delays.", "en")).toBeUndefined();
    expect(read("In a statement, the airline was quick to blame air traffic control for 40 cancellations.", "en")?.party).toBe(
      "airline",
    );
    expect(read("In einer Mitteilung zur Schließung der Bahnstrecke nannte die Bahn keine Gründe.", "de")?.party).toBe("Bahn");
  });

  it("reads 'as she said,' with its subject unwritten as the party named last, and Polish verbs in every person", () => {
    for (const [language, sentence] of [
      ["pl", "Jak poinformowała, wniosek w tej sprawie złożyło sześciu radnych."],
      ["es", "Según explicó, el coste será de 12 millones de euros."],
      ["it", "Come ha spiegato, il costo sarà di 12 milioni di euro."],
    ])
      expect(readAttribution(sentence as string, language as string), sentence).toMatchObject({ party: "", pronoun: true });
    // A sentence opening on the verb, its subject unwritten: the one just named.
    for (const [language, sentence] of [
      ["es", "Aseguró que el Ayuntamiento ha dejado de ingresar 410.000 euros en dos años."],
      ["it", "Ha spiegato che il Comune ha perso 410 mila euro di trasferimenti."],
      ["pl", "Dodała też, że zatrzymani w wieku 19 i 23 lat byli już notowani."],
      ["pl", "Przyznał, że w budżecie brakuje około 4,7 mln zł."],
    ])
      expect(readAttribution(sentence as string, language as string), sentence).toMatchObject({ party: "", pronoun: true });
    // The speaker written after the verb is the speaker.
    expect(readAttribution("Según explicó el alcalde, el coste será de 12 millones.", "es")?.party).toBe("alcalde");
    expect(readAttribution("Informó la Policía que hay 12 heridos.", "es")?.party).toMatch(/Policía/u);
    expect(readAttribution("Jak poinformowała policja, rannych jest 12 osób.", "pl")?.party).toBe("policja");
    // The present, the past of another person, and a manner adverb before the verb.
    expect(
      readAttribution("Obrońca burmistrza, adwokat Krzysztof Lesiak, stanowczo zaprzecza, by jego klient przyjął łapówkę.", "pl")
        ?.party,
    ).toBe("Obrońca burmistrza");
    expect(readAttribution("Centralne Biuro Antykorupcyjne opisało sprawę w komunikacie.", "pl")?.party).toBe(
      "Centralne Biuro Antykorupcyjne",
    );
    expect(readAttribution("Spółka informuje, że zwolni 120 pracowników.", "pl")?.party).toBe("Spółka");
  });

  it("gives a sentence told bare the party of the credit right after it that points back ('Das hat … bestätigt')", () => {
    // A sentence states a fact when it gives a figure; the credits here give none.
    const facts = (s: string) => /\d/.test(s);
    const check = (language: string, told: string, credit: string, party: RegExp) => {
      const result = attributeSentences([[told, credit]], language, facts);
      expect(result[0]?.party, told).toMatch(party);
    };
    check(
      "de",
      "Die Staatsanwältin hat die Bahn am 4. Juli beschlagnahmen lassen.",
      "Das hat die Staatsanwaltschaft dem Sender Alpin bestätigt.",
      /^Staatsanwaltschaft$/u,
    );
    check("en", "Three people were taken to hospital with burns.", "This was confirmed by police on Sunday.", /police/u);
    check("it", "Il ponte resterà chiuso fino a 14 giorni.", "Lo ha confermato la Provincia.", /Provincia/u);
    check("pl", "Most będzie zamknięty do 14 marca.", "Potwierdziła to policja.", /policja/u);
    // A sentence merely opening alike credits nothing before it: "Asked to comment, …", "According
    // to …", "Das Landratsamt …", Italian's article "Lo".
    for (const [language, told, next] of [
      [
        "en",
        "A train derailed near Kessling on Monday, injuring 14 people.",
        "Asked to comment, the company said it was investigating.",
      ],
      ["en", "The line will stay closed until March 14.", "According to the county council, the repairs are urgent."],
      ["de", "Die Strecke bleibt bis zum 14. März gesperrt.", "Das Landratsamt kündigte eine Prüfung an."],
      ["it", "Il ponte resterà chiuso fino al 14 marzo.", "Lo stadio resterà chiuso, ha annunciato la prefettura."],
    ])
      expect(attributeSentences([[told as string, next as string]], language as string, facts)[0], next).toBeUndefined();
    // A sentence that is no credit leaves the sentence before the outlet's own.
    const own = attributeSentences(
      [["Three people were taken to hospital with burns.", "Police closed the road on Sunday."]],
      "en",
      facts,
    );
    expect(own[0]).toBeUndefined();
  });

  it("goes on with a party's statement through a sentence that sets something against it in the party's own words", () => {
    // "however", "jednak", "allerdings" inside the statement are the party's still ("Trains will,
    // however, run at half frequency"; "Podkreślił jednak, że …").
    const facts = (s: string) => /\d/.test(s);
    const english = attributeSentences(
      [["The operator said the Kelso line would reopen on 14 May.", "Trains will, however, run at half frequency until 1 June."]],
      "en",
      facts,
    );
    expect(english[1]?.party).toMatch(/operator/u);
    const polish = attributeSentences(
      [["Spółka Oderland Netz poinformowała w poniedziałek, że remont rozpocznie się 4 maja.", "Ma on potrwać 14 miesięcy."]],
      "pl",
      facts,
    );
    expect(polish[1]?.party).toMatch(/Oderland/u);
  });

  it("reads a sentence naming the outlet's own reporter as the outlet's account, after a party's statement", () => {
    const text =
      "Highways officials said the Carnford bypass would reopen by 7am on Monday. At 9.30am both lanes were still closed and traffic was backed up to the Elm Lane roundabout, our reporter saw.";
    const mentions = collectMentions(groupOrigins([page("https://one.example/r", text)]));
    expect(mentions.find((m) => m.text.startsWith("Highways"))?.party).toMatch(/Highways/u);
    const seen = mentions.find((m) => m.text.startsWith("At 9.30am"));
    expect(seen?.party).toBeUndefined();
    expect(seen?.facts.ownReport).toBe(true);
    // The reporter told by someone carries the teller's word.
    const told = collectMentions(
      groupOrigins([
        page(
          "https://two.example/r",
          "Police said the crash on the A9 happened shortly after 6am. Our correspondent was told that 14 people had been taken to hospital in Perth.",
        ),
      ]),
    ).find((m) => m.text.startsWith("Our correspondent"));
    expect(told?.party).toMatch(/Police/u);
  });

  it("reads Polish 'wynika z komunikatu' as a document's word, its issuer after it or named elsewhere", () => {
    const read = readAttribution("Remont ma kosztować 38 mln euro – wynika z komunikatu spółki.", "pl");
    expect(read?.document).toBe(true);
    expect(toParty(read?.party ?? "").roles.length).toBeGreaterThan(0);
    expect(readAttribution("Remont ma kosztować 38 mln euro, jak wynika z komunikatu.", "pl")).toMatchObject({
      party: "",
      document: true,
    });
    expect(readAttribution("Z tego nie wynika nic dobrego dla mieszkańców.", "pl")).toBeUndefined();
    // A speaker named before it is the speaker.
    expect(
      readAttribution("Rzecznik policji powiedział, że jak wynika z analizy nagrań, kierowca jechał 120 km/h.", "pl")?.party,
    ).toBe("Rzecznik policji");
    // Verbs that also tell an act of another kind are not read in every person: "zapewniły
    // autobusy" provided buses, "ujawniła nieprawidłowości" found irregularities.
    expect(readAttribution("Władze zapewniły autobusy zastępcze dla pasażerów.", "pl")).toBeUndefined();
    expect(readAttribution("Władze miasta zapewniły, że woda jest zdatna do picia.", "pl")?.party).toBe("Władze miasta");
    // What a report shows, its issuer named elsewhere, is no word of the report's subject.
    expect(readAttribution("Jak wynika z raportu, spółka podała zaniżone dane o 14 wypadkach.", "pl")).toMatchObject({
      party: "",
      document: true,
    });
    expect(readAttribution("Kontrola ujawniła nieprawidłowości w spółce.", "pl")).toBeUndefined();
  });

  it("matches one body named in Japanese and in Latin letters by what its name speaks of", () => {
    expect(same("国立火山監視センター", "The National Volcano Monitoring Center")).toBe(true);
    // A body of another kind, or a name that speaks of something the other does not.
    expect(same("国立火山監視センター", "Asagiri Prefectural Police")).toBe(false);
    expect(same("朝霧県警", "the fire department")).toBe(false);
    expect(same("国立火山監視センター", "The Flood Monitoring Center")).toBe(false);
    // Proper names cannot be compared across scripts: one role is not enough.
    expect(same("朝霧県警", "Osaka Prefectural Police")).toBe(false);
    expect(same("朝霧市", "the city of Kobe")).toBe(false);
    expect(same("防衛省", "the Ministry of Agriculture")).toBe(false);
    expect(same("航空自衛隊", "the company")).toBe(false);
  });
});

describe("a body's decision told with the body as subject", () => {
  it("rests the decision on the body: a body decides or plans what only it can say", () => {
    const cases: [string, string, string][] = [
      ["pl", "Wilkenhain (PAP) - Niemiecka spółka Oderland Netz zamknie od 4 maja most kolejowy na Odrze.", "Oderland Netz"],
      ["pl", "W poniedziałek rano MKW skorygowała wynik: przewaga Wolańskiej zmalała do 2298 głosów.", "MKW"],
      ["es", "La Audiencia Provincial condena al exalcalde Ramiro Escudero a seis años de prisión.", "Audiencia Provincial"],
      ["it", "L'Agenzia internazionale per l'integrità del ciclismo (ICIA) ha sospeso in via provvisoria il corridore.", "ICIA"],
      [
        "it",
        "I vigili del fuoco hanno poi rivisto la stima iniziale: il tratto crollato misura circa 60 metri.",
        "vigili del fuoco",
      ],
      ["en", "The regulator has fined the operator £2.4m over the outage.", "regulator"],
      // An amount or a cause after the verb is no agent: these are still the body's acts.
      ["en", "The central bank raised interest rates by a quarter point.", "bank"],
      ["es", "El Ayuntamiento cerró el parque por el temporal.", "Ayuntamiento"],
      // The body is the role before its place.
      ["en", "A court in the central Spanish city of Castrovaldés on Tuesday sentenced its former mayor.", "court"],
      ["ja", "国立火山監視センターは14日午後3時10分、鷹巣岳の噴火警戒レベルを2から3に引き上げた。", "国立火山監視センター"],
      // The body's next act after "and" is no clause of its own that makes the -ed form describe it.
      [
        "en",
        "The National Volcano Monitoring Center raised the alert level for the mountain to 3 on Wednesday and has kept it there since.",
        "National Volcano Monitoring Center",
      ],
    ];
    for (const [language, sentence, body] of cases) expect(party(sentence, language), sentence).toContain(body);
  });

  it("reads no decision into a passive, a state of the body or a person's act", () => {
    // What was done to the noun before a participle is not that noun's act: the hospital
    // approved nothing (whoever approved it, named after the participle, may be read).
    expect(
      party(
        "In una nota diffusa in mattinata, la Regione ha presentato il progetto del nuovo ospedale approvato lunedì dalla Giunta.",
        "it",
      ) ?? "",
    ).not.toContain("ospedale");
    expect(party("La Regione ha presentato il progetto del nuovo ospedale approvato lunedì.", "it") ?? "").not.toContain(
      "ospedale",
    );
    const none: [string, string][] = [
      ["en", "The port handles 3 million tonnes of cargo a year."],
      ["es", "Ferreyra llamó por teléfono a Benavídez para felicitarla."],
      ["fr", "Les pompiers ont secouru douze personnes dans la nuit."],
      // Passives: what was done to the body.
      ["en", "The company was fined £2m for the leak."],
      ["en", "The club has been banned from European competition for two years."],
      ["fr", "Le club a été suspendu pour deux matchs."],
      // A verb's word as a noun after an article, and a word of the list after someone else's verb.
      ["fr", "Les pompiers ont évacué la ferme."],
      ["en", "Police found banned fireworks in the car."],
      ["fr", "L'entreprise a un plan approuvé lundi."],
      // An -ed form describing its noun, the clause's own verb later.
      ["en", "The mayor sentenced in 2019 for corruption is running again."],
      ["en", "The mayor sentenced in 2019 for corruption and barred from office is running again."],
      // Polish puts the body after its verb as freely as before it: the subject is not known.
      ["pl", "Burmistrza zawiesiła rada miasta."],
      // Japanese: a が of a relative clause is not the topic that decides.
      ["ja", "市が管理する橋を鉄道会社が閉鎖した。"],
      // A compound's second half, and a verb that also means something else.
      ["en", "The court-ordered review found 14 errors."],
      ["fr", "La commune relève de la préfecture du Var."],
    ];
    for (const [language, sentence] of none) expect(readAttribution(sentence, language), sentence).toBeUndefined();
  });
});

describe("French's pronoun after its verb", () => {
  it("speaks for the party the page named last", () => {
    expect(readAttribution("« Nous avons 14 blessés », a-t-il déclaré.", "fr")?.pronoun).toBe(true);
    expect(readAttribution("« Le site fermera en 2027 », précise-t-elle.", "fr")?.pronoun).toBe(true);
    expect(readAttribution("Le site a fermé en 2027 après 40 ans d'activité.", "fr")).toBeUndefined();
  });
});

describe("a document that speaks without its issuer named", () => {
  it.each([
    ["The report lists 312 flooded homes.", "en"],
    ["According to the bulletin, 312 homes were flooded.", "en"],
    ["Der Bericht nennt 312 überflutete Häuser.", "de"],
    ["Selon ce bilan, 312 maisons ont été inondées.", "fr"],
    ["El balance recoge 312 viviendas inundadas.", "es"],
    ["Nella nota si legge che le case allagate sono 312.", "it"],
    ["Z komunikatu wynika, że zalanych zostało 312 domów.", "pl"],
  ])("rests on the issuer the page credits: %s", (sentence, language) => {
    const read = readAttribution(sentence, language);
    expect(read?.document).toBe(true);
    expect(read?.party).toBe("");
  });
  it.each([
    ["The report was published on Monday after 312 homes were flooded."],
    ["The data centre employs 312 people in the town."],
  ])("is no speaker when it is only the subject of a sentence: %s", (sentence) => {
    expect(readAttribution(sentence, "en")).toBeUndefined();
  });
});

describe("attributions as newsrooms write them (a battery written from the definitions)", () => {
  it.each([
    ["Two climbers were pulled alive from a crevasse some 30 hours after they went missing, rescuers said.", "en", "rescuers"],
    ["Les organisateurs ont estimé à plus de 80 000 le nombre de festivaliers sur les trois jours.", "fr", "Les organisateurs"],
    ["Le conducteur aurait perdu le contrôle de son véhicule, selon les enquêteurs.", "fr", "les enquêteurs"],
    [
      "I due escursionisti sono stati ritrovati dopo 30 ore di ricerche, hanno comunicato i soccorritori.",
      "it",
      "i soccorritori",
    ],
    ["Związkowcy zapowiedzieli, że od 15 października rozpocznie się kolejny strajk.", "pl", "Związkowcy"],
    [
      "Le procureur de la République de Montreval, Julien Carrère, a indiqué que l'autopsie serait pratiquée jeudi.",
      "fr",
      "Le procureur de la République de Montreval",
    ],
    ["La compagnie aérienne a confirmé l'annulation de 42 vols jeudi.", "fr", "La compagnie aérienne"],
    ["Operator sieci komórkowej poinformował, że awaria dotknęła ok. 150 tys. klientów.", "pl", "Operator sieci komórkowej"],
    ["The closure of the A4120 was confirmed by the council shortly after 6 p.m. on Friday.", "en", "the council"],
    ["El cierre de la carretera CV-412 fue confirmado por la Diputación a primera hora de la tarde.", "es", "la Diputación"],
    ["Le montant des dégâts a été évalué à 2,5 millions d'euros par l'assureur de la commune.", "fr", "l'assureur de la commune"],
    ["救助隊によると、行方不明になっていた登山者2人は約30時間後に無事発見された。", "ja", "救助隊"],
    ["組合側は、交渉が決裂すれば10月15日からストライキに入ると警告した。", "ja", "組合側"],
    ["地元紙の北浜日報によると、工事費は当初の見込みより約18億円膨らんでいる。", "ja", "北浜日報"],
  ])("reads the party of: %s", (sentence, language, party) => {
    const read = readAttribution(sentence, language);
    expect(read?.party.toLowerCase()).toContain(party.toLowerCase().replace(/^(?:les|le|la|i|the)\s+|^l'/u, ""));
  });

  it.each([
    ["The company's pre-tax profit rose 12 per cent to £310 million, the release says.", "en"],
    ["Le nombre de visiteurs a progressé de 18 % en un an, indique le communiqué.", "fr"],
    ["Il numero dei visitatori è cresciuto del 18 per cento, si legge nel comunicato.", "it"],
    ["発表によると、事故当時、バスには運転手を含む19人が乗っていたという。", "ja"],
  ])("reads a document credited at the close, its issuer named elsewhere: %s", (sentence, language) => {
    const read = readAttribution(sentence, language);
    expect(read?.document).toBe(true);
    expect(read?.party).toBe("");
  });

  it.each([
    ["The report of a gas smell came at 9 a.m., and all 340 pupils were evacuated within ten minutes.", "en"],
    ["Le rapport d'activité de la bibliothèque, un document de 80 pages, sera présenté le 3 juin.", "fr"],
    ["El informe de la autopsia, de 60 páginas, se incorporó al sumario la semana pasada.", "es"],
    ["Le trafic ferroviaire entre Valmont et Lorvignac a repris mardi matin après 36 heures d'interruption.", "fr"],
    ["The council's 'have your say' budget consultation has so far drawn 3,400 responses.", "en"],
  ])("reads no source into: %s", (sentence, language) => {
    expect(readAttribution(sentence, language)).toBeUndefined();
  });

  it("reads unnamed insiders as no named party", () => {
    const read = readAttribution(
      "鷺野市が計画する延伸事業で、総事業費が約510億円に上る見通しであることが関係者への取材で分かった。",
      "ja",
    );
    expect(read?.party ?? "").toBe("");
  });
});

describe("the attribution battery (fixtures/attributionBattery.json)", () => {
  // 350 sentences a helper wrote from the definitions and newsroom practice alone, never from the
  // rules: each names its source as newsrooms do in seven languages, or names none. Held at the
  // share this engine reads, as a floor: a reading that regresses shows here.
  const battery = JSON.parse(readFileSync(new URL("./fixtures/attributionBattery.json", import.meta.url), "utf8")) as {
    lang: string;
    sentence: string;
    party: string | null;
  }[];
  it("reads the source of four in five attributed sentences, and reads one into almost no plain sentence", () => {
    const attributed = battery.filter((b) => b.party !== null);
    const plain = battery.filter((b) => b.party === null);
    const read = attributed.filter((b) => readAttribution(b.sentence, b.lang) !== undefined).length;
    const spurious = plain.filter((b) => readAttribution(b.sentence, b.lang) !== undefined).length;
    expect(read / attributed.length).toBeGreaterThanOrEqual(0.8);
    expect(spurious).toBeLessThanOrEqual(1);
  });
});

describe("the carry-over battery (fixtures/carryOverBattery.json)", () => {
  // 140 passages a helper wrote from the definitions alone, never from the rules: two or three
  // sentences whose last one states a fact on the word of a party named before it (in the sentence
  // before, by a pronoun, through its document, before a colon, as "the same source"), or on the
  // outlet's own account after a party spoke, or on a second party; twenty in each of the seven
  // languages. Read as a page is read (collectMentions). Held at what this engine reads, as a
  // floor: 64 of 140 when it was written in the seventeenth session, 75 once a party's act of
  // telling ('presented', 'a fait le point') was read as its word, 80 once German's perfect
  // ('hat … mitgeteilt') and 'as she said,' with its subject unwritten were, 82 once a sentence set
  // against the statement or naming the outlet's reporter ended it, 85 once a sentence opening on
  // its verb with the subject unwritten ('Aseguró que …') spoke for the party named last (eighteenth
  // session; docs/sourcing.md).
  const battery = JSON.parse(readFileSync(new URL("./fixtures/carryOverBattery.json", import.meta.url), "utf8")) as {
    lang: string;
    text: string;
    sentence: string;
    party: string | null;
    pattern: string;
  }[];
  const readsRight = (item: (typeof battery)[number]): boolean => {
    const sources = groupOrigins([page("https://one.example/p", item.text, { language: item.lang })]);
    const mentions = collectMentions(sources);
    const last = splitSentences(item.text, item.lang).pop() ?? "";
    const mention = mentions.find((m) => m.text === last);
    const read = mention?.party;
    if (item.party === null) return read === undefined;
    return read !== undefined && sameParty(toParty(read), toParty(item.party));
  };
  it("reads whose word a passage's last sentence rests on in at least 85 of 140 passages", () => {
    const right = battery.filter(readsRight).length;
    expect(battery).toHaveLength(140);
    expect(right).toBeGreaterThanOrEqual(85);
  });
});
