// The service's own address and the Host names it answers to. Absolute URLs the service hands out
// (protected resource metadata, the Bearer challenge) and the Origin it accepts on /mcp/v1 come
// from BASE_URL, else from the address it listens on: the port read from the connection's local
// socket (PORT=0 picks one at listen), never from the Host header. Only behind a proxy the
// operator trusts (TRUST_PROXY) may X-Forwarded-Host and X-Forwarded-Proto name it instead.
//
// A page on an attacker's name that resolves to 127.0.0.1 (DNS rebinding) reaches a loopback
// service with its own name in Host; such requests are refused with 421 `misdirected_request`.
import type { Context, MiddlewareHandler } from "hono";
import ipaddr from "ipaddr.js";
import type { Config } from "../config.ts";
import { DomainError } from "../errors.ts";

/** Probes by load balancers and orchestrators use addresses or internal names; they carry nothing a page could use. */
const ANY_HOST_PATHS = new Set(["/healthz", "/readyz"]);

const isWildcard = (host: string) => host === "" || host === "0.0.0.0" || host === "::" || host === "[::]";

function isLoopback(host: string): boolean {
  if (host.toLowerCase() === "localhost") return true;
  const bare = host.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === "loopback";
}

/** An address as it appears in a URL's authority: IPv6 in brackets, IPv4-mapped IPv6 as IPv4. */
function authorityHost(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return address.toLowerCase();
  const parsed = ipaddr.process(bare);
  return parsed.kind() === "ipv6" ? `[${parsed.toString()}]` : parsed.toString();
}

/** The connection's local end under @hono/node-server; absent when the app is called in-process. */
function localSocket(c: Context): { address: string; port: number } | undefined {
  const socket = (c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined)?.incoming
    ?.socket;
  if (!socket?.localAddress || !socket.localPort) return undefined;
  return { address: socket.localAddress, port: socket.localPort };
}

/** `http://<HOST>:<port>` as listened on; with a wildcard HOST, the local address the connection reached. */
export function listeningOrigin(c: Context, config: Config): string {
  const socket = localSocket(c);
  const port = socket?.port ?? config.port;
  const host = isWildcard(config.host) ? (socket?.address ?? "127.0.0.1") : config.host;
  return new URL(`http://${authorityHost(host)}:${port}`).origin;
}

/** The last entry of a header a trusted proxy sets (earlier entries are whatever the client sent). */
const lastEntry = (value: string | undefined) => value?.split(",").at(-1)?.trim().toLowerCase() || undefined;
const HOST_SYNTAX = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;

/** The service's public base URL: BASE_URL, else the trusted proxy's forwarded host, else the listening origin. */
export function publicBaseUrl(c: Context, config: Config): string {
  if (config.baseUrl) return config.baseUrl;
  const listening = listeningOrigin(c, config);
  if (config.trustProxy) {
    const proto = lastEntry(c.req.header("X-Forwarded-Proto"));
    const host = lastEntry(c.req.header("X-Forwarded-Host"));
    const scheme = proto === "https" || proto === "http" ? proto : undefined;
    const authority = host && HOST_SYNTAX.test(host) ? host : undefined;
    if (scheme || authority) return new URL(`${scheme ?? "http"}://${authority ?? new URL(listening).host}`).origin;
  }
  return listening;
}

/** Host values with the default ports left out, so `a.example:443` and `a.example` compare equal. */
const canonicalHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, "");

/**
 * listeningHosts per config and local end of the connection: they depend on nothing else, and the
 * Host check asks on every request (parsing the addresses each time was a twentieth of a keyed read's
 * CPU in bench:facade). The local ends are the machine's own addresses, a handful; the cap is a guard.
 */
const hostsByListener = new WeakMap<Config, Map<string, ReadonlySet<string>>>();
const MAX_LISTENERS_KEPT = 64;

/** The names of the listening address: itself, the literal address reached, and on loopback its aliases. */
function listeningHosts(c: Context, config: Config): ReadonlySet<string> {
  const socket = localSocket(c);
  const key = socket ? `${socket.address} ${socket.port}` : "";
  let known = hostsByListener.get(config);
  if (!known) {
    known = new Map();
    hostsByListener.set(config, known);
  }
  let hosts = known.get(key);
  if (!hosts) {
    hosts = namesOfListener(c, config);
    if (known.size < MAX_LISTENERS_KEPT) known.set(key, hosts);
  }
  return hosts;
}

function namesOfListener(c: Context, config: Config): Set<string> {
  const listening = new URL(listeningOrigin(c, config));
  const hosts = new Set([listening.host]);
  const socket = localSocket(c);
  // The literal address the connection reached: a name an attacker controls is never one.
  if (socket) hosts.add(`${authorityHost(socket.address)}:${socket.port}`);
  if (isWildcard(config.host) || isLoopback(config.host)) {
    for (const name of ["127.0.0.1", "localhost", "[::1]"]) hosts.add(`${name}:${listening.port || 80}`);
  }
  return new Set([...hosts].map(canonicalHost));
}

/**
 * The Host values this service answers to, or "any" when it listens on every interface without
 * BASE_URL (it cannot know the names it is reached by; it then builds no URL from Host either).
 */
export function servedHosts(c: Context, config: Config): ReadonlySet<string> | "any" {
  if (!config.baseUrl && isWildcard(config.host)) return "any";
  const hosts = listeningHosts(c, config);
  return config.baseUrl ? new Set([...hosts, canonicalHost(new URL(config.baseUrl).host)]) : hosts;
}

/** Origins a browser page of this service would send: its public origin, or plain http on its listening names. */
export function isServedOrigin(c: Context, config: Config, origin: string): boolean {
  if (origin === new URL(publicBaseUrl(c, config)).origin) return true;
  if (!config.baseUrl && isWildcard(config.host)) return false;
  return origin.startsWith("http://") && listeningHosts(c, config).has(canonicalHost(origin.slice("http://".length)));
}

/** Said once at start: on every interface without BASE_URL, no Host can be refused. */
export function hostCheckWarning(config: Config): string | undefined {
  if (config.baseUrl || !isWildcard(config.host)) return undefined;
  return "HOST is every interface and BASE_URL is unset: requests are accepted whatever their Host, and the service names itself by the address each connection reached. Set BASE_URL.";
}

/** Refuses a request whose Host is not one the service answers to (421 `misdirected_request`). */
export function hostGuard(config: Config): MiddlewareHandler {
  return async (c, next) => {
    if (ANY_HOST_PATHS.has(c.req.path)) return next();
    const hosts = servedHosts(c, config);
    const host = c.req.header("Host");
    if (hosts !== "any" && !(host && hosts.has(canonicalHost(host)))) {
      // Thrown, not answered: the composition root's error mapper (app/server.ts) answers it.
      throw new DomainError(
        "misdirected_request",
        "This service does not answer to the host named in the request; use its own address (BASE_URL).",
      );
    }
    await next();
  };
}
