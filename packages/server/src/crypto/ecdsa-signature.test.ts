import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derToJose, EcdsaSignatureError, joseToDer } from './ecdsa-signature.js';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

describe('ECDSA signature encodings', () => {
  it('agrees with OpenSSL both ways over many signatures (short r and s included)', () => {
    let shortComponents = 0;
    for (let index = 0; index < 3000; index += 1) {
      const data = Buffer.from(`message ${index}`);
      const der = sign('sha256', data, privateKey);
      const raw = derToJose(der, 32);
      // What Node itself produces in the JOSE encoding verifies our conversion…
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
      // …and the round trip gives back OpenSSL's exact (minimal) DER.
      expect(joseToDer(raw, 32).equals(der)).toBe(true);
      if (raw[0] === 0 || raw[32] === 0) shortComponents += 1;
    }
    // About 1 in 128 signatures has an r or s under 32 bytes: the padding paths ran.
    expect(shortComponents).toBeGreaterThan(0);
  });

  it('converts a JOSE signature from Node into DER that verifies', () => {
    const data = Buffer.from('payload');
    const raw = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
    expect(verify('sha256', data, publicKey, joseToDer(raw, 32))).toBe(true);
  });

  it('refuses malformed input instead of guessing', () => {
    expect(() => joseToDer(Buffer.alloc(63), 32)).toThrow(EcdsaSignatureError);
    expect(() => derToJose(Buffer.from([0x31, 0x00]), 32)).toThrow(EcdsaSignatureError);
    expect(() => derToJose(Buffer.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01]), 32)).toThrow(
      EcdsaSignatureError,
    );
    const der = sign('sha256', Buffer.from('x'), privateKey);
    expect(() => derToJose(Buffer.concat([der, Buffer.from([0])]), 32)).toThrow(EcdsaSignatureError);
    // An INTEGER longer than the curve allows.
    const big = Buffer.from([0x30, 0x26, 0x02, 0x21, 0x01, ...Buffer.alloc(32, 0xff), 0x02, 0x01, 0x01]);
    expect(() => derToJose(big, 32)).toThrow(EcdsaSignatureError);
  });
});
