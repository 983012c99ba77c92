// Helpers shared by the schema's input types.
import { DomainError } from "../src/errors.ts";

type NoNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

/**
 * GraphQL lets a client send `null` for an optional field; the spec has no null anywhere, so a
 * null is refused rather than read as "unset" or "clear".
 */
export function refuseNulls<T extends object>(input: T | null | undefined): NoNulls<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value === null) throw new DomainError("validation", `${key} cannot be null; leave it out instead.`);
    if (value !== undefined) out[key] = value;
  }
  return out as NoNulls<T>;
}
