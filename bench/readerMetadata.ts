// How well src/sourcing/read/ reads a page's title, byline, publication day and main text, measured
// against Mozilla Readability's own test pages, next to Readability itself.
//
// Run with `npx tsx bench/readerMetadata.ts <test-pages dir> [--details]`, where the folder is an
// unpacked copy of test/test-pages/ from github.com/mozilla/readability (one folder per page, with
// source.html, expected.html and expected-metadata.json). The pages are other people's content and
// stay outside this repository; this script only reads them.
//
// For every page it runs readPage(html, url) (our reader, on its default DOM) and Readability 0.6.0
// on a jsdom document, as Readability's own test suite does, both with the URL the suite uses
// (http://fakehost/test/page.html), and scores each against the page's expected files:
//   - title: exact after white-space normalisation;
//   - byline: exact after white-space normalisation, absent matching absent (null or "");
//   - published day: on pages whose expected publishedTime is set, the yyyy-mm-dd of that instant in
//     UTC (our reader gives UTC; Readability's string is normalised the same way as the expected one);
//   - text: token F1 (multiset of lower-cased words, each Han/kana character a token) of the main
//     text against expected.html, averaged over pages.
// The expected values are Readability's own output, site parts, "By" prefixes and all, so two
// looser figures are printed beside the exact ones, for both readers alike:
//   - title, site part aside: also right when the two are equal once a part after the last (or
//     before the first) " | ", " - ", " – ", " — ", " · ", " • ", " » " or " :: " is removed from
//     either, at most twice ("How to Build a Terrarium" for "How to Build a Terrarium | eHow");
//   - byline, name only: also right when the two are equal, ignoring case, once a leading "By",
//     "Par", "Written by" and what follows a line break are removed ("Nathan Willis" for
//     "By Nathan Willis\n March 25, 2015").
// A third byline figure, "judged", takes the byline a careful reader of the page names where
// Readability's expected value is not the main article's author ("Follow Author", a date line, a
// related story's teaser): bench/readabilityBylinesJudged.json lists those pages, each with the
// evidence in the page: judged by reading each page where the two readers disagree on its byline.
// --details lists every page where our reader misses, with what it read and what was expected.
// Not a test: it asserts nothing.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Readability } from "@mozilla/readability";
import { normalizeDate } from "../src/sourcing/read/dates.ts";
import { type DomImplementation, isDomAvailable, jsdomDom, linkedomDom } from "../src/sourcing/read/dom.ts";
import { readPage } from "../src/sourcing/read/readPage.ts";

const PAGE_URL = "http://fakehost/test/page.html";

interface ExpectedMetadata {
  title?: string | null;
  byline?: string | null;
  publishedTime?: string | null;
}

interface TestPage {
  name: string;
  source: string;
  expectedHtml: string;
  expected: ExpectedMetadata;
}

/** What a reader gave for one page. */
interface Reading {
  title: string;
  byline: string | undefined;
  publishedTime: string | undefined;
  text: string;
}

const args = process.argv.slice(2);
const folder = args.find((arg) => !arg.startsWith("--"));
const details = args.includes("--details");
if (folder === undefined) {
  console.error("usage: npx tsx bench/readerMetadata.ts <readability test-pages dir> [--details]");
  process.exit(2);
}

function loadPages(dir: string): TestPage[] {
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort()
    .flatMap((name) => {
      try {
        return [
          {
            name,
            source: readFileSync(join(dir, name, "source.html"), "utf8"),
            expectedHtml: readFileSync(join(dir, name, "expected.html"), "utf8"),
            expected: JSON.parse(readFileSync(join(dir, name, "expected-metadata.json"), "utf8")) as ExpectedMetadata,
          },
        ];
      } catch {
        return []; // not a test page
      }
    });
}

const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The UTC yyyy-mm-dd of a date as written, or undefined. */
function utcDay(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const iso = normalizeDate(raw);
  if (iso !== undefined) return iso.slice(0, 10);
  const millis = Date.parse(raw);
  return Number.isNaN(millis) ? undefined : new Date(millis).toISOString().slice(0, 10);
}

/** Lower-cased words; in Chinese and Japanese, where words are not spaced, each character. */
function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu) ?? [];
}

const TITLE_SEPARATOR = / (?:\||-|–|—|·|•|»|::) /;

/** A title and what is left of it with one or two site parts removed from either end. */
function titleVariants(title: string): Set<string> {
  const variants = new Set([title]);
  for (let round = 0; round < 2; round++) {
    for (const variant of [...variants]) {
      const parts = variant.split(TITLE_SEPARATOR);
      if (parts.length < 2) continue;
      const separators = variant.match(new RegExp(TITLE_SEPARATOR.source, "g")) ?? [];
      variants.add(variant.slice(0, variant.lastIndexOf(separators[separators.length - 1] ?? "")).trim());
      variants.add(variant.slice((parts[0] ?? "").length + (separators[0] ?? "").length).trim());
    }
  }
  return variants;
}

function sameTitleAsideSite(got: string, want: string): boolean {
  if (got === want) return true;
  const wanted = titleVariants(want);
  return [...titleVariants(got)].some((variant) => variant !== "" && wanted.has(variant));
}

/** A byline without a "By" prefix, without what follows a line break, in lower case. */
function bylineName(byline: string | null | undefined): string {
  const name = (byline ?? "").trim().replace(/^(?:by|par|von|por|written by)\s+/i, "");
  return squash(name.split("\n")[0]).toLowerCase();
}

function tokenF1(got: string, want: string): number {
  const a = tokens(got);
  const b = tokens(want);
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const token of b) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of a) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common++;
      counts.set(token, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / a.length;
  const recall = common / b.length;
  return (2 * precision * recall) / (precision + recall);
}

function textOf(html: string, dom: DomImplementation): string {
  const parsed = dom.parse(`<!doctype html><html><body>${html}</body></html>`, PAGE_URL);
  try {
    return parsed.document.body?.textContent ?? "";
  } finally {
    parsed.close();
  }
}

function ours(page: TestPage): Reading {
  const read = readPage(page.source, PAGE_URL);
  return { title: read.title, byline: read.byline, publishedTime: read.publishedAt, text: read.text };
}

function readability(page: TestPage, dom: DomImplementation): Reading {
  const parsed = dom.parse(page.source, PAGE_URL);
  try {
    const article = new Readability(parsed.document).parse();
    return {
      title: article?.title ?? "",
      byline: article?.byline ?? undefined,
      publishedTime: article?.publishedTime ?? undefined,
      text: article?.textContent ?? "",
    };
  } catch {
    return { title: "", byline: undefined, publishedTime: undefined, text: "" };
  } finally {
    parsed.close();
  }
}

/** Pages whose main article's author is not Readability's expected byline, with the evidence. */
const judgedBylines = JSON.parse(readFileSync(new URL("./readabilityBylinesJudged.json", import.meta.url), "utf8")) as Record<
  string,
  { byline: string | null; evidence: string }
>;

interface Score {
  title: boolean;
  titleAsideSite: boolean;
  byline: boolean;
  bylineName: boolean;
  /** The name only, against the judged byline where one is listed. */
  bylineJudged: boolean;
  /** Undefined when the page has no expected publication time. */
  day: boolean | undefined;
  f1: number;
}

function score(reading: Reading, page: TestPage, expectedText: string): Score {
  const wantDay = utcDay(page.expected.publishedTime);
  return {
    title: squash(reading.title) === squash(page.expected.title),
    titleAsideSite: sameTitleAsideSite(squash(reading.title), squash(page.expected.title)),
    byline: squash(reading.byline) === squash(page.expected.byline),
    bylineName: bylineName(reading.byline) === bylineName(page.expected.byline),
    bylineJudged:
      bylineName(reading.byline) ===
      bylineName(page.name in judgedBylines ? judgedBylines[page.name]?.byline : page.expected.byline),
    day: wantDay === undefined ? undefined : utcDay(reading.publishedTime) === wantDay,
    f1: tokenF1(reading.text, expectedText),
  };
}

const pages = loadPages(folder);
if (pages.length === 0) {
  console.error(`no test pages (folders with source.html, expected.html, expected-metadata.json) in ${folder}`);
  process.exit(2);
}
// Readability's suite runs on jsdom; without it (an optional package here) Readability runs on linkedom.
const referenceDom = isDomAvailable(jsdomDom) ? jsdomDom : linkedomDom;
const readers: { name: string; read: (page: TestPage) => Reading }[] = [
  { name: "ours (readPage)", read: ours },
  { name: `Readability (${referenceDom.name})`, read: (page) => readability(page, referenceDom) },
];
if (referenceDom !== linkedomDom)
  readers.push({ name: "Readability (linkedom)", read: (page) => readability(page, linkedomDom) });

const scores = readers.map(() => [] as Score[]);
const misses: string[] = [];
for (const page of pages) {
  const expectedText = textOf(page.expectedHtml, referenceDom);
  readers.forEach((reader, index) => {
    const reading = reader.read(page);
    const result = score(reading, page, expectedText);
    scores[index]?.push(result);
    if (index !== 0 || !details) return;
    const show = (value: string | undefined | null) => JSON.stringify(squash(value) || null);
    const loose = (right: boolean) => (right ? " (loosely right)" : "");
    if (!result.title)
      misses.push(
        `${page.name}  title   ${show(reading.title)}  expected ${show(page.expected.title)}${loose(result.titleAsideSite)}`,
      );
    if (!result.byline)
      misses.push(
        `${page.name}  byline  ${show(reading.byline)}  expected ${show(page.expected.byline)}${loose(result.bylineName)}`,
      );
    if (result.day === false)
      misses.push(`${page.name}  day     ${show(reading.publishedTime)}  expected ${show(page.expected.publishedTime)}`);
    if (result.f1 < 0.9) misses.push(`${page.name}  text F1 ${result.f1.toFixed(3)}`);
  });
}

function figure(right: number, total: number): string {
  return `${((100 * right) / total).toFixed(1)}% (${right}/${total})`;
}

function table(header: string[], row: (list: Score[]) => string[]): void {
  const rows = [["reader", ...header], ...readers.map((reader, index) => [reader.name, ...row(scores[index] ?? [])])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? "").length)));
  for (const cells of rows) {
    const line = cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
    console.log(line.trimEnd());
  }
}

/** The share of `list` that `right` holds for, as "87.7% (114/130)". */
const share = (list: Score[], right: (item: Score) => boolean | undefined) => figure(list.filter(right).length, list.length);

console.log(`${pages.length} pages from ${folder}, page URL ${PAGE_URL} (Node ${process.version})\n`);
table(["title exact", "byline exact", "published day", "text token F1"], (list) => [
  share(list, (item) => item.title),
  share(list, (item) => item.byline),
  share(
    list.filter((item) => item.day !== undefined),
    (item) => item.day,
  ),
  (list.reduce((sum, item) => sum + item.f1, 0) / list.length).toFixed(4),
]);
console.log();
table(["title, site part aside", "byline, name only", "byline, judged"], (list) => [
  share(list, (item) => item.titleAsideSite),
  share(list, (item) => item.bylineName),
  share(list, (item) => item.bylineJudged),
]);
if (details) console.log(`\nOur misses:\n${misses.join("\n")}`);
