// The address rules of a webhook endpoint (spec, Webhooks): https, port 443, at most 2,048
// characters, no user name or password, and a host that resolves only to public addresses. The
// addresses are checked by the hardened fetcher's own functions (resolveChecked, its address
// policy, FETCH_HOST_MAP and FETCH_ALLOW_ADDRESSES), so an endpoint is refused exactly where a page
// fetch would be. Saving checks them once; every delivery checks them again (send.ts), because what
// a name resolves to can change after it was saved.
import { DomainError } from "../errors.ts";
import { type AllowList, parseAllowList } from "../sourcing/fetch/addressPolicy.ts";
import { resolveChecked } from "../sourcing/fetch/connect.ts";
import { type HostMap, type ParsedTarget, parseHostMap, parseTarget } from "../sourcing/fetch/hostParsing.ts";
import { FetchRefused } from "../sourcing/fetch/refusal.ts";

export const WEBHOOK_URL_MAX = 2048;
/** A person saving an endpoint waits for its DNS answer; a resolver that never answers must not hold the request. */
export const WEBHOOK_DNS_TIMEOUT_MS = 5_000;

export interface WebhookAddressOptions {
  /** FETCH_ALLOW_ADDRESSES. Default: process.env at call time. */
  allowAddresses?: string;
  /** FETCH_HOST_MAP. Default: process.env at call time. */
  hostMap?: string;
  signal?: AbortSignal;
}

function refused(rule: string, message: string): DomainError {
  return new DomainError("validation", message, { field: "url", rule });
}

/**
 * The checks that need no DNS, as a ParsedTarget for connecting. Throws DomainError validation
 * with `field: "url"` and the rule broken.
 */
export function webhookTarget(url: string): ParsedTarget {
  if (url.length > WEBHOOK_URL_MAX) {
    throw refused("length", `url must be at most ${WEBHOOK_URL_MAX} characters (it has ${url.length})`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refused("format", "url must be an absolute URL such as https://hooks.example.com/receive");
  }
  if (parsed.protocol !== "https:") {
    throw refused("https", `url must use https: (it uses ${parsed.protocol})`);
  }
  // WHATWG drops an explicit :443, so any port left is another one.
  if (parsed.port !== "") {
    throw refused("port", `url must use port 443 (it names port ${parsed.port})`);
  }
  let target: ParsedTarget;
  try {
    target = parseTarget(url);
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    if (error.rule === "userinfo") throw refused("userinfo", "url must not carry a user name or password");
    throw refused(error.rule === "invalidUrl" ? "format" : error.rule, `url is refused: ${error.message}`);
  }
  // The stored address is the normalised one and is checked again on every delivery, so it must
  // pass the length rule too (percent-encoding can lengthen it).
  if (target.url.href.length > WEBHOOK_URL_MAX) {
    throw refused(
      "length",
      `url must be at most ${WEBHOOK_URL_MAX} characters once normalised (it has ${target.url.href.length})`,
    );
  }
  return target;
}

/** The checks that need no DNS (length, format, https, port, userinfo); returns the normalised URL. */
export function checkWebhookUrlShape(url: string): string {
  return webhookTarget(url).url.href;
}

/** The message a person reads for an address the policy refuses (the log keeps FetchRefused's own). */
export function addressRefusalMessage(target: ParsedTarget, refusal: FetchRefused): string {
  const prefix = "url must resolve to a public address";
  const inside = refusal.embedded ? `, embedding ${refusal.embedded}` : "";
  if (refusal.address && target.literal) return `${prefix}; ${refusal.address} is not one (${refusal.rule}${inside})`;
  if (refusal.address) return `${prefix}; ${target.name} resolves to ${refusal.address} (${refusal.rule}${inside})`;
  // No address to name: DNS failed, or a `localhost` name. FetchRefused's text says which.
  return `${prefix}; ${refusal.message.replace(/ \[\w+\]$/, "")} (${refusal.rule})`;
}

/** FETCH_ALLOW_ADDRESSES and FETCH_HOST_MAP from the options, else from process.env at call time. */
export function addressSettings(options: { allowAddresses?: string | undefined; hostMap?: string | undefined }): {
  allow: AllowList;
  hostMap: HostMap;
} {
  return {
    allow: parseAllowList(options.allowAddresses ?? process.env.FETCH_ALLOW_ADDRESSES),
    hostMap: parseHostMap(options.hostMap ?? process.env.FETCH_HOST_MAP),
  };
}

/**
 * Resolves a target's host and checks every address, within WEBHOOK_DNS_TIMEOUT_MS and the signal.
 * Resolves with the checked addresses; rejects with FetchRefused (the policy's rule, or dnsFailed
 * when DNS is slower than the bound) or with the signal's reason.
 */
export async function resolveWebhookTarget(
  target: ParsedTarget,
  settings: { allow: AllowList; hostMap: HostMap },
  signal?: AbortSignal,
): Promise<string[]> {
  // A timer of our own, not AbortSignal.timeout: a timeout signal held only by AbortSignal.any can
  // be garbage-collected before it fires, and the bound would silently vanish.
  const bound = new AbortController();
  const timer = setTimeout(() => bound.abort(new Error("DNS bound")), WEBHOOK_DNS_TIMEOUT_MS);
  const onAbort = () => bound.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await resolveChecked(target, settings.hostMap, settings.allow, bound.signal);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (bound.signal.aborted && !(error instanceof FetchRefused)) {
      throw new FetchRefused(
        "dnsFailed",
        `${target.name} did not resolve within ${WEBHOOK_DNS_TIMEOUT_MS / 1000} s`,
        { url: target.url.href },
        { cause: error },
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Checks a webhook endpoint's address when it is saved. Returns the normalised URL (WHATWG href);
 * throws DomainError validation with `field: "url"` and `rule` (length, format, https, port,
 * userinfo, or the fetcher's rule for the address: loopback, private, linkLocal, dnsFailed, …).
 * An unreadable FETCH_ALLOW_ADDRESSES / FETCH_HOST_MAP throws a plain Error (the operator's mistake);
 * the caller's abort rejects with its reason.
 */
export async function checkWebhookUrl(url: string, options: WebhookAddressOptions = {}): Promise<string> {
  const target = webhookTarget(url);
  try {
    await resolveWebhookTarget(target, addressSettings(options), options.signal);
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    throw refused(error.rule, addressRefusalMessage(target, error));
  }
  return target.url.href;
}
