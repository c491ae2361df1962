import { createPrivateKey, createPublicKey, type JsonWebKeyInput } from 'node:crypto';
import * as opaque from '@serenity-kit/opaque';
import { keyringFromText } from '../crypto/keyring.js';
import { Sealer } from '../crypto/seal.js';
import type { Database } from '../db/client.js';
import { adminFetch } from './admin.js';
import { clientCredentialsRequest } from './cli-processes.js';
import { type Fixture, mintCode, prepareFixture, redeemCode, refresh } from './fault-workload.js';
import { accountKeyBody, newAccountKey } from './keys.js';
import { loginWithPassword, postJson } from './opaque-client.js';
import { testKeyStretching } from './opaque-stretching.js';
import type { ServerEndpoints } from './server.js';
import { currentCode } from './totp.js';
import { SoftAuthenticator } from './webauthn.js';

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
  /** The fixture user's keybag: its account key and one recovery-key envelope, as the server stored them. */
  keybag: { userEmail: string; userPassword: string; keyId: string; keyCheck: string; envelope: string };
  /** The fixture user's passkey: the authenticator's credential, its private key as a JWK. */
  passkey: {
    id: string;
    privateJwk: JsonWebKeyInput['key'];
    userHandle: string;
    rpId: string;
    signCount: number;
  };
  /** A federation connection and the upstream client secret sealed in its row. */
  federation: { connectionId: string; clientSecret: string };
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
  const userId = JSON.parse(
    Buffer.from(String(redeemed.json.id_token).split('.')[1]!, 'base64url').toString('utf8'),
  ).sub as string;
  const key = newAccountKey(userId);
  const keybag = accountKeyBody(key, ['recovery_key']);
  const stored = await postJson(`${server.publicUrl}/crypto/keybag/account-key`, keybag.body, {
    cookie: fixture.user.cookie,
    'x-csrf-token': fixture.user.csrfToken,
    origin: new URL(server.publicUrl).origin,
  });
  if (stored.status !== 201) throw new Error(`keybag: ${JSON.stringify(stored.json)}`);
  const passkey = await registerPasskey(server, fixture);
  const clientSecret = 'upstream client secret of the restored connection';
  const federation = await adminFetch(server, fixture.admin, 'POST', '/admin/federation/connections', {
    name: 'Upstream',
    issuer: 'https://idp.example.com',
    clientId: 'tessera',
    clientSecret,
    discoveryUrl: null,
    authorizationEndpoint: 'https://idp.example.com/authorize',
    tokenEndpoint: 'https://idp.example.com/token',
    jwksUri: 'https://idp.example.com/jwks',
  });
  if (federation.status !== 201) throw new Error(`federation connection: ${federation.text}`);
  return {
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, totpSecret, totpStepUsed },
    fixture,
    batch: { clientId: 'batch', secret: batch.json.client_secret as string },
    refreshToken: redeemed.json.refresh_token as string,
    scimToken: token.json.token as string,
    keybag: {
      userEmail: 'ada@example.com',
      userPassword: ADMIN_PASSWORD,
      keyId: key.keyId,
      keyCheck: key.keyCheck,
      envelope: keybag.envelopes[0]!.input.ciphertext,
    },
    passkey,
    federation: { connectionId: federation.json.id as string, clientSecret },
  };
}

/** Registers a passkey of a software authenticator for the fixture's signed-in user. */
async function registerPasskey(
  server: ServerEndpoints,
  fixture: Fixture,
): Promise<RestorableData['passkey']> {
  const origin = new URL(server.config.baseUrl).origin;
  const headers = { cookie: fixture.user.cookie, 'x-csrf-token': fixture.user.csrfToken, origin };
  const options = await postJson(`${server.publicUrl}/api/user/passkeys/registration/options`, {}, headers);
  if (options.status !== 200) throw new Error(`passkey options: ${JSON.stringify(options.json)}`);
  const authenticator = new SoftAuthenticator(origin);
  const response = authenticator.create(options.json.options as Parameters<SoftAuthenticator['create']>[0]);
  const verified = await postJson(
    `${server.publicUrl}/api/user/passkeys/registration/verify`,
    { name: 'Restored key', response },
    headers,
  );
  if (verified.status !== 201) throw new Error(`passkey: ${JSON.stringify(verified.json)}`);
  const credential = authenticator.credentials[0]!;
  return {
    id: credential.id.toString('base64url'),
    privateJwk: credential.privateKey.export({ format: 'jwk' }),
    userHandle: credential.userHandle,
    rpId: credential.rpId,
    signCount: credential.signCount,
  };
}

/** A passkey sign-in of the fixture user with the stored credential. */
async function checkPasskey(server: ServerEndpoints, data: RestorableData): Promise<string[]> {
  const origin = new URL(server.config.baseUrl).origin;
  const authenticator = new SoftAuthenticator(origin);
  const privateKey = createPrivateKey({ key: data.passkey.privateJwk, format: 'jwk' });
  authenticator.credentials.push({
    id: Buffer.from(data.passkey.id, 'base64url'),
    privateKey,
    publicKey: createPublicKey(privateKey),
    userHandle: data.passkey.userHandle,
    rpId: data.passkey.rpId,
    signCount: data.passkey.signCount,
  });
  const options = await postJson(
    `${server.publicUrl}/api/user/passkeys/sign-in/options`,
    { email: data.keybag.userEmail },
    { origin },
  );
  if (options.status !== 200) return [`passkey: sign-in options answered ${options.status}`];
  const verified = await postJson(
    `${server.publicUrl}/api/user/passkeys/sign-in/verify`,
    { response: authenticator.get(options.json.options as Parameters<SoftAuthenticator['get']>[0]) },
    { origin },
  );
  return verified.status === 200 ? [] : [`passkey: sign-in answered ${JSON.stringify(verified.json)}`];
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
  failures.push(...(await checkKeybag(server, data)));
  failures.push(...(await checkPasskey(server, data)));
  return failures;
}

/** The user signs in with the password and reads the keybag: the same account key and envelope. */
async function checkKeybag(server: ServerEndpoints, data: RestorableData): Promise<string[]> {
  const signedIn = await loginWithPassword(server, data.keybag.userEmail, data.keybag.userPassword);
  if (!signedIn.cookie) return [`keybag: the user's password sign-in answered ${signedIn.finish?.status}`];
  const answer = await fetch(`${server.publicUrl}/crypto/keybag`, { headers: { cookie: signedIn.cookie } });
  const keybag = (await answer.json()) as {
    account_key: { key_id: string; key_check: string } | null;
    envelopes: { ciphertext: string }[];
  };
  const readable =
    answer.status === 200 &&
    keybag.account_key?.key_id === data.keybag.keyId &&
    keybag.account_key.key_check === data.keybag.keyCheck &&
    keybag.envelopes.some((envelope) => envelope.ciphertext === data.keybag.envelope);
  return readable ? [] : [`keybag: ${answer.status} ${JSON.stringify(keybag)}`];
}

/** The federation connection's upstream client secret opens under the KEK (read from its row). */
export async function checkConnectionSecret(
  database: Database,
  kek: string,
  data: RestorableData,
): Promise<string[]> {
  const rows = await database.withConnection((connection) =>
    connection.query<{ sealed: string }>(
      'SELECT client_secret_sealed AS sealed FROM federation_connections WHERE id = $1',
      [data.federation.connectionId],
    ),
  );
  const sealed = rows[0]?.sealed;
  if (!sealed) return ['federation: the connection or its secret is gone'];
  try {
    const secret = new Sealer(keyringFromText(kek)).openText(sealed, {
      table: 'federation_connections',
      column: 'client_secret_sealed',
      row: data.federation.connectionId,
    });
    return secret === data.federation.clientSecret ? [] : ['federation: the secret opens to another value'];
  } catch (error) {
    return [`federation: ${(error as Error).message}`];
  }
}
