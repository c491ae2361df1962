import * as oauth from 'oauth4webapi';
import { discover, type ProviderMetadata } from './discovery.js';
import { TesseraClientError } from './errors.js';
import {
  authorizationServer,
  completeSignIn,
  fetchUserInfo,
  type ProviderContext,
  refreshTokens,
  requirePushedAuthorization,
  type SignInOptions,
  type SignInResult,
  startSignIn,
  type TokenSet,
} from './flow.js';
import { JwksCache } from './jwks.js';
import { verifyJwt } from './jwt.js';
import {
  type DPoPOption,
  defaultFetch,
  dpopHandle,
  type FetchLike,
  oauthClient,
  oauthFailure,
  requestOptions,
} from './oauth.js';
import type { SignInTransaction } from './transactions.js';

/**
 * Server-side helpers (Node 20+, or any runtime with fetch and WebCrypto): a confidential client that
 * authenticates with client_secret_basic (optionally with PAR and DPoP), and access-token verification for
 * resource servers.
 */

export {
  type DeviceAuthorization,
  DeviceClient,
  type DeviceClientOptions,
  type PollOptions,
} from './device.js';
export { isTesseraClientError, TesseraClientError, type TesseraErrorCode } from './errors.js';
export type { SignInResult, TokenSet } from './flow.js';
export { JwksCache } from './jwks.js';
export type { SignInTransaction } from './transactions.js';

export interface ConfidentialClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  fetch?: FetchLike;
  clockToleranceSeconds?: number;
  /**
   * Push each authorization request to `/par` (RFC 9126), authenticated with client_secret_basic as at `/token`,
   * and send the browser to `/authorize?client_id&request_uri`.
   */
  pushedAuthorization?: boolean;
  /**
   * Sender-constrained tokens (RFC 9449): `true` makes a non-extractable ES256 key pair for this client object, or
   * pass a key pair. The code exchange, refreshes and `userinfo()` then carry DPoP proofs of it.
   */
  dpop?: DPoPOption;
}

/** RFC 7662 §2.2 introspection response. */
export interface IntrospectionResult {
  active: boolean;
  [claim: string]: unknown;
}

export class ConfidentialClient {
  readonly #provider: ProviderContext;
  readonly #options: ConfidentialClientOptions;

  private constructor(provider: ProviderContext, options: ConfidentialClientOptions) {
    this.#provider = provider;
    this.#options = options;
  }

  static async create(options: ConfidentialClientOptions): Promise<ConfidentialClient> {
    const fetchImpl: FetchLike = options.fetch ?? defaultFetch;
    const metadata = await discover(options.issuer, fetchImpl);
    requirePushedAuthorization(metadata, options.pushedAuthorization);
    const client = oauthClient(options.clientId, options.clockToleranceSeconds);
    return new ConfidentialClient(
      {
        metadata,
        jwks: new JwksCache(metadata.jwks_uri, { fetch: fetchImpl }),
        clientId: options.clientId,
        client,
        // RFC 6749 §2.3.1: id and secret form-urlencoded, then HTTP Basic.
        clientAuth: oauth.ClientSecretBasic(options.clientSecret),
        requestOptions: requestOptions(options.issuer, fetchImpl),
        clockToleranceSeconds: options.clockToleranceSeconds,
        pushedAuthorization: options.pushedAuthorization === true,
        dpop: await dpopHandle(client, options.dpop),
      },
      options,
    );
  }

  get metadata(): ProviderMetadata {
    return this.#provider.metadata;
  }

  /**
   * A new sign-in: the URL to redirect the browser to, and the transaction to keep server-side (in the user's
   * server session, keyed by nothing the browser can choose) until the callback.
   */
  async authorizationUrl(
    options: Omit<SignInOptions, 'redirectUri'> = {},
  ): Promise<{ url: URL; transaction: SignInTransaction }> {
    return startSignIn(this.#provider, { ...options, redirectUri: this.#options.redirectUri });
  }

  /** Exchanges the code with client_secret_basic and runs every check of the browser client. */
  async handleCallback(
    callbackUrl: string | URL,
    transaction: SignInTransaction,
    options: { rawKey?: boolean } = {},
  ): Promise<SignInResult> {
    return completeSignIn(this.#provider, callbackUrl, transaction, options);
  }

  async refresh(tokens: TokenSet, claims: { sub: string }): Promise<TokenSet> {
    return refreshTokens(this.#provider, tokens, claims);
  }

  /** The user's claims from UserInfo (OIDC Core §5.3) for these tokens; `sub` must be the signed-in user's. */
  async userinfo(
    tokens: TokenSet,
    claims: { sub: string },
  ): Promise<Record<string, unknown> & { sub: string }> {
    return fetchUserInfo(this.#provider, tokens, claims);
  }

  /** RFC 7662: asks the provider whether a token is active (it knows about revocation; a JWT check alone does not). */
  async introspect(token: string): Promise<IntrospectionResult> {
    const endpoint = this.#provider.metadata.introspection_endpoint;
    if (!endpoint)
      throw new TesseraClientError('discovery_failed', 'the provider has no introspection endpoint');
    const provider = this.#provider;
    try {
      const response = await oauth.introspectionRequest(
        authorizationServer(provider),
        provider.client,
        provider.clientAuth,
        token,
        provider.requestOptions,
      );
      return await oauth.processIntrospectionResponse(
        authorizationServer(provider),
        provider.client,
        response,
      );
    } catch (error) {
      throw await oauthFailure(error, 'the introspection endpoint');
    }
  }
}

export interface AccessTokenVerifierOptions {
  issuer: string;
  /** The `aud` the token must carry: Tessera issues access tokens to the client that asked, so its client_id. */
  audience: string;
  fetch?: FetchLike;
  clockToleranceSeconds?: number;
  /** The current time in milliseconds since the epoch (`Date.now` by default), like jose's `currentDate`. */
  clock?: () => number;
  /** The JWKS cache's maximum age in milliseconds (10 minutes by default). */
  jwksMaxAgeMs?: number;
  /** The shortest time between two JWKS fetches caused by an unknown kid (30 seconds by default). */
  jwksRefetchCooldownMs?: number;
}

/**
 * Verifies RFC 9068 JWT access tokens against the provider's JWKS, offline, with jose's `jwtVerify`: signature (ES256 by default, as Tessera
 * signs them), `typ: at+jwt` (§4 — so an ID token is never taken for an access token), iss, aud, exp, and the
 * claims §2.2 requires. The key set is cached and refetched on an unknown kid (key rotation). Revocation is not
 * visible offline: call introspection for that.
 */
export class AccessTokenVerifier {
  readonly #jwks: JwksCache;
  readonly #options: AccessTokenVerifierOptions;

  private constructor(jwks: JwksCache, options: AccessTokenVerifierOptions) {
    this.#jwks = jwks;
    this.#options = options;
  }

  static async create(options: AccessTokenVerifierOptions): Promise<AccessTokenVerifier> {
    const fetchImpl: FetchLike = options.fetch ?? defaultFetch;
    const metadata = await discover(options.issuer, fetchImpl);
    return new AccessTokenVerifier(
      new JwksCache(metadata.jwks_uri, {
        fetch: fetchImpl,
        maxAgeMs: options.jwksMaxAgeMs,
        refetchCooldownMs: options.jwksRefetchCooldownMs,
      }),
      options,
    );
  }

  /** The key cache, to see how often it fetched. */
  get jwks(): JwksCache {
    return this.#jwks;
  }

  async verify(token: string): Promise<Record<string, unknown> & { sub: string; client_id: string }> {
    const payload = await verifyJwt(token, this.#jwks, {
      issuer: this.#options.issuer,
      audience: this.#options.audience,
      algorithms: ['ES256', 'ES384', 'ES512', 'RS256', 'PS256', 'EdDSA'],
      typ: 'at+jwt',
      requiredClaims: ['sub', 'client_id', 'iat', 'jti'],
      clockToleranceSeconds: this.#options.clockToleranceSeconds,
      ...(this.#options.clock ? { now: this.#options.clock() } : {}),
    });
    return payload as Record<string, unknown> & { sub: string; client_id: string };
  }

  /** Reads `Authorization: Bearer <token>` (RFC 6750 §2.1) and verifies the token. */
  async verifyAuthorizationHeader(
    header: string | undefined | null,
  ): Promise<Record<string, unknown> & { sub: string; client_id: string }> {
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(header ?? '');
    if (!match) throw new TesseraClientError('not_signed_in', 'the request carries no bearer token');
    return this.verify(match[1]!);
  }
}
