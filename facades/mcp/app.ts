// The MCP surface at /mcp/v1: the Streamable HTTP transport without sessions, served by the
// official v2 server package (@modelcontextprotocol/server), behind our own edge: the Origin check,
// agent-token authentication counted once per request against the 60 a minute (with its RateLimit
// headers), and the protected resource metadata. The 2026-07-28 revision (no handshake; version and
// capabilities in each request's _meta) goes to the SDK's per-request handler; 2025-11-25 and
// 2025-06-18 requests (initialize, notifications, ping, tools/list, tools/call) to a stateless
// streamable HTTP transport answering application/json. Each request gets a new McpServer built
// for its agent (server.ts); the tools are in tools/.
import {
  createMcpHandler,
  isLegacyRequest,
  isSpecType,
  type McpHandlerRequestOptions,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { type Context, Hono } from "hono";
import type { Yoga } from "../../schema/yoga.ts";
import { type CredentialPrincipal, SCOPES } from "../../src/auth/principal.ts";
import { DomainError } from "../../src/errors.ts";
import type { AppEnv } from "../../src/http/appEnv.ts";
import { log } from "../../src/log.ts";
import type { Authentication, OwnOrigin } from "../edge.ts";
import { JSON_RPC, rpcError, transportRefusal } from "./mcpErrors.ts";
import { mcpServerFor, PROTOCOL_VERSIONS } from "./server.ts";

const METADATA_PATH = "/.well-known/oauth-protected-resource/mcp/v1";

/**
 * A browser page of another origin must not drive an agent's calls: only the service's own origin
 * (BASE_URL, else the address it listens on; never one read from Host) is accepted.
 */
function assertSameOrigin(c: Context, ownOrigin: OwnOrigin): void {
  const origin = c.req.header("Origin");
  if (origin && !ownOrigin.isServedOrigin(c, origin)) {
    throw new DomainError("forbidden_origin", "Requests from this Origin are not accepted on /mcp/v1.");
  }
}

/** The answer of the SDK, with the RateLimit headers the authentication set on this request. */
function withLimitHeaders(c: Context<AppEnv>, response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(c.get("limitHeaders") ?? {})) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The message, read once and handed to the SDK as parsed; or what the transport refuses before the
 * SDK sees it: a body that is not JSON (-32700, whatever the Accept header says) and a batch, which
 * no revision this server speaks allows.
 */
function readMessage(text: string): { message: unknown } | { refusal: Response } {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { refusal: Response.json(rpcError(null, JSON_RPC.parseError, "Parse error: the body is not JSON."), { status: 400 }) };
  }
  if (!Array.isArray(message)) return { message };
  const refusal = rpcError(null, JSON_RPC.invalidRequest, "Invalid request: send one JSON-RPC message per POST, not a batch.");
  return { refusal: Response.json(refusal, { status: 400 }) };
}

/** The requests this server answers, by the spec type their params are checked against. */
const SPEC_REQUESTS: Record<string, "InitializeRequest" | "PingRequest" | "ListToolsRequest" | "CallToolRequest"> = {
  initialize: "InitializeRequest",
  ping: "PingRequest",
  "tools/list": "ListToolsRequest",
  "tools/call": "CallToolRequest",
};

/**
 * A request of a method this server answers whose params do not fit the spec is -32602 (Invalid
 * params). Checked here because the SDK answers such a request to `initialize`, `ping` or
 * `tools/list` with -32603 (Internal error), as if the server had failed.
 */
function invalidParams(message: unknown): Response | undefined {
  if (!message || typeof message !== "object") return undefined;
  const { method, id } = message as { method?: unknown; id?: unknown };
  if (typeof method !== "string" || (typeof id !== "string" && typeof id !== "number")) return undefined;
  const type = Object.hasOwn(SPEC_REQUESTS, method) ? SPEC_REQUESTS[method] : undefined;
  if (!type || isSpecType[type](message)) return undefined;
  return Response.json(rpcError(id, JSON_RPC.invalidParams, `Invalid params for ${method}.`));
}

/** What the MCP surface takes from the composition root (app/server.ts). */
export interface McpEdge {
  authentication: Authentication;
  ownOrigin: OwnOrigin;
}

export function createMcpApp(yoga: Yoga, { authentication, ownOrigin }: McpEdge) {
  const app = new Hono<AppEnv>();

  const onerror = (error: Error) => log.debug({ err: error }, "MCP request refused or failed");
  const factory = ({ authInfo }: { authInfo?: McpHandlerRequestOptions["authInfo"] }) =>
    mcpServerFor(yoga, authInfo?.extra?.principal as CredentialPrincipal);
  // The 2026-07-28 revision; 2025-era requests are routed below, never to its own fallback
  // (which would answer them as text/event-stream). Response mode `auto` answers one JSON body
  // unless a handler sends a message before its result, which no tool does; `json` would say the
  // same but prints a warning with console.warn, outside the structured log, at every start.
  const modern = createMcpHandler(factory, { legacy: "reject", responseMode: "auto", onerror });
  /** A 2025-era request: a new server on a stateless transport answering application/json. */
  const legacy = async (request: Request, options: McpHandlerRequestOptions): Promise<Response> => {
    const server = factory(options);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request, options);
    } finally {
      await transport.close().catch(onerror);
      await server.close().catch(onerror);
    }
  };

  const metadata = (c: Context) => {
    const base = ownOrigin.publicBaseUrl(c);
    return {
      resource: `${base}/mcp/v1`,
      // The service is its own authorization server (app/oauth/): clients discover it here.
      authorization_servers: [base],
      bearer_methods_supported: ["header"],
      scopes_supported: [...SCOPES],
      resource_name: "Sourced-article writing service (MCP)",
    };
  };
  app.get("/.well-known/oauth-protected-resource", (c) => c.json(metadata(c)));
  app.get(METADATA_PATH, (c) => c.json(metadata(c)));

  app.post("/mcp/v1", async (c) => {
    assertSameOrigin(c, ownOrigin);
    // Counted here, once per MCP request: the GraphQL operations its tool runs are not counted again.
    const agent = await authentication.bearer(c, "mcp");
    if (!agent) throw new DomainError("invalid_key", "Send an agent token as `Authorization: Bearer bz_mcp_live_...`.");
    c.set("principal", agent);

    const request = c.req.raw;
    // Checked on every message, initialize included (the SDK checks it after the handshake only).
    const version = c.req.header("MCP-Protocol-Version");
    if (version !== undefined && !(PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
      const refusal = rpcError(null, JSON_RPC.invalidRequest, `Unsupported MCP-Protocol-Version ${version}`);
      return withLimitHeaders(c, Response.json(refusal, { status: 400 }));
    }
    const read = readMessage(await c.req.text());
    if ("refusal" in read) return withLimitHeaders(c, read.refusal);
    const wrongParams = invalidParams(read.message);
    if (wrongParams) return withLimitHeaders(c, wrongParams);
    const options: McpHandlerRequestOptions = {
      authInfo: { token: "", clientId: agent.credentialId, scopes: [...agent.scopes], extra: { principal: agent } },
      parsedBody: read.message,
    };
    const legacyEra = await isLegacyRequest(request, read.message);
    const response = legacyEra ? await legacy(request, options) : await modern.fetch(request, options);
    return withLimitHeaders(c, response);
  });

  // Other methods (GET included: this server streams no events) answer 405 with `Allow: POST`
  // from the service's edge (app/http/allowedMethods.ts).

  app.onError((error, c) => {
    const resourceMetadata = `${ownOrigin.publicBaseUrl(c)}${METADATA_PATH}`;
    return transportRefusal(error, { headers: c.get("limitHeaders"), resourceMetadata });
  });
  return app;
}
