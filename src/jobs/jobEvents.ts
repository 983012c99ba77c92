// The job event stream, stored. Every event a job raises is a row (job_id, seq) written in the
// transaction of the state change it reports, then announced with NOTIFY so any process
// following the job (the API serving its SSE stream may not be the worker running it) reads it.
// Pings are never stored.
import pg from "pg";
import type { Sql } from "../db/transaction.ts";
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

/** Appends events to a job's stream inside the caller's transaction; NOTIFY fires on commit. */
export async function appendEvents(sql: Sql, jobId: string, events: readonly JobEvent[]): Promise<void> {
  if (events.length === 0) return;
  const { rows } = await sql.query<{ first: number }>(
    `UPDATE job SET next_seq = next_seq + $2 WHERE id = $1 RETURNING next_seq - $2 AS first`,
    [jobId, events.length],
  );
  const first = rows[0]?.first;
  if (first === undefined) throw new Error(`no job ${jobId}`);
  await sql.query(
    `INSERT INTO job_event (job_id, seq, data)
     SELECT $1, $2 + (ordinality - 1)::int, value FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY`,
    [jobId, first, JSON.stringify(events)],
  );
  await sql.query(`SELECT pg_notify($1, $2)`, [JOB_EVENTS_CHANNEL, jobId]);
}

export async function eventsAfter(pool: pg.Pool, jobId: string, afterSeq: number): Promise<StoredEvent[]> {
  const { rows } = await pool.query<{ seq: number; data: JobEvent }>(
    `SELECT seq, data FROM job_event WHERE job_id = $1 AND seq > $2 ORDER BY seq`,
    [jobId, afterSeq],
  );
  return rows.map((r) => ({ seq: r.seq, event: r.data }));
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
