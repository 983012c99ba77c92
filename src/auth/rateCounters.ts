// Fixed one-minute windows counted in PostgreSQL, so a limit holds across every process that
// shares the database. The window is the database clock's minute, never a process's own.
import type pg from "pg";

export const REQUESTS_PER_MINUTE = 60;
export const REFUSED_TOKENS_PER_MINUTE = 20;

export interface WindowCount {
  count: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

const RESET = `GREATEST(1, CEIL(EXTRACT(EPOCH FROM (date_trunc('minute', now()) + interval '1 minute' - now()))))::int`;

/** Adds one to `bucket` in the current window and returns the new count. */
export async function countHit(pool: pg.Pool, bucket: string): Promise<WindowCount> {
  const { rows } = await pool.query<{ count: number; reset: number }>(
    `INSERT INTO rate_counter (bucket, window_start, count) VALUES ($1, date_trunc('minute', now()), 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_counter.count + 1
     RETURNING count, ${RESET} AS reset`,
    [bucket],
  );
  const row = rows[0];
  return { count: row?.count ?? 1, resetSeconds: row?.reset ?? 60 };
}

/** The count of `bucket` in the current window, without adding to it. */
export async function peekCount(pool: pg.Pool, bucket: string): Promise<WindowCount> {
  const { rows } = await pool.query<{ count: number | null; reset: number }>(
    `SELECT (SELECT count FROM rate_counter WHERE bucket = $1 AND window_start = date_trunc('minute', now())) AS count,
            ${RESET} AS reset`,
    [bucket],
  );
  const row = rows[0];
  return { count: row?.count ?? 0, resetSeconds: row?.reset ?? 60 };
}

/** Drops windows that ended more than an hour ago. */
export async function pruneCounters(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM rate_counter WHERE window_start < now() - interval '1 hour'`);
}
