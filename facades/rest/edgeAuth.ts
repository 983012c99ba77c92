// Authentication at the edge of /api/v1 (Authentication rules 1-6 and the request limit). The
// principal found here is what every GraphQL call of the request runs as.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import {
  assertAddressNotBlocked,
  authenticateSession,
  authenticateToken,
  bearerToken,
  recordRefusal,
  type Surface,
} from "../../src/auth/authenticate.ts";
import type { Principal } from "../../src/auth/principal.ts";
import { countHit, REQUESTS_PER_MINUTE } from "../../src/auth/rateCounters.ts";
import { SESSION_COOKIE } from "../../src/auth/sessions.ts";
import { touchCredential } from "../../src/credentials/credentials.ts";
import type { Database } from "../../src/db/database.ts";
import { DomainError } from "../../src/errors.ts";
import { clientAddress } from "../../src/http/clientAddress.ts";
import type { AppEnv } from "./env.ts";

const POLICY = "requests";

/** Counts the request against the credential's 60-a-minute limit and sets the RateLimit headers. */
async function countRequest(c: Context<AppEnv>, db: Database, credentialId: string): Promise<void> {
  const { count, resetSeconds } = await countHit(db.pool, `requests:${credentialId}`);
  const remaining = Math.max(0, REQUESTS_PER_MINUTE - count);
  const headers = {
    "RateLimit-Policy": `"${POLICY}";q=${REQUESTS_PER_MINUTE};w=60`,
    RateLimit: `"${POLICY}";r=${remaining};t=${resetSeconds}`,
  };
  // Kept on the context too, so error answers (built apart from c.res) carry them as well.
  c.set("limitHeaders", headers);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (count > REQUESTS_PER_MINUTE) {
    throw new DomainError(
      "rate_limited",
      `Request limit reached: ${REQUESTS_PER_MINUTE} requests a minute per key. Try again in ${resetSeconds} seconds.`,
      { retryAfter: resetSeconds },
    );
  }
}

export async function principalFromBearer(
  c: Context<AppEnv>,
  db: Database,
  token: string,
  surface: Surface,
  trustProxy: boolean,
) {
  const address = clientAddress(c, trustProxy);
  await assertAddressNotBlocked(db, address);
  let principal: Principal;
  try {
    principal = await authenticateToken(db, token, surface);
  } catch (error) {
    if (error instanceof DomainError && error.code === "invalid_key") await recordRefusal(db, address);
    throw error;
  }
  await countRequest(c, db, principal.credentialId);
  void touchCredential(db, principal.credentialId).catch(() => undefined);
  return principal;
}

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
