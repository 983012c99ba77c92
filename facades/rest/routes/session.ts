// Signing in and out. A session is an HttpOnly cookie, set and cleared by the composition root
// (app/http/sessionCookie.ts); refused sign-ins count toward the same per-address limit as
// refused tokens, which bounds password guessing (src/auth/sessions.ts).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import type { SessionCookie } from "../../edge.ts";
import { SignInBody } from "../requestSchemas.ts";
import { errors, jsonBody, requiredBody, SESSION } from "../routeDeclarations.ts";

const signInRoute = createRoute({
  method: "post",
  path: "/session",
  summary: "Sign in",
  description: "Sets an HttpOnly session cookie for the developer routes and GraphQL. Needs no credential.",
  security: [],
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
  description: "Closes the session of the request's cookie, if it names a live one, and clears the cookie.",
  // The session cookie when there is one; signing out without one is no error.
  security: [{}, ...SESSION],
  responses: { 204: { description: "Signed out (also when no session was open)" } },
});

export function sessionRoutes(app: OpenAPIHono<AppEnv>, sessions: SessionCookie) {
  app.openapi(signInRoute, async (c) => {
    await sessions.signIn(c, requiredBody(c, c.req.valid("json")));
    return c.body(null, 204);
  });

  app.openapi(signOutRoute, async (c) => {
    await sessions.signOut(c);
    return c.body(null, 204);
  });
}
