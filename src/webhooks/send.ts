// One delivery attempt on the network (spec, Webhooks): a POST over the fetcher's pinned connection.
//
// - The address rules are checked again before anything (endpointAddress.ts): the shape, then every
//   address the host resolves to, with the fetcher's policy and its FETCH_HOST_MAP and
//   FETCH_ALLOW_ADDRESSES. The socket is pinned to a checked address and its remote address checked
//   again once connected (connect.ts), so DNS rebinding between the check and the connection
//   reaches nothing.
// - Exactly the caller's headers are sent, with Host, Content-Length and the Connection: close of a
//   socket used once; no cookies, no Accept-Encoding (the excerpt is kept as the receiver sent it).
// - One deadline (20 s by default) covers DNS, connecting, TLS, sending, the answer's head and its
//   excerpt: a receiver that never answers, or answers a head and then drips, is cut there.
// - At most 4,096 bytes of the answer are read, then the socket is destroyed: a receiver sending
//   a megabyte costs a few kilobytes.
// - Any 2xx is success; a 3xx is a failure (redirects are never followed), as is every other
//   status, a timeout, a refused address and a failed connection. postWebhook answers all of them
//   and throws only for a caller's mistake (a reserved header, a bad option) or an unreadable
//   FETCH_ALLOW_ADDRESSES / FETCH_HOST_MAP.
import type { IncomingMessage } from "node:http";
import type net from "node:net";
import { DomainError } from "../errors.ts";
import { type ConnectContext, requestOverVerifiedSocket } from "../sourcing/fetch/connect.ts";
import type { ParsedTarget } from "../sourcing/fetch/hostParsing.ts";
import { FetchRefused } from "../sourcing/fetch/refusal.ts";
import { addressRefusalMessage, addressSettings, resolveWebhookTarget, webhookTarget } from "./endpointAddress.ts";
import { ANSWER_MAX_BYTES, ANSWER_TIMEOUT_MS } from "./webhookSettings.ts";

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface PostWebhookOptions {
  /** The one deadline over the whole attempt. Default ANSWER_TIMEOUT_MS (20 s). */
  timeoutMs?: number;
  /** Bytes of the answer's body read at most. Default ANSWER_MAX_BYTES (4,096). */
  maxAnswerBytes?: number;
  /** FETCH_ALLOW_ADDRESSES. Default: process.env at call time. */
  allowAddresses?: string;
  /** FETCH_HOST_MAP. Default: process.env at call time. */
  hostMap?: string;
  signal?: AbortSignal;
  /** TESTS ONLY: the lookup the socket uses when connecting, to play a rebinding resolver (see connect.ts). */
  testConnectLookup?: net.LookupFunction;
  /** TESTS ONLY: an extra CA certificate (PEM) to trust. */
  testTlsCa?: string | Buffer;
}

export interface WebhookAnswer {
  ok: boolean;
  /** The receiver's status, when it answered one. */
  status?: number;
  /** The first bytes of the answer's body (at most maxAnswerBytes), decoded as UTF-8. */
  excerpt: string;
  /** Why the attempt failed, for a person reading the delivery log. */
  error?: string;
  /** The address or fetch rule that stopped the attempt (loopback, private, timeout, connectFailed, …). */
  rule?: string;
  /** How long the attempt took. */
  ms: number;
}

/** Headers postWebhook sets itself: a caller's own would contradict the request actually sent. */
const RESERVED_HEADERS = new Set(["host", "content-length", "connection", "transfer-encoding"]);

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`postWebhook: ${name} must be a non-negative number`);
  return value;
}

/** What was read of the body, and what cut it short when it did not end nor reach the cap. */
interface Excerpt {
  bytes: Buffer;
  cut?: FetchRefused;
}

function readExcerpt(response: IncomingMessage, maxBytes: number, signal: AbortSignal, target: ParsedTarget): Promise<Excerpt> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (cut?: FetchRefused) => {
      if (done) return;
      done = true;
      response.off("data", onData);
      response.off("end", onEnd);
      response.off("close", onClose);
      signal.removeEventListener("abort", onAbort);
      // Whatever else the receiver has to say is not read.
      response.destroy();
      resolve({ bytes: Buffer.concat(chunks, size), ...(cut ? { cut } : {}) });
    };
    const onData = (chunk: Buffer) => {
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) finish();
    };
    const onEnd = () => finish();
    const onClose = () =>
      finish(new FetchRefused("connectFailed", "the connection closed before the answer ended", { url: target.url.href }));
    const onAbort = () => finish(signal.reason as FetchRefused);
    // Errors after the head (a reset mid-body) end in 'close'; this only keeps them from being unhandled.
    response.on("error", () => {});
    if (maxBytes === 0) return finish();
    response.on("data", onData);
    response.once("end", onEnd);
    response.once("close", onClose);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

function words(refusal: FetchRefused): string {
  return refusal.message.replace(/ \[\w+\]$/, "");
}

/**
 * Posts one delivery to a webhook endpoint under the rules above and answers its outcome. Never
 * throws for the network or the receiver; throws for a reserved header in `request.headers`, a bad
 * option, or unreadable address settings.
 */
export async function postWebhook(request: WebhookRequest, options: PostWebhookOptions = {}): Promise<WebhookAnswer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const timeoutMs = nonNegative(options.timeoutMs, ANSWER_TIMEOUT_MS, "timeoutMs");
  const maxAnswerBytes = nonNegative(options.maxAnswerBytes, ANSWER_MAX_BYTES, "maxAnswerBytes");
  for (const name of Object.keys(request.headers)) {
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw new Error(`postWebhook: the ${name} header is set by postWebhook itself`);
  }
  const settings = addressSettings(options);

  let target: ParsedTarget;
  try {
    target = webhookTarget(request.url);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ok: false, excerpt: "", error: error.message, rule: String(error.extra.rule), ms: ms() };
  }

  const url = target.url.href;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FetchRefused("timeout", `the receiver did not answer within ${timeoutMs} ms`, { url })),
    timeoutMs,
  );
  const onCallerAbort = () => controller.abort(new FetchRefused("aborted", "the delivery attempt was aborted", { url }));
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const ctx: ConnectContext = {
    allow: settings.allow,
    signal: controller.signal,
    connectLookup: options.testConnectLookup,
    tlsCa: options.testTlsCa,
  };

  let resolved = false;
  try {
    const addresses = await resolveWebhookTarget(target, settings, controller.signal);
    resolved = true;
    const body = Buffer.from(request.body, "utf8");
    const { response } = await requestOverVerifiedSocket(target, addresses, ctx, {
      method: "POST",
      headers: { ...request.headers, "Content-Length": String(body.length) },
      body,
    });
    const status = response.statusCode ?? 0;
    const { bytes, cut } = await readExcerpt(response, maxAnswerBytes, controller.signal, target);
    const excerpt = bytes.toString("utf8");
    if (status >= 300 && status <= 399) return { ok: false, status, excerpt, error: "redirect not followed", ms: ms() };
    if (status < 200 || status > 299) return { ok: false, status, excerpt, error: `the receiver answered ${status}`, ms: ms() };
    if (cut) {
      const error = `the receiver answered ${status}, but the rest of its answer failed: ${words(cut)}`;
      return { ok: false, status, excerpt, error, rule: cut.rule, ms: ms() };
    }
    return { ok: true, status, excerpt, ms: ms() };
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    const byPolicy = !resolved && error !== controller.signal.reason;
    const message = byPolicy ? addressRefusalMessage(target, error) : words(error);
    return { ok: false, excerpt: "", error: message, rule: error.rule, ms: ms() };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}
