// The Brief table's defaults, clamps and limits, applied to every brief made or changed, whatever
// the surface. Types are checked at the edge; values are checked here.

import { ILLUSTRATIONS, LENGTHS, PURPOSES, STRUCTURES, TONES } from "../enumerations.ts";
import { DomainError } from "../errors.ts";
import { isLanguage, type Language } from "../languages.ts";

export { ILLUSTRATIONS, LENGTHS, PURPOSES, STRUCTURES, TONES };

export const TARGET_WORDS = { min: 300, max: 3000, default: 900 } as const;
export const REGION_MAX = 60;
export const MUST_APPEAR = { count: 10, length: 200 } as const;
/** Not in the spec: bounds so one brief cannot hold unbounded text. See docs/decisions.md. */
export const TEXT_MAX = 2000;
export const LIST_MAX = 50;
export const URL_MAX = 2048;

/** Every field a brief may be given; each is optional. */
export interface BriefFields {
  topic?: string;
  angle?: string;
  siteId?: string;
  brandId?: string;
  purpose?: string;
  audience?: string;
  region?: string;
  language?: string;
  tone?: string;
  length?: string;
  targetWords?: number;
  structure?: string;
  keywords?: string[];
  mustAppear?: string[];
  useUrls?: string[];
  excludeDomains?: string[];
  preferDomains?: string[];
  illustration?: string;
  imageStyle?: string;
  imageFormat?: string;
  seo?: boolean;
}

/** The brief fields that are stored as they are checked (everything but the site and brand). */
export type BriefValues = Omit<BriefFields, "siteId" | "brandId">;

export interface ParsedLanguage {
  /** The value stored on the brief. */
  value: string;
  /** The article's language. */
  primary: string;
  /** Language versions, in the order asked. */
  versions: Language[];
}

function invalidLanguage(message: string): DomainError {
  return new DomainError("invalid_language", message);
}

/**
 * One code without spaces is kept as it is; a `+` list names the article's language and then
 * its versions, each one of the 22, once, lower-cased.
 */
export function parseLanguage(value: string): ParsedLanguage {
  if (/\s/.test(value)) throw invalidLanguage("language must not contain spaces.");
  if (value === "") throw invalidLanguage("language must name a language code, such as en.");
  if (!value.includes("+")) return { value, primary: value, versions: [] };
  const codes = value.split("+").map((c) => c.toLowerCase());
  const seen = new Set<string>();
  for (const code of codes) {
    if (code === "") throw invalidLanguage("language has an empty code in its + list.");
    if (!isLanguage(code)) throw invalidLanguage(`"${code}" is not a supported language.`);
    if (seen.has(code)) throw invalidLanguage(`"${code}" appears more than once.`);
    seen.add(code);
  }
  const [primary, ...versions] = codes as Language[];
  return { value: codes.join("+"), primary: primary as string, versions };
}

function oneOf<T extends string>(field: string, allowed: readonly T[], value: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new DomainError("validation", `${field} must be one of ${allowed.join(", ")}.`);
  }
  return value as T;
}

function text(field: string, value: string, max = TEXT_MAX): string {
  if (value.length > max) throw new DomainError("validation", `${field} must be at most ${max} characters.`);
  return value;
}

function list(field: string, value: string[], maxItems = LIST_MAX, maxLength = TEXT_MAX): string[] {
  if (value.length > maxItems) throw new DomainError("validation", `${field} holds at most ${maxItems} entries.`);
  for (const item of value) text(`each entry of ${field}`, item, maxLength);
  return value;
}

function urls(field: string, value: string[]): string[] {
  list(field, value, LIST_MAX, URL_MAX);
  for (const url of value) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
      throw new DomainError("validation", `${field} must hold full http or https addresses ("${url.slice(0, 100)}" is not one).`);
    }
  }
  return value;
}

/** Checks and normalises the given fields; fields left out stay out (defaults live in the table). */
export function checkBriefValues(input: BriefValues): BriefValues {
  const out: BriefValues = {};
  if (input.topic !== undefined) out.topic = text("topic", input.topic);
  if (input.angle !== undefined) out.angle = text("angle", input.angle);
  if (input.audience !== undefined) out.audience = text("audience", input.audience);
  if (input.purpose !== undefined) out.purpose = oneOf("purpose", PURPOSES, input.purpose);
  if (input.tone !== undefined) out.tone = oneOf("tone", TONES, input.tone);
  if (input.length !== undefined) out.length = oneOf("length", LENGTHS, input.length);
  if (input.structure !== undefined) out.structure = oneOf("structure", STRUCTURES, input.structure);
  if (input.illustration !== undefined) out.illustration = oneOf("illustration", ILLUSTRATIONS, input.illustration);
  if (input.region !== undefined) out.region = text("region", input.region, REGION_MAX);
  if (input.language !== undefined) out.language = parseLanguage(input.language).value;
  if (input.targetWords !== undefined) {
    if (!Number.isInteger(input.targetWords)) throw new DomainError("validation", "targetWords must be a whole number.");
    out.targetWords = Math.min(TARGET_WORDS.max, Math.max(TARGET_WORDS.min, input.targetWords));
  }
  if (input.keywords !== undefined) out.keywords = list("keywords", input.keywords, LIST_MAX, 200);
  if (input.mustAppear !== undefined)
    out.mustAppear = list("mustAppear", input.mustAppear, MUST_APPEAR.count, MUST_APPEAR.length);
  if (input.useUrls !== undefined) out.useUrls = urls("useUrls", input.useUrls);
  if (input.excludeDomains !== undefined) out.excludeDomains = list("excludeDomains", input.excludeDomains, LIST_MAX, 253);
  if (input.preferDomains !== undefined) out.preferDomains = list("preferDomains", input.preferDomains, LIST_MAX, 253);
  if (input.imageStyle !== undefined) out.imageStyle = text("imageStyle", input.imageStyle, 200);
  if (input.imageFormat !== undefined) out.imageFormat = text("imageFormat", input.imageFormat, 50);
  if (input.seo !== undefined) out.seo = input.seo;
  return out;
}
