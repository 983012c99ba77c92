// How a principal is named on what it makes: an article's `by` and `agentName`, and the `agent`
// of a version entry. A person is their name; a credential acts for the person who made it.
import type { Principal } from "../auth/principal.ts";

export interface PrincipalNames {
  /** The article's `by`: `<person name> · via agent` for an agent, `· via API key` for a key. */
  by: string;
  /** The agent or key that started it (the summary's `agentName`). */
  agentName?: string;
  /** A version entry's `agent`: the agent name, or `API key <name> (<display>)`. */
  versionAgent?: string;
}

export function describePrincipal(principal: Principal): PrincipalNames {
  if (principal.kind === "person") return { by: principal.personName };
  if (principal.kind === "agent") {
    return { by: `${principal.personName} · via agent`, agentName: principal.name, versionAgent: principal.name };
  }
  return {
    by: `${principal.personName} · via API key`,
    agentName: principal.name,
    versionAgent: `API key ${principal.name} (${principal.tokenHint})`,
  };
}
