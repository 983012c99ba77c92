// How a check of the read-back reports: a passed or warning QualityCheck with its items and units,
// and the phrases its details are written with.
import type { QualityCheck } from "../types.ts";

export const quote = (text: string) => `“${text}”`;

/** The text with its first letter in capitals ("units 3 and 4" opening a sentence). */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function listOf(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

export function unitNames(ns: Iterable<number>): string {
  const sorted = [...new Set(ns)].sort((a, b) => a - b);
  return `${sorted.length === 1 ? "unit" : "units"} ${listOf(sorted.map(String))}`;
}

export function result(
  base: { id: string; name: string; actionLabel: string },
  found: { items: string[]; units: Iterable<number> },
  detail: { passed: string; warning: string },
): QualityCheck {
  if (found.items.length === 0) return { id: base.id, name: base.name, verdict: "passed", detail: detail.passed };
  const units = [...new Set(found.units)].sort((a, b) => a - b);
  return {
    id: base.id,
    name: base.name,
    verdict: "warning",
    detail: detail.warning,
    actionLabel: base.actionLabel,
    items: found.items,
    ...(units.length > 0 ? { units, target: units[0] } : {}),
  };
}
