// API keys and agent tokens (Authentication §1, §5, §9, §10). Made only by a signed-in person;
// the token is returned once and only its hash is stored. Scopes and site never change.
import type { Credential, Person } from "../../prisma/generated/client/client.ts";
import type { CredentialKind } from "../../prisma/generated/client/enums.ts";
import type { PersonPrincipal, Scope } from "../auth/principal.ts";
import { isScope } from "../auth/principal.ts";
import { hashToken, newToken, tokenHint } from "../auth/tokens.ts";
import { assertVisible } from "../auth/visibility.ts";
import type { Database, Tx } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { planLimits } from "../workspaces/plans.ts";

export const NAME_MAX = 80;
export const DAILY_CAP_MAX = 1000;
export interface NewCredential {
  name: string;
  siteId?: string | null;
  scopes: string[];
  dailyCap: number;
}

export interface CredentialChange {
  name?: string | null;
  dailyCap?: number | null;
}

export type CredentialRecord = Credential & { createdBy: Person };

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > NAME_MAX) {
    throw new DomainError("validation", `name must be 1 to ${NAME_MAX} characters.`);
  }
  return trimmed;
}

function checkScopes(scopes: string[]): Scope[] {
  if (scopes.length === 0)
    throw new DomainError("validation", "scopes must name at least one of brief, generate, read, edit, export.");
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new DomainError("validation", `unknown scope: ${unknown.join(", ")}.`);
  return [...new Set(scopes as Scope[])];
}

function checkCap(cap: number): number {
  if (!Number.isInteger(cap) || cap < 0 || cap > DAILY_CAP_MAX) {
    throw new DomainError("validation", `dailyCap must be a whole number from 0 to ${DAILY_CAP_MAX}.`);
  }
  return cap;
}

async function visibleSite(db: Database, person: PersonPrincipal, siteId: string) {
  const id = parseId(siteId);
  const site = id ? await db.prisma.site.findUnique({ where: { id } }) : null;
  assertVisible(person, "site", site, () => new DomainError("not_found", "No such site in this workspace."));
  return site;
}

export async function createCredential(db: Database, person: PersonPrincipal, kind: CredentialKind, input: NewCredential) {
  const name = checkName(input.name);
  const scopes = checkScopes(input.scopes);
  const dailyCap = checkCap(input.dailyCap);
  const siteId = input.siteId !== undefined && input.siteId !== null ? (await visibleSite(db, person, input.siteId)).id : null;
  if (!siteId && kind === "agent")
    throw new DomainError("validation", "siteId is required: an agent is always bound to one site.");
  const token = newToken(kind);
  const created = await db.prisma.$transaction((tx) =>
    insertCredential(tx, person, kind, {
      name,
      siteId,
      scopes,
      dailyCap,
      tokenHash: hashToken(token),
      tokenHint: tokenHint(token, kind),
    }),
  );
  return { credential: created, token };
}

export interface CredentialRow {
  name: string;
  siteId: string | null;
  scopes: Scope[];
  dailyCap: number;
  tokenHash: string;
  tokenHint: string;
  /** An agent made through OAuth: its client, and when its access token stops working. */
  oauthClientId?: string;
  expiresAt?: Date;
}

/**
 * Inserts a credential for a person, in the caller's transaction, with the checks every way of
 * making one shares: the creator is still a member (their membership row is locked, so a removal
 * running now either sees this credential and revokes it, or has already removed the creator and
 * this fails), only an Owner makes a whole-workspace key, and agents stay within the plan.
 */
export async function insertCredential(
  tx: Tx,
  person: { workspaceId: string; personId: string },
  kind: CredentialKind,
  row: CredentialRow,
): Promise<CredentialRecord> {
  const [membership] = await tx.$queryRaw<{ role: string }[]>`
    SELECT role::text FROM membership WHERE workspace_id = ${person.workspaceId}::uuid AND person_id = ${person.personId}::uuid FOR UPDATE`;
  if (!membership) throw new DomainError("invalid_key", "You are no longer a member of this workspace.");
  if (!row.siteId && membership.role !== "Owner") {
    throw new DomainError("whole_workspace_owner_only", "Only an Owner can make a key for the whole workspace; choose a site.");
  }
  if (kind === "agent") {
    // The workspace row is locked too, so two creations at once cannot both pass the plan limit.
    const [workspace] = await tx.$queryRaw<
      { plan: string }[]
    >`SELECT plan FROM workspace WHERE id = ${person.workspaceId}::uuid FOR UPDATE`;
    // An OAuth agent whose access token lapsed still counts: its refresh token may renew it.
    const live = await tx.credential.count({
      where: { workspaceId: person.workspaceId, kind: "agent", revokedAt: null, site: { deletedAt: null } },
    });
    const limit = planLimits(workspace?.plan ?? "trial").agents;
    if (live >= limit)
      throw new DomainError("plan_limit", `The workspace's plan allows ${limit} agents; revoke one or change plan.`);
  }
  return tx.credential.create({
    data: {
      kind,
      workspaceId: person.workspaceId,
      siteId: row.siteId,
      createdById: person.personId,
      name: row.name,
      tokenHash: row.tokenHash,
      tokenHint: row.tokenHint,
      scopes: row.scopes,
      dailyCap: row.dailyCap,
      ...(row.oauthClientId ? { oauthClientId: row.oauthClientId } : {}),
      ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
    },
    include: { createdBy: true },
  });
}

/** An Owner sees every credential of the kind; anyone else only their own. Revoked ones are gone. */
export async function listCredentials(db: Database, person: PersonPrincipal, kind: CredentialKind) {
  return db.prisma.credential.findMany({
    where: {
      workspaceId: person.workspaceId,
      kind,
      revokedAt: null,
      ...(person.role === "Owner" ? {} : { createdById: person.personId }),
      OR: [{ siteId: null }, { site: { deletedAt: null } }],
    },
    include: { createdBy: true },
    orderBy: { createdAt: "desc" },
  });
}

async function ownCredential(db: Database, person: PersonPrincipal, kind: CredentialKind, id: string) {
  const credentialId = parseId(id);
  const credential =
    credentialId &&
    (await db.prisma.credential.findFirst({
      where: { id: credentialId, kind, workspaceId: person.workspaceId, revokedAt: null },
      include: { createdBy: true },
    }));
  if (!credential || (person.role !== "Owner" && credential.createdById !== person.personId)) {
    throw new DomainError("not_found", kind === "key" ? "No such key." : "No such agent.");
  }
  return credential;
}

export async function updateCredential(
  db: Database,
  person: PersonPrincipal,
  kind: CredentialKind,
  id: string,
  change: CredentialChange,
) {
  const credential = await ownCredential(db, person, kind, id);
  const data: { name?: string; dailyCap?: number } = {};
  if (change.name !== undefined && change.name !== null) data.name = checkName(change.name);
  if (change.dailyCap !== undefined && change.dailyCap !== null) data.dailyCap = checkCap(change.dailyCap);
  if (Object.keys(data).length === 0) return credential;
  return db.prisma.credential.update({ where: { id: credential.id }, data, include: { createdBy: true } });
}

export async function revokeCredential(db: Database, person: PersonPrincipal, kind: CredentialKind, id: string) {
  const credential = await ownCredential(db, person, kind, id);
  await db.prisma.credential.update({ where: { id: credential.id }, data: { revokedAt: new Date() } });
}
