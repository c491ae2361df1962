import { ApiError } from '../shared/api';
import type { AdminApi, AdminApiRoute } from '../shared/api-types/admin-api';
import type { AdminMessageKey } from './i18n/messages';
import { t } from './i18n/text';

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
const TEXT: Partial<Record<AdminErrorCode, AdminMessageKey>> = {
  network_error: 'errors.code.networkError',
  invalid_credentials: 'errors.code.invalidCredentials',
  admin_session_required: 'errors.code.adminSessionRequired',
  second_factor_required: 'errors.code.secondFactorRequired',
  write_admin_required: 'errors.code.writeAdminRequired',
  csrf_failed: 'errors.code.csrfFailed',
  install_complete: 'errors.code.installComplete',
  invalid_install_token: 'errors.code.invalidInstallToken',
  email_taken: 'errors.code.emailTaken',
  last_write_admin: 'errors.code.lastWriteAdmin',
  registration_expired: 'errors.code.registrationExpired',
  email_not_configured: 'errors.code.emailNotConfigured',
  email_send_failed: 'errors.code.emailSendFailed',
  rate_limited: 'errors.code.rateLimited',
  not_found: 'errors.code.notFound',
  // Organizations, roles and permissions (docs/organizations.md, Error codes).
  slug_taken: 'errors.code.slugTaken',
  last_manager: 'errors.code.lastManager',
  already_member: 'errors.code.alreadyMember',
  already_invited: 'errors.code.alreadyInvited',
  invite_pending: 'errors.code.invitePending',
  unknown_user: 'errors.code.unknownUser',
  unknown_role: 'errors.code.unknownRole',
  unknown_permission: 'errors.code.unknownPermission',
  role_exists: 'errors.code.roleExists',
  permission_exists: 'errors.code.permissionExists',
  built_in: 'errors.code.builtIn',
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
    if (error.code === 'csrf_failed' && /cross-origin/i.test(error.message)) return t('errors.crossOrigin');
    if (SHOW_SERVER_MESSAGE.has(error.code)) return t('errors.serverRefused', { message: error.message });
    const known = Object.hasOwn(TEXT, error.code) ? TEXT[error.code as AdminErrorCode] : undefined;
    if (known) return t(known);
    if (error.status === 429) return t('errors.code.rateLimited');
    if (error.status >= 500) return t('errors.serverFailed', { code: error.code });
    return t('errors.failed', { code: error.code, message: error.message });
  }
  return t('errors.pageFailed');
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
