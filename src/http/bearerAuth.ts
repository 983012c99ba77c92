// Bearer authentication shared by /api/v1 and /mcp/v1: the token itself (rules 1-6) counted
// against the per-address limit on refused tokens in the same statement, then the credential's
// request limit with its RateLimit headers.
import type { Context } from "hono";
import { authenticateToken, type Surface } from "../auth/authenticate.ts";
import type { CredentialPrincipal } from "../auth/principal.ts";
import { countHit, REQUESTS_PER_MINUTE } from "../auth/rateCounters.ts";
import { touchCredential } from "../credentials/credentials.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import type { AppEnv } from "./appEnv.ts";
import { clientAddress } from "./clientAddress.ts";

const POLICY = "requests";

/** Counts the request against the credential's 60-a-minute limit and sets the RateLimit headers. */
async function countRequest(c: Context<AppEnv>, db: Database, principal: CredentialPrincipal): Promise<void> {
  const { count, resetSeconds } = await countHit(db.pool, `requests:${principal.credentialId}`);
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

export async function principalFromBearer(
  c: Context<AppEnv>,
  db: Database,
  token: string,
  surface: Surface,
  trustProxy: boolean,
) {
  const principal = await authenticateToken(db, token, surface, clientAddress(c, trustProxy));
  await countRequest(c, db, principal);
  void touchCredential(db, principal.credentialId).catch(() => undefined);
  return principal;
}
