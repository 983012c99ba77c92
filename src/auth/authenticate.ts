// Turns what a request carries (a bearer token or a session cookie) into a Principal, applying
// Authentication rules 1-6 of the spec. Scope, role and allowlist checks (rule 7-8) are declared
// on the GraphQL fields, not here.
import type { Role } from "../../prisma/generated/client/enums.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import type { CredentialPrincipal, PersonPrincipal } from "./principal.ts";
import { isScope } from "./principal.ts";
import { REFUSED_TOKENS_PER_MINUTE, RESET_SECONDS, WINDOW_START, type WindowCount } from "./rateCounters.ts";
import { hashToken, hasShape, type TokenKind } from "./tokens.ts";

export type Surface = "rest" | "mcp";

const SURFACE_TOKEN: Record<Surface, TokenKind> = { rest: "key", mcp: "agent" };

/** `Bearer <token>` with the scheme matched case-insensitively; undefined when absent. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  return match?.[1] ?? "";
}

/** The bucket of refused credentials (tokens and sign-ins) from one client address. */
export const refusedBucket = (address: string) => `refused:${address}`;

export function tooManyRefused(resetSeconds: number): DomainError {
  return new DomainError(
    "rate_limited",
    `Too many refused credentials from this address (limit: ${REFUSED_TOKENS_PER_MINUTE} a minute). Try again in ${resetSeconds} seconds.`,
    { retryAfter: resetSeconds },
  );
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

interface TokenCheckRow {
  /** False when the address already had its refusals in this window: nothing may be said. */
  admitted: boolean;
  reset_seconds: number;
  /** The credential's requests in this minute's window, this one included (admitted known tokens only). */
  requests: number | null;
  /** True when the token names a credential usable on this path; null when it names none. */
  known: boolean | null;
  // The credential's columns, read only when `known` is true.
  id: string;
  kind: "key" | "agent";
  workspace_id: string;
  site_id: string | null;
  created_by_id: string;
  name: string;
  token_hint: string;
  scopes: string[] | null;
  daily_cap: number | null;
  workspace_status: string;
  deleted_at: Date | null;
  restore_until: Date | null;
  person_name: string;
  role: Role;
}

// One statement for the whole check, so that counting a refusal can never fall behind checking:
// the credential with everything its validity depends on (its site, its workspace, whether its
// creator is still a member and with which role), then the client address's window of refusals.
// A refused token takes a place in the window with a conditional upsert, whose row lock puts
// concurrent refusals in order and admits none once the window is full; a known token only reads
// the window, so valid traffic neither writes nor waits, and so does any token once the window is
// seen full, so a flood does not queue on the lock. Either way a token is answered 429 unchecked
// once 20 refusals are counted, and no more than 20 are ever answered as unknown.
// A credential whose creator left the workspace (no membership) is unknown, whatever its own
// state; so is a whole-workspace key whose creator is no longer an Owner (rules 5 and 9).
// An admitted known token is also counted against its credential's request limit and marks the
// credential used (at most once a minute) in the same statement: one round trip per request
// instead of three (bench/README.md, facade).
const TOKEN_CHECK_SQL = `
  WITH found AS (
    SELECT c.id, c.kind, c.workspace_id, c.site_id, c.created_by_id, c.name, c.token_hint, c.scopes, c.daily_cap,
           w.status AS workspace_status, w.deleted_at, w.restore_until, p.name AS person_name, m.role,
           (c.kind::text = $2
            AND c.revoked_at IS NULL
            AND (c.expires_at IS NULL OR c.expires_at > now())
            AND (c.site_id IS NULL OR (s.id IS NOT NULL AND s.deleted_at IS NULL))
            AND m.role IS NOT NULL
            AND (c.site_id IS NOT NULL OR m.role = 'Owner')) AS known
      FROM credential c
      JOIN workspace w ON w.id = c.workspace_id
      JOIN person p ON p.id = c.created_by_id
      LEFT JOIN site s ON s.id = c.site_id
      LEFT JOIN membership m ON m.workspace_id = c.workspace_id AND m.person_id = c.created_by_id
     WHERE c.token_hash = $1
  ), seen AS (
    SELECT COALESCE((SELECT count FROM rate_counter WHERE bucket = $3 AND window_start = ${WINDOW_START}), 0) AS count
  ), refusal AS (
    INSERT INTO rate_counter AS r (bucket, window_start, count)
    SELECT $3, ${WINDOW_START}, 1 FROM seen WHERE seen.count < $4 AND NOT EXISTS (SELECT 1 FROM found WHERE known)
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = r.count + 1 WHERE r.count < $4
    RETURNING 1
  ), counted AS (
    INSERT INTO rate_counter AS r (bucket, window_start, count)
    SELECT 'requests:' || found.id, ${WINDOW_START}, 1 FROM found, seen WHERE found.known AND seen.count < $4
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = r.count + 1
    RETURNING count
  ), touched AS (
    UPDATE credential SET last_used_at = now()
     WHERE id = (SELECT found.id FROM found, seen WHERE found.known AND seen.count < $4)
       AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
    RETURNING 1
  )
  SELECT found.*,
         CASE WHEN found.known THEN (SELECT count FROM seen) < $4 ELSE EXISTS (SELECT 1 FROM refusal) END AS admitted,
         ${RESET_SECONDS} AS reset_seconds,
         (SELECT count FROM counted) AS requests
    FROM (SELECT 1) AS one LEFT JOIN found ON true`;

/**
 * Resolves a bearer token for a surface from a client address, or throws rate_limited (the
 * address had its 20 refusals this minute, whatever this token is), invalid_key (counted as a
 * refusal) or workspace_deleted. A token it admits is counted as a request of its credential: the
 * count in this minute's window (this one included) comes back for the edge to apply the limit.
 */
export async function checkToken(
  db: Database,
  token: string,
  surface: Surface,
  address: string,
): Promise<{ principal: CredentialPrincipal; requests: WindowCount }> {
  const kind = SURFACE_TOKEN[surface];
  // A token of the wrong shape is looked up as nothing, so it is refused and counted like any other.
  const hash = hasShape(token, kind) ? hashToken(token) : null;
  const { rows } = await db.pool.query<TokenCheckRow>({
    name: "token-check",
    text: TOKEN_CHECK_SQL,
    values: [hash, kind, refusedBucket(address), REFUSED_TOKENS_PER_MINUTE],
  });
  const row = rows[0];
  if (!row?.admitted) throw tooManyRefused(row?.reset_seconds ?? 60);
  if (!row.known) throw unknownToken();
  assertWorkspaceUsable({ status: row.workspace_status, deletedAt: row.deleted_at, restoreUntil: row.restore_until });
  const principal: CredentialPrincipal = {
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
  return { principal, requests: { count: row.requests ?? 1, resetSeconds: row.reset_seconds } };
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
  const { rows } = await db.pool.query<SessionRow>({ name: "session-check", text: SESSION_SQL, values: [hashToken(cookie)] });
  return sessionPrincipalOf(rows[0]);
}

function sessionPrincipalOf(row: SessionRow | undefined): PersonPrincipal | undefined {
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

// The session and the request's count in one statement (one round trip instead of two; bench/README.md,
// facade): the count goes to the person's bucket when the cookie names a live session of a member,
// else to the client address's.
const SESSION_COUNTED_SQL = `
  WITH found AS (${SESSION_SQL}), counted AS (
    INSERT INTO rate_counter AS r (bucket, window_start, count)
    SELECT COALESCE((SELECT $2 || found.person_id FROM found WHERE found.role IS NOT NULL LIMIT 1), $3), ${WINDOW_START}, 1
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = r.count + 1
    RETURNING count
  )
  SELECT found.*, (SELECT count FROM counted) AS requests, ${RESET_SECONDS} AS reset_seconds
    FROM (SELECT 1) AS one LEFT JOIN found ON true`;

/**
 * The person of a session cookie (undefined when it names no live session) and the request
 * counted: in `personBucket` + the person's id when it does, else in `addressBucket`.
 */
export async function authenticateSessionCounted(
  db: Database,
  cookie: string | undefined,
  buckets: { personBucket: string; addressBucket: string },
): Promise<{ principal: PersonPrincipal | undefined; requests: WindowCount }> {
  const hash = cookie !== undefined && hasShape(cookie, "session") ? hashToken(cookie) : null;
  const { rows } = await db.pool.query<Partial<SessionRow> & { requests: number; reset_seconds: number }>({
    name: "session-counted",
    text: SESSION_COUNTED_SQL,
    values: [hash, buckets.personBucket, buckets.addressBucket],
  });
  const row = rows[0];
  const requests = { count: row?.requests ?? 1, resetSeconds: row?.reset_seconds ?? 60 };
  return { principal: sessionPrincipalOf(row?.id ? (row as SessionRow) : undefined), requests };
}
