import * as opaque from '@serenity-kit/opaque';
import { postJson } from './opaque-client.js';
import { testKeyStretching } from './opaque-stretching.js';
import type { ServerEndpoints, TestServer } from './server.js';
import { currentCode } from './totp.js';

export interface AdminSession {
  cookie: string;
  csrf: string;
  id: string;
}

function adminCookie(headers: Headers): string {
  const cookie = headers.getSetCookie().find((value) => value.startsWith('tessera_admin_session='));
  if (!cookie) throw new Error('no admin session cookie');
  return cookie.split(';')[0]!;
}

/** Installs the service through the HTTP install API, with the OPAQUE client in-process. */
export async function installViaApi(server: TestServer, email: string, password: string): Promise<void> {
  const token = await server.context.admin.install.issueToken();
  if (!token) throw new Error('already installed');
  await installWithToken(server, token, email, password);
}

/** Installs through the HTTP install API with a given one-time install token (printed by `tessera serve`). */
export async function installWithToken(
  server: ServerEndpoints,
  token: string,
  email: string,
  password: string,
): Promise<void> {
  await opaque.ready;
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const start = await postJson(`${server.adminUrl}/install/admin/start`, {
    token,
    email,
    registration_request: registrationRequest,
  });
  const { registrationRecord } = opaque.client.finishRegistration({
    keyStretching: testKeyStretching(),
    clientRegistrationState,
    registrationResponse: start.json.registration_response as string,
    password,
  });
  const complete = await postJson(`${server.adminUrl}/install/complete`, {
    token,
    registration_id: start.json.registration_id,
    registration_record: registrationRecord,
    product_name: 'Acme ID',
    self_registration: false,
  });
  if (complete.status !== 200) throw new Error(`install failed: ${JSON.stringify(complete.json)}`);
}

/** Second factors of the admins tests created: the secret and the unused backup codes. */
const admin2fa = new Map<string, { secret: string; backupCodes: string[] }>();

export function adminSecondFactor(email: string): { secret: string; backupCodes: string[] } | undefined {
  return admin2fa.get(email);
}

/** Finishes an admin sign-in that owes TOTP: enrols on first sign-in, later uses a fresh backup code. */
async function completeSecondFactor(
  server: ServerEndpoints,
  email: string,
  session: AdminSession,
  owed: string,
): Promise<AdminSession> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  let response: Awaited<ReturnType<typeof postJson>>;
  if (owed === 'enroll') {
    const init = await postJson(`${server.adminUrl}/admin/otp/setup/init`, {}, headers);
    const secret = init.json.secret as string;
    response = await postJson(
      `${server.adminUrl}/admin/otp/setup/verify`,
      { code: currentCode(secret) },
      headers,
    );
    admin2fa.set(email, { secret, backupCodes: response.json.backup_codes as string[] });
  } else {
    const known = admin2fa.get(email);
    if (!known) throw new Error(`no known second factor for ${email}`);
    // A backup code, not the TOTP code: a second sign-in within the same 30 s step would replay the code.
    response = await postJson(
      `${server.adminUrl}/admin/otp/verify`,
      { code: known.backupCodes.pop()! },
      headers,
    );
  }
  if (response.status !== 200)
    throw new Error(`admin second factor failed: ${JSON.stringify(response.json)}`);
  return { cookie: adminCookie(response.headers), csrf: response.json.csrf_token as string, id: session.id };
}

export async function adminSignIn(
  server: ServerEndpoints,
  email: string,
  password: string,
): Promise<AdminSession> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const start = await postJson(`${server.adminUrl}/admin/login/start`, {
    email,
    start_login_request: startLoginRequest,
  });
  const result = opaque.client.finishLogin({
    keyStretching: testKeyStretching(),
    clientLoginState,
    loginResponse: start.json.login_response as string,
    password,
  });
  if (!result) throw new Error('admin password rejected by the OPAQUE client');
  const finish = await postJson(`${server.adminUrl}/admin/login/finish`, {
    login_id: start.json.login_id,
    finish_login_request: result.finishLoginRequest,
  });
  if (finish.status !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(finish.json)}`);
  const session = {
    cookie: adminCookie(finish.headers),
    csrf: finish.json.csrf_token as string,
    id: (finish.json.admin as { id: string }).id,
  };
  const owed = finish.json.second_factor as string | null;
  return owed ? completeSecondFactor(server, email, session, owed) : session;
}

/** Creates another admin with the given role through the admin API (as a write admin). */
export async function createAdmin(
  server: TestServer,
  by: AdminSession,
  email: string,
  password: string,
  role: 'read' | 'write',
): Promise<void> {
  await opaque.ready;
  const headers = { cookie: by.cookie, 'x-csrf-token': by.csrf };
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const start = await postJson(
    `${server.adminUrl}/admin/admin-users/start`,
    { email, registration_request: registrationRequest },
    headers,
  );
  const { registrationRecord } = opaque.client.finishRegistration({
    keyStretching: testKeyStretching(),
    clientRegistrationState,
    registrationResponse: start.json.registration_response as string,
    password,
  });
  const finish = await postJson(
    `${server.adminUrl}/admin/admin-users/finish`,
    { registration_id: start.json.registration_id, registration_record: registrationRecord, role },
    headers,
  );
  if (finish.status !== 201) throw new Error(`creating admin failed: ${JSON.stringify(finish.json)}`);
}

export async function adminFetch(
  server: ServerEndpoints,
  session: AdminSession | null,
  method: string,
  path: string,
  body?: unknown,
  csrf = true,
) {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = session.cookie;
  if (session && csrf) headers['x-csrf-token'] = session.csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.adminUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { raw: text };
  }
  return { status: response.status, json, text, headers: response.headers };
}
