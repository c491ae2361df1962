import { createHmac, randomBytes } from 'node:crypto';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface TotpParameters {
  algorithm: TotpAlgorithm;
  digits: 6 | 8;
  period: number;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (the Key Uri Format omits it). */
export function base32Encode(data: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

/** Accepts lower case, spaces and padding, as people type secrets (interop §4.3). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of clean) {
    const index = BASE32.indexOf(character);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 160 bits from the CSPRNG (RFC 4226 §4 R6). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** HOTP (RFC 4226 §5.3): dynamic truncation on the low 4 bits of the last byte, for every hash size. */
export function hotp(
  secret: Uint8Array,
  counter: bigint,
  digits: number,
  algorithm: TotpAlgorithm = 'SHA1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const digest = createHmac(algorithm.toLowerCase(), secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary =
    ((digest[offset]! & 0x7f) << 24) |
    (digest[offset + 1]! << 16) |
    (digest[offset + 2]! << 8) |
    digest[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (RFC 6238 §4.2, T0 = 0). */
export function timeStep(unixSeconds: number, period: number): bigint {
  return BigInt(Math.floor(unixSeconds / period));
}

export function totp(secret: Uint8Array, unixSeconds: number, parameters: TotpParameters): string {
  return hotp(secret, timeStep(unixSeconds, parameters.period), parameters.digits, parameters.algorithm);
}

/**
 * The step a code matches within ±window steps of now (RFC 6238 §5.2: at most one step of delay by default), or
 * null. Every candidate is computed, so the time taken does not depend on which one matched.
 */
export function matchingStep(
  secret: Uint8Array,
  code: string,
  unixSeconds: number,
  parameters: TotpParameters,
  window = 1,
): bigint | null {
  if (!new RegExp(`^\\d{${parameters.digits}}$`).test(code)) return null;
  const current = timeStep(unixSeconds, parameters.period);
  let matched: bigint | null = null;
  for (let offset = -window; offset <= window; offset += 1) {
    const step = current + BigInt(offset);
    if (step < 0n) continue;
    if (hotp(secret, step, parameters.digits, parameters.algorithm) === code && matched === null)
      matched = step;
  }
  return matched;
}

/** Google Authenticator Key Uri Format: otpauth://totp/Issuer:account?secret=...&issuer=... */
export function provisioningUri(
  secret: Uint8Array,
  issuer: string,
  account: string,
  parameters: TotpParameters,
): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: parameters.algorithm,
    digits: String(parameters.digits),
    period: String(parameters.period),
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}
