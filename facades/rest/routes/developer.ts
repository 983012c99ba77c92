// The session-only credential routes: a signed-in person's keys and agents. A bearer token sent
// here is refused by the operations' person-only scope (key_not_allowed).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Yoga } from "../../../schema/yoga.ts";
import { DomainError } from "../../../src/errors.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphql, type VariablesOf } from "../../graphql.ts";
import { type GraphQLCall, graphqlCall } from "../graphqlCall.ts";
import { CreatedAgent, CreatedKey, Credential, CredentialChangeBody, NewAgentBody, NewKeyBody } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, errors, jsonBody, jsonResponse, requiredBody, SESSION } from "../routeDeclarations.ts";

const ApiKeyFields = graphql(`
  fragment ApiKeyFields on ApiKey { id name siteId scopes dailyCap tokenHint createdAt lastUsedAt createdBy }
`);

const AgentFields = graphql(`
  fragment AgentFields on Agent { id name siteId scopes dailyCap tokenHint createdAt lastUsedAt createdBy }
`);

const ListApiKeys = graphql(`query ListApiKeys { apiKeys { ...ApiKeyFields } }`, [ApiKeyFields]);
const CreateApiKey = graphql(
  `mutation CreateApiKey($input: NewCredentialInput!) { createApiKey(input: $input) { key { ...ApiKeyFields } token } }`,
  [ApiKeyFields],
);
const UpdateApiKey = graphql(
  `mutation UpdateApiKey($id: String!, $input: CredentialChangeInput!) { updateApiKey(id: $id, input: $input) { ...ApiKeyFields } }`,
  [ApiKeyFields],
);
const RevokeApiKey = graphql(`mutation RevokeApiKey($id: String!) { revokeApiKey(id: $id) }`);

const ListAgents = graphql(`query ListAgents { agents { ...AgentFields } }`, [AgentFields]);
const CreateAgent = graphql(
  `mutation CreateAgent($input: NewCredentialInput!) { createAgent(input: $input) { agent { ...AgentFields } token } }`,
  [AgentFields],
);
const UpdateAgent = graphql(
  `mutation UpdateAgent($id: String!, $input: CredentialChangeInput!) { updateAgent(id: $id, input: $input) { ...AgentFields } }`,
  [AgentFields],
);
const RevokeAgent = graphql(`mutation RevokeAgent($id: String!) { revokeAgent(id: $id) }`);

type NewCredential = VariablesOf<typeof CreateApiKey>["input"];
type CredentialChange = VariablesOf<typeof UpdateApiKey>["input"];

/** The two kinds of credential a person manages: the same four routes, each on its own operations. */
const kinds = [
  {
    base: "/developer/keys",
    param: "keyID",
    noun: "ApiKey",
    body: NewKeyBody,
    reply: CreatedKey,
    list: async (call: GraphQLCall) => (await call(ListApiKeys)).apiKeys,
    create: async (call: GraphQLCall, input: NewCredential) => (await call(CreateApiKey, { input })).createApiKey,
    update: async (call: GraphQLCall, id: string, input: CredentialChange) =>
      (await call(UpdateApiKey, { id, input })).updateApiKey,
    revoke: (call: GraphQLCall, id: string) => call(RevokeApiKey, { id }),
  },
  {
    base: "/developer/mcp/agents",
    param: "agentID",
    noun: "Agent",
    body: NewAgentBody,
    reply: CreatedAgent,
    list: async (call: GraphQLCall) => (await call(ListAgents)).agents,
    create: async (call: GraphQLCall, input: NewCredential) => (await call(CreateAgent, { input })).createAgent,
    update: async (call: GraphQLCall, id: string, input: CredentialChange) =>
      (await call(UpdateAgent, { id, input })).updateAgent,
    revoke: (call: GraphQLCall, id: string) => call(RevokeAgent, { id }),
  },
] as const;

export function developerRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  for (const kind of kinds) {
    const Param = z.object({ [kind.param]: z.string().openapi({ param: { name: kind.param, in: "path" } }) });
    const what = kind.noun === "ApiKey" ? "API keys" : "agents";
    const idParam = (params: Record<string, string>) => {
      const id = params[kind.param];
      if (id === undefined) throw new DomainError("not_found", `No ${kind.param} in the path.`);
      return id;
    };

    app.openapi(
      createRoute({
        method: "get",
        path: kind.base,
        summary: `List ${what}`,
        description: "Session only. An Owner sees all; others their own.",
        security: SESSION,
        responses: { 200: jsonResponse(z.array(Credential), `The ${what}`), ...AUTH_ERRORS },
      }),
      async (c) => {
        const credentials = await kind.list(graphqlCall(yoga, c.get("principal")));
        return c.json(asResponse(z.array(Credential), omitUnset(credentials)), 200);
      },
    );

    app.openapi(
      createRoute({
        method: "post",
        path: kind.base,
        summary: `Make one of the ${what}`,
        description: "Session only. The token is in this answer and nowhere else.",
        security: SESSION,
        request: { body: jsonBody(kind.body) },
        responses: {
          200: jsonResponse(kind.reply, "The record and its token"),
          ...AUTH_ERRORS,
          ...errors({
            400: "validation",
            ...(kind.noun === "ApiKey"
              ? {
                  403: "key_not_allowed or scope_missing; whole_workspace_owner_only: a key without siteId, asked by another than an Owner",
                }
              : { 409: "plan_limit: the plan's number of agents" }),
            404: "not_found: no such site",
          }),
        },
      }),
      async (c) => {
        const created = await kind.create(graphqlCall(yoga, c.get("principal")), requiredBody(c, c.req.valid("json")));
        return c.json(asResponse(kind.reply, omitUnset(created)), 200);
      },
    );

    app.openapi(
      createRoute({
        method: "patch",
        path: `${kind.base}/{${kind.param}}`,
        summary: `Rename or re-cap one of the ${what}`,
        description: "Session only. Changes only `name` or `dailyCap`; scopes and site are fixed.",
        security: SESSION,
        request: { params: Param, body: jsonBody(CredentialChangeBody) },
        responses: {
          200: jsonResponse(Credential, "The record"),
          ...AUTH_ERRORS,
          ...errors({ 400: "validation", 404: "not_found" }),
        },
      }),
      async (c) => {
        const id = idParam(c.req.valid("param"));
        const credential = await kind.update(graphqlCall(yoga, c.get("principal")), id, requiredBody(c, c.req.valid("json")));
        return c.json(asResponse(Credential, omitUnset(credential)), 200);
      },
    );

    app.openapi(
      createRoute({
        method: "delete",
        path: `${kind.base}/{${kind.param}}`,
        summary: `Revoke one of the ${what}`,
        description: "Session only.",
        security: SESSION,
        request: { params: Param },
        responses: { 204: { description: "Revoked" }, ...AUTH_ERRORS, ...errors({ 404: "not_found" }) },
      }),
      async (c) => {
        const id = idParam(c.req.valid("param"));
        await kind.revoke(graphqlCall(yoga, c.get("principal")), id);
        return c.body(null, 204);
      },
    );
  }
}
