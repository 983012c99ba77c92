// The session-only webhook endpoint routes, beside the key routes (docs/webhooks.md). A bearer
// token sent here is refused by the operations' person-only scope (key_not_allowed); a Writer or
// Viewer by the domain (role_missing).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { CreatedWebhook, NewWebhookBody, Webhook, WebhookChangeBody, WebhookDelivery } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, errors, jsonBody, jsonResponse, requiredBody, SESSION } from "../routeDeclarations.ts";

const DeliveryFields = graphql(`
  fragment DeliveryFields on WebhookDelivery {
    id eventId type status httpStatus attempts createdAt lastAttemptAt nextAttemptAt finishedAt response error
  }
`);

const WebhookFields = graphql(
  `
  fragment WebhookFields on WebhookEndpoint {
    id url siteId events secretHint previousSecretUntil receiving createdAt updatedAt createdBy
    recentDeliveries { ...DeliveryFields }
  }
`,
  [DeliveryFields],
);

const ListWebhooks = graphql(`query ListWebhooks { webhooks { ...WebhookFields } }`, [WebhookFields]);
const CreateWebhook = graphql(
  `mutation CreateWebhook($input: NewWebhookInput!) { createWebhook(input: $input) { webhook { ...WebhookFields } secret } }`,
  [WebhookFields],
);
const UpdateWebhook = graphql(
  `mutation UpdateWebhook($id: String!, $input: WebhookChangeInput!) { updateWebhook(id: $id, input: $input) { ...WebhookFields } }`,
  [WebhookFields],
);
const DeleteWebhook = graphql(`mutation DeleteWebhook($id: String!) { deleteWebhook(id: $id) }`);
const RotateWebhookSecret = graphql(
  `mutation RotateWebhookSecret($id: String!) { rotateWebhookSecret(id: $id) { webhook { ...WebhookFields } secret } }`,
  [WebhookFields],
);
const SendTestWebhook = graphql(`mutation SendTestWebhook($id: String!) { sendTestWebhook(id: $id) { ...DeliveryFields } }`, [
  DeliveryFields,
]);

const BASE = "/developer/webhooks";
const Param = z.object({ webhookID: z.string().openapi({ param: { name: "webhookID", in: "path" } }) });
const MANAGE_ERRORS = { 403: "key_not_allowed (a bearer token), role_missing (Writer or Viewer), whole_workspace_owner_only" };

export function webhookRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  app.openapi(
    createRoute({
      method: "get",
      path: BASE,
      summary: "List webhook endpoints",
      description:
        "Session only. An Owner sees every endpoint, an Editor the site-bound ones; each with its last three deliveries.",
      security: SESSION,
      responses: { 200: jsonResponse(z.array(Webhook), "The endpoints"), ...AUTH_ERRORS, ...errors(MANAGE_ERRORS) },
    }),
    async (c) => {
      const { webhooks } = await graphqlCall(yoga, c.get("principal"))(ListWebhooks);
      return c.json(asResponse(z.array(Webhook), omitUnset(webhooks)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: BASE,
      summary: "Register a webhook endpoint",
      description:
        "Session only, Owner or Editor. The secret (`whsec_…`) is in this answer and nowhere else. Left-out siteId: the whole workspace, Owner only.",
      security: SESSION,
      request: { body: jsonBody(NewWebhookBody) },
      responses: {
        200: jsonResponse(CreatedWebhook, "The endpoint and its secret"),
        ...AUTH_ERRORS,
        ...errors({
          400: "validation, with `field` and `rule` (the address rule broken, or unknown_event, test_not_subscribable, no_events)",
          ...MANAGE_ERRORS,
          404: "not_found: no such site",
          409: "plan_limit: 20 endpoints a workspace",
        }),
      },
    }),
    async (c) => {
      const { createWebhook } = await graphqlCall(yoga, c.get("principal"))(CreateWebhook, {
        input: requiredBody(c, c.req.valid("json")),
      });
      return c.json(asResponse(CreatedWebhook, omitUnset(createWebhook)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: `${BASE}/{webhookID}`,
      summary: "Change a webhook endpoint's address or events",
      description: "Session only, Owner or Editor. The site is fixed at registration.",
      security: SESSION,
      request: { params: Param, body: jsonBody(WebhookChangeBody) },
      responses: {
        200: jsonResponse(Webhook, "The endpoint"),
        ...AUTH_ERRORS,
        ...errors({ 400: "validation, with `field` and `rule`", ...MANAGE_ERRORS, 404: "not_found" }),
      },
    }),
    async (c) => {
      const { updateWebhook } = await graphqlCall(yoga, c.get("principal"))(UpdateWebhook, {
        id: c.req.valid("param").webhookID,
        input: requiredBody(c, c.req.valid("json")),
      });
      return c.json(asResponse(Webhook, omitUnset(updateWebhook)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: `${BASE}/{webhookID}`,
      summary: "Delete a webhook endpoint",
      description: "Session only, Owner or Editor. Its pending deliveries and its log go with it.",
      security: SESSION,
      request: { params: Param },
      responses: { 204: { description: "Deleted" }, ...AUTH_ERRORS, ...errors({ ...MANAGE_ERRORS, 404: "not_found" }) },
    }),
    async (c) => {
      await graphqlCall(yoga, c.get("principal"))(DeleteWebhook, { id: c.req.valid("param").webhookID });
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${BASE}/{webhookID}/test`,
      summary: "Send the test event",
      description:
        "Session only, Owner or Editor. Sends a `test` event at once, once, never retried, and answers how it went. One every 10 seconds per endpoint, 10 an hour per person.",
      security: SESSION,
      request: { params: Param },
      responses: {
        200: jsonResponse(WebhookDelivery, "The delivery: delivered, or failed with the status or error"),
        ...AUTH_ERRORS,
        ...errors({ ...MANAGE_ERRORS, 404: "not_found", 429: "rate_limited, with Retry-After" }),
      },
    }),
    async (c) => {
      const { sendTestWebhook } = await graphqlCall(yoga, c.get("principal"))(SendTestWebhook, {
        id: c.req.valid("param").webhookID,
      });
      return c.json(asResponse(WebhookDelivery, omitUnset(sendTestWebhook)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${BASE}/{webhookID}/secret`,
      summary: "Rotate a webhook endpoint's secret",
      description:
        "Session only, Owner or Editor. A new secret, in this answer only; for 24 hours the previous one also signs each delivery, as X-Service-Signature-Previous.",
      security: SESSION,
      request: { params: Param },
      responses: {
        200: jsonResponse(CreatedWebhook, "The endpoint and its new secret"),
        ...AUTH_ERRORS,
        ...errors({ ...MANAGE_ERRORS, 404: "not_found" }),
      },
    }),
    async (c) => {
      const { rotateWebhookSecret } = await graphqlCall(yoga, c.get("principal"))(RotateWebhookSecret, {
        id: c.req.valid("param").webhookID,
      });
      return c.json(asResponse(CreatedWebhook, omitUnset(rotateWebhookSecret)), 200);
    },
  );
}
