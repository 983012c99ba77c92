// The REST surface's response shaping, in one place: fields that are not set are omitted, never
// sent as null (Conventions §2). Field names and id casing already come right from GraphQL.
import type { z } from "@hono/zod-openapi";

/** A GraphQL result as REST sends it: a nullable field becomes an optional one. */
export type Shaped<T> = T extends (infer U)[]
  ? Shaped<Exclude<U, null>>[]
  : T extends object
    ? { [K in keyof T as null extends T[K] ? never : K]: Shaped<T[K]> } & {
        [K in keyof T as null extends T[K] ? K : never]?: Shaped<Exclude<T[K], null>>;
      }
    : T;

export function omitUnset<T>(value: T): Shaped<T> {
  if (Array.isArray(value)) return value.map((v) => omitUnset(v)) as Shaped<T>;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (v !== null && v !== undefined) out[key] = omitUnset(v);
    }
    return out as Shaped<T>;
  }
  return value as Shaped<T>;
}

/** A response schema's type with its enumerations widened to string, as GraphQL's String fields give them. */
type Widened<T> = T extends string
  ? string
  : T extends (infer U)[]
    ? Widened<U>[]
    : T extends object
      ? { [K in keyof T]: Widened<T[K]> }
      : T;

/**
 * The shaped result of a typed GraphQL document as the body a route's response schema declares.
 * The typecheck holds every field name, nesting, optionality and scalar type to the schema; only
 * the enumerations are taken on trust, because the GraphQL schema types them as String (the API
 * tests hold their values).
 */
export function asResponse<S extends z.ZodType>(_schema: S, body: Widened<z.output<S>>): z.output<S> {
  return body as z.output<S>;
}
