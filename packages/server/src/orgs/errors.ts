import { defineErrors } from '../app/errors.js';

/**
 * The error codes of organizations, members, roles, permissions and invites, each with its one status. The shared
 * codes (invalid_request, not_found, session access, ...) are in app/errors.ts; routes list the codes they answer
 * with `errorResponses(...)`.
 */
const ORGS_ERRORS = {
  already_invited: 409,
  already_member: 409,
  /** Built-in roles and permissions cannot be changed or deleted. */
  built_in: 409,
  email_not_verified: 403,
  /** Gone (RFC 9110 §15.5.11): the invitation existed and will not come back. */
  invite_expired: 410,
  invite_not_found: 404,
  invite_pending: 409,
  invite_wrong_account: 403,
  /** An organization keeps at least one manager. */
  last_manager: 409,
  organization_creation_disabled: 403,
  organization_manage_required: 403,
  permission_exists: 409,
  role_exists: 409,
  slug_taken: 409,
  unknown_permission: 400,
  unknown_role: 400,
  unknown_user: 400,
} as const;
type OrgsErrorStatuses = typeof ORGS_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends OrgsErrorStatuses {}
}

export type OrgsErrorCode = keyof OrgsErrorStatuses;

/** `orgsError('code', 'message')`: an ApiError with the code's status. */
export const orgsError = defineErrors(ORGS_ERRORS);
