// Who may see what: the one rule for every row that belongs to a workspace and perhaps a site.
// A row is visible when it is in the principal's workspace and, for a site-bound credential,
// on that credential's site (so a row with no site is hidden from it). A person of any role and a
// whole-workspace key see every site and no site. A key or agent sees only article and site jobs.
// A brand with no site is shared by the workspace, so every principal of it sees it. Webhook
// endpoints are a person's to manage: an Owner sees every one, an Editor the site-bound ones, no
// other role and no credential any (their routes refuse them before that). What a
// principal may not see is "not found", never "forbidden", so a probe learns nothing.
//
// `visibleWhere` is the rule as a Prisma where-fragment for queries: put it in `AND: [...]` beside
// your own conditions, never spread it next to keys of your own (a spread `siteId` or `id` would
// replace the rule's). `assertVisible` is the same rule for one row already read, by id alone.
import type { Prisma } from "../../prisma/generated/client/client.ts";
import { DomainError } from "../errors.ts";
import type { Principal } from "./principal.ts";

/** The site a principal is bound to: `undefined` means every site of the workspace, and no site. */
export function boundSite(principal: Principal): string | undefined {
  return principal.kind === "person" ? undefined : principal.siteId;
}

/** The job kinds a key or an agent may see; a person sees every kind. */
export const CREDENTIAL_JOB_KINDS: readonly string[] = ["article", "site"];

/** The fields each rule reads; a Prisma row of that model has them. */
export interface VisibleRows {
  brief: { workspaceId: string; siteId: string | null };
  article: { workspaceId: string; siteId: string | null };
  job: { workspaceId: string; siteId: string | null; kind: string };
  site: { id: string; workspaceId: string; deletedAt: Date | null };
  brand: { workspaceId: string; siteId: string | null };
  webhook: { workspaceId: string; siteId: string | null };
}

export type VisibleKind = keyof VisibleRows;

interface VisibleWheres {
  brief: Prisma.BriefWhereInput;
  article: Prisma.ArticleWhereInput;
  job: Prisma.JobWhereInput;
  site: Prisma.SiteWhereInput;
  brand: Prisma.BrandWhereInput;
  webhook: Prisma.WebhookEndpointWhereInput;
}

interface Rule<K extends VisibleKind> {
  where(principal: Principal, bound: string | undefined): VisibleWheres[K];
  /** Called only for a row of the principal's workspace. */
  sees(principal: Principal, bound: string | undefined, row: VisibleRows[K]): boolean;
  missing(): DomainError;
}

const onBoundSite = (bound: string | undefined, siteId: string | null) => bound === undefined || siteId === bound;
const boundWhere = (bound: string | undefined) => (bound === undefined ? {} : { siteId: bound });

const RULES: { [K in VisibleKind]: Rule<K> } = {
  brief: {
    where: (p, bound) => ({ workspaceId: p.workspaceId, ...boundWhere(bound) }),
    sees: (_p, bound, row) => onBoundSite(bound, row.siteId),
    missing: () => new DomainError("not_found", "No such brief."),
  },
  article: {
    where: (p, bound) => ({ workspaceId: p.workspaceId, ...boundWhere(bound) }),
    sees: (_p, bound, row) => onBoundSite(bound, row.siteId),
    missing: () => new DomainError("not_found", "No such article."),
  },
  job: {
    where: (p, bound) => ({
      workspaceId: p.workspaceId,
      ...boundWhere(bound),
      ...(p.kind === "person" ? {} : { kind: { in: [...CREDENTIAL_JOB_KINDS] } }),
    }),
    sees: (p, bound, row) => onBoundSite(bound, row.siteId) && (p.kind === "person" || CREDENTIAL_JOB_KINDS.includes(row.kind)),
    missing: () => new DomainError("not_found", "No such job."),
  },
  site: {
    where: (p, bound) => ({ workspaceId: p.workspaceId, deletedAt: null, ...(bound === undefined ? {} : { id: bound }) }),
    sees: (_p, bound, row) => row.deletedAt === null && onBoundSite(bound, row.id),
    missing: () => new DomainError("not_found", "No such site, or it is not visible to this credential."),
  },
  brand: {
    where: (p, bound) => ({
      workspaceId: p.workspaceId,
      ...(bound === undefined ? {} : { OR: [{ siteId: null }, { siteId: bound }] }),
    }),
    sees: (_p, bound, row) => row.siteId === null || onBoundSite(bound, row.siteId),
    missing: () => new DomainError("not_found", "No such brand, or it is not visible to this credential."),
  },
  webhook: {
    where: (p) => {
      if (p.kind !== "person" || (p.role !== "Owner" && p.role !== "Editor"))
        return { workspaceId: p.workspaceId, id: { in: [] } };
      return p.role === "Owner"
        ? { workspaceId: p.workspaceId, OR: [{ siteId: null }, { site: { deletedAt: null } }] }
        : { workspaceId: p.workspaceId, siteId: { not: null }, site: { deletedAt: null } };
    },
    sees: (p, _bound, row) => p.kind === "person" && (p.role === "Owner" || (p.role === "Editor" && row.siteId !== null)),
    missing: () => new DomainError("not_found", "No such webhook endpoint."),
  },
};

/** The rows of `kind` the principal may see, as a where-fragment: combine it with `AND`. */
export function visibleWhere<K extends VisibleKind>(principal: Principal, kind: K): VisibleWheres[K] {
  return RULES[kind].where(principal, boundSite(principal));
}

/** Whether the principal may see this row. */
export function canSee<K extends VisibleKind>(principal: Principal, kind: K, row: VisibleRows[K]): boolean {
  return row.workspaceId === principal.workspaceId && RULES[kind].sees(principal, boundSite(principal), row);
}

/**
 * Throws not_found (the kind's own message, or `missing`'s error) unless the row exists and the
 * principal may see it. Read the row by its id alone: this checks the workspace too.
 */
export function assertVisible<K extends VisibleKind, R extends VisibleRows[K]>(
  principal: Principal,
  kind: K,
  row: R | null | undefined,
  missing: () => DomainError = RULES[kind].missing,
): asserts row is R {
  if (!row || !canSee(principal, kind, row)) throw missing();
}
