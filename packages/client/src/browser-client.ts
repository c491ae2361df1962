import * as oauth from 'oauth4webapi';
import { discover } from './discovery.js';
import { TesseraClientError } from './errors.js';
import {
  completeSignIn,
  fetchUserInfo,
  type ProviderContext,
  refreshTokens,
  requirePushedAuthorization,
  revokeToken,
  type SignInOptions,
  type SignInResult,
  startSignIn,
  type TokenSet,
} from './flow.js';
import { JwksCache } from './jwks.js';
import type { JwsAlgorithm } from './jwt.js';
import {
  type DPoPOption,
  defaultFetch,
  dpopHandle,
  type FetchLike,
  oauthClient,
  requestOptions,
} from './oauth.js';
import { defaultTransactionStore, type TransactionStore } from './transactions.js';

export interface TesseraClientOptions {
  /** The provider's issuer URL, exactly as its discovery document says it. */
  issuer: string;
  /** A public client (no secret in a browser): it sends its client_id and proves the code with PKCE. */
  clientId: string;
  redirectUri: string;
  postLogoutRedirectUri?: string;
  /** Where sign-ins wait across the redirect: IndexedDB in a browser, memory elsewhere. */
  transactions?: TransactionStore;
  /** Accept legacy v1 deliveries (`#drk_jwe`, `zk_drk_hash`); off unless the app was built for them. */
  legacyV1?: boolean;
  idTokenAlgorithms?: readonly JwsAlgorithm[];
  clockToleranceSeconds?: number;
  fetch?: FetchLike;
  /**
   * Push each authorization request to the provider's `/par` (RFC 9126) and send the browser to
   * `/authorize?client_id&request_uri`: the parameters never travel through the browser.
   */
  pushedAuthorization?: boolean;
  /**
   * Sender-constrained tokens (RFC 9449): `true` makes a non-extractable ES256 key pair for this client object, or
   * pass a key pair. The code exchange, refreshes and `userinfo()` then carry DPoP proofs of it.
   */
  dpop?: DPoPOption;
}

export interface Session {
  tokens: TokenSet;
  claims: Record<string, unknown> & { sub: string };
}

/**
 * The browser (public client) side: sign in with PKCE and, for zero-knowledge apps, the client app key; keep the
 * tokens in memory (nothing in storage unless the app puts it there); refresh with rotation; sign out.
 */
export class TesseraClient {
  readonly #provider: ProviderContext;
  readonly #options: TesseraClientOptions;
  readonly #transactions: TransactionStore;
  #session: Session | null = null;

  private constructor(provider: ProviderContext, options: TesseraClientOptions) {
    this.#provider = provider;
    this.#options = options;
    this.#transactions = options.transactions ?? defaultTransactionStore();
  }

  /** Discovers the provider and returns a client for it. */
  static async create(options: TesseraClientOptions): Promise<TesseraClient> {
    const fetchImpl: FetchLike = options.fetch ?? defaultFetch;
    const metadata = await discover(options.issuer, fetchImpl);
    requirePushedAuthorization(metadata, options.pushedAuthorization);
    const client = oauthClient(options.clientId, options.clockToleranceSeconds);
    const provider: ProviderContext = {
      metadata,
      jwks: new JwksCache(metadata.jwks_uri, { fetch: fetchImpl }),
      clientId: options.clientId,
      client,
      // A public client: it names itself (client_id in the body) and proves the code with PKCE.
      clientAuth: oauth.None(),
      requestOptions: requestOptions(options.issuer, fetchImpl),
      idTokenAlgorithms: options.idTokenAlgorithms,
      clockToleranceSeconds: options.clockToleranceSeconds,
      pushedAuthorization: options.pushedAuthorization === true,
      dpop: await dpopHandle(client, options.dpop),
    };
    return new TesseraClient(provider, options);
  }

  /** The authorization URL for a new sign-in; what it needs after the redirect is kept in the transaction store. */
  async authorizationUrl(options: Omit<SignInOptions, 'redirectUri'> = {}): Promise<URL> {
    if (options.zk === 'legacy-v1' && !this.#options.legacyV1) {
      throw new TesseraClientError('invalid_argument', 'legacy v1 key delivery needs the legacyV1 option');
    }
    const { url, transaction } = await startSignIn(this.#provider, {
      ...options,
      redirectUri: this.#options.redirectUri,
    });
    await this.#transactions.put(transaction);
    return url;
  }

  /** Starts a sign-in: navigates the page to the provider. */
  async signIn(options: Omit<SignInOptions, 'redirectUri'> = {}): Promise<void> {
    const url = await this.authorizationUrl(options);
    globalThis.location.assign(url.href);
  }

  /**
   * Completes the sign-in at the redirect URI. In a browser it reads (and first removes from the address bar and
   * history) the current URL; elsewhere pass the callback URL. With `rawKey: true` the result's `zkKey.raw` holds the
   * client app key's bytes too (legacy v1: `legacyKey.raw`, the data root key's).
   */
  async handleCallback(
    callbackUrl?: string | URL,
    options: { rawKey?: boolean } = {},
  ): Promise<SignInResult> {
    const url = new URL(callbackUrl ?? globalThis.location.href);
    scrubAddressBar(url);
    const state = url.searchParams.get('state');
    const transaction = state === null ? null : await this.#transactions.take(state);
    const result = await completeSignIn(this.#provider, url, transaction, options);
    this.#session = { tokens: result.tokens, claims: result.claims };
    return result;
  }

  /** The current session, or null. Tokens live in this object's memory only. */
  get session(): Session | null {
    return this.#session;
  }

  /** A current access token, refreshed first when it has expired (or is about to) and a refresh token exists. */
  async accessToken(): Promise<string> {
    const session = this.#requireSession();
    if (session.tokens.expiresAt - Date.now() < 30_000 && session.tokens.refreshToken) await this.refresh();
    return this.#requireSession().tokens.accessToken;
  }

  /** Uses the refresh token once; the new one replaces it (rotation: the old one is dead from now on). */
  async refresh(): Promise<Session> {
    const session = this.#requireSession();
    const tokens = await refreshTokens(this.#provider, session.tokens, session.claims);
    this.#session = { tokens, claims: session.claims };
    return this.#session;
  }

  /** The signed-in user's claims from the provider's UserInfo endpoint (OIDC Core §5.3), with a current token. */
  async userinfo(): Promise<Record<string, unknown> & { sub: string }> {
    await this.accessToken();
    const session = this.#requireSession();
    return fetchUserInfo(this.#provider, session.tokens, session.claims);
  }

  /**
   * Signs out: revokes the refresh token (RFC 7009), forgets the session, and returns the RP-initiated logout URL
   * (OpenID Connect RP-Initiated Logout 1.0 §2), navigating there when `navigate` is not false and a page exists.
   */
  async signOut(options: { navigate?: boolean } = {}): Promise<URL | null> {
    const session = this.#session;
    this.#session = null;
    if (!session) return null;
    const { revocation_endpoint: revocation, end_session_endpoint: endSession } = this.#provider.metadata;
    if (session.tokens.refreshToken && revocation) {
      await revokeToken(this.#provider, session.tokens.refreshToken, 'refresh_token');
    }
    if (!endSession) return null;
    const url = new URL(endSession);
    url.searchParams.set('client_id', this.#options.clientId);
    url.searchParams.set('id_token_hint', session.tokens.idToken);
    if (this.#options.postLogoutRedirectUri) {
      url.searchParams.set('post_logout_redirect_uri', this.#options.postLogoutRedirectUri);
    }
    if (options.navigate !== false && typeof globalThis.location !== 'undefined')
      globalThis.location.assign(url.href);
    return url;
  }

  #requireSession(): Session {
    if (!this.#session) throw new TesseraClientError('not_signed_in', 'there is no session: sign in first');
    return this.#session;
  }
}

/**
 * The code, state and key delivery must not stay in the address bar or in history (a back button or a shared URL
 * would carry them): replace the entry with the bare redirect URI before anything else runs.
 */
function scrubAddressBar(url: URL): void {
  if (typeof globalThis.history === 'undefined' || typeof globalThis.location === 'undefined') return;
  if (globalThis.location.href !== url.href) return;
  globalThis.history.replaceState(globalThis.history.state, '', `${url.origin}${url.pathname}`);
}
