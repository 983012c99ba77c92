// The HTTP error mapper of the REST surface (and of the MCP surface's transport-level refusals):
// a DomainError, or what stands for one, becomes `{ error, message, ...extra }` with the status of
// its code and the headers the spec asks for.
import { HTTPException } from "hono/http-exception";
import { DomainError } from "../errors.ts";
import { log } from "../log.ts";

export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof HTTPException && error.status < 500) {
    return new DomainError("validation", error.message || "The request could not be read.");
  }
  log.error({ err: error }, "unexpected error");
  return new DomainError("internal", "Something went wrong on our side.");
}

export interface ErrorOptions {
  headers?: Record<string, string>;
  /** On /mcp/v1 the Bearer challenge also names the protected resource metadata document. */
  resourceMetadata?: string;
}

export function errorResponse(error: unknown, options: ErrorOptions = {}): Response {
  const domain = toDomainError(error);
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", ...options.headers });
  const { retryAfter, ...extra } = domain.extra;
  switch (domain.code) {
    case "invalid_key":
      headers.set(
        "WWW-Authenticate",
        options.resourceMetadata
          ? `Bearer error="invalid_token", resource_metadata="${options.resourceMetadata}"`
          : 'Bearer error="invalid_token"',
      );
      break;
    case "rate_limited":
      headers.set("Retry-After", String(retryAfter ?? 60));
      break;
    case "budget_exhausted":
      // Seconds until the cap resets at 00:00 UTC.
      if (retryAfter !== undefined) headers.set("Retry-After", String(retryAfter));
      break;
    default:
      break;
  }
  const body = { error: domain.code, message: domain.message, ...extra };
  return new Response(JSON.stringify(body), { status: domain.status, headers });
}
