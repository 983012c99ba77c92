// Whether a brief can be written as it stands, told before a credit is spent: a brief that can
// find no page (no useUrls, nothing in the workspace library on its topic, no search provider)
// would only fail at its `find` step, and language versions asked for with no model configured
// would be skipped. The estimate lists both as warnings; starting the article refuses the first
// before any credit is held (422 nothing_to_read).
import type { Brief } from "../../prisma/generated/client/client.ts";
import type { Database } from "../db/database.ts";
import { DomainError } from "../errors.ts";
import type { StepEngines } from "../pipeline/stepTimings.ts";
import { searchLibrary } from "../sourcing/find/pageLibrary.ts";
import { parseLanguage } from "./briefRules.ts";

/**
 * What this process's pipeline can do, from its settings (app/services.ts): whether a web search
 * provider is configured (SEARCH_PROVIDER), whether a model writes language versions (LLM_*; the
 * built-in engine writes none), and which engine runs each step that has a choice (for its time).
 */
export type PipelineCapabilities = StepEngines;

export interface BriefWarning {
  code: "no_pages" | "versions_without_model";
  message: string;
}

const NO_PAGES =
  "Nothing to read: the brief names no pages (useUrls), the workspace library holds none on its topic, and no search provider is configured.";

/** True when the brief can find at least one page to read. */
async function hasPagesToRead(db: Database, brief: Brief, capabilities: PipelineCapabilities): Promise<boolean> {
  if (brief.useUrls.length > 0 || capabilities.search) return true;
  return (await searchLibrary(db, brief.workspaceId, brief.topic, 1)).length > 0;
}

export async function briefWarnings(db: Database, brief: Brief, capabilities: PipelineCapabilities): Promise<BriefWarning[]> {
  const warnings: BriefWarning[] = [];
  if (!(await hasPagesToRead(db, brief, capabilities))) warnings.push({ code: "no_pages", message: NO_PAGES });
  const { versions } = parseLanguage(brief.language);
  if (versions.length > 0 && !capabilities.versionsByModel) {
    warnings.push({
      code: "versions_without_model",
      message: `No model is configured (LLM_BASE_URL, LLM_MODEL): the ${versions.join(", ")} version${versions.length > 1 ? "s" : ""} would be skipped and ${versions.length > 1 ? "their credits" : "its credit"} released.`,
    });
  }
  return warnings;
}

/** Refuses to start an article that has nothing to read, before any credit is held. */
export async function assertSomethingToRead(db: Database, brief: Brief, capabilities: PipelineCapabilities): Promise<void> {
  if (!(await hasPagesToRead(db, brief, capabilities))) {
    throw new DomainError("nothing_to_read", `${NO_PAGES} Add useUrls to the brief, or configure a search provider.`);
  }
}
