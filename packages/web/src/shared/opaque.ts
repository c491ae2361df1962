/**
 * The OPAQUE (RFC 9807) client, shared by the flows of both apps: loading the library on demand, the two
 * exchanges every flow is made of (register a password; prove a password), and the sign-in and password change
 * that both apps build from them. The password never leaves these functions: only OPAQUE protocol messages are
 * handed to the caller's `send` step, and nothing derived from the password (export key, session key) is
 * returned. The server therefore never learns a password or anything it could test guesses against offline.
 *
 * The library is WebAssembly with Argon2id key stretching (about 400 kB), so it is loaded on demand: pages that
 * need it call `preloadOpaque()` when they open, and the first flow awaits it.
 */
import { ApiError } from './api';

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
 * Argon2id blocks the main thread for a moment; yielding first lets the page paint its busy state (and announce
 * it) before the work starts.
 */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

export interface RegistrationStarted {
  registration_id: string;
  registration_response: string;
}

/**
 * Registers `password`: `start` sends the registration request to the server and returns its response; the
 * result is what the finishing call sends (the record carries no password, only what OPAQUE stores).
 */
export async function registerPassword(
  password: string,
  start: (registrationRequest: string) => Promise<RegistrationStarted>,
): Promise<{ registrationId: string; registrationRecord: string }> {
  const opaque = await loadOpaque();
  await nextFrame();
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const started = await start(registrationRequest);
  await nextFrame();
  const { registrationRecord } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse: started.registration_response,
    password,
  });
  return { registrationId: started.registration_id, registrationRecord };
}

interface LoginStarted {
  login_id: string;
  login_response: string;
}

/**
 * The first half of an OPAQUE login: `start` sends the login request and returns the server's response. Resolves
 * with the finishing message, or null when the client already sees the password does not fit (the server would
 * refuse the next message anyway, so it is not sent).
 */
async function provePassword(
  password: string,
  start: (startLoginRequest: string) => Promise<LoginStarted>,
): Promise<{ loginId: string; finishLoginRequest: string } | null> {
  const opaque = await loadOpaque();
  await nextFrame();
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const started = await start(startLoginRequest);
  await nextFrame();
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: started.login_response,
    password,
  });
  return finished ? { loginId: started.login_id, finishLoginRequest: finished.finishLoginRequest } : null;
}

/** Starts a registration right after a proof, sharing one loaded library (the password change's middle step). */
async function startRegistrationMessage(
  password: string,
): Promise<{ registrationRequest: string; finish: (registrationResponse: string) => Promise<string> }> {
  const opaque = await loadOpaque();
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  return {
    registrationRequest,
    finish: async (registrationResponse) => {
      await nextFrame();
      return opaque.client.finishRegistration({ clientRegistrationState, registrationResponse, password })
        .registrationRecord;
    },
  };
}

/** POSTs a JSON body to the app's server (each app adds what its calls need, such as a CSRF header). */
export type PostJson = <T>(path: string, body: unknown) => Promise<T>;

/** Wrong password or no such account: the server gives the same answer either way, on purpose. */
function isInvalidCredentials(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'invalid_credentials';
}

/**
 * A whole OPAQUE login at `${path}/start` and `${path}/finish`. Resolves with the finishing call's answer, or
 * null when the password does not fit (whether the client noticed or the server said so). Other refusals (for
 * instance `email_not_verified`) are thrown as ApiError for the page to explain.
 */
export async function logInAt<T>(
  post: PostJson,
  path: string,
  email: string,
  password: string,
): Promise<T | null> {
  const proof = await provePassword(password, (request) =>
    post<LoginStarted>(`${path}/start`, { email, start_login_request: request }),
  );
  if (!proof) return null;
  try {
    return await post<T>(`${path}/finish`, {
      login_id: proof.loginId,
      finish_login_request: proof.finishLoginRequest,
    });
  } catch (error) {
    if (isInvalidCredentials(error)) return null;
    throw error;
  }
}

export type PasswordChangeResult =
  /** The session was rotated: later state changes need the new CSRF token. */
  { kind: 'changed'; csrfToken: string } | { kind: 'wrong_current_password' };

/**
 * Changes the signed-in account's password at `${path}/start`, `/verify` and `/finish`: proves the current
 * password with an OPAQUE login, then registers the new one in the same exchange, so the server never sees either.
 */
export async function changePasswordAt(
  post: PostJson,
  path: string,
  currentPassword: string,
  newPassword: string,
): Promise<PasswordChangeResult> {
  const proof = await provePassword(currentPassword, (request) =>
    post<LoginStarted>(`${path}/start`, { start_login_request: request }),
  );
  if (!proof) return { kind: 'wrong_current_password' };
  const registration = await startRegistrationMessage(newPassword);
  let verified: RegistrationStarted;
  try {
    verified = await post<RegistrationStarted>(`${path}/verify`, {
      login_id: proof.loginId,
      finish_login_request: proof.finishLoginRequest,
      registration_request: registration.registrationRequest,
    });
  } catch (error) {
    if (isInvalidCredentials(error)) return { kind: 'wrong_current_password' };
    throw error;
  }
  const record = await registration.finish(verified.registration_response);
  const changed = await post<{ changed: true; csrf_token: string }>(`${path}/finish`, {
    registration_id: verified.registration_id,
    registration_record: record,
  });
  return { kind: 'changed', csrfToken: changed.csrf_token };
}
