// Turns a failed scope check into the spec's error: no principal is invalid_key; a credential on
// a person-only field is key_not_allowed; a missing scope is scope_missing; a role that cannot
// edit is key_not_allowed for a credential (its allowlist shrinks with its creator's role) and
// role_missing for a person.
import { type AuthFailure, AuthScopeFailureType } from "@pothos/plugin-scope-auth";
import type { Principal } from "../src/auth/principal.ts";
import { DomainError } from "../src/errors.ts";

function failedScopes(failure: AuthFailure, out: { scope: string; parameter: unknown }[] = []) {
  if (failure.kind === AuthScopeFailureType.AuthScope) out.push({ scope: failure.scope, parameter: failure.parameter });
  if (failure.kind === AuthScopeFailureType.AllAuthScopes || failure.kind === AuthScopeFailureType.AnyAuthScopes) {
    for (const f of failure.failures) failedScopes(f, out);
  }
  return out;
}

export function authFailureToError(failure: AuthFailure, principal: Principal | undefined): DomainError {
  if (!principal) return new DomainError("invalid_key", "Sign in or send a bearer credential.");
  const failed = failedScopes(failure);
  const has = (name: string) => failed.find((f) => f.scope === name);
  if (has("person")) {
    return new DomainError("key_not_allowed", "This operation is for a signed-in person; a key or agent cannot call it.");
  }
  const scope = has("scope");
  if (scope) return new DomainError("scope_missing", `This credential lacks the "${String(scope.parameter)}" scope.`);
  if (has("editRole")) {
    return principal.kind === "person"
      ? new DomainError("role_missing", "Your role cannot change this; it needs Owner, Editor or Writer.")
      : new DomainError("key_not_allowed", "The person who made this credential has a role that cannot change this.");
  }
  if (has("owner")) return new DomainError("role_missing", "Only an Owner can do this.");
  return new DomainError("key_not_allowed", "This credential may not call this operation.");
}
