// What the fuzz test sends: strings an attacker would try (NUL, lone surrogates, huge, ids that
// exist), values shaped by a JSON Schema (the OpenAPI document's) or a GraphQL input type with
// wrong types mixed in, and raw bodies no well-behaved client sends (deep nesting, broken JSON,
// invalid UTF-8, oversize). All of it from fast-check arbitraries, so a seed replays a run.
import fc from "fast-check";
import { type GraphQLInputType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } from "graphql";

const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const awkwardUnit = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: surrogate },
  { weight: 1, arbitrary: fc.constant("\u0000") },
);

const SPECIAL_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\udbff",
  "\u{1F600}",
  "\ufeff",
  "%00",
  "%",
  "../../etc/passwd",
  "' OR 1=1 --",
  "\\",
  '"',
  "<script>alert(1)</script>",
  "null",
  "true",
  "-1",
  "1e309",
  "NaN",
  "en+de",
  "en+en",
  "xx+",
  "https://news.example.com/story",
  "http://127.0.0.1:1/",
  "javascript:alert(1)",
  "00000000-0000-0000-0000-000000000000",
  "bz_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  "bz_mcp_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  "x".repeat(5_000),
  "\u00e9".repeat(70_000),
];

const awkwardInsert = fc.oneof(
  fc.constantFrom("\u0000", "\ud800", "\udc00", "\udbff\udfff", "\u{1F600}", "%00", "\n", "'", '"'),
  fc.string({ unit: awkwardUnit, minLength: 1, maxLength: 4 }),
);

/**
 * Values that exist on the server, by the (lower-cased) name of the field that takes them:
 * `siteid`, `briefid`, `id`, ...; `any` holds all of them.
 */
export type Known = Record<string, readonly string[]> & { any: readonly string[] };

/** Plausible values for a field: what exists under its name, else what its name says it holds. */
function plausibleFor(name: string, known: Known): fc.Arbitrary<string> {
  const own = known[name.toLowerCase()];
  if (own?.length) return fc.constantFrom(...own);
  if (/url/i.test(name)) return fc.constantFrom("https://news.example.com/story", "https://other.example.org/a?b=c");
  if (/domain/i.test(name)) return fc.constantFrom("news.example.com", "example.org");
  if (/language/i.test(name)) return fc.constantFrom("en", "en+de", "de", "bhs");
  if (/email/i.test(name)) return fc.constantFrom("someone@example.com", "owner@example.com");
  if (/id$/i.test(name)) return fc.constantFrom(...(known.id ?? known.any));
  return fc.constantFrom("Harbour dredging", "news", "Editor", "x");
}

/** How often, in 100, a generated value is made awkward; the rest are plausible. */
export type Rate = number;

/**
 * Strings for a field: mostly plausible for what it holds (so a request gets past validation to
 * the code behind it), else the plausible value with something awkward put in, or awkward alone.
 * `known` are ids and values that exist on the server.
 */
export function fuzzString(known: Known, name = "", rate: Rate = 50): fc.Arbitrary<string> {
  const plausible = plausibleFor(name, known);
  const awkward = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(plausible, awkwardInsert, fc.constantFrom("start", "end", "middle"))
        .map(([value, odd, where]) =>
          where === "start" ? odd + value : where === "end" ? value + odd : value.slice(0, 1) + odd + value.slice(1),
        ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: awkwardUnit, maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom(...known.any).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid() },
  );
  return fc.oneof({ weight: 100 - rate, arbitrary: plausible }, { weight: rate, arbitrary: awkward });
}

/** Numbers plausible for a field, else past every bound: 32-bit overflow, unsafe, fractions, negatives. */
export function fuzzNumber(name = "", rate: Rate = 50): fc.Arbitrary<number> {
  const plausible = /cap/i.test(name)
    ? fc.integer({ min: 0, max: 1000 })
    : /words/i.test(name)
      ? fc.integer({ min: 300, max: 3000 })
      : fc.integer({ min: 0, max: 10 });
  const awkward = fc.oneof(
    fc.constantFrom(-1, 1001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300, 0.5, 1e21),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  return fc.oneof({ weight: 100 - rate, arbitrary: plausible }, { weight: rate, arbitrary: awkward });
}

/** Any JSON value, strings included from the fuzz strings. */
export function fuzzJson(known: Known): fc.Arbitrary<unknown> {
  return fc
    .jsonValue({ maxDepth: 3 })
    .chain((plain) =>
      fc.oneof(fc.constant(plain), fuzzString(known, "", 90), fc.array(fuzzString(known, "", 90), { maxLength: 3 })),
    );
}

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

/** Now and then the wrong type altogether (a third as often as an awkward value). */
const orWrong = <T>(shaped: fc.Arbitrary<T>, known: Known, rate: Rate): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 300, arbitrary: shaped }, { weight: rate, arbitrary: fuzzJson(known) });

/**
 * Values shaped like `schema` (the OpenAPI document's), plausible for each field by its name,
 * with awkward values and wrong types at `rate`.
 */
export function fromJsonSchema(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
  known: Known,
  rate: Rate,
  name = "",
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fuzzJson(known);
  const recurse = (inner: JsonSchema | undefined, innerName = name) =>
    fromJsonSchema(inner, components, known, rate, innerName, depth + 1);
  if (schema.$ref) return recurse(components[schema.$ref.split("/").at(-1) ?? ""]);
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((inner) => recurse(inner)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown>;
  if (schema.enum?.length) {
    shaped = fc.oneof(
      { weight: 100 - rate, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: rate, arbitrary: fuzzString(known, name, 100) },
    );
  } else if (type === "string") shaped = fuzzString(known, name, rate);
  else if (type === "integer" || type === "number") shaped = fuzzNumber(name, rate);
  else if (type === "boolean") shaped = fc.boolean();
  else if (type === "array") {
    shaped = fc.oneof(
      { weight: 100 - rate, arbitrary: fc.array(recurse(schema.items), { maxLength: 3 }) },
      { weight: rate, arbitrary: fc.array(recurse(schema.items), { minLength: 8, maxLength: 60 }) },
    );
  } else if (type === "object" || schema.properties) {
    // A field whose known values are none (no brand exists) is mostly left out.
    const property = (key: string, inner: JsonSchema) =>
      known[key.toLowerCase()]?.length === 0
        ? fc.oneof({ weight: 100 - rate, arbitrary: fc.constant(undefined) }, { weight: rate, arbitrary: recurse(inner, key) })
        : recurse(inner, key);
    const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, property(key, s)]));
    const extra = fc.dictionary(fuzzString(known), fuzzJson(known), { minKeys: 1, maxKeys: 2 });
    shaped = fc
      .tuple(
        fc.oneof(
          { weight: 100 - rate, arbitrary: fc.record(properties, { requiredKeys: schema.required ?? [] }) },
          { weight: rate, arbitrary: fc.record(properties, { requiredKeys: [] }) },
        ),
        fc.oneof({ weight: 100 - rate, arbitrary: fc.constant({}) }, { weight: rate, arbitrary: extra }),
      )
      .map(([given, more]) => ({ ...more, ...given }));
  } else return fuzzJson(known);
  return orWrong(shaped, known, rate);
}

/** Variable values for a GraphQL input type, plausible by field name, awkward at `rate`. */
export function fromGraphQLType(type: GraphQLInputType, known: Known, rate: Rate, name = "", depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fuzzJson(known);
  const recurse = (inner: GraphQLInputType, innerName = name) => fromGraphQLType(inner, known, rate, innerName, depth + 1);
  if (isNonNullType(type)) return recurse(type.ofType);
  let shaped: fc.Arbitrary<unknown>;
  if (isListType(type)) {
    shaped = fc.oneof(
      { weight: 100 - rate, arbitrary: fc.array(recurse(type.ofType), { maxLength: 3 }) },
      { weight: rate, arbitrary: fc.array(recurse(type.ofType), { minLength: 8, maxLength: 60 }) },
    );
  } else if (isInputObjectType(type)) {
    const field = (name: string, inner: GraphQLInputType) =>
      known[name.toLowerCase()]?.length === 0
        ? fc.oneof({ weight: 100 - rate, arbitrary: fc.constant(undefined) }, { weight: rate, arbitrary: recurse(inner, name) })
        : recurse(inner, name);
    const fields = Object.values(type.getFields());
    const record = (requiredKeys: string[]) =>
      fc.record(Object.fromEntries(fields.map((f) => [f.name, field(f.name, f.type)])), { requiredKeys });
    shaped = fc.oneof(
      { weight: 100 - rate, arbitrary: record(fields.filter((f) => isNonNullType(f.type)).map((f) => f.name)) },
      { weight: rate, arbitrary: record([]) },
    );
  } else if (isEnumType(type)) shaped = fc.constantFrom(...type.getValues().map((v) => v.name));
  else if (isScalarType(type) && (type.name === "Int" || type.name === "Float")) shaped = fuzzNumber(name, rate);
  else if (isScalarType(type) && type.name === "Boolean") shaped = fc.boolean();
  else shaped = fuzzString(known, name, rate);
  return orWrong(shaped, known, rate);
}

/** A GraphQL string literal for `value`, with escapes a client may write (\u0000, \uD800, \u{...}). */
export function graphqlStringLiteral(value: string): string {
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === "\\") out += `\\${char}`;
    else if (code < 0x20 || (code >= 0xd800 && code <= 0xdfff)) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}

const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

/** Puts a raw JSON value where a request carries one: `{"topic": <value>}`, an MCP call's name, ... */
export type Wrap = (value: string) => string;

/** Raw bodies no well-behaved client sends, deep values put where `wraps` say. */
export function awkwardBody(wraps: readonly Wrap[] = []): fc.Arbitrary<{ label: string; body: string | Uint8Array }> {
  const wrap = fc.constantFrom<Wrap>((value) => `{"a":${value}}`, ...wraps);
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(65, 1_000, 100_000), wrap)
      .map(([depth, put]) => ({ label: `nested ${depth}`, body: put(nested(depth)) })),
    fc.constantFrom(65, 100_000).map((depth) => ({ label: `bare nested ${depth}`, body: nested(depth) })),
    fc
      .tuple(fc.constantFrom('"\\u0000"', '"x\\ud800"', '"\\udc00"', '{"\\u0000":1}'), wrap)
      .map(([value, put]) => ({ label: "escaped", body: put(value) })),
    fc.constantFrom("{", '{"a":', "nul", "[1,]", '{"a":1}}', "", "\u0000", '"\\ud800"', '{"__proto__":{"x":1}}').map((body) => ({
      label: "broken JSON",
      body,
    })),
    fc.constant({
      label: "invalid UTF-8",
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]),
    }),
    fc.constant({ label: "2 MB", body: `{"topic":"${"x".repeat(2 * 1024 * 1024)}"}` }),
  );
}

export const contentTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "application/json; charset=utf-16",
      "application/graphql",
      "application/merge-patch+json",
      "",
    ),
  },
);

/** A path or query part as a hostile client may encode it: lone surrogates become raw UTF-8 bytes. */
export function encodePart(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(value[i] as string);
  }
  return out;
}
