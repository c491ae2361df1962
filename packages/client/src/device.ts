import * as oauth from 'oauth4webapi';
import { discover, type ProviderMetadata } from './discovery.js';
import { TesseraClientError } from './errors.js';
import {
  authorizationServer,
  type ProviderContext,
  type SignInResult,
  tokenSet,
  verifiedIdTokenClaims,
} from './flow.js';
import { JwksCache } from './jwks.js';
import { defaultFetch, type FetchLike, oauthClient, oauthFailure, requestOptions } from './oauth.js';

/**
 * The device authorization grant (RFC 8628) for a TV, console or command-line tool, through oauth4webapi's
 * `deviceAuthorizationRequest`, `processDeviceAuthorizationResponse`, `deviceCodeGrantRequest` and
 * `processDeviceCodeResponse`: the app shows the user code, the user approves on Tessera's device page, and the app
 * polls until then (docs/device-flow.md).
 */

export interface DeviceClientOptions {
  issuer: string;
  clientId: string;
  /** A confidential client's secret (client_secret_basic); without one, the client is public and sends its id. */
  clientSecret?: string;
  fetch?: FetchLike;
  clockToleranceSeconds?: number;
}

/** RFC 8628 §3.2: what to show the user, and what the polling needs. */
export interface DeviceAuthorization {
  /** The code the user types, `XXXX-XXXX`. */
  userCode: string;
  /** Where the user types it. */
  verificationUri: string;
  /** The same page with the code filled in: for a link or a QR code. */
  verificationUriComplete: string | null;
  /** Milliseconds since the epoch after which the codes are dead. */
  expiresAt: number;
  /** Seconds between polls, as the provider asked. */
  interval: number;
  /** The secret the app polls with; never shown to the user. */
  deviceCode: string;
}

export interface PollOptions {
  /** Stops the polling (the user went back, say); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** RFC 8628 §3.5: each `slow_down` adds this to the interval. */
const SLOW_DOWN_SECONDS = 5;

export class DeviceClient {
  readonly #provider: ProviderContext;

  private constructor(provider: ProviderContext) {
    this.#provider = provider;
  }

  static async create(options: DeviceClientOptions): Promise<DeviceClient> {
    const fetchImpl: FetchLike = options.fetch ?? defaultFetch;
    const metadata = await discover(options.issuer, fetchImpl);
    const endpoint = metadata.device_authorization_endpoint;
    if (typeof endpoint !== 'string' || !URL.canParse(endpoint)) {
      throw new TesseraClientError(
        'discovery_failed',
        'the discovery document has no valid device_authorization_endpoint',
      );
    }
    return new DeviceClient({
      metadata,
      jwks: new JwksCache(metadata.jwks_uri, { fetch: fetchImpl }),
      clientId: options.clientId,
      client: oauthClient(options.clientId, options.clockToleranceSeconds),
      clientAuth:
        options.clientSecret === undefined ? oauth.None() : oauth.ClientSecretBasic(options.clientSecret),
      requestOptions: requestOptions(options.issuer, fetchImpl),
      clockToleranceSeconds: options.clockToleranceSeconds,
    });
  }

  get metadata(): ProviderMetadata {
    return this.#provider.metadata;
  }

  /** RFC 8628 §3.1: asks for a device code and a user code for these scopes (`openid` is always asked for). */
  async startDeviceAuthorization(options: { scopes?: string[] } = {}): Promise<DeviceAuthorization> {
    const provider = this.#provider;
    const as = authorizationServer(provider);
    const scope = [...new Set(['openid', ...(options.scopes ?? [])])].join(' ');
    let response: oauth.DeviceAuthorizationResponse;
    try {
      response = await oauth.processDeviceAuthorizationResponse(
        as,
        provider.client,
        await oauth.deviceAuthorizationRequest(
          as,
          provider.client,
          provider.clientAuth,
          { scope },
          provider.requestOptions,
        ),
      );
    } catch (error) {
      throw await oauthFailure(error, 'the device authorization endpoint');
    }
    return {
      userCode: response.user_code,
      verificationUri: response.verification_uri,
      verificationUriComplete: response.verification_uri_complete ?? null,
      expiresAt: Date.now() + response.expires_in * 1000,
      interval: response.interval ?? 5,
      deviceCode: response.device_code,
    };
  }

  /**
   * RFC 8628 §3.4, §3.5: polls the token endpoint, waiting `interval` seconds between polls (5 more after each
   * `slow_down`), until the user has decided. Resolves with the tokens and the verified ID token's claims (signature
   * by jose against the provider's JWKS, the rest by oauth4webapi); rejects with `oauth_error` and `oauthError`
   * `access_denied` (the user denied) or `expired_token` (too late: start again), or any other refusal.
   */
  async pollDeviceAuthorization(
    authorization: DeviceAuthorization,
    options: PollOptions = {},
  ): Promise<Pick<SignInResult, 'tokens' | 'claims'>> {
    const provider = this.#provider;
    const as = authorizationServer(provider);
    let interval = authorization.interval;
    for (;;) {
      await pause(interval * 1000, options.signal);
      let json: oauth.TokenEndpointResponse;
      try {
        json = await oauth.processDeviceCodeResponse(
          as,
          provider.client,
          await oauth.deviceCodeGrantRequest(
            as,
            provider.client,
            provider.clientAuth,
            authorization.deviceCode,
            { ...provider.requestOptions, signal: options.signal },
          ),
        );
      } catch (error) {
        if (error instanceof oauth.ResponseBodyError && error.error === 'authorization_pending') continue;
        if (error instanceof oauth.ResponseBodyError && error.error === 'slow_down') {
          interval += SLOW_DOWN_SECONDS;
          continue;
        }
        throw await oauthFailure(error, 'the token endpoint');
      }
      return { tokens: tokenSet(json), claims: await verifiedIdTokenClaims(provider, json) };
    }
  }
}

function pause(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, milliseconds);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
