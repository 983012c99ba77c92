// The article enumerations of the spec, for filters and request schemas.
import { ArticleStatus } from "../../prisma/generated/client/enums.ts";

export const ARTICLE_STATUSES = Object.values(ArticleStatus) as [ArticleStatus, ...ArticleStatus[]];

export const ARTICLE_ORIGINS = ["manual", "beat", "agent", "schedule"] as const;
export type ArticleOrigin = (typeof ARTICLE_ORIGINS)[number];

/** Job statuses in which a job still belongs to its article (the article's `run`). */
export const LIVE_JOB_STATUSES = ["queued", "running", "paused"] as const;

/** Job statuses of a finished job: nothing more happens to it. */
export const SETTLED_JOB_STATUSES: readonly string[] = ["done", "failed", "cancelled"];

export const isArticleStatus = (value: string): value is ArticleStatus => (ARTICLE_STATUSES as readonly string[]).includes(value);

export const isArticleOrigin = (value: string): value is ArticleOrigin => (ARTICLE_ORIGINS as readonly string[]).includes(value);
