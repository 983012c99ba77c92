// What a tool is (one file per tool in this folder): its name, the scope that lists it, what an
// agent reads about it, the zod schema of its arguments (strict objects, so the JSON Schema that
// tools/list advertises has `additionalProperties: false` and an unknown argument is refused),
// and `run`, which translates the arguments into the GraphQL operations the REST routes send and
// returns the REST body. No rule lives here: refusals come from GraphQL as DomainErrors.
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { z } from "zod";
import type { CredentialPrincipal, Scope } from "../../../src/auth/principal.ts";
import type { GraphQLCall } from "../../rest/graphqlCall.ts";

export interface ToolContext {
  /** Runs one typed GraphQL document as the agent. */
  call: GraphQLCall;
  principal: CredentialPrincipal;
}

export interface Tool<S extends z.ZodType<Record<string, unknown>> = z.ZodType<Record<string, unknown>>> {
  name: string;
  title: string;
  /** The scope a token needs for tools/list to show the tool. */
  scope: Scope;
  description: string;
  input: S;
  annotations?: ToolAnnotations;
  run(args: z.output<S>, context: ToolContext): Promise<Record<string, unknown>>;
}

/** Keeps the argument type of `run` tied to the schema. */
export const defineTool = <S extends z.ZodType<Record<string, unknown>>>(tool: Tool<S>): Tool => tool as unknown as Tool;
