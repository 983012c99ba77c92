// The body every endpoint receives for one event: the spec's envelope with its keys sorted (and
// the keys of every object inside sorted too, so the bytes depend on nothing but the values).
// Built once, when the event is raised, and stored with it: every attempt sends the same bytes.
import { randomUUID } from "node:crypto";

export interface Envelope {
  /** `evt_` + the event's UUID: the receivers' deduplication key. */
  id: string;
  type: string;
  createdAt: Date;
  workspaceId: string;
  siteId: string | null;
  data: object;
}

/**
 * JSON with every object's keys in sorted order (UTF-16 code units, as Array.prototype.sort), at
 * every depth; arrays keep their order; `undefined` members are left out, as JSON.stringify does.
 * Written out here rather than by rebuilding objects: an object lists integer-like keys ("2",
 * "10") first in numeric order whatever order they were set in.
 */
export function sortedJson(value: unknown): string {
  const encode = (input: unknown): string | undefined => {
    let inner = input;
    if (inner !== null && typeof inner === "object" && typeof (inner as { toJSON?: unknown }).toJSON === "function") {
      inner = (inner as { toJSON(): unknown }).toJSON();
    }
    if (inner === undefined || typeof inner === "function" || typeof inner === "symbol") return undefined;
    if (inner === null || typeof inner !== "object") return JSON.stringify(inner);
    if (Array.isArray(inner)) return `[${inner.map((item) => encode(item) ?? "null").join(",")}]`;
    const members: string[] = [];
    for (const key of Object.keys(inner).sort()) {
      const encoded = encode((inner as Record<string, unknown>)[key]);
      if (encoded !== undefined) members.push(`${JSON.stringify(key)}:${encoded}`);
    }
    return `{${members.join(",")}}`;
  };
  return encode(value) ?? "null";
}

/** The event's id as receivers see it. */
export function eventId(uuid: string): string {
  return `evt_${uuid.toLowerCase()}`;
}

/** A new event's id, time and body, for the row that records it (outbox.ts, the test event). */
export function newEvent(event: Omit<Envelope, "id" | "createdAt">): { uuid: string; createdAt: Date; body: string } {
  const uuid = randomUUID();
  const createdAt = new Date();
  return { uuid, createdAt, body: envelopeBody({ ...event, id: eventId(uuid), createdAt }) };
}

export function envelopeBody(envelope: Envelope): string {
  return sortedJson({
    id: envelope.id,
    type: envelope.type,
    createdAt: envelope.createdAt.toISOString(),
    workspaceId: envelope.workspaceId.toLowerCase(),
    // A workspace-wide event (none today carries no site, but a key without a site can raise one)
    // is sent with the field left out: fields that are not set are omitted, never null.
    ...(envelope.siteId ? { siteId: envelope.siteId.toLowerCase() } : {}),
    data: envelope.data,
  });
}
