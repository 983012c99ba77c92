// API keys and agents: what only a signed-in person manages.
import type { CredentialKind } from "../prisma/generated/client/enums.ts";
import type { PersonPrincipal } from "../src/auth/principal.ts";
import {
  type CredentialRecord,
  createCredential,
  listCredentials,
  revokeCredential,
  updateCredential,
} from "../src/credentials/credentials.ts";
import { builder } from "./builder.ts";
import type { GraphQLContext } from "./context.ts";
import { keyIdOut, optionalIdOut, siteIdOut } from "./ids.ts";
import { refuseNulls } from "./inputs.ts";

const person = (ctx: GraphQLContext) => ctx.principal as PersonPrincipal;

function credentialType(name: "ApiKey" | "Agent") {
  return builder.objectRef<CredentialRecord>(name).implement({
    fields: (t) => ({
      id: t.string({ resolve: (c) => keyIdOut(c.id) }),
      name: t.exposeString("name"),
      siteId: t.string({ nullable: true, resolve: (c) => optionalIdOut(siteIdOut, c.siteId) }),
      scopes: t.stringList({ resolve: (c) => c.scopes ?? [] }),
      dailyCap: t.int({ nullable: true, resolve: (c) => c.dailyCap }),
      tokenHint: t.string({ description: "The token's prefix and last four characters.", resolve: (c) => c.tokenHint }),
      createdAt: t.string({ resolve: (c) => c.createdAt.toISOString() }),
      lastUsedAt: t.string({ nullable: true, resolve: (c) => c.lastUsedAt?.toISOString() ?? null }),
      createdBy: t.string({ description: "Name of the person who made it.", resolve: (c) => c.createdBy.name }),
    }),
  });
}

const ApiKey = credentialType("ApiKey");
const Agent = credentialType("Agent");

const CreatedKey = builder.simpleObject("CreatedKey", {
  description: "The token appears only here, once.",
  fields: (t) => ({ key: t.field({ type: ApiKey }), token: t.string() }),
});
const CreatedAgent = builder.simpleObject("CreatedAgent", {
  description: "The token appears only here, once.",
  fields: (t) => ({ agent: t.field({ type: Agent }), token: t.string() }),
});

const NewCredentialInput = builder.inputType("NewCredentialInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    siteId: t.string({ description: "Left out: a whole-workspace key (Owner only). Required for an agent." }),
    scopes: t.stringList({ required: true }),
    dailyCap: t.int({ required: true, description: "0 to 1000 credits a UTC day." }),
  }),
});

const CredentialChangeInput = builder.inputType("CredentialChangeInput", {
  description: "Only the name and daily cap change; scopes and site are fixed at creation.",
  fields: (t) => ({ name: t.string(), dailyCap: t.int() }),
});

const kinds = [
  { kind: "key" as CredentialKind, type: ApiKey, created: CreatedKey, list: "apiKeys", noun: "ApiKey" },
  { kind: "agent" as CredentialKind, type: Agent, created: CreatedAgent, list: "agents", noun: "Agent" },
] as const;

for (const { kind, type, list, noun } of kinds) {
  builder.queryField(list, (t) =>
    t.field({
      type: [type],
      description: "An Owner sees all; anyone else their own.",
      authScopes: { person: true },
      resolve: (_root, _args, ctx) => listCredentials(ctx.db, person(ctx), kind),
    }),
  );
  builder.mutationField(`update${noun}`, (t) =>
    t.field({
      type,
      authScopes: { person: true },
      args: { id: t.arg.string({ required: true }), input: t.arg({ type: CredentialChangeInput, required: true }) },
      resolve: (_root, { id, input }, ctx) => updateCredential(ctx.db, person(ctx), kind, id, refuseNulls(input)),
    }),
  );
  builder.mutationField(`revoke${noun}`, (t) =>
    t.boolean({
      authScopes: { person: true },
      args: { id: t.arg.string({ required: true }) },
      resolve: async (_root, { id }, ctx) => {
        await revokeCredential(ctx.db, person(ctx), kind, id);
        return true;
      },
    }),
  );
}

builder.mutationField("createApiKey", (t) =>
  t.field({
    type: CreatedKey,
    authScopes: { person: true },
    args: { input: t.arg({ type: NewCredentialInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { credential, token } = await createCredential(ctx.db, person(ctx), "key", input);
      return { key: credential, token };
    },
  }),
);

builder.mutationField("createAgent", (t) =>
  t.field({
    type: CreatedAgent,
    authScopes: { person: true },
    args: { input: t.arg({ type: NewCredentialInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { credential, token } = await createCredential(ctx.db, person(ctx), "agent", input);
      return { agent: credential, token };
    },
  }),
);
