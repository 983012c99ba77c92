// The REST surface's response shaping, in one place: fields that are not set are omitted, never
// sent as null (Conventions §2). Field names and id casing already come right from GraphQL.

export type Shaped<T> = T extends null
  ? never
  : T extends (infer U)[]
    ? Shaped<U>[]
    : T extends object
      ? { [K in keyof T]: Shaped<Exclude<T[K], null>> }
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
