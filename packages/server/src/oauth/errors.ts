import { defineErrors } from '../app/errors.js';

/**
 * The error codes of the protocol endpoints' JSON API (the hosted UI's authorization requests), each with its one
 * status. The shared codes (invalid_request, not_found, session access, ...) are in app/errors.ts; routes list the
 * codes they answer with `errorResponses(...)`.
 */
const OAUTH_ERRORS = {
  drk_hash_not_allowed: 400,
  drk_hash_required: 400,
  invalid_organization: 400,
  login_required: 403,
  organization_mismatch: 400,
  organization_required: 400,
  request_already_used: 409,
  /** A pending request is continued only by the browser that started it (docs/integration.md). */
  request_browser_mismatch: 403,
  request_not_found: 404,
  zk_key_hash_not_allowed: 400,
  /** Spec §7: a v2 ZK finalize without zk_key_hash is refused. */
  zk_key_hash_required: 400,
} as const;
type OauthErrorStatuses = typeof OAUTH_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends OauthErrorStatuses {}
}

export type OauthErrorCode = keyof OauthErrorStatuses;

/** `oauthApiError('code', 'message')`: an ApiError with the code's status. */
export const oauthApiError = defineErrors(OAUTH_ERRORS);
