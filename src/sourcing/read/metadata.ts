// Page metadata from the untouched document (before Readability rewrites it): title, site name,
// byline, publication date, canonical address, declared language, and credit lines.
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

/** Meta tag contents by lower-cased `property`, `name` or `itemprop`, in document order. */
function metaTags(document: Document): Map<string, string[]> {
  const metas = new Map<string, string[]>();
  for (const meta of Array.from(document.querySelectorAll("meta"))) {
    const content = meta.getAttribute("content");
    if (content === null || content.trim() === "") continue;
    for (const attribute of ["property", "name", "itemprop", "http-equiv"]) {
      const keys = meta.getAttribute(attribute);
      if (!keys) continue;
      // RDFa allows several properties in one attribute.
      for (const key of keys.trim().toLowerCase().split(/\s+/)) {
        const list = metas.get(key) ?? [];
        list.push(content.trim());
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
    visit(parseJson(text.trim()), 0);
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

function looksLikeSite(segment: string, siteName: string | undefined, host: string | undefined): boolean {
  const name = compact(segment);
  if (name === "") return false;
  if (
    siteName !== undefined &&
    (compact(siteName) === name || compact(siteName).includes(name) || name.includes(compact(siteName)))
  )
    return true;
  if (host !== undefined) {
    const labels = host.replace(/^www\d?\./, "").split(".");
    const main = compact(labels.slice(0, -1).join("") || host);
    if (main.length >= 3 && (name.includes(main) || main.includes(name))) return true;
    if (name === compact(host.replace(/^www\d?\./, ""))) return true;
  }
  return false;
}

const STRONG_SEPARATOR = /\s+(?:\||·|•|»|::|\/\/)\s+/;
const ANY_SEPARATOR = /\s+(?:\||·|•|»|::|\/\/|[-–—])\s+/;

/** Drops a " | Site" suffix (or "Site | " prefix) from a title. */
export function stripSiteFromTitle(title: string, siteName: string | undefined, host: string | undefined): string {
  let result = squash(title);
  for (let round = 0; round < 2; round++) {
    const parts = result.split(ANY_SEPARATOR);
    if (parts.length < 2) break;
    const separators = result.match(new RegExp(ANY_SEPARATOR.source, "g")) ?? [];
    const last = parts[parts.length - 1] ?? "";
    const first = parts[0] ?? "";
    if (looksLikeSite(last, siteName, host)) {
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

// Bylines ---------------------------------------------------------------------------------------------

/** A line that is a byline: "By Jane Doe", "Von Max Muster", "Par Jean Dupont", "Por Ana Ruiz". */
export const BY_LINE = /^(?:By|BY|Von|VON|Par|PAR|Por|POR|Door|Av|Af)\s+\p{Lu}[^\n]{1,100}$/u;

const BYLINE_PREFIX = /^(?:by|von|par|por|door|av|af|di|de|written by|geschrieben von|reporting by)\s*:?\s+/i;

/** Tidies a byline: no "By ", no trailing date or separator parts, no addresses. */
export function cleanByline(raw: string): string | undefined {
  let byline = squash(raw);
  byline = byline.split(/\s+[|·•—–]\s+|\n/)[0] ?? "";
  byline = byline.replace(BYLINE_PREFIX, "").replace(/^[,:;\s]+|[,:;\s]+$/g, "");
  if (byline === "" || byline.length > 150) return undefined;
  if (/^(?:https?:|www\.)|\.(?:com|org|net)\//i.test(byline)) return undefined;
  if (!/\p{L}/u.test(byline)) return undefined;
  return byline;
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

  // Title: og:title, JSON-LD headline, twitter:title, <title>; a " | Site" part removed.
  const titleElement = document.querySelector("title")?.textContent ?? "";
  const rawTitle =
    firstMeta(metas, ["og:title"]) ??
    (article ? stringOf(article.headline) : undefined) ??
    firstMeta(metas, ["twitter:title", "dc.title", "headline"]) ??
    (squash(titleElement) || undefined) ??
    squash(document.querySelector("h1")?.textContent ?? "");
  const title = stripSiteFromTitle(rawTitle, siteName, host);

  // Bylines, best first.
  const bylines: string[] = [];
  const credits: string[] = [];
  const addByline = (raw: string | undefined) => {
    if (raw === undefined) return;
    const byline = cleanByline(raw);
    if (byline !== undefined && bylines.includes(byline)) return;
    credits.push(raw);
    if (byline !== undefined) bylines.push(byline);
  };
  for (const key of ["author", "article:author", "dc.creator", "byl", "sailthru.author", "parsely-author", "twitter:creator"]) {
    for (const value of metas.get(key) ?? []) if (!value.startsWith("@")) addByline(value);
  }
  if (article) {
    const authors = namesOf(article.author, ld);
    if (authors.length > 0) addByline(authors.join(", "));
  }
  for (const element of Array.from(document.querySelectorAll("a[rel], link[rel]"))) {
    const rel = (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("author") || tagOf(element) !== "a") continue;
    addByline(element.textContent ?? "");
  }
  const body = document.body ?? document.documentElement;
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
      if (insideBoilerplate(element)) continue;
      if (isByline) addByline(text);
      else if (insideArticle(element)) credits.push(text);
    }
    // Last: a short element that reads "By Jane Doe" (blogs often have no other byline markup).
    examined = 0;
    for (const element of Array.from(body.querySelectorAll("p, div, span, address, li"))) {
      if (hasBlockChild(element)) continue;
      if (++examined > MAX_EXAMINED * 10) break;
      const raw = element.textContent ?? "";
      if (raw.length > 1000) continue;
      const text = squash(raw);
      if (text.length > 120 || !BY_LINE.test(text) || insideBoilerplate(element)) continue;
      addByline(text);
      break;
    }
  }

  // Publication date.
  const times = Array.from(document.querySelectorAll("time"));
  const timeValue = (time: Element) => time.getAttribute("datetime") ?? time.textContent;
  const publishedAt = firstDate([
    ...PUBLISHED_META.map((key) => firstMeta(metas, [key])),
    ...(article ? [stringOf(article.datePublished), stringOf(article.dateCreated)] : []),
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
