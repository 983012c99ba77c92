// The test button (spec, Webhooks): a `test` event sent at once, once, never retried, and
// answered with its outcome. At most one every 10 seconds per endpoint and 10 an hour per person.
import { randomUUID } from "node:crypto";
import type { WebhookDelivery } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import { takePlace } from "../auth/rateCounters.ts";
import type { Database } from "../db/database.ts";
import { withTransaction } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { attemptDelivery, type SendOptions } from "./deliveries.ts";
import { requireWebhookManager, webhookById } from "./endpoints.ts";
import { newEvent } from "./envelope.ts";
import type { WebhookSettings } from "./webhookSettings.ts";

export const TEST_EVERY_SECONDS = 10;
export const TESTS_PER_HOUR = 10;

export async function sendTestEvent(
  db: Database,
  principal: Principal,
  id: string,
  settings: WebhookSettings,
  options: SendOptions = {},
): Promise<WebhookDelivery> {
  const person = requireWebhookManager(principal);
  const endpoint = await webhookById(db, person, id);
  const perEndpoint = await takePlace(db.pool, `webhook-test:endpoint:${endpoint.id}`, 1, TEST_EVERY_SECONDS);
  if (!perEndpoint.taken) {
    throw new DomainError("rate_limited", `An endpoint takes one test event every ${TEST_EVERY_SECONDS} seconds.`, {
      retryAfter: perEndpoint.resetSeconds,
    });
  }
  const perPerson = await takePlace(db.pool, `webhook-test:person:${person.personId}`, TESTS_PER_HOUR, 3600);
  if (!perPerson.taken) {
    throw new DomainError("rate_limited", `A person sends at most ${TESTS_PER_HOUR} test events an hour.`, {
      retryAfter: perPerson.resetSeconds,
    });
  }
  const deliveryId = randomUUID();
  const {
    uuid: event,
    createdAt,
    body,
  } = newEvent({ type: "test", workspaceId: endpoint.workspaceId, siteId: endpoint.siteId, data: { test: true } });
  // Written claimed, as its one attempt: a cycle never takes it, and a crash leaves it given up.
  await withTransaction(db, async (sql) => {
    await sql.query(
      `INSERT INTO outbox_event (id, workspace_id, site_id, type, data, body, created_at)
       VALUES ($1, $2, $3, 'test', '{"test":true}'::jsonb, $4, $5)`,
      [event, endpoint.workspaceId, endpoint.siteId, body, createdAt],
    );
    await sql.query(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_id, workspace_id, event_type, status, attempts,
                                     next_attempt_at, claimed_until, last_attempt_at)
       VALUES ($1, $2, $3, $4, 'test', 'pending', 1, now(), now() + make_interval(secs => $5), now())`,
      [deliveryId, endpoint.id, event, endpoint.workspaceId, settings.leaseSeconds],
    );
  });
  await attemptDelivery(db, deliveryId, 1, settings, { ...options, limit: 1 });
  return db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
}
