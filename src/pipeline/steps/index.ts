// The pipeline's steps, in the order a job runs them: the article's own, then each language
// version's. The plan the estimate shows, the job's step rows and the job state machine all read
// this list.
import { LANGUAGE_NAMES, type Language } from "../../languages.ts";
import type { StepEstimator } from "../stepTimings.ts";
import { check } from "./check.ts";
import { find } from "./find.ts";
import { group } from "./group.ts";
import { illustrate } from "./illustrate.ts";
import { languageStepId, parseLanguageStepId } from "./languageStepIds.ts";
import { qa } from "./qa.ts";
import { qaLanguage } from "./qaLanguage.ts";
import { read } from "./read.ts";
import { seo } from "./seo.ts";
import { seoLanguage } from "./seoLanguage.ts";
import { sources } from "./sources.ts";
import type { ArticleStep, LanguageStep, PlanInput, StepContext, StepResult } from "./stepDefinition.ts";
import { write } from "./write.ts";
import { writeLanguage } from "./writeLanguage.ts";

export { languageStepId, parseLanguageStepId } from "./languageStepIds.ts";
export type { LanguageWork, PipelineState, PlanInput, StepContext, StepResult } from "./stepDefinition.ts";

export const ARTICLE_STEPS: readonly ArticleStep[] = [find, group, read, check, write, seo, qa, illustrate];

/** A language-adding job's own steps (POST /articles/{id}/languages), before its language steps. */
export const LANGUAGE_ADDING_STEPS: readonly ArticleStep[] = [sources];

/** Run for each language version after the article's steps, in this order. */
export const LANGUAGE_STEPS: readonly LanguageStep[] = [writeLanguage, seoLanguage, qaLanguage];

/** A step in a job's plan, as the estimate, the start answer and the job's rows show it. */
export interface PlannedStep {
  id: string;
  name: string;
  estMs: number;
  optional: boolean;
}

export function languageSteps(code: Language, plan: PlanInput, estimate: StepEstimator): PlannedStep[] {
  return LANGUAGE_STEPS.filter((s) => !s.when || s.when(plan)).map((s) => {
    const id = languageStepId(s.kind, code);
    return { id, name: s.name(LANGUAGE_NAMES[code]), estMs: estimate(id), optional: s.optional };
  });
}

/** The steps an article job runs, in order, for a brief, each with its time on the engines configured. */
export function articleStepPlan(plan: PlanInput, estimate: StepEstimator): PlannedStep[] {
  const steps = ARTICLE_STEPS.filter((s) => !s.when || s.when(plan)).map(({ id, name, optional }) => ({
    id,
    name,
    estMs: estimate(id),
    optional,
  }));
  return [...steps, ...plan.versions.flatMap((code) => languageSteps(code, plan, estimate))];
}

/** The steps a language-adding job runs: `sources`, then each language's steps in the order asked. */
export function languageAddingPlan(plan: PlanInput, estimate: StepEstimator): PlannedStep[] {
  const own = LANGUAGE_ADDING_STEPS.map(({ id, name, optional }) => ({ id, name, estMs: estimate(id), optional }));
  return [...own, ...plan.versions.flatMap((code) => languageSteps(code, plan, estimate))];
}

const ownStep = (stepId: string) =>
  ARTICLE_STEPS.find((s) => s.id === stepId) ?? LANGUAGE_ADDING_STEPS.find((s) => s.id === stepId);

/**
 * The language a person skipping this step (or the pause timer running out on it) leaves out of
 * the job: a language step whose work the version needs. Undefined for any other step.
 */
export function languageLeftOutBySkipping(stepId: string): Language | undefined {
  const language = parseLanguageStepId(stepId);
  if (!language) return undefined;
  const step = LANGUAGE_STEPS.find((s) => s.kind === language.kind);
  return step?.versionNeedsIt ? language.language : undefined;
}

/** Whether a step belongs to this language version. */
export function isStepOfLanguage(stepId: string, code: Language): boolean {
  return parseLanguageStepId(stepId)?.language === code;
}

/** Runs one step of a job by its id. */
export async function runPipelineStep(stepId: string, ctx: StepContext): Promise<StepResult> {
  const language = parseLanguageStepId(stepId);
  if (language) {
    const step = LANGUAGE_STEPS.find((s) => s.kind === language.kind);
    if (step) return step.run(ctx, language.language);
  }
  const step = ownStep(stepId);
  if (!step) throw new Error(`unknown step ${stepId}`);
  return step.run(ctx);
}
