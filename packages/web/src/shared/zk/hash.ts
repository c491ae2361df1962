import { encodeBase64url } from './base64url';
import type { Bytes } from './bytes';
import { utf8 } from './bytes';
import { ZkError } from './errors';

export async function sha256(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
}

/**
 * `zk_key_hash = base64url(SHA-256(ASCII(JWE compact)))` (docs/zk.md §5 step 3): what the browser posts to
 * `/authorize/finalize` and what the app compares, from its token response, before decrypting.
 */
export async function zkKeyHash(compactJwe: string): Promise<string> {
  // A compact JWE is base64url segments and dots; anything else is not one, and ASCII must be unambiguous.
  if (!/^[A-Za-z0-9_.-]+$/.test(compactJwe)) throw new ZkError('invalid_jwe', 'a compact JWE is ASCII only');
  return encodeBase64url(await sha256(utf8(compactJwe)));
}
