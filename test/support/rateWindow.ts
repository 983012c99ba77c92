// The request limits count per clock minute of the database. A burst that straddles a minute
// boundary would be split across two windows, so tests wait for a fresh minute when little is left.
import type { Database } from "../../src/db/database.ts";

export async function awaitRoomInWindow(db: Database, seconds = 15): Promise<void> {
  const { rows } = await db.pool.query<{ left: number }>(
    `SELECT EXTRACT(EPOCH FROM (date_trunc('minute', now()) + interval '1 minute' - now()))::float AS left`,
  );
  const left = rows[0]?.left ?? 60;
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}
