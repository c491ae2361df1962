/**
 * The key custody API (docs/zk.md §7) over HTTP, as the hosted UI will call it: a signed-in user's
 * keybag, envelopes, rotation, unlock policy and encryption key pair, and the admin summary and reset. The tests
 * wrap a real account root key the way the browser will (testing/keys.ts) and check that what comes back opens
 * with the user's secret — the server stores and returns ciphertext, and nothing it could open.
 */
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import * as opaque from '@serenity-kit/opaque';
import { calculateJwkThumbprint } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import {
  accountKeyBody,
  newAccountKey,
  signInWithPassword,
  type TestAccountKey,
  unwrapEnvelope,
  wrapEnvelope,
} from '../testing/keys.js';
import { registerClient, type SignedIn } from '../testing/oauth.js';
import { changePassword, loginWithPassword, postJson, sessionCookieFrom } from '../testing/opaque-client.js';
import { testKeyStretching } from '../testing/opaque-stretching.js';
import { type Answer, addMember, call, createOrganization } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { changeSessionsDirectly } from '../testing/sessions.js';
import { currentCode } from '../testing/totp.js';

let server: TestServer;
let writer: AdminSession;
let reader: AdminSession;

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password one');
  writer = await adminSignIn(server, 'root@example.com', 'admin password one');
  await createAdmin(server, writer, 'reader@example.com', 'reader password two', 'read');
  reader = await adminSignIn(server, 'reader@example.com', 'reader password two');
  await server.context.settings.set('orgs.users_may_create', true);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** A user with a keybag made through the API: the account key, its envelopes and their secrets. */
async function userWithKeybag(types: Parameters<typeof accountKeyBody>[1] = ['password', 'recovery_key']) {
  const user = await signInWithPassword(server);
  const key = newAccountKey(user.user.id);
  const { body, envelopes } = accountKeyBody(key, types);
  const created = await call(server, user, 'POST', '/crypto/keybag/account-key', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { user, key, envelopes };
}

type KeybagAnswer = {
  user_id: string;
  exists: boolean;
  account_key: { key_id: string; version: number; key_check: string } | null;
  envelopes: { id: string; type: string; kdf_salt: string | null; ciphertext: string }[];
};

async function keybagOf(user: SignedIn): Promise<KeybagAnswer> {
  const answer = await call(server, user, 'GET', '/crypto/keybag');
  expect(answer.status).toBe(200);
  return answer.json as unknown as KeybagAnswer;
}

/** Sends a raw body (to exceed a body limit without building a JS object of that size first). */
async function rawCall(user: SignedIn, method: string, path: string, body: string): Promise<Answer> {
  const response = await fetch(`${server.publicUrl}${path}`, {
    method,
    headers: {
      cookie: user.cookie,
      'x-csrf-token': user.csrfToken,
      origin: new URL(server.config.baseUrl).origin,
      'content-type': 'application/json',
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {} };
}

const bag = (key: TestAccountKey, version: number) => ({
  userId: key.userId,
  keyId: key.keyId,
  version,
  keyCheck: key.keyCheck,
});

describe('sessions and CSRF', () => {
  it('every route needs a signed-in user; writes need the CSRF token', async () => {
    for (const path of [
      '/crypto/keybag',
      '/crypto/keybag/envelopes',
      '/crypto/unlock-policy',
      '/crypto/wrapped-enc-priv',
      '/crypto/user-enc-pub?user_id=x',
    ]) {
      expect(await call(server, null, 'GET', path)).toMatchObject({
        status: 401,
        json: { error: 'not_signed_in' },
      });
    }
    const user = await signInWithPassword(server);
    const key = newAccountKey(user.user.id);
    const noCsrf = await call(server, user, 'POST', '/crypto/keybag/account-key', accountKeyBody(key).body, {
      csrf: false,
    });
    expect(noCsrf).toMatchObject({ status: 403, json: { error: 'csrf_failed' } });
    expect((await keybagOf(user)).exists).toBe(false);
  });

  it('writes need our Origin: the CSRF token without an Origin, or with a foreign one, is refused (docs/zk.md §7)', async () => {
    const user = await signInWithPassword(server);
    const key = newAccountKey(user.user.id);
    const { body } = accountKeyBody(key, ['recovery_key']);
    /** A cookie-authenticated change with the right CSRF token, as a non-browser client or stripped request. */
    const withOrigin = async (origin: string | null, method: string, path: string, payload?: unknown) => {
      const headers: Record<string, string> = { cookie: user.cookie, 'x-csrf-token': user.csrfToken };
      if (origin !== null) headers.origin = origin;
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${server.publicUrl}${path}`, {
        method,
        headers,
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const refused = { status: 403, json: { error: 'csrf_failed' } };
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    for (const origin of [null, 'https://attacker.example']) {
      expect(await withOrigin(origin, 'POST', '/crypto/keybag/account-key', body)).toMatchObject(refused);
      expect(await withOrigin(origin, 'PUT', '/crypto/enc-pub', { jwk })).toMatchObject(refused);
      expect(await withOrigin(origin, 'DELETE', `/crypto/devices/${randomUUID()}`)).toMatchObject(refused);
    }
    expect((await keybagOf(user)).exists).toBe(false);
    const encPub = await call(server, user, 'GET', `/crypto/user-enc-pub?user_id=${user.user.id}`);
    expect(encPub).toMatchObject({ status: 404, json: { error: 'not_found' } });
    // The same change from our own pages.
    const ours = new URL(server.config.baseUrl).origin;
    expect((await withOrigin(ours, 'POST', '/crypto/keybag/account-key', body)).status).toBe(201);
  });
});

describe('account key', () => {
  it('a user without a keybag sees none, and no unlock method', async () => {
    const user = await signInWithPassword(server);
    expect(await keybagOf(user)).toEqual({
      user_id: user.user.id,
      exists: false,
      account_key: null,
      envelopes: [],
    });
    const policy = await call(server, user, 'GET', '/crypto/unlock-policy');
    expect(policy.json).toMatchObject({
      keybag_exists: false,
      methods: [],
      zk_requires_unlocked_keybag: true,
    });
  });

  it('is created once with its envelopes; what comes back opens with the user secret; a second call is 409', async () => {
    const { user, key, envelopes } = await userWithKeybag();
    const keybag = await keybagOf(user);
    expect(keybag.account_key).toMatchObject({ key_id: key.keyId, version: 1, key_check: key.keyCheck });
    expect(keybag.envelopes.map((envelope) => envelope.type).sort()).toEqual(['password', 'recovery_key']);
    for (const sent of envelopes) {
      const stored = keybag.envelopes.find((envelope) => envelope.id === sent.input.id)!;
      expect(unwrapEnvelope(stored, sent.secret, bag(key, 1)).equals(key.ark)).toBe(true);
    }
    const again = accountKeyBody(newAccountKey(user.user.id)).body;
    expect(await call(server, user, 'POST', '/crypto/keybag/account-key', again)).toMatchObject({
      status: 409,
      json: { error: 'account_key_exists' },
    });
    expect((await keybagOf(user)).account_key?.key_id).toBe(key.keyId);
    const policy = await call(server, user, 'GET', '/crypto/unlock-policy');
    expect(policy.json.methods).toEqual(['password', 'recovery_key', 'new_key_setup']);
  });

  it('20 parallel creations for one user: exactly one account key, with exactly its envelopes', async () => {
    const user = await signInWithPassword(server);
    const bodies = Array.from({ length: 20 }, () => accountKeyBody(newAccountKey(user.user.id)).body);
    const answers = await Promise.all(
      bodies.map((body) => call(server, user, 'POST', '/crypto/keybag/account-key', body)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = bodies[statuses.indexOf(201)]!;
    const keybag = await keybagOf(user);
    expect(keybag.account_key?.key_id).toBe(winner.key_id);
    expect(keybag.envelopes.map((envelope) => envelope.id).sort()).toEqual(
      winner.envelopes.map((envelope) => envelope.id).sort(),
    );
  });

  it('is audited without key material', async () => {
    const { user, key, envelopes } = await userWithKeybag();
    const [entry] = await server.context.audit.list(
      { action: 'keys.account_key_created', actor: user.user.id },
      5,
    );
    expect(entry).toMatchObject({ targetId: user.user.id, details: { version: 1 } });
    const text = JSON.stringify(entry);
    for (const secret of [
      key.keyCheck,
      key.ark.toString('base64url'),
      ...envelopes.map((e) => e.input.ciphertext),
    ])
      expect(text).not.toContain(secret);
  });

  it('refuses malformed sets and stores nothing', async () => {
    const user = await signInWithPassword(server);
    const key = newAccountKey(user.user.id);
    const twoPasswords = accountKeyBody(key, ['password', 'password']).body;
    const wrongInfo = accountKeyBody(key, ['recovery_key']).body;
    wrongInfo.envelopes[0]!.kdf_info = 'tessera/zk/v2/envelope-key/password';
    const prfWithoutCredential = accountKeyBody(key, ['passkey_prf']).body;
    delete prfWithoutCredential.envelopes[0]!.credential_id;
    const duplicateIds = accountKeyBody(key, ['recovery_key', 'recovery_key']).body;
    duplicateIds.envelopes[1]!.id = duplicateIds.envelopes[0]!.id;
    const none = { ...accountKeyBody(key).body, envelopes: [] };
    for (const body of [twoPasswords, wrongInfo, prfWithoutCredential, duplicateIds, none]) {
      const answer = await call(server, user, 'POST', '/crypto/keybag/account-key', body);
      expect(answer.status, JSON.stringify(answer.json)).toBe(400);
    }
    expect((await keybagOf(user)).exists).toBe(false);
  });
});

describe('size limits (docs/zk.md §7.1): over them 400 or 413, and nothing stored', () => {
  it('an envelope ciphertext longer than a wrapped 32-byte key is 400', async () => {
    const user = await signInWithPassword(server);
    const { body } = accountKeyBody(newAccountKey(user.user.id), ['recovery_key']);
    body.envelopes[0]!.ciphertext += 'A';
    const answer = await call(server, user, 'POST', '/crypto/keybag/account-key', body);
    expect(answer).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    expect(String(answer.json.message)).toContain('ciphertext');
    expect((await keybagOf(user)).exists).toBe(false);
  });

  it('a 100 KB envelope is 413 at creation, and at adding; a too-long label is 400', async () => {
    const { user, key } = await userWithKeybag();
    const before = await keybagOf(user);
    const huge = accountKeyBody(newAccountKey(user.user.id), ['recovery_key']).body;
    huge.envelopes[0]!.ciphertext = 'A'.repeat(100_000);
    expect(await rawCall(user, 'POST', '/crypto/keybag/account-key', JSON.stringify(huge))).toMatchObject({
      status: 413,
      json: { error: 'payload_too_large' },
    });
    const envelope = wrapEnvelope(key, 1, 'recovery_key').input;
    expect(
      await rawCall(
        user,
        'POST',
        '/crypto/keybag/envelopes',
        JSON.stringify({ expected_version: 1, envelope: { ...envelope, ciphertext: 'A'.repeat(10_000) } }),
      ),
    ).toMatchObject({ status: 413 });
    expect(
      await call(server, user, 'POST', '/crypto/keybag/envelopes', {
        expected_version: 1,
        envelope: { ...envelope, label: 'x'.repeat(101) },
      }),
    ).toMatchObject({ status: 400 });
    expect(await keybagOf(user)).toEqual(before);
  });

  it('rotation bodies over 64 KiB are 413', async () => {
    const { user } = await userWithKeybag();
    const before = await keybagOf(user);
    const answer = await rawCall(
      user,
      'POST',
      '/crypto/keybag/rotate',
      JSON.stringify({ expected_version: 1, padding: 'A'.repeat(70_000) }),
    );
    expect(answer.status).toBe(413);
    expect(await keybagOf(user)).toEqual(before);
  });
});

describe('envelopes', () => {
  it('the list has metadata and no ciphertext', async () => {
    const { user } = await userWithKeybag();
    const list = await call(server, user, 'GET', '/crypto/keybag/envelopes');
    const envelopes = list.json.envelopes as Record<string, unknown>[];
    expect(envelopes).toHaveLength(2);
    for (const envelope of envelopes) {
      expect(envelope).not.toHaveProperty('ciphertext');
      expect(envelope).toMatchObject({ scheme: 2, alg: 'A256GCM', status: 'usable', last_used_at: null });
    }
  });

  it('adding needs the current version; a second password envelope only by replacing the first', async () => {
    const { user, key, envelopes } = await userWithKeybag();
    const recovery = wrapEnvelope(key, 1, 'recovery_key');
    expect(
      await call(server, user, 'POST', '/crypto/keybag/envelopes', {
        expected_version: 2,
        envelope: recovery.input,
      }),
    ).toMatchObject({ status: 409, json: { error: 'version_mismatch' } });
    const added = await call(server, user, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: recovery.input,
    });
    expect(added).toMatchObject({ status: 201, json: { id: recovery.input.id, type: 'recovery_key' } });
    expect(
      await call(server, user, 'POST', '/crypto/keybag/envelopes', {
        expected_version: 1,
        envelope: recovery.input,
      }),
    ).toMatchObject({ status: 409, json: { error: 'envelope_exists' } });

    // A password change: the new export key wraps the same root key, swapped in for the old envelope at once.
    const oldPassword = envelopes.find((envelope) => envelope.input.type === 'password')!;
    const newPassword = wrapEnvelope(key, 1, 'password');
    expect(
      await call(server, user, 'POST', '/crypto/keybag/envelopes', {
        expected_version: 1,
        envelope: newPassword.input,
      }),
    ).toMatchObject({ status: 409, json: { error: 'password_envelope_exists' } });
    const swapped = await call(server, user, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: newPassword.input,
      replaces: oldPassword.input.id,
    });
    expect(swapped.status).toBe(201);
    const keybag = await keybagOf(user);
    expect(keybag.envelopes.map((envelope) => envelope.id)).not.toContain(oldPassword.input.id);
    const stored = keybag.envelopes.find((envelope) => envelope.id === newPassword.input.id)!;
    expect(unwrapEnvelope(stored, newPassword.secret, bag(key, 1)).equals(key.ark)).toBe(true);
    const [entry] = await server.context.audit.list(
      { action: 'keys.envelope_added', actor: user.user.id },
      1,
    );
    expect(entry?.details).toMatchObject({
      envelope: newPassword.input.id,
      type: 'password',
      replaced: { id: oldPassword.input.id, type: 'password' },
    });
  });

  it('types the policy does not allow are refused, and do not count as able to unlock', async () => {
    const { user, key } = await userWithKeybag(['recovery_key', 'trusted_device']);
    await server.context.settings.set('keys.allow_passkey_prf_envelopes', false);
    await server.context.settings.set('keys.allow_trusted_device_envelopes', false);
    try {
      const device = wrapEnvelope(key, 1, 'trusted_device');
      expect(
        await call(server, user, 'POST', '/crypto/keybag/envelopes', {
          expected_version: 1,
          envelope: device.input,
        }),
      ).toMatchObject({ status: 403, json: { error: 'envelope_type_not_allowed' } });
      const policy = await call(server, user, 'GET', '/crypto/unlock-policy');
      expect(policy.json.methods).toEqual(['recovery_key', 'new_key_setup']);
      // The recovery key is now the only envelope that can unlock.
      const recoveryId = (await keybagOf(user)).envelopes.find(
        (envelope) => envelope.type === 'recovery_key',
      )!.id;
      expect(await call(server, user, 'DELETE', `/crypto/keybag/envelopes/${recoveryId}`)).toMatchObject({
        status: 409,
        json: { error: 'last_unlock_envelope' },
      });
    } finally {
      await server.context.settings.set('keys.allow_passkey_prf_envelopes', true);
      await server.context.settings.set('keys.allow_trusted_device_envelopes', true);
    }
  });

  it('deleting: never the last envelope that can unlock; another user’s envelope id is the same 404 as an unknown one', async () => {
    const alice = await userWithKeybag();
    const bob = await userWithKeybag();
    const bobsEnvelope = bob.envelopes[0]!.input.id;
    const foreign = await call(server, alice.user, 'DELETE', `/crypto/keybag/envelopes/${bobsEnvelope}`);
    const unknown = await call(server, alice.user, 'DELETE', `/crypto/keybag/envelopes/${randomUUID()}`);
    expect(foreign).toEqual({ status: 404, json: { error: 'not_found', message: 'envelope was not found' } });
    expect(unknown).toEqual(foreign);
    expect((await keybagOf(bob.user)).envelopes.map((envelope) => envelope.id)).toContain(bobsEnvelope);
    // Bob's envelopes are nowhere in what Alice can read.
    const alicesView = JSON.stringify([
      await keybagOf(alice.user),
      (await call(server, alice.user, 'GET', '/crypto/keybag/envelopes')).json,
    ]);
    for (const envelope of bob.envelopes) expect(alicesView).not.toContain(envelope.input.id);

    const [first, second] = alice.envelopes;
    const removed = await call(server, alice.user, 'DELETE', `/crypto/keybag/envelopes/${first!.input.id}`);
    expect(removed.status).toBe(204);
    expect(
      await call(server, alice.user, 'DELETE', `/crypto/keybag/envelopes/${second!.input.id}`),
    ).toMatchObject({
      status: 409,
      json: { error: 'last_unlock_envelope' },
    });
    expect((await keybagOf(alice.user)).envelopes.map((envelope) => envelope.id)).toEqual([second!.input.id]);
    const [entry] = await server.context.audit.list(
      { action: 'keys.envelope_deleted', actor: alice.user.user.id },
      1,
    );
    expect(entry?.details).toEqual({ envelope: first!.input.id, type: first!.input.type });
  });

  it('two parallel deletions of the last two envelopes: one succeeds, one envelope stays', async () => {
    const { user, envelopes } = await userWithKeybag();
    const answers = await Promise.all(
      envelopes.map((envelope) =>
        call(server, user, 'DELETE', `/crypto/keybag/envelopes/${envelope.input.id}`),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect((await keybagOf(user)).envelopes).toHaveLength(1);
  });
});

describe('rotation', () => {
  it('a stale expected version is 409 and changes nothing', async () => {
    const { user, key } = await userWithKeybag();
    const before = await keybagOf(user);
    const replacement = [wrapEnvelope(key, 2, 'password'), wrapEnvelope(key, 2, 'recovery_key')];
    const stale = await call(server, user, 'POST', '/crypto/keybag/rotate', {
      expected_version: 7,
      key_id: key.keyId,
      key_check: key.keyCheck,
      envelopes: replacement.map((envelope) => envelope.input),
    });
    expect(stale).toMatchObject({ status: 409, json: { error: 'version_mismatch' } });
    expect(await keybagOf(user)).toEqual(before);
  });

  it('re-wraps the same root key: the whole set is replaced, the version moves on, the old envelopes are gone', async () => {
    const { user, key, envelopes } = await userWithKeybag();
    const replacement = [wrapEnvelope(key, 2, 'password'), wrapEnvelope(key, 2, 'recovery_key')];
    const body = {
      expected_version: 1,
      key_id: key.keyId,
      key_check: key.keyCheck,
      envelopes: replacement.map((envelope) => envelope.input),
    };
    const changedCheck = await call(server, user, 'POST', '/crypto/keybag/rotate', {
      ...body,
      key_check: newAccountKey(user.user.id, key.keyId).keyCheck,
    });
    expect(changedCheck).toMatchObject({ status: 400, json: { error: 'key_check_mismatch' } });
    const rotated = await call(server, user, 'POST', '/crypto/keybag/rotate', body);
    expect(rotated.status).toBe(200);
    const keybag = await keybagOf(user);
    expect(keybag.account_key).toMatchObject({ key_id: key.keyId, version: 2 });
    expect(keybag.envelopes.map((envelope) => envelope.id).sort()).toEqual(
      replacement.map((envelope) => envelope.input.id).sort(),
    );
    for (const envelope of replacement) {
      const stored = keybag.envelopes.find((candidate) => candidate.id === envelope.input.id)!;
      expect(unwrapEnvelope(stored, envelope.secret, bag(key, 2)).equals(key.ark)).toBe(true);
    }
    // The same request again is now stale: two tabs cannot both rotate from version 1.
    expect((await call(server, user, 'POST', '/crypto/keybag/rotate', body)).status).toBe(409);
    const [entry] = await server.context.audit.list({ action: 'keys.rotated', actor: user.user.id }, 1);
    expect(entry?.details).toMatchObject({ from_version: 1, to_version: 2, new_root: false, removed: 2 });
    expect(JSON.stringify(entry)).not.toContain(envelopes[0]!.input.ciphertext);
  });

  it('new-key setup replaces the root key when the policy allows it, and drops the wrapped private key', async () => {
    const { user } = await userWithKeybag();
    await putEncryptionKeys(user);
    const fresh = newAccountKey(user.user.id);
    const body = {
      expected_version: 1,
      key_id: fresh.keyId,
      key_check: fresh.keyCheck,
      envelopes: [wrapEnvelope(fresh, 2, 'password').input],
    };
    await server.context.settings.set('keys.new_key_setup_allowed', false);
    try {
      expect(await call(server, user, 'POST', '/crypto/keybag/rotate', body)).toMatchObject({
        status: 403,
        json: { error: 'new_key_setup_not_allowed' },
      });
    } finally {
      await server.context.settings.set('keys.new_key_setup_allowed', true);
    }
    expect((await call(server, user, 'POST', '/crypto/keybag/rotate', body)).status).toBe(200);
    expect((await keybagOf(user)).account_key).toMatchObject({ key_id: fresh.keyId, version: 2 });
    expect((await call(server, user, 'GET', '/crypto/wrapped-enc-priv')).status).toBe(404);
  });
});

describe('step-up: rotation, deletion and replacement need a fresh second factor when TOTP is enrolled', () => {
  it('is refused until /otp/reauth, then allowed', async () => {
    const { user, key, envelopes } = await userWithKeybag(['password', 'recovery_key', 'recovery_key']);
    const init = await call(server, user, 'POST', '/otp/setup/init', {});
    expect(init.status).toBe(200);
    const secret = init.json.secret as string;
    expect(
      (await call(server, user, 'POST', '/otp/setup/verify', { code: currentCode(secret) })).status,
    ).toBe(200);
    await changeSessionsDirectly(server, 'UPDATE sessions SET step_up_until = NULL WHERE user_id = $1', [
      user.user.id,
    ]);
    const replacement = wrapEnvelope(key, 1, 'password');
    const rotateBody = {
      expected_version: 1,
      key_id: key.keyId,
      key_check: key.keyCheck,
      envelopes: [wrapEnvelope(key, 2, 'password').input],
    };
    const attempts = () => [
      call(server, user, 'DELETE', `/crypto/keybag/envelopes/${envelopes[2]!.input.id}`),
      call(server, user, 'POST', '/crypto/keybag/envelopes', {
        expected_version: 1,
        envelope: replacement.input,
        replaces: envelopes[0]!.input.id,
      }),
      call(server, user, 'POST', '/crypto/keybag/rotate', rotateBody),
    ];
    for (const answer of await Promise.all(attempts())) {
      expect(answer).toMatchObject({ status: 403, json: { error: 'step_up_required' } });
    }
    expect((await keybagOf(user)).envelopes).toHaveLength(3);

    const stepped = await fetch(`${server.publicUrl}/otp/reauth`, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        'x-csrf-token': user.csrfToken,
        origin: new URL(server.config.baseUrl).origin,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: currentCode(secret, 1) }),
    });
    expect(stepped.status).toBe(200);
    const fresh: SignedIn = {
      ...user,
      cookie: sessionCookieFrom(stepped.headers)!,
      csrfToken: ((await stepped.json()) as { csrf_token: string }).csrf_token,
    };
    expect(
      (await call(server, fresh, 'DELETE', `/crypto/keybag/envelopes/${envelopes[2]!.input.id}`)).status,
    ).toBe(204);
    expect(
      (
        await call(server, fresh, 'POST', '/crypto/keybag/envelopes', {
          expected_version: 1,
          envelope: replacement.input,
          replaces: envelopes[0]!.input.id,
        })
      ).status,
    ).toBe(201);
    expect((await call(server, fresh, 'POST', '/crypto/keybag/rotate', rotateBody)).status).toBe(200);
  });
});

/** A P-256 key pair for the user: the public JWK published, the private one "wrapped" (opaque bytes here). */
async function putEncryptionKeys(user: SignedIn) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string; y: string };
  const put = await call(server, user, 'PUT', '/crypto/enc-pub', { jwk });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  const kid = put.json.kid as string;
  const wrapped = await call(server, user, 'PUT', '/crypto/wrapped-enc-priv', {
    kid,
    alg: 'A256GCM',
    ciphertext: randomBytes(240).toString('base64url'),
  });
  expect(wrapped.status).toBe(200);
  return { jwk, kid };
}

describe('encryption key pair', () => {
  it('enc-pub stores a P-256 public key with its RFC 7638 thumbprint', async () => {
    const user = await signInWithPassword(server);
    const { jwk, kid } = await putEncryptionKeys(user);
    expect(kid).toBe(await calculateJwkThumbprint(jwk, 'sha256'));
    const own = await call(server, user, 'GET', `/crypto/user-enc-pub?user_id=${user.user.id}`);
    expect(own).toMatchObject({
      status: 200,
      json: { user_id: user.user.id, kid, jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } },
    });
  });

  it.each([
    [
      'a private key (member d)',
      () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    ],
    [
      'another curve (P-384)',
      () => generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' }),
    ],
    [
      'an RSA key',
      () => generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }),
    ],
    [
      'a point off the curve',
      () => {
        const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
        const y = Buffer.from(jwk.y!, 'base64url');
        y[31]! ^= 1;
        return { ...jwk, y: y.toString('base64url') };
      },
    ],
    [
      'a short coordinate',
      () => ({
        ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }),
        x: 'AAAA',
      }),
    ],
    [
      'an unexpected member',
      () => ({
        ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }),
        x5u: 'https://x',
      }),
    ],
  ])('enc-pub refuses %s with 400, storing nothing', async (_case, jwk) => {
    const user = await signInWithPassword(server);
    const answer = await call(server, user, 'PUT', '/crypto/enc-pub', { jwk: jwk() });
    expect(answer.status, JSON.stringify(answer.json)).toBe(400);
    expect((await call(server, user, 'GET', `/crypto/user-enc-pub?user_id=${user.user.id}`)).status).toBe(
      404,
    );
  });

  it('enc-pub bodies over 4 KiB are 413', async () => {
    const user = await signInWithPassword(server);
    const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    const answer = await rawCall(
      user,
      'PUT',
      '/crypto/enc-pub',
      JSON.stringify({ jwk: { ...jwk, kid: 'k'.repeat(5000) } }),
    );
    expect(answer.status).toBe(413);
  });

  it('user-enc-pub: members of a shared organization only; anyone else is the same 404 as an unknown user', async () => {
    const owner = await signInWithPassword(server);
    const colleague = await signInWithPassword(server);
    const stranger = await signInWithPassword(server);
    const organizationId = await createOrganization(server, owner, `Keys ${randomUUID().slice(0, 8)}`);
    await addMember(server, organizationId, colleague);
    const { kid } = await putEncryptionKeys(colleague);
    await putEncryptionKeys(stranger);

    const seen = await call(server, owner, 'GET', `/crypto/user-enc-pub?user_id=${colleague.user.id}`);
    expect(seen).toMatchObject({ status: 200, json: { kid } });
    const outsider = await call(server, owner, 'GET', `/crypto/user-enc-pub?user_id=${stranger.user.id}`);
    const unknown = await call(server, owner, 'GET', `/crypto/user-enc-pub?user_id=${randomUUID()}`);
    expect(outsider.status).toBe(404);
    expect(unknown).toEqual(outsider);
    // Nor the other way round: the stranger cannot see the colleague.
    expect(await call(server, stranger, 'GET', `/crypto/user-enc-pub?user_id=${colleague.user.id}`)).toEqual(
      outsider,
    );
    // A disabled colleague is nobody.
    await server.context.accounts.users.setStatus(colleague.user.id, 'disabled');
    expect(await call(server, owner, 'GET', `/crypto/user-enc-pub?user_id=${colleague.user.id}`)).toEqual(
      outsider,
    );
  });

  it('wrapped-enc-priv must name the current enc-pub; it is bounded; GET returns it', async () => {
    const user = await signInWithPassword(server);
    expect((await call(server, user, 'GET', '/crypto/wrapped-enc-priv')).status).toBe(404);
    const ciphertext = randomBytes(240).toString('base64url');
    const mismatched = await call(server, user, 'PUT', '/crypto/wrapped-enc-priv', {
      kid: createHash('sha256').update('another key').digest('base64url'),
      alg: 'A256GCM',
      ciphertext,
    });
    expect(mismatched).toMatchObject({ status: 409, json: { error: 'enc_pub_mismatch' } });
    const { kid } = await putEncryptionKeys(user);
    expect(
      await call(server, user, 'PUT', '/crypto/wrapped-enc-priv', {
        kid,
        alg: 'A256GCM',
        ciphertext: 'A'.repeat(2049),
      }),
    ).toMatchObject({ status: 400 });
    const stored = await call(server, user, 'GET', '/crypto/wrapped-enc-priv');
    expect(stored).toMatchObject({ status: 200, json: { kid, alg: 'A256GCM', matches_enc_pub: true } });
    // A new public key leaves the old wrapped private key readable, marked as not matching.
    await call(server, user, 'PUT', '/crypto/enc-pub', {
      jwk: generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }),
    });
    expect((await call(server, user, 'GET', '/crypto/wrapped-enc-priv')).json.matches_enc_pub).toBe(false);
  });
});

describe('rate limits per user (docs/zk.md §7.3)', () => {
  it('writes: over the limit 429 with Retry-After and nothing stored; malformed writes count; others unaffected', async () => {
    const { user, key } = await userWithKeybag(); // one write
    const other = await signInWithPassword(server);
    await server.context.settings.set('rate_limits.keybag_writes_per_hour', 3);
    try {
      const refusedBody = await call(server, user, 'POST', '/crypto/keybag/envelopes', { nonsense: true });
      expect(refusedBody.status).toBe(400); // two
      const add = () =>
        call(server, user, 'POST', '/crypto/keybag/envelopes', {
          expected_version: 1,
          envelope: wrapEnvelope(key, 1, 'recovery_key').input,
        });
      expect((await add()).status).toBe(201); // three
      const over = await fetch(`${server.publicUrl}/crypto/keybag/envelopes`, {
        method: 'POST',
        headers: {
          cookie: user.cookie,
          'x-csrf-token': user.csrfToken,
          origin: new URL(server.config.baseUrl).origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ expected_version: 1, envelope: wrapEnvelope(key, 1, 'recovery_key').input }),
      });
      expect(over.status).toBe(429);
      expect(await over.json()).toMatchObject({ error: 'rate_limited' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await add()).status).toBe(429);
      expect((await keybagOf(user)).envelopes.map((envelope) => envelope.type).sort()).toEqual([
        'password',
        'recovery_key',
        'recovery_key',
      ]);
      // Reads are not writes; another user's count is their own.
      expect((await call(server, user, 'GET', '/crypto/keybag')).status).toBe(200);
      const otherKey = newAccountKey(other.user.id);
      expect(
        (await call(server, other, 'POST', '/crypto/keybag/account-key', accountKeyBody(otherKey).body))
          .status,
      ).toBe(201);
    } finally {
      await server.context.settings.set('rate_limits.keybag_writes_per_hour', 100);
    }
  });

  it('public key lookups: over the limit 429, whether the user exists or not', async () => {
    const user = await signInWithPassword(server);
    await server.context.settings.set('rate_limits.user_key_lookups_per_hour', 2);
    try {
      const lookUp = () => call(server, user, 'GET', `/crypto/user-enc-pub?user_id=${randomUUID()}`);
      expect((await lookUp()).status).toBe(404);
      expect((await lookUp()).status).toBe(404);
      expect(await lookUp()).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
      expect((await call(server, user, 'GET', `/crypto/user-enc-pub?user_id=${user.user.id}`)).status).toBe(
        429,
      );
    } finally {
      await server.context.settings.set('rate_limits.user_key_lookups_per_hour', 600);
    }
  });
});

describe('legacy v1 wrapped-drk', () => {
  it('only for legacy apps; per user; bounded', async () => {
    const legacy = await registerClient(server, { zk_delivery: 'legacy-v1' });
    const current = await registerClient(server, { zk_delivery: 'v2' });
    const user = await signInWithPassword(server);
    const other = await signInWithPassword(server);
    const ciphertext = randomBytes(120).toString('base64url');
    const notLegacy = await call(server, user, 'PUT', '/crypto/legacy/wrapped-drk', {
      client_id: current.clientId,
      ciphertext,
    });
    expect(notLegacy).toMatchObject({ status: 400, json: { error: 'not_legacy_client' } });
    expect(
      await call(server, user, 'PUT', '/crypto/legacy/wrapped-drk', { client_id: randomUUID(), ciphertext }),
    ).toEqual(notLegacy);
    expect(
      await call(server, user, 'PUT', '/crypto/legacy/wrapped-drk', {
        client_id: legacy.clientId,
        ciphertext: 'A'.repeat(4097),
      }),
    ).toMatchObject({ status: 400 });
    const stored = await call(server, user, 'PUT', '/crypto/legacy/wrapped-drk', {
      client_id: legacy.clientId,
      ciphertext,
    });
    expect(stored).toMatchObject({ status: 200, json: { client_id: legacy.clientId, ciphertext } });
    const path = `/crypto/legacy/wrapped-drk?client_id=${legacy.clientId}`;
    expect(await call(server, user, 'GET', path)).toMatchObject({ status: 200, json: { ciphertext } });
    expect((await call(server, other, 'GET', path)).status).toBe(404);
  });
});

describe('password reset by email', () => {
  it('leaves the password envelope stale: it no longer counts as an unlock method', async () => {
    const { user } = await userWithKeybag(['password', 'recovery_key']);
    const token = await server.context.accounts.emailTokens.issue(
      user.user.id,
      'password_reset',
      user.user.email,
    );
    await opaque.ready;
    const password = 'a brand new password';
    const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
    const start = await postJson(`${server.publicUrl}/api/user/password/reset/start`, {
      token,
      registration_request: registrationRequest,
    });
    expect(start.status).toBe(200);
    const { registrationRecord } = opaque.client.finishRegistration({
      keyStretching: testKeyStretching(),
      clientRegistrationState,
      registrationResponse: start.json.registration_response as string,
      password,
    });
    const finish = await postJson(`${server.publicUrl}/api/user/password/reset/finish`, {
      token,
      registration_id: start.json.registration_id,
      registration_record: registrationRecord,
    });
    expect(finish.status).toBe(200);
    // The confirmation can say the key was kept, and what still opens it.
    expect(finish.json).toEqual({ reset: true, encryption_key: 'kept', opens_with: ['recovery_key'] });
    const { envelopes } = await server.context.keys.keybags.keybag(user.user.id);
    expect(envelopes.map((envelope) => [envelope.type, envelope.status]).sort()).toEqual([
      ['password', 'stale'],
      ['recovery_key', 'usable'],
    ]);
    expect((await server.context.keys.keybags.effectivePolicy(user.user.id)).methods).toEqual([
      'recovery_key',
      'new_key_setup',
    ]);
  });
});

describe('password reset by email: what the confirmation says of the key', () => {
  async function reset(user: { id: string; email: string }) {
    const token = await server.context.accounts.emailTokens.issue(user.id, 'password_reset', user.email);
    await opaque.ready;
    const password = 'another brand new password';
    const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
    const start = await postJson(`${server.publicUrl}/api/user/password/reset/start`, {
      token,
      registration_request: registrationRequest,
    });
    expect(start.status).toBe(200);
    const { registrationRecord } = opaque.client.finishRegistration({
      keyStretching: testKeyStretching(),
      clientRegistrationState,
      registrationResponse: start.json.registration_response as string,
      password,
    });
    return postJson(`${server.publicUrl}/api/user/password/reset/finish`, {
      token,
      registration_id: start.json.registration_id,
      registration_record: registrationRecord,
    });
  }

  it('an account without a key: none', async () => {
    const user = await signInWithPassword(server);
    expect((await reset(user.user)).json).toEqual({ reset: true, encryption_key: 'none', opens_with: [] });
  });

  it('a key the password alone opened: kept, and nothing else opens it', async () => {
    const { user } = await userWithKeybag(['password']);
    expect((await reset(user.user)).json).toEqual({ reset: true, encryption_key: 'kept', opens_with: [] });
  });

  it('an address never verified: its registrant’s key is discarded, and the answer says so', async () => {
    const { user } = await userWithKeybag(['password', 'recovery_key']);
    await server.context.accounts.users.update(user.user.id, { emailVerified: false });
    expect((await reset(user.user)).json).toEqual({
      reset: true,
      encryption_key: 'discarded',
      opens_with: [],
    });
    expect((await server.context.keys.keybags.keybag(user.user.id)).accountKey).toBeNull();
  });
});

describe('admin', () => {
  it('a password an admin sets, and a password change, leave the password envelope stale too', async () => {
    const { user, key } = await userWithKeybag(['password', 'recovery_key']);
    await opaque.ready;
    const password = 'an admin-chosen password';
    const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
    const base = `/admin/users/${user.user.id}/password`;
    const start = await adminFetch(server, writer, 'POST', `${base}/start`, {
      registration_request: registrationRequest,
    });
    expect(start.status).toBe(200);
    const { registrationRecord } = opaque.client.finishRegistration({
      keyStretching: testKeyStretching(),
      clientRegistrationState,
      registrationResponse: start.json.registration_response as string,
      password,
    });
    const finish = await adminFetch(server, writer, 'POST', `${base}/finish`, {
      registration_id: start.json.registration_id,
      registration_record: registrationRecord,
    });
    expect(finish.status).toBe(200);
    const { envelopes } = await server.context.keys.keybags.keybag(user.user.id);
    const stale = envelopes.find((envelope) => envelope.type === 'password')!;
    expect(stale.status).toBe('stale');

    // The user wraps the key under the new password (the hosted UI, after unlocking with the recovery key) ...
    await server.context.keys.keybags.addEnvelope(user.user.id, {
      expected_version: 1,
      envelope: wrapEnvelope(key, 1, 'password').input,
      replaces: stale.id,
    });
    // ... and then changes the password: the envelope made with the old export key is stale again.
    const login = await loginWithPassword(server, user.user.email, password);
    expect(login.finish?.status).toBe(200);
    const signedIn = { cookie: login.cookie!, csrf: login.finish!.json.csrf_token as string };
    const changed = await changePassword(server, signedIn, password, 'the user-chosen password');
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const after = await server.context.keys.keybags.keybag(user.user.id);
    expect(after.envelopes.map((envelope) => [envelope.type, envelope.status]).sort()).toEqual([
      ['password', 'stale'],
      ['recovery_key', 'usable'],
    ]);
  });

  it('the summary shows existence, types, counts and last unlock, never ciphertext', async () => {
    const { user, key, envelopes } = await userWithKeybag(['password', 'recovery_key', 'recovery_key']);
    await server.context.keys.keybags.recordUnlock(user.user.id);
    const summary = await adminFetch(server, reader, 'GET', `/admin/users/${user.user.id}/keybag`);
    expect(summary.status).toBe(200);
    expect(summary.json).toMatchObject({
      exists: true,
      version: 1,
      envelope_counts: { password: 1, recovery_key: 2 },
      last_unlocked_at: expect.any(String),
      has_enc_pub: false,
    });
    for (const secret of [key.keyCheck, ...envelopes.map((envelope) => envelope.input.ciphertext)])
      expect(summary.text).not.toContain(secret);
    const nobody = await adminFetch(server, reader, 'GET', `/admin/users/${randomUUID()}/keybag`);
    expect(nobody.status).toBe(404);
    const none = await adminFetch(
      server,
      reader,
      'GET',
      `/admin/users/${(await signInWithPassword(server)).user.id}/keybag`,
    );
    expect(none.json).toMatchObject({ exists: false, envelope_counts: {}, envelopes: [] });
  });

  it('a write admin resets a keybag (audited); a read admin cannot', async () => {
    const { user } = await userWithKeybag();
    await putEncryptionKeys(user);
    const path = `/admin/users/${user.user.id}/keybag`;
    expect((await adminFetch(server, reader, 'DELETE', path)).status).toBe(403);
    expect((await keybagOf(user)).exists).toBe(true);
    expect((await adminFetch(server, writer, 'DELETE', path)).status).toBe(204);
    expect(await keybagOf(user)).toEqual({
      user_id: user.user.id,
      exists: false,
      account_key: null,
      envelopes: [],
    });
    expect((await call(server, user, 'GET', '/crypto/wrapped-enc-priv')).status).toBe(404);
    expect((await adminFetch(server, writer, 'DELETE', path)).status).toBe(404);
    const [entry] = await server.context.audit.list({ action: 'keys.reset', target: user.user.id }, 1);
    expect(entry).toMatchObject({ actorType: 'admin', details: { envelopes: 2, version: 1 } });
    // The user can set up a new key afterwards.
    const fresh = accountKeyBody(newAccountKey(user.user.id)).body;
    expect((await call(server, user, 'POST', '/crypto/keybag/account-key', fresh)).status).toBe(201);
  });
});
