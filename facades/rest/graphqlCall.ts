// A facade runs each operation through GraphQL in-process: graphql-request with yoga's own
// fetch, so no socket is opened and the principal travels as server context, not as a header.
// Documents are typed (facades/graphql.ts), so the variables and the result follow the schema.
import { type DocumentNode, print } from "graphql";
import { ClientError, GraphQLClient, type Variables } from "graphql-request";
import type { Yoga } from "../../schema/yoga.ts";
import type { Principal } from "../../src/auth/principal.ts";
import { DomainError, type ErrorExtra, isErrorCode } from "../../src/errors.ts";
import type { TadaDocumentNode } from "../graphql.ts";

const ENDPOINT = "http://in-process/graphql";

/** Each document is a module constant: print it once. */
const printed = new WeakMap<object, string>();
function source(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/** Variables may be left out only when the document has no required ones. */
type VariablesArg<V> = Record<string, never> extends V ? [variables?: V] : [variables: V];

export type GraphQLCall = <Result, V extends Variables>(
  document: TadaDocumentNode<Result, V>,
  ...variables: VariablesArg<V>
) => Promise<Result>;

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
  return async <Result, V extends Variables>(document: TadaDocumentNode<Result, V>, ...[variables]: VariablesArg<V>) => {
    try {
      return await client.request<Result>(source(document), variables);
    } catch (error) {
      throw error instanceof ClientError ? fromGraphQLError(error) : error;
    }
  };
}
