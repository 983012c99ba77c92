// The job writing an article, as the article and its summary show it (`run`).
import type { Database } from "../db/database.ts";
import { findLiveJobsOfArticles } from "../pipeline/jobStore.ts";

export interface RunView {
  jobId: string;
  status: string;
  briefId?: string;
}

export function runOf(job: { id: string; status: string; briefId: string | null } | undefined): RunView | undefined {
  if (!job) return undefined;
  return { jobId: job.id, status: job.status, ...(job.briefId ? { briefId: job.briefId } : {}) };
}

/** The job that is writing each of these articles (the newest live one when there are several). */
export async function liveJobs(db: Database, workspaceId: string, articleIds: string[]) {
  const byArticle = new Map<string, { id: string; status: string; briefId: string | null }>();
  if (articleIds.length === 0) return byArticle;
  const jobs = await findLiveJobsOfArticles(db, workspaceId, articleIds);
  for (const job of jobs) if (job.articleId && !byArticle.has(job.articleId)) byArticle.set(job.articleId, job);
  return byArticle;
}
