import type { Bytes } from './bytes';
import { ZkError } from './errors';

/**
 * Unpadded base64url (RFC 4648 §5), strict: decoding refuses padding, characters outside the alphabet, an
 * impossible length and non-zero unused trailing bits, so every byte string has exactly one spelling (values
 * are compared and hashed as text elsewhere, e.g. `key_check` and the server's 32-byte patterns).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES = new Map([...ALPHABET].map((character, index) => [character, index]));

export function encodeBase64url(bytes: Uint8Array): string {
  let out = '';
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const chunk = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    out += ALPHABET[chunk >>> 18]! + ALPHABET[(chunk >>> 12) & 63]! + ALPHABET[(chunk >>> 6) & 63]!;
    out += ALPHABET[chunk & 63]!;
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const chunk = bytes[index]! << 16;
    out += ALPHABET[chunk >>> 18]! + ALPHABET[(chunk >>> 12) & 63]!;
  } else if (rest === 2) {
    const chunk = (bytes[index]! << 16) | (bytes[index + 1]! << 8);
    out += ALPHABET[chunk >>> 18]! + ALPHABET[(chunk >>> 12) & 63]! + ALPHABET[(chunk >>> 6) & 63]!;
  }
  return out;
}

export function decodeBase64url(text: string): Bytes {
  if (text.length % 4 === 1)
    throw new ZkError('invalid_base64url', 'base64url text has an impossible length');
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (const character of text) {
    const value = VALUES.get(character);
    if (value === undefined) {
      throw new ZkError('invalid_base64url', 'base64url text contains a character outside its alphabet');
    }
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[written++] = (buffer >>> bits) & 0xff;
    }
  }
  // The 2 or 4 bits left over must be zero, or two spellings would decode to the same bytes (RFC 4648 §3.5).
  if ((buffer & ((1 << bits) - 1)) !== 0) {
    throw new ZkError('invalid_base64url', 'base64url text is not canonical (non-zero trailing bits)');
  }
  return out;
}

/** Decodes and requires an exact length: salts, key checks and keys have one. */
export function decodeBase64urlOfLength(text: string, length: number, what: string): Bytes {
  const bytes = decodeBase64url(text);
  if (bytes.length !== length) {
    throw new ZkError('invalid_base64url', `${what} must be ${length} bytes, not ${bytes.length}`);
  }
  return bytes;
}
