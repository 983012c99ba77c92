// Signing a person in and out. A session is a random token in an HttpOnly cookie; only its hash
// is stored. A person in several workspaces picks one when signing in (the oldest by default).
// A sign-in takes one of its client address's 20 places for refused credentials a minute before
// its password is checked, and gives it back unless it is refused, so no burst from one address
// gets more than 20 passwords checked a minute.
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { refusedBucket, tooManyRefused } from "./authenticate.ts";
import { assertPasswordLength, burnPasswordCheck, verifyPassword } from "./passwords.ts";
import { givePlaceBack, REFUSED_TOKENS_PER_MINUTE, takePlace } from "./rateCounters.ts";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_COOKIE = "bz_session";

export interface SignIn {
  email: string;
  password: string;
  workspaceId?: string;
}

export interface SignInContext {
  /** The client address the sign-in came from (src/http/clientAddress.ts). */
  address: string;
  sessionDays: number;
}

/**
 * Checks the password and opens a session, or throws validation (an over-long password, before
 * any work), rate_limited (the address had its refusals this minute, or too many password checks
 * are waiting in this process) or invalid_credentials (counted as a refusal).
 */
export async function signIn(db: Database, input: SignIn, context: SignInContext): Promise<{ token: string; expiresAt: Date }> {
  assertPasswordLength(input.password);
  const place = await takePlace(db.pool, refusedBucket(context.address), REFUSED_TOKENS_PER_MINUTE);
  if (!place.taken) throw tooManyRefused(place.resetSeconds);
  let session: { token: string; expiresAt: Date };
  try {
    session = await openSession(db, input, context.sessionDays);
  } catch (error) {
    // Only a refused password keeps its place; a sign-in turned away unchecked (the line of
    // password checks was full) or failing for any other reason gives it back.
    if (!(error instanceof DomainError && error.code === "invalid_credentials")) {
      await givePlaceBack(db.pool, place).catch(() => undefined);
    }
    throw error;
  }
  await givePlaceBack(db.pool, place);
  return session;
}

async function openSession(db: Database, input: SignIn, sessionDays: number) {
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
