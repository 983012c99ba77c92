// Errors of the OAuth endpoints, in their own shape `{ error, error_description }` (spec, Errors
// §1), not the service's `{ error, message }`: OAuth clients read these names.
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "access_denied"
  | "rate_limited";

const STATUS: Partial<Record<OAuthErrorCode, number>> = { invalid_client: 401, rate_limited: 429 };

export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;
  constructor(error: OAuthErrorCode, description: string) {
    super(description);
    this.name = "OAuthError";
    this.error = error;
    this.status = STATUS[error] ?? 400;
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}
