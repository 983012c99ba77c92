// What reading a page costs, and the two choices behind src/sourcing/read/:
//   1. the DOM library: linkedom against jsdom, each running the same readPage (parse, metadata,
//      Readability, paragraphs, language, attributions) on the fixture pages in
//      test/read/fixtures/pages (19 pages from 0.3 KB to 1.1 MB, three of them 80 KB or more);
//      prints p50/p99 per page read for each, and whether both give the same main text;
//   2. the language detector: eld (four database sizes) against tinyld (three builds) on the
//      labelled samples in test/read/fixtures/languages (8 sentences in each of the 22 languages),
//      as whole sentences, as the first three words of each, and as one paragraph per language.
// Run with `npx tsx bench/reading.ts` (BENCH_ROUNDS=n for more or fewer rounds, default 15).
// Not a test: nothing here asserts timings, and the figures depend on the machine.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DomImplementation, domImplementations, isDomAvailable } from "../src/sourcing/read/dom.ts";
import { normalizeLanguageCode } from "../src/sourcing/read/language.ts";
import { readPage } from "../src/sourcing/read/readPage.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pagesDir = join(root, "test/read/fixtures/pages");
const languagesDir = join(root, "test/read/fixtures/languages");
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 15) || 15);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : "n/a";
}

function table(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
}

// 1. DOM ------------------------------------------------------------------------------------------

interface Page {
  name: string;
  url: string;
  html: string;
}

const pages: Page[] = readdirSync(pagesDir)
  .filter((file) => file.endsWith(".html.txt"))
  .sort()
  .map((file) => ({
    name: file.replace(/\.html\.txt$/, ""),
    url: `https://news.example/${file.replace(/\.html\.txt$/, "")}`,
    html: readFileSync(join(pagesDir, file), "utf8"),
  }));

function measure(dom: DomImplementation): { all: number[]; perPage: Map<string, number[]>; texts: Map<string, string> } {
  const all: number[] = [];
  const perPage = new Map<string, number[]>();
  const texts = new Map<string, string>();
  for (const page of pages) texts.set(page.name, readPage(page.html, page.url, { dom }).text); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      const start = performance.now();
      readPage(page.html, page.url, { dom });
      const elapsed = performance.now() - start;
      all.push(elapsed);
      perPage.set(page.name, [...(perPage.get(page.name) ?? []), elapsed]);
    }
  }
  all.sort((a, b) => a - b);
  for (const list of perPage.values()) list.sort((a, b) => a - b);
  return { all, perPage, texts };
}

console.log(`Reading ${pages.length} pages, ${ROUNDS} rounds each (Node ${process.version})\n`);
const doms = Object.values(domImplementations);
const results = new Map<string, ReturnType<typeof measure>>();
for (const dom of doms) {
  if (!isDomAvailable(dom)) {
    console.log(`${dom.name}: not installed, skipped`);
    continue;
  }
  results.set(dom.name, measure(dom));
}

const names = [...results.keys()];
const perPageRows: string[][] = [["page", "KB", ...names.map((name) => `${name} p50 ms`)]];
for (const page of pages) {
  perPageRows.push([
    page.name,
    (page.html.length / 1024).toFixed(1),
    ...names.map((name) => ms(percentile(results.get(name)?.perPage.get(page.name) ?? [], 50))),
  ]);
}
table(perPageRows);
console.log();
const summaryRows: string[][] = [["dom", "reads", "p50 ms", "p99 ms", "mean ms"]];
for (const [name, result] of results) {
  const mean = result.all.reduce((sum, value) => sum + value, 0) / result.all.length;
  summaryRows.push([name, String(result.all.length), ms(percentile(result.all, 50)), ms(percentile(result.all, 99)), ms(mean)]);
}
table(summaryRows);

if (names.length === 2) {
  const [first, second] = names.map((name) => results.get(name)!);
  const differing = pages.filter((page) => first!.texts.get(page.name) !== second!.texts.get(page.name));
  console.log(
    `\nSame main text from ${names.join(" and ")}: ${pages.length - differing.length}/${pages.length} pages` +
      (differing.length > 0 ? `; differs on ${differing.map((page) => page.name).join(", ")}` : ""),
  );
}

// 2. Language detectors -----------------------------------------------------------------------------

interface Sample {
  language: string;
  sentences: string[];
}

const samples: Sample[] = readdirSync(languagesDir)
  .filter((file) => file.endsWith(".txt"))
  .sort()
  .map((file) => ({
    language: file.replace(/\.txt$/, ""),
    sentences: readFileSync(join(languagesDir, file), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== ""),
  }));

type Detect = (text: string) => string | undefined;

/** Time to import a detector and the heap it holds, measured in a fresh Node process. */
function loadCost(specifier: string): { ms: number; heapMb: number } | undefined {
  const script = `const h = process.memoryUsage().heapUsed; const t = performance.now();
    const m = await import(${JSON.stringify(specifier)}); const ms = performance.now() - t;
    globalThis.gc?.(); console.log(JSON.stringify({ ms, heapMb: (process.memoryUsage().heapUsed - h) / 1e6, keep: typeof m }));`;
  try {
    const output = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
    });
    return JSON.parse(output) as { ms: number; heapMb: number };
  } catch {
    return undefined;
  }
}

async function loadDetector(name: string): Promise<Detect | undefined> {
  try {
    // Specifiers in variables: the bench still compiles and runs when a package is uninstalled.
    let detect: Detect;
    if (name.startsWith("eld/")) {
      const specifier = name;
      const module = (await import(specifier)) as { eld: { detect(text: string): { language: string } } };
      detect = (text) => module.eld.detect(text).language;
    } else {
      const specifier = name === "tinyld/normal" ? "tinyld" : name;
      const module = (await import(specifier)) as { detect(text: string): string };
      detect = (text) => module.detect(text);
    }
    return detect;
  } catch {
    return undefined;
  }
}

console.log(`\nLanguage detection on ${samples.length} languages × ${samples[0]?.sentences.length ?? 0} sentences`);
const detectorRows: string[][] = [
  ["detector", "sentences", "3 words", "paragraphs", "µs/detect", "load ms", "heap MB", "misses (sentences)"],
];
for (const name of ["eld/extrasmall", "eld/small", "eld/medium", "eld/large", "tinyld/light", "tinyld/normal", "tinyld/heavy"]) {
  const detect = await loadDetector(name);
  if (!detect) {
    detectorRows.push([name, "not installed"]);
    continue;
  }
  const code = (text: string) => normalizeLanguageCode(detect(text)) ?? "-";
  const cost = loadCost(name === "tinyld/normal" ? "tinyld" : name);
  let sentencesRight = 0;
  let wordsRight = 0;
  let paragraphsRight = 0;
  let total = 0;
  let detections = 0;
  const misses: string[] = [];
  for (const sample of samples) for (const sentence of sample.sentences) detect(sentence); // warm-up
  const start = performance.now();
  for (const sample of samples) {
    for (const sentence of sample.sentences) {
      total++;
      const got = code(sentence);
      if (got === sample.language) sentencesRight++;
      else misses.push(`${sample.language}→${got}`);
      if (code(sentence.split(" ").slice(0, 3).join(" ")) === sample.language) wordsRight++;
      detections += 2;
    }
    if (code(sample.sentences.join(" ")) === sample.language) paragraphsRight++;
    detections++;
  }
  const microseconds = ((performance.now() - start) * 1000) / detections;
  detectorRows.push([
    name,
    `${sentencesRight}/${total}`,
    `${wordsRight}/${total}`,
    `${paragraphsRight}/${samples.length}`,
    microseconds.toFixed(0),
    cost ? cost.ms.toFixed(0) : "n/a",
    cost ? cost.heapMb.toFixed(0) : "n/a",
    misses.length === 0 ? "-" : `${misses.slice(0, 8).join(" ")}${misses.length > 8 ? ` … (${misses.length})` : ""}`,
  ]);
}
table(detectorRows);
console.log("\n(load ms and heap MB: importing the detector in a fresh Node process, heap after a GC.)");
