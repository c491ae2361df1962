/**
 * The server's TOTP second factor (RFC 6238, docs/users.md#second-factor-totp) as the hosted UI uses it:
 * status, set-up, the code at sign-in, step-up for sensitive actions, backup codes. Every state change
 * carries the session's CSRF token; the calls that rotate the session (verify at sign-in, reauth, a set-up
 * that finishes a sign-in) answer with the new one.
 */
import { api } from '../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../shared/api-types/public-api';
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
    if (code === '') return 'Enter the code from your authenticator app.';
    if (!/^\d{6,8}$/.test(code)) return 'Enter the 6-digit code from your authenticator app (digits only).';
    return undefined;
  }
  if (code === '') return 'Enter one of your backup codes.';
  if (!/^[A-Za-z0-9-]{6,20}$/.test(code)) return 'Enter a backup code like ABCDE-FGH23.';
  return undefined;
}

/** When a locked factor opens again, in the reader's own time format; null if unknown. */
export function formatUnlockTime(lockedUntil: string | null): string | null {
  if (!lockedUntil) return null;
  const when = new Date(lockedUntil);
  if (Number.isNaN(when.getTime())) return null;
  return when.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

const CODE_ERROR_TEXT: Record<string, string> = {
  invalid_otp:
    'That code is not correct, or it was already used. Enter the newest code from your app, or an unused backup code.',
  otp_locked:
    'Too many wrong codes: two-step verification is locked for a while. Wait, then try again, or ask your administrator to unlock it.',
  otp_not_pending: 'This setup has expired or was replaced. Start the setup again.',
  otp_not_enabled: 'Two-step verification is not set up for this account.',
  otp_not_required: 'You are already signed in.',
  second_factor_required: 'Finish signing in with your code first.',
  otp_required: 'Two-step verification is required for your account, so it cannot be turned off.',
  step_up_required: 'Confirm it is you with a code from your authenticator app first.',
};

/** Plain language for the refusals of the code endpoints; anything else as the rest of the UI says it. */
export function describeCodeError(error: unknown): string {
  const code = errorCode(error);
  return (
    (code && Object.hasOwn(CODE_ERROR_TEXT, code) ? CODE_ERROR_TEXT[code] : undefined) ?? describeError(error)
  );
}
