// `addingLanguages` on a primary article: the language-adding job while it is queued, running or
// paused. Ids as stored; the spec's AddingLanguages writes them lower-case (schema/articleOut.ts).
import type { Database } from "../../db/database.ts";
import { findLiveLanguageAddingJob } from "../../pipeline/jobStore.ts";

export interface AddingLanguagesView {
  jobId: string;
  status: string;
  briefId?: string;
  languages: string[];
}

/** The live language-adding job of a primary article; undefined for a version or when none runs. */
export async function addingLanguagesOf(
  db: Database,
  article: { id: string; primaryArticleId: string | null },
): Promise<AddingLanguagesView | undefined> {
  if (article.primaryArticleId) return undefined;
  const job = await findLiveLanguageAddingJob(db, article.id);
  if (!job) return undefined;
  return {
    jobId: job.id,
    status: job.status,
    ...(job.briefId ? { briefId: job.briefId } : {}),
    languages: job.languages,
  };
}
