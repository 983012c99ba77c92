// One check of the read-back (readBack.ts runs them in order): length.
import type { QualityCheck } from "../../types.ts";
import { draftWords } from "../../units.ts";
import type { Read } from "../draftReading.ts";

/** Length within this share of the brief's target passes. */
export const LENGTH_TOLERANCE = 0.15;

export function length(read: Read): QualityCheck {
  const { draft, brief } = read.input;
  const words = draftWords(draft);
  const target = brief.targetWords;
  const percent = target > 0 ? Math.round(((words - target) / target) * 100) : 0;
  const signed = percent > 0 ? `+${percent}%` : percent < 0 ? `−${-percent}%` : "±0%";
  const figure = `${words} words against a target of ${target} (${signed})`;
  const within = Math.abs(percent) <= LENGTH_TOLERANCE * 100;
  const base = { id: "length", name: "Length" };
  if (within) return { ...base, verdict: "passed", detail: `${figure}, within ${LENGTH_TOLERANCE * 100}%.` };
  return {
    ...base,
    verdict: "warning",
    detail: `${figure}: ${percent < 0 ? "shorter" : "longer"} than the brief allows (±${LENGTH_TOLERANCE * 100}%).`,
    actionLabel: "Adjust length",
  };
}
