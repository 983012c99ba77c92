// Bearer tokens: a prefix that names the surface, then 43 URL-safe characters (32 random bytes).
// Only the SHA-256 of a token is stored; the token itself is shown once, when it is made.
import { createHash, randomBytes } from "node:crypto";

export const TOKEN_PREFIX = {
  key: "bz_live_",
  agent: "bz_mcp_live_",
  session: "bz_session_",
  /** An OAuth authorization code: ten minutes, one use. */
  oauthCode: "bz_code_",
  /** An OAuth refresh token: thirty days, rotated on every use. */
  refresh: "bz_mcp_refresh_",
} as const;

export type TokenKind = keyof typeof TOKEN_PREFIX;

const BODY = /^[A-Za-z0-9_-]{43}$/;

export function newToken(kind: TokenKind): string {
  return TOKEN_PREFIX[kind] + randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** True when `token` is `prefix` followed by exactly 43 URL-safe characters. */
export function hasShape(token: string, kind: TokenKind): boolean {
  const prefix = TOKEN_PREFIX[kind];
  return token.startsWith(prefix) && BODY.test(token.slice(prefix.length));
}

/** A short, safe way to name a token in lists: its prefix and last four characters. */
export function tokenHint(token: string, kind: TokenKind): string {
  return `${TOKEN_PREFIX[kind]}…${token.slice(-4)}`;
}
