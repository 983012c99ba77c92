// Turns what a request carries (a bearer token or a session cookie) into a Principal, applying
// Authentication rules 1-6 of the spec. Scope, role and allowlist checks (rule 7-8) are declared
// on the GraphQL fields, not here.
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import type { CredentialPrincipal, PersonPrincipal } from "./principal.ts";
import { isScope } from "./principal.ts";
import { countHit, peekCount, REFUSED_TOKENS_PER_MINUTE } from "./rateCounters.ts";
import { hashToken, hasShape, sameHash, type TokenKind } from "./tokens.ts";

export type Surface = "rest" | "mcp";

const SURFACE_TOKEN: Record<Surface, TokenKind> = { rest: "key", mcp: "agent" };

/** `Bearer <token>` with the scheme matched case-insensitively; undefined when absent. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  return match?.[1] ?? "";
}

const refusedBucket = (address: string) => `refused:${address}`;

/**
 * Refuses every token from an address that has had more than 20 refused this minute. Checked
 * before the token is looked at, so a valid token from a noisy address is refused too.
 */
export async function assertAddressNotBlocked(db: Database, address: string): Promise<void> {
  const { count, resetSeconds } = await peekCount(db.pool, refusedBucket(address));
  if (count >= REFUSED_TOKENS_PER_MINUTE) {
    throw new DomainError(
      "rate_limited",
      `Too many refused credentials from this address (limit: ${REFUSED_TOKENS_PER_MINUTE} a minute). Try again in ${resetSeconds} seconds.`,
      { retryAfter: resetSeconds },
    );
  }
}

export async function recordRefusal(db: Database, address: string): Promise<void> {
  await countHit(db.pool, refusedBucket(address));
}

function unknownToken(): DomainError {
  return new DomainError("invalid_key", "The bearer token is unknown, revoked or not valid on this path.");
}

function assertWorkspaceUsable(workspace: { status: string; deletedAt: Date | null; restoreUntil: Date | null }) {
  if (workspace.status === "deleted") {
    throw new DomainError("workspace_deleted", "This workspace was deleted.", {
      deletedAt: workspace.deletedAt?.toISOString(),
      restoreUntil: workspace.restoreUntil?.toISOString(),
    });
  }
}

/** Resolves a bearer token for a surface, or throws invalid_key / workspace_deleted. */
export async function authenticateToken(db: Database, token: string, surface: Surface): Promise<CredentialPrincipal> {
  const kind = SURFACE_TOKEN[surface];
  if (!hasShape(token, kind)) throw unknownToken();
  const hash = hashToken(token);
  const credential = await db.prisma.credential.findUnique({
    where: { tokenHash: hash },
    include: { workspace: true, site: true, createdBy: true },
  });
  if (
    !credential ||
    !sameHash(credential.tokenHash, hash) ||
    credential.kind !== kind ||
    credential.revokedAt ||
    (credential.siteId && (!credential.site || credential.site.deletedAt))
  ) {
    throw unknownToken();
  }
  // A credential whose creator left the workspace is unknown, whatever its own state.
  const membership = await db.prisma.membership.findUnique({
    where: { workspaceId_personId: { workspaceId: credential.workspaceId, personId: credential.createdById } },
  });
  if (!membership) throw unknownToken();
  assertWorkspaceUsable(credential.workspace);
  return {
    kind: credential.kind,
    credentialId: credential.id,
    name: credential.name,
    tokenHint: credential.tokenHint,
    workspaceId: credential.workspaceId,
    ...(credential.siteId ? { siteId: credential.siteId } : {}),
    scopes: (credential.scopes ?? []).filter(isScope),
    ...(credential.dailyCap !== null ? { dailyCap: credential.dailyCap } : {}),
    personId: credential.createdById,
    personName: credential.createdBy.name,
    role: membership.role,
  };
}

/** Resolves a session cookie value; undefined when it names no live session. */
export async function authenticateSession(db: Database, cookie: string): Promise<PersonPrincipal | undefined> {
  if (!hasShape(cookie, "session")) return undefined;
  const session = await db.prisma.session.findUnique({
    where: { tokenHash: hashToken(cookie) },
    include: { person: true, workspace: true },
  });
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return undefined;
  const membership = await db.prisma.membership.findUnique({
    where: { workspaceId_personId: { workspaceId: session.workspaceId, personId: session.personId } },
  });
  if (!membership) return undefined;
  assertWorkspaceUsable(session.workspace);
  return {
    kind: "person",
    sessionId: session.id,
    workspaceId: session.workspaceId,
    personId: session.personId,
    personName: session.person.name,
    role: membership.role,
  };
}
