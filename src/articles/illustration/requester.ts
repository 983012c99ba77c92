// Who asked for a new picture, kept on the regeneration row: the version entry added when the
// picture is swapped in (by a worker, later) names them as an edit made at the request would.
// Only what naming and the visibility rule read is kept; never a token or a session.
import type { Role } from "../../../prisma/generated/client/enums.ts";
import type { Principal, Scope } from "../../auth/principal.ts";

export interface StoredRequester {
  kind: Principal["kind"];
  workspaceId: string;
  personId: string;
  personName: string;
  role: Role;
  credentialId?: string;
  name?: string;
  tokenHint?: string;
  siteId?: string;
  scopes?: Scope[];
}

export function storeRequester(principal: Principal): StoredRequester {
  const common = {
    workspaceId: principal.workspaceId,
    personId: principal.personId,
    personName: principal.personName,
    role: principal.role,
  };
  if (principal.kind === "person") return { kind: "person", ...common };
  return {
    kind: principal.kind,
    ...common,
    credentialId: principal.credentialId,
    name: principal.name,
    tokenHint: principal.tokenHint,
    ...(principal.siteId ? { siteId: principal.siteId } : {}),
    scopes: principal.scopes,
  };
}

/** The principal the swap acts as: the one that asked, as it was when it asked. */
export function requesterPrincipal(stored: StoredRequester): Principal {
  const common = {
    workspaceId: stored.workspaceId,
    personId: stored.personId,
    personName: stored.personName,
    role: stored.role,
  };
  if (stored.kind === "person") return { kind: "person", ...common, sessionId: "" };
  return {
    kind: stored.kind,
    ...common,
    credentialId: stored.credentialId ?? "",
    name: stored.name ?? "",
    tokenHint: stored.tokenHint ?? "",
    ...(stored.siteId ? { siteId: stored.siteId } : {}),
    scopes: stored.scopes ?? [],
  };
}
