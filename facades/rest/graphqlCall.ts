// A facade runs each operation through GraphQL in-process: graphql-request with yoga's own
// fetch, so no socket is opened and the principal travels as server context, not as a header.
import { ClientError, GraphQLClient, type Variables } from "graphql-request";
import type { Yoga } from "../../schema/yoga.ts";
import type { Principal } from "../../src/auth/principal.ts";
import { DomainError, type ErrorExtra, isErrorCode } from "../../src/errors.ts";

const ENDPOINT = "http://in-process/graphql";

export type GraphQLCall = <T>(document: string, variables?: Variables) => Promise<T>;

/** Turns the first GraphQL error back into the DomainError it was raised as. */
function fromGraphQLError(error: ClientError): DomainError {
  const first = error.response.errors?.[0];
  const { code, status: _status, ...extra } = (first?.extensions ?? {}) as Record<string, unknown>;
  if (isErrorCode(code)) return new DomainError(code, first?.message ?? code, extra as ErrorExtra);
  // GraphQL's own validation (a wrong type that slipped past the request schema).
  if (first && code !== "internal") return new DomainError("validation", first.message);
  return new DomainError("internal", "Something went wrong on our side.");
}

export function graphqlCall(yoga: Yoga, principal: Principal): GraphQLCall {
  const client = new GraphQLClient(ENDPOINT, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(yoga.fetch(String(input), init ?? {}, { principal })),
  });
  return async <T>(document: string, variables?: Variables) => {
    try {
      return await client.request<T>(document, variables);
    } catch (error) {
      throw error instanceof ClientError ? fromGraphQLError(error) : error;
    }
  };
}
