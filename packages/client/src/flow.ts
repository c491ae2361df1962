import * as oauth from 'oauth4webapi';
import type { ProviderMetadata } from './discovery.js';
import { TesseraClientError } from './errors.js';
import type { JwksCache } from './jwks.js';
import { type JwsAlgorithm, verifyJwt } from './jwt.js';
import { oauthFailure, type RequestOptions, withDPoPNonceRetry } from './oauth.js';
import type { SignInTransaction } from './transactions.js';
import { TRANSACTION_LIFETIME_MS } from './transactions.js';
import {
  type ClientAppKey,
  createZkKeyPair,
  type DataRootKey,
  type ReceiveKeyOptions,
  receiveClientAppKey,
  receiveLegacyDrk,
} from './zk.js';

/**
 * The authorization code flow both clients share (RFC 6749 §4.1 with PKCE, RFC 7636; OIDC Core §3.1), through
 * oauth4webapi: building the request, and completing it from the callback URL — state, iss (RFC 9207), code
 * exchange, ID token (claims by oauth4webapi, signature by jose against the JWKS), key delivery (./zk.ts).
 */

export interface ProviderContext {
  metadata: ProviderMetadata;
  jwks: JwksCache;
  clientId: string;
  /** The client as oauth4webapi takes it. */
  client: oauth.Client;
  /** How the client authenticates at the token, PAR, revocation and introspection endpoints. */
  clientAuth: oauth.ClientAuth;
  requestOptions: RequestOptions;
  /** Push the authorization request to `/par` first (RFC 9126) and send the browser with its `request_uri` only. */
  pushedAuthorization?: boolean;
  /** DPoP (RFC 9449): proofs at the token endpoint (code and refresh) and at UserInfo. */
  dpop?: oauth.DPoPHandle;
  idTokenAlgorithms?: readonly JwsAlgorithm[];
  clockToleranceSeconds?: number;
}

/** The metadata as oauth4webapi takes it. Tessera always sends `iss` (RFC 9207), so a response without one is refused. */
export function authorizationServer(provider: ProviderContext): oauth.AuthorizationServer {
  return {
    ...(provider.metadata as unknown as oauth.AuthorizationServer),
    authorization_response_iss_parameter_supported: true,
  };
}

/** A client asked to push its requests needs the provider's PAR endpoint (RFC 9126 §5). */
export function requirePushedAuthorization(metadata: ProviderMetadata, wanted: boolean | undefined): void {
  const endpoint = metadata.pushed_authorization_request_endpoint;
  if (wanted && (typeof endpoint !== 'string' || !URL.canParse(endpoint))) {
    throw new TesseraClientError(
      'discovery_failed',
      'the discovery document has no valid pushed_authorization_request_endpoint',
    );
  }
}

export interface SignInOptions {
  /** Scopes besides `openid` (always sent), e.g. `['profile', 'email', 'offline_access']`. */
  scopes?: string[];
  /** The organization to act for (`organization_id`). */
  organization?: string;
  /** Ask for the client app key: `true` (v2), or `'legacy-v1'` where the client enabled it. */
  zk?: boolean | 'legacy-v1';
  /** `prompt` (`login`, `consent`, `select_account`, `none`). */
  prompt?: string;
  loginHint?: string;
  redirectUri: string;
}

export async function startSignIn(
  provider: ProviderContext,
  options: SignInOptions,
): Promise<{ url: URL; transaction: SignInTransaction }> {
  const zk = options.zk === true ? 'v2' : options.zk === 'legacy-v1' ? 'legacy-v1' : null;
  const keyPair = zk ? await createZkKeyPair() : null;
  const transaction: SignInTransaction = {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
    redirectUri: options.redirectUri,
    zk,
    zkPrivateKey: keyPair?.privateKey ?? null,
    organizationId: options.organization ?? null,
    createdAt: Date.now(),
  };
  const scopes = ['openid', ...(options.scopes ?? []).filter((scope) => scope !== 'openid')];
  const parameters: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: options.redirectUri,
    scope: scopes.join(' '),
    state: transaction.state,
    nonce: transaction.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(transaction.codeVerifier),
    code_challenge_method: 'S256',
    organization_id: options.organization,
    prompt: options.prompt,
    login_hint: options.loginHint,
    zk_pub: keyPair?.zkPub,
    // RFC 9449 §10: the code is bound to the DPoP key, so only a proof of it redeems the code.
    dpop_jkt: provider.dpop ? await provider.dpop.calculateThumbprint() : undefined,
  };
  const present = Object.entries(parameters).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const url = new URL(provider.metadata.authorization_endpoint);
  if (provider.pushedAuthorization) {
    // RFC 9126 §4: the browser carries only client_id and the request_uri the provider handed out for the request.
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('request_uri', await pushAuthorizationRequest(provider, present));
  } else {
    for (const [name, value] of present) url.searchParams.set(name, value);
  }
  return { url, transaction };
}

/** RFC 9126 §2: the parameters go to `/par`, with the client's authentication as at the token endpoint. */
async function pushAuthorizationRequest(
  provider: ProviderContext,
  parameters: [string, string][],
): Promise<string> {
  const as = authorizationServer(provider);
  try {
    const response = await oauth.pushedAuthorizationRequest(
      as,
      provider.client,
      provider.clientAuth,
      parameters,
      provider.requestOptions,
    );
    const json = await oauth.processPushedAuthorizationResponse(as, provider.client, response);
    return json.request_uri;
  } catch (error) {
    throw await oauthFailure(error, 'the pushed authorization request endpoint');
  }
}

export interface TokenSet {
  accessToken: string;
  tokenType: string;
  idToken: string;
  refreshToken: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  scope: string | null;
}

export interface SignInResult {
  tokens: TokenSet;
  /** The verified ID token's claims. */
  claims: Record<string, unknown> & { sub: string };
  /** The client app key, for a ZK sign-in (v2). */
  zkKey: ClientAppKey | null;
  /**
   * For a `legacy-v1` sign-in: the data root key as a non-extractable key, with its key id and organization
   * (`raw` only with `rawKey: true`), after the same checks as a v2 key (docs/zk.md §5.1).
   */
  legacyKey: DataRootKey | null;
  /**
   * For a `legacy-v1` sign-in: the decrypted payload's bytes (the JSON of docs/zk.md §5.1, the data root key in
   * clear in `key.k`), after every check `legacyKey` passed. Kept for apps written before `legacyKey`; wipe it.
   */
  legacyDrk: Uint8Array | null;
}

/** The callback's parameters: the query carries the authorization response, the fragment the key delivery. */
export function parseCallback(callbackUrl: string | URL): {
  query: URLSearchParams;
  fragment: URLSearchParams;
} {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    throw new TesseraClientError('invalid_argument', 'the callback URL is not a URL');
  }
  return { query: url.searchParams, fragment: new URLSearchParams(url.hash.slice(1)) };
}

/**
 * Completes a sign-in. `transaction` must be the one whose state the callback carries (the caller looked it up by
 * that state; null when none was found).
 */
export async function completeSignIn(
  provider: ProviderContext,
  callbackUrl: string | URL,
  transaction: SignInTransaction | null,
  options: { rawKey?: boolean } = {},
): Promise<SignInResult> {
  const { query, fragment } = parseCallback(callbackUrl);
  // RFC 6749 §10.12: the state ties the response to a request this browser (or server) made.
  if (!transaction || query.get('state') !== transaction.state) {
    throw new TesseraClientError('state_mismatch', 'the callback answers no sign-in started here');
  }
  if (Date.now() - transaction.createdAt > TRANSACTION_LIFETIME_MS) {
    throw new TesseraClientError('state_mismatch', 'the sign-in this callback answers has expired');
  }
  // RFC 9207 §2.4 (iss, success or error), RFC 6749 §4.1.2.1 (error): oauth4webapi's validateAuthResponse.
  const as = authorizationServer(provider);
  let parameters: URLSearchParams;
  try {
    parameters = oauth.validateAuthResponse(as, provider.client, query, transaction.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new TesseraClientError('authorization_denied', `the provider answered ${error.error}`, {
        oauthError: error.error,
      });
    }
    if (error instanceof oauth.OperationProcessingError && error.message.includes('"iss"')) {
      throw new TesseraClientError('iss_mismatch', 'the callback comes from another issuer (or names none)', {
        cause: error,
      });
    }
    throw await oauthFailure(error, 'the authorization response');
  }
  if (!parameters.get('code')) throw new TesseraClientError('code_missing', 'the callback carries no code');
  // The code exchange with PKCE, and the ID token's claims (OIDC Core §3.1.3.7: iss, aud, azp, exp, iat, nonce).
  let json: oauth.TokenEndpointResponse;
  try {
    json = await withDPoPNonceRetry(provider.dpop, async () => {
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        provider.client,
        provider.clientAuth,
        parameters,
        transaction.redirectUri,
        transaction.codeVerifier,
        { ...provider.requestOptions, DPoP: provider.dpop },
      );
      return oauth.processAuthorizationCodeResponse(as, provider.client, response, {
        expectedNonce: transaction.nonce,
        requireIdToken: true,
      });
    });
  } catch (error) {
    throw await oauthFailure(error, 'the token endpoint');
  }
  const tokens = tokenSet(json);
  const claims = await verifiedIdTokenClaims(provider, json);
  let zkKey: ClientAppKey | null = null;
  let legacyKey: DataRootKey | null = null;
  let legacyDrk: Uint8Array | null = null;
  if (transaction.zk !== null) {
    const parameter = transaction.zk === 'v2' ? 'zk_key_jwe' : 'drk_jwe';
    const jwe = fragment.get(parameter);
    if (!jwe || !transaction.zkPrivateKey) {
      throw new TesseraClientError('zk_key_missing', `the callback carries no ${parameter}`);
    }
    // v2 and legacy v1 are bound to the same things and checked alike (docs/zk.md §5 step 2, §5.1).
    const delivery: ReceiveKeyOptions = {
      jwe,
      privateKey: transaction.zkPrivateKey,
      token: json,
      expected: {
        issuer: provider.metadata.issuer,
        clientId: provider.clientId,
        state: transaction.state,
        redirectUri: transaction.redirectUri,
        sub: claims.sub,
      },
      rawKey: options.rawKey,
      clockToleranceSeconds: provider.clockToleranceSeconds,
    };
    if (transaction.zk === 'v2') zkKey = await receiveClientAppKey(delivery);
    else ({ key: legacyKey, payload: legacyDrk } = await receiveLegacyDrk(delivery));
  }
  return { tokens, claims, zkKey, legacyKey, legacyDrk };
}

export function tokenSet(json: oauth.TokenEndpointResponse, previous?: TokenSet): TokenSet {
  if (typeof json.access_token !== 'string' || typeof json.token_type !== 'string') {
    throw new TesseraClientError('invalid_response', 'the token response has no access token');
  }
  const idToken = typeof json.id_token === 'string' ? json.id_token : previous?.idToken;
  if (!idToken) throw new TesseraClientError('invalid_response', 'the token response has no ID token');
  const expiresIn = typeof json.expires_in === 'number' ? json.expires_in : 0;
  return {
    accessToken: json.access_token,
    // oauth4webapi lower-cases it; RFC 6750 spells the scheme `Bearer`, RFC 9449 §5 `DPoP`.
    tokenType:
      json.token_type === 'bearer' ? 'Bearer' : json.token_type === 'dpop' ? 'DPoP' : json.token_type,
    idToken,
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : null,
    expiresAt: Date.now() + expiresIn * 1000,
    scope: typeof json.scope === 'string' ? json.scope : null,
  };
}

/**
 * The ID token oauth4webapi validated (OIDC Core §3.1.3.7 steps 2-4, 9-11; it leaves the signature to TLS, step 6):
 * its signature is checked by jose against the provider's JWKS, with the algorithms the app allows.
 */
export async function verifiedIdTokenClaims(
  provider: ProviderContext,
  json: oauth.TokenEndpointResponse,
): Promise<Record<string, unknown> & { sub: string }> {
  const claims = oauth.getValidatedIdTokenClaims(json);
  if (!claims || typeof json.id_token !== 'string') {
    throw new TesseraClientError('invalid_response', 'the token response has no ID token');
  }
  await verifyJwt(json.id_token, provider.jwks, {
    issuer: provider.metadata.issuer,
    audience: provider.clientId,
    algorithms: provider.idTokenAlgorithms,
    requiredClaims: ['sub', 'iat'],
    clockToleranceSeconds: provider.clockToleranceSeconds,
  });
  return claims as Record<string, unknown> & { sub: string };
}

/** RFC 6749 §6 with rotation (RFC 9700 §4.14.2): the answer's refresh token replaces the one used. */
export async function refreshTokens(
  provider: ProviderContext,
  current: TokenSet,
  claims: { sub: string },
): Promise<TokenSet> {
  if (!current.refreshToken)
    throw new TesseraClientError('not_signed_in', 'the session has no refresh token');
  const as = authorizationServer(provider);
  let json: oauth.TokenEndpointResponse;
  const refreshToken = current.refreshToken;
  try {
    json = await withDPoPNonceRetry(provider.dpop, async () => {
      const response = await oauth.refreshTokenGrantRequest(
        as,
        provider.client,
        provider.clientAuth,
        refreshToken,
        { ...provider.requestOptions, DPoP: provider.dpop },
      );
      return oauth.processRefreshTokenResponse(as, provider.client, response);
    });
  } catch (error) {
    throw await oauthFailure(error, 'the token endpoint');
  }
  const next = tokenSet(json, current);
  if (typeof json.id_token === 'string') {
    // OIDC Core §12.2: a refreshed ID token is about the same user; it carries no nonce.
    const refreshed = await verifiedIdTokenClaims(provider, json);
    if (refreshed.sub !== claims.sub) {
      throw new TesseraClientError('jwt_claim_mismatch', 'the refreshed ID token is about another user', {
        claim: 'sub',
      });
    }
  }
  return next;
}

/**
 * OIDC Core §5.3 through oauth4webapi: the claims UserInfo returns for the access token, which must be about the
 * signed-in user (§5.3.2). A DPoP-bound token is sent as `Authorization: DPoP` with a proof that covers it (RFC 9449 §7).
 */
export async function fetchUserInfo(
  provider: ProviderContext,
  tokens: TokenSet,
  claims: { sub: string },
): Promise<Record<string, unknown> & { sub: string }> {
  if (!provider.metadata.userinfo_endpoint)
    throw new TesseraClientError('discovery_failed', 'the provider has no userinfo endpoint');
  const as = authorizationServer(provider);
  try {
    return await withDPoPNonceRetry(provider.dpop, async () => {
      const response = await oauth.userInfoRequest(as, provider.client, tokens.accessToken, {
        ...provider.requestOptions,
        DPoP: tokens.tokenType === 'DPoP' ? provider.dpop : undefined,
      });
      return oauth.processUserInfoResponse(as, provider.client, claims.sub, response);
    });
  } catch (error) {
    if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
      throw new TesseraClientError('jwt_claim_mismatch', 'the UserInfo answer is about another user', {
        claim: 'sub',
        cause: error,
      });
    }
    throw await oauthFailure(error, 'the userinfo endpoint');
  }
}

/** RFC 7009 through oauth4webapi: the provider forgets the token (a refresh token: its whole grant). */
export async function revokeToken(
  provider: ProviderContext,
  token: string,
  tokenTypeHint: 'refresh_token' | 'access_token',
): Promise<void> {
  try {
    const response = await oauth.revocationRequest(
      authorizationServer(provider),
      provider.client,
      provider.clientAuth,
      token,
      { ...provider.requestOptions, additionalParameters: { token_type_hint: tokenTypeHint } },
    );
    await oauth.processRevocationResponse(response);
  } catch (error) {
    throw await oauthFailure(error, 'the revocation endpoint');
  }
}
