// The GraphQL server. It never authenticates: the principal arrives as server context from the
// HTTP edge (a person's session) or from a facade's in-process call (a key or agent).
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import { GraphQLError } from "graphql";
import { createYoga, type YogaServerInstance } from "graphql-yoga";
import { DomainError } from "../src/errors.ts";
import { log } from "../src/log.ts";
import type { Services } from "../src/processServices.ts";
import type { GraphQLContext, ServerContext } from "./context.ts";
import { schema } from "./index.ts";
import { OperationRefused, useOperationLimits } from "./operationLimits.ts";

/** The root cause behind GraphQL's wrappers (located errors may come from another copy of graphql-js). */
function rootCause(error: unknown): unknown {
  let current = error;
  while (current && typeof current === "object" && "originalError" in current && current.originalError) {
    current = current.originalError;
  }
  return current;
}

/** The GraphQL surface's one error mapper: domain errors keep their code, anything else is masked. */
export function maskError(error: unknown): Error {
  const original = rootCause(error);
  const located = error as Partial<GraphQLError>;
  // A limit's refusal keeps its message and its 400, which graphql-yoga turns into 200 for
  // application/json when it marks a parse error on the way here: a fresh copy undoes that.
  if (original instanceof OperationRefused) return new OperationRefused(original.message);
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, {
      path: located.path,
      extensions: { code: original.code, status: original.status, ...original.extra },
    });
  }
  // Errors with no path never reached a resolver: the document did not parse or validate, or a
  // variable did not coerce (a string for an Int, an Int out of range). The caller sent them,
  // and graphql-js made them; one that wraps a fault of ours (a TypeError thrown by a subscribe
  // function, say) has no path either, and is masked like any other.
  const fromGraphQL = original instanceof Error && original.name === "GraphQLError";
  if (error instanceof Error && error.name === "GraphQLError" && !located.path && fromGraphQL) {
    return new GraphQLError(error.message, { extensions: { code: "validation", status: 400 } });
  }
  log.error({ err: original }, "unexpected error in a resolver");
  return new GraphQLError("Something went wrong on our side.", {
    path: located.path,
    extensions: { code: "internal", status: 500 },
  });
}

export type Yoga = YogaServerInstance<ServerContext, GraphQLContext>;

/** `development` turns on GraphiQL, introspection and field suggestions (config.development). */
export function createGraphQLServer(services: Services, options: { development: boolean }): Yoga {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: options.development,
    // GraphiQL with its scripts and styles inlined in the page: nothing is loaded from a CDN.
    renderGraphiQL,
    landingPage: false,
    logging: false,
    maskedErrors: { maskError: (error) => maskError(error) },
    context: ({ principal }) => ({ principal, db: services.db, services }),
    plugins: [useOperationLimits({ development: options.development })],
  });
}
