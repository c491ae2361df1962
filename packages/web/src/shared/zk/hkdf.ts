import type { Bytes } from './bytes';

/**
 * HKDF-SHA-256 (RFC 5869) through WebCrypto. The input keying material is imported as a non-extractable HKDF
 * key (WebCrypto allows no other kind), so derivations never need its bytes again.
 */

const subtle = () => globalThis.crypto.subtle;

export function importHkdfKey(inputKeyingMaterial: Bytes): Promise<CryptoKey> {
  return subtle().importKey('raw', inputKeyingMaterial, 'HKDF', false, ['deriveBits', 'deriveKey']);
}

function parameters(salt: Bytes, info: Bytes): HkdfParams {
  return { name: 'HKDF', hash: 'SHA-256', salt, info };
}

/** `length` bytes of output keying material, for values the protocol must carry as bytes. */
export async function hkdfBytes(key: CryptoKey, salt: Bytes, info: Bytes, length: number): Promise<Bytes> {
  return new Uint8Array(await subtle().deriveBits(parameters(salt, info), key, length * 8));
}

/** A non-extractable AES-256-GCM key derived with HKDF, for keys that never leave this browser. */
export function hkdfAesGcmKey(
  key: CryptoKey,
  salt: Bytes,
  info: Bytes,
  usages: KeyUsage[],
): Promise<CryptoKey> {
  return subtle().deriveKey(parameters(salt, info), key, { name: 'AES-GCM', length: 256 }, false, usages);
}
