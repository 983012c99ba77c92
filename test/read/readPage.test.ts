// readPage on the fixture pages in test/read/fixtures/pages: every field, boilerplate removal,
// links, and the same main text from both DOM libraries.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultDom, isDomAvailable, jsdomDom, linkedomDom } from "../../src/sourcing/read/dom.ts";
import { readPage } from "../../src/sourcing/read/readPage.ts";

const pagesDir = join(import.meta.dirname, "fixtures/pages");

function fixture(name: string): string {
  return readFileSync(join(pagesDir, `${name}.html.txt`), "utf8");
}

function read(name: string, url: string) {
  return readPage(fixture(name), url);
}

describe("readPage on an agency story relayed by an outlet", () => {
  const page = read("wire-ap-relay", "https://www.riverton-herald.example/news/2026/03/04/portmere-mayor-resigns");

  it("reads title, site name, byline, date, canonical address and language", () => {
    expect(page.url).toBe("https://www.riverton-herald.example/news/2026/03/04/portmere-mayor-resigns");
    expect(page.title).toBe("Portmere mayor resigns after audit finds missing funds");
    expect(page.siteName).toBe("Riverton Herald");
    expect(page.byline).toBe("Jane Doe, Associated Press");
    expect(page.publishedAt).toBe("2026-03-04T14:32:00.000Z");
    expect(page.canonicalUrl).toBe("https://wire.example/article/portmere-mayor-resigns-8f3a");
    expect(page.language).toBe("en");
  });

  it("keeps the article's paragraphs and headings, separated by blank lines", () => {
    const paragraphs = page.text.split("\n\n");
    expect(paragraphs[0]).toMatch(/^PORTMERE, England \(AP\) — The mayor of Portmere resigned on Wednesday/);
    expect(paragraphs).toContain("Questions over flood defences");
    expect(page.text).toContain("Ellis said her business had been closed for six weeks after the last flood.");
    expect(page.text).not.toMatch(/\n{3,}/);
  });

  it("leaves out navigation, sidebars, footers, scripts, styles and forms", () => {
    for (const boilerplate of [
      "Subscribe",
      "Most read",
      "Ferry strike to continue",
      "Riverton Herald Media Ltd",
      "We use cookies",
      "Get the morning briefing",
      "dataLayer",
      "font-weight",
      "window.__pwned",
      "Share",
    ]) {
      expect(page.text).not.toContain(boilerplate);
    }
  });

  it("lists the absolute http(s) links of the main text, without fragments or duplicates", () => {
    expect(page.links).toEqual([
      "https://www.hartley-audit.example/reports/portmere-2026",
      "https://www.portmere.gov.example/audit-2026.pdf",
      "https://www.riverton-herald.example/news/2026/02/portmere-flooding",
    ]);
  });

  it("finds the wire credits and statements", () => {
    expect(page.attributions.map(({ kind, party }) => `${kind}:${party}`)).toEqual([
      "wire:AP",
      "statement:Portmere Town Council",
      "statement:Portmere Town Council",
      "statement:Environment Agency",
      "wire:Reuters",
      "wire:The Associated Press",
      "wire:Associated Press",
    ]);
    expect(page.attributions[0]?.text).toMatch(/^PORTMERE, England \(AP\) — The mayor/);
    expect(page.attributions.at(-1)).toEqual({ kind: "wire", party: "Associated Press", text: "Jane Doe, Associated Press" });
  });
});

describe("readPage on other kinds of pages", () => {
  it("German page: JSON-LD @graph with references, <title> suffix, relative canonical, dpa dateline", () => {
    const page = read("german-press-release", "https://www.nordkurier-zeitung.example/wirtschaft/nordwerk-id4711.html");
    expect(page.title).toBe("Nordwerk streicht 800 Stellen in Bremen");
    expect(page.siteName).toBe("Nordkurier Zeitung");
    expect(page.byline).toBe("Lena Vogt");
    expect(page.publishedAt).toBe("2026-03-04T08:30:00.000Z");
    expect(page.canonicalUrl).toBe(
      "https://www.nordkurier-zeitung.example/wirtschaft/nordwerk-streicht-800-stellen-in-bremen-id4711.html",
    );
    expect(page.language).toBe("de");
    expect(page.text).not.toContain("Meistgelesen");
    expect(page.text).not.toContain("Impressum");
    expect(page.attributions.map(({ kind, party }) => `${kind}:${party}`)).toEqual([
      "wire:dpa",
      "statement:Nordwerk AG",
      "statement:Nordwerk",
      "wire:Deutschen Presse-Agentur",
      "statement:Wirtschaftsministeriums in Berlin",
      "wire:dpa",
      "wire:Reuters",
    ]);
  });

  it("French page: suffix removed with og:site_name, rel=author byline, <time datetime>, AFP credits", () => {
    const page = read("french-afp", "https://www.courrier-oe.example/actualites/lorval-eau");
    expect(page.title).toBe("Lorval : l'eau du robinet interdite à la consommation dans douze communes");
    expect(page.siteName).toBe("Le Courrier de l'Ouest-Est");
    expect(page.byline).toBe("Jean Dupont");
    expect(page.publishedAt).toBe("2026-03-05T06:45:00.000Z");
    expect(page.canonicalUrl).toBe("https://www.courrier-oe.example/regions/lorval-eau-interdite-12-communes");
    expect(page.language).toBe("fr");
    expect(page.attributions.map(({ kind, party }) => `${kind}:${party}`)).toEqual([
      "wire:AFP",
      "statement:Agence régionale de santé",
      "statement:Compagnie des Eaux de Lorval",
      "wire:AFP",
      "wire:AFP",
      "wire:AFP",
    ]);
    expect(page.attributions.at(-1)?.text).toBe("Par Jean Dupont avec AFP");
  });

  it("Spanish page: application-name, meta author, pubdate after an ambiguous date, og:url as canonical", () => {
    const page = read("spanish-efe", "https://www.diariodeltajo.example/local/valdemora-cierra-casco-historico?ref=home");
    expect(page.title).toBe("Valdemora cierra su casco histórico al tráfico a partir de abril");
    expect(page.siteName).toBe("Diario del Tajo");
    expect(page.byline).toBe("Ana Ruiz");
    expect(page.publishedAt).toBe("2026-03-04T10:20:00.000Z");
    expect(page.canonicalUrl).toBe("https://www.diariodeltajo.example/local/valdemora-cierra-casco-historico");
    expect(page.language).toBe("es");
    expect(page.attributions.map(({ kind, party }) => `${kind}:${party}`)).toEqual([
      "wire:EFE",
      "statement:Ayuntamiento de Valdemora",
      "statement:Asociación de Comerciantes del Centro",
      "wire:EFE",
      "wire:EFE",
    ]);
  });

  it("omits the canonical address when it is the page itself", () => {
    const page = read("spanish-efe", "https://www.diariodeltajo.example/local/valdemora-cierra-casco-historico");
    expect(page.canonicalUrl).toBeUndefined();
    expect("canonicalUrl" in page).toBe(false);
  });

  it("republished page: JSON-LD authors, a date without zone taken as UTC, the republication link", () => {
    const page = read("republished-conversation", "https://northfield-daily.example/environment/coastal-towns");
    expect(page.title).toBe("Why coastal towns are running out of time on flood defences");
    expect(page.byline).toBe("Dr. Helen Marsh, Tom Okafor");
    expect(page.publishedAt).toBe("2026-03-02T08:00:00.000Z");
    expect(page.canonicalUrl).toBe(
      "https://scholarly-review.example/why-coastal-towns-are-running-out-of-time-on-flood-defences-201934",
    );
    expect(page.attributions).toEqual([
      {
        kind: "republished",
        party: "The Scholarly Review",
        text: "This article is republished from The Scholarly Review under a Creative Commons license.",
        url: "https://scholarly-review.example/",
      },
    ]);
  });

  it("blog without metadata: title suffix matching the host, 'By' line, <time pubdate>", () => {
    const page = read("blog-plain", "https://samsgardennotes.example/2025/08/ten-years-of-tomatoes");
    expect(page.title).toBe("Ten years of growing tomatoes on a balcony");
    expect(page.siteName).toBeUndefined();
    expect(page.byline).toBe("Sam Writer");
    expect(page.publishedAt).toBe("2025-08-17T00:00:00.000Z");
    expect(page.text).toContain("Pots: bigger is better");
    expect(page.text).not.toContain("Archive");
    expect(page.text).not.toContain("Great tips");
    expect(page.links).toEqual(["https://seedsavers.example.org/tomatoes"]);
  });

  it("JSON-LD variants: headline, publisher, two types, invalid line breaks, protocol-relative canonical", () => {
    const page = read("jsonld-variants", "https://www.haldengazette.example/transport/ferry-timetable-cut");
    expect(page.title).toBe("Ferry timetable cut as crew shortage bites");
    expect(page.siteName).toBe("Halden Gazette");
    expect(page.byline).toBe("Priya Raman");
    expect(page.publishedAt).toBe("2026-03-03T21:45:00.000Z");
    expect(page.canonicalUrl).toBe("https://www.haldengazette.example/transport/ferry-timetable-cut?utm_source=x");
    expect(page.text).not.toContain("Bus fares to rise");
    expect(page.attributions.map(({ kind, party }) => `${kind}:${party}`)).toEqual([
      "statement:Island Link Ferries",
      "statement:Halden Regional Transport Authority",
    ]);
  });

  it("figures, tables, lists and quotes: one paragraph per row and item; a byline element; itemprop date", () => {
    const page = read("table-figure", "https://haldenobserver.example/politics/results");
    expect(page.byline).toBe("Olivia Grant, Political Editor");
    expect(page.publishedAt).toBe("2026-05-08T05:00:00.000Z");
    expect(page.siteName).toBe("The Halden Observer");
    const paragraphs = page.text.split("\n\n");
    expect(paragraphs).toContain("Harbour Party 23 +9");
    expect(paragraphs).toContain("a start date for work on the sea wall;");
    expect(paragraphs).toContain("Seats by party");
    expect(page.attributions).toEqual([]);
  });

  it("Greek and Japanese pages", () => {
    const greek = read("greek-article", "https://eidiseis-vorra.example/poli/tram");
    expect(greek.language).toBe("el");
    expect(greek.title).toBe("Νέα γραμμή τραμ συνδέει το λιμάνι με το κέντρο της πόλης");
    expect(greek.byline).toBe("Μαρία Παπαδοπούλου");
    expect(greek.publishedAt).toBe("2026-02-20T07:00:00.000Z");
    const japanese = read("japanese-article", "https://kitahama.example/news/bouchoutei");
    expect(japanese.language).toBe("ja");
    expect(japanese.siteName).toBe("北浜新聞");
    expect(japanese.byline).toBe("北浜新聞社会部");
    expect(japanese.publishedAt).toBe("2026-02-28T21:00:00.000Z");
    expect(japanese.text.split("\n\n")).toHaveLength(4);
  });

  it("a fragment without <html> or <body>", () => {
    const page = read("minimal-fragment", "https://roads.example/news/a12");
    expect(page.title).toBe("Road closure on the A12 near Halden");
    expect(page.text).toMatch(/^The A12 between Halden and Moss will be closed/);
    expect(page.links).toEqual(["https://roads.example.gov/a12"]);
  });

  it("a page Readability finds little in falls back to the text of the page without its chrome", () => {
    const page = read("section-index", "https://www.riverton-herald.example/business");
    expect(page.title).toBe("Business");
    expect(page.text).toContain("Ferry operator reports record profits");
    expect(page.text).not.toContain("Sport");
    expect(page.links).toHaveLength(5);
    expect(page.links[0]).toBe("https://www.riverton-herald.example/business/2026/03/04/ferry-operator-profits");
  });

  it("malformed markup", () => {
    const page = read("malformed", "https://harbourtown.example/market");
    expect(page.title).toBe("Harbour market returns after winter break");
    expect(page.text).toContain("selling local food, crafts and plants along the quay.");
    expect(page.text).not.toContain("Events");
    expect(page.links).toEqual(["https://harbourmarket.example/stalls"]);
  });

  it("pages of half a megabyte and more, and markup nested 3,000 deep", { timeout: 60_000 }, () => {
    const live = read("large-liveblog", "https://www.coastline-news.example/live/storm-ellen-2");
    expect(live.title).toBe("Live: Storm Ellen hits the coast – latest updates");
    expect(live.text).toContain("Update 380:");
    expect(live.text).not.toContain("Footer link");
    expect(live.text).not.toContain("googletag");
    const shell = read("large-app-shell", "https://www.coastline-news.example/business/harbour");
    expect(shell.title).toBe("Harbour expansion approved after three-year battle");
    expect(shell.text).not.toContain("pageProps");
    expect(shell.text.length).toBeGreaterThan(5000);
    // Readability's cost explodes with depth (minutes for this 35 KB page): such pages skip it.
    const started = performance.now();
    const deep = read("deep-nesting", "https://deep.example/");
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(deep.text.split("\n\n").length).toBeGreaterThanOrEqual(3);
  });

  it("reads the title from <title> or the first heading when nothing better is given", () => {
    expect(readPage("<title>Only a title</title><p>Text.</p>", "https://x.example/").title).toBe("Only a title");
    expect(readPage("<h1>Only a heading</h1><p>Text.</p>", "https://x.example/").title).toBe("Only a heading");
    expect(readPage("<p>Nothing at all.</p>", "https://x.example/").title).toBe("");
  });

  it("reads an empty page", () => {
    expect(readPage("", "https://x.example/")).toEqual({
      url: "https://x.example/",
      title: "",
      text: "",
      links: [],
      attributions: [],
    });
  });
});

describe("DOM libraries", () => {
  const pages = readdirSync(pagesDir).filter((file) => file.endsWith(".html.txt"));

  it("linkedom is the default", () => {
    expect(defaultDom).toBe(linkedomDom);
    expect(isDomAvailable(linkedomDom)).toBe(true);
  });

  it.runIf(isDomAvailable(jsdomDom))("linkedom and jsdom give the same page on every fixture", { timeout: 120_000 }, () => {
    for (const file of pages) {
      const html = readFileSync(join(pagesDir, file), "utf8");
      const url = `https://news.example/${file}`;
      const withLinkedom = readPage(html, url, { dom: linkedomDom });
      const withJsdom = readPage(html, url, { dom: jsdomDom });
      expect({ file, ...withJsdom }).toEqual({ file, ...withLinkedom });
    }
  });
});
