// Signing a person in and out. A session is a random token in an HttpOnly cookie; only its hash
// is stored. A person in several workspaces picks one when signing in (the oldest by default).
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { burnPasswordCheck, verifyPassword } from "./passwords.ts";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_COOKIE = "bz_session";

export interface SignIn {
  email: string;
  password: string;
  workspaceId?: string;
}

export async function signIn(db: Database, input: SignIn, sessionDays: number): Promise<{ token: string; expiresAt: Date }> {
  const refused = () => new DomainError("invalid_credentials", "The email or password is not right.");
  const person = await db.prisma.person.findUnique({
    where: { email: normaliseEmail(input.email) },
    include: { memberships: { orderBy: { createdAt: "asc" }, include: { workspace: true } } },
  });
  if (!person) {
    await burnPasswordCheck(input.password);
    throw refused();
  }
  if (!(await verifyPassword(person.passwordHash, input.password))) throw refused();
  const wanted = input.workspaceId === undefined ? undefined : parseId(input.workspaceId);
  const memberships = person.memberships.filter((m) => m.workspace.status !== "deleted");
  const membership = wanted ? memberships.find((m) => m.workspaceId === wanted) : memberships[0];
  if (!membership) throw refused();
  const token = newToken("session");
  const expiresAt = new Date(Date.now() + sessionDays * 86_400_000);
  await db.prisma.session.create({
    data: { tokenHash: hashToken(token), personId: person.id, workspaceId: membership.workspaceId, expiresAt },
  });
  return { token, expiresAt };
}

export async function signOut(db: Database, sessionId: string): Promise<void> {
  await db.prisma.session.update({ where: { id: sessionId }, data: { revokedAt: new Date() } });
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
