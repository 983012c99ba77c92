// Which redirect addresses a client may register (spec, OAuth "Register"): https anywhere, or
// plain http only to this machine's loopback (localhost, 127.0.0.1, [::1]) on any port, as
// native and command-line clients listen there; at most 512 characters; no fragment.
export const REDIRECT_URI_MAX = 512;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a redirect address is refused, or undefined when it may be registered. */
export function redirectUriProblem(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return "a redirect URI must be a non-empty string";
  if (value.length > REDIRECT_URI_MAX) return `a redirect URI is at most ${REDIRECT_URI_MAX} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value.slice(0, 80)}" is not an absolute URL`;
  }
  if (value.includes("#")) return "a redirect URI cannot have a fragment";
  if (url.username || url.password) return "a redirect URI cannot carry credentials";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return undefined;
  return "a redirect URI must be https, or http to localhost, 127.0.0.1 or [::1]";
}
