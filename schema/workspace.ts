// The signed-in person's workspace: who they are, its members, sites and credits. Member, site
// and credit changes are the Owner's (the same operations as `npm run admin`).
import type { PersonPrincipal } from "../src/auth/principal.ts";
import { visibleWhere } from "../src/auth/visibility.ts";
import { balance, grantCredits } from "../src/credits/creditLedger.ts";
import { addMember, addSite, listMembers, parseRole, removeMember } from "../src/workspaces/workspaceAdmin.ts";
import { builder } from "./builder.ts";
import type { GraphQLContext } from "./context.ts";
import { personIdOut, siteIdOut, workspaceIdOut } from "./ids.ts";

const person = (ctx: GraphQLContext) => ctx.principal as PersonPrincipal;

const Member = builder.simpleObject("Member", {
  fields: (t) => ({ personId: t.string(), email: t.string(), name: t.string(), role: t.string() }),
});

const SiteRef = builder.simpleObject("SiteSummary", {
  fields: (t) => ({ id: t.string(), domain: t.string(), siteName: t.string(), status: t.string() }),
});

const Me = builder.simpleObject("Me", {
  fields: (t) => ({
    personId: t.string(),
    name: t.string(),
    role: t.string(),
    workspaceId: t.string(),
    workspaceName: t.string(),
    plan: t.string(),
    trialEndsAt: t.string({ nullable: true }),
  }),
});

builder.queryField("me", (t) =>
  t.field({
    type: Me,
    authScopes: { person: true },
    resolve: async (_root, _args, ctx) => {
      const p = person(ctx);
      const workspace = await ctx.db.prisma.workspace.findUniqueOrThrow({ where: { id: p.workspaceId } });
      return {
        personId: personIdOut(p.personId),
        name: p.personName,
        role: p.role,
        workspaceId: workspaceIdOut(workspace.id),
        workspaceName: workspace.name,
        plan: workspace.plan,
        trialEndsAt: workspace.trialEndsAt?.toISOString() ?? null,
      };
    },
  }),
);

builder.queryField("members", (t) =>
  t.field({
    type: [Member],
    authScopes: { person: true },
    resolve: async (_root, _args, ctx) =>
      (await listMembers(ctx.db, person(ctx).workspaceId)).map((m) => ({ ...m, personId: personIdOut(m.personId) })),
  }),
);

builder.queryField("sites", (t) =>
  t.field({
    type: [SiteRef],
    authScopes: { person: true },
    resolve: async (_root, _args, ctx) => {
      const sites = await ctx.db.prisma.site.findMany({
        where: visibleWhere(person(ctx), "site"),
        orderBy: { createdAt: "asc" },
      });
      return sites.map((s) => ({ id: siteIdOut(s.id), domain: s.domain, siteName: s.siteName, status: s.status }));
    },
  }),
);

builder.queryField("creditBalance", (t) =>
  t.int({
    description: "The workspace's balance: shown to its Owner only, never to a key or agent.",
    authScopes: { owner: true },
    resolve: (_root, _args, ctx) => balance(ctx.db.pool, person(ctx).workspaceId),
  }),
);

builder.mutationField("addMember", (t) =>
  t.field({
    type: Member,
    authScopes: { owner: true },
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ description: "Needed when the person has no account yet." }),
      name: t.arg.string(),
      role: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const m = await addMember(ctx.db, person(ctx).workspaceId, {
        email: args.email,
        password: args.password ?? undefined,
        name: args.name ?? undefined,
        role: parseRole(args.role),
        attachExisting: false,
      });
      return { ...m, personId: personIdOut(m.personId) };
    },
  }),
);

builder.mutationField("removeMember", (t) =>
  t.int({
    description: "The person leaves; returns how many of their keys and agents were revoked.",
    authScopes: { owner: true },
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, { email }, ctx) => (await removeMember(ctx.db, person(ctx).workspaceId, email)).revokedCredentials,
  }),
);

builder.mutationField("addSite", (t) =>
  t.field({
    type: SiteRef,
    authScopes: { owner: true },
    args: { domain: t.arg.string({ required: true }), siteName: t.arg.string() },
    resolve: async (_root, { domain, siteName }, ctx) => {
      const s = await addSite(ctx.db, person(ctx).workspaceId, domain, siteName ?? undefined);
      return { id: siteIdOut(s.siteId), domain: s.domain, siteName: s.siteName, status: s.status };
    },
  }),
);

builder.mutationField("grantCredits", (t) =>
  t.int({
    description: "Adds credits to the workspace; returns the new balance.",
    authScopes: { owner: true },
    args: { amount: t.arg.int({ required: true }) },
    resolve: (_root, { amount }, ctx) => grantCredits(ctx.db, person(ctx).workspaceId, amount, "granted by an Owner"),
  }),
);
