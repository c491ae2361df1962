import {
  createLocalJWKSet,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { OutboundFetch } from '../outbound/index.js';
import { CLIENT_JWT_SIGNING_ALGORITHMS } from '../protocol/oauth/vocabulary.js';
import { type Client, isKeySet } from './model.js';

/** Why a client's JWT (an assertion or a request object) was refused; the message is safe to show the client. */
export class ClientJwtRefused extends Error {
  override name = 'ClientJwtRefused';
}

/** How long keys fetched from a `jwks_uri` are used before they are fetched again. */
const JWKS_TTL_MS = 5 * 60_000;
/** An unknown `kid` refetches the set at once, but not again for this long (a bogus kid cannot drive fetches). */
const JWKS_REFETCH_COOLDOWN_MS = 30_000;
const JWKS_MAX_BYTES = 64 * 1024;
/** Clock skew tolerated on `exp`, `nbf` and `iat`. */
export const CLIENT_JWT_CLOCK_TOLERANCE_SECONDS = 30;

interface FetchedKeySet {
  uri: string;
  keys: JSONWebKeySet;
  fetchedAt: number;
  /** When an unknown kid last made this node fetch the set again. */
  refetchedAt: number;
}

/**
 * The public keys a client registered (inline `jwks` or a `jwks_uri`), and the verification of JWTs it signs with
 * them: `private_key_jwt` assertions (RFC 7523 §3) and request objects (RFC 9101 §6.1). Only the asymmetric
 * algorithms of the vocabulary are accepted (never `none`, never HS*: a client's keys here are public keys).
 * Fetched sets are kept per node for a few minutes and fetched again once when a JWT names a `kid` they lack
 * (OIDC Core §10.1.1: the client rotates by publishing the new key first).
 */
export class ClientKeys {
  private readonly fetched = new Map<string, FetchedKeySet>();
  /** How many times a set was fetched from a jwks_uri (for tests and operators' curiosity). */
  fetchCount = 0;

  constructor(private readonly fetch: OutboundFetch) {}

  /** Drops what was fetched for a client (its registration changed). */
  forget(clientId: string): void {
    this.fetched.delete(clientId);
  }

  /** The JWK Set at a `jwks_uri`, fetched now through the outbound policy (a registration's check). */
  async fetchKeySet(uri: string): Promise<JSONWebKeySet> {
    return this.download(uri);
  }

  private async download(uri: string): Promise<JSONWebKeySet> {
    this.fetchCount += 1;
    let response: Response;
    try {
      response = await this.fetch(uri, { headers: { accept: 'application/json, application/jwk-set+json' } });
    } catch {
      throw new ClientJwtRefused("the client's jwks_uri could not be fetched");
    }
    if (!response.ok) throw new ClientJwtRefused(`the client's jwks_uri answered ${response.status}`);
    const text = await response.text();
    if (text.length > JWKS_MAX_BYTES) throw new ClientJwtRefused("the client's JWK Set is too large");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ClientJwtRefused("the client's jwks_uri did not return JSON");
    }
    if (!isKeySet(parsed)) throw new ClientJwtRefused("the client's jwks_uri did not return a JWK Set");
    return parsed as JSONWebKeySet;
  }

  private async keySet(client: Client, refresh: boolean): Promise<{ keys: JSONWebKeySet; fresh: boolean }> {
    if (client.jwks) return { keys: client.jwks as JSONWebKeySet, fresh: true };
    const uri = client.jwksUri;
    if (!uri) throw new ClientJwtRefused('the client has no registered keys');
    const now = Date.now();
    const cached = this.fetched.get(client.id);
    const usable = cached && cached.uri === uri && now - cached.fetchedAt < JWKS_TTL_MS;
    if (usable && !refresh) return { keys: cached.keys, fresh: false };
    if (usable && refresh && now - cached.refetchedAt < JWKS_REFETCH_COOLDOWN_MS) {
      return { keys: cached.keys, fresh: true };
    }
    const keys = await this.download(uri);
    this.fetched.set(client.id, {
      uri,
      keys,
      fetchedAt: now,
      refetchedAt: refresh ? now : (cached?.refetchedAt ?? 0),
    });
    return { keys, fresh: true };
  }

  /**
   * Verifies a JWT the client signed: its signature with one of the client's keys (allow-listed algorithms),
   * `iss` = the client, the audience, `exp` present and not past, `nbf` not ahead. The caller checks the rest.
   */
  async verify(client: Client, jwt: string, audience: string): Promise<JWTPayload> {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(jwt).alg;
    } catch {
      throw new ClientJwtRefused('not a signed JWT');
    }
    if (!alg || !(CLIENT_JWT_SIGNING_ALGORITHMS as readonly string[]).includes(alg)) {
      throw new ClientJwtRefused(
        `the JWT must be signed with one of ${CLIENT_JWT_SIGNING_ALGORITHMS.join(', ')}`,
      );
    }
    let { keys, fresh } = await this.keySet(client, false);
    for (;;) {
      try {
        const { payload } = await jwtVerify(jwt, localKeySet(keys), {
          algorithms: [...CLIENT_JWT_SIGNING_ALGORITHMS],
          issuer: client.id,
          audience,
          requiredClaims: ['exp'],
          clockTolerance: CLIENT_JWT_CLOCK_TOLERANCE_SECONDS,
        });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JWKSNoMatchingKey && !fresh) {
          ({ keys, fresh } = await this.keySet(client, true));
          continue;
        }
        throw new ClientJwtRefused(refusalOf(error));
      }
    }
  }
}

/**
 * jose's key set for a client's JWK Set, one per set object: it imports each key once and keeps the result, so a
 * client's assertions are verified without re-importing its keys (the client cache and the jwks_uri cache hand out
 * the same set object until it changes).
 */
const localKeySets = new WeakMap<JSONWebKeySet, ReturnType<typeof createLocalJWKSet>>();

function localKeySet(keys: JSONWebKeySet): ReturnType<typeof createLocalJWKSet> {
  let keySet = localKeySets.get(keys);
  if (!keySet) {
    keySet = createLocalJWKSet(keys);
    localKeySets.set(keys, keySet);
  }
  return keySet;
}

function refusalOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the JWT has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `the JWT's ${error.claim} claim is not valid`;
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "no key of the client's JWK Set matches the JWT";
  if (error instanceof joseErrors.JWKSMultipleMatchingKeys)
    return "several keys of the client's JWK Set match the JWT; give each a kid";
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the JWT signature is not valid';
  return 'the JWT is not valid';
}
