import { ApiError } from '../shared/api';
import type { PublicApi, PublicApiRoute } from '../shared/api-types/public-api';
import { type MessageKey, t } from '../shared/i18n/translator';
import { RECOVERY_KEY_PREFIX, type RecoveryKeyError } from '../shared/zk';

/** Every error code a public API route answers (from the OpenAPI document), and the client's own. */
type PublicErrorCode =
  | PublicApi[PublicApiRoute]['error']
  | 'network_error'
  | 'http_error'
  | 'unexpected_response';

/**
 * Plain-language text for the server's error codes (the `error.*` messages of the catalogs). The server's own
 * messages are written for developers; users see these. Anything unknown falls back to a general sentence plus
 * the code (for support), never a stack trace.
 */
const KNOWN: Partial<Record<PublicErrorCode, MessageKey>> = {
  network_error: 'error.network_error',
  invalid_credentials: 'error.invalid_credentials',
  email_not_verified: 'error.email_not_verified',
  registration_closed: 'error.registration_closed',
  email_not_configured: 'error.email_not_configured',
  email_taken: 'error.email_taken',
  email_domain_federated: 'error.email_domain_federated',
  invalid_token: 'error.invalid_token',
  request_not_found: 'error.request_not_found',
  request_already_used: 'error.request_already_used',
  request_browser_mismatch: 'error.request_browser_mismatch',
  login_required: 'error.login_required',
  not_signed_in: 'error.not_signed_in',
  second_factor_required: 'error.second_factor_required',
  step_up_required: 'error.step_up_required',
  csrf_failed: 'error.csrf_failed',
  rate_limited: 'error.rate_limited',
  invalid_user_code: 'error.invalid_user_code',
  not_found: 'error.not_found',
  device_approval_not_found: 'error.device_approval_not_found',
  device_approval_not_allowed: 'error.device_approval_not_allowed',
  too_many_device_approvals: 'error.too_many_device_approvals',
  last_unlock_envelope: 'error.last_unlock_envelope',
  envelope_type_not_allowed: 'error.envelope_type_not_allowed',
};

/** The text for an error, in the language on screen. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const known = Object.hasOwn(KNOWN, error.code) ? KNOWN[error.code as PublicErrorCode] : undefined;
    if (known) return t(known);
    if (error.status === 429) return t('error.rate_limited');
    if (error.status >= 500) return t('error.serverFailure');
    return t('error.otherCode', { code: error.code });
  }
  return t('error.inPage');
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** What is wrong with a typed recovery key (shared/zk/recovery-key.ts), in the language on screen. */
export function recoveryKeyErrorText(error: RecoveryKeyError): string {
  const { problem } = error;
  switch (problem.reason) {
    case 'empty':
      return t('recoveryKey.empty');
    case 'wrong_length':
      return t('recoveryKey.wrongLength', {
        count: problem.characters,
        expected: problem.expected,
        prefix: `${RECOVERY_KEY_PREFIX}-`,
      });
    case 'invalid_character':
      return t('recoveryKey.invalidCharacter', {
        character: problem.character,
        group: problem.group,
        position: problem.position,
      });
    case 'checksum_mismatch':
      return t('recoveryKey.checksumMismatch');
  }
}
