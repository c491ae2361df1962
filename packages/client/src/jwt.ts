import { errors, type JWTPayload, jwtVerify } from 'jose';
import { TesseraClientError } from './errors.js';
import type { JwksCache } from './jwks.js';

/**
 * JWS verification of compact JWTs against the provider's JWKS with jose's `jwtVerify` (RFC 7515, RFC 7519,
 * RFC 8725): the algorithm must be one the caller allows (never `none`, never HMAC), the key must suit it, then
 * iss, aud, typ, the required claims and the time claims are checked. jose's errors become the SDK's codes.
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

export interface JwtExpectations {
  issuer: string;
  /** The audience the token must name (in `aud`, a string or an array). */
  audience: string;
  algorithms?: readonly JwsAlgorithm[];
  /** The header `typ` the token must carry, e.g. `at+jwt` for RFC 9068 access tokens. */
  typ?: string;
  /** Claims that must be present. */
  requiredClaims?: readonly string[];
  /** Tolerated clock difference in seconds; 60 by default. */
  clockToleranceSeconds?: number;
  /** Milliseconds since the epoch, for a clock other than `Date.now`. */
  now?: number;
}

export async function verifyJwt(
  token: string,
  jwks: JwksCache,
  expected: JwtExpectations,
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks.resolver, {
      algorithms: [...(expected.algorithms ?? ASYMMETRIC_ALGORITHMS)],
      issuer: expected.issuer,
      audience: expected.audience,
      typ: expected.typ,
      requiredClaims: ['exp', ...(expected.requiredClaims ?? [])],
      clockTolerance: expected.clockToleranceSeconds ?? 60,
      ...(expected.now === undefined ? {} : { currentDate: new Date(expected.now) }),
    }));
  } catch (error) {
    throw jwtFailure(error);
  }
  // OIDC Core §3.1.3.7 step 5: when present, azp names the client the token was issued to.
  if (payload.azp !== undefined && payload.azp !== expected.audience) {
    throw new TesseraClientError('jwt_claim_mismatch', "the token's azp is another client", { claim: 'azp' });
  }
  return payload;
}

/** jose's error codes as the SDK's. */
function jwtFailure(error: unknown): TesseraClientError {
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new TesseraClientError('jwt_signature_invalid', 'the token signature does not verify', {
      cause: error,
    });
  }
  if (error instanceof errors.JWTExpired) {
    return new TesseraClientError('jwt_expired', 'the token has expired', { cause: error });
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if ((error.claim === 'nbf' || error.claim === 'iat') && error.reason === 'check_failed') {
      return new TesseraClientError('jwt_expired', 'the token is not valid yet', { cause: error });
    }
    return new TesseraClientError('jwt_claim_mismatch', `the token's ${error.claim} ${error.reason}`, {
      claim: error.claim,
      cause: error,
    });
  }
  if (
    error instanceof errors.JWKSTimeout ||
    !(error instanceof errors.JOSEError) ||
    isJwksFetchFailure(error)
  ) {
    return new TesseraClientError('invalid_response', 'the JWKS could not be fetched', { cause: error });
  }
  return new TesseraClientError('jwt_invalid', `the token is not acceptable (${error.code})`, {
    cause: error,
  });
}

/** jose reports a JWKS answer other than 200 as a generic JOSEError. */
function isJwksFetchFailure(error: errors.JOSEError): boolean {
  return error.code === 'ERR_JOSE_GENERIC';
}
