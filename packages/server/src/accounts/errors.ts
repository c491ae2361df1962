import { defineErrors } from '../app/errors.js';

/**
 * The error codes of the user accounts slice (sign-in, registration, passwords, profile), each with its one
 * status. The shared codes (invalid_request, not_found, session access, ...) are in app/errors.ts; routes list the
 * codes they answer with `errorResponses(...)`.
 */
const ACCOUNTS_ERRORS = {
  /** Signing in before confirming the address. */
  email_not_verified: 403,
  email_taken: 409,
  /** An address in a domain routed to an upstream provider that allows no local accounts there. */
  email_domain_federated: 403,
  /** A registration that belongs to another account. */
  forbidden: 403,
  /** Uniform for an unknown account and a wrong password (docs/users.md#how-passwords-work). */
  invalid_credentials: 401,
  /** A reset, verification or email-change link that is unknown, used or expired. */
  invalid_token: 400,
  registration_closed: 403,
  registration_expired: 400,
} as const;
type AccountsErrorStatuses = typeof ACCOUNTS_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends AccountsErrorStatuses {}
}

export type AccountsErrorCode = keyof AccountsErrorStatuses;

/** `accountsError('code', 'message')`: an ApiError with the code's status. */
export const accountsError = defineErrors(ACCOUNTS_ERRORS);
