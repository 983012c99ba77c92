// Signing in and out. A session is an HttpOnly cookie; refused sign-ins count toward the same
// per-address limit as refused tokens, which bounds password guessing (src/auth/sessions.ts).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { authenticateSession } from "../../../src/auth/authenticate.ts";
import { SESSION_COOKIE, signIn, signOut } from "../../../src/auth/sessions.ts";
import type { Config } from "../../../src/config.ts";
import type { Database } from "../../../src/db/database.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { clientAddress } from "../../../src/http/clientAddress.ts";
import { publicBaseUrl } from "../../../src/http/ownOrigin.ts";
import { SignInBody } from "../requestSchemas.ts";
import { errors, jsonBody, requiredBody } from "../routeDeclarations.ts";

const signInRoute = createRoute({
  method: "post",
  path: "/session",
  summary: "Sign in",
  description: "Sets an HttpOnly session cookie for the developer routes and GraphQL.",
  request: { body: jsonBody(SignInBody) },
  responses: {
    204: { description: "Signed in; the cookie is set" },
    ...errors({
      400: "validation (a password over 1024 characters, among others)",
      401: "invalid_credentials",
      429: "rate_limited, with Retry-After: too many refused credentials from this address, or too many password checks waiting",
    }),
  },
});

const signOutRoute = createRoute({
  method: "delete",
  path: "/session",
  summary: "Sign out",
  responses: { 204: { description: "Signed out (also when no session was open)" } },
});

export function sessionRoutes(app: OpenAPIHono<AppEnv>, db: Database, config: Config) {
  app.openapi(signInRoute, async (c) => {
    const session = await signIn(db, requiredBody(c, c.req.valid("json")), {
      address: clientAddress(c, config.trustProxy),
      sessionDays: config.sessionDays,
    });
    // BASE_URL, or the trusted proxy's X-Forwarded-Proto; never the request's own URL.
    const secure = publicBaseUrl(c, config).startsWith("https:");
    setCookie(c, SESSION_COOKIE, session.token, {
      httpOnly: true,
      secure,
      sameSite: "Lax",
      path: "/",
      expires: session.expiresAt,
    });
    return c.body(null, 204);
  });

  app.openapi(signOutRoute, async (c) => {
    const cookie = getCookie(c, SESSION_COOKIE);
    const person = cookie ? await authenticateSession(db, cookie).catch(() => undefined) : undefined;
    if (person) await signOut(db, person.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.body(null, 204);
  });
}
