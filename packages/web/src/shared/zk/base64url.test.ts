import { describe, expect, it } from 'vitest';
import { decodeBase64url, decodeBase64urlOfLength, encodeBase64url } from './base64url';
import { utf8 } from './bytes';
import { ZkError } from './errors';
import { zkKeyHash } from './hash';

describe('base64url', () => {
  it('encodes and decodes the RFC 4648 §10 test vectors without padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(encodeBase64url(utf8(plain))).toBe(encoded);
      expect(new TextDecoder().decode(decodeBase64url(encoded))).toBe(plain);
    }
  });

  it('uses the URL-safe alphabet and agrees with btoa on every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    for (let length = 0; length <= all.length; length += 1) {
      const bytes = all.slice(256 - length);
      const expected = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      expect(encodeBase64url(bytes)).toBe(expected);
      expect(decodeBase64url(expected)).toEqual(bytes);
    }
  });

  it('refuses padding, characters outside the alphabet, impossible lengths and non-canonical spellings', () => {
    for (const bad of ['Zg==', 'Zm9v+', 'Zm9v/', 'Zm 9v', 'Z', 'Zm9vY', 'Zh', 'Zm9']) {
      expect(() => decodeBase64url(bad), bad).toThrow(ZkError);
    }
    // "Zm8" is canonical; "Zm9" decodes to the same two bytes with a stray trailing bit.
    expect(decodeBase64url('Zm8')).toEqual(utf8('fo'));
  });

  it('checks exact lengths where the protocol fixes one', () => {
    expect(decodeBase64urlOfLength(encodeBase64url(new Uint8Array(32)), 32, 'salt')).toHaveLength(32);
    expect(() => decodeBase64urlOfLength(encodeBase64url(new Uint8Array(31)), 32, 'salt')).toThrow(
      /32 bytes/,
    );
  });
});

describe('zk_key_hash', () => {
  it('is base64url(SHA-256(ASCII(JWE))) (FIPS 180-2 "abc" vector)', async () => {
    // SHA-256("abc") = ba7816bf 8f01cfea 414140de 5dae2223 b00361a3 96177a9c b410ff61 f20015ad
    expect(await zkKeyHash('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(await zkKeyHash('a.b..c.d')).toHaveLength(43);
  });

  it('refuses text that is not a compact JWE', async () => {
    await expect(zkKeyHash('é.a')).rejects.toThrow(ZkError);
    await expect(zkKeyHash('a b')).rejects.toThrow(ZkError);
  });
});
