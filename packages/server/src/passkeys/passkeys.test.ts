/**
 * Passkeys over HTTP (WebAuthn Level 3 §7), against a software authenticator written from the specification
 * (testing/webauthn.ts: real P-256 signatures, "none" attestation): registration bound to the session, sign-in
 * with a discoverable credential and email-first without telling accounts apart, user verification as the second
 * factor, and every refusal — replayed, expired or foreign challenge, bogus signature, wrong origin, wrong RP ID,
 * a cloned authenticator's counter — plus management, step-up, the last way to sign in, and the admin API.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import {
  authorizationCode,
  authorizeOnce,
  codeOf,
  idTokenClaims,
  pendingRequestId,
  redeemCode,
} from '../testing/code-flow.js';
import { newAccountKey, wrapEnvelope } from '../testing/keys.js';
import { registerClient, type SignedIn, signInUser } from '../testing/oauth.js';
import { sessionCookieFrom } from '../testing/opaque-client.js';
import { call } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { currentCode } from '../testing/totp.js';
import { SoftAuthenticator } from '../testing/webauthn.js';
import { MAX_PASSKEYS } from './service.js';
import { passkeyCeremonies } from './tables.js';

const randomBase64url = () => randomBytes(32).toString('base64url');

let server: TestServer;
let admin: AdminSession;
let origin: string;

beforeAll(async () => {
  server = await startTestServer();
  origin = new URL(server.config.baseUrl).origin;
  await installViaApi(server, 'root@example.com', 'admin password one');
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string } & Record<
  string,
  unknown
>;

async function registrationOptions(user: SignedIn): Promise<Options> {
  const answer = await call(server, user, 'POST', '/api/user/passkeys/registration/options');
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.options as Options;
}

/** Registers a passkey of `authenticator` for `user`; returns the stored view. */
async function register(user: SignedIn, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await registrationOptions(user);
  const answer = await call(server, user, 'POST', '/api/user/passkeys/registration/verify', {
    name,
    response: authenticator.create(options),
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json as { id: string; credential_id: string; prf_salt: string; prf_capable: boolean };
}

async function signInOptions(email?: string) {
  const answer = await call(
    server,
    null,
    'POST',
    '/api/user/passkeys/sign-in/options',
    email ? { email } : {},
  );
  expect(answer.status).toBe(200);
  return answer.json.options as Options & {
    allowCredentials?: { id: string }[];
  };
}

async function verifySignIn(response: unknown, fields: Record<string, unknown> = {}, cookie?: string) {
  const result = await fetch(`${server.publicUrl}/api/user/passkeys/sign-in/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ response, ...fields }),
  });
  return {
    status: result.status,
    json: (await result.json()) as Record<string, unknown>,
    headers: result.headers,
  };
}

async function userWithPasskey(options: { userVerified?: boolean; prf?: boolean } = {}) {
  const user = await signInUser(server);
  const authenticator = new SoftAuthenticator(origin, { prf: true, ...options });
  const passkey = await register(user, authenticator);
  return { user, authenticator, passkey };
}

async function auditActions(action: string) {
  return server.context.audit.list({ action }, 100);
}

describe('registration', () => {
  it('registers a discoverable passkey with its own PRF salt, bound to the session', async () => {
    const user = await signInUser(server);
    const options = await registrationOptions(user);
    expect(options.rp.id).toBe(new URL(server.config.baseUrl).hostname);
    expect(options).toMatchObject({
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const salt = (options.extensions as { prf: { eval: { first: string } } }).prf.eval.first;
    expect(Buffer.from(salt, 'base64url')).toHaveLength(32);
    const authenticator = new SoftAuthenticator(origin, { prf: true });
    const answer = await call(server, user, 'POST', '/api/user/passkeys/registration/verify', {
      name: 'Phone',
      response: authenticator.create(options),
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      name: 'Phone',
      prf_capable: true,
      prf_salt: salt,
      clone_suspected: false,
    });
    const listed = await call(server, user, 'GET', '/api/user/passkeys');
    expect((listed.json.passkeys as { id: string }[]).map((passkey) => passkey.id)).toEqual([answer.json.id]);
    const registered = await auditActions('passkey.registered');
    expect(registered.some((event) => event.actorId === user.user.id)).toBe(true);
  });

  it('refuses a wrong origin, a wrong RP ID, a replay, another session and an expired ceremony', async () => {
    const user = await signInUser(server);
    const other = await signInUser(server, { user: user.user });
    const finish = (as: SignedIn, response: unknown) =>
      call(server, as, 'POST', '/api/user/passkeys/registration/verify', { name: 'Key', response });
    const refused = async (as: SignedIn, response: unknown) => {
      const answer = await finish(as, response);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toBe('passkey_registration_failed');
    };
    const authenticator = new SoftAuthenticator(origin);
    await refused(
      user,
      authenticator.create(await registrationOptions(user), { origin: 'http://localhost:9999' }),
    );
    await refused(user, authenticator.create(await registrationOptions(user), { rpId: 'example.com' }));
    await refused(other, authenticator.create(await registrationOptions(user)));
    const expiring = await registrationOptions(user);
    await server.database.db
      .update(passkeyCeremonies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyCeremonies.purpose, 'registration'));
    await refused(user, authenticator.create(expiring));
    const response = authenticator.create(await registrationOptions(user));
    expect((await finish(user, response)).status).toBe(201);
    await refused(user, response);
    expect((await call(server, user, 'GET', '/api/user/passkeys')).json.passkeys).toHaveLength(1);
  });

  it('offers EdDSA, ES256 and RS256 only, whatever else this Node.js could verify', async () => {
    // On Node.js 24 the library's default puts ML-DSA-44 first, and Chromium's authenticators take it: such a
    // passkey's assertions would be refused by the signature bound, and it would not verify on Node.js 20.
    const { user } = await userWithPasskey();
    const options = await registrationOptions(user);
    expect(options.pubKeyCredParams).toEqual([
      { alg: -8, type: 'public-key' },
      { alg: -7, type: 'public-key' },
      { alg: -257, type: 'public-key' },
    ]);
  });

  it('needs a session and the CSRF token; a registered credential cannot be registered again', async () => {
    expect((await call(server, null, 'POST', '/api/user/passkeys/registration/options')).status).toBe(401);
    const { user, authenticator } = await userWithPasskey();
    expect(
      (
        await call(server, user, 'POST', '/api/user/passkeys/registration/options', undefined, {
          csrf: false,
        })
      ).status,
    ).toBe(403);
    // The same credential presented to a second ceremony (a client ignoring excludeCredentials).
    const options = await registrationOptions(user);
    expect(options.excludeCredentials).toEqual([
      { id: authenticator.credentials[0]!.id.toString('base64url'), type: 'public-key' },
    ]);
    const answer = await call(server, user, 'POST', '/api/user/passkeys/registration/verify', {
      name: 'Twice',
      response: authenticator.create(options, { reuse: authenticator.credentials[0]! }),
    });
    expect(answer.status).toBe(409);
    expect(answer.json.error).toBe('passkey_exists');
    expect((await call(server, user, 'GET', '/api/user/passkeys')).json.passkeys).toHaveLength(1);
  });
});

describe('sign-in', () => {
  it('signs in with a discoverable passkey: no email, a new session, hwk+user+mfa, the PRF salt', async () => {
    const { user, authenticator, passkey } = await userWithPasskey();
    const options = await signInOptions();
    expect(options.rpId).toBe(new URL(server.config.baseUrl).hostname);
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await verifySignIn(authenticator.get(options));
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({
      authenticated: true,
      second_factor_required: false,
      user_verified: true,
      prf: { credential_id: passkey.credential_id, prf_salt: passkey.prf_salt },
    });
    const cookie = sessionCookieFrom(answer.headers)!;
    const session = await server.context.accounts.sessions.resolve(cookie.split('=')[1]);
    expect(session?.userId).toBe(user.user.id);
    expect(session?.amr).toEqual(['hwk', 'user', 'mfa']);
    // Kept by the node that started it, for the sign-in's next requests (accounts/services.ts, sessionCache).
    expect(server.context.accounts.sessionCache.get(session!.id)?.user.id).toBe(user.user.id);
    const listed = await call(server, user, 'GET', '/api/user/passkeys');
    expect((listed.json.passkeys as { last_used_at: string | null }[])[0]!.last_used_at).not.toBeNull();
  });

  it("approves the app's pending request it names when consent is remembered (accounts/sign-in-continuation.ts)", async () => {
    const { user, authenticator } = await userWithPasskey();
    const client = await registerClient(server);
    const approved = await authorizationCode(server, user, client);
    expect((await redeemCode(server, client, approved)).status).toBe(200);
    const { verifier, answer, browser } = await authorizeOnce(server, null, client);
    const requestId = pendingRequestId(server, answer.location);

    const signedIn = await verifySignIn(
      authenticator.get(await signInOptions()),
      { request_id: requestId },
      browser,
    );
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    const redirect = (signedIn.json.authorization as { redirect_uri: string }).redirect_uri;
    const tokens = await redeemCode(server, client, { code: codeOf(redirect), verifier });
    expect(tokens.status).toBe(200);
    expect(idTokenClaims(tokens)).toMatchObject({ sub: user.user.id, amr: ['hwk', 'user', 'mfa'] });
  });

  it('a passkey with user verification satisfies the TOTP policy; one without does not', async () => {
    await server.context.settings.set('otp.required_for_users', true);
    try {
      const verified = await userWithPasskey();
      const withUv = await verifySignIn(verified.authenticator.get(await signInOptions()));
      expect(withUv.json).toMatchObject({ second_factor_required: false, second_factor: null });

      const unverified = await userWithPasskey({ userVerified: false, prf: false });
      // A request it names stays pending while the second factor is owed.
      const client = await registerClient(server, { first_party: true });
      const { answer } = await authorizeOnce(server, null, client);
      const withoutUv = await verifySignIn(unverified.authenticator.get(await signInOptions()), {
        request_id: pendingRequestId(server, answer.location),
      });
      expect(withoutUv.status).toBe(200);
      expect(withoutUv.json).toMatchObject({
        second_factor_required: true,
        second_factor: 'enroll',
        user_verified: false,
        prf: null,
        authorization: null,
      });
      const cookie = sessionCookieFrom(withoutUv.headers)!;
      const session = await server.context.accounts.sessions.resolve(cookie.split('=')[1]);
      expect(session?.amr).toEqual(['hwk']);
      expect(session?.secondFactorPending).toBe(true);
    } finally {
      await server.context.settings.set('otp.required_for_users', false);
    }
  });

  it('refuses a replayed assertion, and two concurrent finishes give one session', async () => {
    const { authenticator } = await userWithPasskey();
    const response = authenticator.get(await signInOptions());
    const answers = await Promise.all([verifySignIn(response), verifySignIn(response)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const replay = await verifySignIn(response);
    expect(replay.status).toBe(401);
    expect(replay.json.error).toBe('passkey_rejected');
  });

  it('refuses a bogus signature, a wrong origin, a wrong RP ID and an unknown challenge, alike', async () => {
    const { authenticator } = await userWithPasskey();
    const attempts = [
      authenticator.get(await signInOptions(), { bogusSignature: true }),
      authenticator.get(await signInOptions(), { origin: 'https://evil.example' }),
      authenticator.get(await signInOptions(), { rpId: 'evil.example' }),
      authenticator.get(await signInOptions(), { type: 'webauthn.create' }),
      authenticator.get(await signInOptions(), { challenge: Buffer.alloc(32, 7).toString('base64url') }),
    ];
    for (const attempt of attempts) {
      const answer = await verifySignIn(attempt);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        error: 'passkey_rejected',
        message: 'this passkey could not sign you in',
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    // None of these was a clone: the counter is only judged on a valid signature.
    const listed = await server.context.passkeys.credentials.list(
      (
        await server.context.passkeys.credentials.finishAuthentication(
          authenticator.get(await signInOptions()),
        )
      ).userId,
    );
    expect(listed[0]!.cloneSuspected).toBe(false);
  });

  it('flags a cloned authenticator (the counter went back), audits it and refuses', async () => {
    const { user, authenticator } = await userWithPasskey();
    expect((await verifySignIn(authenticator.get(await signInOptions(), { signCount: 5 }))).status).toBe(200);
    const clone = await verifySignIn(authenticator.get(await signInOptions(), { signCount: 3 }));
    expect(clone.status).toBe(401);
    expect(clone.json.error).toBe('passkey_rejected');
    const listed = await call(server, user, 'GET', '/api/user/passkeys');
    expect((listed.json.passkeys as { clone_suspected: boolean }[])[0]!.clone_suspected).toBe(true);
    const flagged = await auditActions('passkey.clone_suspected');
    expect(flagged.find((event) => event.actorId === user.user.id)?.details).toEqual({
      stored_sign_count: 5,
      presented_sign_count: 3,
    });
  });

  it('email-first: known, passkey-less and unknown emails get options of the same shape; only the account may answer', async () => {
    const { user, authenticator } = await userWithPasskey();
    // A second passkey: a listed allowCredentials would now have two entries for this account.
    await register(user, new SoftAuthenticator(origin, { prf: true }), 'Phone');
    const withoutPasskey = (await signInUser(server)).user.email;
    const answers = await Promise.all(
      [user.user.email, 'nobody-here@example.com', withoutPasskey].map((email) =>
        call(server, null, 'POST', '/api/user/passkeys/sign-in/options', { email }),
      ),
    );
    /** What could tell the answers apart: status, keys, number of credentials and their ids' lengths. */
    const shape = (answer: (typeof answers)[number]) => {
      const options = answer.json.options as Record<string, unknown> & {
        allowCredentials?: { id: string }[];
      };
      return {
        status: answer.status,
        bodyKeys: Object.keys(answer.json).sort(),
        optionKeys: Object.keys(options).sort(),
        credentials: (options.allowCredentials ?? []).map((entry) => entry.id.length),
        challengeLength: (options.challenge as string).length,
        rest: { ...options, challenge: undefined },
      };
    };
    const [known, ...others] = answers.map(shape);
    expect(known!.status).toBe(200);
    expect(known!.credentials).toEqual([]);
    for (const other of others) expect(other).toEqual(known);
    const known2 = await signInOptions(user.user.email);
    const unknown = await signInOptions('nobody-here@example.com');

    // The known account's own passkey signs in on its email-first ceremony; another account's passkey does not.
    expect((await verifySignIn(authenticator.get(known2))).status).toBe(200);
    const stranger = await userWithPasskey();
    const foreign = await verifySignIn(stranger.authenticator.get(await signInOptions(user.user.email)));
    expect(foreign.status).toBe(401);
    expect((await verifySignIn(stranger.authenticator.get(unknown))).status).toBe(401);
  });

  it('refuses a foreign Origin header (login CSRF) and a disabled account', async () => {
    const { user, authenticator } = await userWithPasskey();
    const csrf = await fetch(`${server.publicUrl}/api/user/passkeys/sign-in/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(csrf.status).toBe(403);
    await server.context.accounts.users.setStatus(user.user.id, 'disabled');
    const answer = await verifySignIn(authenticator.get(await signInOptions()));
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe('passkey_rejected');
  });
});

describe('management', () => {
  it('renames; removes with a recent second factor; never the last way to sign in', async () => {
    const { user, passkey } = await userWithPasskey();
    const renamed = await call(server, user, 'PATCH', `/api/user/passkeys/${passkey.id}`, {
      name: 'Work key',
    });
    expect(renamed.json).toMatchObject({ name: 'Work key' });
    expect((await call(server, user, 'PATCH', '/api/user/passkeys/nope', { name: 'x' })).status).toBe(404);

    // A user without a password: the only passkey stays.
    const last = await call(server, user, 'DELETE', `/api/user/passkeys/${passkey.id}`);
    expect(last.status).toBe(409);
    expect(last.json.error).toBe('last_sign_in_method');
    const second = await register(user, new SoftAuthenticator(origin), 'Backup key');

    // With TOTP enrolled, removal needs a recent second factor.
    const account = { kind: 'user' as const, id: user.user.id, label: user.user.email };
    const { secret } = await server.context.otp.factors.startEnrolment(account);
    await server.context.otp.factors.confirmEnrolment(account, currentCode(secret));
    const unconfirmed = await call(server, user, 'DELETE', `/api/user/passkeys/${second.id}`);
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.json.error).toBe('step_up_required');
    const stepped = await reauth(user, currentCode(secret, 1));
    expect((await call(server, stepped, 'DELETE', `/api/user/passkeys/${second.id}`)).status).toBe(204);
    expect((await call(server, stepped, 'GET', '/api/user/passkeys')).json.passkeys).toHaveLength(1);
    expect((await call(server, stepped, 'DELETE', `/api/user/passkeys/${second.id}`)).status).toBe(404);
    expect((await auditActions('passkey.removed')).some((event) => event.targetId === second.id)).toBe(true);
  });

  it('removing the last two passkeys at once (no password): exactly one removal succeeds', async () => {
    const { user, passkey } = await userWithPasskey();
    const second = await register(user, new SoftAuthenticator(origin), 'Backup key');
    const answers = await Promise.all(
      [passkey.id, second.id].map((id) => call(server, user, 'DELETE', `/api/user/passkeys/${id}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json.error).toBe('last_sign_in_method');
    expect((await call(server, user, 'GET', '/api/user/passkeys')).json.passkeys).toHaveLength(1);
  });

  it(`parallel registrations cannot take an account past ${MAX_PASSKEYS} passkeys`, async () => {
    const user = await signInUser(server);
    for (let index = 1; index < MAX_PASSKEYS; index++) {
      await register(user, new SoftAuthenticator(origin), `Key ${index}`);
    }
    // Both started while one place was left; both finish at once.
    const started = await Promise.all([registrationOptions(user), registrationOptions(user)]);
    const answers = await Promise.all(
      started.map((options, index) =>
        call(server, user, 'POST', '/api/user/passkeys/registration/verify', {
          name: `Last ${index}`,
          response: new SoftAuthenticator(origin).create(options),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json.error).toBe('too_many_passkeys');
    expect((await call(server, user, 'GET', '/api/user/passkeys')).json.passkeys).toHaveLength(MAX_PASSKEYS);
    const refused = await call(server, user, 'POST', '/api/user/passkeys/registration/options');
    expect(refused.json.error).toBe('too_many_passkeys');
  });

  it('a user with a password may remove the last passkey', async () => {
    const { user, passkey } = await userWithPasskey();
    await server.context.accounts.passwords.setRecord(user.user.id, 'opaque-record-placeholder');
    expect((await call(server, user, 'DELETE', `/api/user/passkeys/${passkey.id}`)).status).toBe(204);
  });

  it("one user cannot see, rename or remove another's passkey", async () => {
    const { passkey } = await userWithPasskey();
    const other = await signInUser(server);
    expect((await call(server, other, 'GET', '/api/user/passkeys')).json.passkeys).toEqual([]);
    expect(
      (await call(server, other, 'PATCH', `/api/user/passkeys/${passkey.id}`, { name: 'x' })).status,
    ).toBe(404);
    expect((await call(server, other, 'DELETE', `/api/user/passkeys/${passkey.id}`)).status).toBe(404);
  });
});

describe('the keybag envelope of a removed passkey', () => {
  /** A keybag with `passkey`'s PRF envelope and, unless `only`, a recovery-key envelope too. */
  async function keybagWith(
    user: SignedIn,
    passkey: { credential_id: string; prf_salt: string },
    only = false,
  ) {
    const key = newAccountKey(user.user.id);
    const prf = wrapEnvelope(key, 1, 'passkey_prf');
    prf.input.credential_id = passkey.credential_id;
    prf.input.prf_salt = passkey.prf_salt;
    const envelopes = only ? [prf.input] : [prf.input, wrapEnvelope(key, 1, 'recovery_key').input];
    const created = await call(server, user, 'POST', '/crypto/keybag/account-key', {
      key_id: key.keyId,
      key_check: key.keyCheck,
      envelopes,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  }
  const typesOf = async (userId: string) =>
    (await server.context.keys.keybags.keybag(userId)).envelopes.map((envelope) => envelope.type).sort();

  it('goes with the passkey', async () => {
    const { user, passkey } = await userWithPasskey();
    await keybagWith(user, passkey);
    expect(await typesOf(user.user.id)).toEqual(['passkey_prf', 'recovery_key']);
    const path = `/admin/users/${user.user.id}/passkeys/${passkey.id}`;
    expect((await adminFetch(server, admin, 'DELETE', path)).status).toBe(204);
    expect(await typesOf(user.user.id)).toEqual(['recovery_key']);
  });

  it('stays while it is the last way to unlock the keys', async () => {
    const { user, passkey } = await userWithPasskey();
    await keybagWith(user, passkey, true);
    const path = `/admin/users/${user.user.id}/passkeys/${passkey.id}`;
    expect((await adminFetch(server, admin, 'DELETE', path)).status).toBe(204);
    expect(await server.context.passkeys.credentials.list(user.user.id)).toEqual([]);
    expect(await typesOf(user.user.id)).toEqual(['passkey_prf']);
  });
});

describe("a passkey_prf envelope names one of the caller's own passkeys", () => {
  /** A PRF envelope of `key` naming `credentialId` (another user's, or none at all). */
  function prfEnvelope(key: ReturnType<typeof newAccountKey>, version: number, credentialId: string) {
    const prf = wrapEnvelope(key, version, 'passkey_prf');
    prf.input.credential_id = credentialId;
    return prf.input;
  }
  const refused = { status: 400, json: { error: 'passkey_not_registered' } };

  it("refuses another user's credential id, or an unknown one, when creating the account key", async () => {
    const victim = await userWithPasskey();
    const { user: attacker } = await userWithPasskey();
    const key = newAccountKey(attacker.user.id);
    for (const credentialId of [victim.passkey.credential_id, randomBase64url()]) {
      const answer = await call(server, attacker, 'POST', '/crypto/keybag/account-key', {
        key_id: key.keyId,
        key_check: key.keyCheck,
        envelopes: [prfEnvelope(key, 1, credentialId), wrapEnvelope(key, 1, 'recovery_key').input],
      });
      expect(answer).toMatchObject(refused);
    }
    expect((await server.context.keys.keybags.keybag(attacker.user.id)).accountKey).toBeNull();
  });

  it("refuses another user's credential id when adding an envelope or rotating; the keybag is unchanged", async () => {
    const victim = await userWithPasskey();
    const { user: attacker, passkey: own } = await userWithPasskey();
    const key = newAccountKey(attacker.user.id);
    const created = await call(server, attacker, 'POST', '/crypto/keybag/account-key', {
      key_id: key.keyId,
      key_check: key.keyCheck,
      envelopes: [prfEnvelope(key, 1, own.credential_id), wrapEnvelope(key, 1, 'recovery_key').input],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const before = await server.context.keys.keybags.keybag(attacker.user.id);

    const added = await call(server, attacker, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: prfEnvelope(key, 1, victim.passkey.credential_id),
    });
    expect(added).toMatchObject(refused);
    const rotated = await call(server, attacker, 'POST', '/crypto/keybag/rotate', {
      expected_version: 1,
      key_id: key.keyId,
      key_check: key.keyCheck,
      envelopes: [
        prfEnvelope(key, 2, victim.passkey.credential_id),
        wrapEnvelope(key, 2, 'recovery_key').input,
      ],
    });
    expect(rotated).toMatchObject(refused);
    expect(await server.context.keys.keybags.keybag(attacker.user.id)).toEqual(before);
  });
});

describe('admin API', () => {
  it("lists a user's passkeys and revokes one (even the last), audited", async () => {
    const { user, passkey, authenticator } = await userWithPasskey();
    const listed = await adminFetch(server, admin, 'GET', `/admin/users/${user.user.id}/passkeys`);
    expect(listed.status).toBe(200);
    expect((listed.json.passkeys as { id: string }[]).map((entry) => entry.id)).toEqual([passkey.id]);
    expect((await adminFetch(server, admin, 'GET', '/admin/users/nobody/passkeys')).status).toBe(404);
    const path = `/admin/users/${user.user.id}/passkeys/${passkey.id}`;
    expect((await adminFetch(server, admin, 'DELETE', path, undefined, false)).status).toBe(403);
    expect((await adminFetch(server, admin, 'DELETE', path)).status).toBe(204);
    expect((await adminFetch(server, admin, 'DELETE', path)).status).toBe(404);
    const revoked = await auditActions('passkey.admin_revoked');
    expect(revoked.find((event) => event.targetId === passkey.id)?.details).toEqual({
      user_id: user.user.id,
      name: 'Laptop',
    });
    // The revoked passkey signs in no more.
    expect((await verifySignIn(authenticator.get(await signInOptions()))).status).toBe(401);
  });
});

describe('housekeeping', () => {
  it('purges ceremonies an hour past their expiry, used or not', async () => {
    await signInOptions();
    await server.database.db
      .update(passkeyCeremonies)
      .set({ expiresAt: new Date(Date.now() - 48 * 3_600_000) });
    const run = await server.context.housekeeping.runOnce();
    expect(run.outcome).toBe('completed');
    expect(run.outcome === 'completed' && run.purged.passkey_ceremonies).toBeGreaterThan(0);
    expect(await server.database.db.select().from(passkeyCeremonies)).toEqual([]);
  });
});

/** POST /otp/reauth with `code`: the session rotates (new cookie and CSRF token). */
async function reauth(user: SignedIn, code: string): Promise<SignedIn> {
  const response = await fetch(`${server.publicUrl}/otp/reauth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      cookie: user.cookie,
      'x-csrf-token': user.csrfToken,
    },
    body: JSON.stringify({ code }),
  });
  expect(response.status).toBe(200);
  const json = (await response.json()) as { csrf_token: string };
  return { ...user, cookie: sessionCookieFrom(response.headers)!, csrfToken: json.csrf_token };
}
