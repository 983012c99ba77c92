// Briefs: made, read and changed by a principal within what it may see (src/auth/visibility.ts:
// a site-bound credential sees its own site only), and estimated against the workspace's credits.
import type { Brief } from "../../prisma/generated/client/client.ts";
import type { Principal } from "../auth/principal.ts";
import { assertVisible, boundSite } from "../auth/visibility.ts";
import type { Database } from "../db/database.ts";
import { parseId } from "../ids.ts";
import { type BriefFields, checkBriefValues } from "./briefRules.ts";

async function resolveSite(db: Database, principal: Principal, siteId: string): Promise<string> {
  const id = parseId(siteId);
  const site = id ? await db.prisma.site.findUnique({ where: { id } }) : null;
  assertVisible(principal, "site", site);
  return site.id;
}

async function resolveBrand(db: Database, principal: Principal, brandId: string): Promise<string> {
  const id = parseId(brandId);
  const brand = id ? await db.prisma.brand.findUnique({ where: { id } }) : null;
  assertVisible(principal, "brand", brand);
  return brand.id;
}

/** The brief if the principal may see it; not_found otherwise (never "forbidden": no leak). */
export async function findBrief(db: Database, principal: Principal, id: string): Promise<Brief> {
  const briefId = parseId(id);
  const brief = briefId ? await db.prisma.brief.findUnique({ where: { id: briefId } }) : null;
  assertVisible(principal, "brief", brief);
  return brief;
}

export async function createBrief(db: Database, principal: Principal, input: BriefFields): Promise<Brief> {
  const values = checkBriefValues(input);
  const siteId = input.siteId !== undefined ? await resolveSite(db, principal, input.siteId) : (boundSite(principal) ?? null);
  const brandId = input.brandId !== undefined ? await resolveBrand(db, principal, input.brandId) : null;
  return db.prisma.brief.create({
    data: {
      ...values,
      workspaceId: principal.workspaceId,
      siteId,
      brandId,
      createdByPersonId: principal.personId,
      credentialId: principal.kind === "person" ? null : principal.credentialId,
    },
  });
}

export async function updateBrief(db: Database, principal: Principal, id: string, input: BriefFields): Promise<Brief> {
  const brief = await findBrief(db, principal, id);
  const values = checkBriefValues(input);
  const siteId = input.siteId !== undefined ? await resolveSite(db, principal, input.siteId) : undefined;
  const brandId = input.brandId !== undefined ? await resolveBrand(db, principal, input.brandId) : undefined;
  return db.prisma.brief.update({
    where: { id: brief.id },
    data: { ...values, ...(siteId ? { siteId } : {}), ...(brandId ? { brandId } : {}) },
  });
}
