// The error mapper of the REST surface (and of the service's own routes outside /api/v1, which
// answer in the same shape): a DomainError, or what stands for one, becomes
// `{ error, message, ...extra, docs }` (docs: the code's anchor in the error catalogue, /docs/errors) with the status of its code and the headers the spec asks for.
// The MCP surface has its own (facades/mcp/mcpErrors.ts).
import { HTTPException } from "hono/http-exception";
import { DomainError, errorDocs } from "../../src/errors.ts";
import { log } from "../../src/log.ts";

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
}

export function errorResponse(error: unknown, options: ErrorOptions = {}): Response {
  const domain = toDomainError(error);
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", ...options.headers });
  const { retryAfter, ...extra } = domain.extra;
  switch (domain.code) {
    case "invalid_key":
      headers.set("WWW-Authenticate", 'Bearer error="invalid_token"');
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
  const body = { error: domain.code, message: domain.message, ...extra, docs: errorDocs(domain.code) };
  return new Response(JSON.stringify(body), { status: domain.status, headers });
}
