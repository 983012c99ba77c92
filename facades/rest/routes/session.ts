// Signing in and out. A session is an HttpOnly cookie; refused sign-ins count toward the same
// per-address limit as refused tokens, which bounds password guessing.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { assertAddressNotBlocked, authenticateSession, recordRefusal } from "../../../src/auth/authenticate.ts";
import { SESSION_COOKIE, signIn, signOut } from "../../../src/auth/sessions.ts";
import type { Config } from "../../../src/config.ts";
import type { Database } from "../../../src/db/database.ts";
import { DomainError } from "../../../src/errors.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { clientAddress } from "../../../src/http/clientAddress.ts";
import { SignInBody } from "../requestSchemas.ts";
import { errors, jsonBody, requiredBody } from "../routeKit.ts";

const signInRoute = createRoute({
  method: "post",
  path: "/session",
  summary: "Sign in",
  description: "Sets an HttpOnly session cookie for the developer routes and GraphQL.",
  request: { body: jsonBody(SignInBody) },
  responses: {
    204: { description: "Signed in; the cookie is set" },
    ...errors({ 400: "validation", 401: "invalid_credentials", 429: "rate_limited" }),
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
    const address = clientAddress(c, config.trustProxy);
    await assertAddressNotBlocked(db, address);
    let session: { token: string; expiresAt: Date };
    try {
      session = await signIn(db, requiredBody(c, c.req.valid("json")), config.sessionDays);
    } catch (error) {
      if (error instanceof DomainError && error.code === "invalid_credentials") await recordRefusal(db, address);
      throw error;
    }
    const secure =
      (config.baseUrl ?? c.req.url).startsWith("https:") || (config.trustProxy && c.req.header("X-Forwarded-Proto") === "https");
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
