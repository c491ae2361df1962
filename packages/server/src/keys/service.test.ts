/**
 * The key custody rules below HTTP (keys/service.ts over keys/store.ts, on the selected database): envelope
 * metadata must describe its type truthfully, stale envelopes do not count as able to unlock, and every change to
 * one keybag serializes — parallel rotations from one version give exactly one winner.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../app/errors.js';
import { passkeyCredentials } from '../passkeys/tables.js';
import {
  accountKeyBody,
  givePassword,
  newAccountKey,
  type TestAccountKey,
  wrapEnvelope,
} from '../testing/keys.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import type { EnvelopeInput } from './model.js';
import type { KeyService } from './service.js';

let server: TestServer;
let keys: KeyService;

beforeAll(async () => {
  server = await startTestServer();
  keys = server.context.keys.keybags;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function newUser(): Promise<string> {
  const user = await server.context.accounts.users.create({ email: `k-${randomUUID()}@example.com` });
  // A password envelope needs an account with a password (docs/zk.md §3.1).
  await givePassword(server, user);
  return user.id;
}

async function withKeybag(types: Parameters<typeof accountKeyBody>[1] = ['password', 'recovery_key']) {
  const userId = await newUser();
  const key = newAccountKey(userId);
  const { body, envelopes } = accountKeyBody(key, types);
  await keys.createAccountKey(userId, body);
  return { userId, key, envelopes };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { status: error.statusCode, code: error.code };
}

const rotation = (key: TestAccountKey, expectedVersion: number) => ({
  expected_version: expectedVersion,
  key_id: key.keyId,
  key_check: key.keyCheck,
  envelopes: [wrapEnvelope(key, expectedVersion + 1, 'password').input],
});

describe('envelope metadata', () => {
  const cases: [string, (envelope: EnvelopeInput) => void][] = [
    [
      'a trusted_device envelope with a kdf_salt',
      (e) => {
        e.kdf_salt = e.ciphertext.slice(0, 43);
      },
    ],
    [
      'a trusted_device envelope with kdf HKDF',
      (e) => {
        e.kdf = 'HKDF-SHA-256';
      },
    ],
    [
      'a trusted_device envelope without device_id',
      (e) => {
        delete e.device_id;
      },
    ],
    [
      'a trusted_device envelope with a credential_id',
      (e) => {
        e.credential_id = 'AAAA';
      },
    ],
  ];
  it.each(cases)('refuses %s', async (_case, spoil) => {
    const userId = await newUser();
    const key = newAccountKey(userId);
    const envelope = wrapEnvelope(key, 1, 'trusted_device').input;
    spoil(envelope);
    const body = { key_id: key.keyId, key_check: key.keyCheck, envelopes: [envelope] };
    expect(await refusal(keys.createAccountKey(userId, body))).toEqual({
      status: 400,
      code: 'invalid_envelope',
    });
    expect((await keys.keybag(userId)).accountKey).toBeNull();
  });

  it('refuses a password envelope without kdf_salt, and a recovery envelope with a device_id', async () => {
    const userId = await newUser();
    const key = newAccountKey(userId);
    const password = wrapEnvelope(key, 1, 'password').input;
    delete password.kdf_salt;
    const recovery = { ...wrapEnvelope(key, 1, 'recovery_key').input, device_id: randomUUID() };
    for (const envelope of [password, recovery]) {
      const body = { key_id: key.keyId, key_check: key.keyCheck, envelopes: [envelope] };
      expect(await refusal(keys.createAccountKey(userId, body))).toMatchObject({ status: 400 });
    }
  });

  it('accepts every type with truthful metadata', async () => {
    const userId = await newUser();
    const key = newAccountKey(userId);
    const { body } = accountKeyBody(key, ['password', 'recovery_key', 'passkey_prf', 'trusted_device']);
    // A passkey_prf envelope names one of the user's own passkeys (docs/zk.md §3.4).
    const credentialId = randomBytes(16).toString('base64url');
    await server.database.db.insert(passkeyCredentials).values({
      id: randomUUID(),
      userId,
      credentialId,
      publicKey: randomBytes(77).toString('base64url'),
      aaguid: '00000000-0000-0000-0000-000000000000',
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Laptop',
      prfSalt: randomBytes(32).toString('base64url'),
    });
    body.envelopes.find((envelope) => envelope.type === 'passkey_prf')!.credential_id = credentialId;
    await keys.createAccountKey(userId, body);
    const { envelopes } = await keys.keybag(userId);
    expect(envelopes.map((envelope) => envelope.type).sort()).toEqual([
      'passkey_prf',
      'password',
      'recovery_key',
      'trusted_device',
    ]);
    const prf = envelopes.find((envelope) => envelope.type === 'passkey_prf')!;
    expect(prf.credentialId).toBe(credentialId);
    expect(prf.prfSalt).toHaveLength(43);
  });
});

describe('stale password envelopes (a password reset by email)', () => {
  it('no longer count as able to unlock: not offered, and not protecting the last other envelope', async () => {
    const { userId, envelopes } = await withKeybag(['password', 'recovery_key']);
    expect(await keys.markPasswordEnvelopesStale(userId)).toBe(1);
    const policy = await keys.effectivePolicy(userId);
    expect(policy.methods).toEqual(['recovery_key', 'new_key_setup']);
    const recovery = envelopes.find((envelope) => envelope.input.type === 'recovery_key')!;
    expect(await refusal(keys.deleteEnvelope(userId, recovery.input.id))).toEqual({
      status: 409,
      code: 'last_unlock_envelope',
    });
    // The stale one may go: it unlocks nothing.
    const password = envelopes.find((envelope) => envelope.input.type === 'password')!;
    expect((await keys.deleteEnvelope(userId, password.input.id)).status).toBe('stale');
  });
});

describe('serialized changes', () => {
  it('five parallel rotations from one version: exactly one wins, its envelope set is the one stored', async () => {
    const { userId, key } = await withKeybag();
    const bodies = Array.from({ length: 5 }, () => rotation(key, 1));
    const outcomes = await Promise.allSettled(bodies.map((body) => keys.rotate(userId, body)));
    const won = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [index] : []));
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'version_mismatch' });
    }
    const { accountKey, envelopes } = await keys.keybag(userId);
    expect(accountKey?.version).toBe(2);
    expect(envelopes.map((envelope) => envelope.id)).toEqual([bodies[won[0]!]!.envelopes[0]!.id]);
  });

  it('an envelope made for the version a rotation just replaced is refused', async () => {
    const { userId, key } = await withKeybag();
    await keys.rotate(userId, rotation(key, 1));
    const late = { expected_version: 1, envelope: wrapEnvelope(key, 1, 'recovery_key').input };
    expect(await refusal(keys.addEnvelope(userId, late))).toEqual({ status: 409, code: 'version_mismatch' });
  });

  it('a keybag holds at most 20 envelopes', async () => {
    const { userId, key } = await withKeybag(Array.from({ length: 20 }, () => 'recovery_key' as const));
    const extra = { expected_version: 1, envelope: wrapEnvelope(key, 1, 'recovery_key').input };
    expect(await refusal(keys.addEnvelope(userId, extra))).toEqual({
      status: 409,
      code: 'too_many_envelopes',
    });
  });

  it('reset removes the account key and its envelopes; the user may create a new one', async () => {
    const { userId } = await withKeybag();
    expect(await keys.reset(userId)).toEqual({ envelopes: 2, version: 1 });
    expect(await keys.keybag(userId)).toEqual({ accountKey: null, envelopes: [] });
    expect(await keys.reset(userId)).toBeNull();
    await keys.createAccountKey(userId, accountKeyBody(newAccountKey(userId)).body);
    expect((await keys.keybag(userId)).accountKey?.version).toBe(1);
  });
});
