// The client a request came from, for limits kept per client address. Behind one reverse proxy
// the operator trusts (TRUST_PROXY), the last X-Forwarded-For entry: the one that proxy appended;
// entries before it are whatever the client sent. Otherwise the socket's peer. IPv6 clients are
// counted per /64, since one host usually holds a whole /64 and could rotate through it.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";

function bucketOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // IPv4-mapped IPv6 becomes IPv4
  if (parsed.kind() === "ipv6") {
    const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
    return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
  }
  return parsed.toString();
}

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",").at(-1)?.trim();
    if (forwarded) return bucketOf(forwarded);
  }
  try {
    return bucketOf(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    return "in-process";
  }
}
