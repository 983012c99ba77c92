// The authorization query (spec, OAuth "Authorization query"). Two kinds of refusal: before the
// client and its redirect address are known to be right, the page says what is wrong and never
// redirects (an attacker's address must not receive anything); after, the client is sent back
// to its redirect address with `error`, `state` and `iss`.
import { SCOPES, type Scope } from "../auth/principal.ts";
import type { Database } from "../db/database.ts";
import { type DocumentFetcher, type OAuthClientView, resolveClient } from "./clients.ts";
import { OAuthError, type OAuthErrorCode } from "./oauthError.ts";

/** A 43-character base64url SHA-256 of the verifier (RFC 7636, S256). */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
export const STATE_MAX = 1024;

export interface AuthorizationRequest {
  client: OAuthClientView;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  /** The scopes asked (all five when none or only unknown ones were asked), in the spec's order. */
  scopes: Scope[];
}

/** Refused before a redirect address is trusted: shown on the page. */
export class AuthorizationPageError extends Error {}

/** Refused after: sent to the client's redirect address. */
export class AuthorizationRedirectError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(description);
  }
}

const one = (query: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = query[name];
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
};

/** Scopes asked, narrowed to the five the service has; none or only unknown ones offer all five. */
export function askedScopes(scope: string | undefined): Scope[] {
  const asked = new Set((scope ?? "").split(/\s+/).filter(Boolean));
  const known = SCOPES.filter((s) => asked.has(s));
  return known.length > 0 ? known : [...SCOPES];
}

export async function parseAuthorizationRequest(
  db: Database,
  query: Record<string, string | string[] | undefined>,
  mcpResource: string,
  fetcher?: DocumentFetcher,
): Promise<AuthorizationRequest> {
  // A parameter sent twice is ambiguous (RFC 6749 §3.1): refused like a missing one.
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value) && value.length > 1)
      throw new AuthorizationPageError(`The parameter ${name} was sent more than once.`);
  }
  let client: OAuthClientView;
  try {
    client = await resolveClient(db, one(query, "client_id"), fetcher);
  } catch (error) {
    throw new AuthorizationPageError(error instanceof OAuthError ? error.message : "The client could not be identified.");
  }
  const redirectUri = one(query, "redirect_uri");
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    throw new AuthorizationPageError("redirect_uri is missing or is not one this client registered.");
  }
  const state = one(query, "state");
  const back = (error: OAuthErrorCode, description: string) =>
    new AuthorizationRedirectError(
      error,
      description,
      redirectUri,
      state !== undefined && state.length <= STATE_MAX ? state : undefined,
    );
  if (state !== undefined && state.length > STATE_MAX) throw back("invalid_request", `state is at most ${STATE_MAX} characters.`);
  if (one(query, "response_type") !== "code") throw back("unsupported_response_type", "response_type must be code.");
  if (one(query, "code_challenge_method") !== "S256") {
    throw back("invalid_request", "code_challenge_method must be S256; no other method is accepted.");
  }
  const codeChallenge = one(query, "code_challenge") ?? "";
  if (!CHALLENGE.test(codeChallenge)) {
    throw back("invalid_request", "code_challenge must be the 43-character base64url SHA-256 of the verifier.");
  }
  const resource = one(query, "resource");
  if (resource !== undefined && resource !== mcpResource) {
    throw back("invalid_target", `resource must be ${mcpResource}.`);
  }
  return {
    client,
    redirectUri,
    codeChallenge,
    ...(state !== undefined ? { state } : {}),
    scopes: askedScopes(one(query, "scope")),
  };
}

/** The redirect back to the client: its own query kept, our parameters added, `iss` always. */
export function redirectBack(redirectUri: string, params: Record<string, string | undefined>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set("iss", issuer);
  return url.href;
}
