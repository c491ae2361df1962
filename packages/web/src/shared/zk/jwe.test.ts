import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';
import { concatBytes, utf8 } from './bytes';
import { concatKdf } from './concat-kdf';
import { ZkError } from './errors';
import { decryptEcdhEsA256Gcm, encryptEcdhEsA256Gcm } from './jwe';
import { appKeyPair } from './test-helpers';

const subtle = globalThis.crypto.subtle;
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

// RFC 7518 Appendix C: Example ECDH-ES Key Agreement Computation.
const BOB = {
  kty: 'EC',
  crv: 'P-256',
  x: 'weNJy2HscCSM6AEDTDg04biOvhFhyyWvOHQfeF_PxMQ',
  y: 'e8lnCO-AlStT-NJVX-crhB7QRYhiix03illJOVAOyck',
  d: 'VEmDZpDXXK8p8N0Cndsxs924q6nS1RXFASRl6BfUqdw',
};
const ALICE_EPHEMERAL = {
  kty: 'EC',
  crv: 'P-256',
  x: 'gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0',
  y: 'SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps',
  d: '0_NxaRPUMQoAJt50Gz8YiTr8gRTwyEaCumd-MToTmIo',
};
const Z = Uint8Array.from([
  158, 86, 217, 29, 129, 113, 53, 211, 114, 131, 66, 131, 191, 132, 38, 156, 251, 49, 110, 163, 218, 128, 106,
  72, 246, 218, 167, 121, 140, 254, 144, 196,
]);

function publicOf(jwk: typeof BOB) {
  const { d: _d, ...rest } = jwk;
  return rest;
}

async function importPrivate(jwk: typeof BOB) {
  return subtle.importKey('jwk', jwk, ECDH, false, ['deriveBits']);
}

async function importPublic(jwk: typeof BOB) {
  return subtle.importKey('jwk', publicOf(jwk), ECDH, true, []);
}

describe('ECDH-ES Concat KDF (RFC 7518 Appendix C)', () => {
  it('computes the appendix shared secret Z from either side', async () => {
    const fromAlice = await subtle.deriveBits(
      { name: 'ECDH', public: await importPublic(BOB) },
      await importPrivate(ALICE_EPHEMERAL),
      256,
    );
    const fromBob = await subtle.deriveBits(
      { name: 'ECDH', public: await importPublic(ALICE_EPHEMERAL) },
      await importPrivate(BOB),
      256,
    );
    expect(new Uint8Array(fromAlice)).toEqual(Z);
    expect(new Uint8Array(fromBob)).toEqual(Z);
  });

  it('derives the appendix key VqqN6vgjbSBcIijNcacQGg (A128GCM, apu "Alice", apv "Bob")', async () => {
    const key = await concatKdf(Z, 'A128GCM', decodeBase64url('QWxpY2U'), decodeBase64url('Qm9i'), 128);
    expect(encodeBase64url(key)).toBe('VqqN6vgjbSBcIijNcacQGg');
  });

  it('decrypts a JWE built by hand with the appendix keys, apu and apv (A256GCM)', async () => {
    const header = {
      alg: 'ECDH-ES',
      enc: 'A256GCM',
      apu: 'QWxpY2U',
      apv: 'Qm9i',
      epk: publicOf(ALICE_EPHEMERAL),
    };
    const protectedHeader = encodeBase64url(utf8(JSON.stringify(header)));
    const cek = await concatKdf(Z, 'A256GCM', utf8('Alice'), utf8('Bob'), 256);
    const key = await subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
    const iv = new Uint8Array(12).fill(7);
    const sealed = new Uint8Array(
      await subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: utf8(protectedHeader) },
        key,
        utf8('hello Bob'),
      ),
    );
    const compact = [
      protectedHeader,
      '',
      encodeBase64url(iv),
      encodeBase64url(sealed.slice(0, -16)),
      encodeBase64url(sealed.slice(-16)),
    ].join('.');
    const { plaintext } = await decryptEcdhEsA256Gcm(compact, await importPrivate(BOB));
    expect(new TextDecoder().decode(plaintext)).toBe('hello Bob');
  });
});

describe('compact JWE, ECDH-ES + A256GCM', () => {
  it('round-trips, with an empty encrypted key and the header members key delivery uses', async () => {
    const app = await appKeyPair();
    const recipient = await subtle.importKey('jwk', app.jwk, ECDH, true, []);
    const jwe = await encryptEcdhEsA256Gcm(recipient, utf8('the payload'), 'tessera-zk-key');
    const segments = jwe.split('.');
    expect(segments).toHaveLength(5);
    expect(segments[1]).toBe('');
    const header = JSON.parse(new TextDecoder().decode(decodeBase64url(segments[0]!)));
    expect(Object.keys(header)).toEqual(['alg', 'enc', 'typ', 'epk']);
    expect(header).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM', typ: 'tessera-zk-key' });
    expect(Object.keys(header.epk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    const { plaintext } = await decryptEcdhEsA256Gcm(jwe, app.privateKey, 'tessera-zk-key');
    expect(new TextDecoder().decode(plaintext)).toBe('the payload');
  });

  it('uses a fresh ephemeral key and IV each time', async () => {
    const app = await appKeyPair();
    const recipient = await subtle.importKey('jwk', app.jwk, ECDH, true, []);
    const first = await encryptEcdhEsA256Gcm(recipient, utf8('same'));
    const second = await encryptEcdhEsA256Gcm(recipient, utf8('same'));
    expect(first.split('.')[0]).not.toBe(second.split('.')[0]);
    expect(first.split('.')[2]).not.toBe(second.split('.')[2]);
  });

  it('does not decrypt with another private key', async () => {
    const app = await appKeyPair();
    const other = await appKeyPair();
    const recipient = await subtle.importKey('jwk', app.jwk, ECDH, true, []);
    const jwe = await encryptEcdhEsA256Gcm(recipient, utf8('x'));
    await expect(decryptEcdhEsA256Gcm(jwe, other.privateKey)).rejects.toMatchObject({
      code: 'jwe_decryption_failed',
    });
  });

  it('refuses every tampered segment', async () => {
    const app = await appKeyPair();
    const recipient = await subtle.importKey('jwk', app.jwk, ECDH, true, []);
    const jwe = await encryptEcdhEsA256Gcm(recipient, utf8('a payload of some length'), 'tessera-zk-key');
    const segments = jwe.split('.');
    const flip = (segment: string) => {
      const bytes = decodeBase64url(segment);
      bytes[0]! ^= 1;
      return encodeBase64url(bytes);
    };
    // The protected header is the AAD: any change, even one that keeps it valid JSON, fails the tag.
    const header = JSON.parse(new TextDecoder().decode(decodeBase64url(segments[0]!)));
    const reordered = encodeBase64url(utf8(JSON.stringify({ enc: header.enc, ...header })));
    const withExtra = encodeBase64url(utf8(JSON.stringify({ ...header, kid: 'x' })));
    for (const [index, replacement] of [
      [0, reordered],
      [0, withExtra],
      [2, flip(segments[2]!)],
      [3, flip(segments[3]!)],
      [4, flip(segments[4]!)],
    ] as const) {
      const tampered = segments.slice();
      tampered[index] = replacement;
      await expect(decryptEcdhEsA256Gcm(tampered.join('.'), app.privateKey)).rejects.toMatchObject({
        code: 'jwe_decryption_failed',
      });
    }
    // A truncated ciphertext or tag is refused too.
    const truncated = segments.slice();
    truncated[4] = encodeBase64url(decodeBase64url(segments[4]!).slice(0, 15));
    await expect(decryptEcdhEsA256Gcm(truncated.join('.'), app.privateKey)).rejects.toMatchObject({
      code: 'invalid_jwe',
    });
  });

  it('refuses other algorithms, compression, critical extensions, a wrong typ and a bad epk before decrypting', async () => {
    const app = await appKeyPair();
    const recipient = await subtle.importKey('jwk', app.jwk, ECDH, true, []);
    const jwe = await encryptEcdhEsA256Gcm(recipient, utf8('x'), 'tessera-zk-key');
    const [headerSegment, , ...rest] = jwe.split('.');
    const header = JSON.parse(new TextDecoder().decode(decodeBase64url(headerSegment!)));
    const offCurve = { ...header.epk, y: header.epk.x };
    const variants: [Record<string, unknown>, RegExp][] = [
      [{ ...header, alg: 'ECDH-ES+A256KW' }, /alg/],
      [{ ...header, alg: 'dir' }, /alg/],
      [{ ...header, enc: 'A128GCM' }, /enc/],
      [{ ...header, zip: 'DEF' }, /zip/],
      [{ ...header, crit: ['exp'] }, /critical/],
      [{ ...header, typ: 'JWT' }, /typ/],
      [{ ...header, epk: offCurve }, /epk/],
      [{ ...header, epk: { ...header.epk, d: 'AAAA' } }, /epk/],
      [{ ...header, apu: 42 }, /apu/],
    ];
    for (const [variant, message] of variants) {
      const compact = [encodeBase64url(utf8(JSON.stringify(variant))), '', ...rest].join('.');
      const refusal = decryptEcdhEsA256Gcm(compact, app.privateKey, 'tessera-zk-key');
      await expect(refusal).rejects.toThrow(message);
      await expect(refusal).rejects.toBeInstanceOf(ZkError);
    }
    const withEncryptedKey = [headerSegment, 'AAAA', ...rest].join('.');
    await expect(decryptEcdhEsA256Gcm(withEncryptedKey, app.privateKey)).rejects.toThrow(/encrypted key/);
    await expect(decryptEcdhEsA256Gcm('a.b.c', app.privateKey)).rejects.toThrow(/five segments/);
    const notJson = [encodeBase64url(utf8('{not json')), '', ...rest].join('.');
    await expect(decryptEcdhEsA256Gcm(notJson, app.privateKey)).rejects.toThrow(/not JSON/);
  });

  it('keeps the content encryption inputs consistent with RFC 7516 (AAD is the encoded header)', async () => {
    // Decrypting with a key derived independently here proves the layout: Concat KDF over Z, AAD = header text.
    const app = await appKeyPair();
    const appPublic = await subtle.importKey('jwk', app.jwk, ECDH, true, []);
    const jwe = await encryptEcdhEsA256Gcm(appPublic, utf8('layout'));
    const [h, , iv, ct, tag] = jwe.split('.') as [string, string, string, string, string];
    const epk = JSON.parse(new TextDecoder().decode(decodeBase64url(h))).epk;
    const z = new Uint8Array(
      await subtle.deriveBits(
        { name: 'ECDH', public: await subtle.importKey('jwk', epk, ECDH, true, []) },
        app.privateKey,
        256,
      ),
    );
    const cek = await concatKdf(z, 'A256GCM', new Uint8Array(0), new Uint8Array(0), 256);
    const key = await subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: decodeBase64url(iv), additionalData: utf8(h) },
      key,
      concatBytes(decodeBase64url(ct), decodeBase64url(tag)),
    );
    expect(new TextDecoder().decode(plain)).toBe('layout');
  });
});
