import * as opaque from '@serenity-kit/opaque';
import { adminFetch } from './admin.js';
import { clientCredentialsRequest } from './cli-processes.js';
import { type Fixture, mintCode, prepareFixture, redeemCode, refresh } from './fault-workload.js';
import { postJson } from './opaque-client.js';
import { testKeyStretching } from './opaque-stretching.js';
import type { ServerEndpoints } from './server.js';
import { currentCode } from './totp.js';

/**
 * Data whose secrets are sealed under the KEK or kept as hashes, written through the API and later checked on a
 * database restored from a backup or carried over from an older release: the password (OPAQUE), a TOTP secret, a
 * client secret, a refresh token and a SCIM token must all still work there.
 */
export interface RestorableData {
  admin: { email: string; password: string; totpSecret: string; totpStepUsed: number };
  fixture: Fixture;
  batch: { clientId: string; secret: string };
  refreshToken: string;
  scimToken: string;
}

const ADMIN_EMAIL = 'root@example.com';
const ADMIN_PASSWORD = 'a long fault-test password';
const TOTP_STEP_MS = 30_000;

/** Installs a fresh service and writes every kind of data `checkRestoredData` looks for. */
export async function seedRestorableData(
  server: ServerEndpoints,
  installToken: string,
): Promise<RestorableData> {
  const { adminSecondFactor } = await import('./admin.js');
  const fixture = await prepareFixture(server, installToken);
  const totpStepUsed = Math.floor(Date.now() / TOTP_STEP_MS);
  const totpSecret = adminSecondFactor(ADMIN_EMAIL)?.secret;
  if (!totpSecret) throw new Error('the first admin enrolled no TOTP factor');
  const batch = await adminFetch(server, fixture.admin, 'POST', '/admin/clients', {
    client_id: 'batch',
    name: 'Batch',
    type: 'confidential',
    redirect_uris: [],
    grant_types: ['client_credentials'],
    scopes: [{ scope: 'jobs', description: 'Run jobs' }],
  });
  if (batch.status !== 201) throw new Error(`batch client: ${batch.status} ${batch.text}`);
  const redeemed = await redeemCode(server, fixture, await mintCode(server, fixture));
  if (redeemed.kind !== 'answered' || redeemed.status !== 200)
    throw new Error(`code redemption: ${JSON.stringify(redeemed)}`);
  const organization = await adminFetch(server, fixture.admin, 'POST', '/admin/organizations', {
    name: 'Restored Org',
  });
  if (organization.status !== 201) throw new Error(`organization: ${organization.text}`);
  const connection = await adminFetch(server, fixture.admin, 'POST', '/admin/scim/connections', {
    name: 'Restored IdP',
    organizationId: organization.json.id,
  });
  if (connection.status !== 201) throw new Error(`SCIM connection: ${connection.text}`);
  const token = await adminFetch(server, fixture.admin, 'POST', '/admin/scim/tokens', {
    name: 'Restored token',
    connectionId: connection.json.id,
  });
  if (token.status !== 201) throw new Error(`SCIM token: ${token.text}`);
  return {
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, totpSecret, totpStepUsed },
    fixture,
    batch: { clientId: 'batch', secret: batch.json.client_secret as string },
    refreshToken: redeemed.json.refresh_token as string,
    scimToken: token.json.token as string,
  };
}

/** The admin's password sign-in (OPAQUE) and then its TOTP code; the status of each step. */
async function adminPasswordAndTotp(server: ServerEndpoints, data: RestorableData): Promise<string[]> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password: data.admin.password });
  const start = await postJson(`${server.adminUrl}/admin/login/start`, {
    email: data.admin.email,
    start_login_request: startLoginRequest,
  });
  const finished = opaque.client.finishLogin({
    keyStretching: testKeyStretching(),
    clientLoginState,
    loginResponse: start.json.login_response as string,
    password: data.admin.password,
  });
  if (!finished) return ['password: the OPAQUE client refused the server login response'];
  const finish = await postJson(`${server.adminUrl}/admin/login/finish`, {
    login_id: start.json.login_id,
    finish_login_request: finished.finishLoginRequest,
  });
  if (finish.status !== 200) return [`password: /admin/login/finish answered ${finish.status}`];
  if (finish.json.second_factor !== 'verify') return [`totp: second_factor is ${finish.json.second_factor}`];
  const cookie = finish.headers
    .getSetCookie()
    .find((value) => value.startsWith('tessera_admin_session='))
    ?.split(';')[0];
  // The step the enrolment used is spent; the next one is within the default window of one step.
  const offset = Math.max(0, data.admin.totpStepUsed + 1 - Math.floor(Date.now() / TOTP_STEP_MS));
  const verified = await postJson(
    `${server.adminUrl}/admin/otp/verify`,
    { code: currentCode(data.admin.totpSecret, offset) },
    { cookie: cookie ?? '', 'x-csrf-token': finish.json.csrf_token as string },
  );
  return verified.status === 200 ? [] : [`totp: /admin/otp/verify answered ${JSON.stringify(verified.json)}`];
}

/** Every way `data` must still work on `server`; returns what failed (empty when all works). */
export async function checkRestoredData(server: ServerEndpoints, data: RestorableData): Promise<string[]> {
  const failures = await adminPasswordAndTotp(server, data);
  const token = await clientCredentialsRequest(server.publicUrl, data.batch.clientId, data.batch.secret);
  if (token.status !== 200) failures.push(`client secret: /token answered ${token.status}`);
  const refreshed = await refresh(server, data.fixture, data.refreshToken);
  if (refreshed.kind !== 'answered' || refreshed.status !== 200)
    failures.push(`refresh token: ${JSON.stringify(refreshed)}`);
  const scim = await fetch(`${server.publicUrl}/scim/v2/Users`, {
    headers: { authorization: `Bearer ${data.scimToken}` },
  });
  if (scim.status !== 200) failures.push(`SCIM token: /scim/v2/Users answered ${scim.status}`);
  return failures;
}
