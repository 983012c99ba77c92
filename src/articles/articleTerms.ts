// The article enumerations of the spec, for filters and request schemas.
import type { ArticleStatus } from "../../prisma/generated/client/enums.ts";
import { ARTICLE_ORIGINS, ARTICLE_STATUSES } from "../enumerations.ts";

export { ARTICLE_ORIGINS, ARTICLE_STATUSES, LIVE_JOB_STATUSES, SETTLED_JOB_STATUSES } from "../enumerations.ts";
export type ArticleOrigin = (typeof ARTICLE_ORIGINS)[number];

export const isArticleStatus = (value: string): value is ArticleStatus => (ARTICLE_STATUSES as readonly string[]).includes(value);

export const isArticleOrigin = (value: string): value is ArticleOrigin => (ARTICLE_ORIGINS as readonly string[]).includes(value);
