// OAuth clients (spec, OAuth "Register" and "Client id metadata document"): a client registers
// its redirect addresses and gets a `bzc_…` id, or names itself by the https address of a
// metadata document, which is fetched through the hardened fetcher (16 KB, 5 s, no redirects),
// must repeat that address as its client_id, and is kept for an hour.
import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import { type FetchOptions, hardenedFetch } from "../sourcing/fetch/index.ts";
import { OAuthError } from "./oauthError.ts";
import { redirectUriProblem } from "./redirectUris.ts";

export const REGISTERED_URIS_MAX = 5;
export const DOCUMENT_URIS_MAX = 10;
export const CLIENT_NAME_MAX = 200;
export const DOCUMENT_MAX_BYTES = 16 * 1024;
export const DOCUMENT_TIMEOUT_MS = 5000;
export const DOCUMENT_CACHE_MS = 3_600_000;

export interface OAuthClientView {
  id: string;
  name: string;
  redirectUris: string[];
}

export interface RegisteredClient {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  client_id_issued_at: number;
  token_endpoint_auth_method: "none";
  grant_types: string[];
  response_types: string[];
}

function checkUris(value: unknown, max: number, where: string): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > max) {
    throw new OAuthError("invalid_redirect_uri", `${where} must list 1 to ${max} redirect_uris.`);
  }
  for (const uri of value) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError("invalid_redirect_uri", `${where}: ${problem}.`);
  }
  return [...new Set(value as string[])];
}

function checkName(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw new OAuthError("invalid_request", "client_name must be a string.");
  const name = value.trim();
  if (name.length > CLIENT_NAME_MAX)
    throw new OAuthError("invalid_request", `client_name is at most ${CLIENT_NAME_MAX} characters.`);
  return name;
}

export async function registerClient(db: Database, body: unknown): Promise<RegisteredClient> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new OAuthError("invalid_request", "Send a JSON object with redirect_uris (and client_name).");
  }
  const input = body as { client_name?: unknown; redirect_uris?: unknown };
  const redirectUris = checkUris(input.redirect_uris, REGISTERED_URIS_MAX, "The registration");
  const name = checkName(input.client_name);
  const id = `bzc_${randomBytes(24).toString("base64url")}`;
  const row = await db.prisma.oAuthClient.create({ data: { id, name, redirectUris } });
  return {
    client_id: row.id,
    ...(name ? { client_name: name } : {}),
    redirect_uris: row.redirectUris,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
}

/** True for a client_id that names a metadata document: an https address with a path. */
export function isMetadataDocumentId(clientId: string): boolean {
  if (!clientId.startsWith("https://")) return false;
  try {
    const url = new URL(clientId);
    return url.pathname !== "/" && url.pathname !== "" && !url.hash;
  } catch {
    return false;
  }
}

export type DocumentFetcher = (url: string, options: FetchOptions) => Promise<{ body: string }>;

async function fetchDocument(db: Database, clientId: string, fetcher: DocumentFetcher): Promise<OAuthClientView> {
  let text: string;
  try {
    ({ body: text } = await fetcher(clientId, {
      expect: "json",
      maxBytes: DOCUMENT_MAX_BYTES,
      timeoutMs: DOCUMENT_TIMEOUT_MS,
      maxRedirects: 0,
    }));
  } catch (error) {
    throw new OAuthError("invalid_client", `The client's metadata document could not be fetched: ${(error as Error).message}.`);
  }
  let document: { client_id?: unknown; redirect_uris?: unknown; client_name?: unknown };
  try {
    document = JSON.parse(text) as typeof document;
  } catch {
    throw new OAuthError("invalid_client", "The client's metadata document is not JSON.");
  }
  if (document === null || typeof document !== "object" || document.client_id !== clientId) {
    throw new OAuthError("invalid_client", "The client's metadata document must repeat its own address as client_id.");
  }
  let redirectUris: string[];
  let name: string;
  try {
    redirectUris = checkUris(document.redirect_uris, DOCUMENT_URIS_MAX, "The metadata document");
    name = checkName(document.client_name);
  } catch (error) {
    throw new OAuthError("invalid_client", (error as Error).message);
  }
  const now = new Date();
  await db.prisma.oAuthClient.upsert({
    where: { id: clientId },
    create: { id: clientId, name, redirectUris, metadataDocument: true, fetchedAt: now },
    update: { name, redirectUris, fetchedAt: now },
  });
  return { id: clientId, name, redirectUris };
}

/** The client a client_id names, or invalid_client. A metadata document is fetched again after an hour. */
export async function resolveClient(
  db: Database,
  clientId: unknown,
  fetcher: DocumentFetcher = hardenedFetch,
): Promise<OAuthClientView> {
  if (typeof clientId !== "string" || clientId === "" || clientId.length > 2048) {
    throw new OAuthError("invalid_client", "client_id is missing or not a client of this server.");
  }
  const known = await db.prisma.oAuthClient.findUnique({ where: { id: clientId } });
  if (isMetadataDocumentId(clientId)) {
    if (known?.fetchedAt && Date.now() - known.fetchedAt.getTime() < DOCUMENT_CACHE_MS) {
      return { id: known.id, name: known.name, redirectUris: known.redirectUris };
    }
    return fetchDocument(db, clientId, fetcher);
  }
  if (!known || known.metadataDocument) throw new OAuthError("invalid_client", "client_id is not a client of this server.");
  return { id: known.id, name: known.name, redirectUris: known.redirectUris };
}
