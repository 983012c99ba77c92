// Resolving a host to checked addresses, and opening a socket pinned to one of them.
//
// The address that is connected to is the address that was checked: the socket's `lookup`
// returns only the checked address (no second DNS query an attacker could answer differently),
// and once connected the socket's own `remoteAddress` is checked again, against the policy and
// against the checked address, before any byte of the request is written. HTTPS is layered on
// the verified TCP socket afterwards, and only a socket whose handshake succeeded is handed to
// node:http (requestOverVerifiedSocket, shared by the fetcher and webhook deliveries).
import dns from "node:dns";
import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import tls from "node:tls";
import { type AddressVerdict, type AllowList, checkAddress, sameAddress } from "./addressPolicy.ts";
import { type HostMap, isLocalhostName, type ParsedTarget } from "./hostParsing.ts";
import { FetchRefused } from "./refusal.ts";

/** How long one address may take to connect when other addresses remain to be tried. */
const CONNECT_ATTEMPT_MS = 5_000;

export interface ConnectContext {
  allow: AllowList;
  signal: AbortSignal;
  /**
   * TESTS ONLY: replaces the pinned lookup used when connecting, to play a resolver that answers
   * differently at connect time than at check time (DNS rebinding). Production code never sets it.
   */
  connectLookup?: net.LookupFunction | undefined;
  /** TESTS ONLY: extra CA certificates to trust for HTTPS. */
  tlsCa?: string | Buffer | undefined;
}

function refusedAddress(verdict: AddressVerdict, url: string, how: string): FetchRefused {
  const inside = verdict.embedded ? ` (embedding ${verdict.embedded.address}, ${verdict.embedded.rule ?? "public"})` : "";
  return new FetchRefused(verdict.rule ?? "invalidAddress", `${how} ${verdict.address}${inside}, which is refused`, {
    url,
    address: verdict.address,
    ...(verdict.embedded ? { embedded: verdict.embedded.address } : {}),
  });
}

/** Rejects with the signal's reason when it aborts first. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The addresses to connect to for a target, every one of them checked: the IP literal itself,
 * the FETCH_HOST_MAP entry, loopback for `localhost` names, or every address DNS returns. Throws
 * FetchRefused naming the first refused address's rule when ANY address is refused.
 */
export async function resolveChecked(
  target: ParsedTarget,
  hostMap: HostMap,
  allow: AllowList,
  signal: AbortSignal,
): Promise<string[]> {
  const url = target.url.href;
  let addresses: readonly string[];
  let how: string;
  if (target.literal) {
    addresses = [target.literal];
    how = "the URL names";
  } else if (hostMap.has(target.name)) {
    addresses = hostMap.get(target.name) ?? [];
    how = `FETCH_HOST_MAP maps ${target.name} to`;
  } else if (isLocalhostName(target.name)) {
    throw new FetchRefused("loopback", `${target.name} is a loopback name (RFC 6761)`, { url });
  } else {
    try {
      const answers = await abortable(dns.promises.lookup(target.host, { all: true, verbatim: true }), signal);
      addresses = answers.map((answer) => answer.address);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      throw new FetchRefused("dnsFailed", `${target.name} did not resolve (${code})`, { url }, { cause: error });
    }
    how = `${target.name} resolves to`;
  }
  if (addresses.length === 0) throw new FetchRefused("dnsFailed", `${target.name} has no address`, { url });
  const checked: string[] = [];
  for (const address of addresses) {
    const verdict = checkAddress(address, allow);
    if (!verdict.allowed) throw refusedAddress(verdict, url, how);
    checked.push(verdict.address);
  }
  return checked;
}

/** A `lookup` for net.connect that answers only the checked address. */
export function pinnedLookup(address: string): net.LookupFunction {
  const family = net.isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Checks a connected socket's remote address: it must pass the policy (with the allow list) and
 * be the address that was checked before connecting. Returns the address; throws FetchRefused
 * (the address's rule, or addressMismatch).
 */
export function checkSocketAddress(socket: net.Socket, expected: string, allow: AllowList, url = ""): string {
  const remote = socket.remoteAddress;
  if (!remote) throw new FetchRefused("connectFailed", "the socket closed before its address could be checked", { url });
  const verdict = checkAddress(remote, allow);
  if (!verdict.allowed) throw refusedAddress(verdict, url, "the socket connected to");
  if (!sameAddress(remote, expected)) {
    throw new FetchRefused("addressMismatch", `the socket connected to ${remote}, not to the checked ${expected}`, {
      url,
      address: verdict.address,
    });
  }
  return verdict.address;
}

function connectOnce(target: ParsedTarget, address: string, ctx: ConnectContext, attemptMs: number | null): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: target.host,
      port: target.port,
      lookup: ctx.connectLookup ?? pinnedLookup(address),
      autoSelectFamily: false,
    });
    const fail = (error: unknown) => {
      cleanup();
      socket.destroy();
      reject(error);
    };
    const onError = (error: Error) => fail(error);
    const onAbort = () => fail(ctx.signal.reason);
    const onTimeout = () => fail(Object.assign(new Error(`connecting to ${address} timed out`), { code: "ETIMEDOUT" }));
    const onConnect = () => {
      try {
        checkSocketAddress(socket, address, ctx.allow, target.url.href);
      } catch (error) {
        fail(error);
        return;
      }
      cleanup();
      resolve(socket);
    };
    const cleanup = () => {
      socket.off("error", onError);
      socket.off("connect", onConnect);
      socket.off("timeout", onTimeout);
      socket.setTimeout(0);
      ctx.signal.removeEventListener("abort", onAbort);
    };
    // Registered before anything can write to the socket, so it runs before a write queued for
    // "connect" would: nothing is sent to an address that fails the check.
    socket.prependOnceListener("connect", onConnect);
    socket.on("error", onError);
    if (attemptMs !== null) {
      socket.setTimeout(attemptMs);
      socket.on("timeout", onTimeout);
    }
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener("abort", onAbort, { once: true });
  });
}

function handshake(socket: net.Socket, target: ParsedTarget, ctx: ConnectContext): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secure = tls.connect({
      socket,
      host: target.host,
      ...(target.literal ? {} : { servername: target.name }),
      ALPNProtocols: ["http/1.1"],
      ...(ctx.tlsCa ? { ca: [...tls.rootCertificates, ctx.tlsCa.toString()] } : {}),
    });
    const fail = (error: unknown) => {
      cleanup();
      secure.destroy();
      socket.destroy();
      reject(error);
    };
    const onError = (error: Error) => fail(error);
    const onAbort = () => fail(ctx.signal.reason);
    const onSecure = () => {
      cleanup();
      resolve(secure);
    };
    const cleanup = () => {
      secure.off("error", onError);
      secure.off("secureConnect", onSecure);
      ctx.signal.removeEventListener("abort", onAbort);
    };
    secure.once("secureConnect", onSecure);
    secure.on("error", onError);
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Connects to the first checked address that answers (trying the next on a network error),
 * verifies the socket, and for https: completes the TLS handshake. Returns the socket to give
 * node:http and the address it is connected to.
 */
export async function openVerifiedSocket(
  target: ParsedTarget,
  addresses: readonly string[],
  ctx: ConnectContext,
): Promise<{ socket: Duplex; address: string }> {
  let lastError: unknown;
  for (const [index, address] of addresses.entries()) {
    let socket: net.Socket;
    try {
      socket = await connectOnce(target, address, ctx, index < addresses.length - 1 ? CONNECT_ATTEMPT_MS : null);
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (error instanceof FetchRefused) throw error;
      lastError = error;
      continue;
    }
    if (target.url.protocol !== "https:") return { socket, address };
    try {
      return { socket: await handshake(socket, target, ctx), address };
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const message = (error as Error).message;
      throw new FetchRefused(
        "connectFailed",
        `TLS with ${target.name} failed: ${message}`,
        { url: target.url.href, address },
        { cause: error },
      );
    }
  }
  const message = (lastError as Error | undefined)?.message ?? "no address";
  throw new FetchRefused(
    "connectFailed",
    `could not connect to ${target.name}: ${message}`,
    { url: target.url.href },
    { cause: lastError },
  );
}

export interface PinnedRequest {
  method: "GET" | "POST";
  /** Sent as given, with Host added; nothing else is added but the framing node:http needs (Connection: close). */
  headers: OutgoingHttpHeaders;
  body?: Buffer;
}

/**
 * Sends one request over a socket from openVerifiedSocket and resolves with the response head, or
 * rejects with FetchRefused (connectFailed, badResponse, or the refusal openVerifiedSocket threw) or
 * with the signal's reason. The signal is only watched until the head arrives: the caller reads,
 * bounds and destroys the body.
 */
export function requestOverVerifiedSocket(
  target: ParsedTarget,
  addresses: readonly string[],
  ctx: ConnectContext,
  sent: PinnedRequest,
): Promise<{ response: IncomingMessage; address: string }> {
  return new Promise((resolve, reject) => {
    let address = "";
    const client = target.url.protocol === "https:" ? https : http;
    const request = client.request({
      method: sent.method,
      host: target.host,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      setHost: false,
      headers: { Host: target.url.host, ...sent.headers },
      // No agent: no pooled socket can carry a request to an address this call did not check, and
      // node:http then sends Connection: close.
      createConnection: (_options, done) => {
        openVerifiedSocket(target, addresses, ctx).then(
          (opened) => {
            address = opened.address;
            done(null, opened.socket);
          },
          (error: unknown) => done(error as Error, undefined as never),
        );
        return undefined;
      },
    });
    const onAbort = () => request.destroy(ctx.signal.reason);
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    request.once("response", (response) => {
      ctx.signal.removeEventListener("abort", onAbort);
      resolve({ response, address });
    });
    // `on`, not `once`: a socket error after the response must not become an unhandled 'error'.
    request.on("error", (error) => {
      ctx.signal.removeEventListener("abort", onAbort);
      if (ctx.signal.aborted) reject(ctx.signal.reason);
      else if (error instanceof FetchRefused) reject(error);
      else {
        const code = (error as NodeJS.ErrnoException).code ?? "";
        const rule = code.startsWith("HPE_") ? "badResponse" : "connectFailed";
        reject(
          new FetchRefused(rule, `${target.url.host}: ${error.message}`, { url: target.url.href, address }, { cause: error }),
        );
      }
    });
    request.end(sent.body);
  });
}
