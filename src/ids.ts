// Ids are Postgres uuids, kept and returned by the domain as stored (the lower-case uuid). The
// letter case the spec gives each kind at the edge (Conventions §3) is applied by schema/ only
// (schema/ids.ts); what the domain writes once and sends later is formatted through the
// interface it owns, src/contractFormat.ts. Parsing is case-insensitive and never throws: a
// malformed id is simply one that matches nothing.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored form of an id sent by a client, or undefined when it cannot be one of ours. */
export function parseId(value: string | undefined | null): string | undefined {
  if (typeof value !== "string" || !UUID.test(value)) return undefined;
  return value.toLowerCase();
}
