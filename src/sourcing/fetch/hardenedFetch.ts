// The hardened fetcher: the only way the service reads a third-party URL.
//
// Rules, in the order they apply (each refusal is a FetchRefused whose `rule` names it):
// 1. The URL is parsed with WHATWG URL only (hostParsing.ts): http: and https: only (`scheme`),
//    no userinfo (`userinfo`), no "bad ports" (`port`). Numeric IPv4 spellings (decimal, octal,
//    hex, `127.1`, `0`) are normalised by the parser, so they are checked as the dotted quad
//    they mean.
// 2. The host becomes addresses: an IP literal is itself; a FETCH_HOST_MAP entry replaces DNS;
//    `localhost` and `*.localhost` are loopback; anything else goes to
//    `dns.promises.lookup(host, { all: true })` (`dnsFailed`). EVERY address is checked by
//    addressPolicy.ts (loopback, private, linkLocal, cgnat, multicast, unspecified, broadcast,
//    reserved, mappedIPv4, nat64, sixToFour, teredo, isatap); if ANY is refused the fetch is
//    refused with that address's rule. A FETCH_HOST_MAP address is checked like a DNS answer,
//    so mapping a host to 127.0.0.1 also needs 127.0.0.1 in FETCH_ALLOW_ADDRESSES.
// 3. The connection is pinned (connect.ts): the socket's `lookup` returns only the checked
//    address, and the connected socket's `remoteAddress` is checked again, against the policy
//    and against the checked address (`addressMismatch`), before a byte is sent. DNS rebinding
//    therefore cannot move the connection. HTTPS certificates are verified against the host name.
// 4. The request is a GET with a fixed User-Agent, `Accept` for HTML, XHTML, PDF and plain text,
//    `Accept-Encoding: gzip, deflate, br`, `Connection: close`, and nothing else: no Cookie, no
//    Authorization, no Referer, no caller-supplied headers. Cookies a server sets are dropped.
// 5. Redirects (301, 302, 303, 307, 308) are followed by this code, at most 5 (`tooManyRedirects`
//    on the 6th); a relative Location is resolved against the current URL, and every hop goes
//    through steps 1-4 again. A redirect from https: to http: IS followed: the fetcher sends
//    nothing secret on any hop and fetches plain http: URLs anyway, so refusing the downgrade
//    would protect nothing while losing pages of sites that redirect carelessly.
// 6. Status 2xx is read, except 204, 205 and 206 (no whole page); anything else, and a 3xx
//    without Location, is `badStatus`.
// 7. Content-Type: text/html, application/xhtml+xml, text/plain and application/pdf are read;
//    application/octet-stream and a missing type are read and sniffed (PDF magic; HTML's first
//    tag when the type is missing); every other type is `unsupportedType` without reading the body.
// 8. Size: a Content-Length above the cap (5 MB by default) is refused at once; otherwise the
//    bytes on the wire AND the bytes after gzip/deflate/br are counted and the fetch is refused
//    (`tooLarge`) as soon as either passes the cap, so a compression bomb stops early. Unknown
//    encodings are `unsupportedEncoding`.
// 9. Time: one deadline (15 s by default) covers every hop, DNS, connecting, TLS, the body
//    (a server dripping bytes is cut off) and PDF text extraction (`timeout`).
// 10. Text is decoded by its charset: BOM, Content-Type charset, HTML <meta> charset, else UTF-8
//    when valid and windows-1252 otherwise. PDF text is extracted with pdfjs-dist.
//
// Settings (read from the options, else from process.env at call time, never at import):
// FETCH_ALLOW_ADDRESSES and FETCH_HOST_MAP, both empty by default and meant for tests and local
// development. Options marked "TESTS ONLY" exist so tests can play a rebinding resolver or trust
// a test certificate; production code never passes them.
import type { IncomingMessage } from "node:http";
import type net from "node:net";
import { fetches } from "../../metrics.ts";
import type { FetchedPage } from "../types.ts";
import { parseAllowList } from "./addressPolicy.ts";
import { abortable, type ConnectContext, requestOverVerifiedSocket, resolveChecked } from "./connect.ts";
import { decodersFor, decodeText, kindOfType, type PageKind, parseContentType, readCapped, sniffKind } from "./content.ts";
import { type ParsedTarget, parseHostMap, parseTarget } from "./hostParsing.ts";
import { extractPdfText } from "./pdfText.ts";
import { FetchRefused } from "./refusal.ts";

export const USER_AGENT = "SourcedArticles/1.0 (+https://sourced-articles.example/fetcher)";
export const ACCEPT = "text/html, application/xhtml+xml;q=0.9, application/pdf;q=0.8, text/plain;q=0.7";
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** 2xx statuses that carry no whole page: No Content, Reset Content, Partial Content. */
const NO_PAGE = new Set([204, 205, 206]);

export interface FetchOptions {
  /** Cap on the body, on the wire and after decompression. Default 5 MB. */
  maxBytes?: number;
  /** Cap on the whole fetch, every redirect included. Default 15 s. */
  timeoutMs?: number;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
  /** FETCH_ALLOW_ADDRESSES: addresses or CIDRs that may be fetched although refused. Default: process.env at call time. */
  allowAddresses?: string;
  /** FETCH_HOST_MAP: `host=address` pairs that replace DNS. Default: process.env at call time. */
  hostMap?: string;
  /** Stops the fetch (rule `aborted`). */
  signal?: AbortSignal;
  /**
   * What is read: web pages (HTML, text, PDF; the default) or a JSON document (application/json
   * or a `+json` type, e.g. an OAuth client's metadata document), returned as text.
   */
  expect?: "page" | "json";
  /** TESTS ONLY: the lookup the socket uses when connecting, instead of the pinned one (see connect.ts). */
  testConnectLookup?: net.LookupFunction;
  /** TESTS ONLY: an extra CA certificate (PEM) to trust for HTTPS. */
  testTlsCa?: string | Buffer;
}

interface Hop {
  target: ParsedTarget;
  response: IncomingMessage;
  address: string;
}

async function sendRequest(
  target: ParsedTarget,
  addresses: readonly string[],
  ctx: ConnectContext,
  accept: string,
): Promise<Hop> {
  const { response, address } = await requestOverVerifiedSocket(target, addresses, ctx, {
    method: "GET",
    headers: { "User-Agent": USER_AGENT, Accept: accept, "Accept-Encoding": "gzip, deflate, br" },
  });
  return { target, response, address };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`hardenedFetch: ${name} must be a non-negative number`);
  return value;
}

/**
 * Fetches a third-party URL under the rules above. Resolves with the page (HTML and plain text
 * decoded, PDF text extracted); rejects with FetchRefused naming the rule that stopped it, or
 * with a plain Error when FETCH_ALLOW_ADDRESSES / FETCH_HOST_MAP cannot be read.
 */
export async function hardenedFetch(url: string | URL, options: FetchOptions = {}): Promise<FetchedPage> {
  // Every fetch is counted here, the one way the service reads a third-party URL, by its outcome.
  try {
    const page = await fetchUnderRules(url, options);
    fetches.inc({ outcome: "ok" });
    return page;
  } catch (error) {
    fetches.inc({ outcome: error instanceof FetchRefused ? error.rule : "error" });
    throw error;
  }
}

async function fetchUnderRules(url: string | URL, options: FetchOptions): Promise<FetchedPage> {
  const maxBytes = positive(options.maxBytes, DEFAULT_MAX_BYTES, "maxBytes");
  const timeoutMs = positive(options.timeoutMs, DEFAULT_TIMEOUT_MS, "timeoutMs");
  const maxRedirects = positive(options.maxRedirects, DEFAULT_MAX_REDIRECTS, "maxRedirects");
  const allow = parseAllowList(options.allowAddresses ?? process.env.FETCH_ALLOW_ADDRESSES);
  const hostMap = parseHostMap(options.hostMap ?? process.env.FETCH_HOST_MAP);

  const first = parseTarget(url);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FetchRefused("timeout", `the fetch took longer than ${timeoutMs} ms`, { url: first.url.href })),
    timeoutMs,
  );
  const onCallerAbort = () => controller.abort(new FetchRefused("aborted", "the fetch was aborted", { url: first.url.href }));
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const ctx: ConnectContext = {
    allow,
    signal: controller.signal,
    connectLookup: options.testConnectLookup,
    tlsCa: options.testTlsCa,
  };

  let response: IncomingMessage | undefined;
  try {
    let target = first;
    for (let redirects = 0; ; redirects++) {
      const addresses = await resolveChecked(target, hostMap, allow, ctx.signal);
      const hop = await sendRequest(target, addresses, ctx, options.expect === "json" ? "application/json" : ACCEPT);
      response = hop.response;
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects) {
          throw new FetchRefused("tooManyRedirects", `more than ${maxRedirects} redirects`, { url: target.url.href, status });
        }
        target = parseTarget(location, target.url);
        continue;
      }
      if (status < 200 || status > 299 || NO_PAGE.has(status)) {
        response.destroy();
        throw new FetchRefused("badStatus", `the server answered ${status}`, { url: target.url.href, status });
      }
      const page =
        options.expect === "json" ? await readJson(hop, maxBytes, ctx.signal) : await readPage(hop, maxBytes, ctx.signal);
      return { url: first.url.href, status, ...page, address: hop.address, fetchedAt: new Date() };
    }
  } catch (error) {
    response?.destroy();
    if (controller.signal.aborted && !(error instanceof FetchRefused)) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/** The body under the byte cap (declared and actual), its Content-Encoding undone. */
async function readBody(hop: Hop, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const { response, target } = hop;
  const finalUrl = target.url.href;
  const length = Number(response.headers["content-length"]);
  if (Number.isFinite(length) && length > maxBytes) {
    response.destroy();
    throw new FetchRefused("tooLarge", `Content-Length ${length} is larger than ${maxBytes} bytes`, { url: finalUrl });
  }
  let decoders: ReturnType<typeof decodersFor>;
  try {
    decoders = decodersFor(response.headers["content-encoding"], finalUrl);
  } catch (error) {
    response.destroy();
    throw error;
  }
  const bytes = await readCapped(response, decoders, maxBytes, signal, finalUrl);
  return bytes;
}

/** A JSON document: application/json or a `+json` type, decoded as UTF-8 text (not parsed here). */
async function readJson(
  hop: Hop,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Pick<FetchedPage, "finalUrl" | "contentType" | "body" | "fromPdf">> {
  const { response, target } = hop;
  const finalUrl = target.url.href;
  const declared = parseContentType(response.headers["content-type"]);
  if (declared.type !== "application/json" && !declared.type.endsWith("+json")) {
    response.destroy();
    throw new FetchRefused("unsupportedType", `Content-Type ${declared.type || "(none)"} is not JSON`, { url: finalUrl });
  }
  const bytes = await readBody(hop, maxBytes, signal);
  return { finalUrl, contentType: declared.type, body: bytes.toString("utf8"), fromPdf: false };
}

async function readPage(
  hop: Hop,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Pick<FetchedPage, "finalUrl" | "contentType" | "body" | "fromPdf">> {
  const { response, target } = hop;
  const finalUrl = target.url.href;
  const declared = parseContentType(response.headers["content-type"]);
  const promised = kindOfType(declared.type);
  if (promised === null) {
    response.destroy();
    throw new FetchRefused("unsupportedType", `Content-Type ${declared.type} is not read`, { url: finalUrl });
  }
  const bytes = await readBody(hop, maxBytes, signal);
  const kind: PageKind | null = promised === "sniff" ? sniffKind(bytes, declared.type) : promised;
  if (kind === null) {
    throw new FetchRefused("unsupportedType", `Content-Type ${declared.type || "(none)"} is not a page`, { url: finalUrl });
  }
  if (kind === "pdf") {
    const body = await abortable(extractPdfText(bytes, signal, finalUrl), signal);
    return { finalUrl, contentType: "application/pdf", body, fromPdf: true };
  }
  const contentType = promised === "sniff" ? "text/html" : declared.type;
  return { finalUrl, contentType, body: decodeText(bytes, declared.charset, kind === "html"), fromPdf: false };
}
