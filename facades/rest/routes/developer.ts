// The session-only credential routes: a signed-in person's keys and agents. A bearer token sent
// here is refused by the operations' person-only scope (key_not_allowed).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Yoga } from "../../../schema/yoga.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { CreatedAgent, CreatedKey, Credential, CredentialChangeBody, NewAgentBody, NewKeyBody } from "../requestSchemas.ts";
import { AUTH_ERRORS, errors, jsonBody, jsonResponse, requiredBody, SESSION } from "../routeKit.ts";
import { omitUnset } from "../shape.ts";

const FIELDS = "id name siteId scopes dailyCap tokenHint createdAt lastUsedAt createdBy";

const kinds = [
  {
    base: "/developer/keys",
    param: "keyID",
    noun: "ApiKey",
    list: "apiKeys",
    created: "key",
    body: NewKeyBody,
    reply: CreatedKey,
  },
  {
    base: "/developer/mcp/agents",
    param: "agentID",
    noun: "Agent",
    list: "agents",
    created: "agent",
    body: NewAgentBody,
    reply: CreatedAgent,
  },
] as const;

export function developerRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga) {
  for (const kind of kinds) {
    const Param = z.object({ [kind.param]: z.string().openapi({ param: { name: kind.param, in: "path" } }) });
    const what = kind.noun === "ApiKey" ? "API keys" : "agents";

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
        const data = await graphqlCall(yoga, c.get("principal"))<Record<string, object[]>>(`{ ${kind.list} { ${FIELDS} } }`);
        return c.json(omitUnset(data[kind.list]) as never, 200);
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
          ...errors({ 400: "validation", 404: "not_found: no such site", 409: "plan_limit (agents)" }),
        },
      }),
      async (c) => {
        const data = await graphqlCall(yoga, c.get("principal"))<Record<string, object>>(
          `mutation($input: NewCredentialInput!) { create${kind.noun}(input: $input) { ${kind.created} { ${FIELDS} } token } }`,
          { input: requiredBody(c, c.req.valid("json")) },
        );
        return c.json(omitUnset(data[`create${kind.noun}`]) as never, 200);
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
        const id = (c.req.valid("param") as Record<string, string>)[kind.param];
        const data = await graphqlCall(yoga, c.get("principal"))<Record<string, object>>(
          `mutation($id: String!, $input: CredentialChangeInput!) { update${kind.noun}(id: $id, input: $input) { ${FIELDS} } }`,
          { id, input: requiredBody(c, c.req.valid("json")) },
        );
        return c.json(omitUnset(data[`update${kind.noun}`]) as never, 200);
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
        const id = (c.req.valid("param") as Record<string, string>)[kind.param];
        await graphqlCall(yoga, c.get("principal"))(`mutation($id: String!) { revoke${kind.noun}(id: $id) }`, { id });
        return c.body(null, 204);
      },
    );
  }
}
