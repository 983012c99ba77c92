// Who is calling, for the facades (facades/edge.ts). A bearer token (/api/v1, /mcp/v1) is checked
// by rules 1-6 and counted against the per-address limit on refused tokens in the same statement,
// then against the credential's request limit, with its RateLimit headers; a session cookie
// (the developer routes, /graphql) names a signed-in person.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Authentication } from "../../facades/edge.ts";
import { authenticateSession, bearerToken, checkToken } from "../../src/auth/authenticate.ts";
import type { CredentialPrincipal, PersonPrincipal } from "../../src/auth/principal.ts";
import { REQUESTS_PER_MINUTE, type WindowCount } from "../../src/auth/rateCounters.ts";
import { SESSION_COOKIE } from "../../src/auth/sessions.ts";
import type { Config } from "../../src/config.ts";
import type { Database } from "../../src/db/database.ts";
import { DomainError } from "../../src/errors.ts";
import type { AppEnv } from "../../src/http/appEnv.ts";
import { clientAddress } from "../../src/http/clientAddress.ts";

const POLICY = "requests";

/** Applies the credential's 60-a-minute limit to the request's count and sets the RateLimit headers. */
function limitRequest(c: Context<AppEnv>, principal: CredentialPrincipal, { count, resetSeconds }: WindowCount): void {
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
      `Request limit reached: ${REQUESTS_PER_MINUTE} requests a minute per ${principal.kind}. Try again in ${resetSeconds} seconds.`,
      { retryAfter: resetSeconds },
    );
  }
}

/** The signed-in person of the request's session cookie, if it names a live session. */
export async function sessionPrincipal(c: Context, db: Database): Promise<PersonPrincipal | undefined> {
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? authenticateSession(db, cookie) : undefined;
}

export function authentication(db: Database, config: Config): Authentication {
  return {
    async bearer(c, surface) {
      const token = bearerToken(c.req.header("Authorization"));
      if (token === undefined) return undefined;
      // Checked, counted and marked used in one statement (src/auth/authenticate.ts).
      const { principal, requests } = await checkToken(db, token, surface, clientAddress(c, config.trustProxy));
      limitRequest(c, principal, requests);
      return principal;
    },
    session: (c) => sessionPrincipal(c, db),
  };
}
