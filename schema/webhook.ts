// Webhook endpoints and their delivery log: what only a signed-in Owner or Editor manages
// (docs/webhooks.md). Ids are lower-case (spec, Conventions §3).
import type { WebhookDelivery } from "../prisma/generated/client/client.ts";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookRecord,
} from "../src/webhooks/endpoints.ts";
import { eventId } from "../src/webhooks/envelope.ts";
import { sendTestEvent } from "../src/webhooks/testEvent.ts";
import { builder } from "./builder.ts";
import { deliveryIdOut, optionalIdOut, siteIdOut, webhookIdOut } from "./ids.ts";
import { refuseNulls } from "./inputs.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

const WebhookDeliveryType = builder.objectRef<WebhookDelivery>("WebhookDelivery").implement({
  description: "One event to one endpoint: the same `eventId` and body on every attempt.",
  fields: (t) => ({
    id: t.string({ description: "X-Service-Delivery.", resolve: (d) => deliveryIdOut(d.id) }),
    eventId: t.string({ description: "The envelope's `id` (`evt_` + UUID).", resolve: (d) => eventId(d.eventId) }),
    type: t.string({ resolve: (d) => d.eventType }),
    status: t.string({
      description: "pending (tried again at nextAttemptAt), delivered, failed (given up).",
      resolve: (d) => d.status,
    }),
    httpStatus: t.int({
      nullable: true,
      description: "The last attempt's HTTP status, if it got one.",
      resolve: (d) => d.httpStatus,
    }),
    attempts: t.exposeInt("attempts"),
    createdAt: t.string({ resolve: (d) => d.createdAt.toISOString() }),
    lastAttemptAt: t.string({ nullable: true, resolve: (d) => iso(d.lastAttemptAt) }),
    nextAttemptAt: t.string({
      nullable: true,
      description: "When a pending delivery is tried again.",
      resolve: (d) => (d.status === "pending" ? iso(d.nextAttemptAt) : null),
    }),
    finishedAt: t.string({ nullable: true, resolve: (d) => iso(d.finishedAt) }),
    response: t.string({
      nullable: true,
      description: "The first bytes (at most 4,096) of the last answer.",
      resolve: (d) => d.responseExcerpt,
    }),
    error: t.string({ nullable: true, description: "Why the last attempt failed.", resolve: (d) => d.error }),
  }),
});

const WebhookEndpointType = builder.objectRef<WebhookRecord>("WebhookEndpoint").implement({
  fields: (t) => ({
    id: t.string({ resolve: (w) => webhookIdOut(w.id) }),
    url: t.exposeString("url"),
    siteId: t.string({
      nullable: true,
      description: "Left out: the whole workspace.",
      resolve: (w) => optionalIdOut(siteIdOut, w.siteId),
    }),
    events: t.stringList({ resolve: (w) => w.events }),
    secretHint: t.string({ description: "The secret's prefix and last four characters.", resolve: (w) => w.secretHint }),
    previousSecretUntil: t.string({
      nullable: true,
      description: "After a rotation: until when the previous secret also signs (X-Service-Signature-Previous).",
      resolve: (w) => (w.previousSecretUntil && w.previousSecretUntil > new Date() ? w.previousSecretUntil.toISOString() : null),
    }),
    receiving: t.boolean({
      description: "False when its creator is no longer the Owner, or an Editor of its site: it receives nothing.",
      resolve: (w) => w.receiving,
    }),
    createdAt: t.string({ resolve: (w) => w.createdAt.toISOString() }),
    updatedAt: t.string({ resolve: (w) => w.updatedAt.toISOString() }),
    createdBy: t.string({ description: "Name of the person who registered it.", resolve: (w) => w.createdBy.name }),
    recentDeliveries: t.field({
      type: [WebhookDeliveryType],
      description: "The last three deliveries, newest first.",
      resolve: (w) => w.recentDeliveries,
    }),
  }),
});

const CreatedWebhook = builder.simpleObject("CreatedWebhook", {
  description: "The secret appears only here, once.",
  fields: (t) => ({ webhook: t.field({ type: WebhookEndpointType }), secret: t.string() }),
});

const NewWebhookInput = builder.inputType("NewWebhookInput", {
  fields: (t) => ({
    url: t.string({ required: true, description: "https, port 443, at most 2,048 characters, a public address." }),
    siteId: t.string({ description: "Left out: the whole workspace (Owner only)." }),
    events: t.stringList({ required: true, description: "The event types to receive; `test` cannot be ticked." }),
  }),
});

const WebhookChangeInput = builder.inputType("WebhookChangeInput", {
  description: "The address and the ticked events change; the site is fixed at registration.",
  fields: (t) => ({ url: t.string(), events: t.stringList() }),
});

builder.queryField("webhooks", (t) =>
  t.field({
    type: [WebhookEndpointType],
    description: "An Owner sees every endpoint; an Editor the site-bound ones.",
    authScopes: { person: true },
    resolve: (_root, _args, ctx) => listWebhooks(ctx.db, ctx.principal!),
  }),
);

builder.mutationField("createWebhook", (t) =>
  t.field({
    type: CreatedWebhook,
    authScopes: { person: true },
    args: { input: t.arg({ type: NewWebhookInput, required: true }) },
    resolve: (_root, { input }, ctx) => createWebhook(ctx.db, ctx.principal!, input, ctx.services.fetch),
  }),
);

builder.mutationField("updateWebhook", (t) =>
  t.field({
    type: WebhookEndpointType,
    authScopes: { person: true },
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: WebhookChangeInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => updateWebhook(ctx.db, ctx.principal!, id, refuseNulls(input), ctx.services.fetch),
  }),
);

builder.mutationField("deleteWebhook", (t) =>
  t.boolean({
    authScopes: { person: true },
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteWebhook(ctx.db, ctx.principal!, id);
      return true;
    },
  }),
);

builder.mutationField("rotateWebhookSecret", (t) =>
  t.field({
    type: CreatedWebhook,
    description: "A new secret, shown once; the previous one also signs for 24 hours.",
    authScopes: { person: true },
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, ctx) => rotateWebhookSecret(ctx.db, ctx.principal!, id),
  }),
);

builder.mutationField("sendTestWebhook", (t) =>
  t.field({
    type: WebhookDeliveryType,
    description: "Sends a `test` event now, once, never retried, and answers its outcome.",
    authScopes: { person: true },
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, ctx) => sendTestEvent(ctx.db, ctx.principal!, id, ctx.services.webhooks, ctx.services.fetch),
  }),
);
