// What the article's Illustration says of new pictures: whether one is being made, why the last
// try failed, and how many are still allowed today. Read in one statement.
import type { Database } from "../../db/database.ts";
import { IN_FLIGHT, OVERDUE_FAILURE, regenerationsLeft, UTC_DAY_START } from "./allowances.ts";

export interface RegenerationState {
  regenerating: boolean;
  /** Why the latest try that ended failed; absent once a later try swapped its picture in. */
  lastFailure?: string;
  regenerationsLeft: number;
}

export async function regenerationState(db: Database, workspaceId: string, articleId: string): Promise<RegenerationState> {
  const { rows } = await db.pool.query<{
    regenerating: boolean;
    last_failure: string | null;
    article_today: number;
    workspace_today: number;
  }>(
    `SELECT EXISTS (SELECT 1 FROM illustration_regeneration r WHERE r.article_id = $2 AND ${IN_FLIGHT}) AS regenerating,
            (SELECT CASE WHEN r.status = 'failed' THEN r.failure
                         WHEN r.status IN ('queued', 'running') THEN $3 END
               FROM illustration_regeneration r
              WHERE r.article_id = $2 AND NOT ${IN_FLIGHT}
              ORDER BY r.requested_at DESC LIMIT 1) AS last_failure,
            (SELECT count(*)::int FROM illustration_regeneration r
              WHERE r.article_id = $2 AND r.requested_at >= ${UTC_DAY_START}) AS article_today,
            (SELECT count(*)::int FROM illustration_regeneration r
              WHERE r.workspace_id = $1 AND r.requested_at >= ${UTC_DAY_START}) AS workspace_today`,
    [workspaceId, articleId, OVERDUE_FAILURE],
  );
  const row = rows[0];
  return {
    regenerating: row?.regenerating ?? false,
    ...(row?.last_failure ? { lastFailure: row.last_failure } : {}),
    regenerationsLeft: regenerationsLeft(row?.article_today ?? 0, row?.workspace_today ?? 0),
  };
}
