/**
 * The OPAQUE (RFC 9807) client, shared by the flows of both apps: loading the library on demand, the two
 * exchanges every flow is made of (register a password; prove a password), and the sign-in and password change
 * that both apps build from them. The password never leaves these functions: only OPAQUE protocol messages are
 * handed to the caller's `send` step. The one thing derived from the password that is returned is the OPAQUE
 * export key (RFC 9807 §6.4), by the functions that say so, for the hosted UI's zero-knowledge key custody
 * (docs/zk.md §3.1): it stays in this browser, never goes to the server, and its caller turns it into a
 * non-extractable CryptoKey at once. The server therefore never learns a password or anything it could test
 * guesses against offline.
 *
 * The library is WebAssembly with Argon2id key stretching (about 400 kB), so it is loaded on demand: pages that
 * need it call `preloadOpaque()` when they open, and the first flow awaits it.
 */
import { ApiError } from './api';
import type { AdminApiBody, AdminApiResponse } from './api-types/admin-api';
import type { PublicApiBody, PublicApiResponse } from './api-types/public-api';

type OpaqueModule = typeof import('@serenity-kit/opaque');
type KeyStretching = NonNullable<Parameters<OpaqueModule['client']['finishLogin']>[0]['keyStretching']>;

/**
 * The password's key stretching: the library's default Argon2id (RFC 9106's second recommended setting, about half
 * a second of CPU), which every account is registered with. Only the browser tests' build (`vite build --mode
 * browser-tests`, served by the test servers) has a switch: the tests set the page global below, before any page
 * script runs (Playwright's addInitScript, e2e/browser.ts), to one light Argon2id pass, as the Node test clients do
 * (packages/server/src/testing/opaque-stretching.ts); a user must sign in with the stretching they registered with.
 * Vite replaces `import.meta.env.MODE` at build time, so the production bundles contain no switch at all
 * (packages/web/src/shared/production-bundle.test.ts checks the built files).
 */
function keyStretching(): KeyStretching | undefined {
  if (import.meta.env.MODE !== 'browser-tests') return undefined;
  // The exact string is compared: an element whose id clobbers the name (a DOM object) leaves the default.
  return (globalThis as { tesseraTestKeyStretching?: unknown }).tesseraTestKeyStretching === 'light'
    ? { 'argon2id-custom': { iterations: 1, memory: 256, parallelism: 1 } }
    : undefined;
}

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

/**
 * What an OPAQUE registration start answers. The messages below are typed by the hosted UI's routes (generated
 * from the public port's schemas); the portal's routes of the same steps take and answer the same shapes, which
 * `PortalShapesMatch` checks at compile time.
 */
export type RegistrationStarted = PublicApiResponse<'POST /api/user/register/start'>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AllTrue<T extends true[]> = T;
/** Fails to compile when a portal route's OPAQUE message differs from the hosted UI's one used here. */
export type PortalShapesMatch = AllTrue<
  [
    Same<RegistrationStarted, AdminApiResponse<'POST /admin/admin-users/start'>>,
    Same<PublicApiResponse<'POST /api/user/login/start'>, AdminApiResponse<'POST /admin/login/start'>>,
    Same<PublicApiBody<'POST /api/user/login/start'>, AdminApiBody<'POST /admin/login/start'>>,
    Same<PublicApiBody<'POST /api/user/login/finish'>, AdminApiBody<'POST /admin/login/finish'>>,
    Same<
      PublicApiBody<'POST /api/user/password/change/start'>,
      AdminApiBody<'POST /admin/password/change/start'>
    >,
    Same<
      PublicApiResponse<'POST /api/user/password/change/start'>,
      AdminApiResponse<'POST /admin/password/change/start'>
    >,
    Same<
      PublicApiBody<'POST /api/user/password/change/verify'>,
      AdminApiBody<'POST /admin/password/change/verify'>
    >,
    Same<
      PublicApiResponse<'POST /api/user/password/change/verify'>,
      AdminApiResponse<'POST /admin/password/change/verify'>
    >,
    Same<
      PublicApiBody<'POST /api/user/password/change/finish'>,
      AdminApiBody<'POST /admin/password/change/finish'>
    >,
    Same<
      PublicApiResponse<'POST /api/user/password/change/finish'>,
      AdminApiResponse<'POST /admin/password/change/finish'>
    >,
    Same<RegistrationStarted, AdminApiResponse<'POST /install/admin/start'>>,
    Same<RegistrationStarted, AdminApiResponse<'POST /admin/users/{userId}/password/start'>>,
  ]
>;

/**
 * Registers `password`: `start` sends the registration request to the server and returns its response; the
 * result is what the finishing call sends (the record carries no password, only what OPAQUE stores), and the
 * registration's export key: the same one every later login with this password yields (RFC 9807), so it
 * may wrap the password envelope (docs/zk.md §3.1).
 */
export async function registerPassword(
  password: string,
  start: (registrationRequest: string) => Promise<RegistrationStarted>,
): Promise<{ registrationId: string; registrationRecord: string; exportKey: string }> {
  const opaque = await loadOpaque();
  await nextFrame();
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const started = await start(registrationRequest);
  await nextFrame();
  const { registrationRecord, exportKey } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse: started.registration_response,
    password,
    keyStretching: keyStretching(),
  });
  return { registrationId: started.registration_id, registrationRecord, exportKey };
}

type LoginStarted = PublicApiResponse<'POST /api/user/login/start'>;

/**
 * The first half of an OPAQUE login: `start` sends the login request and returns the server's response. Resolves
 * with the finishing message, or null when the client already sees the password does not fit (the server would
 * refuse the next message anyway, so it is not sent).
 */
async function provePassword<Started extends { login_response: string }>(
  password: string,
  start: (startLoginRequest: string) => Promise<Started>,
): Promise<{ started: Started; finishLoginRequest: string; exportKey: string } | null> {
  const opaque = await loadOpaque();
  await nextFrame();
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const started = await start(startLoginRequest);
  await nextFrame();
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: started.login_response,
    password,
    keyStretching: keyStretching(),
  });
  return finished
    ? {
        started,
        finishLoginRequest: finished.finishLoginRequest,
        exportKey: finished.exportKey,
      }
    : null;
}

/** Starts a registration right after a proof, sharing one loaded library (the password change's middle step). */
async function startRegistrationMessage(password: string): Promise<{
  registrationRequest: string;
  finish: (registrationResponse: string) => Promise<{ registrationRecord: string; exportKey: string }>;
}> {
  const opaque = await loadOpaque();
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  return {
    registrationRequest,
    finish: async (registrationResponse) => {
      await nextFrame();
      const { registrationRecord, exportKey } = opaque.client.finishRegistration({
        clientRegistrationState,
        registrationResponse,
        password,
        keyStretching: keyStretching(),
      });
      return { registrationRecord, exportKey };
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
  return (await logInWithExportKeyAt<T>(post, path, email, password))?.response ?? null;
}

/**
 * `logInAt`, also resolving with the password's OPAQUE export key (base64url) for the hosted UI's password
 * envelope (docs/zk.md §3.1). The caller imports it as a non-extractable key and drops the string. `finishFields`
 * go with the last message (the hosted UI's sign-in page sends the authorization request it continues).
 */
export async function logInWithExportKeyAt<T>(
  post: PostJson,
  path: string,
  email: string,
  password: string,
  finishFields: { request_id?: string } = {},
): Promise<{ response: T; exportKey: string } | null> {
  const proof = await provePassword(password, (request) =>
    post<LoginStarted>(`${path}/start`, {
      email,
      start_login_request: request,
    } satisfies PublicApiBody<'POST /api/user/login/start'>),
  );
  if (!proof) return null;
  try {
    const response = await post<T>(`${path}/finish`, {
      login_id: proof.started.login_id,
      finish_login_request: proof.finishLoginRequest,
      ...finishFields,
    } satisfies PublicApiBody<'POST /api/user/login/finish'>);
    return { response, exportKey: proof.exportKey };
  } catch (error) {
    if (isInvalidCredentials(error)) return null;
    throw error;
  }
}

/**
 * The export key of `password` for an account that is already signed in, without signing in again: `start` sends
 * the login's first message to `POST /api/user/key-unlock/password` (limited apart from sign-in), and the server's
 * answer (KE2) is enough for the client to recover its OPAQUE envelope and so the export key; no third message
 * exists, no session starts and the server keeps nothing. Resolves null when the password does not fit. What the
 * export key opens is checked by its own AES-GCM tag and the keybag's key check (docs/zk.md §2.1), not by this.
 */
export async function passwordExportKeyWith(
  password: string,
  start: (startLoginRequest: string) => Promise<{ login_response: string }>,
): Promise<string | null> {
  const proof = await provePassword(password, start);
  return proof?.exportKey ?? null;
}

export type PasswordChangeResult =
  /**
   * The session was rotated: later state changes need the new CSRF token. `exportKeys` are the OPAQUE export keys
   * of the previous and the new password (base64url), for re-wrapping the password envelope (docs/zk.md §3.1).
   */
  | { kind: 'changed'; csrfToken: string; exportKeys: { previous: string; current: string } }
  | { kind: 'wrong_current_password' };

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
    post<PublicApiResponse<'POST /api/user/password/change/start'>>(`${path}/start`, {
      start_login_request: request,
    } satisfies PublicApiBody<'POST /api/user/password/change/start'>),
  );
  if (!proof) return { kind: 'wrong_current_password' };
  const registration = await startRegistrationMessage(newPassword);
  let verified: PublicApiResponse<'POST /api/user/password/change/verify'>;
  try {
    verified = await post<typeof verified>(`${path}/verify`, {
      login_id: proof.started.login_id,
      finish_login_request: proof.finishLoginRequest,
      registration_request: registration.registrationRequest,
    } satisfies PublicApiBody<'POST /api/user/password/change/verify'>);
  } catch (error) {
    if (isInvalidCredentials(error)) return { kind: 'wrong_current_password' };
    throw error;
  }
  const { registrationRecord, exportKey } = await registration.finish(verified.registration_response);
  const changed = await post<PublicApiResponse<'POST /api/user/password/change/finish'>>(`${path}/finish`, {
    registration_id: verified.registration_id,
    registration_record: registrationRecord,
  } satisfies PublicApiBody<'POST /api/user/password/change/finish'>);
  return {
    kind: 'changed',
    csrfToken: changed.csrf_token,
    exportKeys: { previous: proof.exportKey, current: exportKey },
  };
}
