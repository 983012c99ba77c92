// A site's profile (voice, plan of topics, cadence), as the tool interface's site.read reads it.
// Site reading comes with the sites issue; until then no site has been read, so the answer is the
// spec's refusal for a site that has not been read, 409 site_not_ready; reading it again (`again`)
// needs the edit scope first (docs/decisions.md, "The tool interface").
import { hasScope, type Principal } from "../auth/principal.ts";
import { DomainError } from "../errors.ts";

export function readSiteProfile(principal: Principal, again: boolean): never {
  if (again && !hasScope(principal, "edit")) {
    throw new DomainError("scope_missing", 'This credential lacks the "edit" scope, which reading the site again needs.');
  }
  throw new DomainError(
    "site_not_ready",
    again
      ? "The site cannot be read again: site reading is not available on this server yet."
      : "The site has not been read: site reading, and with it the site's profile, is not available on this server yet.",
  );
}
