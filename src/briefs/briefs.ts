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
  const brief = briefId ? await readBrief(db, briefId) : null;
  assertVisible(principal, "brief", brief);
  return brief;
}

// The brief by id is the hottest read of the API (every keyed GET, estimate and article start), so it
// is one prepared statement on the pool rather than a Prisma query: Prisma's query compiler and
// interpreter cost more CPU than the read itself (bench/README.md, facade). The columns are
// Brief's, named as Prisma names them; a test holds the row equal to Prisma's own reading of it,
// so a column added to the model and not here fails it.
const BRIEF_SQL = `SELECT id, workspace_id AS "workspaceId", site_id AS "siteId", brand_id AS "brandId",
  created_by_person_id AS "createdByPersonId", credential_id AS "credentialId", topic, angle, use_urls AS "useUrls",
  exclude_domains AS "excludeDomains", purpose, audience, region, language, tone, length,
  target_words AS "targetWords", structure, keywords, must_appear AS "mustAppear",
  prefer_domains AS "preferDomains", illustration, image_style AS "imageStyle", image_format AS "imageFormat", seo,
  created_at AS "createdAt", updated_at AS "updatedAt"
  FROM brief WHERE id = $1`;

/** The brief with this id (a valid uuid), whoever may see it: callers check visibility (findBrief). */
export async function readBrief(db: Database, id: string): Promise<Brief | null> {
  const { rows } = await db.pool.query<Brief>({ name: "brief-by-id", text: BRIEF_SQL, values: [id] });
  return rows[0] ?? null;
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
