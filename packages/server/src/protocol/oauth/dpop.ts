import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { calculateJwkThumbprint, decodeProtectedHeader, errors, importJWK, type JWK, jwtVerify } from 'jose';
import { sanitizeErrorDescription } from '../../app/error-description.js';
import { type BearerTokenSources, bearerError, readBearerToken } from './bearer.js';
import { OAuthError } from './errors.js';

/**
 * RFC 9449 (DPoP): checking a proof JWT, reading the DPoP authorization scheme, and the `DPoP` challenge of a
 * protected resource. What needs the database or settings (replay detection, nonces) is the oauth slice's.
 */

/**
 * The proof algorithms accepted and advertised (`dpop_signing_alg_values_supported`): asymmetric only (§4.2).
 * `Ed25519` is EdDSA over Ed25519 by its fully-specified name (RFC 9864), which current clients sign with.
 */
export const DPOP_SIGNING_ALGORITHMS = ['ES256', 'EdDSA', 'Ed25519', 'PS256'] as const;

/** How far a proof's `iat` may lie from the server's clock, either way (§11.1: a short window). */
export const DPOP_PROOF_WINDOW_SECONDS = 60;

/** The members only a private (or symmetric) JWK has: a proof's `jwk` must be a public key (§4.2, §4.3 step 7). */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** base64url SHA-256 of an access token: the `ath` claim (§4.2) and the `cnf.jkt`-style hashes. */
export function accessTokenHashForDpop(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest('base64url');
}

export interface DpopProofExpectation {
  /** The request's method, compared exactly with `htm`. */
  method: string;
  /** The endpoint's URL built from the configured base URL (never the Host header), without query or fragment. */
  url: string;
  /** At a protected resource: the access token the proof must hash in `ath`. */
  accessToken?: string;
  /** Seconds since the epoch. */
  now: number;
}

export interface VerifiedDpopProof {
  /** The RFC 7638 SHA-256 thumbprint of the proof's key: what tokens are bound to (`cnf.jkt`). */
  jkt: string;
  jti: string;
  iat: number;
  nonce?: string;
}

/** A refusal of a proof (§4.3): its description says which check failed; it never echoes the proof. */
export class DpopProofError extends Error {
  override name = 'DpopProofError';
}

const refuse = (description: string): never => {
  throw new DpopProofError(description);
};

/** A URL compared by scheme, host, port and path (§4.3 step 9: query and fragment ignored; RFC 3986 §6.2). */
function comparableUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

/**
 * The checks of RFC 9449 §4.3 but the nonce and replay ones, which need state: one compact JWS with
 * `typ: dpop+jwt`, an allowed asymmetric algorithm, a public `jwk` header that verifies the signature, `jti`,
 * `htm` and `htu` matching this request, `iat` within the window, and `ath` when a token is presented.
 */
export async function verifyDpopProof(
  proof: string,
  expected: DpopProofExpectation,
): Promise<VerifiedDpopProof> {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(proof)) refuse('the DPoP proof is not a JWS');
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    return refuse('the DPoP proof header is malformed');
  }
  if (header.typ !== 'dpop+jwt') refuse('the DPoP proof must have typ dpop+jwt');
  const alg = header.alg;
  if (typeof alg !== 'string' || !(DPOP_SIGNING_ALGORITHMS as readonly string[]).includes(alg)) {
    refuse(`the DPoP proof algorithm must be one of ${DPOP_SIGNING_ALGORITHMS.join(', ')}`);
  }
  const jwk = header.jwk;
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
    refuse('the DPoP proof has no jwk header');
  const publicJwk = jwk as JWK;
  if (PRIVATE_JWK_MEMBERS.some((member) => Object.hasOwn(publicJwk, member))) {
    refuse('the DPoP proof jwk must be a public key');
  }
  let payload: Record<string, unknown>;
  try {
    const key = await importJWK(publicJwk, alg);
    ({ payload } = await jwtVerify(proof, key, {
      algorithms: [...DPOP_SIGNING_ALGORITHMS],
      typ: 'dpop+jwt',
      // iat is checked below against the window; no exp is expected.
      clockTolerance: DPOP_PROOF_WINDOW_SECONDS,
      currentDate: new Date(expected.now * 1000),
    }));
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) {
      return refuse('the DPoP proof signature or key is invalid');
    }
    throw error;
  }
  const { jti, htm, htu, iat, ath, nonce } = payload;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 512) refuse('the DPoP proof needs a jti');
  if (htm !== expected.method) refuse('the DPoP proof htm does not match the request method');
  const presentedUrl = typeof htu === 'string' ? comparableUrl(htu) : null;
  if (presentedUrl === null || presentedUrl !== comparableUrl(expected.url)) {
    refuse('the DPoP proof htu does not match the request URL');
  }
  if (typeof iat !== 'number' || !Number.isFinite(iat)) refuse('the DPoP proof needs an iat');
  if (Math.abs((iat as number) - expected.now) > DPOP_PROOF_WINDOW_SECONDS) {
    refuse('the DPoP proof iat is outside the accepted window');
  }
  if (expected.accessToken !== undefined) {
    if (typeof ath !== 'string') refuse('the DPoP proof needs ath, the hash of the access token');
    if (ath !== accessTokenHashForDpop(expected.accessToken)) {
      refuse('the DPoP proof ath does not match the access token');
    }
  }
  if (nonce !== undefined && typeof nonce !== 'string') refuse('the DPoP proof nonce must be a string');
  return {
    jkt: await calculateJwkThumbprint(publicJwk, 'sha256'),
    jti: jti as string,
    iat: iat as number,
    nonce: nonce as string | undefined,
  };
}

/** The one DPoP header of a request (§4.3 step 1: at most one), or undefined when there is none. */
export function readDpopHeader(request: Pick<FastifyRequest, 'headers' | 'raw'>): string | undefined {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let index = 0; index < raw.length; index += 2) if (raw[index]?.toLowerCase() === 'dpop') count += 1;
  if (count > 1) throw new DpopProofError('send one DPoP header');
  const value = request.headers.dpop;
  return typeof value === 'string' ? value : undefined;
}

/** The `DPoP` challenge of a protected resource (§7.1): the error, if any, and the algorithms it accepts. */
export function dpopChallenge(error?: string, description?: string): string {
  const attributes: string[] = [];
  if (error !== undefined) attributes.push(`error="${error}"`);
  if (description !== undefined)
    attributes.push(`error_description="${sanitizeErrorDescription(description)}"`);
  attributes.push(`algs="${DPOP_SIGNING_ALGORITHMS.join(' ')}"`);
  return `DPoP ${attributes.join(', ')}`;
}

/**
 * A refusal of a DPoP-scheme request at a protected resource: 401 with a `DPoP` challenge (§7.1), and the
 * server's next nonce when one is wanted.
 */
export function dpopResourceError(
  error: 'invalid_token' | 'invalid_dpop_proof' | 'use_dpop_nonce' | 'invalid_request',
  description: string,
  nonce?: string,
): OAuthError {
  const headers: Record<string, string> = { 'www-authenticate': dpopChallenge(error, description) };
  if (nonce !== undefined) headers['dpop-nonce'] = nonce;
  return new OAuthError(error, description, headers);
}

/** §7.1: credentials = "DPoP" 1*SP token68, the scheme case-insensitive. */
const DPOP_CREDENTIALS = /^DPoP +([A-Za-z0-9\-._~+/]+=*)$/i;
const DPOP_SCHEME = /^DPoP(?: |$)/i;

export interface PresentedAccessToken {
  scheme: 'Bearer' | 'DPoP';
  token: string;
}

/**
 * The access token of a request to a resource that accepts both schemes: `Authorization: DPoP <token>` (§7.1), or
 * a bearer token as RFC 6750 reads it (bearer.ts). A DPoP token is never read from a body or query (§7.1: the
 * Authorization header only), so sending one there too is sending it twice.
 */
export function readAccessToken(
  request: Pick<FastifyRequest, 'headers' | 'method' | 'body' | 'query'>,
  sources: BearerTokenSources = {},
): PresentedAccessToken {
  const header = request.headers.authorization;
  if (header === undefined || !DPOP_SCHEME.test(header)) {
    return { scheme: 'Bearer', token: readBearerToken(request, sources) };
  }
  const match = DPOP_CREDENTIALS.exec(header);
  if (!match?.[1])
    throw dpopResourceError('invalid_token', 'the Authorization header is not a valid DPoP credential');
  const body = request.body as Record<string, unknown> | undefined;
  if (
    sources.formBody === true &&
    typeof body === 'object' &&
    body !== null &&
    body.access_token !== undefined
  ) {
    throw bearerError('invalid_request', 'send the access token once, in one place');
  }
  return { scheme: 'DPoP', token: match[1] };
}
