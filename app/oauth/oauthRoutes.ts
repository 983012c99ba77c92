// The OAuth 2.1 authorization server for MCP clients (spec, "OAuth routes"): metadata, dynamic
// registration, the authorization page (sign-in and consent, rendered here), the token and
// revocation endpoints. Public clients with PKCE (S256) only. The rules are in src/oauth/; this
// file speaks HTTP: the OAuth error shape, form or JSON bodies, cookies, redirects, page headers.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { PersonPrincipal } from "../../src/auth/principal.ts";
import { EDIT_ROLES, SCOPES } from "../../src/auth/principal.ts";
import { takePlace } from "../../src/auth/rateCounters.ts";
import type { Config } from "../../src/config.ts";
import type { Database } from "../../src/db/database.ts";
import { DomainError } from "../../src/errors.ts";
import { clientAddress } from "../../src/http/clientAddress.ts";
import { publicBaseUrl } from "../../src/http/ownOrigin.ts";
import { isStorable } from "../../src/http/storableInput.ts";
import {
  AuthorizationPageError,
  AuthorizationRedirectError,
  type AuthorizationRequest,
  parseAuthorizationRequest,
  redirectBack,
} from "../../src/oauth/authorizationRequest.ts";
import { type DocumentFetcher, registerClient } from "../../src/oauth/clients.ts";
import {
  allowConsent,
  consentSites,
  DEFAULT_DAILY_CAP,
  exchangeCode,
  refreshTokens,
  revokeToken,
} from "../../src/oauth/grants.ts";
import { OAuthError } from "../../src/oauth/oauthError.ts";
import { type FetchOptions, hardenedFetch } from "../../src/sourcing/fetch/index.ts";
import { sessionPrincipal } from "../http/authentication.ts";
import { sessionCookie } from "../http/sessionCookie.ts";
import { consentPage, errorPage, signInPage } from "./consentPage.ts";

const CSRF_COOKIE = "bz_oauth_csrf";

const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

function oauthJson(c: Context, error: OAuthError) {
  const headers: Record<string, string> = { ...noStore };
  if (error.error === "invalid_client") headers["WWW-Authenticate"] = 'Bearer error="invalid_client"';
  return c.json(error.body(), error.status as 400, headers);
}

/** The page's own policy: no script, its inline style, forms posting here and on to the client's redirect address. */
function pageHeaders(c: Context, redirectUri?: string) {
  const formTargets = ["'self'", redirectUri ? new URL(redirectUri).origin : ""].filter(Boolean).join(" ");
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header("Cache-Control", "no-store");
}

/** A form or JSON body as string fields; anything else (nested JSON, files) is refused. */
async function bodyFields(c: Context): Promise<Record<string, string | string[]>> {
  const type = c.req.header("Content-Type") ?? "";
  let fields: Record<string, unknown>;
  if (/^application\/json\b/i.test(type)) {
    const parsed = await c.req.json().catch(() => undefined);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new OAuthError("invalid_request", "The body is not a JSON object.");
    fields = parsed as Record<string, unknown>;
  } else if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    fields = Object.fromEntries(
      [...new URLSearchParams(await c.req.text())].reduce(
        (all, [k, v]) => all.set(k, all.has(k) ? [...[all.get(k)].flat(), v] : v),
        new Map<string, unknown>(),
      ),
    );
  } else {
    throw new OAuthError("invalid_request", "Send the body form-encoded or as JSON.");
  }
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((v) => typeof v === "string" && isStorable(v) && isStorable(name))) {
      throw new OAuthError("invalid_request", `${name.slice(0, 40)} must be a string.`);
    }
  }
  return fields as Record<string, string | string[]>;
}

const single = (fields: Record<string, string | string[]>, name: string) => {
  const value = fields[name];
  return Array.isArray(value) ? undefined : value;
};

function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface OAuthRouteOptions {
  /** The fetcher's settings (allowlist, host map), read at each fetch of a client metadata document. */
  fetchOptions?: () => FetchOptions;
}

export function oauthRoutes(db: Database, config: Config, options: OAuthRouteOptions = {}) {
  const app = new Hono();
  const sessions = sessionCookie(db, config);
  const issuerOf = (c: Context) => publicBaseUrl(c, config);
  const fetchDocument: DocumentFetcher = (url, limits) => hardenedFetch(url, { ...options.fetchOptions?.(), ...limits });

  /** OAUTH_RATE_PER_MINUTE requests a minute from one client address, per endpoint (docs/decisions.md). */
  async function limit(c: Context, what: "register" | "token" | "authorize"): Promise<void> {
    const perMinute = config.oauthPerMinute;
    const place = await takePlace(db.pool, `oauth:${what}:${clientAddress(c, config.trustProxy)}`, perMinute);
    if (!place.taken) {
      c.header("Retry-After", String(place.resetSeconds));
      throw new OAuthError("rate_limited", `Too many ${what} requests from this address (limit: ${perMinute} a minute).`);
    }
  }

  app.onError((error, c) => {
    if (error instanceof OAuthError) return oauthJson(c, error);
    if (error instanceof DomainError && error.code === "rate_limited")
      return oauthJson(c, new OAuthError("rate_limited", error.message));
    throw error;
  });

  app.get("/.well-known/oauth-authorization-server", (c) => {
    const issuer = issuerOf(c);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/api/v1/oauth/token`,
      registration_endpoint: `${issuer}/api/v1/oauth/register`,
      revocation_endpoint: `${issuer}/api/v1/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      revocation_endpoint_auth_methods_supported: ["none"],
      scopes_supported: [...SCOPES],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  app.post("/api/v1/oauth/register", async (c) => {
    await limit(c, "register");
    const type = c.req.header("Content-Type") ?? "";
    if (!/^application\/json\b/i.test(type)) throw new OAuthError("invalid_request", "Send the registration as JSON.");
    const body = await c.req.json().catch(() => undefined);
    return c.json(await registerClient(db, body), 201, noStore);
  });

  app.post("/api/v1/oauth/token", async (c) => {
    await limit(c, "token");
    const fields = await bodyFields(c);
    const grant = single(fields, "grant_type");
    const clientId = single(fields, "client_id");
    // RFC 8707: the one resource this server issues tokens for.
    const resource = single(fields, "resource");
    if (resource !== undefined && resource !== `${issuerOf(c)}/mcp/v1`) {
      throw new OAuthError("invalid_target", `resource must be ${issuerOf(c)}/mcp/v1.`);
    }
    if (grant === "authorization_code") {
      const tokens = await exchangeCode(db, {
        code: single(fields, "code"),
        redirectUri: single(fields, "redirect_uri"),
        clientId,
        codeVerifier: single(fields, "code_verifier"),
      });
      return c.json(tokens, 200, noStore);
    }
    if (grant === "refresh_token") {
      return c.json(await refreshTokens(db, { refreshToken: single(fields, "refresh_token"), clientId }), 200, noStore);
    }
    throw new OAuthError(
      grant ? "unsupported_grant_type" : "invalid_request",
      grant ? `grant_type ${grant.slice(0, 40)} is not supported.` : "grant_type is required.",
    );
  });

  app.post("/api/v1/oauth/revoke", async (c) => {
    await limit(c, "token");
    const fields = await bodyFields(c).catch(() => ({}) as Record<string, string>);
    await revokeToken(db, { token: single(fields, "token"), clientId: single(fields, "client_id") });
    return c.body(null, 200, noStore);
  });

  // --- The authorization page ------------------------------------------------------------

  function csrfOf(c: Context): string {
    const existing = getCookie(c, CSRF_COOKIE);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomBytes(32).toString("base64url");
    setCookie(c, CSRF_COOKIE, token, {
      httpOnly: true,
      sameSite: "Strict",
      secure: issuerOf(c).startsWith("https:"),
      path: "/oauth/authorize",
    });
    return token;
  }

  async function parse(c: Context, query: Record<string, string | string[]>) {
    return parseAuthorizationRequest(db, query, `${issuerOf(c)}/mcp/v1`, fetchDocument);
  }

  /** What the person may choose from: the workspace's live sites. */
  const sitesOf = (person: PersonPrincipal) => consentSites(db, person);
  async function showConsent(
    c: Context,
    request: AuthorizationRequest,
    query: string,
    person: PersonPrincipal | undefined,
    error?: string,
  ) {
    const csrf = csrfOf(c);
    pageHeaders(c, request.redirectUri);
    const clientName = request.client.name || new URL(request.redirectUri).host;
    if (!person) return c.html(signInPage({ clientName, csrf, query, ...(error ? { error } : {}) }), error ? 401 : 200);
    const sites = await sitesOf(person);
    const cannotAllow = !EDIT_ROLES.includes(person.role)
      ? `Your role in this workspace (${person.role}) cannot connect agents: an Owner, Editor or Writer can.`
      : sites.length === 0
        ? "This workspace has no site to bind an agent to yet."
        : undefined;
    return c.html(
      consentPage({
        clientName,
        redirectHost: new URL(request.redirectUri).host,
        personName: person.personName,
        sites,
        scopes: request.scopes,
        csrf,
        query,
        defaults: { dailyCap: DEFAULT_DAILY_CAP, name: (request.client.name || "MCP client").slice(0, 80) },
        ...(cannotAllow ? { cannotAllow } : {}),
        ...(error ? { error } : {}),
      }),
      error ? 400 : 200,
    );
  }

  function refusal(c: Context, error: unknown) {
    if (error instanceof AuthorizationRedirectError) {
      return c.redirect(
        redirectBack(
          error.redirectUri,
          { error: error.error, error_description: error.message, state: error.state },
          issuerOf(c),
        ),
        302,
      );
    }
    if (error instanceof AuthorizationPageError) {
      pageHeaders(c);
      return c.html(errorPage(error.message), 400);
    }
    throw error;
  }

  app.get("/oauth/authorize", async (c) => {
    await limit(c, "authorize");
    const query = c.req.queries() as Record<string, string[]>;
    let request: AuthorizationRequest;
    try {
      request = await parse(c, query);
    } catch (error) {
      return refusal(c, error);
    }
    const person = await sessionPrincipal(c, db).catch(() => undefined);
    return showConsent(c, request, new URL(c.req.url).search.slice(1), person);
  });

  app.post("/oauth/authorize", async (c) => {
    await limit(c, "authorize");
    let fields: Record<string, string | string[]>;
    try {
      fields = await bodyFields(c);
    } catch {
      pageHeaders(c);
      return c.html(errorPage("The form could not be read."), 400);
    }
    if (!sameSecret(single(fields, "csrf"), getCookie(c, CSRF_COOKIE))) {
      pageHeaders(c);
      return c.html(errorPage("The form expired or did not come from this page. Start again from the application."), 403);
    }
    const queryText = single(fields, "query") ?? "";
    const query: Record<string, string[]> = {};
    for (const [k, v] of new URLSearchParams(queryText)) query[k] = [...(query[k] ?? []), v];
    let request: AuthorizationRequest;
    try {
      request = await parse(c, query);
    } catch (error) {
      return refusal(c, error);
    }
    const issuer = issuerOf(c);
    const action = single(fields, "action");
    if (action === "signin") {
      try {
        await sessions.signIn(c, { email: single(fields, "email") ?? "", password: single(fields, "password") ?? "" });
      } catch (error) {
        if (
          error instanceof DomainError &&
          (error.code === "invalid_credentials" || error.code === "rate_limited" || error.code === "validation")
        ) {
          return showConsent(c, request, queryText, undefined, error.message);
        }
        throw error;
      }
      return c.redirect(`/oauth/authorize?${queryText}`, 303);
    }
    if (action === "deny") {
      return c.redirect(redirectBack(request.redirectUri, { error: "access_denied", state: request.state }, issuer), 303);
    }
    const person = await sessionPrincipal(c, db).catch(() => undefined);
    if (action !== "allow" || !person)
      return showConsent(c, request, queryText, person, person ? "Choose Allow or Deny." : undefined);
    let code: string;
    try {
      code = await allowConsent(db, person, request, {
        site: single(fields, "site"),
        scopes: Array.isArray(fields.scope) ? fields.scope : fields.scope ? [fields.scope] : [],
        dailyCap: single(fields, "dailyCap"),
        name: single(fields, "name"),
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === "role_missing") return showConsent(c, request, queryText, person);
      if (error instanceof DomainError && error.code === "validation")
        return showConsent(c, request, queryText, person, error.message);
      throw error;
    }
    return c.redirect(redirectBack(request.redirectUri, { code, state: request.state }, issuer), 303);
  });

  return app;
}
