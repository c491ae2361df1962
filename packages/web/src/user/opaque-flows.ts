/**
 * The OPAQUE (RFC 9807) client side of sign-in, registration, password reset and password change.
 *
 * The password never leaves this module: only OPAQUE protocol messages go to the server, which therefore never
 * learns the password or anything it could test guesses against offline. Nothing here logs, stores or returns the
 * password, and nothing derived from it (the export key and session key stay in this module's locals).
 *
 * The OPAQUE library is WebAssembly (with Argon2id key stretching) of about 400 kB, so it is loaded on demand:
 * pages that need it call `preloadOpaque()` when they open, and the first flow awaits it.
 */
import { api } from '../shared/api';
import { csrfHeaders } from './session';

type OpaqueModule = typeof import('@serenity-kit/opaque');

let loading: Promise<OpaqueModule> | null = null;

function loadOpaque(): Promise<OpaqueModule> {
  loading ??= import('@serenity-kit/opaque').then(async (module) => {
    await module.ready;
    return module;
  });
  // A failed load (say, the network dropped) may be retried by the next call.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Starts loading the OPAQUE library in the background so the first submit does not wait for it. */
export function preloadOpaque(): void {
  loadOpaque().catch(() => undefined);
}

/**
 * Argon2id blocks the main thread for a moment; yielding first lets the page paint its "Signing in…" state
 * (and announce it) before the work starts.
 */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// ----- Sign-in --------------------------------------------------------------------------------------------------

export type SignInResult =
  | {
      kind: 'signed_in';
      /** What the sign-in still owes: a code (`verify`), setting up two-step verification (`enroll`), or nothing. */
      secondFactor: 'verify' | 'enroll' | null;
      mustChangePassword: boolean;
      csrfToken: string;
    }
  /** Wrong password or no such account: the same answer either way, on purpose. */
  | { kind: 'invalid_credentials' };

interface LoginStartResponse {
  login_id: string;
  login_response: string;
}

interface LoginFinishResponse {
  authenticated: true;
  second_factor_required: boolean;
  second_factor?: 'verify' | 'enroll' | null;
  must_change_password: boolean;
  csrf_token: string;
}

/**
 * Signs in with email and password. Other server refusals (for instance `email_not_verified`) are thrown as
 * ApiError for the page to explain.
 */
export async function signIn(email: string, password: string): Promise<SignInResult> {
  const opaque = await loadOpaque();
  await nextFrame();
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const started = await api.post<LoginStartResponse>('/api/user/login/start', {
    email,
    start_login_request: startLoginRequest,
  });
  await nextFrame();
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: started.login_response,
    password,
  });
  // The client itself noticed the password does not fit the account (or there is no account): the server
  // would refuse the next message anyway, so it is not sent.
  if (!finished) return { kind: 'invalid_credentials' };
  try {
    const response = await api.post<LoginFinishResponse>('/api/user/login/finish', {
      login_id: started.login_id,
      finish_login_request: finished.finishLoginRequest,
    });
    return {
      kind: 'signed_in',
      // A server without `second_factor` that still owes one wants a code.
      secondFactor: response.second_factor ?? (response.second_factor_required ? 'verify' : null),
      mustChangePassword: response.must_change_password,
      csrfToken: response.csrf_token,
    };
  } catch (error) {
    if (isInvalidCredentials(error)) return { kind: 'invalid_credentials' };
    throw error;
  }
}

function isInvalidCredentials(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'invalid_credentials'
  );
}

// ----- Registration ---------------------------------------------------------------------------------------------

interface RegistrationStartResponse {
  registration_id: string;
  registration_response: string;
}

export type RegisterResult = { status: 'verification_sent' } | { status: 'signed_in'; csrfToken: string };

/** Creates an account (self-registration). `registration_closed` and the like are thrown as ApiError. */
export async function register(email: string, password: string, name: string): Promise<RegisterResult> {
  const opaque = await loadOpaque();
  await nextFrame();
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const started = await api.post<RegistrationStartResponse>('/api/user/register/start', {
    email,
    registration_request: registrationRequest,
  });
  await nextFrame();
  const { registrationRecord } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse: started.registration_response,
    password,
  });
  const finished = await api.post<{ status: 'verification_sent' | 'signed_in'; csrf_token?: string }>(
    '/api/user/register/finish',
    { registration_id: started.registration_id, registration_record: registrationRecord, name },
  );
  return finished.status === 'signed_in'
    ? { status: 'signed_in', csrfToken: finished.csrf_token ?? '' }
    : { status: 'verification_sent' };
}

// ----- Password reset (emailed link) ----------------------------------------------------------------------------

/** Sets a new password with the token from a reset email. `invalid_token` is thrown as ApiError. */
export async function resetPassword(token: string, password: string): Promise<void> {
  const opaque = await loadOpaque();
  await nextFrame();
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const started = await api.post<RegistrationStartResponse>('/api/user/password/reset/start', {
    token,
    registration_request: registrationRequest,
  });
  await nextFrame();
  const { registrationRecord } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse: started.registration_response,
    password,
  });
  await api.post<{ reset: true }>('/api/user/password/reset/finish', {
    token,
    registration_id: started.registration_id,
    registration_record: registrationRecord,
  });
}

// ----- Password change (signed in) ------------------------------------------------------------------------------

export type ChangePasswordResult =
  /** The session was rotated: later state changes need the new CSRF token. */
  { kind: 'changed'; csrfToken: string } | { kind: 'wrong_current_password' };

/**
 * Changes the password of the signed-in user: proves the current password with an OPAQUE login, then registers
 * the new one in the same exchange, so the server never sees either.
 */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
  csrfToken: string,
): Promise<ChangePasswordResult> {
  const opaque = await loadOpaque();
  const headers = csrfHeaders(csrfToken);
  await nextFrame();
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password: currentPassword });
  const started = await api.post<LoginStartResponse>(
    '/api/user/password/change/start',
    { start_login_request: startLoginRequest },
    { headers },
  );
  await nextFrame();
  const proved = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: started.login_response,
    password: currentPassword,
  });
  if (!proved) return { kind: 'wrong_current_password' };
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({
    password: newPassword,
  });
  let verified: RegistrationStartResponse;
  try {
    verified = await api.post<RegistrationStartResponse>(
      '/api/user/password/change/verify',
      {
        login_id: started.login_id,
        finish_login_request: proved.finishLoginRequest,
        registration_request: registrationRequest,
      },
      { headers },
    );
  } catch (error) {
    if (isInvalidCredentials(error)) return { kind: 'wrong_current_password' };
    throw error;
  }
  await nextFrame();
  const { registrationRecord } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse: verified.registration_response,
    password: newPassword,
  });
  const changed = await api.post<{ changed: true; csrf_token: string }>(
    '/api/user/password/change/finish',
    { registration_id: verified.registration_id, registration_record: registrationRecord },
    { headers },
  );
  return { kind: 'changed', csrfToken: changed.csrf_token };
}
