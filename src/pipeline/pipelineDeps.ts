// What the pipeline's steps work with, read from the environment once per worker process: how
// third-party pages are fetched, which search provider and writers are configured, how
// illustrations are made, and how long a paused job waits to be steered.

import { intSetting } from "../config.ts";
import type { FetchOptions } from "../sourcing/fetch/index.ts";
import type { SearchProvider } from "../sourcing/find/searchProvider.ts";
import { searchProviderFromEnv } from "../sourcing/find/searchProvider.ts";
import { BuiltinWriter } from "../writing/builtin/builtinWriter.ts";
import {
  AbstractEditorialIllustrator,
  type Illustrator,
  illustrationsEnabled,
  illustratorFromEnv,
} from "../writing/illustration/illustrator.ts";
import { versionsByModel, type Writers, writersFromEnv } from "../writing/writers.ts";
import type { StepEngines } from "./stepTimings.ts";

export interface PipelineDeps {
  fetch: FetchOptions;
  search: SearchProvider | undefined;
  writers: Writers;
  illustrator: Illustrator;
  illustrations: boolean;
  /** Pages read at most per article. */
  maxPages: number;
  /** A paused job not steered within this time fails and is refunded. */
  pauseTimeoutSeconds: number;
}

export function pipelineDepsFromEnv(env: NodeJS.ProcessEnv = process.env): PipelineDeps {
  const int = (name: string, fallback: number, min: number) => intSetting(env, name, fallback, min);
  return {
    // The fetcher's allowlist and host map are for tests and local development; empty by default.
    fetch: { allowAddresses: env.FETCH_ALLOW_ADDRESSES ?? "", hostMap: env.FETCH_HOST_MAP ?? "" },
    search: searchProviderFromEnv(env),
    writers: writersFromEnv(env),
    illustrator: illustratorFromEnv(env),
    illustrations: illustrationsEnabled(env),
    maxPages: int("PIPELINE_MAX_PAGES", 20, 2),
    pauseTimeoutSeconds: int("JOB_PAUSE_TIMEOUT_SECONDS", 86_400, 1),
  };
}

/** Which engine runs each step that has a choice, for the steps' time estimates. */
export function stepEnginesOf(deps: Pick<PipelineDeps, "search" | "writers" | "illustrator">): StepEngines {
  return {
    search: deps.search !== undefined,
    articleByModel: !(deps.writers.article instanceof BuiltinWriter),
    versionsByModel: versionsByModel(deps.writers),
    illustrationsByModel: !(deps.illustrator instanceof AbstractEditorialIllustrator),
  };
}
