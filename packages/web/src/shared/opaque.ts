/**
 * The OPAQUE (RFC 9807) client, shared by the flows of both apps: loading the library on demand, and the two
 * exchanges every flow is made of (register a password; prove a password). The password never leaves these
 * functions: only OPAQUE protocol messages are handed to the caller's `send` step, and nothing derived from the
 * password (export key, session key) is returned.
 *
 * The library is WebAssembly with Argon2id key stretching (about 400 kB), so it is loaded on demand: pages that
 * need it call `preloadOpaque()` when they open, and the first flow awaits it.
 */
type OpaqueModule = typeof import('@serenity-kit/opaque');

let loading: Promise<OpaqueModule> | null = null;

export function loadOpaque(): Promise<OpaqueModule> {
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
export function nextFrame(): Promise<void> {
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

export interface LoginStarted {
  login_id: string;
  login_response: string;
}

/**
 * The first half of an OPAQUE login: `start` sends the login request and returns the server's response. Resolves
 * with the finishing message, or null when the client already sees the password does not fit (the server would
 * refuse the next message anyway, so it is not sent).
 */
export async function provePassword(
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
export async function startRegistrationMessage(
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
