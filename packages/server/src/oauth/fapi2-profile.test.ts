import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import {
  allowHttp,
  authorizeAndApprove,
  basicAuthorization,
  browserGet,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * FAPI 2.0 Security Profile switch (docs/integration.md#fapi-20-security-profile): oauth4webapi as the FAPI client
 * (PAR, private_key_jwt, PKCE S256, DPoP), and the requests a client outside the profile would send.
 */

let server: TestServer;
let issuer: string;
let as: oauth.AuthorizationServer;
let admin: AdminSession;
let user: SignedIn;
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let publicJwk: JWK;
const kid = randomUUID();
let clientId: string;
let client: oauth.Client;

const auth = () => oauth.PrivateKeyJwt({ key: privateKey, kid });

const FAPI_CLIENT = {
  name: 'Bank',
  type: 'confidential',
  redirect_uris: [RP_REDIRECT],
  grant_types: ['authorization_code', 'refresh_token'],
  scopes: [
    { scope: 'openid', description: '' },
    { scope: 'offline_access', description: '' },
  ],
  fapi2_profile: true,
};

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  as = await oauth.processDiscoveryResponse(
    new URL(issuer),
    await oauth.discoveryRequest(new URL(issuer), allowHttp),
  );
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await installViaApi(server, 'root@example.com', 'admin password one');
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' };
  const created = await adminFetch(server, admin, 'POST', '/admin/clients', {
    ...FAPI_CLIENT,
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [publicJwk] },
  });
  expect(created.status).toBe(201);
  clientId = (created.json.client as { client_id: string }).client_id;
  client = { client_id: clientId };
  user = await signInUser(server);
});

afterAll(async () => {
  await server?.close();
});

/** PAR with private_key_jwt and PKCE S256, then the browser's trip through /authorize: the callback URL. */
async function authorizeThroughPar(verifier: string, state: string): Promise<URL> {
  const pushed = await oauth.processPushedAuthorizationResponse(
    as,
    client,
    await oauth.pushedAuthorizationRequest(
      as,
      client,
      auth(),
      new URLSearchParams({
        response_type: 'code',
        redirect_uri: RP_REDIRECT,
        scope: 'openid offline_access',
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }),
      allowHttp,
    ),
  );
  const url = new URL('/authorize', issuer);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('request_uri', pushed.request_uri);
  return authorizeAndApprove(server, user, url.href);
}

/** Runs `request` once more when the server asks for a DPoP nonce (RFC 9449 §8). */
async function withNonceRetry<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!oauth.isDPoPNonceError(error)) throw error;
    return request();
  }
}

describe('FAPI 2.0 Security Profile clients', () => {
  it('registers with PAR, PKCE and DPoP-bound tokens required, and no secret', async () => {
    const read = await adminFetch(server, admin, 'GET', `/admin/clients/${clientId}`);
    expect(read.json).toMatchObject({
      fapi2_profile: true,
      token_endpoint_auth_method: 'private_key_jwt',
      require_pushed_authorization_requests: true,
      require_pkce: true,
      dpop_bound_access_tokens: true,
      secret: null,
    });
  });

  it('completes PAR + private_key_jwt + DPoP code flow and refresh with oauth4webapi', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const callback = await authorizeThroughPar(verifier, state);
    // RFC 9207: the authorization response names the issuer, and oauth4webapi checks it.
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const parameters = oauth.validateAuthResponse(as, client, callback, state);
    const DPoP = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
    const tokens = await withNonceRetry(async () =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, auth(), parameters, RP_REDIRECT, verifier, {
          DPoP,
          ...allowHttp,
        }),
      ),
    );
    expect(tokens.token_type).toBe('dpop');
    expect(tokens.refresh_token).toBeTruthy();

    const refreshed = await withNonceRetry(async () =>
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth(), tokens.refresh_token!, {
          DPoP,
          ...allowHttp,
        }),
      ),
    );
    expect(refreshed.token_type).toBe('dpop');
    expect(refreshed.access_token).not.toBe(tokens.access_token);
  });

  it('refuses a plain authorization request, and a pushed one without PKCE', async () => {
    const plain = new URL('/authorize', issuer);
    for (const [name, value] of Object.entries({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: RP_REDIRECT,
      scope: 'openid',
      state: oauth.generateRandomState(),
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
    }))
      plain.searchParams.set(name, value);
    const refused = await browserGet(plain.href, user.cookie);
    expect(refused.status).toBe(400);
    expect(refused.location).toBeNull();
    expect(refused.body).toContain('/par');

    const withoutPkce = await oauth.pushedAuthorizationRequest(
      as,
      client,
      auth(),
      new URLSearchParams({ response_type: 'code', redirect_uri: RP_REDIRECT, scope: 'openid' }),
      allowHttp,
    );
    expect(withoutPkce.status).toBe(400);
    expect(await withoutPkce.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses /token without a DPoP proof, for the code and for refresh', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const parameters = oauth.validateAuthResponse(
      as,
      client,
      await authorizeThroughPar(verifier, state),
      state,
    );
    const bearer = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth(),
      parameters,
      RP_REDIRECT,
      verifier,
      allowHttp,
    );
    expect(bearer.status).toBe(400);
    expect(await bearer.json()).toMatchObject({ error: 'invalid_dpop_proof' });

    // The refusal came before the code was used: with a proof its owner still redeems it.
    const DPoP = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
    const tokens = await withNonceRetry(async () =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, auth(), parameters, RP_REDIRECT, verifier, {
          DPoP,
          ...allowHttp,
        }),
      ),
    );
    const refresh = await oauth.refreshTokenGrantRequest(
      as,
      client,
      auth(),
      tokens.refresh_token!,
      allowHttp,
    );
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_dpop_proof' });
  });

  it('refuses client secret authentication, even with a secret the client held before the profile', async () => {
    const before = await registerClient(server, {
      redirect_uris: [RP_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    expect(before.clientSecret).toBeTruthy();
    const updated = await adminFetch(server, admin, 'PUT', `/admin/clients/${before.clientId}`, {
      ...FAPI_CLIENT,
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [publicJwk] },
    });
    expect(updated.status).toBe(200);

    const forms: Record<string, string>[] = [
      { grant_type: 'refresh_token', refresh_token: 'x' },
      {
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: RP_REDIRECT,
        code_verifier: 'x'.repeat(43),
      },
    ];
    for (const form of forms) {
      const basic = await formPost(server, '/token', form, {
        authorization: basicAuthorization(before.clientId, before.clientSecret!),
      });
      expect(basic.status).toBe(401);
      expect(basic.json.error).toBe('invalid_client');
      const post = await formPost(server, '/token', {
        ...form,
        client_id: before.clientId,
        client_secret: before.clientSecret!,
      });
      expect(post.status).toBe(401);
      expect(post.json.error).toBe('invalid_client');
    }
    const pushed = await formPost(
      server,
      '/par',
      { response_type: 'code', redirect_uri: RP_REDIRECT, scope: 'openid' },
      { authorization: basicAuthorization(before.clientId, before.clientSecret!) },
    );
    expect(pushed.status).toBe(401);

    const rotated = await adminFetch(server, admin, 'POST', `/admin/clients/${before.clientId}/secret`);
    expect(rotated.status).toBe(400);
    expect(JSON.stringify(rotated.json)).toContain('private_key_jwt');
  });

  it('refuses to register a FAPI client with a secret, without keys, or without a required part', async () => {
    const attempts: [Record<string, unknown>, string][] = [
      [{ token_endpoint_auth_method: 'client_secret_basic' }, 'private_key_jwt'],
      [{ token_endpoint_auth_method: 'client_secret_post' }, 'private_key_jwt'],
      [{}, 'private_key_jwt'],
      [{ token_endpoint_auth_method: 'private_key_jwt' }, 'jwks'],
      [
        {
          token_endpoint_auth_method: 'private_key_jwt',
          jwks: { keys: [publicJwk] },
          dpop_bound_access_tokens: false,
        },
        'DPoP',
      ],
      [
        {
          token_endpoint_auth_method: 'private_key_jwt',
          jwks: { keys: [publicJwk] },
          require_pushed_authorization_requests: false,
        },
        'pushed authorization requests',
      ],
      [
        { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [publicJwk] }, require_pkce: false },
        'PKCE',
      ],
      [
        {
          token_endpoint_auth_method: 'private_key_jwt',
          jwks: { keys: [{ ...publicJwk, alg: 'ES384' }] },
        },
        'ES384',
      ],
      [{ type: 'public', token_endpoint_auth_method: 'none' }, 'confidential'],
    ];
    for (const [overrides, message] of attempts) {
      const refused = await adminFetch(server, admin, 'POST', '/admin/clients', {
        ...FAPI_CLIENT,
        ...overrides,
      });
      expect(refused.status, JSON.stringify(overrides)).toBe(400);
      expect(refused.json.error).toBe('invalid_client_metadata');
      expect(String(refused.json.message)).toContain(message);
    }
    const listed = await adminFetch(server, admin, 'GET', '/admin/clients');
    expect(JSON.stringify(listed.json).match(/"fapi2_profile":true/g)).toHaveLength(2);
  });
});
