// The worker's half of a new picture: make it with the illustrator the `illustrate` step uses,
// then swap it in through editArticle, which adds the version entry ("illustration regenerated",
// naming who asked) and takes an approval away. A failed try is recorded on its row and shows as
// the illustration's `lastFailure`; the old picture stays current.
//
// A run can die with its process. pg-boss then runs the message again once its run expired
// (ILLUSTRATION_REGENERATION_EXPIRE_SECONDS): a run takes the row again whatever it says, so the
// retry carries on. The run after the last try only records the failure, and a try still unfinished
// at its deadline reads as failed anyway (allowances.ts), so `regenerating` is never stuck.

import type { Database } from "../../db/database.ts";
import { DomainError } from "../../errors.ts";
import { log } from "../../log.ts";
import { IllustrationFailure, type Illustrator } from "../../writing/illustration/illustrator.ts";
import type { RenderedIllustration } from "../../writing/types.ts";
import { editArticle } from "../edits/editArticle.ts";
import { OVERDUE_FAILURE } from "./allowances.ts";
import { makeCurrentPicture } from "./currentPicture.ts";
import { requesterPrincipal, type StoredRequester } from "./requester.ts";

export interface RegenerationRun {
  /** 1 for the first run of the message; a retry after a lost worker counts on. */
  attempt: number;
  /** Runs that may try to make the picture; a later run only records the failure. */
  tries: number;
  signal?: AbortSignal;
}

export const LOST_WORKER_FAILURE = "The new picture could not be made: the worker making it stopped each time it tried.";

interface Claimed {
  article_id: string;
  requested_by: StoredRequester;
}

async function fail(db: Database, regenerationId: string, failure: string): Promise<void> {
  await db.pool.query(
    `UPDATE illustration_regeneration SET status = 'failed', failure = $2, finished_at = now()
      WHERE id = $1 AND status IN ('queued', 'running')`,
    [regenerationId, failure.slice(0, 500)],
  );
}

/** Why a try failed, as `lastFailure` says it. */
function failureOf(error: unknown): string {
  if (error instanceof DomainError) {
    if (error.code === "article_archived") return "The article was archived before the new picture was ready.";
    if (error.code === "article_generating") return "The article was being written when the new picture was ready.";
    if (error.code === "not_found") return "The article could no longer be seen by the credential that asked.";
    return error.message;
  }
  // The provider's own words (addresses, its error text) are for the operator's log, not the caller.
  if (error instanceof IllustrationFailure) {
    return error.code === "model_timeout"
      ? "The new picture could not be made: the image model did not answer in time."
      : "The new picture could not be made: the image model refused or failed.";
  }
  return "The new picture could not be made: drawing it failed.";
}

export async function runRegeneration(
  db: Database,
  illustrator: Illustrator,
  regenerationId: string,
  run: RegenerationRun,
): Promise<void> {
  // Takes the try: still in flight and before its deadline. A try already ended (swapped in,
  // failed, or overdue) is left as it is: this message is a late duplicate.
  const { rows } = await db.pool.query<Claimed>(
    `UPDATE illustration_regeneration SET status = 'running', attempts = attempts + 1
      WHERE id = $1 AND status IN ('queued', 'running') AND deadline_at > now()
      RETURNING article_id, requested_by`,
    [regenerationId],
  );
  const claimed = rows[0];
  if (!claimed) {
    await db.pool.query(
      `UPDATE illustration_regeneration SET status = 'failed', failure = $2, finished_at = now()
        WHERE id = $1 AND status IN ('queued', 'running') AND deadline_at <= now()`,
      [regenerationId, OVERDUE_FAILURE],
    );
    return;
  }
  if (run.attempt > run.tries) {
    // Every run before this one lost its worker (or its database) half-way.
    await fail(db, regenerationId, LOST_WORKER_FAILURE);
    return;
  }

  const article = await db.prisma.article.findUnique({
    where: { id: claimed.article_id },
    include: { claims: { orderBy: { position: "asc" }, select: { text: true } } },
  });
  if (!article) return; // deleted: its regeneration rows went with it

  let picture: RenderedIllustration;
  try {
    picture = await illustrator.illustrate(
      {
        title: article.title,
        ...(article.deck ? { deck: article.deck } : {}),
        claims: article.claims.map((c) => c.text),
        style: { palette: [] },
        language: article.language,
        variant: regenerationId,
      },
      run.signal,
    );
  } catch (error) {
    if (run.signal?.aborted) throw error;
    log.warn({ err: error, regenerationId }, "a new picture could not be made");
    await fail(db, regenerationId, failureOf(error));
    return;
  }

  try {
    await editArticle(db, requesterPrincipal(claimed.requested_by), claimed.article_id, {
      async change(_article, tx) {
        // The try must still be in flight: a duplicate run, or one past its deadline, swaps nothing.
        const live = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM illustration_regeneration
           WHERE id = ${regenerationId}::uuid AND status = 'running' AND deadline_at > now() FOR UPDATE`;
        if (live.length === 0) return null;
        return {
          label: "illustration regenerated",
          note: `New ${picture.styleLabel} picture, ${picture.width}×${picture.height}; the earlier ones stay readable.`,
          model: picture.model,
          async alsoWrite(tx, articleId) {
            const added = await makeCurrentPicture(tx, articleId, picture);
            await tx.illustrationRegeneration.update({
              where: { id: regenerationId },
              data: { status: "done", illustrationId: added.id, finishedAt: new Date() },
            });
          },
        };
      },
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error; // the database: pg-boss runs the message again
    await fail(db, regenerationId, failureOf(error));
  }
}
