// The limits of topic checks (spec, Limits: 60 a day, UTC, and 2 at once per workspace), for
// `sources.check` and, when sites exist, POST /sites/{siteID}/topics/check. A check takes a place
// under a per-workspace lock, so two asking at once cannot both take the last one; a check whose
// process died stops counting as running after two minutes.
import type { Database } from "../../db/database.ts";
import { withTransaction } from "../../db/transaction.ts";
import { DomainError } from "../../errors.ts";

export const TOPIC_CHECKS_A_DAY = 60;
export const TOPIC_CHECKS_AT_ONCE = 2;
const RUNNING_AT_MOST_SECONDS = 120;
const AT_ONCE_RETRY_SECONDS = 5;

export async function withTopicCheckPlace<T>(db: Database, workspaceId: string, run: () => Promise<T>): Promise<T> {
  const id = await withTransaction(db, async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(hashtext('topic-check'), hashtext($1))`, [workspaceId]);
    await sql.query(`DELETE FROM topic_check WHERE workspace_id = $1 AND started_at < now() - interval '2 days'`, [workspaceId]);
    const { rows } = await sql.query<{ today: number; running: number; to_midnight: number }>(
      `WITH day AS (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start)
       SELECT count(*) FILTER (WHERE t.started_at >= day.start)::int AS today,
              count(*) FILTER (WHERE t.finished_at IS NULL
                                 AND t.started_at > now() - make_interval(secs => $2))::int AS running,
              GREATEST(1, CEIL(EXTRACT(EPOCH FROM (day.start + interval '1 day' - now()))))::int AS to_midnight
         FROM day LEFT JOIN topic_check t ON t.workspace_id = $1
        GROUP BY day.start`,
      [workspaceId, RUNNING_AT_MOST_SECONDS],
    );
    const counts = rows[0] ?? { today: 0, running: 0, to_midnight: 86_400 };
    if (counts.today >= TOPIC_CHECKS_A_DAY) {
      throw new DomainError(
        "rate_limited",
        `The workspace has run its ${TOPIC_CHECKS_A_DAY} topic checks today (UTC); ask again after midnight UTC.`,
        { retryAfter: counts.to_midnight },
      );
    }
    if (counts.running >= TOPIC_CHECKS_AT_ONCE) {
      throw new DomainError(
        "rate_limited",
        `The workspace already has ${TOPIC_CHECKS_AT_ONCE} topic checks running; ask again when one has finished.`,
        { retryAfter: AT_ONCE_RETRY_SECONDS },
      );
    }
    const inserted = await sql.query<{ id: string }>(
      `INSERT INTO topic_check (id, workspace_id) VALUES (gen_random_uuid(), $1) RETURNING id`,
      [workspaceId],
    );
    return inserted.rows[0]?.id as string;
  });
  try {
    return await run();
  } finally {
    await db.pool.query(`UPDATE topic_check SET finished_at = now() WHERE id = $1`, [id]).catch(() => undefined);
  }
}
