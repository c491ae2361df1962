import { describe, expect, it } from 'vitest';
import { AccountRootKey } from './account-root-key';
import { decodeBase64url, encodeBase64url } from './base64url';
import { utf8 } from './bytes';
import { zkKeyHash } from './hash';
import { encryptEcdhEsA256Gcm } from './jwe';
import {
  buildKeyDelivery,
  type KeyDeliveryExpectations,
  receiveKeyDelivery,
  withKeyDeliveryFragment,
} from './key-delivery';
import { parseZkPub } from './p256-jwk';
import { appKeyPair, encodeJson, toHex } from './test-helpers';

const ISSUER = 'https://id.example.com';
const USER = '0b8e7c2a-52f4-4d51-9d0e-2f8a1f6b9c01';
const CLIENT = '5b0c6a52-8f0e-4d43-9a34-0c1f3e0f6a11';
const KEY_ID = '3f6c1a2b-9d8e-4f70-a1b2-c3d4e5f60718';
const REDIRECT = 'https://app.example.com/callback';
const NOW = 1_764_000_000;

const expected: KeyDeliveryExpectations = {
  issuer: ISSUER,
  clientId: CLIENT,
  state: 'state-1',
  redirectUri: REDIRECT,
};

async function deliver(
  overrides: { clientId?: string; state?: string | null; organizationId?: string | null } = {},
) {
  const ark = await AccountRootKey.generate();
  const app = await appKeyPair();
  const delivery = await buildKeyDelivery({
    ark,
    keyId: KEY_ID,
    zkPub: app.zkPub,
    issuer: ISSUER,
    userId: USER,
    clientId: overrides.clientId ?? CLIENT,
    state: overrides.state === undefined ? 'state-1' : overrides.state,
    redirectUri: REDIRECT,
    organizationId: overrides.organizationId ?? null,
    now: NOW,
  });
  const token = { zk_key_hash: delivery.zkKeyHash, zk_key_kind: 'client_app_key', zk_key_version: 2 };
  return { ark, app, token, ...delivery };
}

describe('key delivery v2 (docs/zk.md §5)', () => {
  it('delivers the CAK to the app, bound to sub, client, state, redirect URI and key id', async () => {
    const { ark, app, jwe, zkKeyHash: hash, token } = await deliver();
    expect(hash).toBe(await zkKeyHash(jwe));
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const received = await receiveKeyDelivery({
      jwe,
      privateKey: app.privateKey,
      token,
      expected: { ...expected, sub: USER },
      now: NOW + 5,
    });
    expect(toHex(received.key)).toBe(toHex(await ark.clientAppKey(CLIENT, null)));
    expect(received).toMatchObject({ keyId: KEY_ID, sub: USER, organizationId: null });
  });

  it('puts exactly the documented payload in the JWE', async () => {
    const { app, jwe, ark } = await deliver();
    const { decryptEcdhEsA256Gcm } = await import('./jwe');
    const { header, plaintext } = await decryptEcdhEsA256Gcm(jwe, app.privateKey);
    expect(header).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM', typ: 'tessera-zk-key' });
    const payload = JSON.parse(new TextDecoder().decode(plaintext));
    expect(Object.keys(payload)).toEqual([
      'v',
      'kind',
      'iss',
      'sub',
      'client_id',
      'state',
      'redirect_uri',
      'organization_id',
      'key_id',
      'iat',
      'exp',
      'key',
    ]);
    expect(payload).toEqual({
      v: 2,
      kind: 'client_app_key',
      iss: ISSUER,
      sub: USER,
      client_id: CLIENT,
      state: 'state-1',
      redirect_uri: REDIRECT,
      organization_id: null,
      key_id: KEY_ID,
      iat: NOW,
      exp: NOW + 120,
      key: { kty: 'oct', k: encodeBase64url(await ark.clientAppKey(CLIENT, null)), alg: 'A256GCM' },
    });
  });

  it('appends the JWE as the zk_key_jwe fragment', async () => {
    const { jwe } = await deliver();
    const url = withKeyDeliveryFragment(`${REDIRECT}?code=abc&state=state-1`, jwe);
    expect(new URL(url).hash).toBe(`#zk_key_jwe=${jwe}`);
    expect(() => withKeyDeliveryFragment(`${REDIRECT}#x`, jwe)).toThrow(/fragment/);
  });

  it('refuses a JWE other than the one the token response hashes, before decrypting it', async () => {
    const first = await deliver();
    const second = await deliver();
    await expect(
      receiveKeyDelivery({
        jwe: second.jwe,
        privateKey: first.app.privateKey,
        token: first.token,
        expected,
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 'key_hash_mismatch' });
    await expect(
      receiveKeyDelivery({
        jwe: 'not a jwe',
        privateKey: first.app.privateKey,
        token: first.token,
        expected,
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 'key_hash_mismatch' });
  });

  it('refuses a tampered JWE even when the hash is recomputed to match it', async () => {
    const { jwe, app, token } = await deliver();
    const segments = jwe.split('.');
    const ciphertext = decodeBase64url(segments[3]!);
    ciphertext[10]! ^= 1;
    segments[3] = encodeBase64url(ciphertext);
    const tampered = segments.join('.');
    await expect(
      receiveKeyDelivery({ jwe: tampered, privateKey: app.privateKey, token, expected, now: NOW }),
    ).rejects.toMatchObject({ code: 'key_hash_mismatch' });
    await expect(
      receiveKeyDelivery({
        jwe: tampered,
        privateKey: app.privateKey,
        token: { ...token, zk_key_hash: await zkKeyHash(tampered) },
        expected,
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 'jwe_decryption_failed' });
  });

  it('refuses a delivery replayed into another state, redirect URI, client, issuer, user or organization', async () => {
    const { jwe, app, token } = await deliver();
    const wrong: [string, KeyDeliveryExpectations][] = [
      ['state', { ...expected, state: 'state-2' }],
      ['state', { ...expected, state: null }],
      ['redirect_uri', { ...expected, redirectUri: 'https://app.example.com/other' }],
      ['client_id', { ...expected, clientId: 'another-client' }],
      ['iss', { ...expected, issuer: 'https://evil.example' }],
      ['sub', { ...expected, sub: 'someone-else' }],
      ['organization_id', { ...expected, organizationId: 'org-1' }],
    ];
    for (const [member, expectations] of wrong) {
      await expect(
        receiveKeyDelivery({ jwe, privateKey: app.privateKey, token, expected: expectations, now: NOW }),
        member,
      ).rejects.toMatchObject({
        code: 'key_delivery_binding_mismatch',
        message: expect.stringContaining(member),
      });
    }
  });

  it('checks the time window: not before iat, not after exp (with clock skew)', async () => {
    const { jwe, app, token } = await deliver();
    const receive = (now: number) =>
      receiveKeyDelivery({ jwe, privateKey: app.privateKey, token, expected, now });
    await expect(receive(NOW + 120 + 59)).resolves.toBeDefined();
    await expect(receive(NOW + 120 + 60)).rejects.toMatchObject({ code: 'key_delivery_expired' });
    await expect(receive(NOW - 60)).resolves.toBeDefined();
    await expect(receive(NOW - 61)).rejects.toMatchObject({ code: 'key_delivery_expired' });
  });

  it('refuses a token response of another kind or version, and a payload that is not v2', async () => {
    const { jwe, app, token } = await deliver();
    for (const other of [{ zk_key_kind: 'data_root_key' }, { zk_key_version: 1 }]) {
      await expect(
        receiveKeyDelivery({
          jwe,
          privateKey: app.privateKey,
          token: { ...token, ...other },
          expected,
          now: NOW,
        }),
      ).rejects.toMatchObject({ code: 'invalid_key_delivery' });
    }
    const recipient = (await parseZkPub(app.zkPub)).key;
    const payload = {
      v: 1,
      kind: 'client_app_key',
      iss: ISSUER,
      sub: USER,
      client_id: CLIENT,
      state: 'state-1',
      redirect_uri: REDIRECT,
      organization_id: null,
      key_id: KEY_ID,
      iat: NOW,
      exp: NOW + 120,
      key: { kty: 'oct', k: encodeBase64url(new Uint8Array(32)), alg: 'A256GCM' },
    };
    for (const variant of [
      payload,
      { ...payload, v: 2, exp: NOW + 3600 },
      { ...payload, v: 2, key: { ...payload.key, k: encodeBase64url(new Uint8Array(16)) } },
    ]) {
      const forged = await encryptEcdhEsA256Gcm(recipient, utf8(JSON.stringify(variant)), 'tessera-zk-key');
      await expect(
        receiveKeyDelivery({
          jwe: forged,
          privateKey: app.privateKey,
          token: { ...token, zk_key_hash: await zkKeyHash(forged) },
          expected,
          now: NOW,
        }),
      ).rejects.toMatchObject({ code: 'invalid_key_delivery' });
    }
  });

  it('gives another client another key, and the same client the same key from the same ARK', async () => {
    const ark = await AccountRootKey.generate();
    const keys: string[] = [];
    for (const clientId of [CLIENT, CLIENT, 'another-client']) {
      const app = await appKeyPair();
      const { jwe, zkKeyHash: hash } = await buildKeyDelivery({
        ark,
        keyId: KEY_ID,
        zkPub: app.zkPub,
        issuer: ISSUER,
        userId: USER,
        clientId,
        state: null,
        redirectUri: REDIRECT,
        organizationId: null,
        now: NOW,
      });
      const received = await receiveKeyDelivery({
        jwe,
        privateKey: app.privateKey,
        token: { zk_key_hash: hash, zk_key_kind: 'client_app_key', zk_key_version: 2 },
        expected: { ...expected, clientId, state: null },
        now: NOW,
      });
      keys.push(toHex(received.key));
    }
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('refuses to encrypt to a zk_pub with a private member or another curve', async () => {
    const ark = await AccountRootKey.generate();
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const privateJwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    for (const zkPub of [encodeJson(privateJwk), encodeJson({ ...privateJwk, d: undefined, crv: 'P-384' })]) {
      await expect(
        buildKeyDelivery({
          ark,
          keyId: KEY_ID,
          zkPub,
          issuer: ISSUER,
          userId: USER,
          clientId: CLIENT,
          state: null,
          redirectUri: REDIRECT,
          organizationId: null,
        }),
      ).rejects.toMatchObject({ code: 'invalid_zk_pub' });
    }
  });
});
