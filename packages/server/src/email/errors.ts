import { defineErrors } from '../app/errors.js';

/**
 * The error codes of email (SMTP and templates), each with its one status. The shared codes (invalid_request,
 * not_found, session access, ...) are in app/errors.ts; routes list the codes they answer with
 * `errorResponses(...)`.
 */
const EMAIL_ERRORS = {
  /** No SMTP server is configured: the feature that sends mail is unavailable (RFC 9110 §15.6.4). */
  email_not_configured: 503,
  /** The SMTP server refused or failed: an upstream failure (RFC 9110 §15.6.3). */
  email_send_failed: 502,
  invalid_template: 400,
  unknown_template_variable: 400,
} as const;
type EmailErrorStatuses = typeof EMAIL_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends EmailErrorStatuses {}
}

export type EmailErrorCode = keyof EmailErrorStatuses;

/** `emailError('code', 'message')`: an ApiError with the code's status. */
export const emailError = defineErrors(EMAIL_ERRORS);
