// The DOM behind page reading, behind a small interface so the library can be swapped.
//
// Default: linkedom, chosen on numbers. bench/reading.ts runs the same readPage (parse, metadata,
// Readability, paragraphs, language, attributions) with each library on the 19 fixture pages in
// test/read/fixtures/pages (0.3 KB to 1.1 MB), 15 rounds. Reference run (Node 20.20, 2 vCPUs):
//
//                   p50 per page   p99 per page   mean     1.1 MB app shell   490 KB live blog
//   linkedom         4.1 ms         410 ms        25 ms         35 ms             322 ms
//   jsdom           31.9 ms       4,094 ms       339 ms        514 ms           1,612 ms
//
// linkedom is 5-15× faster page by page, and both give the same main text (and the same whole
// ReadPage) on 19/19 pages. jsdom's parser is also quadratic in nesting depth (3.7 s for a 35 KB
// page of 3,000 nested <div>s, against 22 ms), and Readability on a jsdom document overflows the
// stack at that depth. linkedom never runs scripts and has no resource loader at all, so there is
// nothing to switch off; jsdom is inert only while `runScripts` and `resources` stay unset, as below.
//
// jsdom is kept only as the alternative the benchmark and one test compare against: it is loaded
// lazily with `require`, on first use, so the service runs without it and the package (with
// @types/jsdom) can be uninstalled; the benchmark then prints it as "not installed" and the
// comparison test is skipped.
//
// Both documents are parsed without a browsing context: no scripts, no network, no timers.
import { createRequire } from "node:module";

/** A parsed document and how to release it. */
export interface ParsedDocument {
  document: Document;
  /** Frees what the parser holds (jsdom keeps a window alive until closed). */
  close(): void;
}

/** A DOM library that can parse an HTML string into a standalone, inert document. */
export interface DomImplementation {
  readonly name: string;
  /** Parses `html` as text/html. `url` is the document address, used only for `baseURI`. */
  parse(html: string, url: string): ParsedDocument;
}

const require = createRequire(import.meta.url);

// The few parts of each library used here, typed locally so this file compiles without the
// optional package's types.
interface LinkedomModule {
  DOMParser: new () => { parseFromString(html: string, type: "text/html"): Document };
}
interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url?: string; contentType: string; virtualConsole: unknown },
  ) => { window: { document: Document; close(): void } };
  VirtualConsole: new () => unknown;
}

let linkedomModule: LinkedomModule | undefined;
let jsdomModule: JsdomModule | undefined;

function loadOptional<T>(name: string): T {
  try {
    return require(name) as T;
  } catch (error) {
    throw new Error(`The DOM library "${name}" is not installed`, { cause: error });
  }
}

/**
 * linkedom's parser (htmlparser2) builds the tree it is given and does not add the `<html>`,
 * `<head>` and `<body>` elements a browser infers, so a page without `<body>` would come out
 * with an empty `document.body`. Such pages are wrapped here; pages with a `<body>` are untouched.
 */
function withDocumentShell(html: string): string {
  if (/<body[\s>]/i.test(html) && /<html[\s>]/i.test(html)) return html;
  const htmlAttributes = /<html(\s[^>]*)?>/i.exec(html)?.[1] ?? "";
  const inner = html.replace(/<!doctype[^>]*>|<\/?(?:html|head|body)(?:\s[^>]*)?>/gi, "");
  return `<!doctype html><html${htmlAttributes}><head></head><body>${inner}</body></html>`;
}

export const linkedomDom: DomImplementation = {
  name: "linkedom",
  parse(html) {
    linkedomModule ??= loadOptional<LinkedomModule>("linkedom");
    const document = new linkedomModule.DOMParser().parseFromString(withDocumentShell(html), "text/html");
    return { document, close() {} };
  },
};

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

export const jsdomDom: DomImplementation = {
  name: "jsdom",
  parse(html, url) {
    jsdomModule ??= loadOptional<JsdomModule>("jsdom");
    // No `runScripts` (scripts stay inert text) and no `resources` (nothing is fetched: no
    // stylesheets, images, frames). A fresh VirtualConsole forwards nothing, so CSS parse errors
    // of third-party pages do not reach our logs.
    const dom = new jsdomModule.JSDOM(html, {
      ...(isHttpUrl(url) ? { url } : {}),
      contentType: "text/html",
      virtualConsole: new jsdomModule.VirtualConsole(),
    });
    return { document: dom.window.document, close: () => dom.window.close() };
  },
};

export const defaultDom: DomImplementation = linkedomDom;

/** The implementations by name, for the benchmark and tests. */
export const domImplementations: Record<"linkedom" | "jsdom", DomImplementation> = {
  linkedom: linkedomDom,
  jsdom: jsdomDom,
};

/** Whether a DOM library can be loaded (an optional one may have been uninstalled). */
export function isDomAvailable(dom: DomImplementation): boolean {
  try {
    dom.parse("<p></p>", "https://example.invalid/").close();
    return true;
  } catch {
    return false;
  }
}
