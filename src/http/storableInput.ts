// What a request may carry into the service, checked once at the HTTP edge for /api/v1, /graphql
// and /mcp/v1 alike, before any parser recurses or any query runs:
// - text PostgreSQL cannot store: NUL (U+0000; text and jsonb refuse it) and unpaired UTF-16
//   surrogates (jsonb refuses their escapes; text would turn them into U+FFFD unseen), in JSON
//   bodies (values and keys), query strings, path parameters and GraphQL string literals;
// - JSON nested deeper than MAX_JSON_DEPTH, found by counting brackets in the raw text, so no
//   parser or walker ever recurses past it.
// Each refusal is a 400 `validation` naming the field (`mustAppear.1`) and where it was (`in`).
import { DomainError } from "../errors.ts";

/** Arrays and objects inside one another, the body itself counting as one. */
export const MAX_JSON_DEPTH = 64;

export type InputPlace = "body" | "query" | "path";

/** False for text with NUL or an unpaired surrogate. */
export function isStorable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/** True when JSON text nests arrays and objects deeper than `max`; brackets inside strings do not count. */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/**
 * The path (`input.mustAppear.1`) of the first string or key in a parsed JSON value that cannot
 * be stored; "" for the value itself; undefined when all can. Walks without recursion.
 */
export function unstorablePath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      if (!isStorable(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (const [key] of entries) if (!isStorable(key)) return join(path, JSON.stringify(key));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push([inner, join(path, key)]);
      }
    }
  }
  return undefined;
}

export function unstorableText(field: string, place: InputPlace): DomainError {
  return new DomainError(
    "validation",
    `${field}: text must not contain NUL (U+0000) or an unpaired UTF-16 surrogate (U+D800 to U+DFFF).`,
    { field, in: place },
  );
}

export function nestedTooDeep(field: string, place: InputPlace): DomainError {
  return new DomainError("validation", `${field}: JSON is nested deeper than ${MAX_JSON_DEPTH} levels.`, {
    field,
    in: place,
    maxDepth: MAX_JSON_DEPTH,
  });
}

/** Throws 400 validation naming the first string in `value` that cannot be stored. */
export function assertStorable(value: unknown, place: InputPlace, prefix = ""): void {
  const path = unstorablePath(value);
  if (path === undefined) return;
  const field = prefix && path ? `${prefix}.${path}` : prefix || path || place;
  throw unstorableText(field, place);
}

/**
 * Checks JSON text (a body, or a GraphQL `variables` parameter): nesting first, on the raw text,
 * then every string and key. Returns the parsed value, or undefined when the text is not JSON (the
 * surface that reads it says so in its own words).
 */
export function checkJsonText(text: string, place: InputPlace, field = ""): unknown {
  if (jsonNestsDeeperThan(text)) throw nestedTooDeep(field || place, place);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  assertStorable(parsed, place, field);
  return parsed;
}

const isHex = (code: number) => (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);

/**
 * Where (line and column) a GraphQL document's string literal spells NUL (`\u0000`, `\u{0}`) or a
 * surrogate not paired by the next escape (`\uD800`), or undefined. Block strings take no
 * escapes, comments are skipped; raw characters are checked with the rest of the JSON body.
 */
export function unstorableGraphQLEscape(document: string): { line: number; column: number } | undefined {
  if (!document.includes("\\u")) return undefined;
  const at = (index: number) => {
    const before = document.slice(0, index).split(/\r\n|\r|\n/);
    return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
  };
  /** The code point of the `\u` escape at `i` and where it ends; undefined if malformed. */
  const escapeAt = (i: number): { code: number; end: number } | undefined => {
    let j = i + 2;
    if (document.charCodeAt(j) === 0x7b) {
      const close = document.indexOf("}", j);
      const hex = close > j + 1 ? document.slice(j + 1, close) : "";
      if (!hex || hex.length > 8 || ![...hex].every((c) => isHex(c.charCodeAt(0)))) return undefined;
      return { code: Number.parseInt(hex, 16), end: close + 1 };
    }
    for (; j < i + 6; j++) if (!isHex(document.charCodeAt(j))) return undefined;
    return { code: Number.parseInt(document.slice(i + 2, i + 6), 16), end: i + 6 };
  };
  let i = 0;
  while (i < document.length) {
    const char = document[i];
    if (char === "#") {
      while (i < document.length && document[i] !== "\n" && document[i] !== "\r") i++;
    } else if (document.startsWith('"""', i)) {
      i += 3;
      while (i < document.length && !document.startsWith('"""', i)) i += document.startsWith('\\"""', i) ? 4 : 1;
      i += 3;
    } else if (char === '"') {
      i++;
      let lead: number | undefined;
      while (i < document.length && document[i] !== '"' && document[i] !== "\n" && document[i] !== "\r") {
        const unicode = document[i] === "\\" && document[i + 1] === "u" ? escapeAt(i) : undefined;
        if (unicode) {
          const trailing = unicode.code >= 0xdc00 && unicode.code <= 0xdfff;
          if (lead !== undefined && !trailing) return at(lead);
          if (lead === undefined && (unicode.code === 0 || trailing)) return at(i);
          lead = lead === undefined && unicode.code >= 0xd800 && unicode.code <= 0xdbff ? i : undefined;
          i = unicode.end;
        } else {
          if (lead !== undefined) return at(lead);
          i += document[i] === "\\" ? 2 : 1;
        }
      }
      if (lead !== undefined) return at(lead);
      i++;
    } else i++;
  }
  return undefined;
}

/** Throws 400 validation when a GraphQL document spells text that cannot be stored. */
export function assertStorableGraphQL(document: unknown, place: InputPlace, field: string): void {
  if (typeof document !== "string") return;
  const where = unstorableGraphQLEscape(document);
  if (!where) return;
  const error = unstorableText(field, place);
  throw new DomainError("validation", `${error.message} (a string literal at line ${where.line}, column ${where.column})`, {
    ...error.extra,
    ...where,
  });
}
