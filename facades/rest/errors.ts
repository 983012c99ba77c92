// The REST surface's one error mapper: a DomainError (or what stands for one) becomes
// `{ error, message, ...extra }` with the status of its code and the headers the spec asks for.
import { HTTPException } from "hono/http-exception";
import { DomainError } from "../../src/errors.ts";
import { log } from "../../src/log.ts";

export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof HTTPException && error.status < 500) {
    return new DomainError("validation", error.message || "The request could not be read.");
  }
  log.error({ err: error }, "unexpected error");
  return new DomainError("internal", "Something went wrong on our side.");
}

export function errorResponse(error: unknown, extraHeaders: Record<string, string> = {}): Response {
  const domain = toDomainError(error);
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", ...extraHeaders });
  const { retryAfter, ...extra } = domain.extra;
  switch (domain.code) {
    case "invalid_key":
      headers.set("WWW-Authenticate", 'Bearer error="invalid_token"');
      break;
    case "rate_limited":
      headers.set("Retry-After", String(retryAfter ?? 60));
      break;
    default:
      break;
  }
  const body = { error: domain.code, message: domain.message, ...extra };
  return new Response(JSON.stringify(body), { status: domain.status, headers });
}
