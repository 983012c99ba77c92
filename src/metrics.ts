// The process's Prometheus metrics (prom-client), served by GET /metrics (app/http/metrics.ts).
// Only what the domain counts as it happens lives here, each observed in one place: pipeline
// step durations (jobStateMachine.ts), fetches by outcome (the hardened fetcher), job event
// streams open (eventStream.ts). What is read at scrape time (jobs by kind and status, queue
// depth, the credit ledger, the pool) is read by the route. docs/operations.md lists them all.
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export const metricsRegistry = new Registry();

export const stepDuration = new Histogram({
  name: "pipeline_step_duration_seconds",
  help: "Pipeline step runs, from the start of the run to its end, by step and outcome (done, failed).",
  labelNames: ["step", "outcome"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
  registers: [metricsRegistry],
});

export const fetches = new Counter({
  name: "fetches_total",
  help: "Third-party fetches by the hardened fetcher, by outcome: ok, or the rule that refused it (timeout, badStatus, ...), or error.",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

export const eventStreamsOpen = new Gauge({
  name: "job_event_streams_open",
  help: "Job event streams (SSE and GraphQL subscriptions) this process is following now.",
  registers: [metricsRegistry],
});

/** A step run that ended; a language step (`write-de`) is counted under its kind (`write`), so labels stay few. */
export function observeStep(step: string, outcome: "done" | "failed", ms: number): void {
  stepDuration.observe({ step, outcome }, ms / 1000);
}
