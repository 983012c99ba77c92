// The error mapper of the MCP surface. Three shapes, one per kind of failure:
// - a refusal before any JSON-RPC message is read (Origin, agent token, request limit) is an HTTP
//   answer `{ error, message, ...extra }` with the status of its code; the Bearer challenge names
//   the protected resource metadata document;
// - a message the server cannot take (not JSON, not JSON-RPC 2.0, an unknown method or tool) is a
//   JSON-RPC error object with its standard code;
// - a tool that ran and failed (a DomainError from its GraphQL operation) is a tool result with
//   `isError: true`, so the agent reads the reason and can correct itself.
import { HTTPException } from "hono/http-exception";
import { DomainError } from "../../src/errors.ts";
import { log } from "../../src/log.ts";

export type JsonRpcId = string | number;

/** JSON-RPC 2.0's codes for messages the server cannot take. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export const rpcError = (id: JsonRpcId | null, code: number, message: string) => ({
  jsonrpc: "2.0" as const,
  id,
  error: { code, message },
});

function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof HTTPException && error.status < 500) {
    return new DomainError("validation", error.message || "The request could not be read.");
  }
  log.error({ err: error }, "unexpected error");
  return new DomainError("internal", "Something went wrong on our side.");
}

/** A tool call that failed: the result the agent reads, never a JSON-RPC error. */
export function toolErrorResult(error: unknown) {
  const domain = toDomainError(error);
  const { retryAfter, ...extra } = domain.extra;
  const detail = { error: domain.code, message: domain.message, ...extra, ...(retryAfter !== undefined ? { retryAfter } : {}) };
  return { content: [{ type: "text" as const, text: JSON.stringify(detail) }], structuredContent: detail, isError: true };
}

export interface RefusalOptions {
  headers?: Record<string, string> | undefined;
  /** The protected resource metadata document the Bearer challenge names. */
  resourceMetadata: string;
}

/** A request refused before its JSON-RPC message is read. */
export function transportRefusal(error: unknown, options: RefusalOptions): Response {
  const domain = toDomainError(error);
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", ...options.headers });
  const { retryAfter, ...extra } = domain.extra;
  switch (domain.code) {
    case "invalid_key":
      headers.set("WWW-Authenticate", `Bearer error="invalid_token", resource_metadata="${options.resourceMetadata}"`);
      break;
    case "rate_limited":
      headers.set("Retry-After", String(retryAfter ?? 60));
      break;
    case "budget_exhausted":
      if (retryAfter !== undefined) headers.set("Retry-After", String(retryAfter));
      break;
    default:
      break;
  }
  const body = { error: domain.code, message: domain.message, ...extra };
  return new Response(JSON.stringify(body), { status: domain.status, headers });
}
