// Attribution lines: wire credits, republication notes and statements, in English, German, French
// and Spanish, with the cases that must not count.
import { describe, expect, it } from "vitest";
import { agencyKey, findAgency } from "../../src/sourcing/read/agencies.ts";
import { findAttributions } from "../../src/sourcing/read/attributions.ts";
import { absoluteHttpUrl } from "../../src/sourcing/read/metadata.ts";
import { readPage } from "../../src/sourcing/read/readPage.ts";
import { plainTextBlocks } from "../../src/sourcing/read/text.ts";
import type { Attribution } from "../../src/sourcing/types.ts";

/** Attributions in a text whose paragraphs are separated by blank lines. */
function attributionsOf(text: string, credits: string[] = []): Attribution[] {
  return findAttributions({ blocks: plainTextBlocks(text), credits, resolve: (href) => absoluteHttpUrl(href, undefined) });
}

function parties(text: string, kind: Attribution["kind"]): string[] {
  return attributionsOf(text)
    .filter((attribution) => attribution.kind === kind)
    .map((attribution) => attribution.party);
}

describe("wire credits", () => {
  it.each([
    ["Arbèche (VS), 14 février 2026 (Keystone-ATS) - Une avalanche a emporté cinq skieurs.", ["Keystone-ATS"]],
    ["Montescaglio, 9 giu. (Adnkronos Salute) - Via libera al progetto del nuovo ospedale.", ["Adnkronos"]],
    ["Fonte: Adnkronos Salute – © Riproduzione riservata", ["Adnkronos"]],
    ["Ticino Notizie © 2026 · Fonte: Keystone-ATS", ["Keystone-ATS"]],
    ["© Copyright ANSA - Tutti i diritti riservati", ["ANSA"]],
    ["台風14号は14日、潮見市付近に上陸した。【共同】", ["共同"]],
    ["【ワシントン時事】米政府は13日、新たな制裁を発表した。", ["時事"]],
  ])("datelines with a desk or region, footers and Japanese credits: %s", (text, expected) => {
    expect(parties(text, "wire")).toEqual(expected);
  });

  it("takes no Japanese word that only contains an agency's short name as a credit", () => {
    expect(parties("両社は共同研究を進めると発表した。", "wire")).toEqual([]);
  });

  it.each([
    ["PORTMERE, England (AP) — The mayor of Portmere resigned on Wednesday.", ["AP"]],
    ["WASHINGTON (AP) — The Senate passed the bill late on Tuesday.", ["AP"]],
    ["(Reuters) - Shares in the ferry operator fell 4% on Monday.", ["Reuters"]],
    ["LONDON (PA) — Train drivers will strike again next week.", ["PA"]],
    ["By Jane Doe, Associated Press", ["Associated Press"]],
    ["By Jane Doe and John Roe, The Associated Press", ["The Associated Press"]],
    ["© 2026 The Associated Press. All rights reserved.", ["The Associated Press"]],
    ["Copyright 2026 Thomson Reuters. Click for restrictions.", ["Thomson Reuters"]],
    ["The ministry has not commented. Reuters reported that the talks had stalled.", ["Reuters"]],
    ["The company told Reuters it would appeal against the ruling.", ["Reuters"]],
    ["The minister said so in an interview with The Associated Press on Friday.", ["The Associated Press"]],
    ["AFP", ["AFP"]],
    ["— Reuters", ["Reuters"]],
    ["Additional reporting by Reuters", ["Reuters"]],
  ])("English: %s", (text, expected) => {
    expect(parties(text, "wire")).toEqual(expected);
  });

  it.each([
    ["Berlin (dpa) - Die Bundesregierung will das Gesetz noch vor der Sommerpause beschließen.", ["dpa"]],
    ["Hamburg (dpa/lno) - Im Hamburger Hafen ist ein Containerschiff auf Grund gelaufen.", ["dpa"]],
    ["Wien (APA) - Die Inflation in Österreich ist im Februar leicht gesunken.", ["APA"]],
    ["Mit Material von dpa und AFP", ["dpa", "AFP"]],
    ["Das berichtete die Nachrichtenagentur dpa am Abend.", ["Nachrichtenagentur dpa"]],
    ["Man sei zuversichtlich, sagte er der Deutschen Presse-Agentur.", ["Deutschen Presse-Agentur"]],
    ["Von Max Muster, dpa", ["dpa"]],
    ["Laut dpa wurden drei Menschen verletzt.", ["dpa"]],
  ])("German: %s", (text, expected) => {
    expect(parties(text, "wire").map((party) => party.replace(/^Nachrichtenagentur /, ""))).toEqual(
      expected.map((party) => party.replace(/^Nachrichtenagentur /, "")),
    );
  });

  it.each([
    ["Paris (AFP) - Le gouvernement a présenté mercredi son projet de loi.", ["AFP"]],
    ["Bruxelles (Belga) - La grève des transports se poursuit jeudi.", ["Belga"]],
    ["La situation reste tendue, selon l'AFP.", ["AFP"]],
    ["« Nous sommes prêts », a indiqué à l'AFP le maire de la commune.", ["AFP"]],
    ["Par Jean Dupont avec AFP", ["AFP"]],
  ])("French: %s", (text, expected) => {
    expect(parties(text, "wire")).toEqual(expected);
  });

  it.each([
    ["Madrid, 4 mar (EFE).- El Gobierno aprobó este martes el nuevo decreto.", ["EFE"]],
    ["Sevilla (Europa Press) - La Junta ha anunciado nuevas ayudas.", ["Europa Press"]],
    ["Las obras empezarán en mayo, informó la agencia EFE.", ["EFE"]],
    ["Hubo tres heridos, según EFE.", ["EFE"]],
    ["Con información de EFE", ["EFE"]],
    ["Lisboa (Lusa) - O Governo aprovou o orçamento.", ["Lusa"]],
  ])("Spanish and others: %s", (text, expected) => {
    expect(parties(text, "wire")).toEqual(expected);
  });

  it.each([
    "APPLE shares rose 3% after the results.",
    "The AP Stylebook changed its guidance on the word last year.",
    "Students who take AP courses score higher, the study said.",
    "The town hall in Portmere on Tuesday. (AP Photo/John Roe)",
    "Thomson Reuters shares fell 2% in early trading.",
    "The DPA fined the company 2 million euros for breaking data protection rules.",
    "The PA system failed during the concert.",
    "Pennsylvania (PA) lawmakers voted on the budget.",
    "© 2026 Riverton Herald Media Ltd. All rights reserved.",
    "Copyright 2026 APA. The American Psychological Association publishes the style guide.",
    "The apa and the tt were lower case and mean nothing.",
    "Reuters Street is closed for repairs.",
  ])("not a wire credit: %s", (text) => {
    expect(parties(text, "wire")).toEqual([]);
  });

  it("does not take photo credits in captions for wire credits", () => {
    const html = `<html><body><article><h1>Counting</h1>
      <p>${"The count went on all night in the leisure centre, where hundreds of volunteers sorted ballots. ".repeat(6)}</p>
      <figure><img src="a.jpg"><figcaption>Votes being counted. Photo: AFP</figcaption></figure>
      <p>${"Turnout was higher than at the last election in almost every ward of the town. ".repeat(6)}</p>
      </article></body></html>`;
    const page = readPage(html, "https://news.example/count");
    expect(page.text).toContain("Photo: AFP");
    expect(page.attributions).toEqual([]);
  });

  it("finds an agency byline given in the page metadata", () => {
    expect(attributionsOf("", ["Associated Press"])).toEqual([
      { kind: "wire", party: "Associated Press", text: "Associated Press" },
    ]);
    expect(attributionsOf("", ["Jane Doe"])).toEqual([]);
  });

  it("names every agency of a combined credit and gives the sentence it is in", () => {
    const [first, second] = attributionsOf(
      "Brüssel (dpa/AFP) - Die EU-Kommission hat neue Zölle angekündigt. Sie gelten ab Mai.",
    );
    expect(first).toEqual({
      kind: "wire",
      party: "dpa",
      text: "Brüssel (dpa/AFP) - Die EU-Kommission hat neue Zölle angekündigt.",
    });
    expect(second?.party).toBe("AFP");
  });

  it("maps the names of an agency to one key, and outlets to none", () => {
    expect(agencyKey("AP")).toBe("ap");
    expect(agencyKey("The Associated Press")).toBe("ap");
    expect(agencyKey("Associated Press")).toBe("ap");
    expect(agencyKey("dpa/lno")).toBe("dpa");
    expect(agencyKey("Deutschen Presse-Agentur")).toBe("dpa");
    expect(agencyKey("Agence France-Presse")).toBe("afp");
    expect(agencyKey("ČTK")).toBe("ctk");
    expect(agencyKey("Riverton Herald")).toBeUndefined();
    expect(agencyKey("APPLE")).toBeUndefined();
    expect(findAgency("Reuters")?.name).toBe("Reuters");
  });
});

describe("republication notes", () => {
  it.each([
    ["This article first appeared on Grist, a nonprofit news site covering climate.", "Grist"],
    ["This story was originally published by ProPublica.", "ProPublica"],
    ["This article was originally published on The Markup on March 3, 2026.", "The Markup"],
    ["Originally published on The Markup.", "The Markup"],
    ["Republished with permission from KFF Health News.", "KFF Health News"],
    ["This article is republished from The Conversation under a Creative Commons license.", "The Conversation"],
    ["This story first appeared in The Texas Tribune and is republished here with permission.", "The Texas Tribune"],
  ])("English: %s", (text, party) => {
    expect(parties(text, "republished")).toEqual([party]);
  });

  it.each([
    ["Dieser Artikel erschien zuerst bei Telepolis.", "Telepolis"],
    ["Dieser Beitrag ist zuerst auf netzpolitik.org erschienen.", "netzpolitik.org"],
    ["Zuerst erschienen bei Krautreporter.", "Krautreporter"],
    ["Cet article a été publié initialement sur Mediapart.", "Mediapart"],
    ["Cet article est republié à partir de The Conversation sous licence Creative Commons.", "The Conversation"],
    ["Este artículo fue publicado originalmente en The Conversation. Lea el original.", "The Conversation"],
    ["Publicado originalmente en El Diario Vasco.", "El Diario Vasco"],
  ])("German, French, Spanish: %s", (text, party) => {
    expect(parties(text, "republished")).toEqual([party]);
  });

  it.each([
    "The study was first published in Nature in 2019.",
    "The report was first published in 1990.",
    "The band first appeared on television in 1998.",
    "This article first appeared on our website.",
    "Der Film erschien zuerst im Kino.",
  ])("not a republication note: %s", (text) => {
    expect(parties(text, "republished")).toEqual([]);
  });

  it("keeps the link given with the note", () => {
    const html = `<html><body><article><h1>Flood defences</h1>
      <p>${"Sea levels around the coast have risen and the old defences are wearing out. ".repeat(8)}</p>
      <p><em>This article is republished from <a href="https://review.example/">The Scholarly Review</a> under a Creative Commons license.
      Read the <a href="https://review.example/original-article#top">original article</a>.</em></p>
      <p>This piece first appeared on the <a href="/partners/harbour-post">Harbour Post</a> website.</p>
      <p>Originally published by Coast Weekly at https://coastweekly.example/story/123.</p>
      </article></body></html>`;
    const page = readPage(html, "https://news.example/flood");
    expect(page.attributions.filter((a) => a.kind === "republished")).toEqual([
      {
        kind: "republished",
        party: "The Scholarly Review",
        text: "This article is republished from The Scholarly Review under a Creative Commons license.",
        url: "https://review.example/",
      },
      {
        kind: "republished",
        party: "Harbour Post",
        text: "This piece first appeared on the Harbour Post website.",
        url: "https://news.example/partners/harbour-post",
      },
      {
        kind: "republished",
        party: "Coast Weekly",
        text: "Originally published by Coast Weekly at https://coastweekly.example/story/123.",
        url: "https://coastweekly.example/story/123",
      },
    ]);
  });
});

describe("statements", () => {
  it.each([
    ["The bridge will close in May, according to a press release from Halden Council.", "Halden Council"],
    ["According to a statement from the Ministry of Health, 40 cases were confirmed.", "Ministry of Health"],
    ["Acme Corp. said in a statement on Tuesday that it would cut 200 jobs.", "Acme Corp"],
    ["Island Link Ferries said in a statement that services would resume.", "Island Link Ferries"],
    ["A spokeswoman for Portmere Town Council said the report had been passed to the police.", "Portmere Town Council"],
    ["A Siemens spokeswoman said the plant would stay open.", "Siemens"],
    ["In a statement on its website, Island Link Ferries said it deeply regrets the disruption.", "Island Link Ferries"],
    ["The Environment Agency said in a statement that it would review the plans.", "Environment Agency"],
    ["The work was delayed, said the Ministry of Transport in a statement.", "Ministry of Transport"],
  ])("English: %s", (text, party) => {
    expect(parties(text, "statement")).toEqual([party]);
  });

  it.each([
    ["Laut einer Mitteilung von Siemens fallen 800 Stellen weg.", "Siemens"],
    ["Laut einer Pressemitteilung der Stadt Köln vom Dienstag bleibt die Brücke gesperrt.", "Stadt Köln"],
    ["Wie die Deutsche Bahn in einer Mitteilung mitteilte, fallen die Züge aus.", "Deutsche Bahn"],
    ["Das teilte der ADAC am Montag in einer Erklärung mit.", "ADAC"],
    ["Ein Nordwerk-Sprecher sagte, die Nachfrage sei gesunken.", "Nordwerk"],
    ["Eine Sprecherin der Lufthansa sagte, alle Flüge fänden statt.", "Lufthansa"],
  ])("German: %s", (text, party) => {
    expect(parties(text, "statement")).toEqual([party]);
  });

  it.each([
    ["La production reprendra lundi, selon un communiqué de Renault.", "Renault"],
    ["Selon un communiqué du ministère de l'Intérieur publié mardi, 12 personnes ont été arrêtées.", "ministère de l'Intérieur"],
    ["La SNCF a indiqué dans un communiqué que le trafic serait perturbé.", "SNCF"],
    ["Les livraisons reprendront en avril, a annoncé Airbus dans un communiqué.", "Airbus"],
    ["Un porte-parole d'Air France a déclaré que les vols étaient maintenus.", "Air France"],
  ])("French: %s", (text, party) => {
    expect(parties(text, "statement")).toEqual([party]);
  });

  it.each([
    ["Las tarifas subirán un 3 %, según un comunicado de Iberdrola.", "Iberdrola"],
    ["Según un comunicado del Ministerio de Sanidad, hay 40 casos.", "Ministerio de Sanidad"],
    ["Telefónica informó en un comunicado que cerrará dos centros.", "Telefónica"],
    ["Un portavoz de Repsol dijo que la refinería seguirá abierta.", "Repsol"],
    ["En un comunicado, el Ayuntamiento de Sevilla señaló que las obras terminarán en junio.", "Ayuntamiento de Sevilla"],
  ])("Spanish: %s", (text, party) => {
    expect(parties(text, "statement")).toEqual([party]);
  });

  it.each([
    "According to a press release, the operator expects normal service in April.",
    "According to a press release issued on Tuesday, the plant will close.",
    "He said in a statement that he was innocent.",
    "The company said in a statement that it regretted the delay.",
    "Officials said in a statement that the road would reopen.",
    "The family read a statement from their lawyer outside the court.",
    "Laut einer Mitteilung soll die Strecke bald wieder frei sein.",
    "Laut einer Mitteilung des Unternehmens fallen 800 Stellen weg.",
    "Selon un communiqué, la grève est terminée.",
    "L'entreprise a indiqué dans un communiqué que l'usine fermera.",
    "Según un comunicado, la reunión se aplazó.",
    "La empresa informó en un comunicado que cerrará la fábrica.",
  ])("no party, no statement: %s", (text) => {
    expect(parties(text, "statement")).toEqual([]);
  });

  it("keeps the link on the party's name", () => {
    const html = `<html><body><article><h1>Bridge</h1>
      <p>${"The old bridge has been closed to lorries since the inspection found cracks in two supports. ".repeat(6)}</p>
      <p>It will reopen in May, according to a press release from <a href="https://halden.gov.example/news/bridge">Halden Council</a>.</p>
      </article></body></html>`;
    const page = readPage(html, "https://news.example/bridge");
    expect(page.attributions).toEqual([
      {
        kind: "statement",
        party: "Halden Council",
        text: "It will reopen in May, according to a press release from Halden Council.",
        url: "https://halden.gov.example/news/bridge",
      },
    ]);
  });
});
