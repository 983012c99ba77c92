// The steps an article job runs, in order, for a given brief. The estimate shows this plan and
// the job (a later part of the pipeline) follows it, so both read it from here.
import { LANGUAGE_NAMES, type Language } from "../languages.ts";

export interface PlannedStep {
  id: string;
  name: string;
  estMs: number;
  optional: boolean;
}

interface PlanInput {
  seo: boolean;
  illustration: string;
  versions: readonly Language[];
}

// Typical times with real sites and a model. On the loopback test web every step takes well under
// a second (bench/README.md, Pipeline); fetching pages (in `group`, which needs their text) and
// a model's writing are what take time in use.
const ARTICLE_STEPS: readonly (PlannedStep & { when?: (b: PlanInput) => boolean })[] = [
  { id: "find", name: "Find pages", estMs: 3000, optional: false },
  { id: "group", name: "Group pages by independent origin", estMs: 12000, optional: false },
  { id: "read", name: "Read pages", estMs: 500, optional: false },
  { id: "check", name: "Check claims across origins", estMs: 1000, optional: false },
  { id: "write", name: "Write the article", estMs: 20000, optional: false },
  { id: "seo", name: "Write SEO fields", estMs: 500, optional: true, when: (b) => b.seo },
  { id: "qa", name: "Read the article back against the sources", estMs: 1000, optional: false },
  { id: "illustrate", name: "Make the illustration", estMs: 2000, optional: true, when: (b) => b.illustration === "generate" },
];

export function languageSteps(code: Language, seo: boolean): PlannedStep[] {
  const name = LANGUAGE_NAMES[code];
  return [
    { id: `write-${code}`, name: `Write the ${name} version`, estMs: 20000, optional: true },
    ...(seo ? [{ id: `seo-${code}`, name: `Write ${name} SEO fields`, estMs: 500, optional: true }] : []),
    { id: `qa-${code}`, name: `Read the ${name} version back`, estMs: 1000, optional: true },
  ];
}

export function articleStepPlan(input: PlanInput): PlannedStep[] {
  const steps = ARTICLE_STEPS.filter((s) => !s.when || s.when(input)).map(({ when: _when, ...step }) => step);
  return [...steps, ...input.versions.flatMap((code) => languageSteps(code, input.seo))];
}

/** The typical time of a step by its id (language steps by their kind). */
export function stepEstimate(stepId: string): number {
  const kind = stepId.replace(/-[a-z]+$/, "");
  if (stepId !== kind) return languageSteps("en", true).find((s) => s.id === `${kind}-en`)?.estMs ?? 3000;
  return ARTICLE_STEPS.find((s) => s.id === stepId)?.estMs ?? 3000;
}
