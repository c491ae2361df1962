/**
 * Key custody for accounts without a password (docs/zk.md §3.1, §3.7): a user created at a federated
 * sign-in (JIT), one provisioned over SCIM and one who signs in with a passkey alone have no OPAQUE record, so no
 * export key. Each signs in the way such a user does, learns from the unlock policy that the account has no
 * password, protects a first account key with a recovery key (and a passkey's PRF, for a registered passkey), is
 * refused any password envelope (at creation, when adding one, when rotating), and at the next sign-in reads the
 * envelopes back and opens the same account root key with the same secrets — as the hosted UI does in the browser
 * (testing/keys.ts wraps and unwraps with node:crypto).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import {
  createConnection,
  FEDERATION_TEST_ENV,
  federatedSignIn,
  verifyDomain,
} from '../testing/federation.js';
import { newAccountKey, unwrapEnvelope, type WrappedEnvelope, wrapEnvelope } from '../testing/keys.js';
import { type SignedIn, signInUser } from '../testing/oauth.js';
import { passwordRegistration, sessionCookieFrom } from '../testing/opaque-client.js';
import { call } from '../testing/orgs.js';
import { connectionWithToken, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../testing/upstream-idp.js';
import { SoftAuthenticator } from '../testing/webauthn.js';

let server: TestServer;
let session: AdminSession;
let idp: UpstreamIdp;
let federationId: string;
let scimToken: string;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ env: FEDERATION_TEST_ENV });
  origin = new URL(server.config.baseUrl).origin;
  session = await installAndSignIn(server);
  idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
  const connection = await createConnection(server, session, idp, {
    domains: ['jit.test'],
    jitProvisioning: true,
    accountLinkingPolicy: 'email_verified',
  });
  federationId = connection.id;
  await verifyDomain(server, session, federationId, 'jit.test');
  scimToken = (await connectionWithToken(server, session, 'Provisioned')).token;
}, 180_000);
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

/** The session's CSRF token, as the hosted UI reads it (`GET /session`). */
async function withCsrf(user: SignedIn['user'], cookie: string): Promise<SignedIn> {
  const answer = await fetch(`${server.publicUrl}/session`, { headers: { cookie } });
  const json = (await answer.json()) as { authenticated: boolean; csrf_token?: string };
  expect(json.authenticated).toBe(true);
  return { user, cookie, csrfToken: json.csrf_token!, sessionId: '' };
}

/** An account and a way to sign it in again (each sign-in a new session). */
interface Passwordless {
  signIn(): Promise<SignedIn>;
  /** A registered passkey of the account (its credential id and PRF salt), for a passkey_prf envelope. */
  passkey: { credential_id: string; prf_salt: string } | null;
}

async function registerPasskey(user: SignedIn, authenticator: SoftAuthenticator) {
  const options = await call(server, user, 'POST', '/api/user/passkeys/registration/options');
  expect(options.status, JSON.stringify(options.json)).toBe(200);
  const registered = await call(server, user, 'POST', '/api/user/passkeys/registration/verify', {
    name: 'Laptop',
    response: authenticator.create(options.json.options as Parameters<SoftAuthenticator['create']>[0]),
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  return registered.json as { credential_id: string; prf_salt: string };
}

/** Created just in time at the first sign-in through the upstream provider; signs in there again. */
async function federatedUser(): Promise<Passwordless> {
  const account = {
    sub: `sub-${randomBytes(6).toString('hex')}`,
    email: `fed-${randomBytes(4).toString('hex')}@jit.test`,
    email_verified: true,
    name: 'Fed Person',
  };
  const signIn = async () => {
    idp.signInAs(account);
    const { jar, answer } = await federatedSignIn(server, federationId);
    expect(answer.status).toBe(302);
    const user = (await server.context.accounts.users.findByEmail(account.email))!;
    return withCsrf(user, jar.header(new URL(server.publicUrl)));
  };
  const first = await signIn();
  return { signIn, passkey: await registerPasskey(first, new SoftAuthenticator(origin, { prf: true })) };
}

/** Created over SCIM by the organization's provider (no password); its sessions start as the service starts any. */
async function provisionedUser(): Promise<Passwordless> {
  const userName = `scim-${randomBytes(4).toString('hex')}@idp.example`;
  const created = await scim(server, scimToken, 'POST', '/Users', {
    userName,
    emails: [{ type: 'work', primary: true, value: userName }],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const user = (await server.context.accounts.users.findByEmail(userName))!;
  const signIn = () => signInUser(server, { user, authentication: { amr: ['fed'] } });
  return { signIn, passkey: null };
}

/** Has only a passkey: registers it once, then signs in with it alone (a discoverable-credential sign-in). */
async function passkeyOnlyUser(): Promise<Passwordless> {
  const user = await server.context.accounts.users.create({
    email: `pk-${randomBytes(4).toString('hex')}@example.com`,
    emailVerified: true,
  });
  const authenticator = new SoftAuthenticator(origin, { prf: true });
  const passkey = await registerPasskey(await signInUser(server, { user }), authenticator);
  const signIn = async () => {
    const options = await call(server, null, 'POST', '/api/user/passkeys/sign-in/options', {});
    const verified = await fetch(`${server.publicUrl}/api/user/passkeys/sign-in/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        response: authenticator.get(options.json.options as Parameters<SoftAuthenticator['get']>[0]),
      }),
    });
    expect(verified.status).toBe(200);
    return withCsrf(user, sessionCookieFrom(verified.headers)!);
  };
  return { signIn, passkey };
}

const kinds: [string, () => Promise<Passwordless>][] = [
  ['a federated (JIT) user', federatedUser],
  ['a SCIM-provisioned user', provisionedUser],
  ['a passkey-only user', passkeyOnlyUser],
];

type KeybagAnswer = {
  account_key: { key_id: string; version: number; key_check: string } | null;
  envelopes: {
    id: string;
    type: string;
    kdf_salt: string | null;
    ciphertext: string;
    credential_id: string | null;
  }[];
};

describe.each(kinds)('%s (no password)', (_, make) => {
  it('is told it has no password, is refused every password envelope, and protects a key with a recovery key and a passkey', async () => {
    const account = await make();
    const user = await account.signIn();
    expect(await server.context.accounts.passwords.hasPassword(user.user.id)).toBe(false);
    const policy = await call(server, user, 'GET', '/crypto/unlock-policy');
    expect(policy.json).toMatchObject({ has_password: false, keybag_exists: false, methods: [] });

    const key = newAccountKey(user.user.id);
    const create = (envelopes: WrappedEnvelope[]) =>
      call(server, user, 'POST', '/crypto/keybag/account-key', {
        key_id: key.keyId,
        key_check: key.keyCheck,
        envelopes: envelopes.map((envelope) => envelope.input),
      });
    // A password envelope wraps the key under an export key no sign-in of this account produces.
    for (const refused of [
      [wrapEnvelope(key, 1, 'password')],
      [wrapEnvelope(key, 1, 'password'), wrapEnvelope(key, 1, 'recovery_key')],
    ]) {
      expect(await create(refused)).toMatchObject({ status: 409, json: { error: 'password_not_set' } });
    }
    expect((await call(server, user, 'GET', '/crypto/keybag')).json).toMatchObject({ exists: false });

    const recovery = wrapEnvelope(key, 1, 'recovery_key');
    const first = [recovery];
    let prf: WrappedEnvelope | null = null;
    if (account.passkey) {
      // The PRF output stays in the browser; the envelope names the registered passkey and its salt.
      prf = wrapEnvelope(key, 1, 'passkey_prf');
      prf.input.credential_id = account.passkey.credential_id;
      prf.input.prf_salt = account.passkey.prf_salt;
      first.unshift(prf);
    }
    const created = await create(first);
    expect(created.status, JSON.stringify(created.json)).toBe(201);

    // Nor may one be added or rotated in later.
    expect(
      await call(server, user, 'POST', '/crypto/keybag/envelopes', {
        expected_version: 1,
        envelope: wrapEnvelope(key, 1, 'password').input,
      }),
    ).toMatchObject({ status: 409, json: { error: 'password_not_set' } });
    expect(
      await call(server, user, 'POST', '/crypto/keybag/rotate', {
        expected_version: 1,
        key_id: key.keyId,
        key_check: key.keyCheck,
        envelopes: [wrapEnvelope(key, 2, 'recovery_key').input, wrapEnvelope(key, 2, 'password').input],
      }),
    ).toMatchObject({ status: 409, json: { error: 'password_not_set' } });

    // The next sign-in reads the envelopes back and opens the same account root key with either secret.
    const again = await account.signIn();
    expect(again.cookie).not.toBe(user.cookie);
    const keybag = (await call(server, again, 'GET', '/crypto/keybag')).json as unknown as KeybagAnswer;
    expect(keybag.account_key).toMatchObject({ key_id: key.keyId, version: 1, key_check: key.keyCheck });
    const bag = { userId: user.user.id, keyId: key.keyId, version: 1, keyCheck: key.keyCheck };
    const stored = (wrapped: WrappedEnvelope) => keybag.envelopes.find((e) => e.id === wrapped.input.id)!;
    expect(unwrapEnvelope(stored(recovery), recovery.secret, bag).equals(key.ark)).toBe(true);
    if (prf) {
      expect(stored(prf).credential_id).toBe(account.passkey!.credential_id);
      expect(unwrapEnvelope(stored(prf), prf.secret, bag).equals(key.ark)).toBe(true);
    }
    expect(keybag.envelopes.map((e) => e.type).sort()).toEqual(
      prf ? ['passkey_prf', 'recovery_key'] : ['recovery_key'],
    );
    const methods = (await call(server, again, 'GET', '/crypto/unlock-policy')).json;
    expect(methods).toMatchObject({
      has_password: false,
      keybag_exists: true,
      methods: prf ? ['recovery_key', 'passkey_prf', 'new_key_setup'] : ['recovery_key', 'new_key_setup'],
    });
  });

  it('once the account has a password, a password envelope is accepted as for any password user', async () => {
    const account = await make();
    const user = await account.signIn();
    const key = newAccountKey(user.user.id);
    expect(
      (
        await call(server, user, 'POST', '/crypto/keybag/account-key', {
          key_id: key.keyId,
          key_check: key.keyCheck,
          envelopes: [wrapEnvelope(key, 1, 'recovery_key').input],
        })
      ).status,
    ).toBe(201);
    const { registrationRecord } = await passwordRegistration(
      server,
      user.user,
      'a password set later 1',
      'admin_set',
    );
    await server.context.accounts.passwords.setRecord(user.user.id, registrationRecord);
    expect((await call(server, user, 'GET', '/crypto/unlock-policy')).json).toMatchObject({
      has_password: true,
    });
    const added = await call(server, user, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: wrapEnvelope(key, 1, 'password').input,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
  });
});
