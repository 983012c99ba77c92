// How long a step will take, for the plan a brief's estimate and a started job show (`estMs`).
// A step's time depends on the engine that runs it: the built-in writer takes milliseconds where
// a model takes tens of seconds, a search provider adds a round trip that the library does not,
// and fetching pages costs what the network costs. So the estimate is the median of the last 25
// times this service measured for the step's kind on the engine configured now (`step_timing`,
// written as steps finish), and a figure per engine (measured by bench:pipeline for the built-in
// engine) until three have been measured.
import type { Database } from "../db/database.ts";
import type { Sql } from "../db/transaction.ts";
import { parseLanguageStepId } from "./steps/languageStepIds.ts";

/** Which engine runs each step that has a choice, from this process's settings. */
export interface StepEngines {
  /** SEARCH_PROVIDER is set: `find` asks it as well as the library. */
  search: boolean;
  /** A model writes the article (else the built-in engine). */
  articleByModel: boolean;
  /** A model writes language versions (else none are written: the steps are skipped). */
  versionsByModel: boolean;
  /** An image model makes the illustration (else the built-in abstract renderer). */
  illustrationsByModel: boolean;
}

export type Engine = "builtin" | "model" | "search";

/** The engine that runs a step of this kind (a language step by its kind: write, seo, qa). */
export function engineOf(kind: string, engines: StepEngines, language = false): Engine {
  if (language) return engines.versionsByModel ? "model" : "builtin";
  if (kind === "find") return engines.search ? "search" : "builtin";
  if (kind === "write") return engines.articleByModel ? "model" : "builtin";
  if (kind === "illustrate") return engines.illustrationsByModel ? "model" : "builtin";
  return "builtin";
}

/**
 * Times before any were measured, in ms. The built-in figures are bench:pipeline's medians for a
 * 900-word article from 10 pages (bench/README.md), rounded up; a model's are a model call's
 * typical time; `search` adds a provider's round trip to the library's search.
 */
const FIRST_GUESS: Record<string, Partial<Record<Engine, number>>> = {
  find: { builtin: 15, search: 2000 },
  group: { builtin: 80 },
  read: { builtin: 8 },
  check: { builtin: 15 },
  write: { builtin: 40, model: 20_000 },
  seo: { builtin: 4 },
  qa: { builtin: 40 },
  illustrate: { builtin: 60, model: 15_000 },
  sources: { builtin: 80 },
  // Language steps: the built-in engine skips them at once; a model writes each version.
  "language:write": { builtin: 5, model: 20_000 },
  "language:seo": { builtin: 5, model: 10 },
  "language:qa": { builtin: 5, model: 40 },
};

/** Measured times kept per step kind and engine; the estimate is their median. */
const SAMPLES = 25;
/** Fewer measured times than this say too little: the first guess stands. */
const ENOUGH = 3;
/** The stored times are read again at most this often per process (estimates are a guide, not a clock). */
const CACHE_MS = 2_000;

function kindOf(stepId: string): { key: string; kind: string; language: boolean } {
  const language = parseLanguageStepId(stepId);
  if (language) return { key: `language:${language.kind}`, kind: language.kind, language: true };
  return { key: stepId, kind: stepId, language: false };
}

/** Stores a finished step's time, in the transaction that records it as done. */
export async function recordStepTime(sql: Sql, stepId: string, engines: StepEngines, ms: number): Promise<void> {
  const { key, kind, language } = kindOf(stepId);
  await sql.query(
    `INSERT INTO step_timing (step_kind, engine, samples) VALUES ($1, $2, ARRAY[$3::int])
     ON CONFLICT (step_kind, engine) DO UPDATE
       SET samples = (ARRAY[$3::int] || step_timing.samples)[1:${SAMPLES}], updated_at = now()`,
    [key, engineOf(kind, engines, language), Math.max(0, Math.round(ms))],
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

const cached = new WeakMap<Database, { at: number; rows: Promise<Map<string, number[]>> }>();

async function storedTimes(db: Database): Promise<Map<string, number[]>> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.rows;
  const rows = db.pool
    .query<{ step_kind: string; engine: string; samples: number[] }>("SELECT step_kind, engine, samples FROM step_timing")
    .then(({ rows }) => new Map(rows.map((r) => [`${r.step_kind}/${r.engine}`, r.samples])));
  cached.set(db, { at: Date.now(), rows });
  // A failed read is not kept: the next estimate asks again.
  rows.catch(() => cached.delete(db));
  return rows;
}

/** A step's estimate on these engines, from the times measured and the first guesses. */
export type StepEstimator = (stepId: string) => number;

export async function stepEstimator(db: Database, engines: StepEngines): Promise<StepEstimator> {
  const times = await storedTimes(db);
  return (stepId) => {
    const { key, kind, language } = kindOf(stepId);
    const engine = engineOf(kind, engines, language);
    const measured = times.get(`${key}/${engine}`) ?? [];
    if (measured.length >= ENOUGH) return Math.max(1, median(measured));
    return FIRST_GUESS[key]?.[engine] ?? FIRST_GUESS[key]?.builtin ?? 1000;
  };
}

/** For tests: forget the cached times so the next estimate reads them. */
export function forgetStepTimes(db: Database): void {
  cached.delete(db);
}
