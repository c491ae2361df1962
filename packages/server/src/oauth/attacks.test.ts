/**
 * Attacks on the authorization server (reference/interop.md §8.2, RFC 9700), each run through HTTP the way an
 * attacker's client or a victim's browser would send it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import * as openid from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorizationCode, type IssuedCode, introspection, redeemCode } from '../testing/code-flow.js';
import {
  authorizeUrl,
  basicAuthorization,
  browserGet,
  clientSecretBasic,
  expectErrorRedirect,
  finalize,
  formPost,
  type RegisteredClient,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let issuer: string;
let victim: RegisteredClient;
let attacker: RegisteredClient;
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  const grants = { grant_types: ['authorization_code', 'refresh_token', 'client_credentials'] as const };
  victim = await registerClient(server, { grant_types: [...grants.grant_types] });
  attacker = await registerClient(server, { grant_types: [...grants.grant_types] });
  user = await signInUser(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** Gets a code through the browser for a client; PKCE unless `pkce: false`. */
async function getCode(
  client: RegisteredClient,
  options: { pkce?: boolean; signedIn?: SignedIn; extra?: Record<string, string> } = {},
): Promise<IssuedCode> {
  const withoutPkce = { code_challenge: undefined, code_challenge_method: undefined };
  const issued = await authorizationCode(server, options.signedIn ?? user, client, {
    ...(options.pkce === false ? withoutPkce : {}),
    ...options.extra,
  });
  return { code: issued.code, verifier: options.pkce === false ? null : issued.verifier };
}

const redeem = (
  code: IssuedCode,
  client: RegisteredClient,
  overrides: Record<string, string | undefined> = {},
) => redeemCode(server, client, code, overrides);

const introspect = (token: string, client = victim) => introspection(server, client, token);

function expectInvalidGrant(answer: { status: number; json: Record<string, unknown> }) {
  expect(answer.status).toBe(400);
  expect(answer.json.error).toBe('invalid_grant');
}

describe('code injection and replay (RFC 9700 §4.5, RFC 6749 §4.1.2)', () => {
  it('a code redeemed by another client is invalid_grant', async () => {
    const code = await getCode(victim);
    expectInvalidGrant(await redeem(code, attacker));
  });

  it('a code replayed is invalid_grant, and the tokens issued from it are revoked', async () => {
    const code = await getCode(victim);
    const first = await redeem(code, victim);
    expect(first.status).toBe(200);
    const accessToken = first.json.access_token as string;
    const refreshToken = first.json.refresh_token as string;
    expect(await introspect(accessToken)).toMatchObject({ active: true });
    expectInvalidGrant(await redeem(code, victim));
    expect(await introspect(accessToken)).toEqual({ active: false });
    expect(await introspect(refreshToken)).toEqual({ active: false });
    expectInvalidGrant(
      await formPost(
        server,
        '/token',
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        clientSecretBasic(victim),
      ),
    );
    const info = await fetch(`${issuer}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(info.status).toBe(401);
  });

  it('a code with another redirect_uri, or none, at the token endpoint is invalid_grant (RFC 6749 §4.1.3)', async () => {
    const code = await getCode(victim);
    expectInvalidGrant(await redeem(code, victim, { redirect_uri: 'https://rp.example.com/callback/' }));
    expectInvalidGrant(await redeem(code, victim, { redirect_uri: undefined }));
    // Those failures did not burn the code for its rightful redemption.
    expect((await redeem(code, victim)).status).toBe(200);
  });

  it('a code expires after 60 seconds', async () => {
    const code = await getCode(victim);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expectInvalidGrant(await redeem(code, victim));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PKCE (RFC 7636, RFC 9700 §4.8)', () => {
  it('downgrade: a verifier sent for a code requested without a challenge is invalid_grant', async () => {
    const optional = await registerClient(server, { require_pkce: false });
    const code = await getCode(optional, { pkce: false });
    expectInvalidGrant(await redeem(code, optional, { code_verifier: oauth.generateRandomCodeVerifier() }));
  });

  it('a missing or wrong verifier for a code requested with a challenge is invalid_grant', async () => {
    const code = await getCode(victim);
    expectInvalidGrant(await redeem(code, victim, { code_verifier: undefined }));
    expectInvalidGrant(await redeem(code, victim, { code_verifier: oauth.generateRandomCodeVerifier() }));
    // The challenge itself is not a verifier either.
    expectInvalidGrant(
      await redeem(code, victim, { code_verifier: await oauth.calculatePKCECodeChallenge(code.verifier!) }),
    );
  });

  it('the plain method is refused, and so is a challenge without a method', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    for (const method of ['plain', undefined]) {
      const url = authorizeUrl(server, {
        client_id: victim.clientId,
        redirect_uri: RP_REDIRECT,
        response_type: 'code',
        scope: 'openid',
        state: 'pkce',
        code_challenge: method === 'plain' ? verifier : await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: method,
      });
      expectErrorRedirect(server, await browserGet(url, user.cookie), {
        error: 'invalid_request',
        state: 'pkce',
      });
    }
  });

  it('clients that must use PKCE (public, or require_pkce) are refused without a challenge', async () => {
    const publicClient = await registerClient(server, {
      type: 'public',
      grant_types: ['authorization_code'],
    });
    for (const client of [publicClient, victim]) {
      const url = authorizeUrl(server, {
        client_id: client.clientId,
        redirect_uri: RP_REDIRECT,
        response_type: 'code',
        scope: 'openid',
        state: 'no-pkce',
      });
      expectErrorRedirect(server, await browserGet(url, user.cookie), {
        error: 'invalid_request',
        state: 'no-pkce',
      });
    }
  });
});

describe('redirect URI validation (RFC 9700 §4.1, exact match)', () => {
  it.each([
    ['trailing slash', 'https://rp.example.com/callback/'],
    ['extra query', 'https://rp.example.com/callback?x=1'],
    ['host case', 'https://RP.example.com/callback'],
    ['path case', 'https://rp.example.com/Callback'],
    ['userinfo part', 'https://user@rp.example.com/callback'],
    ['fragment', 'https://rp.example.com/callback#frag'],
    ['other port', 'https://rp.example.com:8443/callback'],
    ['dot segments', 'https://rp.example.com/other/../callback'],
    ['percent-encoding', 'https://rp.example.com/%63allback'],
    ['http scheme', 'http://rp.example.com/callback'],
    ['other host', 'https://rp.example.com.evil.example/callback'],
  ])('%s → error page, never a redirect', async (_variant, redirectUri) => {
    const url = authorizeUrl(server, {
      client_id: victim.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: 's',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
    });
    const answer = await browserGet(url, user.cookie);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toMatch(/^<!doctype html>/);
  });

  it('an unknown client_id → error page, never a redirect', async () => {
    const answer = await browserGet(
      authorizeUrl(server, { client_id: 'unknown-client', redirect_uri: RP_REDIRECT, response_type: 'code' }),
      user.cookie,
    );
    expect(answer).toMatchObject({ status: 400, location: null });
  });

  it('a missing redirect_uri → error page, even when only one URI is registered (OIDC Core §3.1.2.1)', async () => {
    const answer = await browserGet(
      authorizeUrl(server, { client_id: victim.clientId, response_type: 'code', scope: 'openid' }),
      user.cookie,
    );
    expect(answer).toMatchObject({ status: 400, location: null });
    expect(answer.body).toContain('redirect_uri is missing');
  });
});

describe('refresh tokens (RFC 9700 §4.14)', () => {
  it('replaying a rotated-out refresh token revokes the whole family', async () => {
    const tokens = (await redeem(await getCode(victim), victim)).json;
    const refresh = (form: Record<string, string>) =>
      formPost(server, '/token', { grant_type: 'refresh_token', ...form }, clientSecretBasic(victim));
    const rotated = await refresh({ refresh_token: tokens.refresh_token as string });
    expect(rotated.status).toBe(200);
    expectInvalidGrant(await refresh({ refresh_token: tokens.refresh_token as string }));
    expectInvalidGrant(await refresh({ refresh_token: rotated.json.refresh_token as string }));
    expect(await introspect(rotated.json.access_token as string)).toEqual({ active: false });
    expect(await introspect(tokens.access_token as string)).toEqual({ active: false });
  });

  it('asking for more scope than granted is invalid_scope, and does not burn the refresh token', async () => {
    const tokens = (await redeem(await getCode(victim), victim)).json;
    const refresh = (form: Record<string, string>) =>
      formPost(
        server,
        '/token',
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, ...form },
        clientSecretBasic(victim),
      );
    expect(await refresh({ scope: 'openid email' })).toMatchObject({
      status: 400,
      json: { error: 'invalid_scope' },
    });
    const refreshed = await refresh({ scope: 'openid' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.scope).toBe('openid');
  });

  it("another client cannot revoke a client's refresh token (RFC 7009 §2.1)", async () => {
    const tokens = (await redeem(await getCode(victim), victim)).json;
    const answer = await formPost(
      server,
      '/revoke',
      { token: tokens.refresh_token as string },
      clientSecretBasic(attacker),
    );
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe('unauthorized_client');
    expect(await introspect(tokens.refresh_token as string)).toMatchObject({ active: true });
  });

  it('a refresh token presented by another client is invalid_grant', async () => {
    const tokens = (await redeem(await getCode(victim), victim)).json;
    expectInvalidGrant(
      await formPost(
        server,
        '/token',
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string },
        clientSecretBasic(attacker),
      ),
    );
  });
});

describe('client authentication (RFC 6749 §2.3, §5.2)', () => {
  it('a confidential client sending only its client_id is invalid_client 401', async () => {
    const code = await getCode(victim);
    const codeAnswer = await formPost(server, '/token', {
      grant_type: 'authorization_code',
      code: code.code,
      redirect_uri: RP_REDIRECT,
      code_verifier: code.verifier!,
      client_id: victim.clientId,
    });
    expect(codeAnswer).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const tokens = (await redeem(code, victim)).json;
    const refreshAnswer = await formPost(server, '/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: victim.clientId,
    });
    expect(refreshAnswer).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const revokeAnswer = await formPost(server, '/revoke', {
      token: tokens.refresh_token as string,
      client_id: victim.clientId,
    });
    expect(revokeAnswer).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    expect(await introspect(tokens.refresh_token as string)).toMatchObject({ active: true });
  });

  it('a rotated-out secret no longer authenticates; the new one does', async () => {
    const rotating = await registerClient(server, {
      grant_types: ['authorization_code', 'client_credentials'],
    });
    const newSecret = await server.context.clients.registry.rotateSecret(rotating.clientId);
    const old = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      clientSecretBasic(rotating),
    );
    expect(old).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const posted = await formPost(server, '/token', {
      grant_type: 'client_credentials',
      client_id: rotating.clientId,
      client_secret: rotating.clientSecret!,
    });
    expect(posted).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const fresh = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      clientSecretBasic({ clientId: rotating.clientId, clientSecret: newSecret }),
    );
    expect(fresh.status).toBe(200);
  });

  it.each(['/token', '/introspect', '/revoke'])(
    '%s: a failed Basic authentication is a JSON 401 with a Basic WWW-Authenticate challenge',
    async (path) => {
      for (const authorization of [
        basicAuthorization(victim.clientId, 'wrong-secret'),
        basicAuthorization('no-such-client', 'secret'),
        'Basic !!!',
      ]) {
        const answer = await formPost(
          server,
          path,
          { grant_type: 'client_credentials', token: 'x' },
          { authorization },
        );
        expect(answer.status, authorization).toBe(401);
        expect(answer.json.error).toBe('invalid_client');
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(answer.headers.get('www-authenticate'), authorization).toMatch(/^Basic /);
      }
    },
  );

  it('Basic credentials are URL-decoded (RFC 6749 §2.3.1): openid-client ClientSecretBasic works for my.app~1', async () => {
    const special = await registerClient(server, {
      client_id: 'my.app~1',
      grant_types: ['authorization_code', 'client_credentials'],
      scopes: [{ scope: 'api:read', description: 'Read' }],
    });
    expect(special.clientId).toBe('my.app~1');
    const config = await openid.discovery(
      new URL(issuer),
      special.clientId,
      special.clientSecret!,
      openid.ClientSecretBasic(special.clientSecret!),
      { execute: [openid.allowInsecureRequests] },
    );
    const tokens = await openid.clientCredentialsGrant(config, { scope: 'api:read' });
    expect(tokens.scope).toBe('api:read');
    // And the same id without encoding is fine too (the unreserved characters decode to themselves).
    const plain = `Basic ${Buffer.from(`my.app~1:${special.clientSecret}`).toString('base64')}`;
    const answer = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      { authorization: plain },
    );
    expect(answer.status).toBe(200);
  });

  it('wrong-client introspection answers {active:false} for access and refresh tokens', async () => {
    const tokens = (await redeem(await getCode(victim), victim)).json;
    expect(await introspect(tokens.access_token as string, attacker)).toEqual({ active: false });
    expect(await introspect(tokens.refresh_token as string, attacker)).toEqual({ active: false });
    expect(await introspect(tokens.access_token as string, victim)).toMatchObject({ active: true });
  });
});

describe('token confusion and forged hints', () => {
  async function idToken(): Promise<string> {
    return (await redeem(await getCode(victim), victim)).json.id_token as string;
  }

  it('an id_token_hint with alg none, signed by a foreign key, or an access token is an invalid_request error redirect', async () => {
    const real = await idToken();
    const [header, payload] = real.split('.');
    const decodedHeader = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'));
    const algNone = `${Buffer.from(JSON.stringify({ ...decodedHeader, alg: 'none' })).toString('base64url')}.${payload}.`;
    const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    });
    const foreign = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')))
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(real).kid })
      .sign(await importJWK({ ...foreignKey, alg: 'RS256' }, 'RS256'));
    // An access token of ours is signed by a published key, but it is not an ID token.
    const accessToken = (await redeem(await getCode(victim), victim)).json.access_token as string;
    for (const hint of [algNone, foreign, accessToken]) {
      for (const prompt of ['none', undefined]) {
        const url = authorizeUrl(server, {
          client_id: victim.clientId,
          redirect_uri: RP_REDIRECT,
          response_type: 'code',
          scope: 'openid',
          state: 'hint',
          prompt,
          id_token_hint: hint,
          code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
          code_challenge_method: 'S256',
        });
        expectErrorRedirect(server, await browserGet(url, user.cookie), {
          error: 'invalid_request',
          state: 'hint',
        });
      }
    }
  });

  it('an ID token presented as an access token at /userinfo is 401 invalid_token', async () => {
    const token = await idToken();
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${issuer}/userinfo`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, method).toBe(401);
      expect(response.headers.get('www-authenticate'), method).toMatch(/^Bearer .*error="invalid_token"/);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('a client-credentials token (no user) is refused at /userinfo', async () => {
    const tokens = (
      await formPost(server, '/token', { grant_type: 'client_credentials' }, clientSecretBasic(victim))
    ).json;
    const response = await fetch(`${issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('an ID token is never active at introspection', async () => {
    expect(await introspect(await idToken())).toEqual({ active: false });
  });
});

describe('response hygiene', () => {
  it('every authorization response carries iss (RFC 9207): success, error, prompt=none error, denial', async () => {
    const fresh = await signInUser(server);
    const start = async (extra: Record<string, string>, signedIn: SignedIn | null) =>
      browserGet(
        authorizeUrl(server, {
          client_id: victim.clientId,
          redirect_uri: RP_REDIRECT,
          response_type: 'code',
          scope: 'openid',
          state: 'iss',
          code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
          code_challenge_method: 'S256',
          ...extra,
        }),
        signedIn?.cookie,
      );
    // Success through the hosted UI (finalize), then an immediate one.
    const pending = await start({}, fresh);
    const requestId = new URL(pending.location!, issuer).searchParams.get('request_id')!;
    const approved = await finalize(server, fresh, { request_id: requestId, decision: 'approve' });
    expect(new URL(approved.json.redirect_uri as string).searchParams.get('iss')).toBe(issuer);
    const immediate = await start({}, fresh);
    expect(immediate.status).toBe(302);
    expect(new URL(immediate.location!).searchParams.get('code')).toEqual(expect.any(String));
    expect(new URL(immediate.location!).searchParams.get('iss')).toBe(issuer);
    expect(new URL(immediate.location!).searchParams.get('state')).toBe('iss');
    // Errors.
    expectErrorRedirect(server, await start({ scope: 'openid admin' }, fresh), {
      error: 'invalid_scope',
      state: 'iss',
    });
    expectErrorRedirect(server, await start({ prompt: 'none' }, null), {
      error: 'login_required',
      state: 'iss',
    });
    const consent = await start({ prompt: 'consent' }, fresh);
    const denied = await finalize(server, fresh, {
      request_id: new URL(consent.location!, issuer).searchParams.get('request_id')!,
      decision: 'deny',
    });
    expectErrorRedirect(
      server,
      { status: 302, location: denied.json.redirect_uri as string },
      {
        error: 'access_denied',
        state: 'iss',
      },
    );
  });

  it('error_description stays within the RFC 6749 §4.1.2.1 charset even when the input it names does not', async () => {
    for (const [parameter, value, error] of [
      ['scope', 'openid "quoted"\\back\u00e9\ttab', 'invalid_scope'],
      ['prompt', 'lo"gin\u2028', 'invalid_request'],
      ['scope', `openid ${'x'.repeat(3000)}`, 'invalid_scope'],
    ]) {
      const url = authorizeUrl(server, {
        client_id: victim.clientId,
        redirect_uri: RP_REDIRECT,
        response_type: 'code',
        scope: 'openid',
        state: 'charset',
        code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
        code_challenge_method: 'S256',
        [parameter!]: value,
      });
      const parameters = expectErrorRedirect(server, await browserGet(url, user.cookie), {
        error: error!,
        state: 'charset',
      });
      // A reflected value must not blow up the redirect either.
      expect(parameters.get('error_description')!.length).toBeLessThanOrEqual(300);
    }
  });

  it('every /token response has Cache-Control: no-store, and every error is JSON with a string error', async () => {
    const code = await getCode(victim);
    const success = await redeem(code, victim);
    const answers = [
      success,
      await formPost(
        server,
        '/token',
        { grant_type: 'refresh_token', refresh_token: success.json.refresh_token as string },
        clientSecretBasic(victim),
      ),
      await formPost(server, '/token', { grant_type: 'client_credentials' }, clientSecretBasic(victim)),
      await redeem(code, victim),
      await formPost(
        server,
        '/token',
        { grant_type: 'client_credentials' },
        { authorization: basicAuthorization(victim.clientId, 'x') },
      ),
      await formPost(server, '/token', { grant_type: 'client_credentials' }),
      await formPost(server, '/token', {}, clientSecretBasic(victim)),
      await formPost(server, '/token', { grant_type: 'urn:unknown' }, clientSecretBasic(victim)),
    ];
    for (const body of [
      { type: 'application/json', data: JSON.stringify({ grant_type: 'client_credentials' }) },
      { type: 'text/plain', data: 'grant_type=client_credentials' },
      { type: 'application/xml', data: '<grant_type>client_credentials</grant_type>' },
    ]) {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': body.type, ...clientSecretBasic(victim) },
        body: body.data,
      });
      answers.push({
        status: response.status,
        headers: response.headers,
        json: (await response.json()) as Record<string, unknown>,
      });
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 400, 401, 401, 400, 400, 400, 400, 415,
    ]);
    expect(answers.map((answer) => answer.json.error)).toEqual([
      undefined,
      undefined,
      undefined,
      'invalid_grant',
      'invalid_client',
      'invalid_client',
      'invalid_request',
      'unsupported_grant_type',
      'invalid_request',
      'invalid_request',
      'invalid_request',
    ]);
    for (const answer of answers) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('/authorize redirects with 302 (never 307) and sends Referrer-Policy: no-referrer', async () => {
    const fresh = await signInUser(server);
    const base = {
      client_id: victim.clientId,
      redirect_uri: RP_REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
    };
    const toUi = await fetch(authorizeUrl(server, base), {
      redirect: 'manual',
      headers: { cookie: fresh.cookie },
    });
    await getCode(victim, { signedIn: fresh });
    const toClient = await fetch(authorizeUrl(server, base), {
      redirect: 'manual',
      headers: { cookie: fresh.cookie },
    });
    const post = await fetch(`${issuer}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: fresh.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(base),
    });
    const error = await fetch(authorizeUrl(server, { ...base, scope: 'nope' }), { redirect: 'manual' });
    const page = await fetch(authorizeUrl(server, { ...base, redirect_uri: 'https://evil.example/' }), {
      redirect: 'manual',
    });
    expect(toUi.headers.get('location')).toMatch(/^\/ui\/authorize/);
    expect(toClient.headers.get('location')).toMatch(new RegExp(`^${RP_REDIRECT}\\?code=`));
    expect(post.headers.get('location')).toMatch(new RegExp(`^${RP_REDIRECT}\\?code=`));
    expect(new URL(error.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
    expect([toUi.status, toClient.status, post.status, error.status, page.status]).toEqual([
      302, 302, 302, 302, 400,
    ]);
    for (const response of [toUi, toClient, post, error, page]) {
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});
