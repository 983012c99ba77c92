// Which IP addresses the hardened fetcher may connect to, and which rule refuses the others.
//
// Rules (first match wins; ranges are ipaddr.js CIDRs, never string prefixes):
//
// IPv4
//   unspecified  0.0.0.0/8
//   loopback     127.0.0.0/8
//   private      10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16
//   linkLocal    169.254.0.0/16 (cloud metadata 169.254.169.254 included)
//   cgnat        100.64.0.0/10
//   multicast    224.0.0.0/4
//   broadcast    255.255.255.255
//   reserved     192.0.0.0/24 (IETF protocol assignments), 192.0.2.0/24, 198.51.100.0/24,
//                203.0.113.0/24 (documentation), 192.88.99.0/24 (6to4 relay anycast, deprecated),
//                198.18.0.0/15 (benchmarking), 240.0.0.0/4 (future use)
//
// IPv6
//   unspecified  ::
//   loopback     ::1
//   mappedIPv4   ::ffff:0:0/96 (IPv4-mapped), ::ffff:0:0:0/96 (IPv4-translated, RFC 6145) and
//                ::/96 (IPv4-compatible, deprecated): ALWAYS refused, whatever IPv4 they carry. No
//                public host publishes them; a socket given one talks IPv4 to the embedded address.
//   nat64        64:ff9b::/96 (well-known NAT64 prefix): refused when the embedded IPv4 (last 32
//                bits) is refused; allowed otherwise, because DNS64 on IPv6-only networks hands out
//                exactly these for every public IPv4 host. 64:ff9b:1::/48 (local-use NAT64, whose
//                embedding depends on the operator's prefix length): always refused.
//   sixToFour    2002::/16: always refused (6to4 is deprecated, RFC 7526; bits 16-47 carry an IPv4
//                whose router would forward into its own network). The embedded IPv4 is reported.
//   teredo       2001::/32: always refused (a tunnel to the obfuscated client IPv4 in the last 32
//                bits, XOR 0xffffffff). The decoded client IPv4 is reported.
//   reserved     2001::/23 (IETF protocol assignments), 2001:db8::/32 and 3fff::/20
//                (documentation), 100::/64 (discard), and everything outside global unicast
//                2000::/3 that no rule above or below names.
//   linkLocal    fe80::/10
//   private      fc00::/7 (unique local), fec0::/10 (site-local, deprecated)
//   multicast    ff00::/8
//   isatap       an address inside 2000::/3 whose interface identifier is ISATAP's
//                (0000:5efe, 0200:5efe, with or without the group bit) and whose embedded IPv4 is
//                refused. With a public embedded IPv4 it is an ordinary global address.
//
// Anything else is allowed. FETCH_ALLOW_ADDRESSES (addresses or CIDRs, comma-separated; empty by
// default) lets listed addresses through whatever rule would refuse them; it matches the address
// as it is (an allowed 127.0.0.1 does not allow ::ffff:127.0.0.1). It is meant for tests and
// local development only.
import net from "node:net";
import ipaddr from "ipaddr.js";

type IP = ipaddr.IPv4 | ipaddr.IPv6;

export type AddressRule =
  | "loopback"
  | "private"
  | "linkLocal"
  | "cgnat"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "reserved"
  | "mappedIPv4"
  | "nat64"
  | "sixToFour"
  | "teredo"
  | "isatap"
  /** Not an IP address in standard notation (dotted-quad IPv4 or RFC 4291 IPv6). */
  | "invalidAddress";

export interface AddressClass {
  /** The address in canonical form (dotted quad, RFC 5952), or as given when it is invalid. */
  address: string;
  /** The rule that refuses it, or null for an address that may be fetched. */
  rule: AddressRule | null;
  /** For mapped, NAT64, 6to4, Teredo and ISATAP forms: the IPv4 address inside and its own rule. */
  embedded?: { address: string; rule: AddressRule | null };
}

export interface AddressVerdict extends AddressClass {
  allowed: boolean;
  /** The FETCH_ALLOW_ADDRESSES entry that let a refused address through. */
  allowedBy?: string;
}

type Range = [IP, number];
const cidr = (text: string): Range => ipaddr.parseCIDR(text);

const IPV4_RULES: [AddressRule, Range][] = [
  ["unspecified", cidr("0.0.0.0/8")],
  ["loopback", cidr("127.0.0.0/8")],
  ["private", cidr("10.0.0.0/8")],
  ["private", cidr("172.16.0.0/12")],
  ["private", cidr("192.168.0.0/16")],
  ["linkLocal", cidr("169.254.0.0/16")],
  ["cgnat", cidr("100.64.0.0/10")],
  ["multicast", cidr("224.0.0.0/4")],
  ["broadcast", cidr("255.255.255.255/32")],
  ["reserved", cidr("192.0.0.0/24")],
  ["reserved", cidr("192.0.2.0/24")],
  ["reserved", cidr("192.88.99.0/24")],
  ["reserved", cidr("198.18.0.0/15")],
  ["reserved", cidr("198.51.100.0/24")],
  ["reserved", cidr("203.0.113.0/24")],
  ["reserved", cidr("240.0.0.0/4")],
];

type Embedding = "last32" | "sixToFour" | "teredo" | "none";

// Order matters: ::/128 and ::1/128 before ::/96, Teredo before 2001::/23.
const IPV6_RULES: [AddressRule, Range, Embedding, "always" | "whenEmbeddedRefused"][] = [
  ["unspecified", cidr("::/128"), "none", "always"],
  ["loopback", cidr("::1/128"), "none", "always"],
  ["mappedIPv4", cidr("::ffff:0:0/96"), "last32", "always"],
  ["mappedIPv4", cidr("::ffff:0:0:0/96"), "last32", "always"],
  ["mappedIPv4", cidr("::/96"), "last32", "always"],
  ["nat64", cidr("64:ff9b::/96"), "last32", "whenEmbeddedRefused"],
  ["nat64", cidr("64:ff9b:1::/48"), "none", "always"],
  ["sixToFour", cidr("2002::/16"), "sixToFour", "always"],
  ["teredo", cidr("2001::/32"), "teredo", "always"],
  ["reserved", cidr("2001::/23"), "none", "always"],
  ["reserved", cidr("2001:db8::/32"), "none", "always"],
  ["reserved", cidr("3fff::/20"), "none", "always"],
  ["reserved", cidr("100::/64"), "none", "always"],
  ["linkLocal", cidr("fe80::/10"), "none", "always"],
  ["private", cidr("fc00::/7"), "none", "always"],
  ["private", cidr("fec0::/10"), "none", "always"],
  ["multicast", cidr("ff00::/8"), "none", "always"],
];
const GLOBAL_UNICAST = cidr("2000::/3");

function ipv4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function embeddedIPv4(address: ipaddr.IPv6, embedding: Embedding): ipaddr.IPv4 | null {
  const p = address.parts;
  switch (embedding) {
    case "last32":
      return ipv4FromWords(p[6] ?? 0, p[7] ?? 0);
    case "sixToFour":
      return ipv4FromWords(p[1] ?? 0, p[2] ?? 0);
    case "teredo":
      return ipv4FromWords((p[6] ?? 0) ^ 0xffff, (p[7] ?? 0) ^ 0xffff);
    case "none":
      return null;
  }
}

function ipv4Rule(address: ipaddr.IPv4): AddressRule | null {
  for (const [rule, range] of IPV4_RULES) if (address.match(range)) return rule;
  return null;
}

function isIsatap(address: ipaddr.IPv6): boolean {
  const p = address.parts;
  return ((p[4] ?? 1) & 0xfcff) === 0 && p[5] === 0x5efe;
}

/** Parses an address in standard notation only: no `0x7f.1`, `127.1` or decimal forms. */
export function parseStrictAddress(text: string): IP | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (net.isIP(bare) === 0) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

function canonical(address: IP): string {
  return address.kind() === "ipv6" ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
}

/** Which rule refuses this address, ignoring FETCH_ALLOW_ADDRESSES. */
export function classifyAddress(text: string): AddressClass {
  const parsed = parseStrictAddress(text);
  if (!parsed) return { address: text, rule: "invalidAddress" };
  const address = canonical(parsed);
  if (parsed.kind() === "ipv4") return { address, rule: ipv4Rule(parsed as ipaddr.IPv4) };
  const v6 = parsed as ipaddr.IPv6;
  for (const [rule, range, embedding, when] of IPV6_RULES) {
    if (!v6.match(range)) continue;
    const inner = embeddedIPv4(v6, embedding);
    const embedded = inner ? { address: inner.toString(), rule: ipv4Rule(inner) } : undefined;
    const refused = when === "always" || embedded?.rule != null;
    return { address, rule: refused ? rule : null, ...(embedded ? { embedded } : {}) };
  }
  if (!v6.match(GLOBAL_UNICAST)) return { address, rule: "reserved" };
  if (isIsatap(v6)) {
    const inner = embeddedIPv4(v6, "last32")!;
    const embedded = { address: inner.toString(), rule: ipv4Rule(inner) };
    return { address, rule: embedded.rule ? "isatap" : null, embedded };
  }
  return { address, rule: null };
}

export interface AllowList {
  readonly entries: readonly { readonly text: string; readonly range: Range }[];
}

export const EMPTY_ALLOW_LIST: AllowList = { entries: [] };

/**
 * Parses FETCH_ALLOW_ADDRESSES: addresses or CIDRs in standard notation, separated by commas
 * (whitespace ignored). Throws on an entry it cannot read, naming it.
 */
export function parseAllowList(setting: string | undefined): AllowList {
  const entries: { text: string; range: Range }[] = [];
  for (const raw of (setting ?? "").split(",")) {
    const text = raw.trim();
    if (!text) continue;
    const slash = text.indexOf("/");
    const addressPart = slash >= 0 ? text.slice(0, slash) : text;
    const address = parseStrictAddress(addressPart);
    const bits = address?.kind() === "ipv4" ? 32 : 128;
    const prefix = slash >= 0 ? text.slice(slash + 1) : String(bits);
    if (!address || !/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
      throw new Error(`FETCH_ALLOW_ADDRESSES: "${text}" is not an IP address or CIDR in standard notation`);
    }
    entries.push({ text, range: [address, Number(prefix)] });
  }
  return { entries };
}

/** Classifies the address and applies FETCH_ALLOW_ADDRESSES. */
export function checkAddress(text: string, allow: AllowList = EMPTY_ALLOW_LIST): AddressVerdict {
  const found = classifyAddress(text);
  if (found.rule === null) return { ...found, allowed: true };
  const parsed = parseStrictAddress(text);
  if (parsed) {
    for (const entry of allow.entries) {
      if (entry.range[0].kind() === parsed.kind() && parsed.match(entry.range)) {
        return { ...found, allowed: true, allowedBy: entry.text };
      }
    }
  }
  return { ...found, allowed: false };
}

/** True when both strings are the same IP address (any notation accepted by parseStrictAddress). */
export function sameAddress(a: string, b: string): boolean {
  const x = parseStrictAddress(a);
  const y = parseStrictAddress(b);
  return x !== null && y !== null && x.kind() === y.kind() && canonical(x) === canonical(y);
}
