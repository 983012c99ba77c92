// Page metadata, one field at a time: title, site name, byline, publication date and canonical
// address, in the forms pages write them.
import { describe, expect, it } from "vitest";
import { normalizeDate } from "../../src/sourcing/read/dates.ts";
import { cleanByline, stripSiteFromTitle } from "../../src/sourcing/read/metadata.ts";
import { readPage } from "../../src/sourcing/read/readPage.ts";

const URL = "https://www.example-news.example/world/2026/03/04/story";
const BODY = `<article><h1>Heading of the story</h1><p>${"The harbour authority closed the outer quay after the storm damaged two cranes. ".repeat(5)}</p></article>`;

function page(head: string, body = BODY, url = URL) {
  return readPage(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, url);
}

function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
}

describe("title", () => {
  it.each([
    ['<meta property="og:title" content="From Open Graph"><title>From the title | Site</title>', "From Open Graph"],
    [`${jsonLd({ "@type": "NewsArticle", headline: "From JSON-LD" })}<title>From the title | Site</title>`, "From JSON-LD"],
    ['<meta name="twitter:title" content="From Twitter"><title>From the title</title>', "From Twitter"],
    ["<title>Storm closes the outer quay | Example News</title>", "Storm closes the outer quay"],
    ["<title>Example News | Storm closes the outer quay</title>", "Storm closes the outer quay"],
    ["<title>Storm closes the outer quay - Example News</title>", "Storm closes the outer quay"],
    ["<title>Storm closes the outer quay – World – Example News</title>", "Storm closes the outer quay – World"],
    [
      '<meta property="og:site_name" content="The Daily"><title>Storm closes the outer quay — The Daily</title>',
      "Storm closes the outer quay",
    ],
    ["<title>Brexit - what happens next</title>", "Brexit - what happens next"],
    ["<title>Storm: the quay is closed</title>", "Storm: the quay is closed"],
    ["<title>Storm closes the outer quay · Politics</title>", "Storm closes the outer quay"],
  ])("%s", (head, title) => {
    expect(page(head).title).toBe(title);
  });

  it("falls back to the first heading", () => {
    expect(page("").title).toBe("Heading of the story");
  });

  it("strips a site part only when it names the site", () => {
    expect(stripSiteFromTitle("Budget approved - Halden Gazette", "Halden Gazette", undefined)).toBe("Budget approved");
    expect(stripSiteFromTitle("Budget approved - council says", undefined, "haldengazette.example")).toBe(
      "Budget approved - council says",
    );
    expect(stripSiteFromTitle("Budget approved | haldengazette.example", undefined, "www.haldengazette.example")).toBe(
      "Budget approved",
    );
  });
});

describe("site name", () => {
  it.each([
    ['<meta property="og:site_name" content="Open Graph Site">', "Open Graph Site"],
    [
      jsonLd({ "@type": "NewsArticle", headline: "x", publisher: { "@type": "Organization", name: "Publisher Name" } }),
      "Publisher Name",
    ],
    [
      jsonLd({
        "@graph": [
          { "@type": "NewsMediaOrganization", "@id": "#org", name: "Referenced Publisher" },
          { "@type": "Article", headline: "x", publisher: { "@id": "#org" } },
        ],
      }),
      "Referenced Publisher",
    ],
    ['<meta name="application-name" content="App Name">', "App Name"],
    [jsonLd({ "@type": "WebSite", name: "Web Site Name" }), "Web Site Name"],
  ])("%s", (head, siteName) => {
    expect(page(head).siteName).toBe(siteName);
  });

  it("is left out when the page names none", () => {
    expect(page("<title>x</title>").siteName).toBeUndefined();
  });
});

describe("byline", () => {
  it.each([
    ['<meta name="author" content="Jane Doe">', BODY, "Jane Doe"],
    ['<meta name="author" content="By Jane Doe">', BODY, "Jane Doe"],
    ['<meta name="author" content="https://www.facebook.example/jane">', BODY, undefined],
    ['<meta property="article:author" content="https://social.example/jane">', BODY, undefined],
    [jsonLd({ "@type": "NewsArticle", author: { "@type": "Person", name: "Ana Ruiz" } }), BODY, "Ana Ruiz"],
    [jsonLd({ "@type": "NewsArticle", author: [{ name: "Ana Ruiz" }, { name: "Leo Hart" }] }), BODY, "Ana Ruiz, Leo Hart"],
    [jsonLd({ "@type": "NewsArticle", author: "Plain String Author" }), BODY, "Plain String Author"],
    ["", `<p>By <a rel="author" href="/people/sam">Sam Writer</a></p>${BODY}`, "Sam Writer"],
    ["", `<article><h1>x</h1><span class="c-byline__name">Olivia Grant</span>${BODY}</article>`, "Olivia Grant"],
    ["", `<article><h1>x</h1><span itemprop="author">Lena Vogt</span>${BODY}</article>`, "Lena Vogt"],
    ["", `<div class="meta">By Max Mustermann | 4 March 2026</div>${BODY}`, "Max Mustermann"],
    ["", `<div class="meta">Von Max Mustermann</div>${BODY}`, "Max Mustermann"],
    ["", `<div class="meta">Par Jean Dupont</div>${BODY}`, "Jean Dupont"],
    ["", `<div class="meta">Por Ana Ruiz</div>${BODY}`, "Ana Ruiz"],
    ["", `<nav><div class="author">Site Admin</div></nav>${BODY}`, undefined],
    ["", BODY, undefined],
  ])("%s %#", (head, body, byline) => {
    expect(page(head, body).byline).toBe(byline);
  });

  it("tidies bylines", () => {
    expect(cleanByline("  By   Jane Doe  ")).toBe("Jane Doe");
    expect(cleanByline("Jane Doe | March 4, 2026")).toBe("Jane Doe");
    expect(cleanByline("written by: Jane Doe")).toBe("Jane Doe");
    expect(cleanByline("www.example.com/jane")).toBeUndefined();
    expect(cleanByline("1234")).toBeUndefined();
    expect(cleanByline("x".repeat(200))).toBeUndefined();
  });
});

describe("published date", () => {
  it.each([
    ['<meta property="article:published_time" content="2026-03-04T10:15:00+01:00">', "2026-03-04T09:15:00.000Z"],
    ['<meta name="article:published_time" content="2026-03-04T10:15:00Z">', "2026-03-04T10:15:00.000Z"],
    [jsonLd({ "@type": "NewsArticle", datePublished: "2026-03-04T10:15:00-05:00" }), "2026-03-04T15:15:00.000Z"],
    [
      jsonLd({ "@graph": [{ "@type": "WebPage" }, { "@type": "BlogPosting", datePublished: "2026-03-04" }] }),
      "2026-03-04T00:00:00.000Z",
    ],
    ['<meta itemprop="datePublished" content="2026-03-04T08:00:00+02:00">', "2026-03-04T06:00:00.000Z"],
    ['<meta name="date" content="2026-03-04">', "2026-03-04T00:00:00.000Z"],
    ['<meta name="pubdate" content="20260304T101500Z">', "2026-03-04T10:15:00.000Z"],
    ['<meta name="DC.date.issued" content="2026-03-04">', "2026-03-04T00:00:00.000Z"],
    ['<meta name="sailthru.date" content="Wed, 04 Mar 2026 16:45:00 -0500">', "2026-03-04T21:45:00.000Z"],
  ])("%s", (head, date) => {
    expect(page(head).publishedAt).toBe(date);
  });

  it("reads <time datetime>, preferring a pubdate one, and article:published_time over all", () => {
    const body = (times: string) => `<article><h1>x</h1>${times}${BODY}</article>`;
    expect(page("", body('<time datetime="2026-03-04T10:00:00Z">4 March</time>')).publishedAt).toBe("2026-03-04T10:00:00.000Z");
    expect(
      page("", body('<time datetime="2026-03-05">5 March</time><time pubdate datetime="2026-03-04">4 March</time>')).publishedAt,
    ).toBe("2026-03-04T00:00:00.000Z");
    expect(page("", body("<time>4 March 2026</time>")).publishedAt).toBeUndefined();
    expect(
      page(
        '<meta property="article:published_time" content="2026-01-01T00:00:00Z">',
        body('<time datetime="2026-03-04">x</time>'),
      ).publishedAt,
    ).toBe("2026-01-01T00:00:00.000Z");
    expect(page("", `<aside><time datetime="2020-01-01">old</time></aside>${BODY}`).publishedAt).toBeUndefined();
  });

  it("skips dates it cannot read and takes the next", () => {
    expect(page('<meta name="date" content="04/03/2026"><meta name="pubdate" content="2026-03-04">').publishedAt).toBe(
      "2026-03-04T00:00:00.000Z",
    );
    expect(page('<meta property="article:published_time" content="yesterday">').publishedAt).toBeUndefined();
  });

  it.each([
    ["2026-03-04", "2026-03-04T00:00:00.000Z"],
    ["2026-03-04T10:15", "2026-03-04T10:15:00.000Z"],
    ["2026-03-04T10:15:00", "2026-03-04T10:15:00.000Z"],
    ["2026-03-04T10:15:00+0530", "2026-03-04T04:45:00.000Z"],
    ["2026-03-04 10:15:00 UTC", "2026-03-04T10:15:00.000Z"],
    ["2026-03-04T10:15:00.123456Z", "2026-03-04T10:15:00.123Z"],
    ["20260304", "2026-03-04T00:00:00.000Z"],
    ["1772619300", "2026-03-04T10:15:00.000Z"],
    ["1772619300000", "2026-03-04T10:15:00.000Z"],
    ["Wed, 04 Mar 2026 10:00:00 GMT", "2026-03-04T10:00:00.000Z"],
    ["March 4, 2026", "2026-03-04T00:00:00.000Z"],
    ["Mar. 4, 2026 10:15 a.m. EST", "2026-03-04T15:15:00.000Z"],
    ["March 4, 2026 at 3:05 pm PST", "2026-03-04T23:05:00.000Z"],
    ["4 March 2026", "2026-03-04T00:00:00.000Z"],
    ["4. März 2026, 10:15 Uhr", "2026-03-04T10:15:00.000Z"],
    ["Dienstag, 4. März 2026", "2026-03-04T00:00:00.000Z"],
    ["04.03.2026", "2026-03-04T00:00:00.000Z"],
    ["1er mars 2026", "2026-03-01T00:00:00.000Z"],
    ["5 mars 2026 à 7h45", "2026-03-05T07:45:00.000Z"],
    ["4 de marzo de 2026", "2026-03-04T00:00:00.000Z"],
    ["14/03/2026", "2026-03-14T00:00:00.000Z"],
    ["2026/03/04 10:15", "2026-03-04T10:15:00.000Z"],
  ])("normalises %s", (raw, iso) => {
    expect(normalizeDate(raw)).toBe(iso);
  });

  it.each(["", "yesterday", "04/03/2026", "2026-02-31", "2026-13-01", "1850-01-01", "March 40, 2026", "12345", "4 Smarch 2026"])(
    "refuses %j",
    (raw) => {
      expect(normalizeDate(raw)).toBeUndefined();
    },
  );
});

describe("canonical address", () => {
  it.each([
    ['<link rel="canonical" href="https://other.example/original">', "https://other.example/original"],
    ['<link rel="canonical" href="/world/canonical-story">', "https://www.example-news.example/world/canonical-story"],
    ['<link rel="canonical" href="../canonical-story">', "https://www.example-news.example/world/2026/03/canonical-story"],
    ['<link rel="canonical" href="//cdn.example/story">', "https://cdn.example/story"],
    ['<link rel="canonical" href="https://other.example/original#section">', "https://other.example/original"],
    ['<link rel="Canonical" href="https://other.example/original">', "https://other.example/original"],
    ['<meta property="og:url" content="https://other.example/from-og">', "https://other.example/from-og"],
    [
      '<link rel="canonical" href="https://a.example/1"><meta property="og:url" content="https://b.example/2">',
      "https://a.example/1",
    ],
    ['<base href="https://mirror.example/docs/"><link rel="canonical" href="story">', "https://mirror.example/docs/story"],
  ])("%s", (head, canonical) => {
    expect(page(head).canonicalUrl).toBe(canonical);
  });

  it.each([
    `<link rel="canonical" href="${URL}">`,
    `<link rel="canonical" href="${URL}#top">`,
    '<link rel="canonical" href="/world/2026/03/04/story">',
    `<meta property="og:url" content="${URL}">`,
    '<link rel="canonical" href="javascript:alert(1)">',
    '<link rel="canonical" href="ftp://files.example/story">',
    "",
  ])("is left out: %s", (head) => {
    expect(page(head).canonicalUrl).toBeUndefined();
  });
});

describe("links", () => {
  it("keeps absolute http(s) links of the main text once, without fragments, resolved against <base>", () => {
    const body = `<article><h1>x</h1><p>${"Text of the story that is long enough for the reader to keep. ".repeat(5)}
      <a href="https://a.example/one#part">one</a> <a href="https://a.example/one">again</a>
      <a href="/two">two</a> <a href="three?x=1">three</a> <a href="#top">top</a> <a href="">empty</a>
      <a href="mailto:x@example.org">mail</a> <a href="javascript:void(0)">js</a> <a href="tel:+441234">tel</a>
      <a href="${URL}">self</a> <a href="http://plain.example/"><img src="a.png" alt=""></a></p></article>
      <nav><a href="https://nav.example/">nav</a></nav><footer><a href="https://footer.example/">footer</a></footer>`;
    expect(page("", body).links).toEqual([
      "https://a.example/one",
      "https://www.example-news.example/two",
      "https://www.example-news.example/world/2026/03/04/three?x=1",
      "http://plain.example/",
    ]);
    expect(page('<base href="https://mirror.example/docs/">', body).links).toContain("https://mirror.example/docs/three?x=1");
  });
});
