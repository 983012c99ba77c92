// What a pipeline step is: its id and name as the job shows them, whether a
// person may skip it, when it is in a brief's plan, and its work. Each step is one file beside
// this one; index.ts lists them in the order a job runs them.
import type { Brief } from "../../../prisma/generated/client/client.ts";
import type { Database } from "../../db/database.ts";
import type { Language } from "../../languages.ts";
import type { CheckedClaim, GroupedSource } from "../../sourcing/types.ts";
import type { Draft, QualityCheck, SeoFields } from "../../writing/types.ts";
import type { PipelineDeps } from "../pipelineDeps.ts";
import type { LanguageStepKind } from "./languageStepIds.ts";

export interface LanguageWork {
  draft?: Draft;
  seo?: SeoFields;
  quality?: QualityCheck[];
  /** Why the language was left out (skipped by the job or a person); its credit is released. */
  dropped?: string;
}

/** What the steps hand each other, kept in job.state. */
export interface PipelineState {
  holdId: string;
  versions: Language[];
  /** A long article (2 credits): counted against the plan's monthly limit. */
  long?: boolean;
  /** The brief as it was when the job started: the steps write what was priced. */
  brief?: Brief;
  /** Per step, its attempt count when a person last retried it (the crash guard counts from there). */
  attemptBase?: Record<string, number>;
  urls?: string[];
  sources?: GroupedSource[];
  claims?: CheckedClaim[];
  languages?: Partial<Record<Language, LanguageWork>>;
  /**
   * A language-adding job (POST /articles/{id}/languages): the languages asked, in order, and who
   * asked (the first version entry of each new version names them). Its article is the primary.
   */
  adding?: { languages: Language[]; by: string; agent: string | null };
  /** What the `sources` step of a language-adding job read again (ids are the primary's sources). */
  reread?: {
    loaded: { id: string; text: string; language?: string }[];
    unreadable: { url: string; reason: string }[];
  };
}

export interface StepContext {
  db: Database;
  deps: PipelineDeps;
  job: { id: string; workspaceId: string; siteId: string | null; articleId: string };
  brief: Brief;
  state: PipelineState;
  signal: AbortSignal;
}

export interface StepResult {
  summary: string;
  details: { tag: string; text: string }[];
  state?: Partial<PipelineState>;
  /** The step did nothing by the job's own decision (e.g. no model for a language). */
  skipped?: boolean;
  /** Leave this language out: its other steps are skipped and its credit released. */
  dropLanguage?: Language;
}

/** What of the brief decides which steps are in its plan. */
export interface PlanInput {
  seo: boolean;
  illustration: string;
  versions: readonly Language[];
}

/** A step of the article itself, run once per job. */
export interface ArticleStep {
  id: string;
  name: string;
  /** A person may skip it when it fails. */
  optional: boolean;
  /** In the plan only when this holds for the brief; always when absent. */
  when?: (plan: PlanInput) => boolean;
  run(ctx: StepContext): Promise<StepResult>;
}

/** A step run once per language version; its id is `<kind>-<code>` (languageStepIds.ts). */
export interface LanguageStep {
  kind: LanguageStepKind;
  name(languageName: string): string;
  optional: boolean;
  /**
   * A version without this step's work is no version: a person skipping it, or the pause timer
   * running out on it, leaves the language out (its credit is released).
   */
  versionNeedsIt: boolean;
  when?: (plan: PlanInput) => boolean;
  run(ctx: StepContext, code: Language): Promise<StepResult>;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
