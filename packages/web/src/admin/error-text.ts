import { ApiError } from '../shared/api';
import type { AdminApi, AdminApiRoute } from '../shared/api-types/admin-api';

/** Every error code an admin API route answers (from the OpenAPI document), and the client's own. */
type AdminErrorCode =
  | AdminApi[AdminApiRoute]['error']
  | 'network_error'
  | 'http_error'
  | 'unexpected_response';

/**
 * Plain-language text for the server's error codes. Admins also see the server's own message for validation
 * errors (it names the field and the rule), never a stack trace.
 */
const TEXT: Partial<Record<AdminErrorCode, string>> = {
  network_error: 'The server could not be reached. Check the connection and try again.',
  invalid_credentials: 'The email address or password is not correct.',
  admin_session_required: 'Your admin session has ended. Sign in again.',
  second_factor_required: 'Verify your second factor first.',
  write_admin_required: 'Your role is read-only: only write admins can change this.',
  csrf_failed: 'Your session changed in another tab. Reload the page and try again.',
  install_complete: 'This service is already installed, so the install link no longer works.',
  invalid_install_token:
    'The install link is not valid: it is incomplete or has expired. Restart the service to print a new one.',
  email_taken: 'An account with this email address already exists.',
  last_write_admin: 'There must always be at least one write admin, so this change is not possible.',
  registration_expired: 'This took too long and the server forgot the first step. Please try again.',
  email_not_configured: 'Email is not configured: set the SMTP settings first.',
  email_send_failed: 'The email could not be sent. Check the SMTP settings and try again.',
  rate_limited: 'Too many attempts. Wait a moment and try again.',
  not_found: 'It does not exist (any more). It may have been deleted in the meantime.',
  // Organizations, roles and permissions (docs/organizations.md, Error codes).
  slug_taken: 'Another organization already uses this slug. Choose another one.',
  last_manager:
    'This would leave the organization without an active member who can manage it. Give someone else a managing role first.',
  already_member: 'This person is already a member of the organization.',
  already_invited:
    'This address was invited at the same moment by someone else. Reload to see the invitation.',
  invite_pending:
    'This member has not accepted the invitation yet, so there is nothing to suspend or reinstate.',
  unknown_user: 'No user has this account any more. Reload the page.',
  unknown_role: 'One of the roles does not exist (any more). Reload the page.',
  unknown_permission: 'One of the permissions does not exist (any more). Reload the page.',
  role_exists: 'A role with this key already exists. Choose another key.',
  permission_exists: 'A permission with this key already exists. Choose another key.',
  built_in: 'Built-in roles and permissions cannot be changed or deleted.',
};

/** Codes whose server message is the useful part (it says which field broke which rule). */
const SHOW_SERVER_MESSAGE = new Set<string>([
  // Typed against the API's codes: an unknown code fails typecheck.
  ...([
    'invalid_request',
    'invalid_client_metadata',
    'invalid_setting',
    'invalid_template',
    'unknown_template_variable',
    'unsupported_icon_type',
    'icon_type_mismatch',
    'icon_too_large',
    'icon_empty',
  ] satisfies AdminErrorCode[]),
]);

export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    // The admin guard compares the browser's Origin with the configured admin URL (never the Host header).
    if (error.code === 'csrf_failed' && /cross-origin/i.test(error.message))
      return 'This address is not the admin portal’s configured address (TESSERA_ADMIN_URL), so changes are refused. Open the portal at its configured address.';
    if (SHOW_SERVER_MESSAGE.has(error.code)) return `The server refused it: ${error.message}.`;
    const known = Object.hasOwn(TEXT, error.code) ? TEXT[error.code as AdminErrorCode] : undefined;
    if (known) return known;
    if (error.status === 429) return TEXT.rate_limited!;
    if (error.status >= 500)
      return `Something went wrong on the server (${error.code}). Try again in a moment.`;
    return `Something went wrong (${error.code}: ${error.message}).`;
  }
  return 'Something went wrong in this page. Reload it and try again.';
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
