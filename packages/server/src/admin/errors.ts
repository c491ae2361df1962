import { defineErrors } from '../app/errors.js';

/**
 * The error codes of admins and the system (install, admin users, settings), each with its one status. The shared
 * codes (invalid_request, not_found, session access, ...) are in app/errors.ts; routes list the codes they answer
 * with `errorResponses(...)`.
 */
const ADMIN_ERRORS = {
  email_taken: 409,
  /** Install is closed once done: the install routes no longer exist for callers. */
  install_complete: 404,
  invalid_install_token: 401,
  invalid_setting: 400,
  /** The last active write admin cannot be removed, disabled or demoted. */
  last_write_admin: 409,
} as const;
type AdminErrorStatuses = typeof ADMIN_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends AdminErrorStatuses {}
}

export type AdminErrorCode = keyof AdminErrorStatuses;

/** `adminError('code', 'message')`: an ApiError with the code's status. */
export const adminError = defineErrors(ADMIN_ERRORS);
