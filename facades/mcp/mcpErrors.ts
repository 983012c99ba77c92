// The error mapper of the MCP surface. Three shapes, one per kind of failure:
// - a refusal before any JSON-RPC message is read (Origin, agent token, request limit) is an HTTP
//   answer `{ error, message, ...extra }` with the status of its code; the Bearer challenge names
//   the protected resource metadata document;
// - a message the server cannot take (not JSON, not JSON-RPC 2.0, an unknown method or tool) is a
//   JSON-RPC error object with its standard code;
// - a tool that ran and failed (a DomainError from its GraphQL operation) is a tool result with
//   `isError: true`, so the agent reads the reason and can correct itself.
import { errorResponse, toDomainError } from "../rest/restErrors.ts";
import { type ToolResult, toolResult } from "./tools/toolResult.ts";

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

/**
 * A tool call that was refused: the result the agent reads, never a JSON-RPC error. The body is
 * the REST refusal `{ error, message, ... }` (`retryAfter` in seconds where REST sends
 * Retry-After), written like every result (tools/toolResult.ts) with `isError: true`.
 */
export function toolRefusal(error: unknown): ToolResult {
  const domain = toDomainError(error);
  const { retryAfter, ...extra } = domain.extra;
  const body = { error: domain.code, message: domain.message, ...extra, ...(retryAfter !== undefined ? { retryAfter } : {}) };
  return toolResult(body, true);
}

export interface RefusalOptions {
  headers?: Record<string, string> | undefined;
  /** The protected resource metadata document the Bearer challenge names. */
  resourceMetadata: string;
}

/** A request refused before its JSON-RPC message is read: the REST shape, with a Bearer
 * challenge that names the protected resource metadata document. */
export function transportRefusal(error: unknown, options: RefusalOptions): Response {
  const response = errorResponse(error, { ...(options.headers ? { headers: options.headers } : {}) });
  if (response.headers.has("WWW-Authenticate")) {
    response.headers.set("WWW-Authenticate", `Bearer error="invalid_token", resource_metadata="${options.resourceMetadata}"`);
  }
  return response;
}
