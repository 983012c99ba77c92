// The job event stream, stored. Every event a job raises is a row (job_id, seq) written in the
// transaction of the state change it reports, then announced with NOTIFY so any process
// following the job (the API serving its SSE stream may not be the worker running it) reads it.
// The rows are written and read in src/pipeline/jobStore.ts (appendJobEvents, jobEventsAfter);
// here are the events' shapes and the one listener per process. Pings are never stored.
import pg from "pg";
import { log } from "../log.ts";

export const JOB_EVENTS_CHANNEL = "job_events";

export interface StepEvent {
  kind: "step";
  stepId: string;
  status: "todo" | "running" | "done" | "failed";
  summary: string;
  ms: number;
  details: { tag: string; text: string }[];
}

export type JobEvent =
  | StepEvent
  | { kind: "done"; articleId: string }
  | { kind: "failed"; code: string; message: string }
  | { kind: "refunded"; credits: number; reason?: "unused" };

export interface StoredEvent {
  seq: number;
  event: JobEvent;
}

/**
 * One LISTEN connection per process, fanned out to whoever follows a job. A follower is told
 * "something new for this job" and reads the rows itself, so a missed or merged notification
 * costs nothing: the rows are the truth.
 */
export class JobEventHub {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private readonly followers = new Map<string, Set<() => void>>();
  private closed = false;

  constructor(private readonly connectionString: string) {}

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      for (const wake of this.followers.get(message.payload ?? "") ?? []) wake();
    });
    client.on("error", (error) => {
      log.warn({ err: error }, "job event listener lost its connection; reconnecting");
      this.client = undefined;
      this.connecting = undefined;
      // Followers poll as a fallback, so nothing is lost while the listener reconnects.
      if (!this.closed && this.followers.size > 0) setTimeout(() => void this.ensure().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
    this.client = client;
  }

  private ensure(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().catch((error) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  /** Calls `wake` whenever the job may have new events; returns the function that stops it. */
  async follow(jobId: string, wake: () => void): Promise<() => void> {
    await this.ensure();
    let set = this.followers.get(jobId);
    if (!set) {
      set = new Set();
      this.followers.set(jobId, set);
    }
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.followers.delete(jobId);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.followers.clear();
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}
