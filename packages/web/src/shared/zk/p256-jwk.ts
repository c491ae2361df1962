import { decodeBase64url, decodeBase64urlOfLength } from './base64url';
import { ZkError } from './errors';

/** A P-256 public JWK reduced to the members that define the key. */
export interface P256PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

export interface P256PublicKey {
  jwk: P256PublicJwk;
  /** The key imported for ECDH (`deriveBits` takes it as the peer's public key). */
  key: CryptoKey;
}

/** The longest `zk_pub` /authorize accepts (docs/zk.md §7.1). */
export const MAX_ZK_PUB_LENGTH = 1024;

/**
 * Validates a P-256 public JWK and imports it for ECDH. Refused: a non-object, a private member `d` (a key the app
 * should never have sent), another `kty` or `crv`, coordinates that are not canonical 32-byte base64url, and
 * points not on the curve — WebCrypto's import checks the point, which closes the invalid-curve attack on ECDH
 * (RFC 8725 §3.4). Other public members (`alg`, `use`, `key_ops`, `ext`, `kid`) are ignored, as the server does.
 */
export async function importP256PublicJwk(
  value: unknown,
  code: 'invalid_jwk' | 'invalid_zk_pub' = 'invalid_jwk',
) {
  const refuse = (why: string) => new ZkError(code, `the public key ${why}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse('is not a JWK');
  const members = value as Record<string, unknown>;
  if ('d' in members) throw refuse('must not contain private key members');
  if (members.kty !== 'EC' || members.crv !== 'P-256') throw refuse('must be a P-256 EC key');
  if (typeof members.x !== 'string' || typeof members.y !== 'string')
    throw refuse('has no x and y coordinates');
  try {
    decodeBase64urlOfLength(members.x, 32, 'x');
    decodeBase64urlOfLength(members.y, 32, 'y');
  } catch {
    throw refuse('has coordinates that are not 32-byte base64url values');
  }
  const jwk: P256PublicJwk = { kty: 'EC', crv: 'P-256', x: members.x, y: members.y };
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.importKey(
      'jwk',
      jwk,
      { name: 'ECDH', namedCurve: 'P-256' },
      true,
      [],
    );
  } catch {
    throw refuse('is not a valid point on P-256');
  }
  return { jwk, key } satisfies P256PublicKey;
}

/**
 * The app's ephemeral key from the `zk_pub` authorization parameter: base64url of the JSON of a P-256 public JWK
 * (docs/zk.md §5 step 1). The server has validated it already; the browser checks again, because it is about to
 * encrypt the user's key to it.
 */
export async function parseZkPub(zkPub: string): Promise<P256PublicKey> {
  if (zkPub.length > MAX_ZK_PUB_LENGTH) throw new ZkError('invalid_zk_pub', 'zk_pub is too long');
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64url(zkPub)));
  } catch {
    throw new ZkError('invalid_zk_pub', 'zk_pub is not base64url-encoded JSON');
  }
  return importP256PublicJwk(parsed, 'invalid_zk_pub');
}
