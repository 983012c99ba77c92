// POST /articles/{id}/illustration/regenerate: checks every rule, takes a place in the allowances
// and queues the new picture, all in one transaction. The article is answered at once with
// `illustration.regenerating` true; the picture is made and swapped in by a worker
// (runRegeneration.ts), which adds the version entry then.
import { randomUUID } from "node:crypto";
import type { ArticleStatus } from "../../../prisma/generated/client/client.ts";
import type { Principal } from "../../auth/principal.ts";
import { assertVisible } from "../../auth/visibility.ts";
import type { Database } from "../../db/database.ts";
import { withTransaction } from "../../db/transaction.ts";
import { DomainError } from "../../errors.ts";
import { parseId } from "../../ids.ts";
import { type ArticleView, articleView } from "../articleView.ts";
import { assertEditable } from "../edits/editArticle.ts";
import {
  countRegenerations,
  IN_FLIGHT_PER_WORKSPACE,
  IN_FLIGHT_RETRY_SECONDS,
  OVERDUE_FAILURE,
  PER_ARTICLE_A_DAY,
  PER_WORKSPACE_A_DAY,
} from "./allowances.ts";
import type { RegenerationQueue } from "./regenerationQueue.ts";
import { storeRequester } from "./requester.ts";

interface ArticleRow {
  id: string;
  workspaceId: string;
  siteId: string | null;
  status: ArticleStatus;
  archivedAt: Date | null;
  primaryArticleId: string | null;
  origin: string;
  hasPicture: boolean;
}

/**
 * Queues a new picture of the article and answers the article as it is now, with its
 * illustration `regenerating`. This process's workers are woken only once the article is read,
 * so the answer shows the picture in the making rather than one already swapped in.
 */
export async function regenerateIllustration(
  db: Database,
  queue: RegenerationQueue,
  principal: Principal,
  id: string,
): Promise<ArticleView> {
  await requestRegeneration(db, queue, principal, id);
  try {
    return await articleView(db, principal, id);
  } finally {
    queue.wake();
  }
}

/** Checks every rule and queues a new picture of the article; answers the regeneration's id. */
export async function requestRegeneration(
  db: Database,
  queue: RegenerationQueue,
  principal: Principal,
  id: string,
): Promise<string> {
  const articleId = parseId(id);
  if (!articleId) throw new DomainError("not_found", "No such article.");
  const regenerationId = await withTransaction(db, async (sql) => {
    // Every regeneration of a workspace is decided one at a time: two requests at once cannot
    // both take the last place of an allowance, nor both start a picture of one article.
    await sql.query(`SELECT pg_advisory_xact_lock(hashtext('illustration-regeneration'), hashtext($1))`, [principal.workspaceId]);
    const { rows } = await sql.query<ArticleRow>(
      `SELECT a.id, a.workspace_id AS "workspaceId", a.site_id AS "siteId", a.status, a.archived_at AS "archivedAt",
              a.primary_article_id AS "primaryArticleId", a.origin,
              EXISTS (SELECT 1 FROM illustration i WHERE i.article_id = a.id AND i.current) AS "hasPicture"
         FROM article a WHERE a.id = $1 FOR UPDATE OF a`,
      [articleId],
    );
    const article = rows[0];
    assertVisible(principal, "article", article);
    if (!queue.settings.enabled) {
      throw new DomainError("illustrations_off", "This deployment makes no illustrations.");
    }
    const workspace = await sql.query<{ status: string }>(`SELECT status FROM workspace WHERE id = $1`, [article.workspaceId]);
    if (workspace.rows[0]?.status === "paused") {
      throw new DomainError("workspace_paused", "The workspace is paused; no new picture can be made.");
    }
    assertEditable(article);
    if (article.primaryArticleId) {
      throw new DomainError("no_illustration", "A language version has no picture of its own; regenerate the primary article's.");
    }
    if (!article.hasPicture) throw new DomainError("no_illustration", "The article has no picture to make again.");
    // No article has this origin until Beats exist; the rule is the spec's and holds then.
    if (article.origin === "beat") {
      throw new DomainError("beat_article", "An article written by a Beat keeps its original illustration.");
    }

    // A try whose deadline passed is over, whatever became of its worker: record it as failed.
    await sql.query(
      `UPDATE illustration_regeneration SET status = 'failed', failure = $2, finished_at = now()
        WHERE workspace_id = $1 AND status IN ('queued', 'running') AND deadline_at <= now()`,
      [article.workspaceId, OVERDUE_FAILURE],
    );
    const counts = await countRegenerations(sql, article.workspaceId, article.id);
    if (counts.articleInFlight) {
      throw new DomainError("illustration_regenerating", "A new picture of this article is already being made.");
    }
    if (counts.articleToday >= PER_ARTICLE_A_DAY) {
      throw new DomainError(
        "rate_limited",
        `This article has had its ${PER_ARTICLE_A_DAY} new pictures today (UTC); ask again after midnight UTC.`,
        { retryAfter: counts.secondsToMidnight },
      );
    }
    if (counts.workspaceToday >= PER_WORKSPACE_A_DAY) {
      throw new DomainError(
        "rate_limited",
        `The workspace has had its ${PER_WORKSPACE_A_DAY} new pictures today (UTC); ask again after midnight UTC.`,
        { retryAfter: counts.secondsToMidnight },
      );
    }
    if (counts.workspaceInFlight >= IN_FLIGHT_PER_WORKSPACE) {
      throw new DomainError(
        "rate_limited",
        `The workspace already has ${IN_FLIGHT_PER_WORKSPACE} new pictures in the making; ask again when one is done.`,
        { retryAfter: IN_FLIGHT_RETRY_SECONDS },
      );
    }

    const regenerationId = randomUUID();
    await sql.query(
      `INSERT INTO illustration_regeneration (id, article_id, workspace_id, status, requested_by, deadline_at)
       VALUES ($1, $2, $3, 'queued', $4, now() + make_interval(secs => $5))`,
      [
        regenerationId,
        article.id,
        article.workspaceId,
        JSON.stringify(storeRequester(principal)),
        queue.settings.deadlineSeconds,
      ],
    );
    await queue.queueRegeneration(sql, { regenerationId });
    return regenerationId;
  });
  return regenerationId;
}
