import { describe, expect, it } from 'vitest';
import { AccountRootKey } from './account-root-key';
import { decodeBase64url, encodeBase64url } from './base64url';
import { createEncryptionKeyPair, jwkThumbprint, openEncryptionPrivateKey } from './encryption-key-pair';
import { importP256PublicJwk } from './p256-jwk';
import { toHex } from './test-helpers';

const USER = '0b8e7c2a-52f4-4d51-9d0e-2f8a1f6b9c01';
const KEY_ID = '3f6c1a2b-9d8e-4f70-a1b2-c3d4e5f60718';
const binding = { userId: USER, keyId: KEY_ID };

async function agree(privateKey: CryptoKey, publicKey: CryptoKey) {
  return toHex(
    new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256)),
  );
}

describe("the user's encryption key pair (docs/zk.md §6)", () => {
  it('computes the RFC 7638 thumbprint (§3.1 example is RSA; this checks the member order and encoding)', async () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x-value', y: 'y-value' } as const;
    const digest = new Uint8Array(
      await crypto.subtle.digest(
        'SHA-256',
        new TextEncoder().encode('{"crv":"P-256","kty":"EC","x":"x-value","y":"y-value"}'),
      ),
    );
    expect(await jwkThumbprint(jwk)).toBe(encodeBase64url(digest));
  });

  it('wraps the private key under the ARK and opens it again as a non-extractable key of the same pair', async () => {
    const ark = await AccountRootKey.generate();
    const created = await createEncryptionKeyPair(ark, binding);
    expect(created.publicJwk).not.toHaveProperty('d');
    expect(created.kid).toBe(await jwkThumbprint(created.publicJwk));
    expect(created.privateKey.extractable).toBe(false);
    const opened = await openEncryptionPrivateKey(ark, binding, created.wrapped);
    expect(opened.extractable).toBe(false);
    const peer = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const published = (await importP256PublicJwk(created.publicJwk)).key;
    expect(await agree(opened, peer.publicKey)).toBe(await agree(peer.privateKey, published));
  });

  it('does not open under another ARK, user, account key or kid, nor when altered', async () => {
    const ark = await AccountRootKey.generate();
    const { wrapped } = await createEncryptionKeyPair(ark, binding);
    const other = await createEncryptionKeyPair(ark, binding);
    const bytes = decodeBase64url(wrapped.ciphertext);
    bytes[20]! ^= 1;
    const otherArk = await AccountRootKey.generate();
    // Each attempt starts only when it is awaited: a rejection must always have its handler attached.
    const attempts = [
      () => openEncryptionPrivateKey(otherArk, binding, wrapped),
      () => openEncryptionPrivateKey(ark, { ...binding, userId: crypto.randomUUID() }, wrapped),
      () => openEncryptionPrivateKey(ark, { ...binding, keyId: crypto.randomUUID() }, wrapped),
      () => openEncryptionPrivateKey(ark, binding, { ...wrapped, kid: other.kid }),
      () => openEncryptionPrivateKey(ark, binding, { ...wrapped, ciphertext: encodeBase64url(bytes) }),
    ];
    for (const attempt of attempts)
      await expect(attempt()).rejects.toMatchObject({ code: 'envelope_open_failed' });
    await expect(
      openEncryptionPrivateKey(ark, binding, { ...wrapped, ciphertext: 'AAAA' }),
    ).rejects.toMatchObject({
      code: 'invalid_envelope',
    });
  });
});
