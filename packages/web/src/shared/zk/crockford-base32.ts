/**
 * Crockford's base32 (https://www.crockford.com/base32.html): digits and upper-case letters without I, L, O and U,
 * so a human copying it cannot confuse 0/O or 1/I/L. Bits are taken most significant first; the last character is
 * padded with zero bits. Decoding maps the look-alikes (O→0, I and L→1) and reports what it cannot read.
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const VALUES = new Map<string, number>([...CROCKFORD_ALPHABET].map((character, index) => [character, index]));
VALUES.set('O', 0);
VALUES.set('I', 1);
VALUES.set('L', 1);

export function encodeCrockford(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD_ALPHABET[(buffer >>> bits) & 31]!;
    }
  }
  if (bits > 0) out += CROCKFORD_ALPHABET[(buffer << (5 - bits)) & 31]!;
  return out;
}

export type CrockfordDecodeResult =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  /** `index` is the 0-based position in the input of the first character that is not base32. */
  | { ok: false; reason: 'invalid_character'; index: number; character: string }
  /** The padding bits of the last character are not zero: it was mistyped. */
  | { ok: false; reason: 'non_canonical' };

/**
 * Decodes upper-case Crockford base32 of exactly `byteLength` bytes (the caller checks the character count, which
 * must be ceil(byteLength * 8 / 5)).
 */
export function decodeCrockford(text: string, byteLength: number): CrockfordDecodeResult {
  const bytes = new Uint8Array(byteLength);
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    const value = VALUES.get(character);
    if (value === undefined) return { ok: false, reason: 'invalid_character', index, character };
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      if (written < byteLength) bytes[written] = (buffer >>> bits) & 0xff;
      written++;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return { ok: false, reason: 'non_canonical' };
  return { ok: true, bytes };
}
