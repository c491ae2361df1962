import { randomInt } from 'node:crypto';
import { hashToken } from '../crypto/tokens.js';

/**
 * User codes of the device flow (RFC 8628 §6.1): eight characters of twenty consonants, no vowels and no digits (no
 * word can be spelled, nothing reads as 0/O or 1/I), shown as two groups of four.
 * 20^8 ≈ 2.56 × 10^10 codes (34.6 bits); docs/device-flow.md#user-code-entropy works out why that is enough for
 * their lifetime under the entry rate limits.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** A new user code, formatted for display (`XXXX-XXXX`), from a uniform CSPRNG choice per character. */
export function newUserCode(): string {
  let code = '';
  for (let index = 0; index < USER_CODE_LENGTH; index += 1) {
    code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The code as typed, normalized (RFC 8628 §6.1): case, hyphens and whitespace ignored. Null when what is left is not
 * a code this service could have issued (wrong length, a character outside the alphabet), so it is refused without a
 * lookup.
 */
export function normalizeUserCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== USER_CODE_LENGTH) return null;
  for (const character of code) if (!USER_CODE_ALPHABET.includes(character)) return null;
  return code;
}

/** What the user code is stored and looked up as: the SHA-256 of its normalized form. */
export function userCodeHash(normalized: string): string {
  return hashToken(`user-code:${normalized}`);
}
