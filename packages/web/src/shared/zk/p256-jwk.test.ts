import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';
import { importP256PublicJwk, parseZkPub } from './p256-jwk';
import { appKeyPair, encodeJson } from './test-helpers';

const subtle = globalThis.crypto.subtle;

describe('zk_pub validation (P-256 public JWK only)', () => {
  it('accepts an app key as WebCrypto exports it, keeping only the members that define the key', async () => {
    const app = await appKeyPair();
    expect(app.jwk).toHaveProperty('ext');
    const parsed = await parseZkPub(app.zkPub);
    expect(parsed.jwk).toEqual({ kty: 'EC', crv: 'P-256', x: app.jwk.x, y: app.jwk.y });
    expect(parsed.key.type).toBe('public');
    expect((parsed.key.algorithm as EcKeyAlgorithm).namedCurve).toBe('P-256');
  });

  it('refuses a key with the private member d', async () => {
    const pair = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const privateJwk = await subtle.exportKey('jwk', pair.privateKey);
    await expect(parseZkPub(encodeJson(privateJwk))).rejects.toMatchObject({
      code: 'invalid_zk_pub',
      message: expect.stringMatching(/private/),
    });
  });

  it('refuses P-384, P-521, OKP and RSA keys', async () => {
    for (const curve of ['P-384', 'P-521']) {
      const pair = (await subtle.generateKey({ name: 'ECDH', namedCurve: curve }, true, [
        'deriveBits',
      ])) as CryptoKeyPair;
      const jwk = await subtle.exportKey('jwk', pair.publicKey);
      await expect(parseZkPub(encodeJson(jwk)), curve).rejects.toThrow(/P-256/);
    }
    const app = await appKeyPair();
    await expect(parseZkPub(encodeJson({ ...app.jwk, crv: 'P-384' }))).rejects.toThrow(/P-256/);
    await expect(parseZkPub(encodeJson({ kty: 'OKP', crv: 'X25519', x: app.jwk.x }))).rejects.toThrow(
      /P-256/,
    );
    await expect(parseZkPub(encodeJson({ kty: 'RSA', n: 'AQAB', e: 'AQAB' }))).rejects.toThrow(/P-256/);
  });

  it('refuses a point that is not on the curve (WebCrypto import checks it)', async () => {
    const app = await appKeyPair();
    const y = decodeBase64url(app.jwk.y!);
    y[31]! ^= 1;
    await expect(parseZkPub(encodeJson({ ...app.jwk, y: encodeBase64url(y) }))).rejects.toThrow(
      /not a valid point/,
    );
    // (0, 0) is not on P-256 either, and the point at infinity has no affine coordinates to send.
    const zero = encodeBase64url(new Uint8Array(32));
    await expect(importP256PublicJwk({ kty: 'EC', crv: 'P-256', x: zero, y: zero })).rejects.toThrow(
      /not a valid point/,
    );
  });

  it('refuses malformed coordinates and encodings', async () => {
    const app = await appKeyPair();
    const short = encodeBase64url(decodeBase64url(app.jwk.x!).slice(1));
    await expect(parseZkPub(encodeJson({ ...app.jwk, x: short }))).rejects.toThrow(/32-byte/);
    await expect(parseZkPub(encodeJson({ ...app.jwk, x: `${app.jwk.x}=` }))).rejects.toThrow(/32-byte/);
    await expect(parseZkPub(encodeJson({ ...app.jwk, x: 42 }))).rejects.toThrow(/x and y/);
    await expect(parseZkPub(encodeJson({ kty: 'EC', crv: 'P-256' }))).rejects.toThrow(/x and y/);
    await expect(parseZkPub(encodeJson([app.jwk]))).rejects.toThrow(/not a JWK/);
    await expect(parseZkPub(encodeJson('a string'))).rejects.toThrow(/not a JWK/);
    await expect(parseZkPub('not base64url!')).rejects.toThrow(/base64url/);
    await expect(parseZkPub(`${app.zkPub}==`)).rejects.toThrow(/base64url/);
    await expect(parseZkPub(encodeBase64url(new TextEncoder().encode('{"kty":')))).rejects.toThrow(/JSON/);
    await expect(parseZkPub('A'.repeat(1025))).rejects.toThrow(/too long/);
  });
});
