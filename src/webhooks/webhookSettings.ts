// How deliveries are paced (spec, Webhooks; docs/webhooks.md). Twelve retries after the first
// attempt, from a minute to a day apart, about four days in all: a receiver that is down for a
// day still gets every event once it is back. Each delay is spread by ±10% so that the retries of
// many deliveries that failed together (a receiver's outage) do not all come back in one instant.
import { intSetting } from "../config.ts";

/** Seconds to wait after the 1st, 2nd, … 12th failed attempt. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [
  60, 300, 900, 1_800, 3_600, 7_200, 14_400, 28_800, 43_200, 64_800, 86_400, 86_400,
] as const;

/** The spec's answer rules: a 20 second wait, at most 4,096 bytes of the answer read and kept. */
export const ANSWER_TIMEOUT_MS = 20_000;
export const ANSWER_MAX_BYTES = 4_096;
/** Batches: at most this many deliveries in flight per process, and per workspace per cycle. */
export const BATCH_PER_PROCESS = 20;
export const BATCH_PER_WORKSPACE = 5;
/** The delivery log: rows kept 30 days, their payload blanked after 7. */
export const LOG_KEEP_DAYS = 30;
export const PAYLOAD_KEEP_DAYS = 7;

export interface WebhookSettings {
  /** Delays before each retry (twelve). WEBHOOK_RETRY_SCHEDULE_SECONDS. */
  retrySchedule: readonly number[];
  /** How often a worker process looks for deliveries that are due. WEBHOOK_CYCLE_MS. */
  cycleMs: number;
  /** How long an attempt's claim lasts: an attempt whose worker died is made again after it. */
  leaseSeconds: number;
  /** The answer's wait. */
  answerTimeoutMs: number;
}

export function parseRetrySchedule(raw: string | undefined): readonly number[] {
  if (raw === undefined || raw.trim() === "") return DEFAULT_RETRY_SCHEDULE_SECONDS;
  const delays = raw.split(",").map((part) => Number(part.trim()));
  if (delays.length !== DEFAULT_RETRY_SCHEDULE_SECONDS.length || delays.some((d) => !Number.isFinite(d) || d < 0)) {
    throw new Error(
      `WEBHOOK_RETRY_SCHEDULE_SECONDS must be ${DEFAULT_RETRY_SCHEDULE_SECONDS.length} comma-separated delays in seconds (got "${raw}")`,
    );
  }
  return delays;
}

export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const answerTimeoutMs = ANSWER_TIMEOUT_MS;
  return {
    retrySchedule: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE_SECONDS),
    cycleMs: intSetting(env, "WEBHOOK_CYCLE_MS", 1_000, 10),
    // The claim outlives the longest attempt (the answer's wait, and connecting before it).
    leaseSeconds: intSetting(env, "WEBHOOK_LEASE_SECONDS", 45, Math.ceil(answerTimeoutMs / 1000) + 5),
    answerTimeoutMs,
  };
}

/** Attempts in all: the first and the twelve retries. */
export function attemptLimit(settings: WebhookSettings): number {
  return settings.retrySchedule.length + 1;
}

/** Milliseconds to wait after failed attempt number `attempt` (1-based), with ±10% spread. */
export function retryDelayMs(settings: WebhookSettings, attempt: number, random: () => number = Math.random): number {
  const base = settings.retrySchedule[Math.min(attempt, settings.retrySchedule.length) - 1] ?? 0;
  return Math.round(base * 1000 * (0.9 + 0.2 * random()));
}
