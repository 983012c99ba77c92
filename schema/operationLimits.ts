// Bounds on the work one GraphQL operation may ask for, checked before it runs: the document's
// size before it is parsed, its tokens while it is parsed, then its depth, aliases, directives and
// cost before it is executed; and its answer's size after. A refusal is 400 `validation` naming
// the limit. Introspection and "Did you mean" suggestions are for development only. The figures
// are several times what the largest operation of this schema needs (docs/security.md).
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import type { GraphQLArmorRejectCallback } from "@escape.tech/graphql-armor-types";
import { type ASTVisitor, GraphQLError, getNamedType, isIntrospectionType, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";
import { operationCostRule } from "./operationCost.ts";

export const OPERATION_LIMITS = {
  /** The document (the `query` text) in UTF-8 bytes; every query field of the schema once is 1.9 KB. */
  documentBytes: 16 * 1024,
  /** Lexical tokens of the document; every query field once is 308, the full article read 165. */
  tokens: 1000,
  /** Nesting of selections, fragments included; the deepest field of the schema is at depth 4. */
  depth: 10,
  /** Aliased fields in one operation (`__typename` not counted); nothing the service sends uses one. */
  aliases: 15,
  /** Directives in one operation; per field only @skip and @include exist, each at most once. */
  directives: 50,
  /** See operationCost.ts; every query field once costs 1,646, the full article read 1,051. */
  cost: 5000,
  /** An answer's body in bytes; the largest is one illustration as base64 (~8.4 MB at 1536x1024). */
  responseBytes: 16 * 1024 * 1024,
} as const;

/** A refusal by one of the limits: 400 `validation`, whatever the Accept header. */
export class OperationRefused extends GraphQLError {
  constructor(message: string) {
    // `http` sets the status and is stripped from the answer; `spec: false` keeps 400 for
    // application/json, where graphql-yoga would otherwise answer validation failures with 200.
    super(message, { extensions: { code: "validation", status: 400, http: { status: 400, spec: false } } });
  }
}

const refuse = (limit: string) => new OperationRefused(`The operation is too large: ${limit}`);

/** graphql-armor's message ("Syntax Error: Aliases limit of 15 exceeded, found 8000."), as our refusal. */
const armorRefusal: GraphQLArmorRejectCallback = (_context, error) => {
  throw refuse(error.message.replace(/^Syntax Error: /, ""));
};
const armorLimit = (n: number) => ({ n, onReject: [armorRefusal], propagateOnRejection: false });

/** `__schema` and `__type` outside development; `__typename` stays. */
function noIntrospection(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const type = context.getType();
      if (type && isIntrospectionType(getNamedType(type))) {
        throw new OperationRefused(`Introspection is turned off (the operation asks for "${node.name.value}").`);
      }
    },
  };
}

type Result = Parameters<NonNullable<Plugin["onResultProcess"]>>[0]["result"];

/** graphql-js appends " Did you mean ...?" to validation and variable errors; the names are the schema's. */
function withoutSuggestions(result: Result): void {
  if (Symbol.asyncIterator in result) return;
  for (const one of Array.isArray(result) ? result : [result]) {
    for (const error of one.errors ?? []) error.message = error.message.replace(/\s*Did you mean .*\?$/s, "");
  }
}

export function useOperationLimits(options: { development: boolean }): Plugin {
  const limits = OPERATION_LIMITS;
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(
        EnvelopArmorPlugin({
          maxTokens: armorLimit(limits.tokens),
          maxDepth: armorLimit(limits.depth),
          maxAliases: armorLimit(limits.aliases),
          maxDirectives: armorLimit(limits.directives),
          // Ours reads list fields from the schema (operationCost.ts); suggestions are removed from
          // every error below, not only from validation errors as armor's plugin does.
          costLimit: { enabled: false },
          blockFieldSuggestion: { enabled: false },
        }),
      );
    },
    onParams({ params, setResult }) {
      if (typeof params.query !== "string") return;
      const bytes = Buffer.byteLength(params.query);
      if (bytes > limits.documentBytes) {
        setResult({ errors: [refuse(`document size limit of ${limits.documentBytes} bytes exceeded, found ${bytes}.`)] });
      }
    },
    onValidate({ addValidationRule }) {
      addValidationRule(
        operationCostRule((cost) => {
          if (cost > limits.cost) throw refuse(`Query cost limit of ${limits.cost} exceeded, found ${cost}.`);
        }),
      );
      if (!options.development) addValidationRule(noIntrospection);
    },
    onResultProcess({ result }) {
      if (!options.development) withoutSuggestions(result);
    },
    onResponse({ response, setResponse, fetchAPI }) {
      // Single answers carry their length; event streams do not, and each of their events is small.
      const bytes = Number(response.headers.get("content-length") ?? 0);
      if (bytes <= limits.responseBytes) return;
      const error = {
        message: `The answer is too large: ${bytes} bytes, over the limit of ${limits.responseBytes}. Ask for fewer fields or items.`,
        extensions: { code: "validation", status: 400 },
      };
      setResponse(
        new fetchAPI.Response(JSON.stringify({ errors: [error] }), {
          status: 400,
          headers: { "Content-Type": response.headers.get("content-type") ?? "application/json; charset=utf-8" },
        }),
      );
    },
  };
}
