// Webhook endpoints (spec, Webhooks; docs/webhooks.md): registered, changed, rotated and removed by
// a signed-in Owner or Editor. An Editor manages site-bound endpoints; only an Owner makes or sees
// whole-workspace ones. The secret is returned once, at creation and at rotation, and stored sealed.
import type { Person, WebhookDelivery, WebhookEndpoint } from "../../prisma/generated/client/client.ts";
import type { PersonPrincipal, Principal } from "../auth/principal.ts";
import { assertVisible, visibleWhere } from "../auth/visibility.ts";
import type { Database } from "../db/database.ts";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../enumerations.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { addressOptions, type SendOptions } from "./deliveries.ts";
import { checkWebhookUrl } from "./endpointAddress.ts";
import { newWebhookSecret, sealSecret, secretHint, webhookSecretKey } from "./secrets.ts";

/** Endpoints a workspace may hold: every event is offered to each of them, so their number is bounded. */
export const ENDPOINTS_PER_WORKSPACE = 20;
/** How long the replaced secret still signs after a rotation (X-Service-Signature-Previous). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Deliveries shown with each endpoint. */
export const RECENT_DELIVERIES = 3;

export type WebhookRecord = WebhookEndpoint & {
  createdBy: Person;
  /** False when the creator may no longer receive (no longer Owner, or an Editor of a site-bound endpoint). */
  receiving: boolean;
  recentDeliveries: WebhookDelivery[];
};

export interface NewWebhook {
  url: string;
  siteId?: string | null;
  events: string[];
}

export interface WebhookChange {
  url?: string | null;
  events?: string[] | null;
}

/** Only a signed-in Owner or Editor manages endpoints. */
export function requireWebhookManager(principal: Principal): PersonPrincipal {
  if (principal.kind !== "person")
    throw new DomainError("key_not_allowed", "Webhook endpoints are managed by a signed-in person.");
  if (principal.role !== "Owner" && principal.role !== "Editor") {
    throw new DomainError("role_missing", `Your role in this workspace (${principal.role}) cannot manage webhook endpoints.`);
  }
  return principal;
}

export function checkEvents(events: string[]): WebhookEventType[] {
  if (!Array.isArray(events) || events.length === 0) {
    throw new DomainError("validation", "events must tick at least one event type.", { field: "events", rule: "no_events" });
  }
  if (events.includes("test")) {
    throw new DomainError("validation", "test cannot be ticked: the test event is sent by the test button only.", {
      field: "events",
      rule: "test_not_subscribable",
    });
  }
  const unknown = events.filter((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length > 0) {
    throw new DomainError(
      "validation",
      `unknown event type: ${unknown.slice(0, 5).join(", ")}. Types: ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
      { field: "events", rule: "unknown_event" },
    );
  }
  return [...new Set(events as WebhookEventType[])];
}

/** Whether the creator's role still lets the endpoint receive (spec: the Owner, or an Editor of the site). */
export function creatorMayReceive(role: string | null | undefined, siteId: string | null): boolean {
  return role === "Owner" || (role === "Editor" && siteId !== null);
}

async function withDetails(db: Database, endpoints: (WebhookEndpoint & { createdBy: Person })[]): Promise<WebhookRecord[]> {
  if (endpoints.length === 0) return [];
  const ids = endpoints.map((e) => e.id);
  const [memberships, deliveries] = await Promise.all([
    db.prisma.membership.findMany({
      where: { workspaceId: endpoints[0]?.workspaceId, personId: { in: [...new Set(endpoints.map((e) => e.createdById))] } },
    }),
    // The last three per endpoint in one statement.
    db.pool.query<{ id: string }>(
      `SELECT id FROM (
         SELECT id, row_number() OVER (PARTITION BY endpoint_id ORDER BY created_at DESC, id) AS n
           FROM webhook_delivery WHERE endpoint_id = ANY($1::uuid[])) recent
        WHERE n <= $2`,
      [ids, RECENT_DELIVERIES],
    ),
  ]);
  const recent = await db.prisma.webhookDelivery.findMany({
    where: { id: { in: deliveries.rows.map((r) => r.id) } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  const roles = new Map(memberships.map((m) => [m.personId, m.role]));
  return endpoints.map((endpoint) => ({
    ...endpoint,
    receiving: creatorMayReceive(roles.get(endpoint.createdById), endpoint.siteId),
    recentDeliveries: recent.filter((d) => d.endpointId === endpoint.id),
  }));
}

async function visibleEndpoint(db: Database, person: PersonPrincipal, id: string) {
  const endpointId = parseId(id);
  const endpoint = endpointId
    ? await db.prisma.webhookEndpoint.findFirst({
        where: { AND: [{ id: endpointId }, visibleWhere(person, "webhook")] },
        include: { createdBy: true },
      })
    : null;
  assertVisible(person, "webhook", endpoint);
  return endpoint;
}

export async function listWebhooks(db: Database, principal: Principal): Promise<WebhookRecord[]> {
  const person = requireWebhookManager(principal);
  const endpoints = await db.prisma.webhookEndpoint.findMany({
    where: { AND: [visibleWhere(person, "webhook")] },
    include: { createdBy: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return withDetails(db, endpoints);
}

export async function webhookById(db: Database, principal: Principal, id: string): Promise<WebhookRecord> {
  const person = requireWebhookManager(principal);
  const [record] = await withDetails(db, [await visibleEndpoint(db, person, id)]);
  return record as WebhookRecord;
}

export async function createWebhook(
  db: Database,
  principal: Principal,
  input: NewWebhook,
  options: SendOptions = {},
): Promise<{ webhook: WebhookRecord; secret: string }> {
  const person = requireWebhookManager(principal);
  const events = checkEvents(input.events);
  let siteId: string | null = null;
  if (input.siteId !== undefined && input.siteId !== null) {
    const id = parseId(input.siteId);
    const site = id ? await db.prisma.site.findUnique({ where: { id } }) : null;
    assertVisible(person, "site", site, () => new DomainError("not_found", "No such site in this workspace."));
    siteId = site.id;
  } else if (person.role !== "Owner") {
    throw new DomainError(
      "whole_workspace_owner_only",
      "Only an Owner can register an endpoint for the whole workspace; choose a site.",
    );
  }
  const url = await checkWebhookUrl(input.url, addressOptions(options));
  const secret = newWebhookSecret();
  const sealed = sealSecret(secret, webhookSecretKey());
  const created = await db.prisma.$transaction(async (tx) => {
    // The workspace row is locked so that two creations at once cannot both pass the limit.
    await tx.$queryRaw`SELECT id FROM workspace WHERE id = ${person.workspaceId}::uuid FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { workspaceId: person.workspaceId } });
    if (count >= ENDPOINTS_PER_WORKSPACE) {
      throw new DomainError(
        "plan_limit",
        `A workspace holds at most ${ENDPOINTS_PER_WORKSPACE} webhook endpoints; delete one first.`,
      );
    }
    return tx.webhookEndpoint.create({
      data: {
        workspaceId: person.workspaceId,
        siteId,
        createdById: person.personId,
        url,
        events,
        secretSealed: sealed,
        secretHint: secretHint(secret),
      },
      include: { createdBy: true },
    });
  });
  const [webhook] = await withDetails(db, [created]);
  return { webhook: webhook as WebhookRecord, secret };
}

export async function updateWebhook(
  db: Database,
  principal: Principal,
  id: string,
  change: WebhookChange,
  options: SendOptions = {},
): Promise<WebhookRecord> {
  const person = requireWebhookManager(principal);
  const endpoint = await visibleEndpoint(db, person, id);
  const data: { url?: string; events?: string[] } = {};
  if (change.events !== undefined && change.events !== null) data.events = checkEvents(change.events);
  if (change.url !== undefined && change.url !== null) data.url = await checkWebhookUrl(change.url, addressOptions(options));
  const updated =
    Object.keys(data).length === 0
      ? endpoint
      : await db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data, include: { createdBy: true } });
  const [record] = await withDetails(db, [updated]);
  return record as WebhookRecord;
}

/** Deleting an endpoint deletes its delivery log; deliveries in flight find it gone and stop. */
export async function deleteWebhook(db: Database, principal: Principal, id: string): Promise<void> {
  const person = requireWebhookManager(principal);
  const endpoint = await visibleEndpoint(db, person, id);
  await db.prisma.webhookEndpoint.delete({ where: { id: endpoint.id } });
}

/**
 * A new secret, shown once; the one it replaces still signs, as X-Service-Signature-Previous, for
 * a day, so a receiver can switch at any moment of that day (docs/webhooks.md).
 */
export async function rotateWebhookSecret(
  db: Database,
  principal: Principal,
  id: string,
): Promise<{ webhook: WebhookRecord; secret: string }> {
  const person = requireWebhookManager(principal);
  const endpoint = await visibleEndpoint(db, person, id);
  const secret = newWebhookSecret();
  const updated = await db.prisma.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      secretSealed: sealSecret(secret, webhookSecretKey()),
      secretHint: secretHint(secret),
      previousSecretSealed: endpoint.secretSealed,
      previousSecretUntil: new Date(Date.now() + ROTATION_OVERLAP_MS),
    },
    include: { createdBy: true },
  });
  const [webhook] = await withDetails(db, [updated]);
  return { webhook: webhook as WebhookRecord, secret };
}
