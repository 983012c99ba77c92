// Turns what a request carries (a bearer token or a session cookie) into a Principal, applying
// Authentication rules 1-6 of the spec. Scope, role and allowlist checks (rule 7-8) are declared
// on the GraphQL fields, not here.
import type { Role } from "../../prisma/generated/client/enums.ts";
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

interface CredentialRow {
  id: string;
  kind: "key" | "agent";
  workspace_id: string;
  site_id: string | null;
  created_by_id: string;
  name: string;
  token_hash: string;
  token_hint: string;
  scopes: string[] | null;
  daily_cap: number | null;
  revoked_at: Date | null;
  site_gone: boolean;
  workspace_status: string;
  deleted_at: Date | null;
  restore_until: Date | null;
  person_name: string;
  role: Role | null;
}

// One round trip for everything a credential's validity depends on: the credential, its site,
// its workspace, and whether its creator is still a member (and with which role).
const CREDENTIAL_SQL = `
  SELECT c.id, c.kind, c.workspace_id, c.site_id, c.created_by_id, c.name, c.token_hash, c.token_hint,
         c.scopes, c.daily_cap, c.revoked_at,
         (c.site_id IS NOT NULL AND (s.id IS NULL OR s.deleted_at IS NOT NULL)) AS site_gone,
         w.status AS workspace_status, w.deleted_at, w.restore_until,
         p.name AS person_name, m.role
    FROM credential c
    JOIN workspace w ON w.id = c.workspace_id
    JOIN person p ON p.id = c.created_by_id
    LEFT JOIN site s ON s.id = c.site_id
    LEFT JOIN membership m ON m.workspace_id = c.workspace_id AND m.person_id = c.created_by_id
   WHERE c.token_hash = $1`;

/** Resolves a bearer token for a surface, or throws invalid_key / workspace_deleted. */
export async function authenticateToken(db: Database, token: string, surface: Surface): Promise<CredentialPrincipal> {
  const kind = SURFACE_TOKEN[surface];
  if (!hasShape(token, kind)) throw unknownToken();
  const hash = hashToken(token);
  const { rows } = await db.pool.query<CredentialRow>(CREDENTIAL_SQL, [hash]);
  const row = rows[0];
  // A credential whose creator left the workspace (no membership) is unknown, whatever its own
  // state; so is a whole-workspace key whose creator is no longer an Owner (rules 5 and 9).
  if (
    !row ||
    !sameHash(row.token_hash, hash) ||
    row.kind !== kind ||
    row.revoked_at ||
    row.site_gone ||
    !row.role ||
    (row.site_id === null && row.role !== "Owner")
  ) {
    throw unknownToken();
  }
  assertWorkspaceUsable({ status: row.workspace_status, deletedAt: row.deleted_at, restoreUntil: row.restore_until });
  return {
    kind: row.kind,
    credentialId: row.id,
    name: row.name,
    tokenHint: row.token_hint,
    workspaceId: row.workspace_id,
    ...(row.site_id ? { siteId: row.site_id } : {}),
    scopes: (row.scopes ?? []).filter(isScope),
    ...(row.daily_cap !== null ? { dailyCap: row.daily_cap } : {}),
    personId: row.created_by_id,
    personName: row.person_name,
    role: row.role,
  };
}

interface SessionRow {
  id: string;
  person_id: string;
  workspace_id: string;
  person_name: string;
  role: Role | null;
  workspace_status: string;
  deleted_at: Date | null;
  restore_until: Date | null;
}

const SESSION_SQL = `
  SELECT se.id, se.person_id, se.workspace_id, p.name AS person_name, m.role,
         w.status AS workspace_status, w.deleted_at, w.restore_until
    FROM session se
    JOIN person p ON p.id = se.person_id
    JOIN workspace w ON w.id = se.workspace_id
    LEFT JOIN membership m ON m.workspace_id = se.workspace_id AND m.person_id = se.person_id
   WHERE se.token_hash = $1 AND se.revoked_at IS NULL AND se.expires_at > now()`;

/** Resolves a session cookie value; undefined when it names no live session. */
export async function authenticateSession(db: Database, cookie: string): Promise<PersonPrincipal | undefined> {
  if (!hasShape(cookie, "session")) return undefined;
  const { rows } = await db.pool.query<SessionRow>(SESSION_SQL, [hashToken(cookie)]);
  const row = rows[0];
  if (!row?.role) return undefined;
  assertWorkspaceUsable({ status: row.workspace_status, deletedAt: row.deleted_at, restoreUntil: row.restore_until });
  return {
    kind: "person",
    sessionId: row.id,
    workspaceId: row.workspace_id,
    personId: row.person_id,
    personName: row.person_name,
    role: row.role,
  };
}
