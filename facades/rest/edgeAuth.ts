// Authentication at the edge of /api/v1. The principal found here is what every GraphQL call of
// the request runs as; how a token or a cookie is checked is the composition root's
// (app/http/authentication.ts), which route takes which is the facade's.
import type { MiddlewareHandler } from "hono";
import { DomainError } from "../../src/errors.ts";
import type { AppEnv } from "../../src/http/appEnv.ts";
import type { Authentication } from "../edge.ts";

/**
 * Every /api/v1 route needs a bearer token, except the session-only routes, which take a
 * signed-in person's cookie (a token sent there is looked at first, then refused by the route's
 * person-only scope with key_not_allowed).
 */
export function restAuth(authentication: Authentication, sessionOnly: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const credential = await authentication.bearer(c, "rest");
    if (credential) {
      c.set("principal", credential);
    } else if (sessionOnly(c.req.path)) {
      const person = await authentication.session(c);
      if (!person) throw new DomainError("invalid_key", "Sign in first: this route is for a signed-in person.");
      c.set("principal", person);
    } else {
      throw new DomainError("invalid_key", "Send an API key as `Authorization: Bearer bz_live_...`.");
    }
    await next();
  };
}
