// A loopback proxy for clients that send no Authorization header (the MCP conformance suite): each
// request is forwarded as received (method, path, body, Host and Origin included) to the service,
// with an agent token added. Answers stream back unbuffered, so an SSE answer reaches the client
// event by event. Start it before the service so the service can be told the proxy's address as
// its own (BASE_URL): its Host and Origin checks then judge what the client sent.
import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase()),
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)));
}

export interface McpAuthProxy {
  /** `http://127.0.0.1:<port>`: give it to the service as BASE_URL and to the client as its server. */
  url: string;
  /** Where requests go: the service's listening origin, set once it runs. */
  target: string | undefined;
  /** How many requests were forwarded. */
  forwarded: number;
  close(): Promise<void>;
}

/**
 * Starts the proxy on a loopback port. `token` is asked for each request (a pool of agents can be
 * rotated to stay under an agent's requests a minute); a request that carries its own
 * Authorization keeps it.
 */
export async function startMcpAuthProxy(token: () => string): Promise<McpAuthProxy> {
  const proxy: McpAuthProxy = { url: "", target: undefined, forwarded: 0, close: async () => {} };
  const server = createServer((incoming, outgoing) => {
    if (!proxy.target) {
      outgoing.writeHead(503, { "Content-Type": "text/plain" }).end("The proxy has no target yet.");
      return;
    }
    const target = new URL(proxy.target);
    const headers = endToEnd(incoming.headers);
    headers.authorization ??= `Bearer ${token()}`;
    proxy.forwarded++;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        // Host and Origin as the client sent them: the service judges those, not the proxy's.
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
        // Unbuffered: each chunk (an SSE event) is written as it arrives.
        outgoing.flushHeaders();
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "Content-Type": "text/plain" });
      outgoing.end(`Proxy error: ${error.message}`);
    });
    // A client that goes away (it closed an SSE stream) ends the upstream request too.
    outgoing.on("close", () => upstream.destroy());
    incoming.pipe(upstream);
  });
  server.on("connection", (socket) => socket.setNoDelay(true));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((closed) => {
      server.close(() => closed());
      server.closeAllConnections();
    });
  return proxy;
}
