// Structured logs. Every line written while a request (or a job) is being handled carries its id,
// taken from the async context rather than passed by hand.
//
// The format: JSON, one object per line, when standard output is not a terminal (a file, a pipe,
// a log collector) or LOG_FORMAT=json; human-readable lines (pino-pretty) on a terminal or with
// LOG_FORMAT=pretty. Both carry the same fields.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import pretty from "pino-pretty";

interface LogContext {
  requestId?: string;
  jobId?: string;
  /** A queued message's run (jobs/queueKit.ts): its queue, pg-boss job id and attempt. */
  queue?: string;
  queueJobId?: string;
  queueAttempt?: number;
}

export const logContext = new AsyncLocalStorage<LogContext>();

export type LogFormat = "json" | "pretty";

/** LOG_FORMAT (`json`, `pretty`; unset or `auto`: pretty on a terminal, JSON otherwise). */
export function logFormat(env: NodeJS.ProcessEnv = process.env, isTTY = process.stdout.isTTY === true): LogFormat {
  const wanted = (env.LOG_FORMAT ?? "").trim().toLowerCase();
  if (wanted === "json" || wanted === "pretty") return wanted;
  return isTTY ? "pretty" : "json";
}

const options: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: () => ({ ...logContext.getStore() }),
};

export const log =
  logFormat() === "pretty"
    ? pino(
        options,
        // Written synchronously, like the JSON destination, so the last line before an exit is not lost.
        pretty({ sync: true, singleLine: true, colorize: process.stdout.isTTY === true, translateTime: "SYS:HH:MM:ss.l" }),
      )
    : pino(options);
