// Persons' requests on /graphql, counted like credentials' on /api/v1 (app/http/authentication.ts):
// a one-minute window in PostgreSQL per signed-in person, or per client address for requests
// without a session, with the same RateLimit headers and the same 429 `rate_limited` refusal.
// Facades' in-process GraphQL calls are not counted here: their credential was counted at their
// own edge.
import type { PersonPrincipal } from "../auth/principal.ts";
import type { WindowCount } from "../auth/rateCounters.ts";
import { DomainError } from "../errors.ts";

/** Twice a credential's 60: a person's pages send a few operations each, a script sends one. */
export const GRAPHQL_REQUESTS_PER_MINUTE = 120;
const POLICY = "graphql";

export interface GraphQLRequestCount {
  /** RateLimit-Policy and RateLimit, for the answer whatever it is. */
  headers: Record<string, string>;
  /** Set when the request is over the limit: answer it with this instead. */
  refusal?: DomainError;
}

/** The buckets a /graphql request is counted in: its person's, or its client address's without a session. */
export function graphqlBuckets(address: string): { personBucket: string; addressBucket: string } {
  return { personBucket: "graphql:person:", addressBucket: `graphql:address:${address}` };
}

/** The limit applied to a /graphql request's count (authenticateSessionCounted, src/auth/authenticate.ts). */
export function limitGraphQLRequest(
  person: PersonPrincipal | undefined,
  { count, resetSeconds }: WindowCount,
): GraphQLRequestCount {
  const limit = GRAPHQL_REQUESTS_PER_MINUTE;
  const headers = {
    "RateLimit-Policy": `"${POLICY}";q=${limit};w=60`,
    RateLimit: `"${POLICY}";r=${Math.max(0, limit - count)};t=${resetSeconds}`,
  };
  if (count <= limit) return { headers };
  const per = person ? "person" : "client address without a session";
  const refusal = new DomainError(
    "rate_limited",
    `Request limit reached: ${limit} GraphQL requests a minute per ${per}. Try again in ${resetSeconds} seconds.`,
    { retryAfter: resetSeconds },
  );
  return { headers, refusal };
}

/** The answer with the count's headers added. */
export function withCountHeaders(response: Response, count: GraphQLRequestCount): Response {
  for (const [name, value] of Object.entries(count.headers)) response.headers.set(name, value);
  return response;
}
