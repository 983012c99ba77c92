// The contract's enumerations (spec, "Enumerations"), listed once. Domain modules take their value
// lists and types from here; schema/enumerations.ts hands them to the facades, which declare and
// check requests and answers against them. GraphQL still types these fields as String (making them
// GraphQL enums would change the public schema).
import type { ArticleStatus, JobStatus, StepStatus } from "../prisma/generated/client/enums.ts";

type Values<T extends readonly string[]> = T[number];

export const ARTICLE_STATUSES = [
  "draft",
  "generating",
  "needsReview",
  "approved",
  "published",
  "held",
  "archived",
] as const satisfies readonly ArticleStatus[];
export const ARTICLE_ORIGINS = ["manual", "beat", "agent", "schedule"] as const;
export const CLAIM_STATES = ["corroborated", "singleSource", "circular", "disputed", "parallel"] as const;
export type ClaimState = Values<typeof CLAIM_STATES>;

export const PURPOSES = ["news", "explainer", "background", "roundup", "press", "blog"] as const;
export const TONES = ["neutral", "explanatory", "formal", "conversational"] as const;
export const LENGTHS = ["short", "standard", "long"] as const;
export const STRUCTURES = ["ibc", "list", "qa"] as const;
export const ILLUSTRATIONS = ["generate", "upload", "none"] as const;

export const ILLUSTRATION_STATUSES = ["ready", "skipped", "generating", "failed"] as const;
export const ESTIMATE_PART_KINDS = ["article", "version"] as const;
export const REWRITE_MODES = ["shorter", "longer", "tone"] as const;
export type RewriteMode = Values<typeof REWRITE_MODES>;
/** Export targets; the tool interface also accepts `cms`. */
export const EXPORT_TARGETS = ["markdown", "pdf", "docx", "cms"] as const;
export type ExportTarget = Values<typeof EXPORT_TARGETS>;
export const QUALITY_VERDICTS = ["passed", "warning"] as const;
export const BLOCK_KINDS = ["heading", "list", "table"] as const;
export const STRUCTURE_OPS = ["insertParagraph", "insertHeading", "insertItem", "insertRow", "remove", "move"] as const;

export const JOB_STATUSES = [
  "queued",
  "running",
  "paused",
  "done",
  "failed",
  "cancelled",
] as const satisfies readonly JobStatus[];
/** Job statuses in which a job still belongs to its article (the article's `run`, `addingLanguages`). */
export const LIVE_JOB_STATUSES = ["queued", "running", "paused"] as const satisfies readonly JobStatus[];
/** Job statuses of a finished job: nothing more happens to it. */
const SETTLED = ["done", "failed", "cancelled"] as const satisfies readonly JobStatus[];
export const SETTLED_JOB_STATUSES: readonly string[] = SETTLED;
export const STEP_STATUSES = ["todo", "running", "done", "failed"] as const satisfies readonly StepStatus[];

export const SCOPES = ["brief", "generate", "read", "edit", "export"] as const;
/** Webhook event types an endpoint may tick (spec, Webhooks); `test` is sent by the test button only. */
export const WEBHOOK_EVENT_TYPES = [
  "job.done",
  "job.failed",
  "article.approved",
  "article.exported",
  "beat.run.done",
  "agent.budget_exhausted",
  "site.read",
] as const;
export type WebhookEventType = Values<typeof WEBHOOK_EVENT_TYPES>;
/** Where a delivery stands: pending (tried again at `nextAttemptAt`), delivered, failed (given up). */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = Values<typeof WEBHOOK_DELIVERY_STATUSES>;
