// What the sourcing engine costs. Prints, side by side so growth is visible:
//   - reading time per page (p50, p99) over the test web's pages, with the default DOM;
//   - grouping time (origin grouping, near-duplicate detection included) for 100, 1,000 and
//     10,000 synthetic pages, and claim checking for 100 and 1,000 pages.
// Synthetic pages mix own reporting with wire relays and unattributed near copies, so the
// grouping does real work. Run with `npm run bench:sourcing`. Not a test: nothing is asserted.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { checkClaims } from "../src/sourcing/claims/checkClaims.ts";
import { groupOrigins } from "../src/sourcing/group/originGroups.ts";
import { readPage } from "../src/sourcing/read/index.ts";
import type { ReadPage } from "../src/sourcing/types.ts";
import { siteFiles } from "../test/web/testWeb.ts";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

function readingTimes(rounds: number): number[] {
  const files = siteFiles().filter((f) => f.file.endsWith(".html"));
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const f of files) {
      const html = readFileSync(f.file, "utf8");
      const start = performance.now();
      readPage(html, f.url);
      times.push(performance.now() - start);
    }
  }
  return times.sort((a, b) => a - b);
}

// A small vocabulary makes texts that share words but differ as documents, like real news.
const WORDS =
  "council harbour ferry storm bridge school budget police hospital minister plant jobs energy river flood road rail port market trade union court judge strike fire crew ship cargo container beach vote election mayor tax water power grid station project plan report inquiry warning damage repair".split(
    " ",
  );

function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function sentence(random: () => number): string {
  const n = 10 + Math.floor(random() * 10);
  const words = Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)] as string);
  const figure = Math.floor(random() * 5000);
  return `${words.slice(0, 4).join(" ")} ${figure} ${words.slice(4).join(" ")} on ${1 + Math.floor(random() * 28)} March 2026.`;
}

/** `count` pages: 70% own reporting, 20% wire relays of 1 of 20 agency stories, 10% near copies. */
function syntheticPages(count: number, seed = 7): ReadPage[] {
  const random = rng(seed);
  const wireStories = Array.from({ length: 20 }, () => Array.from({ length: 12 }, () => sentence(random)).join(" "));
  const pages: ReadPage[] = [];
  for (let i = 0; i < count; i++) {
    const url = `https://outlet${i % Math.max(1, Math.floor(count / 3))}.example/story/${i}`;
    const roll = random();
    let text: string;
    const attributions: ReadPage["attributions"] = [];
    if (roll < 0.2) {
      text = `PORTMERE (AP) — ${wireStories[i % 20]}`;
      attributions.push({ kind: "wire", party: "AP", text: "PORTMERE (AP) —" });
    } else if (roll < 0.3 && pages.length > 0) {
      const original = pages[Math.floor(random() * pages.length)] as ReadPage;
      text = original.text.split(". ").slice(1).join(". ");
    } else {
      text = Array.from({ length: 12 }, () => sentence(random)).join(" ");
    }
    pages.push({ url, title: `Story ${i}`, text, links: [], attributions, language: "en" });
  }
  return pages;
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const reading = readingTimes(5);
console.log(
  `Reading a page (test web, ${reading.length / 5} pages × 5 rounds): p50 ${percentile(reading, 0.5).toFixed(2)} ms, p99 ${percentile(reading, 0.99).toFixed(2)} ms`,
);
console.log("");
console.log("pages     grouping ms   per page ms   claim check ms");
for (const n of [100, 1_000, 10_000]) {
  const pages = syntheticPages(n);
  groupOrigins(pages.slice(0, 50)); // warm up
  const grouping = time(() => groupOrigins(pages));
  const sources = groupOrigins(pages);
  const checking = n <= 1_000 ? time(() => checkClaims(sources)).toFixed(0) : "-";
  console.log(
    `${String(n).padEnd(9)} ${grouping.toFixed(0).padStart(11)}   ${(grouping / n).toFixed(3).padStart(11)}   ${checking.padStart(14)}`,
  );
}
