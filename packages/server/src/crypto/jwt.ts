import { sign as cryptoSign, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import { derToJose, joseToDer } from './ecdsa-signature.js';
import type { SigningAlgorithm, SigningKey } from './signing-keys.js';

/**
 * Compact JWS signing and verification over node:crypto, synchronous and allocation-light: token issuance is the
 * hottest path of the service. Only our own three algorithms exist here; anything else (including `none`) fails
 * verification (RFC 8725 §3.1: never let the token choose the algorithm).
 */

const HASH: Record<SigningAlgorithm, string | null> = { RS256: 'sha256', ES256: 'sha256', EdDSA: null };
/** Bytes of each of r and s for P-256. */
const P256_SIZE = 32;

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

const headerCache = new Map<string, string>();

function encodedHeader(alg: SigningAlgorithm, kid: string, typ: string): string {
  const cacheKey = `${alg}.${kid}.${typ}`;
  let encoded = headerCache.get(cacheKey);
  if (!encoded) {
    encoded = base64url(JSON.stringify({ alg, kid, typ }));
    if (headerCache.size > 64) headerCache.clear();
    headerCache.set(cacheKey, encoded);
  }
  return encoded;
}

export function signJwt(
  payload: Record<string, unknown>,
  key: SigningKey,
  typ: 'JWT' | 'at+jwt' | 'logout+jwt',
): string {
  const signingInput = `${encodedHeader(key.alg, key.kid, typ)}.${base64url(JSON.stringify(payload))}`;
  const signature = cryptoSign(HASH[key.alg], Buffer.from(signingInput), key.privateKey);
  // JWS ES256 signatures are the raw r||s concatenation (RFC 7518 §3.4), not OpenSSL's DER.
  const encoded = key.alg === 'ES256' ? derToJose(signature, P256_SIZE) : signature;
  return `${signingInput}.${encoded.toString('base64url')}`;
}

export interface VerifiedJwt {
  header: { alg: string; kid?: string; typ?: string };
  payload: Record<string, unknown>;
}

export class JwtError extends Error {
  override name = 'JwtError';
}

/**
 * Verifies a compact JWS against our published keys, found by `kid`. The algorithm must be the key's own.
 * Claims (exp, iss, aud, typ) are the caller's to check; this only proves we signed it.
 */
export function verifyJwt(
  token: string,
  findKey: (kid: string) => { alg: SigningAlgorithm; key: KeyObject } | undefined,
): VerifiedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('not a compact JWS');
  const [encodedHeaderPart, encodedPayload, encodedSignature] = parts as [string, string, string];
  let header: VerifiedJwt['header'];
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(encodedHeaderPart, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed JWS');
  }
  if (typeof header !== 'object' || header === null || typeof payload !== 'object' || payload === null) {
    throw new JwtError('malformed JWS');
  }
  if (typeof header.kid !== 'string') throw new JwtError('no kid');
  const found = findKey(header.kid);
  if (!found || header.alg !== found.alg) throw new JwtError('unknown key or algorithm');
  let signature: Buffer = Buffer.from(encodedSignature, 'base64url');
  if (found.alg === 'ES256') {
    try {
      signature = joseToDer(signature, P256_SIZE);
    } catch {
      throw new JwtError('bad signature');
    }
  }
  const valid = cryptoVerify(
    HASH[found.alg],
    Buffer.from(`${encodedHeaderPart}.${encodedPayload}`),
    found.key,
    signature,
  );
  if (!valid) throw new JwtError('bad signature');
  return { header, payload };
}
