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
  | "nothing_to_read"
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
  nothing_to_read: 422,
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

/**
 * What each code means, in a sentence for a client author: the one list the error catalogue
 * (docs/errors.md, GET /docs/errors) and the OpenAPI document's error examples are made from.
 */
const DESCRIPTIONS: Record<ErrorCode, string> = {
  validation:
    "The request is malformed: a field is missing, unknown, of the wrong type or out of range (`field` names it when one is to blame).",
  payload_too_large: "The body is larger than the route accepts (1 MiB; 16 KiB for signing in).",
  not_found: "No such route, or the thing named does not exist or is not visible to the caller.",
  invalid_language: "A language code is not one the service writes in, or a language list is malformed.",
  invalid_key: "The bearer token is unknown, revoked or wrongly prefixed, or was sent where tokens are not accepted.",
  key_not_allowed: "This route or action is not open to API keys or agents: a signed-in person does it.",
  scope_missing: "The key or agent lacks the scope the route needs (`read`, `brief`, `generate`, `edit`...).",
  role_missing: "The caller's role in the workspace does not allow this action (e.g. a Viewer editing).",
  whole_workspace_owner_only: "Only an Owner may make a credential or webhook for the whole workspace; choose a site.",
  workspace_deleted: "The workspace was deleted; it can be restored until `restoreUntil`.",
  workspace_paused: "The workspace is paused; nothing new is started until it is resumed.",
  rate_limited:
    "Too many requests, or too many refused credentials, from this caller or address: retry after `Retry-After` seconds.",
  plan_limit: "The workspace's plan allows no more of this (agents, webhook endpoints, long articles a month...).",
  invalid_credentials: "The email and password do not match a person.",
  forbidden_origin: "The request's Origin is not one the service accepts (CORS_ORIGINS) for this route.",
  method_not_allowed: "The path exists but not with this method; `Allow` lists the methods it has.",
  misdirected_request: "The Host header names another server than this one.",
  conflict: "The request does not fit the current state of what it changes (e.g. republishing an article not approved).",
  too_few_origins: "No readable, independent origin was found to write from.",
  nothing_to_read:
    "The brief names no pages (useUrls), the workspace library holds none on its topic, and no search provider is configured; refused before any credit is held.",
  insufficient_credits: "The balance cannot cover the credits this needs, or the trial ended.",
  budget_exhausted: "The credential's daily credit cap is spent; it resets at 00:00 UTC (`resetsAt`, `Retry-After`).",
  article_exists: "The brief already has an article; send `supersedes` to replace it, or `alsoNew` to write another.",
  article_archived: "The article is archived and can no longer be changed.",
  article_generating: "The article is being written; wait for its job to finish.",
  site_not_ready: "The site has not been read yet (its profile is pending); try again when it is ready.",
  job_not_paused: "The job is not paused on a failed step, so there is nothing to retry or skip.",
  step_mismatch: "The step named is not the step the job is paused on.",
  job_settled: "The job has already finished, failed or been cancelled.",
  step_not_optional: "Only an optional step can be skipped.",
  article_changed: "The article changed since the version the edit was made against; read it again.",
  wrong_unit_kind:
    "The edit does not fit the unit: `text` for a paragraph or heading, `cells` for a table row; a header cannot be edited.",
  text_too_long: "The text is longer than the unit or field accepts (`max` says how long it may be).",
  unsourced_statement: "The new text states something that no source of the article supports.",
  sources_not_checked: "The article's sources have not been checked yet, so new text cannot be matched to them.",
  invalid_structure_edit: "The structure edit is malformed: a unit index out of range, a move onto itself, an unknown kind.",
  flagged_removal_needs_person: "Removing a flagged claim's text is for a signed-in person to decide.",
  paragraph_first: "The article must open with a paragraph.",
  last_paragraph: "At least one paragraph must stay in the article.",
  cells_mismatch: "A table row needs one cell per column.",
  rewrite_added_claims: "The rewrite would add statements the sources do not support; nothing was changed.",
  block_not_rewritable:
    "This unit cannot be rewritten by the model (not a paragraph, or it carries no claim to rewrite it from).",
  invalid_url: "The URL is not a full https:// address.",
  unsafe_url: "The URL points at a private, loopback or otherwise unreachable address.",
  source_unreadable: "The page could not be fetched or read as an article.",
  source_does_not_support: "The page does not support the claim; nothing was added.",
  grouping_unavailable: "The service cannot group sources into origins right now: retry later.",
  not_primary: "Only the article's primary language version can do this.",
  no_connection: "The article's site has no CMS connection; a person sets one up.",
  illustrations_off: "Illustrations are switched off on this service.",
  illustration_regenerating: "The illustration is already being regenerated.",
  beat_article: "An article written by a Beat keeps its original illustration.",
  no_illustration: "The article has no illustration.",
  person_only: "Only a signed-in person can do this.",
  open_flags: "The article has open flags; resolve them before approving it.",
  model_unavailable: "The model could not do it now (a timeout or a provider error): retry.",
  internal: "Something went wrong on the service's side; quote the answer's `X-Request-Id` when reporting it.",
};

/** Every code, its status and what it means, in the order of the vocabulary. */
export function errorCatalogue(): { code: ErrorCode; status: number; description: string }[] {
  return (Object.keys(STATUS) as ErrorCode[]).map((code) => ({ code, status: STATUS[code], description: DESCRIPTIONS[code] }));
}

/** Where a code is explained: an anchor of the error catalogue the service serves. */
export const errorDocs = (code: ErrorCode): string => `/docs/errors#${code}`;

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
