/**
 * The hosted UI's OPAQUE (RFC 9807) flows: sign-in, registration, password reset and password change. Every
 * password stays in this browser; the server sees only OPAQUE messages (`shared/opaque.ts` runs the exchanges).
 */
import { api } from '../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../shared/api-types/public-api';
import {
  changePasswordAt,
  logInWithExportKeyAt,
  type PasswordChangeResult,
  registerPassword,
} from '../shared/opaque';
import { csrfHeaders } from './session';
import { holdSignInSecret } from './zk/sign-in-secret';

export { preloadOpaque } from '../shared/opaque';

// ----- Sign-in --------------------------------------------------------------------------------------------------

export type SignInResult =
  | {
      kind: 'signed_in';
      /** What the sign-in still owes: a code (`verify`), setting up two-step verification (`enroll`), or nothing. */
      secondFactor: 'verify' | 'enroll' | null;
      mustChangePassword: boolean;
      csrfToken: string;
      /**
       * With a request id: the app's request was approved with the sign-in (nothing was left to ask), and the
       * browser goes here, straight to the app; null: on to the consent page as usual.
       */
      authorizationRedirect: string | null;
    }
  /** Wrong password or no such account: the same answer either way, on purpose. */
  | { kind: 'invalid_credentials' };

/**
 * Signs in with email and password. Other server refusals (for instance `email_not_verified`) are thrown as
 * ApiError for the page to explain. The password's OPAQUE export key is kept in this page's memory as a
 * non-extractable key (`zk/sign-in-secret.ts`), so a ZK app's consent page can unlock the user's keybag without
 * asking for the password again (docs/zk.md §3.1). `requestId` is the app's authorization request the sign-in is
 * for, if any: the server approves it with the sign-in when there is nothing to ask.
 */
export async function signIn(
  email: string,
  password: string,
  requestId: string | null = null,
): Promise<SignInResult> {
  const signedIn = await logInWithExportKeyAt<PublicApiResponse<'POST /api/user/login/finish'>>(
    api.post,
    '/api/user/login',
    email,
    password,
    requestId ? { request_id: requestId } : {},
  );
  if (!signedIn) return { kind: 'invalid_credentials' };
  const { response } = signedIn;
  await holdSignInSecret(email, signedIn.exportKey);
  return {
    kind: 'signed_in',
    // A server without `second_factor` that still owes one wants a code.
    secondFactor: response.second_factor ?? (response.second_factor_required ? 'verify' : null),
    mustChangePassword: response.must_change_password,
    csrfToken: response.csrf_token,
    authorizationRedirect: response.authorization?.redirect_uri ?? null,
  };
}

// ----- Registration ---------------------------------------------------------------------------------------------

export type RegisterResult = { status: 'verification_sent' } | { status: 'signed_in'; csrfToken: string };

/**
 * Creates an account (self-registration). `registration_closed` and the like are thrown as ApiError. When the
 * account is signed in at once, the registration's export key is held like a sign-in's (`zk/sign-in-secret.ts`):
 * the password typed once here protects a ZK app's key at the consent page that follows, without a second prompt
 * (docs/zk.md §3.1).
 */
export async function register(email: string, password: string, name: string): Promise<RegisterResult> {
  const { registrationId, registrationRecord, exportKey } = await registerPassword(password, (request) =>
    api.post<PublicApiResponse<'POST /api/user/register/start'>>('/api/user/register/start', {
      email,
      registration_request: request,
    } satisfies PublicApiBody<'POST /api/user/register/start'>),
  );
  const finished = await api.post<PublicApiResponse<'POST /api/user/register/finish'>>(
    '/api/user/register/finish',
    {
      registration_id: registrationId,
      registration_record: registrationRecord,
      name,
    } satisfies PublicApiBody<'POST /api/user/register/finish'>,
  );
  if (finished.status !== 'signed_in') return { status: 'verification_sent' };
  await holdSignInSecret(email, exportKey);
  return { status: 'signed_in', csrfToken: finished.csrf_token ?? '' };
}

// ----- Password reset (emailed link) ----------------------------------------------------------------------------

/** What a reset did to the account's encryption key, for the confirmation to say (docs/zk.md §3.1). */
export type ResetOutcome = Pick<
  PublicApiResponse<'POST /api/user/password/reset/finish'>,
  'encryption_key' | 'opens_with'
>;

/** Sets a new password with the token from a reset email. `invalid_token` is thrown as ApiError. */
export async function resetPassword(token: string, password: string): Promise<ResetOutcome> {
  const { registrationId, registrationRecord } = await registerPassword(password, (request) =>
    api.post<PublicApiResponse<'POST /api/user/password/reset/start'>>('/api/user/password/reset/start', {
      token,
      registration_request: request,
    } satisfies PublicApiBody<'POST /api/user/password/reset/start'>),
  );
  const finished = await api.post<PublicApiResponse<'POST /api/user/password/reset/finish'>>(
    '/api/user/password/reset/finish',
    {
      token,
      registration_id: registrationId,
      registration_record: registrationRecord,
    } satisfies PublicApiBody<'POST /api/user/password/reset/finish'>,
  );
  return { encryption_key: finished.encryption_key, opens_with: finished.opens_with };
}

// ----- Password change (signed in) ------------------------------------------------------------------------------

/**
 * Changes the password of the signed-in user: proves the current password with an OPAQUE login, then registers
 * the new one in the same exchange, so the server never sees either.
 */
export function changePassword(
  currentPassword: string,
  newPassword: string,
  csrfToken: string,
): Promise<PasswordChangeResult> {
  const headers = csrfHeaders(csrfToken);
  return changePasswordAt(
    (path, body) => api.post(path, body, { headers }),
    '/api/user/password/change',
    currentPassword,
    newPassword,
  );
}
