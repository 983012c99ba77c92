// The allowances of new pictures: 5 a day per article, 50 a day per workspace (UTC days; every
// try counts, failed ones too), and 2 in flight per workspace. A try is in flight while it is
// queued or running and its deadline has not passed. The counts are read from the regeneration
// rows themselves, so they hold across every process that shares the database.
import type { Sql } from "../../db/transaction.ts";

export const PER_ARTICLE_A_DAY = 5;
export const PER_WORKSPACE_A_DAY = 50;
export const IN_FLIGHT_PER_WORKSPACE = 2;
/** Retry-After when the workspace has two pictures in the making: about how long one takes. */
export const IN_FLIGHT_RETRY_SECONDS = 30;

/** SQL: the start of the current UTC day, as a timestamptz. */
export const UTC_DAY_START = `(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
/** SQL: a regeneration row (alias `r`) still in the making. */
export const IN_FLIGHT = `(r.status IN ('queued', 'running') AND r.deadline_at > now())`;

/** What `lastFailure` says of a try whose deadline passed before it ended. */
export const OVERDUE_FAILURE = "The new picture was not made in time; no worker finished it.";

export interface Counts {
  articleToday: number;
  workspaceToday: number;
  workspaceInFlight: number;
  articleInFlight: boolean;
  /** Whole seconds until the next 00:00 UTC by the database clock (at least 1). */
  secondsToMidnight: number;
}

export async function countRegenerations(sql: Sql, workspaceId: string, articleId: string): Promise<Counts> {
  const { rows } = await sql.query<{
    article_today: number;
    workspace_today: number;
    in_flight: number;
    article_in_flight: boolean;
    to_midnight: number;
  }>(
    `SELECT count(*) FILTER (WHERE r.article_id = $2 AND r.requested_at >= ${UTC_DAY_START})::int AS article_today,
            count(*) FILTER (WHERE r.requested_at >= ${UTC_DAY_START})::int AS workspace_today,
            count(*) FILTER (WHERE ${IN_FLIGHT})::int AS in_flight,
            COALESCE(bool_or(r.article_id = $2 AND ${IN_FLIGHT}), false) AS article_in_flight,
            GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${UTC_DAY_START} + interval '1 day' - now()))))::int AS to_midnight
       FROM illustration_regeneration r
      WHERE r.workspace_id = $1 AND (r.requested_at >= ${UTC_DAY_START} OR ${IN_FLIGHT})`,
    [workspaceId, articleId],
  );
  const row = rows[0];
  return {
    articleToday: row?.article_today ?? 0,
    workspaceToday: row?.workspace_today ?? 0,
    workspaceInFlight: row?.in_flight ?? 0,
    articleInFlight: row?.article_in_flight ?? false,
    secondsToMidnight: row?.to_midnight ?? 86_400,
  };
}

/** New pictures still allowed today: the lower of the article's and the workspace's allowance. */
export function regenerationsLeft(articleToday: number, workspaceToday: number): number {
  return Math.max(0, Math.min(PER_ARTICLE_A_DAY - articleToday, PER_WORKSPACE_A_DAY - workspaceToday));
}
