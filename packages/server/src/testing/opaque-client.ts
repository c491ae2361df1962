import * as opaque from '@serenity-kit/opaque';
import type { RegistrationPurpose } from '../accounts/password-authentication.js';
import { testKeyStretching } from './opaque-stretching.js';
import type { ServerEndpoints, TestServer } from './server.js';

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  json: T;
  headers: Headers;
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {}, headers: response.headers };
}

export function sessionCookieFrom(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((value) => value.startsWith('tessera_session='));
  return cookie ? cookie.split(';')[0]! : null;
}

/** Self-registers through the HTTP API, running the OPAQUE client in-process as the browser would. */
export async function registerWithPassword(
  server: ServerEndpoints,
  email: string,
  password: string,
  name = 'Test User',
): Promise<JsonResponse> {
  await opaque.ready;
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const start = await postJson(`${server.publicUrl}/api/user/register/start`, {
    email,
    registration_request: registrationRequest,
  });
  if (start.status !== 200) return start;
  const { registrationRecord } = opaque.client.finishRegistration({
    keyStretching: testKeyStretching(),
    clientRegistrationState,
    registrationResponse: start.json.registration_response as string,
    password,
  });
  return postJson(`${server.publicUrl}/api/user/register/finish`, {
    registration_id: start.json.registration_id,
    registration_record: registrationRecord,
    name,
  });
}

export interface LoginAttempt {
  /** The server's answer to the final message, or null when the client itself rejected the exchange. */
  finish: JsonResponse | null;
  start: JsonResponse;
  cookie: string | null;
}

/**
 * The OPAQUE export key of `password` (RFC 9807 §6.4), computed as the hosted UI does: only the login's first round
 * trip, finished here; no session starts. Throws when the password does not fit the account's record.
 */
export async function passwordExportKey(
  server: ServerEndpoints,
  email: string,
  password: string,
): Promise<Buffer> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const start = await postJson(`${server.publicUrl}/api/user/login/start`, {
    email,
    start_login_request: startLoginRequest,
  });
  const finished = opaque.client.finishLogin({
    keyStretching: testKeyStretching(),
    clientLoginState,
    loginResponse: start.json.login_response as string,
    password,
  });
  if (!finished) throw new Error('the password does not fit');
  return Buffer.from(finished.exportKey, 'base64url');
}

/**
 * What the hosted UI's consent or account page does to open the password envelope of a signed-in account
 * (`POST /api/user/key-unlock/password`): the export key of `password`, or null when it does not fit the account's
 * record (the browser alone finds out); `answer` is the server's response.
 */
export async function keyUnlockExportKey(
  server: ServerEndpoints,
  auth: { cookie: string; csrf: string },
  password: string,
): Promise<{ answer: JsonResponse; exportKey: Buffer | null }> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const answer = await postJson(
    `${server.publicUrl}/api/user/key-unlock/password`,
    { start_login_request: startLoginRequest },
    { cookie: auth.cookie, 'x-csrf-token': auth.csrf, origin: new URL(server.config.baseUrl).origin },
  );
  if (answer.status !== 200) return { answer, exportKey: null };
  const finished = opaque.client.finishLogin({
    keyStretching: testKeyStretching(),
    clientLoginState,
    loginResponse: answer.json.login_response as string,
    password,
  });
  return { answer, exportKey: finished ? Buffer.from(finished.exportKey, 'base64url') : null };
}

/**
 * Signs in through the HTTP API with the OPAQUE client; `finishUrl` lets a test send the finish to another node,
 * `finishFields` go with the final message (request_id, as the hosted UI's sign-in page sends it).
 */
export async function loginWithPassword(
  server: ServerEndpoints,
  email: string,
  password: string,
  options: { finishUrl?: string; cookie?: string; finishFields?: Record<string, unknown> } = {},
): Promise<LoginAttempt> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
  const start = await postJson(
    `${server.publicUrl}/api/user/login/start`,
    { email, start_login_request: startLoginRequest },
    headers,
  );
  if (start.status !== 200) return { start, finish: null, cookie: null };
  const result = opaque.client.finishLogin({
    keyStretching: testKeyStretching(),
    clientLoginState,
    loginResponse: start.json.login_response as string,
    password,
  });
  if (!result) return { start, finish: null, cookie: null };
  const finish = await postJson(
    `${options.finishUrl ?? server.publicUrl}/api/user/login/finish`,
    {
      login_id: start.json.login_id,
      finish_login_request: result.finishLoginRequest,
      ...options.finishFields,
    },
    headers,
  );
  return { start, finish, cookie: sessionCookieFrom(finish.headers) };
}

/**
 * The hosted UI's password change through the HTTP API: prove the current password (OPAQUE login), register the new
 * one and store it. A proof the OPAQUE client itself refuses (a wrong current password) answers status 0.
 */
export async function changePassword(
  server: ServerEndpoints,
  auth: { cookie: string; csrf: string },
  current: string,
  next: string,
): Promise<JsonResponse> {
  await opaque.ready;
  const headers = { cookie: auth.cookie, 'x-csrf-token': auth.csrf };
  const login = opaque.client.startLogin({ password: current });
  const start = await postJson(
    `${server.publicUrl}/api/user/password/change/start`,
    { start_login_request: login.startLoginRequest },
    headers,
  );
  if (start.status !== 200) return start;
  const proof = opaque.client.finishLogin({
    keyStretching: testKeyStretching(),
    clientLoginState: login.clientLoginState,
    loginResponse: start.json.login_response as string,
    password: current,
  });
  if (!proof) return { status: 0, json: { error: 'client_rejected' }, headers: new Headers() };
  const registration = opaque.client.startRegistration({ password: next });
  const verify = await postJson(
    `${server.publicUrl}/api/user/password/change/verify`,
    {
      login_id: start.json.login_id,
      finish_login_request: proof.finishLoginRequest,
      registration_request: registration.registrationRequest,
    },
    headers,
  );
  if (verify.status !== 200) return verify;
  const { registrationRecord } = opaque.client.finishRegistration({
    keyStretching: testKeyStretching(),
    clientRegistrationState: registration.clientRegistrationState,
    registrationResponse: verify.json.registration_response as string,
    password: next,
  });
  return postJson(
    `${server.publicUrl}/api/user/password/change/finish`,
    { registration_id: verify.json.registration_id, registration_record: registrationRecord },
    headers,
  );
}

/**
 * A finished OPAQUE registration of a new password for an existing account, made in-process through the accounts
 * service as the browser makes it for a reset link or an admin setting the password: what the lifecycle's
 * `completePasswordReset` and `setPassword` take.
 */
export async function passwordRegistration(
  server: TestServer,
  account: { id: string; email: string },
  password: string,
  purpose: RegistrationPurpose,
): Promise<{ registrationId: string; registrationRecord: string }> {
  await opaque.ready;
  const started = opaque.client.startRegistration({ password });
  const answer = await server.context.accounts.passwords.startRegistration(
    { email: account.email, userId: account.id },
    started.registrationRequest,
    purpose,
  );
  const { registrationRecord } = opaque.client.finishRegistration({
    keyStretching: testKeyStretching(),
    clientRegistrationState: started.clientRegistrationState,
    registrationResponse: answer.registrationResponse,
    password,
  });
  return { registrationId: answer.registrationId, registrationRecord };
}

/** Sets a new password through an emailed reset link's token, as the hosted UI's reset page does over HTTP. */
export async function resetPasswordWithLink(
  server: ServerEndpoints,
  token: string,
  newPassword: string,
): Promise<JsonResponse> {
  await opaque.ready;
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({
    password: newPassword,
  });
  const start = await postJson(`${server.publicUrl}/api/user/password/reset/start`, {
    token,
    registration_request: registrationRequest,
  });
  if (start.status !== 200) return start;
  const { registrationRecord } = opaque.client.finishRegistration({
    keyStretching: testKeyStretching(),
    clientRegistrationState,
    registrationResponse: start.json.registration_response as string,
    password: newPassword,
  });
  return postJson(`${server.publicUrl}/api/user/password/reset/finish`, {
    token,
    registration_id: start.json.registration_id,
    registration_record: registrationRecord,
  });
}
