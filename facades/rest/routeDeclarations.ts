// Shared pieces of route definitions: the error responses every protected route can give, and a
// JSON body in OpenAPI terms.
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { DomainError } from "../../src/errors.ts";
import type { AppEnv } from "../../src/http/appEnv.ts";
import { ErrorBody } from "./requestSchemas.ts";

const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

export const AUTH_ERRORS = {
  401: error("invalid_key: unknown, revoked or wrongly prefixed token"),
  403: error("key_not_allowed or scope_missing"),
  410: error("workspace_deleted, with deletedAt and restoreUntil"),
  429: error("rate_limited, with Retry-After"),
} as const;

export const errors = (entries: Record<number, string>) =>
  Object.fromEntries(Object.entries(entries).map(([status, description]) => [status, error(description)]));

export const jsonBody = <T extends z.ZodType>(schema: T, required = true) => ({
  required,
  content: { "application/json": { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/**
 * What the service's edge (src/http/edgeInput.ts, src/http/ownOrigin.ts) may answer on any route,
 * added to every route of the document: 413 for a body past its size limit, 400 for text that
 * cannot be stored or JSON nested too deep, 421 for a Host of another server, and 500.
 */
export function declareEdgeErrors(registry: OpenAPIHono<AppEnv>["openAPIRegistry"]): void {
  for (const definition of registry.definitions) {
    if (definition.type !== "route") continue;
    const { responses, method } = definition.route;
    if (method !== "get") responses[413] ??= error("payload_too_large: the body is larger than 1 MiB (sign-in: 16 KiB)");
    responses[400] ??= error(
      "validation: text with NUL or an unpaired surrogate (`field` names it), or JSON nested over 64 levels",
    );
    responses[421] ??= error("misdirected_request: the Host header names another server");
    responses[500] ??= error("internal: something went wrong on the service's side (quote X-Request-Id)");
  }
}

export const BEARER = [{ bearer: [] }];
export const SESSION = [{ session: [] }];

/**
 * The request validator reads JSON bodies only and skips a body it cannot read, so a form or a
 * missing body would pass as "nothing sent". A body must be JSON; a route that needs one says so.
 */
const isJson = (c: Context) => /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(c.req.header("Content-Type") ?? "");

export const jsonBodiesOnly: MiddlewareHandler = async (c, next) => {
  const hasBody = Number(c.req.header("Content-Length") ?? 0) > 0 || c.req.header("Transfer-Encoding") !== undefined;
  if (hasBody && !isJson(c)) throw new DomainError("validation", "Send the body as JSON, with Content-Type: application/json.");
  await next();
};

/** The validated body of a route that needs one; without a JSON body the validator saw nothing. */
export function requiredBody<T>(c: Context, body: T): T {
  if (!isJson(c)) throw new DomainError("validation", "This route needs a JSON body (Content-Type: application/json).");
  return body;
}
