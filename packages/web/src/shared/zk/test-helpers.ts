import type { Bytes } from './bytes';

/** Test-only helpers (imported by *.test.ts, never by the library). */

export function hex(text: string): Bytes {
  const clean = text.replace(/\s+/g, '');
  const out = new Uint8Array(clean.length / 2);
  for (let index = 0; index < out.length; index++)
    out[index] = Number.parseInt(clean.slice(index * 2, index * 2 + 2), 16);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An ECDH P-256 key pair as an app makes one for `zk_pub`, and the `zk_pub` parameter itself. */
export async function appKeyPair(): Promise<{ privateKey: CryptoKey; zkPub: string; jwk: JsonWebKey }> {
  const pair = (await globalThis.crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const jwk = await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey);
  return { privateKey: pair.privateKey, zkPub: encodeJson(jwk), jwk };
}

/** base64url(JSON(value)), the way an app spells `zk_pub`. */
export function encodeJson(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
