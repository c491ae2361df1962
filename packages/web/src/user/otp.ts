/**
 * The server's TOTP second factor (RFC 6238, docs/users.md#second-factor-totp) as the hosted UI uses it:
 * status, set-up, the code at sign-in, step-up for sensitive actions, backup codes. Every state change
 * carries the session's CSRF token; the calls that rotate the session (verify at sign-in, reauth, a set-up
 * that finishes a sign-in) answer with the new one.
 */

import { api } from '../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../shared/api-types/public-api';
import { activeTranslator, type MessageKey, t } from '../shared/i18n/translator';
import { normalizeCode, type OtpSetup, type OtpStatus } from '../shared/otp';
import { describeError, errorCode } from './error-text';
import { csrfHeaders } from './session';

export function fetchOtpStatus(): Promise<OtpStatus> {
  return api.get<OtpStatus>('/otp/status');
}

export function startOtpSetup(csrfToken: string): Promise<OtpSetup> {
  return api.post<OtpSetup>('/otp/setup/init', undefined, { headers: csrfHeaders(csrfToken) });
}

/** Checks the first code; `csrfToken` comes back when this finished a sign-in (the session id rotated). */
export function confirmOtpSetup(
  code: string,
  csrfToken: string,
): Promise<PublicApiResponse<'POST /otp/setup/verify'>> {
  return api.post('/otp/setup/verify', { code } satisfies PublicApiBody<'POST /otp/setup/verify'>, {
    headers: csrfHeaders(csrfToken),
  });
}

/**
 * The second step of a sign-in: a code from the app or a backup code. Answers with the new session's token and,
 * when the sign-in was for an app's request (`requestId`) and the server approved it (nothing was left to ask),
 * where the browser goes next: straight to the app.
 */
export async function verifySignInCode(
  code: string,
  csrfToken: string,
  requestId: string | null = null,
): Promise<{ csrfToken: string; authorizationRedirect: string | null }> {
  const answer = await api.post<PublicApiResponse<'POST /otp/verify'>>(
    '/otp/verify',
    { code, ...(requestId ? { request_id: requestId } : {}) } satisfies PublicApiBody<'POST /otp/verify'>,
    { headers: csrfHeaders(csrfToken) },
  );
  return { csrfToken: answer.csrf_token, authorizationRedirect: answer.authorization?.redirect_uri ?? null };
}

/** Step-up: a current code allows sensitive actions for a few minutes. Answers with the new session's token. */
export async function stepUp(code: string, csrfToken: string): Promise<string> {
  const { csrf_token: next } = await api.post<PublicApiResponse<'POST /otp/reauth'>>(
    '/otp/reauth',
    { code } satisfies PublicApiBody<'POST /otp/reauth'>,
    { headers: csrfHeaders(csrfToken) },
  );
  return next;
}

export async function regenerateBackupCodes(csrfToken: string): Promise<string[]> {
  const { backup_codes: codes } = await api.post<PublicApiResponse<'POST /otp/backup-codes'>>(
    '/otp/backup-codes',
    undefined,
    { headers: csrfHeaders(csrfToken) },
  );
  return codes;
}

export async function turnOffOtp(csrfToken: string): Promise<void> {
  await api.delete('/otp', { headers: csrfHeaders(csrfToken) });
}

// ----- Codes as people type them ----------------------------------------------------------------------------------

/** What a code field holds: an authenticator code (digits) or a backup code (letters and digits, maybe a dash). */
export type CodeKind = 'totp' | 'backup';

export function codeError(value: string, kind: CodeKind): string | undefined {
  const code = normalizeCode(value);
  if (kind === 'totp') {
    if (code === '') return t('code.enterTotp');
    if (!/^\d{6,8}$/.test(code)) return t('code.totpDigits');
    return undefined;
  }
  if (code === '') return t('code.enterBackup');
  if (!/^[A-Za-z0-9-]{6,20}$/.test(code)) return t('code.backupFormat');
  return undefined;
}

/** When a locked factor opens again, in the time format of the language on screen; null if unknown. */
export function formatUnlockTime(lockedUntil: string | null): string | null {
  if (!lockedUntil) return null;
  const when = new Date(lockedUntil);
  if (Number.isNaN(when.getTime())) return null;
  return activeTranslator().date(when, { hour: '2-digit', minute: '2-digit' });
}

const CODE_ERROR_TEXT: Record<string, MessageKey> = {
  invalid_otp: 'code.invalid_otp',
  otp_locked: 'code.otp_locked',
  otp_not_pending: 'code.otp_not_pending',
  otp_not_enabled: 'code.otp_not_enabled',
  otp_not_required: 'code.otp_not_required',
  second_factor_required: 'code.second_factor_required',
  otp_required: 'code.otp_required',
  step_up_required: 'code.step_up_required',
};

/** Plain language for the refusals of the code endpoints; anything else as the rest of the UI says it. */
export function describeCodeError(error: unknown): string {
  const code = errorCode(error);
  return (
    (code && Object.hasOwn(CODE_ERROR_TEXT, code) ? t(CODE_ERROR_TEXT[code]!) : undefined) ??
    describeError(error)
  );
}
