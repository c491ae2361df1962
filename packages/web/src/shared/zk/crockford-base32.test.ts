import { describe, expect, it } from 'vitest';
import { CROCKFORD_ALPHABET, decodeCrockford, encodeCrockford } from './crockford-base32';

/** Base32 by way of a bit string: slow and obviously right, to check the shifting implementation against. */
function reference(bytes: Uint8Array): string {
  const bits = [...bytes].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  const padded = bits.padEnd(Math.ceil(bits.length / 5) * 5, '0');
  return (padded.match(/.{5}/g) ?? []).map((chunk) => CROCKFORD_ALPHABET[Number.parseInt(chunk, 2)]).join('');
}

describe('Crockford base32', () => {
  it('has the 32 symbols without I, L, O and U', () => {
    expect(CROCKFORD_ALPHABET).toHaveLength(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('encodes like the bit-string reference and decodes back, for every length up to 40 bytes', () => {
    expect(encodeCrockford(new TextEncoder().encode('f'))).toBe('CR');
    for (let length = 0; length <= 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      const text = encodeCrockford(bytes);
      expect(text).toBe(reference(bytes));
      expect(decodeCrockford(text, length)).toEqual({ ok: true, bytes });
    }
  });

  it('maps look-alikes and reports the first unreadable character', () => {
    expect(decodeCrockford('0O1IL', 3)).toEqual(decodeCrockford('00111', 3));
    expect(decodeCrockford('AB*U', 2)).toEqual({
      ok: false,
      reason: 'invalid_character',
      index: 2,
      character: '*',
    });
    expect(decodeCrockford('CS', 1)).toEqual({ ok: false, reason: 'non_canonical' });
  });
});
