// Who is calling: a signed-in person, or a credential (API key or agent token) acting for the
// person who made it. Resolved once per request at the edge and handed to GraphQL as context.
import type { Role } from "../../prisma/generated/client/enums.ts";

import { SCOPES } from "../enumerations.ts";

export { SCOPES };
export type Scope = (typeof SCOPES)[number];

export const EDIT_ROLES: readonly Role[] = ["Owner", "Editor", "Writer"];

interface Common {
  workspaceId: string;
  /** The person behind the call: the one signed in, or the credential's creator. */
  personId: string;
  personName: string;
  /** That person's current role in the workspace. */
  role: Role;
}

export interface PersonPrincipal extends Common {
  kind: "person";
  sessionId: string;
}

export interface CredentialPrincipal extends Common {
  kind: "key" | "agent";
  credentialId: string;
  name: string;
  tokenHint: string;
  /** Absent for a whole-workspace key. */
  siteId?: string;
  scopes: Scope[];
  dailyCap?: number;
}

export type Principal = PersonPrincipal | CredentialPrincipal;

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function hasScope(principal: Principal, scope: Scope): boolean {
  // A person is limited by role, not by scopes.
  return principal.kind === "person" || principal.scopes.includes(scope);
}

export function canEdit(principal: Principal): boolean {
  return EDIT_ROLES.includes(principal.role);
}
