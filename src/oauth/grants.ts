// What the OAuth server grants (spec, OAuth "Authorization query", "Token", "Revoke"): a code when
// a person allows, an agent with an access token (one hour) and a refresh token (thirty days)
// when the client exchanges the code, a new pair on each refresh. Codes and refresh tokens work
// once: a code used again revokes the agent its first use made, a refresh token used again
// revokes the agent and all its tokens. Only hashes are stored.
import { createHash } from "node:crypto";
import { EDIT_ROLES, type PersonPrincipal, SCOPES, type Scope } from "../auth/principal.ts";
import { hashToken, newToken, tokenHint } from "../auth/tokens.ts";
import { DAILY_CAP_MAX, insertCredential, NAME_MAX } from "../credentials/credentials.ts";
import type { Database, Tx } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import type { AuthorizationRequest } from "./authorizationRequest.ts";
import { OAuthError } from "./oauthError.ts";

export const CODE_SECONDS = 600;
export const ACCESS_SECONDS = 3600;
export const REFRESH_DAYS = 30;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export interface Consent {
  siteId: string;
  scopes: Scope[];
  dailyCap: number;
  name: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export const DEFAULT_DAILY_CAP = 5;

/** What the consent form sends: the chosen site, the ticked scopes, the cap and the name, as typed. */
export interface ConsentForm {
  site?: string;
  scopes: readonly string[];
  dailyCap?: string;
  name?: string;
}

/** The sites a person may bind an agent to: the workspace's live sites. */
export function consentSites(db: Database, person: PersonPrincipal) {
  return db.prisma.site.findMany({
    where: { workspaceId: person.workspaceId, deletedAt: null },
    orderBy: { domain: "asc" },
    select: { id: true, domain: true },
  });
}

/**
 * A person allows: their role must edit, the site be one of theirs, the scopes some of those asked
 * (never more), the cap 0 to 1000 and the name 1 to 80 characters, as for an agent made by hand;
 * a problem is a `validation` error the page shows. Answers the code for exactly what was allowed.
 */
export async function allowConsent(
  db: Database,
  person: PersonPrincipal,
  request: AuthorizationRequest,
  form: ConsentForm,
): Promise<string> {
  if (!EDIT_ROLES.includes(person.role)) {
    throw new DomainError("role_missing", `Your role in this workspace (${person.role}) cannot connect agents.`);
  }
  const sites = await consentSites(db, person);
  const scopes = SCOPES.filter((s) => form.scopes.includes(s) && request.scopes.includes(s));
  const cap = Number(form.dailyCap ?? DEFAULT_DAILY_CAP);
  const name = (form.name ?? "").trim();
  const problem = !sites.some((s) => s.id === form.site)
    ? "Choose one of your sites."
    : scopes.length === 0 || form.scopes.some((s) => !request.scopes.includes(s as Scope))
      ? "Tick at least one of the permissions asked for."
      : !Number.isInteger(cap) || cap < 0 || cap > DAILY_CAP_MAX
        ? `The daily credit cap is a whole number from 0 to ${DAILY_CAP_MAX}.`
        : name.length < 1 || name.length > NAME_MAX
          ? `The name is 1 to ${NAME_MAX} characters.`
          : undefined;
  if (problem) throw new DomainError("validation", problem);
  return issueCode(db, person, request, { siteId: form.site as string, scopes, dailyCap: cap, name });
}

/** After a person allowed: a code for exactly what they allowed, for this client and redirect address. */
async function issueCode(
  db: Database,
  person: PersonPrincipal,
  request: AuthorizationRequest,
  consent: Consent,
): Promise<string> {
  const code = newToken("oauthCode");
  await db.prisma.oAuthCode.create({
    data: {
      codeHash: hashToken(code),
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      workspaceId: person.workspaceId,
      personId: person.personId,
      siteId: consent.siteId,
      scopes: consent.scopes,
      dailyCap: consent.dailyCap,
      name: consent.name,
      expiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
    },
  });
  return code;
}

async function newPair(tx: Tx, credentialId: string, scopes: string[]): Promise<TokenResponse> {
  const access = newToken("agent");
  const refresh = newToken("refresh");
  await tx.credential.update({
    where: { id: credentialId },
    data: {
      tokenHash: hashToken(access),
      tokenHint: tokenHint(access, "agent"),
      expiresAt: new Date(Date.now() + ACCESS_SECONDS * 1000),
    },
  });
  await tx.oAuthRefreshToken.create({
    data: { tokenHash: hashToken(refresh), credentialId, expiresAt: new Date(Date.now() + REFRESH_DAYS * 86_400_000) },
  });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_SECONDS,
    refresh_token: refresh,
    scope: scopes.join(" "),
  };
}

async function revokeAgent(tx: Tx, credentialId: string): Promise<void> {
  await tx.credential.updateMany({ where: { id: credentialId, revokedAt: null }, data: { revokedAt: new Date() } });
  await tx.oAuthRefreshToken.updateMany({ where: { credentialId, usedAt: null }, data: { usedAt: new Date() } });
}

/** The token endpoint serves known clients only: an unknown client_id is invalid_client (401). */
async function assertKnownClient(db: Database, clientId: string): Promise<void> {
  const client = await db.prisma.oAuthClient.findUnique({ where: { id: clientId }, select: { id: true } });
  if (!client) throw new OAuthError("invalid_client", "client_id is not a client of this server.");
}

const s256 = (verifier: string) => createHash("sha256").update(verifier, "ascii").digest("base64url");

/** Whether the person may still hold an agent on the site: a member with an edit role, the site not deleted. */
async function mayHold(tx: Tx, workspaceId: string, personId: string, siteId: string | null): Promise<boolean> {
  const membership = await tx.membership.findUnique({ where: { workspaceId_personId: { workspaceId, personId } } });
  if (!membership || !EDIT_ROLES.includes(membership.role)) return false;
  if (!siteId) return false;
  const site = await tx.site.findUnique({ where: { id: siteId } });
  return !!site && site.workspaceId === workspaceId && site.deletedAt === null;
}

export async function exchangeCode(
  db: Database,
  input: { code?: string; redirectUri?: string; clientId?: string; codeVerifier?: string },
): Promise<TokenResponse> {
  if (!input.code || !input.redirectUri || !input.clientId || !input.codeVerifier) {
    throw new OAuthError("invalid_request", "code, redirect_uri, client_id and code_verifier are required.");
  }
  await assertKnownClient(db, input.clientId);
  if (!VERIFIER.test(input.codeVerifier))
    throw new OAuthError("invalid_grant", "code_verifier must be 43 to 128 unreserved characters.");
  const codeHash = hashToken(input.code);
  const outcome = await db.prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { code_hash: string }[]
    >`SELECT code_hash FROM oauth_code WHERE code_hash = ${codeHash} FOR UPDATE`;
    const code = row ? await tx.oAuthCode.findUnique({ where: { codeHash } }) : null;
    if (!code) return new OAuthError("invalid_grant", "The code is unknown.");
    if (code.usedAt) {
      // A code replayed: whoever used it first may not be the client; take back what it issued.
      if (code.credentialId) await revokeAgent(tx, code.credentialId);
      return new OAuthError("invalid_grant", "The code was used already; the tokens it gave are revoked.");
    }
    if (code.expiresAt.getTime() <= Date.now())
      return new OAuthError("invalid_grant", "The code has expired (codes last 10 minutes).");
    if (code.clientId !== input.clientId) return new OAuthError("invalid_grant", "The code was issued to another client.");
    if (code.redirectUri !== input.redirectUri)
      return new OAuthError("invalid_grant", "redirect_uri differs from the one the code was issued for.");
    if (s256(input.codeVerifier as string) !== code.codeChallenge)
      return new OAuthError("invalid_grant", "code_verifier does not match the code_challenge.");
    if (!(await mayHold(tx, code.workspaceId, code.personId, code.siteId))) {
      return new OAuthError("invalid_grant", "The person who allowed it can no longer hold an agent on that site.");
    }
    const placeholder = newToken("agent");
    let credential: Awaited<ReturnType<typeof insertCredential>>;
    try {
      credential = await insertCredential(tx, { workspaceId: code.workspaceId, personId: code.personId }, "agent", {
        name: code.name,
        siteId: code.siteId,
        scopes: code.scopes as Scope[],
        dailyCap: code.dailyCap,
        tokenHash: hashToken(placeholder),
        tokenHint: tokenHint(placeholder, "agent"),
        oauthClientId: code.clientId,
        expiresAt: new Date(Date.now() + ACCESS_SECONDS * 1000),
      });
    } catch (error) {
      if (error instanceof DomainError) return new OAuthError("invalid_grant", error.message);
      throw error;
    }
    await tx.oAuthCode.update({ where: { codeHash }, data: { usedAt: new Date(), credentialId: credential.id } });
    return newPair(tx, credential.id, code.scopes);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

export async function refreshTokens(db: Database, input: { refreshToken?: string; clientId?: string }): Promise<TokenResponse> {
  if (!input.refreshToken || !input.clientId)
    throw new OAuthError("invalid_request", "refresh_token and client_id are required.");
  await assertKnownClient(db, input.clientId);
  const tokenHash = hashToken(input.refreshToken);
  const outcome = await db.prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ credential_id: string }[]>`
      SELECT credential_id FROM oauth_refresh_token WHERE token_hash = ${tokenHash} FOR UPDATE`;
    const token = row ? await tx.oAuthRefreshToken.findUnique({ where: { tokenHash }, include: { credential: true } }) : null;
    if (!token) return new OAuthError("invalid_grant", "The refresh token is unknown.");
    const agent = token.credential;
    if (agent.oauthClientId !== input.clientId)
      return new OAuthError("invalid_grant", "The refresh token was issued to another client.");
    if (token.usedAt) {
      // An old refresh token again: it may have been stolen. The agent and all its tokens go.
      await revokeAgent(tx, agent.id);
      return new OAuthError("invalid_grant", "The refresh token was used already; the agent is revoked.");
    }
    if (agent.revokedAt) return new OAuthError("invalid_grant", "The agent was revoked.");
    if (token.expiresAt.getTime() <= Date.now()) return new OAuthError("invalid_grant", "The refresh token has expired.");
    if (!(await mayHold(tx, agent.workspaceId, agent.createdById, agent.siteId))) {
      await revokeAgent(tx, agent.id);
      return new OAuthError(
        "invalid_grant",
        "The person who allowed it can no longer hold an agent on that site; the agent is revoked.",
      );
    }
    await tx.oAuthRefreshToken.update({ where: { tokenHash }, data: { usedAt: new Date() } });
    return newPair(tx, agent.id, agent.scopes);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

/**
 * Revocation (RFC 7009): an access or refresh token of an OAuth agent revokes the agent. Always
 * answered 200, known token or not; a client_id that does not match leaves the token alone.
 */
export async function revokeToken(db: Database, input: { token?: string; clientId?: string }): Promise<void> {
  if (!input.token) return;
  const hash = hashToken(input.token);
  await db.prisma.$transaction(async (tx) => {
    const refresh = await tx.oAuthRefreshToken.findUnique({ where: { tokenHash: hash }, include: { credential: true } });
    const agent = refresh?.credential ?? (await tx.credential.findUnique({ where: { tokenHash: hash } }));
    if (!agent?.oauthClientId) return;
    if (input.clientId && input.clientId !== agent.oauthClientId) return;
    await revokeAgent(tx, agent.id);
  });
}
