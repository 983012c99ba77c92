// The one domain error. Domain code throws it with a code from the spec's vocabulary; each
// surface (GraphQL, REST, later MCP) has exactly one mapper that turns it into its own shape.

export type ErrorCode =
  | "validation"
  | "payload_too_large"
  | "not_found"
  | "invalid_language"
  | "invalid_key"
  | "key_not_allowed"
  | "scope_missing"
  | "role_missing"
  | "whole_workspace_owner_only"
  | "workspace_deleted"
  | "workspace_paused"
  | "rate_limited"
  | "plan_limit"
  | "invalid_credentials"
  | "forbidden_origin"
  | "method_not_allowed"
  | "misdirected_request"
  | "conflict"
  | "too_few_origins"
  | "insufficient_credits"
  | "budget_exhausted"
  | "article_exists"
  | "article_archived"
  | "article_generating"
  | "site_not_ready"
  | "job_not_paused"
  | "step_mismatch"
  | "job_settled"
  | "step_not_optional"
  | "article_changed"
  | "wrong_unit_kind"
  | "text_too_long"
  | "unsourced_statement"
  | "sources_not_checked"
  | "invalid_structure_edit"
  | "flagged_removal_needs_person"
  | "paragraph_first"
  | "last_paragraph"
  | "cells_mismatch"
  | "rewrite_added_claims"
  | "block_not_rewritable"
  | "invalid_url"
  | "unsafe_url"
  | "source_unreadable"
  | "source_does_not_support"
  | "grouping_unavailable"
  | "not_primary"
  | "no_connection"
  | "illustrations_off"
  | "illustration_regenerating"
  | "beat_article"
  | "no_illustration"
  | "person_only"
  | "open_flags"
  | "model_unavailable"
  | "internal";

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  payload_too_large: 413,
  not_found: 404,
  invalid_language: 422,
  invalid_key: 401,
  key_not_allowed: 403,
  scope_missing: 403,
  role_missing: 403,
  whole_workspace_owner_only: 403,
  workspace_deleted: 410,
  workspace_paused: 409,
  rate_limited: 429,
  plan_limit: 409,
  invalid_credentials: 401,
  forbidden_origin: 403,
  method_not_allowed: 405,
  misdirected_request: 421,
  conflict: 409,
  too_few_origins: 422,
  insufficient_credits: 402,
  budget_exhausted: 429,
  article_exists: 409,
  article_archived: 409,
  article_generating: 409,
  site_not_ready: 409,
  job_not_paused: 409,
  step_mismatch: 409,
  job_settled: 409,
  step_not_optional: 400,
  article_changed: 409,
  wrong_unit_kind: 422,
  text_too_long: 400,
  unsourced_statement: 422,
  sources_not_checked: 422,
  invalid_structure_edit: 400,
  flagged_removal_needs_person: 409,
  paragraph_first: 422,
  last_paragraph: 422,
  cells_mismatch: 422,
  rewrite_added_claims: 422,
  block_not_rewritable: 422,
  invalid_url: 400,
  unsafe_url: 400,
  source_unreadable: 422,
  source_does_not_support: 422,
  grouping_unavailable: 503,
  not_primary: 422,
  no_connection: 409,
  illustrations_off: 503,
  illustration_regenerating: 409,
  beat_article: 409,
  no_illustration: 409,
  person_only: 403,
  open_flags: 422,
  /** The model could not rewrite a unit now (timeout, provider error): retry. */
  model_unavailable: 503,
  internal: 500,
};

export type ErrorExtra = Record<string, string | number | boolean | string[] | undefined>;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: ErrorExtra;

  constructor(code: ErrorCode, message: string, extra: ErrorExtra = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.status = STATUS[code];
    this.extra = extra;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(STATUS, value);
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export const notFound = (what: string) => new DomainError("not_found", `${what} was not found.`);
