import { decodeBase64url, decodeJsonSegment, utf8 } from './encoding.js';
import { TesseraClientError } from './errors.js';
import type { JwksCache, PublicJwk } from './jwks.js';

/**
 * JWS verification of compact JWTs against the provider's JWKS (RFC 7515, RFC 7519, RFC 8725): the algorithm must
 * be one the caller allows (never `none`, never HMAC), the header must name a kid, the key must be of that
 * algorithm's type (and carry the same `alg` when it says one), then iss, aud and the time claims are checked.
 */

export type JwsAlgorithm =
  | 'RS256'
  | 'RS384'
  | 'RS512'
  | 'PS256'
  | 'PS384'
  | 'PS512'
  | 'ES256'
  | 'ES384'
  | 'ES512'
  | 'EdDSA';

export const ASYMMETRIC_ALGORITHMS: readonly JwsAlgorithm[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

interface WebCryptoAlgorithm {
  kty: string;
  crv?: string;
  importParams: RsaHashedImportParams | EcKeyImportParams | Algorithm;
  verifyParams: Algorithm | RsaPssParams | EcdsaParams;
}

function webCryptoAlgorithm(alg: JwsAlgorithm, jwk: PublicJwk): WebCryptoAlgorithm {
  const bits = alg.slice(2);
  const hash = `SHA-${bits}`;
  switch (alg.slice(0, 2)) {
    case 'RS':
      return {
        kty: 'RSA',
        importParams: { name: 'RSASSA-PKCS1-v1_5', hash },
        verifyParams: { name: 'RSASSA-PKCS1-v1_5' },
      };
    case 'PS':
      return {
        kty: 'RSA',
        importParams: { name: 'RSA-PSS', hash },
        verifyParams: { name: 'RSA-PSS', saltLength: Number(bits) / 8 } as RsaPssParams,
      };
    case 'ES': {
      const crv = { '256': 'P-256', '384': 'P-384', '512': 'P-521' }[bits]!;
      return {
        kty: 'EC',
        crv,
        importParams: { name: 'ECDSA', namedCurve: crv },
        verifyParams: { name: 'ECDSA', hash } as EcdsaParams,
      };
    }
    default:
      // EdDSA (RFC 8037): Tessera signs with Ed25519.
      return {
        kty: 'OKP',
        crv: jwk.crv ?? 'Ed25519',
        importParams: { name: 'Ed25519' },
        verifyParams: { name: 'Ed25519' },
      };
  }
}

async function importVerificationKey(
  alg: JwsAlgorithm,
  jwk: PublicJwk,
): Promise<{ key: CryptoKey; params: WebCryptoAlgorithm['verifyParams'] }> {
  const expected = webCryptoAlgorithm(alg, jwk);
  if (jwk.kty !== expected.kty || (expected.crv !== undefined && jwk.crv !== expected.crv)) {
    throw new TesseraClientError('jwt_invalid', `the token's key is not a key for ${alg}`);
  }
  if (jwk.alg !== undefined && jwk.alg !== alg) {
    throw new TesseraClientError('jwt_invalid', `the token's key is published for ${jwk.alg}, not ${alg}`);
  }
  if (jwk.use !== undefined && jwk.use !== 'sig') {
    throw new TesseraClientError('jwt_invalid', "the token's key is not a signing key");
  }
  // Only the public members: WebCrypto checks a JWK's own alg/key_ops against the import, which we did above.
  const publicMembers: JsonWebKey =
    jwk.kty === 'RSA'
      ? { kty: 'RSA', n: jwk.n, e: jwk.e }
      : { kty: jwk.kty, crv: jwk.crv, x: jwk.x, ...(jwk.y ? { y: jwk.y } : {}) };
  try {
    const key = await globalThis.crypto.subtle.importKey('jwk', publicMembers, expected.importParams, false, [
      'verify',
    ]);
    return { key, params: expected.verifyParams };
  } catch (cause) {
    throw new TesseraClientError('jwt_invalid', 'the JWKS key cannot be imported', { cause });
  }
}

export interface JwtExpectations {
  issuer: string;
  /** The audience the token must name (in `aud`, a string or an array). */
  audience: string;
  algorithms?: readonly JwsAlgorithm[];
  /** The header `typ` the token must carry, e.g. `at+jwt` for RFC 9068 access tokens (compared case-insensitively). */
  typ?: string;
  /** Claims that must be present. */
  requiredClaims?: readonly string[];
  /** Tolerated clock difference in seconds; 60 by default. */
  clockToleranceSeconds?: number;
  /** Seconds since the epoch, for tests. */
  now?: number;
}

export interface VerifiedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

export async function verifyJwt(
  token: string,
  jwks: JwksCache,
  expected: JwtExpectations,
): Promise<VerifiedJwt> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TesseraClientError('jwt_invalid', 'the token is not a compact JWS');
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = decodeJsonSegment(encodedHeader, 'the token header');
  const alg = header.alg as JwsAlgorithm;
  const allowed = expected.algorithms ?? ASYMMETRIC_ALGORITHMS;
  if (typeof header.alg !== 'string' || !allowed.includes(alg)) {
    throw new TesseraClientError('jwt_invalid', `the token's algorithm ${String(header.alg)} is not allowed`);
  }
  if ('crit' in header)
    throw new TesseraClientError('jwt_invalid', 'the token has critical header parameters');
  if (typeof header.kid !== 'string' || header.kid === '') {
    throw new TesseraClientError('jwt_invalid', 'the token header names no kid');
  }
  if (expected.typ !== undefined) {
    const typ = typeof header.typ === 'string' ? header.typ.toLowerCase().replace(/^application\//, '') : '';
    if (typ !== expected.typ.toLowerCase()) {
      throw new TesseraClientError('jwt_claim_mismatch', `the token's typ is not ${expected.typ}`, {
        claim: 'typ',
      });
    }
  }
  const { key, params } = await importVerificationKey(alg, await jwks.key(header.kid));
  const signature = decodeBase64url(encodedSignature, 'the token signature');
  const valid = await globalThis.crypto.subtle.verify(
    params,
    key,
    signature,
    utf8(`${encodedHeader}.${encodedPayload}`),
  );
  if (!valid) throw new TesseraClientError('jwt_signature_invalid', 'the token signature does not verify');
  const payload = decodeJsonSegment(encodedPayload, 'the token payload');
  checkClaims(payload, expected);
  return { header, payload };
}

function checkClaims(payload: Record<string, unknown>, expected: JwtExpectations): void {
  const mismatch = (claim: string, what: string) =>
    new TesseraClientError('jwt_claim_mismatch', `the token's ${claim} ${what}`, { claim });
  for (const claim of ['iss', 'aud', 'exp', ...(expected.requiredClaims ?? [])]) {
    if (payload[claim] === undefined) throw mismatch(claim, 'is missing');
  }
  if (payload.iss !== expected.issuer) throw mismatch('iss', 'is not the expected issuer');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expected.audience)) throw mismatch('aud', 'does not name this client');
  // OIDC Core §3.1.3.7 steps 4-5: with several audiences, azp must be this client; when present it must be.
  if (payload.azp !== undefined && payload.azp !== expected.audience)
    throw mismatch('azp', 'is another client');
  if (audiences.length > 1 && payload.azp === undefined)
    throw mismatch('azp', 'is missing with several audiences');
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  const tolerance = expected.clockToleranceSeconds ?? 60;
  if (typeof payload.exp !== 'number' || payload.exp <= now - tolerance) {
    throw new TesseraClientError('jwt_expired', 'the token has expired');
  }
  if (typeof payload.nbf === 'number' && payload.nbf > now + tolerance) {
    throw new TesseraClientError('jwt_expired', 'the token is not valid yet');
  }
  if (payload.iat !== undefined && (typeof payload.iat !== 'number' || payload.iat > now + tolerance)) {
    throw mismatch('iat', 'is in the future');
  }
}

/** The payload of a JWT without verifying it: only for tokens this SDK already verified (the stored ID token). */
export function unverifiedPayload(token: string): Record<string, unknown> {
  return decodeJsonSegment(token.split('.')[1] ?? '', 'the token payload');
}
