// Page metadata from the untouched document (before Readability rewrites it): title, site name,
// byline, publication date, canonical address, declared language, and credit lines.
// bench/readerMetadata.ts measures title, byline and date against Readability on its test pages.
import { normalizeDate } from "./dates.ts";
import { isBoilerplate, squash, tagOf } from "./text.ts";

export interface PageMetadata {
  /** Address relative links resolve against (`<base href>` or the page URL), if usable. */
  baseUrl?: string;
  title: string;
  siteName?: string;
  /** Byline candidates, best first (meta, JSON-LD, rel=author, byline element). */
  bylines: string[];
  publishedAt?: string;
  canonicalUrl?: string;
  /** `<html lang>` or its equivalents. */
  declaredLanguage?: string;
  /** Short credit texts (bylines, credit and republication notes) to look for attributions in. */
  credits: string[];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Resolves `href` against `base`; only http(s) addresses, without fragment. */
export function absoluteHttpUrl(href: string, base: string | undefined): string | undefined {
  try {
    const url = base === undefined ? new URL(href.trim()) : new URL(href.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    url.hash = "";
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Dublin Core is written "DC.title", "dc:title" (RDFa) or "dcterm:title"; all are looked up as
 * "dc.title" and "dcterms.title".
 */
function metaKey(key: string): string {
  return key.replace(/^dcterms?[.:]/, "dcterms.").replace(/^dc:/, "dc.");
}

/**
 * Meta tag contents by lower-cased `property`, `name` or `itemprop`, in document order, those
 * given as an RDFa `property` first: a page that writes both `<meta property="dc:creator">` and
 * `<meta name="DC.creator">` means the property one (as Readability reads it).
 */
function metaTags(document: Document): Map<string, string[]> {
  const metas = new Map<string, string[]>();
  const byProperty = new Map<string, number>();
  for (const meta of Array.from(document.querySelectorAll("meta"))) {
    const content = meta.getAttribute("content");
    if (content === null || content.trim() === "") continue;
    for (const attribute of ["property", "name", "itemprop", "http-equiv"]) {
      const keys = meta.getAttribute(attribute);
      if (!keys) continue;
      // RDFa allows several properties in one attribute.
      for (const key of keys.trim().toLowerCase().split(/\s+/).map(metaKey)) {
        const list = metas.get(key) ?? [];
        if (attribute === "property") {
          const first = byProperty.get(key) ?? 0;
          list.splice(first, 0, content.trim());
          byProperty.set(key, first + 1);
        } else list.push(content.trim());
        metas.set(key, list);
      }
    }
  }
  return metas;
}

function firstMeta(metas: Map<string, string[]>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = metas.get(key)?.find((content) => squash(content) !== "");
    if (value !== undefined) return squash(value);
  }
  return undefined;
}

// JSON-LD ------------------------------------------------------------------------------------------

const ARTICLE_TYPES = new Set([
  "article",
  "newsarticle",
  "reportagenews",
  "analysisnewsarticle",
  "opinionnewsarticle",
  "backgroundnewsarticle",
  "reviewnewsarticle",
  "askpublicnewsarticle",
  "satiricalarticle",
  "blogposting",
  "liveblogposting",
  "socialmediaposting",
  "scholarlyarticle",
  "techarticle",
  "report",
  "pressrelease",
]);

function typesOf(node: JsonObject): string[] {
  const type = node["@type"];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((item): item is string => typeof item === "string").map((item) => item.toLowerCase().replace(/^.*[/:]/, ""));
}

/**
 * The JSON inside a script element. Pages written for XHTML parsers wrap it in `<![CDATA[ … ]]>`
 * (sometimes behind `//`), older ones in an HTML comment; an HTML parser leaves the wrapper in the
 * text, and JSON.parse refuses it.
 */
export function jsonScriptText(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:\/\/\s*)?(?:<!\[CDATA\[|<!--)/, "")
    .replace(/(?:\/\/\s*)?(?:\]\]>|-->)$/, "")
    .trim();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Pages often leave raw line breaks inside strings, which JSON forbids.
    try {
      return JSON.parse(text.replace(/[\n\r\t]+/g, " "));
    } catch {
      return undefined;
    }
  }
}

interface JsonLd {
  nodes: JsonObject[];
  byId: Map<string, JsonObject>;
}

function jsonLd(document: Document): JsonLd {
  const nodes: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || nodes.length > 500) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    nodes.push(value);
    const id = value["@id"];
    if (typeof id === "string") byId.set(id, { ...byId.get(id), ...value });
    if (value["@graph"] !== undefined) visit(value["@graph"], depth + 1);
  };
  for (const script of Array.from(document.querySelectorAll("script"))) {
    const type = (script.getAttribute("type") ?? "").trim().toLowerCase();
    if (type !== "application/ld+json") continue;
    const text = script.textContent ?? "";
    if (text.length > 1_000_000) continue;
    visit(parseJson(jsonScriptText(text)), 0);
  }
  return { nodes, byId };
}

function deref(value: unknown, ld: JsonLd): unknown {
  if (isObject(value) && typeof value["@id"] === "string" && value.name === undefined) return ld.byId.get(value["@id"]) ?? value;
  return value;
}

function namesOf(value: unknown, ld: JsonLd): string[] {
  const list = Array.isArray(value) ? value : [value];
  const names: string[] = [];
  for (const item of list) {
    const resolved = deref(item, ld);
    if (typeof resolved === "string") names.push(squash(resolved));
    else if (isObject(resolved)) {
      const name = resolved.name;
      if (typeof name === "string") names.push(squash(name));
      else if (Array.isArray(name) && typeof name[0] === "string") names.push(squash(name[0]));
    }
  }
  return names.filter((name) => name !== "");
}

function articleNode(ld: JsonLd): JsonObject | undefined {
  return (
    ld.nodes.find((node) => typesOf(node).some((type) => ARTICLE_TYPES.has(type))) ??
    ld.nodes.find((node) => typeof node.headline === "string") ??
    ld.nodes.find((node) => typesOf(node).includes("webpage"))
  );
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return squash(value);
  if (Array.isArray(value) && typeof value[0] === "string") return squash(value[0]);
  return undefined;
}

// Titles ---------------------------------------------------------------------------------------------

/** Letters and digits only, lower case: to compare "Example News" with "examplenews.com". */
function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Whether a title segment (compacted) names `name` (compacted): the same, a part of it ("Daily"
 * for "The Daily"), or it with a few characters more ("examplenews.com"). A segment that holds the
 * name and much more is a headline that mentions the site ("Autumn colours @ Steven's blog").
 */
function namesSame(segment: string, name: string): boolean {
  if (segment === "" || name === "") return false;
  if (segment === name) return true;
  if (segment.length >= 3 && name.includes(segment)) return true;
  return segment.includes(name) && segment.length <= name.length + 8;
}

/** A title segment that names the site, or one of `people` (the authors: "… | by Jane Doe | Site"). */
function looksLikeSite(segment: string, siteName: string | undefined, host: string | undefined, people: string[] = []): boolean {
  const name = compact(segment);
  if (name === "") return false;
  if (siteName !== undefined && namesSame(name, compact(siteName))) return true;
  if (people.some((person) => compact(person) !== "" && (name === compact(person) || name === `by${compact(person)}`)))
    return true;
  if (host !== undefined) {
    const labels = host.replace(/^www\d?\./, "").split(".");
    const main = compact(labels.slice(0, -1).join("") || host);
    if (main.length >= 3 && (namesSame(name, main) || (name.length >= 3 && main.includes(name)))) return true;
    if (name === compact(host.replace(/^www\d?\./, ""))) return true;
  }
  return false;
}

const STRONG_SEPARATOR = /\s+(?:\||·|•|»|::|\/\/)\s+/;
const ANY_SEPARATOR = /\s+(?:\||·|•|»|::|\/\/|[-–—])\s+/;

/** Drops a " | Site" suffix (or "Site | " prefix), and a " - Author" part naming one of `people`, from a title. */
export function stripSiteFromTitle(
  title: string,
  siteName: string | undefined,
  host: string | undefined,
  people: string[] = [],
): string {
  let result = squash(title);
  for (let round = 0; round < 2; round++) {
    const parts = result.split(ANY_SEPARATOR);
    if (parts.length < 2) break;
    const separators = result.match(new RegExp(ANY_SEPARATOR.source, "g")) ?? [];
    const last = parts[parts.length - 1] ?? "";
    const first = parts[0] ?? "";
    if (looksLikeSite(last, siteName, host, people)) {
      result = result.slice(0, result.lastIndexOf(separators[separators.length - 1] ?? "")).trim();
      continue;
    }
    if (looksLikeSite(first, siteName, host) && parts.slice(1).join(" ").split(" ").length >= 3) {
      result = result.slice(first.length + (separators[0]?.length ?? 0)).trim();
      continue;
    }
    // Without a known site name, only a short tail after a strong separator ("… | Politics")
    // is taken for the site: a dash or colon is too often part of a headline.
    const strong = result.split(STRONG_SEPARATOR);
    const tail = strong[strong.length - 1] ?? "";
    const head = strong.slice(0, -1).join(" ");
    if (strong.length >= 2 && tail.split(" ").length <= 4 && tail.length <= 40 && head.split(" ").length >= 3) {
      const strongSeparators = result.match(new RegExp(STRONG_SEPARATOR.source, "g")) ?? [];
      result = result.slice(0, result.lastIndexOf(strongSeparators[strongSeparators.length - 1] ?? "")).trim();
      continue;
    }
    break;
  }
  return result;
}

/** Lower-cased words, to compare two wordings of a title. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The share of the words of `text` that `reference` also has, from 0 to 1. */
function wordsFoundIn(text: string, reference: string): number {
  const list = words(text);
  if (list.length === 0) return 0;
  const known = new Set(words(reference));
  return list.filter((word) => known.has(word)).length / list.length;
}

/** A title cut short with an ellipsis ("How to get shanked doing what people…"). */
function isTruncated(title: string): boolean {
  return /(?:…|\.\.\.)$/.test(title);
}

/**
 * The article's title in JSON-LD. `headline` is the field for it, but some sites put a description
 * there (Wikipedia: "constitutional monarchy in Oceania") or their own name in `name` (aktualne.cz):
 * the one the `<title>` element agrees with wins, the headline when both or neither do.
 */
function jsonLdTitle(
  article: JsonObject | undefined,
  titleElement: string,
  isSite: (text: string) => boolean,
): string | undefined {
  if (!article) return undefined;
  const options = [stringOf(article.headline), stringOf(article.name)].filter(
    (text): text is string => text !== undefined && !isSite(text),
  );
  return options.find((text) => wordsFoundIn(text, titleElement) >= 0.75) ?? options[0];
}

interface TitleSources {
  metas: Map<string, string[]>;
  article: JsonObject | undefined;
  /** The `<title>` element's text. */
  titleElement: string;
  firstHeading: string;
  siteName: string | undefined;
  host: string | undefined;
  /** Byline names, which some titles carry ("… - Jane Doe - Medium"). */
  people: string[];
}

/**
 * The page's title as written, before a site part is removed: the first metadata title (Dublin
 * Core, og:title, JSON-LD, twitter:title or parsely-title, in that order) unless the title the page
 * shows (`<title>` without its site part, or else the first `<h1>`) disagrees with its wording and
 * all but agrees with another one. og:title is often a rewording for social media ("The 21 best
 * movies of 2017" where `<title>` and JSON-LD say "How to watch the 21 best films of 2017"); a
 * shorter or longer wording is no disagreement ("Storm Ellen hits the coast" against "Live: Storm
 * Ellen hits the coast – latest updates"). A candidate that is only the site's name is no headline,
 * and one cut short with an ellipsis gives way to a later one that completes it. Without metadata:
 * `<title>`, then `<h1>`.
 */
function rawTitle(sources: TitleSources): string {
  const { metas, titleElement, firstHeading, siteName } = sources;
  const isSite = (text: string) => siteName !== undefined && compact(text) === compact(siteName);
  const shown = titleElement !== "" ? stripSiteFromTitle(titleElement, siteName, sources.host, sources.people) : firstHeading;
  const metadata = [
    firstMeta(metas, ["dc.title", "dcterms.title"]),
    firstMeta(metas, ["og:title"]),
    jsonLdTitle(sources.article, titleElement, isSite),
    firstMeta(metas, ["twitter:title", "parsely-title", "headline"]),
  ].filter((text): text is string => text !== undefined && text !== "" && !isSite(text));
  let chosen = metadata[0];
  if (chosen !== undefined && shown !== "") {
    const agreement = (text: string) => wordsFoundIn(text, shown);
    const closest = metadata.reduce((best, text) => (agreement(text) > agreement(best) ? text : best), chosen);
    if (agreement(closest) >= 0.9 && agreement(closest) > agreement(chosen)) chosen = closest;
  }
  const candidates = [chosen, titleElement, firstHeading].filter((text): text is string => text !== undefined && text !== "");
  const first = candidates[0] ?? "";
  if (!isTruncated(first)) return first;
  const stem = compact(first);
  // The completion has no ellipsis: "«Vape Wave», «6 Days»… - Culture" ends the same headline.
  const complete = (other: string) => !/…|\.\.\./.test(other) && compact(other).startsWith(stem);
  return [...metadata, ...candidates].find(complete) ?? first;
}

// Bylines ---------------------------------------------------------------------------------------------

/** A line that is a byline: "By Jane Doe", "Von Max Muster", "Par Jean Dupont", "Por Ana Ruiz". */
export const BY_LINE = /^(?:By|BY|Von|VON|Par|PAR|Por|POR|Door|Av|Af)\s+\p{Lu}[^\n]{1,100}$/u;

const BYLINE_PREFIX = /^(?:by|von|par|por|door|av|af|di|de|written by|posted by|geschrieben von|reporting by)\s*:?\s+/i;

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;

/**
 * Where a date or a time stamp starts in a byline line ("By Nathan Willis March 25, 2015", "Lucas
 * Nolan 22 Dec 2016", "Joe Wee Monday, February 29, 2016 @ 11:10 PM"): the byline ends there.
 */
const BYLINE_TAIL = new RegExp(
  [
    String.raw`\b${MONTH}\s+\d{1,2}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\.?\s+${MONTH}(?:\s|,|$)`,
    String.raw`\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b`,
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b`,
    String.raw`\b(?:last\s+)?(?:updated|published|posted|modified)\b`,
  ].join("|"),
  "i",
);

/**
 * A credit for someone else after a "By" or "Written by" byline ("Written by Rob Ewaschuk Edited by
 * Betsy Beyer"). Without the "By" it may be the byline itself ("Live blog edited by Kasey Wren").
 */
const OTHER_CREDIT = /\s(?:edited|reviewed|fact[- ]checked|photographs|photos?|illustrations?)\s+by\b/i;

/** Labels of buttons and links next to an author's name, which are no byline ("Follow Author"). */
const NOT_A_BYLINE =
  /^(?:follow|unfollow|subscribe|more\s|view\s+(?:all|profile|more)|see\s+(?:all|more)|read\s+more|(?:about|contact)\s+(?:the\s+)?author|share|e-?mail)\b|^(?:author|authors|by)$/i;

/**
 * Tidies a byline: no "By ", no trailing date, time stamp or separator parts, no addresses; none
 * at all when what is left is a date, a button label or an address.
 */
export function cleanByline(raw: string): string | undefined {
  let byline = squash(raw);
  byline = byline.split(/\s+[|·•—–]\s+|\n/)[0] ?? "";
  // "Jane Doe (https://jane.example/)": the name without its address.
  byline = byline.replace(/\s*[(<](?:https?:\/\/|www\.|mailto:)[^)>]*[)>]/gi, "");
  const byFirst = BYLINE_PREFIX.test(byline);
  byline = byline.replace(BYLINE_PREFIX, "");
  for (const end of byFirst ? [BYLINE_TAIL, OTHER_CREDIT] : [BYLINE_TAIL]) {
    const match = end.exec(byline);
    if (match) byline = byline.slice(0, match.index);
  }
  byline = byline.replace(BYLINE_PREFIX, "").replace(/^[,:;@\s]+|[,:;@\s]+$/g, "");
  if (byline === "" || byline.length > 150 || NOT_A_BYLINE.test(byline)) return undefined;
  if (/^(?:https?:|www\.)|\.(?:com|org|net)\//i.test(byline)) return undefined;
  if (!/\p{L}/u.test(byline)) return undefined;
  return byline;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * The text of a byline element. The names of a schema.org Person (`itemprop="name"`) when it marks
 * them; else its text with a space where the words of two elements would run together
 * (`<a>Lucas Nolan</a><span>22 Dec 2016</span>` reads "Lucas Nolan 22 Dec 2016", not "Nolan22").
 */
function bylineText(element: Element): string {
  const names = Array.from(element.querySelectorAll("[itemprop~=name]"))
    .map((name) => squash(name.textContent ?? ""))
    .filter((name) => name !== "");
  if (names.length > 0) return names.join(", ");
  let text = "";
  const stack: Node[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      const value = node.nodeValue ?? "";
      text += /[\p{L}\p{N}]$/u.test(text) && /^[\p{L}\p{N}]/u.test(value) ? ` ${value}` : value;
    } else if (node.nodeType === ELEMENT_NODE && !["script", "style", "template"].includes(tagOf(node))) {
      const children = node.childNodes;
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
    }
  }
  return squash(text);
}

function classTokens(element: Element): string[] {
  const value = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`;
  return value.toLowerCase().split(/[^a-z]+/);
}

const BYLINE_TOKENS = new Set(["byline", "bylines", "author", "authors", "writer", "writtenby", "autor", "auteur", "autora"]);
const CREDIT_TOKENS = new Set([
  "credit",
  "credits",
  "copyright",
  "source",
  "sources",
  "attribution",
  "republish",
  "republished",
  "syndication",
  "syndicated",
  "originally",
  "reprint",
  "quelle",
  "agency",
  "wire",
]);

/** Candidate byline and credit elements looked at, at most. */
const MAX_EXAMINED = 300;

const BLOCK_CHILDREN = new Set([
  "div",
  "p",
  "section",
  "article",
  "ul",
  "ol",
  "table",
  "header",
  "footer",
  "aside",
  "nav",
  "main",
]);

/** A byline is a short run of text: an element that holds blocks is a container, not a byline. */
function hasBlockChild(element: Element): boolean {
  for (const child of Array.from(element.children)) if (BLOCK_CHILDREN.has(tagOf(child))) return true;
  return false;
}

function insideBoilerplate(element: Element): boolean {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    if (isBoilerplate(node)) return true;
  }
  return false;
}

/** In the article's own footer (a <footer> inside the <article>): where wire copy carries its credit line. */
function inArticleFooter(element: Element): boolean {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    if (tagOf(node) === "footer") return node.parentElement !== null && insideArticle(node.parentElement);
  }
  return false;
}

function insideArticle(element: Element): boolean {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    const tag = tagOf(node);
    if (tag === "article" || tag === "main" || node.getAttribute("role") === "main") return true;
    if ((node.getAttribute("itemprop") ?? "").toLowerCase() === "articlebody") return true;
  }
  return false;
}

// Dates ---------------------------------------------------------------------------------------------

const PUBLISHED_META = ["article:published_time", "og:published_time", "article:published", "published_time"];
const DATE_META = [
  "datepublished",
  "date",
  "pubdate",
  "publishdate",
  "publish-date",
  "publish_date",
  "publication_date",
  "dc.date.issued",
  "dc.date",
  "dcterms.issued",
  "dcterms.created",
  "dcterms.date",
  "sailthru.date",
  "parsely-pub-date",
  "article.published",
  "cxenseparse:recs:publishtime",
  "citation_publication_date",
  "citation_date",
];

function firstDate(values: (string | null | undefined)[]): string | undefined {
  for (const value of values) {
    const date = normalizeDate(value);
    if (date !== undefined) return date;
  }
  return undefined;
}

/**
 * Where the page's elements are. linkedom gives a page that opens with an element before `<head>`
 * an empty `document.body` and puts the content in a second `<body>`; the whole document is searched then.
 */
function contentRoot(document: Document): Element | null {
  const body = document.body;
  return body && body.childNodes.length > 0 ? body : document.documentElement;
}

interface BylineSources {
  document: Document;
  metas: Map<string, string[]>;
  ld: JsonLd;
  article: JsonObject | undefined;
  siteName: string | undefined;
  /** JSON-LD publisher names of the article. */
  publishers: string[];
  host: string | undefined;
}

/** Inside navigation: a menu of the site, where an author's name is a link to their page. */
function insideNavigation(element: Element): boolean {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    const role = (node.getAttribute("role") ?? "").trim().toLowerCase();
    if (tagOf(node) === "nav" || tagOf(node) === "menu" || ["navigation", "menu", "menubar", "search"].includes(role))
      return true;
  }
  return false;
}

/**
 * Byline candidates, best first, and the credit texts among them:
 *   1. meta tags: Dublin Core, author, article:author, parsely-author and the like;
 *   2. JSON-LD authors, unless they only name the outlet; a user name in a meta tag ("devindra")
 *      comes after them, as they give the full name;
 *   3. rel=author links, then elements with an author or byline class or `itemprop="author"`,
 *      outside navigation, footers and sidebars;
 *   4. a short element that reads "By Jane Doe";
 *   5. twitter:creator when it is not the outlet's own account ("folha", "NBCNews");
 *   6. `itemprop="author"` in a footer or sidebar (a blog's post footer), outside navigation;
 *   7. JSON-LD authors that only name the outlet ("BBC News").
 * cleanByline turns away what is no name: button labels ("Follow Author") and date lines.
 */
function readBylines(sources: BylineSources): { bylines: string[]; credits: string[] } {
  const { document, metas, ld, article, siteName, publishers, host } = sources;
  const bylines: string[] = [];
  const credits: string[] = [];
  const addByline = (credit: string | undefined, text = credit) => {
    if (credit === undefined || text === undefined) return;
    const byline = cleanByline(text);
    if (byline !== undefined && bylines.includes(byline)) return;
    credits.push(credit);
    if (byline !== undefined) bylines.push(byline);
  };
  const names = (key: string) => (metas.get(key) ?? []).filter((value) => !value.startsWith("@"));

  const isOutlet = (name: string) =>
    looksLikeSite(name, siteName, host) || publishers.some((publisher) => compact(publisher) === compact(name));
  const authors = article ? namesOf(article.author, ld) : [];
  const ldAuthors = authors.length > 0 && !authors.every(isOutlet) ? authors.join(", ") : undefined;
  const metaAuthors = [
    "dc.creator",
    "dcterms.creator",
    "author",
    "article:author",
    "byl",
    "sailthru.author",
    "parsely-author",
  ].flatMap(names);
  // A user name in a meta tag ("devindra") gives way to the full name JSON-LD gives.
  const userName = (value: string) => /^[\p{Ll}\p{N}._-]+$/u.test(value);
  for (const value of metaAuthors) if (!userName(value)) addByline(value);
  addByline(ldAuthors);
  for (const value of metaAuthors) if (userName(value)) addByline(value);

  for (const element of Array.from(document.querySelectorAll("a[rel], link[rel]"))) {
    const rel = (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("author") || tagOf(element) !== "a") continue;
    addByline(element.textContent ?? "");
  }
  const late: string[] = [];
  const body = contentRoot(document);
  if (body) {
    // Bounded work on hostile pages: a page may give thousands of nested elements an "author"
    // class, and each textContent costs the size of its subtree.
    let examined = 0;
    for (const element of Array.from(body.querySelectorAll("[class], [id], [itemprop]"))) {
      const itemprop = (element.getAttribute("itemprop") ?? "").toLowerCase().split(/\s+/);
      const tokens = classTokens(element);
      const isByline = itemprop.includes("author") || tokens.some((token) => BYLINE_TOKENS.has(token));
      const isCredit = !isByline && tokens.some((token) => CREDIT_TOKENS.has(token));
      if (!isByline && !isCredit) continue;
      if (++examined > MAX_EXAMINED || hasBlockChild(element)) continue;
      const raw = element.textContent ?? "";
      if (raw.length > 2000) continue;
      const text = squash(raw);
      if (text === "" || text.length > (isByline ? 150 : 400)) continue;
      // "© Copyright ANSA" in the article's own footer credits the text above it.
      if (isCredit && inArticleFooter(element) && !insideNavigation(element)) {
        credits.push(text);
        continue;
      }
      if (insideBoilerplate(element)) {
        // Explicit markup in a post footer is the byline of a blog without another; related
        // articles in a sidebar may carry their authors' too, so these come last.
        if (itemprop.includes("author") && !insideNavigation(element)) late.push(bylineText(element));
        continue;
      }
      if (isByline) addByline(text, bylineText(element));
      else if (insideArticle(element)) credits.push(text);
    }
    // Then: a short element that reads "By Jane Doe" (blogs often have no other byline markup).
    examined = 0;
    for (const element of Array.from(body.querySelectorAll("p, div, span, address, li"))) {
      if (hasBlockChild(element)) continue;
      if (++examined > MAX_EXAMINED * 10) break;
      const raw = element.textContent ?? "";
      if (raw.length > 1000) continue;
      const text = squash(raw);
      if (text.length > 120 || !BY_LINE.test(text) || insideBoilerplate(element)) continue;
      addByline(text, bylineText(element));
      break;
    }
  }
  const outletAccounts = (metas.get("twitter:site") ?? []).map(compact);
  for (const handle of names("twitter:creator")) {
    if (!isOutlet(handle) && !outletAccounts.includes(compact(handle))) addByline(handle);
  }
  for (const text of late) addByline(text);
  // Last, JSON-LD authors that only name the outlet ("BBC News").
  if (authors.length > 0) addByline(authors.join(", "));
  return { bylines, credits };
}

// All together --------------------------------------------------------------------------------------

export function readMetadata(document: Document, pageUrl: string): PageMetadata {
  const metas = metaTags(document);
  const ld = jsonLd(document);
  const article = articleNode(ld);

  let pageBase: string | undefined;
  try {
    pageBase = new URL(pageUrl).href;
  } catch {
    pageBase = undefined;
  }
  const baseHref = document.querySelector("base[href]")?.getAttribute("href");
  let baseUrl = pageBase;
  if (baseHref) {
    try {
      baseUrl = new URL(baseHref.trim(), pageBase).href;
    } catch {
      // An unusable <base> is ignored, as browsers do.
    }
  }
  let host: string | undefined;
  try {
    host = pageBase ? new URL(pageBase).hostname : undefined;
  } catch {
    host = undefined;
  }

  // Site name: og:site_name, JSON-LD publisher.name, application-name, JSON-LD WebSite.name.
  const publisherNames = article ? namesOf(article.publisher, ld) : [];
  const siteName =
    firstMeta(metas, ["og:site_name"]) ??
    publisherNames[0] ??
    firstMeta(metas, ["application-name", "apple-mobile-web-app-title"]) ??
    ld.nodes.filter((node) => typesOf(node).includes("website")).flatMap((node) => namesOf(node.name, ld))[0];

  const { bylines, credits } = readBylines({ document, metas, ld, article, siteName, publishers: publisherNames, host });

  // Title: Dublin Core, og:title, JSON-LD, twitter:title, <title>, <h1>, weighed against the title
  // the page shows (see rawTitle); a " | Site" or " - Author" part removed.
  const title = stripSiteFromTitle(
    rawTitle({
      metas,
      article,
      titleElement: squash(document.querySelector("title")?.textContent ?? ""),
      firstHeading: squash(document.querySelector("h1")?.textContent ?? ""),
      siteName,
      host,
      people: bylines,
    }),
    siteName,
    host,
    bylines,
  );

  // Publication date.
  const times = Array.from(document.querySelectorAll("time"));
  const timeValue = (time: Element) => time.getAttribute("datetime") ?? time.textContent;
  // The article's JSON-LD first, as in Readability: some sites give article:published_time the
  // time of the last republication, and JSON-LD the first publication.
  const publishedAt = firstDate([
    ...(article ? [stringOf(article.datePublished)] : []),
    ...PUBLISHED_META.map((key) => firstMeta(metas, [key])),
    ...(article ? [stringOf(article.dateCreated)] : []),
    ...ld.nodes.map((node) => stringOf(node.datePublished)),
    ...Array.from(document.querySelectorAll("[itemprop~=datePublished]")).map(
      (element) => element.getAttribute("content") ?? element.getAttribute("datetime") ?? element.textContent,
    ),
    ...times.filter((time) => time.hasAttribute("pubdate")).map(timeValue),
    ...times.filter((time) => time.hasAttribute("datetime") && insideArticle(time) && !insideBoilerplate(time)).map(timeValue),
    ...times.filter((time) => time.hasAttribute("datetime") && !insideBoilerplate(time)).map(timeValue),
    ...DATE_META.map((key) => firstMeta(metas, [key])),
  ]);

  // Canonical address: <link rel=canonical>, then og:url; omitted when it is the page itself.
  let canonicalUrl: string | undefined;
  for (const link of Array.from(document.querySelectorAll("link[rel][href]"))) {
    const rel = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("canonical")) continue;
    canonicalUrl = absoluteHttpUrl(link.getAttribute("href") ?? "", baseUrl);
    if (canonicalUrl !== undefined) break;
  }
  if (canonicalUrl === undefined) {
    const ogUrl = firstMeta(metas, ["og:url"]);
    if (ogUrl !== undefined) canonicalUrl = absoluteHttpUrl(ogUrl, baseUrl);
  }
  if (canonicalUrl !== undefined && pageBase !== undefined && canonicalUrl === absoluteHttpUrl(pageBase, undefined)) {
    canonicalUrl = undefined;
  }

  const root = document.documentElement;
  const declaredLanguage =
    root?.getAttribute("lang") ||
    root?.getAttribute("xml:lang") ||
    firstMeta(metas, ["content-language", "dc.language", "og:locale"]) ||
    undefined;

  return {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    title,
    ...(siteName !== undefined ? { siteName } : {}),
    bylines,
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...(canonicalUrl !== undefined ? { canonicalUrl } : {}),
    ...(declaredLanguage ? { declaredLanguage } : {}),
    credits,
  };
}
