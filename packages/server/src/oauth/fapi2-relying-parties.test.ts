import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import * as oauth from 'oauth4webapi';
import * as openid from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowHttp,
  authorizeAndApprove,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * Strict relying parties written by others drive a FAPI 2.0 Security Profile client against the running server
 * (docs/integration.md#fapi-20-security-profile): openid-client v6 and oauth4webapi, each with pushed
 * authorization requests (RFC 9126), `private_key_jwt` (RFC 7523), PKCE S256, DPoP (RFC 9449) at /par, /token and
 * /userinfo, and the refresh grant; once without server nonces and once with them required, where every endpoint
 * first answers `use_dpop_nonce` and the library's retry (openid-client's own, oauth4webapi's handle at the
 * caller's request) succeeds. The wire is recorded, so the retries are seen, not assumed.
 */

let server: TestServer;
let issuer: string;
let user: SignedIn;
let clientId: string;
let signingKey: oauth.CryptoKey;
const kid = randomUUID();

const SCOPES = [
  { scope: 'openid', description: '' },
  { scope: 'profile', description: '' },
  { scope: 'offline_access', description: '' },
];

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  const pair = await generateKeyPair('PS256', { extractable: true });
  signingKey = pair.privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'PS256', use: 'sig' };
  clientId = (
    await registerClient(server, {
      name: 'Bank',
      grant_types: ['authorization_code', 'refresh_token'],
      scopes: SCOPES,
      fapi2_profile: true,
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [publicJwk] },
    })
  ).clientId;
  user = await signInUser(server, { name: 'Ada Lovelace', email: 'ada@example.com' });
});

afterAll(async () => {
  await server?.close();
});

/** One HTTP exchange as the library made it: the endpoint's path, the method, the answer and its error code. */
interface Exchange {
  path: string;
  method: string;
  status: number;
  error: string | null;
  dpop: boolean;
}

/** A fetch that records what the library sends and what it gets back (the body is read from a clone). */
function recordingFetch(log: Exchange[]) {
  return async (url: string, options: RequestInit): Promise<Response> => {
    const response = await fetch(url, options);
    let error: string | null = null;
    if (response.status >= 400) {
      const challenge = response.headers.get('www-authenticate');
      error =
        /error="([^"]+)"/.exec(challenge ?? '')?.[1] ??
        (
          (await response
            .clone()
            .json()
            .catch(() => ({}))) as { error?: string }
        ).error ??
        null;
    }
    const headers = new Headers(options.headers);
    log.push({
      path: new URL(url).pathname,
      method: options.method ?? 'GET',
      status: response.status,
      error,
      dpop: headers.has('dpop'),
    });
    return response;
  };
}

const summary = (log: Exchange[], path: string) =>
  log
    .filter((exchange) => exchange.path === path)
    .map((exchange) => `${exchange.status}${exchange.error ? ` ${exchange.error}` : ''}`);

async function thumbprint(keyPair: oauth.CryptoKeyPair): Promise<string> {
  return calculateJwkThumbprint(await exportJWK(keyPair.publicKey), 'sha256');
}

async function withNonces<T>(required: boolean, run: () => Promise<T>): Promise<T> {
  await server.context.settings.set('dpop.require_nonce', required);
  try {
    return await run();
  } finally {
    await server.context.settings.set('dpop.require_nonce', false);
  }
}

describe.each([
  { nonces: false, first: [] as string[], resourceFirst: [] as string[] },
  // RFC 9449 §8: 400 from the authorization server; §9: 401 with a DPoP challenge from a protected resource.
  { nonces: true, first: ['400 use_dpop_nonce'], resourceFirst: ['401 use_dpop_nonce'] },
])('with server nonces required: $nonces', ({ nonces, first, resourceFirst }) => {
  it('openid-client: PAR + private_key_jwt + DPoP code flow, refresh, userinfo and a protected resource', async () => {
    await withNonces(nonces, async () => {
      const log: Exchange[] = [];
      const config = await openid.discovery(
        new URL(issuer),
        clientId,
        // FAPI 2.0 §5.4.1: the ID token is signed with ES256 (the profile's default), which openid-client checks.
        { id_token_signed_response_alg: 'ES256' },
        openid.PrivateKeyJwt({ key: signingKey, kid }),
        { execute: [openid.allowInsecureRequests] },
      );
      config[openid.customFetch] = recordingFetch(log);
      const keyPair = await openid.randomDPoPKeyPair('ES256');
      const jkt = await thumbprint(keyPair);

      const verifier = openid.randomPKCECodeVerifier();
      const state = openid.randomState();
      const nonce = openid.randomNonce();
      const DPoP = openid.getDPoPHandle(config, keyPair);
      const authorizationUrl = await openid.buildAuthorizationUrlWithPAR(
        config,
        {
          redirect_uri: RP_REDIRECT,
          scope: 'openid profile offline_access',
          code_challenge: await openid.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        },
        { DPoP },
      );
      expect([...authorizationUrl.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
      expect(summary(log, '/par')).toEqual([...first, '201']);
      expect(log.filter((exchange) => exchange.path === '/par').every((exchange) => exchange.dpop)).toBe(
        true,
      );

      const callback = await authorizeAndApprove(server, user, authorizationUrl.href);
      const tokens = await openid.authorizationCodeGrant(
        config,
        callback,
        { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true },
        undefined,
        { DPoP },
      );
      // The nonce of /par's answer is the handle's: /token needs no retry.
      expect(summary(log, '/token')).toEqual(['200']);
      expect(tokens.token_type).toBe('dpop');
      expect(decodeJwt(tokens.access_token).cnf).toEqual({ jkt });
      expect(decodeProtectedHeader(tokens.id_token!).alg).toBe('ES256');
      expect(tokens.claims()?.sub).toBe(user.user.id);

      // A new handle over the same key knows no nonce yet: each endpoint asks for one when nonces are required.
      const again = openid.getDPoPHandle(config, keyPair);
      const refreshed = await openid.refreshTokenGrant(config, tokens.refresh_token!, undefined, {
        DPoP: again,
      });
      expect(summary(log, '/token')).toEqual(['200', ...first, '200']);
      expect(refreshed.token_type).toBe('dpop');
      expect(decodeJwt(refreshed.access_token).cnf).toEqual({ jkt });

      const info = await openid.fetchUserInfo(config, refreshed.access_token, user.user.id, {
        DPoP: openid.getDPoPHandle(config, keyPair),
      });
      expect(info).toMatchObject({ sub: user.user.id, name: 'Ada Lovelace' });
      expect(summary(log, '/userinfo')).toEqual([...resourceFirst, '200']);

      const resource = await openid.fetchProtectedResource(
        config,
        refreshed.access_token,
        new URL('/userinfo', issuer),
        'GET',
        undefined,
        undefined,
        { DPoP: openid.getDPoPHandle(config, keyPair) },
      );
      expect(resource.status).toBe(200);
      expect(((await resource.json()) as { sub: string }).sub).toBe(user.user.id);
      expect(summary(log, '/userinfo')).toEqual([...resourceFirst, '200', ...resourceFirst, '200']);
      for (const exchange of log.filter((one) => one.path !== '/.well-known/openid-configuration'))
        expect(exchange.dpop, `${exchange.method} ${exchange.path}`).toBe(true);

      // The access token is the key's: with another key openid-client is refused at /userinfo.
      const otherKey = await openid.randomDPoPKeyPair('ES256');
      const other = openid.getDPoPHandle(config, otherKey);
      await expect(
        openid.fetchUserInfo(config, refreshed.access_token, user.user.id, { DPoP: other }),
      ).rejects.toMatchObject({ cause: [{ scheme: 'dpop', parameters: { error: 'invalid_token' } }] });
      // RFC 9449 §5: a confidential client's refresh token is bound to its authentication, not to a key; the new
      // access token is bound to the key of the refresh request's proof.
      const rekeyed = await openid.refreshTokenGrant(config, refreshed.refresh_token!, undefined, {
        DPoP: other,
      });
      expect(decodeJwt(rekeyed.access_token).cnf).toEqual({ jkt: await thumbprint(otherKey) });
    });
  });

  it('oauth4webapi: PAR + private_key_jwt + DPoP code flow, refresh and userinfo', async () => {
    await withNonces(nonces, async () => {
      const log: Exchange[] = [];
      const options = { ...allowHttp, [oauth.customFetch]: recordingFetch(log) };
      const as = await oauth.processDiscoveryResponse(
        new URL(issuer),
        await oauth.discoveryRequest(new URL(issuer), allowHttp),
      );
      const client: oauth.Client = { client_id: clientId, id_token_signed_response_alg: 'ES256' };
      const auth = oauth.PrivateKeyJwt({ key: signingKey, kid });
      const keyPair = await oauth.generateKeyPair('ES256');
      const jkt = await thumbprint(keyPair);
      /** oauth4webapi leaves the retry to its caller: once more when the handle was given a nonce (RFC 9449 §8). */
      const retryOnNonce = async <T>(request: () => Promise<T>): Promise<T> => {
        try {
          return await request();
        } catch (error) {
          if (!oauth.isDPoPNonceError(error)) throw error;
          return request();
        }
      };

      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const DPoP = oauth.DPoP(client, keyPair);
      const pushed = await retryOnNonce(async () =>
        oauth.processPushedAuthorizationResponse(
          as,
          client,
          await oauth.pushedAuthorizationRequest(
            as,
            client,
            auth,
            new URLSearchParams({
              response_type: 'code',
              redirect_uri: RP_REDIRECT,
              scope: 'openid profile offline_access',
              state,
              code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
              code_challenge_method: 'S256',
            }),
            { ...options, DPoP },
          ),
        ),
      );
      expect(summary(log, '/par')).toEqual([...first, '201']);
      const url = new URL('/authorize', issuer);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('request_uri', pushed.request_uri);
      const callback = await authorizeAndApprove(server, user, url.href);
      const parameters = oauth.validateAuthResponse(as, client, callback, state);
      const tokens = await retryOnNonce(async () =>
        oauth.processAuthorizationCodeResponse(
          as,
          client,
          await oauth.authorizationCodeGrantRequest(as, client, auth, parameters, RP_REDIRECT, verifier, {
            ...options,
            DPoP,
          }),
          { requireIdToken: true },
        ),
      );
      expect(summary(log, '/token')).toEqual(['200']);
      expect(tokens.token_type).toBe('dpop');
      expect(decodeJwt(tokens.access_token).cnf).toEqual({ jkt });

      const again = oauth.DPoP(client, keyPair);
      const refreshed = await retryOnNonce(async () =>
        oauth.processRefreshTokenResponse(
          as,
          client,
          await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, {
            ...options,
            DPoP: again,
          }),
        ),
      );
      expect(summary(log, '/token')).toEqual(['200', ...first, '200']);
      expect(decodeJwt(refreshed.access_token).cnf).toEqual({ jkt });

      const fresh = oauth.DPoP(client, keyPair);
      const info = await retryOnNonce(async () =>
        oauth.processUserInfoResponse(
          as,
          client,
          user.user.id,
          await oauth.userInfoRequest(as, client, refreshed.access_token, { ...options, DPoP: fresh }),
        ),
      );
      expect(info.name).toBe('Ada Lovelace');
      expect(summary(log, '/userinfo')).toEqual([...resourceFirst, '200']);
      for (const exchange of log) expect(exchange.dpop, `${exchange.method} ${exchange.path}`).toBe(true);
    });
  });
});
