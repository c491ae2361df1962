import { generateKeyPair } from 'jose';
import * as oauth from 'oauth4webapi';
import { TesseraClientError } from './errors.js';

/**
 * How the SDK talks OAuth: every request and every response check goes through `oauth4webapi` (discovery, the
 * authorization response, the token, refresh, revocation and introspection endpoints); this module only configures
 * it and turns its errors into the SDK's typed ones.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** The options every oauth4webapi request of one provider takes: the app's `fetch`, and plain HTTP for an http issuer. */
export interface RequestOptions {
  [oauth.customFetch]: FetchLike;
  [oauth.allowInsecureRequests]: boolean;
}

/**
 * oauth4webapi refuses plain HTTP endpoints. An issuer the app configured as `http://` (a development server on
 * loopback) opts in; an `https://` issuer keeps the refusal, so no endpoint it lists may be plain HTTP.
 */
export function requestOptions(issuer: string, fetchImpl: FetchLike): RequestOptions {
  return {
    [oauth.customFetch]: fetchImpl,
    [oauth.allowInsecureRequests]: new URL(issuer).protocol === 'http:',
  };
}

/** The client as oauth4webapi takes it: its id, and the clock tolerance for ID token time claims. */
export function oauthClient(clientId: string, clockToleranceSeconds = 60): oauth.Client {
  return { client_id: clientId, [oauth.clockTolerance]: clockToleranceSeconds };
}

/**
 * DPoP (RFC 9449): `true` for a new ES256 key pair made with jose's `generateKeyPair` (WebCrypto; the private key
 * is not extractable), or the app's own key pair (the public key must be extractable, as WebCrypto makes it). The
 * handle is oauth4webapi's: it signs a proof for each request and keeps the server's `DPoP-Nonce` (RFC 9449 §8).
 */
export type DPoPOption = boolean | CryptoKeyPair;

export async function dpopHandle(
  client: oauth.Client,
  option: DPoPOption | undefined,
): Promise<oauth.DPoPHandle | undefined> {
  if (!option) return undefined;
  const keyPair: CryptoKeyPair =
    option === true ? await generateKeyPair('ES256', { extractable: false }) : option;
  try {
    return oauth.DPoP(client, keyPair);
  } catch (cause) {
    throw new TesseraClientError('invalid_argument', 'the DPoP key pair is not usable', { cause });
  }
}

/**
 * Runs a request and the check of its answer; when a DPoP proof was refused for want of the server's nonce
 * (`use_dpop_nonce`, RFC 9449 §8, §9), runs both once more: the handle has kept the nonce the refusal carried.
 */
export async function withDPoPNonceRetry<T>(
  dpop: oauth.DPoPHandle | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (dpop === undefined || !oauth.isDPoPNonceError(error)) throw error;
    return attempt();
  }
}

/**
 * An error of oauth4webapi (or of the network under it) as the SDK's typed error. `what` names the endpoint in the
 * message. An OAuth error body (RFC 6749 §5.2), in the body or in a `WWW-Authenticate` challenge (RFC 6750 §3), is
 * `oauth_error` with its `error`; an ID token claim that does not match is `jwt_claim_mismatch` (`nonce_mismatch`
 * for the nonce) and one out of its time window `jwt_expired`; anything else the provider answered is
 * `invalid_response`.
 */
export async function oauthFailure(error: unknown, what: string): Promise<TesseraClientError> {
  if (error instanceof TesseraClientError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    const description = error.error_description ? `: ${error.error_description}` : '';
    return new TesseraClientError(
      'oauth_error',
      `${what} refused the request (${error.error}${description})`,
      {
        oauthError: error.error,
        cause: error,
      },
    );
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const challenged = error.cause.find((challenge) => typeof challenge.parameters.error === 'string');
    let code = challenged?.parameters.error;
    if (code === undefined) {
      const body = (await error.response.json().catch(() => null)) as { error?: unknown } | null;
      if (typeof body?.error === 'string') code = body.error;
    }
    return new TesseraClientError('oauth_error', `${what} refused the request (${code ?? 'unauthorized'})`, {
      oauthError: code ?? 'invalid_client',
      cause: error,
    });
  }
  if (error instanceof oauth.OperationProcessingError) {
    const claim = (error.cause as { claim?: unknown } | undefined)?.claim;
    if (error.code === oauth.JWT_CLAIM_COMPARISON) {
      if (claim === 'nonce') {
        return new TesseraClientError('nonce_mismatch', 'the ID token answers another sign-in (nonce)', {
          cause: error,
        });
      }
      return new TesseraClientError(
        'jwt_claim_mismatch',
        `the ID token's ${String(claim)} is not the expected one`,
        {
          claim: typeof claim === 'string' ? claim : undefined,
          cause: error,
        },
      );
    }
    if (error.code === oauth.JWT_TIMESTAMP_CHECK) {
      return new TesseraClientError('jwt_expired', 'the ID token is outside its validity window', {
        cause: error,
      });
    }
  }
  return new TesseraClientError('invalid_response', `${what}: ${messageOf(error)}`, { cause: error });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'the request failed';
}
