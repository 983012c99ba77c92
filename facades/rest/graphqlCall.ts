// A facade runs each operation through GraphQL in-process: the document goes straight to the
// schema through yoga's envelop (its plugins: error masking, operation limits, the parser and
// validation caches), with the principal as server context. No Request or Response is built and
// nothing is written as JSON and read back, which were most of a REST read's cost
// (bench/README.md, facade). Documents are typed (facades/graphql.ts), so the variables and the
// result follow the schema.
import type { DocumentNode, ExecutionResult, GraphQLError } from "graphql";
import type { Yoga } from "../../schema/yoga.ts";
import type { Principal } from "../../src/auth/principal.ts";
import { DomainError, type ErrorExtra, isErrorCode } from "../../src/errors.ts";
import type { TadaDocumentNode } from "../graphql.ts";

/** An operation's variables, as a client would send them. */
type Variables = Record<string, unknown>;

/** Documents are module constants: each is validated against the schema once. */
const validated = new WeakSet<DocumentNode>();

/** Variables may be left out only when the document has no required ones. */
type VariablesArg<V> = Record<string, never> extends V ? [variables?: V] : [variables: V];

export type GraphQLCall = <Result, V extends Variables>(
  document: TadaDocumentNode<Result, V>,
  ...variables: VariablesArg<V>
) => Promise<Result>;

/** Turns the first GraphQL error (masked: it carries its code) back into the DomainError it was raised as. */
function fromGraphQLError(errors: readonly GraphQLError[]): DomainError {
  const first = errors[0];
  const { code, status: _status, ...extra } = (first?.extensions ?? {}) as Record<string, unknown>;
  if (isErrorCode(code)) return new DomainError(code, first?.message ?? code, extra as ErrorExtra);
  // GraphQL's own validation (a wrong type that slipped past the request schema).
  if (first && code !== "internal") return new DomainError("validation", first.message);
  return new DomainError("internal", "Something went wrong on our side.");
}

/**
 * Variables as the JSON a client would send: undefined fields left out, dates as strings, so an
 * operation sees the same values whether it came over HTTP or from a facade.
 */
const asJson = (variables: Variables | undefined) =>
  variables === undefined ? undefined : (JSON.parse(JSON.stringify(variables)) as Record<string, unknown>);

export function graphqlCall(yoga: Yoga, principal: Principal): GraphQLCall {
  return async <Result, V extends Variables>(document: TadaDocumentNode<Result, V>, ...[variables]: VariablesArg<V>) => {
    const { schema, validate, execute, contextFactory } = yoga.getEnveloped({ principal });
    if (!validated.has(document)) {
      const errors = validate(schema, document);
      if (errors.length > 0) throw fromGraphQLError(errors);
      validated.add(document);
    }
    const result = (await execute({
      schema,
      document,
      variableValues: asJson(variables),
      contextValue: await contextFactory(),
    })) as ExecutionResult<Result>;
    if (result.errors && result.errors.length > 0) throw fromGraphQLError(result.errors);
    return result.data as Result;
  };
}
