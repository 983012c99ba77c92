// Ids are Postgres uuids; the spec gives each kind a letter case at the edge (Conventions §3).
// Parsing is case-insensitive and never throws: a malformed id is simply one that matches nothing.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Articles, claims, sources, briefs and jobs. */
export const upperId = (id: string) => id.toUpperCase();
/** Sites, brands, illustrations, webhooks, keys, agents, Beats, workspaces, persons. */
export const lowerId = (id: string) => id.toLowerCase();

/** The stored form of an id sent by a client, or undefined when it cannot be one of ours. */
export function parseId(value: string | undefined | null): string | undefined {
  if (typeof value !== "string" || !UUID.test(value)) return undefined;
  return value.toLowerCase();
}
