import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeAndApprove,
  browserGet,
  finalize,
  RP_POST_LOGOUT,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let config: client.Configuration;
let signedIn: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  const registered = await registerClient(server, {
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    scopes: [
      { scope: 'openid', description: '' },
      { scope: 'profile', description: '' },
      { scope: 'email', description: '' },
      { scope: 'offline_access', description: '' },
      { scope: 'api:read', description: 'Read the API' },
    ],
  });
  config = await client.discovery(
    new URL(server.config.baseUrl),
    registered.clientId,
    registered.clientSecret!,
    client.ClientSecretBasic(registered.clientSecret!),
    { execute: [client.allowInsecureRequests] },
  );
  client.enableNonRepudiationChecks(config);
  signedIn = await signInUser(server, { name: 'Grace Hopper', email: 'grace@example.com' });
});
afterAll(async () => {
  await server?.close();
});

async function codeFlow(scope = 'openid profile email offline_access') {
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: RP_REDIRECT,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
  });
  const callback = await authorizeAndApprove(server, signedIn, url.href);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    expectedState: state,
    idTokenExpected: true,
  });
  return { tokens, callback };
}

describe('openid-client as the relying party', () => {
  it('code flow with PKCE: the ID token validates, with the claims the scopes allow', async () => {
    const { tokens, callback } = await codeFlow();
    expect(callback.searchParams.get('iss')).toBe(server.config.baseUrl);
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(signedIn.user.id);
    expect(claims.iss).toBe(server.config.baseUrl);
    expect(claims.email).toBe('grace@example.com');
    expect(claims.name).toBe('Grace Hopper');
    expect(claims.amr).toEqual(['pwd']);
    expect(typeof claims.sid).toBe('string');
    expect(typeof claims.auth_time).toBe('number');
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('userinfo returns the same subject and the scoped claims', async () => {
    const { tokens } = await codeFlow('openid email');
    const info = await client.fetchUserInfo(config, tokens.access_token, signedIn.user.id);
    expect(info).toEqual({ sub: signedIn.user.id, email: 'grace@example.com', email_verified: true });
  });

  it('refresh rotates the refresh token; the old one then fails and ends the family', async () => {
    const { tokens } = await codeFlow();
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()?.sub).toBe(signedIn.user.id);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The replay revoked the whole family: the newest token is dead too.
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('client credentials: a token that represents the client', async () => {
    const tokens = await client.clientCredentialsGrant(config, { scope: 'api:read' });
    expect(tokens.scope).toBe('api:read');
    const introspected = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspected).toMatchObject({
      active: true,
      sub: config.clientMetadata().client_id,
      scope: 'api:read',
    });
    await expect(client.clientCredentialsGrant(config, { scope: 'openid' })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('introspection describes access and refresh tokens; revocation ends the refresh token and its grant', async () => {
    const { tokens } = await codeFlow();
    const access = await client.tokenIntrospection(config, tokens.access_token);
    expect(access).toMatchObject({
      active: true,
      sub: signedIn.user.id,
      client_id: config.clientMetadata().client_id,
      token_type: 'Bearer',
      iss: server.config.baseUrl,
    });
    const refresh = await client.tokenIntrospection(config, tokens.refresh_token!);
    expect(refresh).toMatchObject({ active: true, token_type: 'refresh_token' });
    await client.tokenRevocation(config, tokens.refresh_token!);
    expect(await client.tokenIntrospection(config, tokens.refresh_token!)).toEqual({ active: false });
    // The grant is gone, so its access token is reported inactive too.
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    // Revoking an access token is a successful no-op.
    await client.tokenRevocation(config, tokens.access_token);
  });

  it('RP-initiated logout with a valid hint ends the session and returns to the registered URI with state', async () => {
    const user = await signInUser(server, { email: 'logout@example.com' });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: RP_REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await authorizeAndApprove(server, user, url.href);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    });
    const logoutUrl = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: RP_POST_LOGOUT,
      state: 'bye',
    });
    const logout = await browserGet(logoutUrl.href, user.cookie);
    expect(logout.status).toBe(303);
    expect(logout.location).toBe(`${RP_POST_LOGOUT}?state=bye`);
    // The session is over: prompt=none now fails with login_required.
    const silent = client.buildAuthorizationUrl(config, {
      redirect_uri: RP_REDIRECT,
      scope: 'openid',
      prompt: 'none',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const again = await browserGet(silent.href, user.cookie);
    expect(new URL(again.location!).searchParams.get('error')).toBe('login_required');
  });
});

describe('remembered consent', () => {
  it('adds approved scopes to what was approved before, so alternating scope sets ask only once each', async () => {
    const user = await signInUser(server, { email: 'consent-union@example.com' });
    const ask = async (scope: string) => {
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: RP_REDIRECT,
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return browserGet(url.href, user.cookie);
    };
    // First time each scope set needs the consent page; approve through it.
    for (const scope of ['openid email', 'openid profile']) {
      const first = await ask(scope);
      expect(first.location).toMatch(/^\/ui\/authorize\?request_id=/);
      const requestId = new URL(first.location!, server.publicUrl).searchParams.get('request_id')!;
      expect((await finalize(server, user, { request_id: requestId, decision: 'approve' })).status).toBe(200);
    }
    // Both are remembered now: either set, and their union, complete at once.
    for (const scope of ['openid email', 'openid profile', 'openid profile email']) {
      expect((await ask(scope)).location).toMatch(/^https:\/\/rp\.example\.com\/callback\?code=/);
    }
  });
});
