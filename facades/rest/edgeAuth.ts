// Authentication at the edge of /api/v1. The principal found here is what every GraphQL call of
// the request runs as.
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { authenticateSession, bearerToken } from "../../src/auth/authenticate.ts";
import { SESSION_COOKIE } from "../../src/auth/sessions.ts";
import type { Database } from "../../src/db/database.ts";
import { DomainError } from "../../src/errors.ts";
import type { AppEnv } from "../../src/http/appEnv.ts";
import { principalFromBearer } from "../../src/http/bearerAuth.ts";

/**
 * Every /api/v1 route needs a bearer token, except the session-only routes, which take a
 * signed-in person's cookie (a token sent there is looked at first, then refused by the route's
 * person-only scope with key_not_allowed).
 */
export function restAuth(db: Database, trustProxy: boolean, sessionOnly: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (token !== undefined) {
      c.set("principal", await principalFromBearer(c, db, token, "rest", trustProxy));
    } else if (sessionOnly(c.req.path)) {
      const cookie = getCookie(c, SESSION_COOKIE);
      const person = cookie ? await authenticateSession(db, cookie) : undefined;
      if (!person) throw new DomainError("invalid_key", "Sign in first: this route is for a signed-in person.");
      c.set("principal", person);
    } else {
      throw new DomainError("invalid_key", "Send an API key as `Authorization: Bearer bz_live_...`.");
    }
    await next();
  };
}
