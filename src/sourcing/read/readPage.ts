// Reading a fetched page: main text, metadata, language, outbound links and attribution lines.
//
// Third-party text is data. The page is parsed into an inert document (./dom.ts: no scripts run,
// nothing is loaded), input is capped in size, and reading is synchronous and never touches the
// network. Nothing read here is ever treated as an instruction.
import { Readability } from "@mozilla/readability";
import type { ReadPage } from "../types.ts";
import { findAttributions } from "./attributions.ts";
import { type DomImplementation, defaultDom } from "./dom.ts";
import { detectLanguage } from "./language.ts";
import { absoluteHttpUrl, BY_LINE, cleanByline, type PageMetadata, readMetadata } from "./metadata.ts";
import {
  type Block,
  isBoilerplate,
  nestedDeeperThan,
  plainTextBlocks,
  squash,
  tagOf,
  type WalkResult,
  walkBlocks,
} from "./text.ts";

/** Longest input read, in characters (≈ 3 MB of text); the rest of a larger page is ignored. */
export const MAX_INPUT_CHARS = 3 * 1024 * 1024;

export interface ReadOptions {
  /** The DOM library to parse with (default: linkedom, see ./dom.ts). */
  dom?: DomImplementation;
  /** Input cap in characters (default MAX_INPUT_CHARS). */
  maxChars?: number;
}

function cap(input: string, maxChars: number | undefined): string {
  const limit = maxChars ?? MAX_INPUT_CHARS;
  return input.length > limit ? input.slice(0, limit) : input;
}

function letters(blocks: Block[]): number {
  return blocks.reduce((sum, block) => sum + block.text.length, 0);
}

/**
 * Readability's cost grows much faster than the nesting depth (a 35 KB page of 3,000 nested
 * <div>s takes minutes under linkedom and overflows the stack under jsdom), and real pages stay far
 * below this depth; deeper pages are read without Readability.
 */
const MAX_READABILITY_DEPTH = 120;
/** More elements than this and Readability gives up (it throws; the page is read without it). */
const MAX_READABILITY_ELEMENTS = 100_000;

/** Marks a link into the page itself ("#top") while Readability runs. */
const IN_PAGE_LINK = "data-read-in-page";

/** Readability's article, as paragraphs; undefined when it finds nothing. */
function readabilityBlocks(document: Document): WalkResult | undefined {
  // Links into the page itself are not outbound links, and Readability rewrites links against
  // <base>, which would turn "#top" into another address: they lose their href, but only once
  // Readability is done. Readability counts the text of "#…" links at 30% when it weighs a block's
  // link density; without their href, a table of contents or a paragraph with footnote markers
  // counted as navigation and was dropped (bench/readerMetadata.ts: four of Readability's test pages).
  for (const link of Array.from(document.querySelectorAll("a[href]"))) {
    if ((link.getAttribute("href") ?? "").trim().startsWith("#")) link.setAttribute(IN_PAGE_LINK, "");
  }
  let article: ReturnType<Readability<Node>["parse"]>;
  try {
    article = new Readability<Node>(document, {
      serializer: (node) => node,
      charThreshold: 500,
      maxElemsToParse: MAX_READABILITY_ELEMENTS,
    }).parse();
  } catch {
    return undefined;
  }
  const content = article?.content;
  if (!article || !content) return undefined;
  for (const link of Array.from((content as Element).querySelectorAll?.(`a[${IN_PAGE_LINK}]`) ?? [])) {
    link.removeAttribute("href");
  }
  const walk = walkBlocks(content);
  if (walk.blocks.length === 0) return undefined;
  // Readability's own byline guess is not used: it takes any element with an "author" class,
  // navigation included; ./metadata.ts reads bylines from the untouched page instead.
  return walk;
}

/**
 * Without Readability's help: the element whose paragraphs hold the most text, or else the
 * whole body without navigation, footers, sidebars and forms.
 */
function fallbackBlocks(document: Document): WalkResult {
  const body = document.body ?? document.documentElement;
  if (!body) return { blocks: [], hrefs: [] };
  const scores = new Map<Element, number>();
  for (const paragraph of Array.from(body.querySelectorAll("p, pre, blockquote"))) {
    const parent = paragraph.parentElement;
    if (!parent) continue;
    let chrome = false;
    for (let node: Element | null = parent; node !== null && !chrome; node = node.parentElement) chrome = isBoilerplate(node);
    if (chrome) continue;
    scores.set(parent, (scores.get(parent) ?? 0) + squash(paragraph.textContent ?? "").length);
  }
  let best: Element | undefined;
  let bestScore = 0;
  for (const [element, score] of scores) {
    if (score > bestScore) [best, bestScore] = [element, score];
  }
  const whole = walkBlocks(body, { skipBoilerplate: true });
  if (best && bestScore >= 140 && tagOf(best) !== "body") {
    const block = walkBlocks(best, { skipBoilerplate: true });
    // A block that holds most of the page's text is the article; else the page is a list or a stub.
    if (letters(block.blocks) >= 0.4 * letters(whole.blocks)) return block;
  }
  return whole;
}

function mainText(html: string, url: string, dom: DomImplementation): { meta: PageMetadata; walk: WalkResult } {
  const parsed = dom.parse(html, url);
  let meta: PageMetadata;
  let found: ReturnType<typeof readabilityBlocks>;
  try {
    meta = readMetadata(parsed.document, url);
    const root = parsed.document.documentElement;
    // Too deep for Readability: read the untouched document without it.
    if (root && nestedDeeperThan(root, MAX_READABILITY_DEPTH)) return { meta, walk: fallbackBlocks(parsed.document) };
    found = readabilityBlocks(parsed.document);
  } finally {
    parsed.close();
  }
  // Readability gave up or kept next to nothing: read the page again (it rewrote the document).
  if (found === undefined || letters(found.blocks) < 140) {
    const again = dom.parse(html, url);
    try {
      const fallback = fallbackBlocks(again.document);
      if (found === undefined || letters(fallback.blocks) >= 3 * letters(found.blocks)) {
        return { meta, walk: fallback };
      }
    } finally {
      again.close();
    }
  }
  return { meta, walk: found };
}

/** A "By Jane Doe" line among the first paragraphs. */
function bylineInText(blocks: Block[]): string | undefined {
  for (const block of blocks.slice(0, 6)) {
    if (block.text.length > 120) continue;
    if (BY_LINE.test(block.text)) return cleanByline(block.text);
  }
  return undefined;
}

function outboundLinks(hrefs: string[], base: string | undefined, pageUrl: string | undefined): string[] {
  const links = new Set<string>();
  for (const href of hrefs) {
    // "#section" points into the page itself, whatever <base> says.
    if (href.startsWith("#")) continue;
    const url = absoluteHttpUrl(href, base);
    if (url !== undefined && url !== pageUrl) links.add(url);
  }
  return [...links];
}

/**
 * Reads an HTML page: main text (Readability, paragraphs separated by blank lines), title, site
 * name, byline, publication date (ISO 8601 UTC), canonical address, detected language, the
 * absolute http(s) links of the main text and its attribution lines. Synchronous; no network.
 */
export function readPage(html: string, url: string, options: ReadOptions = {}): ReadPage {
  const input = cap(html, options.maxChars);
  const { meta, walk } = mainText(input, url, options.dom ?? defaultDom);
  const blocks = walk.blocks;
  const text = blocks.map((block) => block.text).join("\n\n");
  const pageUrl = absoluteHttpUrl(url, undefined);
  const byline = meta.bylines[0] ?? bylineInText(blocks);
  const resolve = (href: string) => absoluteHttpUrl(href, meta.baseUrl);
  const language = detectLanguage(text.length >= 200 ? text : `${meta.title}\n\n${text}`, meta.declaredLanguage);
  return {
    url,
    ...(meta.canonicalUrl !== undefined ? { canonicalUrl: meta.canonicalUrl } : {}),
    title: meta.title,
    ...(meta.siteName !== undefined ? { siteName: meta.siteName } : {}),
    ...(byline !== undefined ? { byline } : {}),
    ...(meta.publishedAt !== undefined ? { publishedAt: meta.publishedAt } : {}),
    ...(language !== undefined ? { language } : {}),
    text,
    links: outboundLinks(walk.hrefs, meta.baseUrl, pageUrl),
    attributions: findAttributions({ blocks, credits: meta.credits, resolve }),
  };
}

/**
 * Reads a text/plain page or the text extracted from a PDF: paragraphs are split at blank lines
 * (lines inside one are joined), the title is a short first line, links are the http(s)
 * addresses written in the text.
 */
export function readPlainText(text: string, url: string, options: Pick<ReadOptions, "maxChars"> = {}): ReadPage {
  const blocks = plainTextBlocks(cap(text, options.maxChars));
  const first = blocks[0]?.text ?? "";
  const title = first.length <= 150 && !/[.!?:;,]$/.test(first) ? first : "";
  const body = blocks.map((block) => block.text).join("\n\n");
  const pageUrl = absoluteHttpUrl(url, undefined);
  const hrefs = [...body.matchAll(/https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/giu)].map((match) => match[0]);
  const byline = bylineInText(blocks);
  const language = detectLanguage(body);
  return {
    url,
    title,
    ...(byline !== undefined ? { byline } : {}),
    ...(language !== undefined ? { language } : {}),
    text: body,
    links: outboundLinks(hrefs, undefined, pageUrl),
    attributions: findAttributions({ blocks, resolve: (href) => absoluteHttpUrl(href, undefined) }),
  };
}
