// The one error the hardened fetcher throws for a page it will not or could not fetch. `rule`
// names what refused it, so callers (and people reading logs) can tell a private address from a
// slow server. Misconfigured settings (FETCH_ALLOW_ADDRESSES, FETCH_HOST_MAP) throw a plain Error
// instead: they are the operator's mistake, not the page's.
import type { AddressRule } from "./addressPolicy.ts";

export type FetchRule =
  /** The address (literal, resolved, mapped or connected) falls in a refused range. */
  | AddressRule
  /** Not a URL at all, or a redirect's Location is not one. */
  | "invalidUrl"
  /** A scheme other than http: and https:. */
  | "scheme"
  /** The URL carries a user name or password (`http://user@host`, `http://evil@127.0.0.1`). */
  | "userinfo"
  /** A port that browsers refuse too (SMTP, IRC, ...: the Fetch standard's "bad ports"). */
  | "port"
  /** The host name did not resolve. */
  | "dnsFailed"
  /** TCP or TLS connection failed. */
  | "connectFailed"
  /** The socket connected to an address other than the one that was checked (DNS rebinding). */
  | "addressMismatch"
  /** More redirects than allowed (5 by default). */
  | "tooManyRedirects"
  /** A status other than 2xx, or a 3xx without a usable Location. */
  | "badStatus"
  /** A Content-Type the service does not read (only HTML, XHTML, plain text and PDF). */
  | "unsupportedType"
  /** A Content-Encoding other than gzip, deflate, br and identity. */
  | "unsupportedEncoding"
  /** The body (before or after decompression) is larger than the cap (5 MB by default). */
  | "tooLarge"
  /** The whole fetch (every hop, DNS, connect, body, PDF text) took longer than the cap (15 s by default). */
  | "timeout"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** The response could not be read: malformed HTTP, corrupt compression, unreadable PDF. */
  | "badResponse";

export interface FetchRefusedDetails {
  /** The URL of the hop that was refused (after redirects, the redirect target). */
  url?: string;
  /** The IP address the rule applies to, when there is one. */
  address?: string;
  /** For mapped/embedded IPv6 forms: the IPv4 address inside. */
  embedded?: string;
  /** For badStatus: the HTTP status. */
  status?: number;
}

/**
 * What a caller is told about a refusal: the rule in words, never the address it resolved to, the
 * settings that mapped it or the system's error text (those go to the log with `message`).
 */
const PUBLIC_REASON: Record<FetchRule, string> = {
  loopback: "loopback address",
  private: "private address",
  linkLocal: "link-local address",
  cgnat: "shared (carrier-grade NAT) address",
  multicast: "multicast address",
  unspecified: "unspecified address",
  broadcast: "broadcast address",
  reserved: "reserved address",
  mappedIPv4: "IPv4-mapped address",
  nat64: "NAT64 address",
  sixToFour: "6to4 address",
  teredo: "Teredo address",
  isatap: "ISATAP address",
  invalidAddress: "not a valid address",
  invalidUrl: "not a URL",
  scheme: "only http and https are fetched",
  userinfo: "URLs with a user name or password are not fetched",
  port: "port not fetched",
  dnsFailed: "did not resolve",
  connectFailed: "could not connect",
  addressMismatch: "the address changed while connecting",
  tooManyRedirects: "too many redirects",
  badStatus: "the server answered with an error",
  unsupportedType: "not a page the service reads",
  unsupportedEncoding: "unsupported content encoding",
  tooLarge: "larger than the service reads",
  timeout: "took too long",
  aborted: "aborted",
  badResponse: "the answer could not be read",
};

export class FetchRefused extends Error {
  readonly rule: FetchRule;
  readonly url: string | undefined;
  readonly address: string | undefined;
  readonly embedded: string | undefined;
  readonly status: number | undefined;

  constructor(rule: FetchRule, message: string, details: FetchRefusedDetails = {}, options?: { cause?: unknown }) {
    super(`${message} [${rule}]`, options);
    this.name = "FetchRefused";
    this.rule = rule;
    this.url = details.url;
    this.address = details.address;
    this.embedded = details.embedded;
    this.status = details.status;
  }

  /** The refusal as a caller may see it: `private address [private]`, `the server answered 404 [badStatus]`. */
  get publicReason(): string {
    const words = this.rule === "badStatus" && this.status ? `the server answered ${this.status}` : PUBLIC_REASON[this.rule];
    return `${words} [${this.rule}]`;
  }
}

/** What a caller is told about a page that was not fetched or read: a FetchRefused's rule, else no detail. */
export function publicFetchFailure(error: unknown): string {
  return error instanceof FetchRefused ? error.publicReason : "could not be read";
}
