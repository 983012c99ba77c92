// Creating a workspace with its Owner, adding and removing members, adding sites. Called by the
// admin command line (scripts/admin.ts) and by an Owner through GraphQL.
import type { Role } from "../../prisma/generated/client/enums.ts";
import { assertNewPassword, hashPassword } from "../auth/passwords.ts";
import { normaliseEmail } from "../auth/sessions.ts";
import { grantCredits } from "../credits/creditLedger.ts";
import type { Database, Tx } from "../db/database.ts";
import { DomainError } from "../errors.ts";

export const ROLES: readonly Role[] = ["Owner", "Editor", "Writer", "Viewer"];
const TRIAL_DAYS = 14;

export interface InitWorkspace {
  workspace: string;
  email: string;
  /** Needed when the person has no account yet. */
  password?: string;
  name?: string;
  credits?: number;
  plan?: string;
}

function checkEmail(email: string): string {
  const normal = normaliseEmail(email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normal) || normal.length > 254) {
    throw new DomainError("validation", "email must be an email address.");
  }
  return normal;
}

export function parseRole(value: string): Role {
  const role = ROLES.find((r) => r.toLowerCase() === value.trim().toLowerCase());
  if (!role) throw new DomainError("validation", `role must be one of ${ROLES.join(", ")}.`);
  return role;
}

/**
 * The person with this email, or a new one with `password`. An existing account is never given a
 * password here: setting one would hand whoever chose it the account in every workspace.
 */
async function findOrCreatePerson(db: Database, email: string, password: string | undefined, name?: string) {
  const normal = checkEmail(email);
  const existing = await db.prisma.person.findUnique({ where: { email: normal } });
  if (existing) {
    if (password !== undefined) {
      throw new DomainError("conflict", "That email already has an account; leave the password out to use the account as it is.");
    }
    return existing;
  }
  if (password === undefined) throw new DomainError("validation", "password is needed for a new person.");
  assertNewPassword(password);
  return db.prisma.person.create({
    data: { email: normal, name: name?.trim() || normal.split("@")[0] || normal, passwordHash: await hashPassword(password) },
  });
}

export async function initWorkspace(db: Database, input: InitWorkspace) {
  const name = input.workspace.trim();
  if (!name || name.length > 120) throw new DomainError("validation", "workspace name must be 1 to 120 characters.");
  const person = await findOrCreatePerson(db, input.email, input.password, input.name);
  const workspace = await db.prisma.workspace.create({
    data: {
      name,
      plan: input.plan ?? "trial",
      trialEndsAt: (input.plan ?? "trial") === "trial" ? new Date(Date.now() + TRIAL_DAYS * 86_400_000) : null,
      memberships: { create: { personId: person.id, role: "Owner" } },
    },
  });
  if (input.credits) await grantCredits(db, workspace.id, input.credits, "initial credits");
  return { workspaceId: workspace.id, personId: person.id, email: person.email, role: "Owner" as const };
}

export interface AddMember {
  email: string;
  password?: string;
  name?: string;
  role: Role;
  /**
   * Whether an account that exists but belongs to no one in this workspace may be added. The
   * operator may; an Owner through GraphQL may not, since that would reach into other workspaces.
   */
  attachExisting: boolean;
}

/** Locks the workspace row so membership changes of one workspace happen one at a time. */
async function lockWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM workspace WHERE id = ${workspaceId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new DomainError("not_found", "No such workspace.");
}

export async function addMember(db: Database, workspaceId: string, input: AddMember) {
  const normal = checkEmail(input.email);
  const existing = await db.prisma.person.findUnique({
    where: { email: normal },
    include: { memberships: { where: { workspaceId } } },
  });
  if (existing && existing.memberships.length === 0 && !input.attachExisting) {
    throw new DomainError(
      "conflict",
      "That email already has an account elsewhere; ask the operator to add it to this workspace.",
    );
  }
  const person = await findOrCreatePerson(db, normal, input.password, input.name);
  const membership = await db.prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const changed = await tx.membership.upsert({
      where: { workspaceId_personId: { workspaceId, personId: person.id } },
      create: { workspaceId, personId: person.id, role: input.role },
      update: { role: input.role },
    });
    // Checked under the lock, so a demotion that would leave no Owner is rolled back.
    if ((await tx.membership.count({ where: { workspaceId, role: "Owner" } })) === 0) throw lastOwner();
    return changed;
  });
  return { workspaceId, personId: person.id, email: person.email, name: person.name, role: membership.role };
}

const lastOwner = () => new DomainError("conflict", "A workspace keeps at least one Owner.");

/**
 * A person leaves: their membership goes, their keys and agents in the workspace are revoked and
 * their sessions there end. All in one transaction, so no credential outlives its creator.
 */
export async function removeMember(db: Database, workspaceId: string, email: string) {
  const person = await db.prisma.person.findUnique({ where: { email: checkEmail(email) } });
  const membership =
    person && (await db.prisma.membership.findUnique({ where: { workspaceId_personId: { workspaceId, personId: person.id } } }));
  if (!person || !membership) throw new DomainError("not_found", "That person is not a member of this workspace.");
  const now = new Date();
  const revoked = await db.prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    await tx.membership.delete({ where: { id: membership.id } });
    const owners = await tx.membership.count({ where: { workspaceId, role: "Owner" } });
    if (owners === 0) throw lastOwner();
    const credentials = await tx.credential.updateMany({
      where: { workspaceId, createdById: person.id, revokedAt: null },
      data: { revokedAt: now },
    });
    await tx.session.updateMany({ where: { workspaceId, personId: person.id, revokedAt: null }, data: { revokedAt: now } });
    return credentials.count;
  });
  return { workspaceId, personId: person.id, email: person.email, revokedCredentials: revoked };
}

export async function listMembers(db: Database, workspaceId: string) {
  const rows = await db.prisma.membership.findMany({
    where: { workspaceId },
    include: { person: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((m) => ({ personId: m.personId, email: m.person.email, name: m.person.name, role: m.role }));
}

export async function addSite(db: Database, workspaceId: string, domain: string, siteName?: string) {
  const normal = domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/.*$/, "");
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(normal)) {
    throw new DomainError("validation", "domain must be a host name such as example.com.");
  }
  const workspace = await db.prisma.workspace.findUnique({ where: { id: workspaceId } });
  if (!workspace) throw new DomainError("not_found", "No such workspace.");
  // Until site reading exists a site is ready as soon as it is added.
  const site = await db.prisma.site.create({
    data: { workspaceId, domain: normal, siteName: siteName?.trim() || normal, status: "ready" },
  });
  return { siteId: site.id, domain: site.domain, siteName: site.siteName, status: site.status };
}

/** Deletes a site; the keys and agents bound to it are revoked with it. */
export async function deleteSite(db: Database, workspaceId: string, siteId: string) {
  const site = await db.prisma.site.findFirst({ where: { id: siteId, workspaceId, deletedAt: null } });
  if (!site) throw new DomainError("not_found", "No such site.");
  const now = new Date();
  const revoked = await db.prisma.$transaction(async (tx) => {
    await tx.site.update({ where: { id: siteId }, data: { deletedAt: now } });
    const r = await tx.credential.updateMany({ where: { siteId, revokedAt: null }, data: { revokedAt: now } });
    return r.count;
  });
  return { siteId, revokedCredentials: revoked };
}
