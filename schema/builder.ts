// The Pothos builder and its plugins, nothing else. Scopes are declared on fields:
//   signedIn  any principal;  person  a signed-in person (not a key or agent);
//   owner     a person with the Owner role;  editRole  Owner, Editor or Writer (`role edit`);
//   scope     a credential scope (a person has every scope; their role limits them instead).
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import SimpleObjectsPlugin from "@pothos/plugin-simple-objects";
import type PrismaTypes from "../prisma/generated/pothos-types.ts";
import { getDatamodel } from "../prisma/generated/pothos-types.ts";
import { canEdit, hasScope, type Scope } from "../src/auth/principal.ts";
import { authFailureToError } from "./authFailure.ts";
import type { GraphQLContext } from "./context.ts";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultAuthStrategy: "all";
  AuthScopes: { signedIn: boolean; person: boolean; owner: boolean; editRole: boolean; scope: Scope };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, SimpleObjectsPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.db.prisma,
    dmmf: getDatamodel(),
    onUnusedQuery: null,
  },
  scopeAuth: {
    defaultStrategy: "all",
    // Subscriptions are checked before their subscribe function runs, not only per event.
    authorizeOnSubscribe: true,
    authScopes: ({ principal }) => ({
      signedIn: principal !== undefined,
      person: principal?.kind === "person",
      owner: principal?.kind === "person" && principal.role === "Owner",
      // A function, like `scope`, so the plugin checks them in the order a field lists them
      // (scope first): a plain boolean would be checked, and reported, before any function.
      editRole: () => principal !== undefined && canEdit(principal),
      scope: (scope: Scope) => principal !== undefined && hasScope(principal, scope),
    }),
    unauthorizedError: (_parent, context, _info, result) => authFailureToError(result.failure, context.principal),
  },
});

builder.queryType({});
builder.mutationType({});
