// The story corpus (test/corpus, README.md there): loading a story's truth, serving its pages,
// and checking that a truth file agrees with its pages and with the definitions of the claim
// states. The checker reads pages with its own simple rules (the <article> element, sentences
// split on end punctuation), never with the engine's, so the ground truth does not lean on the
// code it scores.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDomain } from "tldts";
import { fileForUrl, siteFiles } from "../web/testWeb.ts";

export const corpusRoot = path.dirname(fileURLToPath(import.meta.url));

export type StoryState = "corroborated" | "singleSource" | "circular" | "parallel" | "disputed";
export type CorpusSet = "development" | "heldout" | "incoming";

export interface StoryPage {
  url: string;
  lang: string;
  contentType: "text/html" | "text/plain";
  kind: string;
  origin: string;
  official: boolean;
  party?: string;
  signals: string[];
}

export interface StoryClaim {
  id: string;
  state: StoryState;
  text: string;
  facts: (string | string[])[];
  carriedBy: string[];
  restsOn: Record<string, string>;
  attributedTo?: string;
  conflictsWith?: string[];
  denial?: boolean;
  later?: boolean;
  languages?: string[];
}

export interface StoryTruth {
  story: { id: string; title: string; topic: string; writer: string; languages: string[]; patterns: string[] };
  pages: StoryPage[];
  parties?: { name: string; aliases: string[] }[];
  claims: StoryClaim[];
}

export interface Story {
  set: CorpusSet;
  dir: string;
  sites: string;
  truth: StoryTruth;
}

/** Story folders of one set, sorted by id. */
export function storyDirs(set: CorpusSet): string[] {
  const root = path.join(corpusRoot, set);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, d.name, "truth.json")))
    .map((d) => path.join(root, d.name))
    .sort();
}

export function loadStory(dir: string, set: CorpusSet = "incoming"): Story {
  const truth = JSON.parse(readFileSync(path.join(dir, "truth.json"), "utf8")) as StoryTruth;
  return { set, dir, sites: path.join(dir, "sites"), truth };
}

export function loadSet(set: CorpusSet): Story[] {
  return storyDirs(set).map((dir) => loadStory(dir, set));
}

// Reading pages, simply -----------------------------------------------------------------------

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#")
      return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return entities[e.toLowerCase()] ?? m;
  });
}

/** Text blocks (paragraph-like) of an HTML fragment, tags stripped. */
export function blocks(html: string): string[] {
  const text = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(
      /<\/?(p|div|h[1-6]|li|ul|ol|blockquote|figure|figcaption|time|header|footer|section|article|aside|nav|main|br|tr|td|th|dd|dt)\b[^>]*>/gi,
      "\n",
    )
    .replace(/<[^>]+>/g, "");
  return decode(text)
    .split("\n")
    .map((b) => b.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Sentences of a page's main text: the <article> element of HTML, the whole of plain text. */
export function mainSentences(body: string, contentType: string): string[] {
  let parts: string[];
  if (contentType.startsWith("text/plain")) parts = body.split(/\n\s*\n/).map((b) => b.replace(/\s+/g, " ").trim());
  else {
    const match = body.match(/<article\b[\s\S]*<\/article>/i);
    parts = match ? blocks(match[0]) : [];
  }
  return parts.flatMap((b) =>
    b.split(/(?<=[.!?…]["”’»)]?)\s+(?=["“‘„«¿¡(]?[\p{Lu}\p{N}])|(?<=[。！？])/u).filter((s) => s.trim().length > 0),
  );
}

const LATIN_WORD = String.raw`[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]`;

/** A fact token as a whole word or number: "40" is not in "40,000" or "1940"; "14" is in "14人" and "£14m". */
export function tokenPattern(token: string): RegExp {
  const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const after = /\p{N}$/u.test(token) ? String.raw`(?![\p{N}]|[.,]\p{N})` : `(?!${LATIN_WORD})`;
  const before = /^\p{N}/u.test(token) ? String.raw`(?<![\p{N}\p{Script=Latin}]|\p{N}[.,])` : `(?<!${LATIN_WORD})`;
  return new RegExp(`${before}${escaped}${after}`, "iu");
}

/** Does a sentence hold every fact (each a token or a list of alternatives)? */
export function holdsFacts(sentence: string, facts: readonly (string | string[])[]): boolean {
  return facts.every((fact) => (Array.isArray(fact) ? fact : [fact]).some((t) => tokenPattern(t).test(sentence)));
}

export function pageSentences(story: Story, url: string, contentType: string): string[] {
  const file = fileForUrl(url, story.sites);
  if (!file) return [];
  return mainSentences(readFileSync(file, "utf8"), contentType);
}

// The states, derived from the definitions ----------------------------------------------------

/** The state a claim has by the definitions, given who each carrier rests it on (README.md, "The states"). */
export function derivedState(truth: StoryTruth, claim: StoryClaim): StoryState {
  if (claim.conflictsWith && claim.conflictsWith.length > 0) return "disputed";
  const pageOf = new Map(truth.pages.map((p) => [p.url, p]));
  const originCarriers = new Map<string, string[]>();
  for (const url of claim.carriedBy) {
    const origin = pageOf.get(url)?.origin ?? url;
    originCarriers.set(origin, [...(originCarriers.get(origin) ?? []), url]);
  }
  const basisOf = (url: string, seen: Set<string>): string => {
    const rest = claim.restsOn[url] ?? "own";
    const page = pageOf.get(url);
    const own = `origin:${page?.origin ?? url}`;
    // A body's own channel stating something states its own word.
    if (rest === "own" && page?.official && page.party) return `party:${page.party.trim().toLowerCase()}`;
    if (rest === "own") return own;
    if (rest.startsWith("party:")) return `party:${rest.slice(6).trim().toLowerCase()}`;
    if (rest.startsWith("outlet:")) {
      const outlet = rest.slice(7).trim();
      const cited = (originCarriers.get(outlet) ?? []).filter((u) => !seen.has(u));
      if (cited.length === 0) return `origin:${outlet}`;
      const bases = new Set(cited.map((u) => basisOf(u, new Set([...seen, url]))));
      return bases.size === 1 ? ([...bases][0] as string) : `origin:${outlet}`;
    }
    return own;
  };
  const bases = new Set(claim.carriedBy.map((u) => basisOf(u, new Set([u]))));
  const origins = originCarriers.size;
  if (origins >= 2 && bases.size >= 2) return "corroborated";
  const basis = [...bases][0] ?? "";
  if (origins >= 2 && bases.size === 1 && basis.startsWith("party:")) return "parallel";
  const domains = new Set(claim.carriedBy.map((u) => getDomain(new URL(u).hostname) ?? u));
  return domains.size >= 2 || origins >= 2 ? "circular" : "singleSource";
}

// Checking a story ----------------------------------------------------------------------------

const STATES = new Set(["corroborated", "singleSource", "circular", "parallel", "disputed"]);

/** Everything wrong with a story's truth and pages; empty when it is consistent. */
export function checkStory(story: Story): string[] {
  const problems: string[] = [];
  const { truth } = story;
  const say = (s: string) => problems.push(s);
  if (!truth.story?.id) say("story.id is missing");
  if (truth.story?.id && path.basename(story.dir) !== truth.story.id) say(`folder name is not story.id (${truth.story.id})`);
  if (!existsSync(story.sites)) return [...problems, "no sites/ folder"];
  const files = new Set(siteFiles(story.sites).map((f) => f.url));
  const urls = truth.pages.map((p) => p.url);
  if (new Set(urls).size !== urls.length) say("a page is listed twice");
  for (const url of urls) if (!files.has(url)) say(`listed page has no file: ${url}`);
  for (const file of files) if (!urls.includes(file)) say(`file not listed in pages: ${file}`);
  if (urls.length < 4) say("fewer than 4 pages");
  if (new Set(truth.pages.map((p) => p.origin)).size < 2) say("fewer than 2 origins");

  const sentences = new Map<string, string[]>();
  for (const p of truth.pages) {
    const file = fileForUrl(p.url, story.sites);
    if (!file) continue;
    const body = readFileSync(file, "utf8");
    if (p.contentType === "text/html") {
      const lang = body
        .match(/<html[^>]*\blang="([a-zA-Z-]+)"/)?.[1]
        ?.slice(0, 2)
        .toLowerCase();
      if (lang !== p.lang) say(`${p.url}: <html lang> is ${lang ?? "missing"}, truth says ${p.lang}`);
      if (!/<title>[^<]+<\/title>/.test(body)) say(`${p.url}: no <title>`);
      if (!/<article\b[\s\S]*<\/article>/i.test(body)) say(`${p.url}: no <article>`);
      if (!file.endsWith(".html")) say(`${p.url}: text/html page not in a .html file`);
    } else if (p.contentType === "text/plain") {
      if (!file.endsWith(".txt")) say(`${p.url}: text/plain page not in a .txt file`);
    } else say(`${p.url}: contentType must be text/html or text/plain`);
    if (p.official && !p.party) say(`${p.url}: official page without party`);
    sentences.set(p.url, mainSentences(body, p.contentType));
  }

  const ids = new Set(truth.claims.map((c) => c.id));
  if (ids.size !== truth.claims.length) say("a claim id is used twice");
  if (truth.claims.length < 6) say("fewer than 6 claims");
  for (const claim of truth.claims) {
    const at = `claim ${claim.id}`;
    if (!STATES.has(claim.state)) {
      say(`${at}: unknown state ${claim.state}`);
      continue;
    }
    if (!Array.isArray(claim.facts) || claim.facts.length === 0) say(`${at}: no facts`);
    if (claim.carriedBy.length === 0) say(`${at}: no carriers`);
    for (const url of claim.carriedBy) {
      if (!urls.includes(url)) say(`${at}: carrier is not a page of the story: ${url}`);
      else if (!(sentences.get(url) ?? []).some((s) => holdsFacts(s, claim.facts)))
        say(`${at}: ${url} has no sentence holding all facts ${JSON.stringify(claim.facts)}`);
      const rest = claim.restsOn?.[url];
      if (!rest) say(`${at}: restsOn has no entry for ${url}`);
      else if (!/^(own|party:.+|outlet:.+)$/.test(rest)) say(`${at}: restsOn ${url} is "${rest}" (own, party:…, outlet:…)`);
      else if (rest.startsWith("outlet:") && !truth.pages.some((p) => p.origin === rest.slice(7).trim()))
        say(`${at}: restsOn ${url} names an outlet that is no origin of the story's pages: ${rest}`);
    }
    for (const url of Object.keys(claim.restsOn ?? {}))
      if (!claim.carriedBy.includes(url)) say(`${at}: restsOn names a page that is not a carrier: ${url}`);
    for (const p of truth.pages) {
      if (claim.carriedBy.includes(p.url)) continue;
      const s = (sentences.get(p.url) ?? []).find((x) => holdsFacts(x, claim.facts));
      if (s) say(`${at}: ${p.url} is not a carrier but states its facts: "${s}"`);
    }
    const derived = derivedState(truth, claim);
    if (derived !== claim.state) say(`${at}: state is ${claim.state}, the definitions give ${derived}`);
    if (claim.state === "parallel" && !claim.attributedTo) say(`${at}: parallel without attributedTo`);
    for (const other of claim.conflictsWith ?? []) {
      const o = truth.claims.find((c) => c.id === other);
      if (!o) say(`${at}: conflictsWith unknown claim ${other}`);
      else if (!(o.conflictsWith ?? []).includes(claim.id)) say(`${at}: ${other} does not list it in conflictsWith`);
    }
  }
  return problems;
}
