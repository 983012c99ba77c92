// Request and response schemas of the REST routes. The facade validates with these and the
// OpenAPI document is generated from them, so the two cannot disagree.
import { z } from "@hono/zod-openapi";
import {
  ESTIMATE_PART_KINDS,
  ILLUSTRATIONS,
  LENGTHS,
  PURPOSES,
  STRUCTURES,
  TONES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from "../../schema/enumerations.ts";
import { SCOPES } from "../../src/auth/principal.ts";

export const ErrorBody = z
  .object({
    error: z.string().openapi({ description: "The error code (/docs/errors).", example: "not_found" }),
    message: z.string().openapi({ description: "What went wrong, for a person to read." }),
    docs: z.string().openapi({
      description: "Where the code is explained: its entry in the error catalogue.",
      example: "/docs/errors#not_found",
    }),
  })
  .catchall(z.unknown())
  .openapi("Error");

const strings = z.array(z.string());

export const BriefBody = z
  .object({
    topic: z.string(),
    angle: z.string(),
    siteId: z.string().openapi({ description: "Lower-case UUID. A site-bound credential gets its own site by default." }),
    brandId: z.string(),
    purpose: z.enum(PURPOSES),
    audience: z.string(),
    region: z.string().openapi({ description: "Up to 60 characters; default Global." }),
    language: z
      .string()
      .openapi({ description: "One code, or `<code>+<code>...`: the article then its versions.", example: "en+de" }),
    tone: z.enum(TONES),
    length: z.enum(LENGTHS),
    targetWords: z.number().int().openapi({ description: "Clamped to 300-3000; default 900." }),
    structure: z.enum(STRUCTURES),
    keywords: strings,
    mustAppear: strings.openapi({ description: "Up to 10 phrases of up to 200 characters." }),
    useUrls: strings,
    excludeDomains: strings,
    preferDomains: strings,
    illustration: z.enum(ILLUSTRATIONS),
    imageStyle: z.string(),
    imageFormat: z.string(),
    seo: z.boolean(),
  })
  .partial()
  // A misspelt field would otherwise be dropped and the brief written without it: refuse it, and
  // say which fields exist.
  .strict()
  .openapi("BriefInput");

/** The fields a brief takes, for the refusal of one it does not. */
export const BRIEF_FIELDS = Object.keys(BriefBody.shape);

export const Brief = z
  .object({
    id: z.string().openapi({ description: "Upper-case UUID." }),
    brandId: z.string().optional(),
    siteId: z.string().optional(),
    topic: z.string(),
    angle: z.string(),
    useUrls: strings,
    excludeDomains: strings,
    purpose: z.enum(PURPOSES),
    audience: z.string(),
    region: z.string(),
    language: z.string(),
    tone: z.enum(TONES),
    length: z.enum(LENGTHS),
    targetWords: z.number().int(),
    structure: z.enum(STRUCTURES),
    keywords: strings,
    mustAppear: strings,
    preferDomains: strings,
    illustration: z.enum(ILLUSTRATIONS),
    imageStyle: z.string().optional(),
    imageFormat: z.string().optional(),
    seo: z.boolean(),
  })
  .openapi("Brief");

export const Estimate = z
  .object({
    credits: z.number().int(),
    parts: z.array(z.object({ label: z.string(), credits: z.number().int(), kind: z.enum(ESTIMATE_PART_KINDS) })),
    steps: z.array(z.object({ id: z.string(), name: z.string(), estMs: z.number().int() })),
    enough: z.boolean(),
    warnings: z.array(z.object({ code: z.enum(["no_pages", "versions_without_model"]), message: z.string() })).openapi({
      description:
        "What would go wrong if the brief were written now; empty when nothing would (an addition to the spec's estimate).",
    }),
  })
  .openapi("Estimate");

export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** An article's unit in the path: `paragraphs[].n`. */
export const UnitParam = IdParam.extend({
  n: z.coerce
    .number()
    .int()
    .min(1)
    .openapi({ param: { name: "n", in: "path" } }),
});

/** Every article edit takes the version read; a stale one is refused. */
export const expectedVersion = z.number().int().optional().openapi({
  description: "The version read (versions[].n of the latest entry); a stale one is refused with 409 article_changed.",
});
export const EstimateQuery = z.object({ articleId: z.string().optional() });

export const SignInBody = z
  .object({
    email: z.string(),
    password: z.string(),
    workspaceId: z.string().optional().openapi({ description: "For a person in several workspaces; default the oldest." }),
  })
  .openapi("SignIn");

const scopes = z.array(z.enum(SCOPES));

export const NewKeyBody = z
  .object({
    name: z.string(),
    siteId: z.string().optional().openapi({ description: "Left out: a whole-workspace key (Owner only)." }),
    scopes,
    dailyCap: z.number().int().openapi({ description: "0 to 1000 credits a UTC day." }),
  })
  .openapi("NewKey");

export const NewAgentBody = z
  .object({
    name: z.string(),
    siteId: z.string(),
    scopes,
    dailyCap: z.number().int().openapi({ description: "0 to 1000 credits a UTC day." }),
  })
  .openapi("NewAgent");

/** Unknown fields are refused here on purpose: a client trying to change scopes or site must hear no. */
export const CredentialChangeBody = z
  .object({ name: z.string().optional(), dailyCap: z.number().int().optional() })
  .strict()
  .openapi("CredentialChange");

export const Credential = z
  .object({
    id: z.string(),
    name: z.string(),
    siteId: z.string().optional(),
    scopes,
    dailyCap: z.number().int().optional(),
    tokenHint: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().optional(),
    createdBy: z.string(),
  })
  .openapi("Credential");

export const CreatedKey = z.object({ key: Credential, token: z.string() }).openapi("CreatedKey");
export const CreatedAgent = z.object({ agent: Credential, token: z.string() }).openapi("CreatedAgent");

export const NewWebhookBody = z
  .object({
    url: z.string().openapi({ description: "https, port 443, at most 2,048 characters, resolving to a public address." }),
    siteId: z.string().optional().openapi({ description: "Left out: the whole workspace (Owner only)." }),
    events: z.array(z.string()).openapi({
      description: `Event types to receive: ${WEBHOOK_EVENT_TYPES.join(", ")}. \`test\` cannot be ticked.`,
    }),
  })
  .openapi("NewWebhook");

export const WebhookChangeBody = z
  .object({ url: z.string().optional(), events: z.array(z.string()).optional() })
  .strict()
  .openapi("WebhookChange");

export const WebhookDelivery = z
  .object({
    id: z.string().openapi({ description: "X-Service-Delivery: the same on every attempt." }),
    eventId: z.string().openapi({ description: "The envelope's id (`evt_` + UUID)." }),
    type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    httpStatus: z.number().int().optional(),
    attempts: z.number().int(),
    createdAt: z.string(),
    lastAttemptAt: z.string().optional(),
    nextAttemptAt: z.string().optional(),
    finishedAt: z.string().optional(),
    response: z.string().optional().openapi({ description: "The first bytes (at most 4,096) of the last answer." }),
    error: z.string().optional(),
  })
  .openapi("WebhookDelivery");

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    siteId: z.string().optional(),
    events: z.array(z.string()),
    secretHint: z.string(),
    previousSecretUntil: z.string().optional(),
    receiving: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string(),
    recentDeliveries: z.array(WebhookDelivery),
  })
  .openapi("Webhook");

export const CreatedWebhook = z.object({ webhook: Webhook, secret: z.string() }).openapi("CreatedWebhook");
