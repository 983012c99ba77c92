// Shared pieces of route definitions: the error responses every protected route can give, and a
// JSON body in OpenAPI terms.
import type { z } from "@hono/zod-openapi";
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

export const BEARER = [{ bearer: [] }];
export const SESSION = [{ session: [] }];
