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

/** SQL for the start of the current window. */
export const WINDOW_START = `date_trunc('minute', now())`;
/** SQL for the whole seconds until the current window ends (at least 1). */
export const RESET_SECONDS = `GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${WINDOW_START} + interval '1 minute' - now()))))::int`;

export interface Place {
  /** False when the window already held `limit`: nothing was added. */
  taken: boolean;
  bucket: string;
  windowStart: Date;
  resetSeconds: number;
}

/** SQL for the start of the current window of `$3` seconds (the epoch cut into equal windows). */
const SPAN_START = `to_timestamp(floor(extract(epoch FROM now()) / $3::int) * $3::int)`;
const SPAN_RESET = `GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${SPAN_START} + make_interval(secs => $3::int) - now()))))::int`;

/**
 * Takes one of `limit` places in `bucket`'s current window (a minute unless `windowSeconds` says
 * otherwise), or none when all are taken, in one statement: the row lock of the upsert orders
 * concurrent callers, so no more than `limit` ever succeed in a window, however many ask at once.
 * A window already seen full is not even locked, so a flood of callers does not queue on its row.
 * Windows longer than an hour are not kept (pruneCounters).
 */
export async function takePlace(pool: pg.Pool, bucket: string, limit: number, windowSeconds = 60): Promise<Place> {
  const { rows } = await pool.query<{ taken: boolean; window_start: Date; reset: number }>(
    `WITH hit AS (
       INSERT INTO rate_counter AS r (bucket, window_start, count)
       SELECT $1, ${SPAN_START}, 1
        WHERE COALESCE((SELECT count FROM rate_counter WHERE bucket = $1 AND window_start = ${SPAN_START}), 0) < $2
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = r.count + 1 WHERE r.count < $2
       RETURNING window_start)
     SELECT EXISTS (SELECT 1 FROM hit) AS taken, ${SPAN_START} AS window_start, ${SPAN_RESET} AS reset`,
    [bucket, limit, windowSeconds],
  );
  const row = rows[0];
  return {
    taken: row?.taken ?? false,
    bucket,
    windowStart: row?.window_start ?? new Date(),
    resetSeconds: row?.reset ?? windowSeconds,
  };
}

/** Gives a place back to the window it was taken from (a later window is not touched). */
export async function givePlaceBack(pool: pg.Pool, place: Place): Promise<void> {
  if (!place.taken) return;
  await pool.query(`UPDATE rate_counter SET count = count - 1 WHERE bucket = $1 AND window_start = $2 AND count > 0`, [
    place.bucket,
    place.windowStart,
  ]);
}

/** Drops windows that ended more than an hour ago. */
export async function pruneCounters(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM rate_counter WHERE window_start < now() - interval '1 hour'`);
}
