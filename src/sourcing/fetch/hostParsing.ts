// Reading a URL the way the fetcher will use it, and FETCH_HOST_MAP.
//
// URLs go through WHATWG URL (the parser browsers use) and nothing else, so the host that is
// checked is the host that is connected to. WHATWG already turns every numeric IPv4 spelling
// into a dotted quad: `http://2130706433/`, `http://0177.0.0.1/`, `http://0x7f.1/`,
// `http://127.1/`, `http://0/` (0.0.0.0), `http://127.0.0.1./`, percent-encoded and full-width
// digits; an IPv6 literal comes out compressed (`[::ffff:7f00:1]`). Refused here:
// - any scheme but http: and https: (rule `scheme`);
// - any userinfo, even an empty one (`http://user@host`, `http://evil@127.0.0.1`,
//   `http://@host`): the fetcher never sends credentials, and an `@` in the authority is
//   only ever a trick (rule `userinfo`);
// - the Fetch standard's "bad ports" (SMTP, IRC, ...), so a public host cannot be made to
//   speak HTTP to a mail server (rule `port`).
import { parseStrictAddress } from "./addressPolicy.ts";
import { FetchRefused } from "./refusal.ts";

export interface ParsedTarget {
  url: URL;
  /** The host as connected to: a lower-case name, or an IP address without brackets. */
  host: string;
  /** The host without a trailing dot: the key for FETCH_HOST_MAP and the TLS server name. */
  name: string;
  /** When the host is an IP literal: that address. */
  literal: string | null;
  port: number;
}

// https://fetch.spec.whatwg.org/#bad-port
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113,
  115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556,
  563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667,
  6668, 6669, 6679, 6697, 10080,
]);

/** True when the authority of a URL string contains an `@`, as WHATWG would split it. */
function rawHasUserinfo(input: string): boolean {
  // WHATWG strips leading/trailing C0 controls and spaces and removes tabs and newlines anywhere;
  // for special schemes a backslash ends the authority like a slash does.
  const cleaned = input.replace(/[\t\n\r]/g, "").trim();
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(cleaned);
  if (!scheme) return false;
  const rest = cleaned.slice(scheme[0].length).replace(/^[/\\]*/, "");
  const end = rest.search(/[/\\?#]/);
  return (end >= 0 ? rest.slice(0, end) : rest).includes("@");
}

/** Parses and vets a URL; throws FetchRefused (invalidUrl, scheme, userinfo, port). */
export function parseTarget(input: string | URL, base?: URL): ParsedTarget {
  const text = typeof input === "string" ? input : input.href;
  let url: URL;
  try {
    url = new URL(text, base);
  } catch (cause) {
    throw new FetchRefused("invalidUrl", `"${text.slice(0, 200)}" is not a URL`, { url: text }, { cause });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefused("scheme", `${url.protocol} URLs are not fetched, only http: and https:`, { url: url.href });
  }
  if (url.username || url.password || rawHasUserinfo(text)) {
    throw new FetchRefused("userinfo", "URLs with a user name or password are not fetched", { url: redact(url) });
  }
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (BAD_PORTS.has(port)) throw new FetchRefused("port", `port ${port} is not fetched`, { url: url.href });
  const bare = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const literal = parseStrictAddress(bare) ? bare : null;
  const name = literal ?? bare.replace(/\.$/, "");
  return { url, host: bare, name, literal, port };
}

/** The URL without its userinfo, for error messages. */
function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.username = "";
  copy.password = "";
  return copy.href;
}

/** RFC 6761: `localhost` and every name under it are loopback, whatever DNS says. */
export function isLocalhostName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "localhost" || lower.endsWith(".localhost");
}

export type HostMap = ReadonlyMap<string, readonly string[]>;

/**
 * Parses FETCH_HOST_MAP: `host=address` pairs separated by commas, like curl's `--resolve`
 * without the port (`news.test=127.0.0.1,wire.test=[::1]`). A host listed twice gets both
 * addresses. Throws on an entry it cannot read, naming it.
 */
export function parseHostMap(setting: string | undefined): HostMap {
  const map = new Map<string, string[]>();
  for (const raw of (setting ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.indexOf("=");
    const host = eq > 0 ? entry.slice(0, eq).trim().toLowerCase().replace(/\.$/, "") : "";
    const addressText = eq > 0 ? entry.slice(eq + 1).trim() : "";
    const address = parseStrictAddress(addressText);
    if (!host || !address) {
      throw new Error(`FETCH_HOST_MAP: "${entry}" is not a host=address pair (address in standard notation)`);
    }
    const bare = addressText.replace(/^\[|\]$/g, "");
    map.set(host, [...(map.get(host) ?? []), bare]);
  }
  return map;
}
