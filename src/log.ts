// Structured JSON logs. Every line written while a request (or, later, a job) is being handled
// carries its id, taken from the async context rather than passed by hand.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

interface LogContext {
  requestId?: string;
  jobId?: string;
  /** A queued message's run (jobs/queueKit.ts): its queue, pg-boss job id and attempt. */
  queue?: string;
  queueJobId?: string;
  queueAttempt?: number;
}

export const logContext = new AsyncLocalStorage<LogContext>();

export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: () => ({ ...logContext.getStore() }),
});
