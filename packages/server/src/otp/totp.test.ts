import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, provisioningUri, totp } from './totp.js';

const SHA1_SEED = Buffer.from('12345678901234567890');
const SHA256_SEED = Buffer.from('12345678901234567890123456789012');
const SHA512_SEED = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('TOTP', () => {
  it('matches the RFC 4226 Appendix D HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SHA1_SEED, BigInt(counter), 6))).toEqual(expected);
  });

  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('matches the RFC 6238 Appendix B vectors at t=%i', (time, sha1, sha256, sha512) => {
    expect(totp(SHA1_SEED, time, { algorithm: 'SHA1', digits: 8, period: 30 })).toBe(sha1);
    expect(totp(SHA256_SEED, time, { algorithm: 'SHA256', digits: 8, period: 30 })).toBe(sha256);
    expect(totp(SHA512_SEED, time, { algorithm: 'SHA512', digits: 8, period: 30 })).toBe(sha512);
  });

  it('round-trips base32 and accepts what people type', () => {
    expect(base32Encode(SHA1_SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq====')).toEqual(SHA1_SEED);
  });

  it('accepts one step of drift either way and nothing further', () => {
    const parameters = { algorithm: 'SHA1' as const, digits: 6 as const, period: 30 };
    const now = 1_800_000_000;
    const code = (offset: number) => totp(SHA1_SEED, now + offset * 30, parameters);
    expect(matchingStep(SHA1_SEED, code(0), now, parameters)).toBe(BigInt(Math.floor(now / 30)));
    expect(matchingStep(SHA1_SEED, code(-1), now, parameters)).not.toBeNull();
    expect(matchingStep(SHA1_SEED, code(1), now, parameters)).not.toBeNull();
    expect(matchingStep(SHA1_SEED, code(-2), now, parameters)).toBeNull();
    expect(matchingStep(SHA1_SEED, '12345', now, parameters)).toBeNull();
  });

  it('writes a Key Uri Format provisioning URI', () => {
    const uri = provisioningUri(SHA1_SEED, 'Acme ID', 'ada@example.com', {
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect(uri).toBe(
      'otpauth://totp/Acme%20ID:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Acme%20ID&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('agrees with otplib, an independent implementation, reading the secret from the provisioning URI', () => {
    const parameters = { algorithm: 'SHA1' as const, digits: 6 as const, period: 30 };
    const uri = new URL(provisioningUri(SHA1_SEED, 'Acme', 'a@example.com', parameters));
    const secret = uri.searchParams.get('secret')!;
    const now = Date.now();
    const independent = authenticator.clone({ epoch: now, step: 30, digits: 6 }).generate(secret);
    expect(matchingStep(SHA1_SEED, independent, Math.floor(now / 1000), parameters, 0)).not.toBeNull();
    expect(totp(SHA1_SEED, Math.floor(now / 1000), parameters)).toBe(independent);
  });
});
