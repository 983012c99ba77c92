// Language step ids (`write-de`, `seo-de`, `qa-de`): made and read here only.
import type { Language } from "../../languages.ts";

export const LANGUAGE_STEP_KINDS = ["write", "seo", "qa"] as const;
export type LanguageStepKind = (typeof LANGUAGE_STEP_KINDS)[number];

export function languageStepId(kind: LanguageStepKind, code: Language): string {
  return `${kind}-${code}`;
}

const LANGUAGE_STEP_ID = new RegExp(`^(${LANGUAGE_STEP_KINDS.join("|")})-(.+)$`);

/** The kind and language of a language step's id; undefined for a step of the article itself. */
export function parseLanguageStepId(stepId: string): { kind: LanguageStepKind; language: Language } | undefined {
  const match = LANGUAGE_STEP_ID.exec(stepId);
  if (!match) return undefined;
  return { kind: match[1] as LanguageStepKind, language: match[2] as Language };
}
