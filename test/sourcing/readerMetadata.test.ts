// The page reader's title, byline and publication date on the page shapes where it used to fall
// behind Readability (bench/readerMetadata.ts measures it on Readability's own test pages): one
// small made-up page per cause.
import { describe, expect, it } from "vitest";
import { cleanByline, stripSiteFromTitle } from "../../src/sourcing/read/metadata.ts";
import { readPage } from "../../src/sourcing/read/readPage.ts";

const URL = "https://www.harbour-gazette.example/news/2026/03/04/outer-wall";
const STORY = `<p>${"The harbour board said the outer wall would be reviewed by engineers before the winter storms, and that the work would take several months. ".repeat(4)}</p>`;

function page(head: string, body = `<article>${STORY}</article>`, url = URL) {
  return readPage(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, url);
}

const ld = (value: unknown, wrap = (json: string) => json) =>
  `<script type="application/ld+json">${wrap(JSON.stringify(value))}</script>`;

describe("JSON-LD wrapped for XHTML parsers", () => {
  const article = {
    "@type": "NewsArticle",
    headline: "Engineers to review the outer wall",
    datePublished: "2026-03-04T08:00:00Z",
    author: { "@type": "Person", name: "Mara Lind" },
  };

  it.each([
    ["CDATA", (json: string) => `<![CDATA[\n${json}\n]]>`],
    ["commented CDATA", (json: string) => `//<![CDATA[\n${json}\n//]]>`],
    ["an HTML comment", (json: string) => `<!--\n${json}\n-->`],
  ])("is read inside %s", (_, wrap) => {
    const read = page(`<title>Engineers to review the outer wall</title>${ld(article, wrap)}`);
    expect(read.byline).toBe("Mara Lind");
    expect(read.publishedAt).toBe("2026-03-04T08:00:00.000Z");
  });
});

describe("title: og:title against the title the page shows", () => {
  it("takes JSON-LD's headline when og:title is a rewording the <title> does not use", () => {
    const head =
      '<meta property="og:title" content="The 21 best movies of 2017">' +
      ld({ "@type": "NewsArticle", headline: "How to watch the 21 best films of 2017" }, (json) => `<![CDATA[${json}]]>`) +
      "<title>How to watch the 21 best films of 2017 - Harbour Gazette</title>";
    expect(page(head).title).toBe("How to watch the 21 best films of 2017");
  });

  it("checks against the first heading when there is no <title>", () => {
    const head =
      '<meta property="og:title" content="If you can picture a tarot card, thank these three people">' +
      ld({ "@type": "NewsArticle", headline: "The deck of cards that made tarot a global phenomenon" });
    const body = `<article><h1>The deck of cards that made tarot a global phenomenon</h1>${STORY}</article>`;
    expect(page(head, body).title).toBe("The deck of cards that made tarot a global phenomenon");
  });

  it("keeps og:title when the others only say more or less (a live label, a site)", () => {
    const head =
      '<meta property="og:title" content="Seven secrets hotel owners keep">' +
      '<meta name="twitter:title" content="The seven secrets hotel owners keep">' +
      "<title>The seven secrets hotel owners keep | Harbour Gazette</title>";
    expect(page(head).title).toBe("Seven secrets hotel owners keep");
  });

  it("completes an og:title cut short with an ellipsis, but keeps an ellipsis the headline ends with", () => {
    const cut =
      '<meta property="og:title" content="Engineers find cracks in the outer wall and…">' +
      "<title>Engineers find cracks in the outer wall and call for a closure | Harbour Gazette</title>";
    expect(page(cut).title).toBe("Engineers find cracks in the outer wall and call for a closure");
    const own =
      '<meta property="og:title" content="On screen: «Harbour», «Quay», «Tide»…">' +
      "<title>On screen: «Harbour», «Quay», «Tide»… - Culture / Next</title>";
    expect(page(own).title).toBe("On screen: «Harbour», «Quay», «Tide»…");
  });

  it("does not take an og:title that is only the site's name", () => {
    const head =
      '<meta property="og:title" content="Gazette News - Latest News &amp; Headlines">' +
      '<meta name="application-name" content="Gazette News - Latest News &amp; Headlines">' +
      "<title>Storm damages the outer wall</title>";
    expect(page(head).title).toBe("Storm damages the outer wall");
  });

  it("takes JSON-LD's name when its headline is a description the <title> does not share", () => {
    const head =
      ld({ "@type": "Article", name: "Outer wall", headline: "breakwater in the northern harbour" }) +
      "<title>Outer wall - Harbourpedia</title>";
    expect(page(head).title).toBe("Outer wall");
  });

  it("reads Dublin Core written with a colon (dc:title, dc:creator)", () => {
    const read = page(
      '<meta property="dc:title" content="Engineers to review the outer wall"><meta property="dc:creator" content="Mara Lind">',
    );
    expect(read.title).toBe("Engineers to review the outer wall");
    expect(read.byline).toBe("Mara Lind");
  });

  it("takes the RDFa property over a name written before it for the same field", () => {
    const read = page(
      '<meta name="DC.title" content="Outer wall: a draft title"><meta name="DC.creator" content="Desk editor">' +
        '<meta property="dc:title" content="Engineers to review the outer wall"><meta property="dc:creator" content="Mara Lind">',
    );
    expect(read.title).toBe("Engineers to review the outer wall");
    expect(read.byline).toBe("Mara Lind");
  });
});

describe("title: removing the site's name", () => {
  it("keeps a headline that mentions the site", () => {
    expect(
      stripSiteFromTitle("Autumn colours at the camp (2) @ Steven's blog :: Pixnet Blog ::", "Steven's blog", undefined),
    ).toBe("Autumn colours at the camp (2) @ Steven's blog");
    const head =
      '<meta property="og:site_name" content="Steven\'s blog">' +
      '<meta property="og:title" content="Autumn colours at the camp (2) @ Steven\'s blog :: Pixnet Blog ::">';
    expect(page(head).title).toBe("Autumn colours at the camp (2) @ Steven's blog");
  });

  it("drops the author's name along with the site's", () => {
    const head =
      '<meta property="og:site_name" content="Medium"><meta name="author" content="Jo Welch">' +
      ld({ "@type": "NewsArticle", headline: "Samantha and the great big lie - Jo Welch - Medium" }) +
      "<title>Samantha and the great big lie | by Jo Welch | Medium</title>";
    expect(page(head).title).toBe("Samantha and the great big lie");
  });
});

describe("byline: no labels, dates or outlets", () => {
  it.each([
    ["Follow Author", undefined],
    ["Last Updated: January 7, 2025", undefined],
    ["April 28, 2019 at 6:01 am Updated April 29, 2019 at 3:33 pm", undefined],
    ["By Nathan Willis March 25, 2015", "Nathan Willis"],
    ["Joe Wee Monday, February 29, 2016 @ 11:10 PM UTC", "Joe Wee"],
    ["By GILLIAN MOHNEY 11 March 2015 3:46 PM", "GILLIAN MOHNEY"],
    ["Written by Rob Ewaschuk Edited by Betsy Beyer", "Rob Ewaschuk"],
    ["Posted by Jane Doe", "Jane Doe"],
    ["Live blog edited by Kasey Wren and Brodie Lusk", "Live blog edited by Kasey Wren and Brodie Lusk"],
    ["Bradley M. Kuhn (http://ebb.example/bkuhn/)", "Bradley M. Kuhn"],
    ["More from Jane Doe", undefined],
    ["Theresa May", "Theresa May"],
  ])("cleanByline(%j)", (raw, byline) => {
    expect(cleanByline(raw)).toBe(byline);
  });

  it("skips a 'Follow Author' button and a date line for the name next to them", () => {
    const body = `<article><div class="author"><a href="/follow">Follow Author</a></div><div class="byline">April 28, 2019 at 6:01 am</div>
      <p class="byline">By <a href="/people/ana">Ana Ruiz</a></p>${STORY}</article>`;
    expect(page("", body).byline).toBe("Ana Ruiz");
  });

  it("reads the name apart from a date in the next element", () => {
    const body = `<article><p class="byline"><span class="by-author">by <a href="/people/lucas">Lucas Nolan</a></span><span class="bydate">22 Dec 2016</span><a href="#comments">651</a></p>${STORY}</article>`;
    expect(page("", body).byline).toBe("Lucas Nolan");
  });

  it("does not take the outlet's own account (twitter:creator) for a byline", () => {
    const head = '<meta property="og:site_name" content="Folha de S.Paulo"><meta name="twitter:creator" content="folha">';
    expect(page(head).byline).toBeUndefined();
    const nbc = '<meta property="og:site_name" content="NBC News"><meta name="twitter:creator" content="NBCNews">';
    expect(page(nbc).byline).toBeUndefined();
    const person = '<meta property="og:site_name" content="Royal Road"><meta name="twitter:creator" content="Sleyca">';
    expect(page(person).byline).toBe("Sleyca");
  });

  it("puts a JSON-LD author that is only the outlet after everything else", () => {
    const head =
      '<meta property="og:site_name" content="NBC News"><meta name="twitter:creator" content="NBCNews">' +
      ld({
        "@type": "NewsArticle",
        author: [{ name: "Stella Kim" }, { name: "Jennifer Jett" }],
        publisher: { name: "NBC News" },
      });
    expect(page(head).byline).toBe("Stella Kim, Jennifer Jett");
    const outlet = ld({
      "@type": "NewsArticle",
      author: { "@type": "Organization", name: "Gazette" },
      publisher: { name: "Gazette" },
    });
    const body = `<article><p class="byline">By Ana Ruiz</p>${STORY}</article>`;
    expect(page(outlet, body).byline).toBe("Ana Ruiz");
  });

  it("prefers JSON-LD's full name to a user name in a meta tag", () => {
    const head =
      '<meta property="article:author" content="devindra">' +
      ld({ "@type": "Review", author: [{ "@type": "Person", name: "Devindra Hardawar" }] }) +
      ld({ "@type": "Article", author: [{ "@type": "Person", name: "Devindra Hardawar" }] });
    expect(page(head).byline).toBe("Devindra Hardawar");
  });

  it("takes an itemprop=author in a post footer when the page has no other byline", () => {
    const body = `<article>${STORY}</article><aside><p><span class="article-author" itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Nicolas Perriault</span> —</span> <time datetime="2013-09-29">2013-09-29</time></p></aside>`;
    expect(page("", body).byline).toBe("Nicolas Perriault");
    const nav = `<nav><span itemprop="author">Site Admin</span></nav><article>${STORY}</article>`;
    expect(page("", nav).byline).toBeUndefined();
  });

  it("finds the byline of a page that opens with an element before <head>", () => {
    const html = `<!DOCTYPE html><html lang="en"><div id="stamp"></div><head><title>Outer wall</title></head><body><article><cite class="byline vcard"><span>By </span><span class="fn">GILLIAN MOHNEY</span> <abbr>March 11, 2015 3:46 PM</abbr></cite>${STORY}</article></body></html>`;
    expect(readPage(html, URL).byline).toBe("GILLIAN MOHNEY");
  });
});

describe("publication date", () => {
  it("takes the article's JSON-LD datePublished over article:published_time (a later republication)", () => {
    const head =
      '<meta property="article:published_time" content="2015-12-11T14:28:34Z">' +
      ld({ "@type": "NewsArticle", headline: "x", datePublished: "2015-10-15T02:19:15Z" });
    expect(page(head).publishedAt).toBe("2015-10-15T02:19:15.000Z");
  });
});

describe("main text: links into the page", () => {
  const paragraph = (topic: string) =>
    `<p>${`The harbour board said the ${topic} would be reviewed by engineers before the winter storms, and that the work would take several months to finish. `.repeat(3)}</p>`;
  const html = `<!doctype html><html><head><title>Harbour wall report</title></head><body><article><h1>Harbour wall report</h1>
    ${paragraph("outer wall")}${paragraph("crane rails")}
    <ul class="contents"><li><a href="#cause">Why the outer wall failed in the March storm</a></li><li><a href="#findings">What the engineers found under the quay</a></li><li><a href="#cost">Who will pay for the repairs next year</a></li></ul>
    ${paragraph("quay")}${paragraph("lighthouse")}<p>See the <a href="#findings">findings</a> and <a href="https://ports.example/report">the full report</a>.</p></article></body></html>`;

  it("keeps a block of in-page links that Readability weighs as such, and still lists no in-page link", () => {
    const read = readPage(html, "https://news.example/harbour");
    expect(read.text).toContain("What the engineers found under the quay");
    expect(read.links).toEqual(["https://ports.example/report"]);
    const based = readPage(
      html.replace("<head>", '<head><base href="https://mirror.example/docs/">'),
      "https://news.example/harbour",
    );
    expect(based.links).toEqual(["https://ports.example/report"]);
  });
});
