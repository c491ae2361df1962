/**
 * The OIDF Basic OP certification plan (oidcc-basic-certification-test-plan, reference/interop.md §1.2), one test per
 * module, with the checks every module performs (§1.5). oauth4webapi is the relying party: it rejects an unexpected
 * nonce, a missing or wrong `iss` in the authorization response, non-JSON error bodies and malformed token responses.
 * The ID token is also validated independently against the published JWKS (validateIdToken).
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRequest, pendingRequestId, pendingRequestView } from '../testing/code-flow.js';
import {
  allowHttp,
  authorizeAndApprove,
  authorizeUrl,
  browserGet,
  expectErrorRedirect,
  finalize,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  type StrictClient,
  sameBrowser,
  signInUser,
  strictClient,
  validateIdToken,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
/** client_secret_basic, the plan's default client. */
let rp: StrictClient;
/** A second client_secret_basic client (the plan registers two), used for client-binding checks. */
let rp2: StrictClient;
/** The client_secret_post client. */
let rpPost: StrictClient;
let issuer: string;

const SCOPES = [
  { scope: 'openid', description: '' },
  { scope: 'profile', description: '' },
  { scope: 'email', description: '' },
  { scope: 'offline_access', description: '' },
];

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  rp = await strictClient(server, await registerClient(server, { scopes: SCOPES }));
  rp2 = await strictClient(server, await registerClient(server, { scopes: SCOPES }));
  rpPost = await strictClient(server, await registerClient(server, { scopes: SCOPES }), 'client_secret_post');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

interface FlowOptions {
  rp?: StrictClient;
  scope?: string;
  /** The nonce to send; null sends none. Defaults to a random one. */
  nonce?: string | null;
  /** Extra authorization parameters (sent after the standard ones). */
  extra?: Record<string, string>;
  /** max_age sent in the request, so the RP checks auth_time against it. */
  maxAge?: number;
}

interface Flow {
  callback: URL;
  parameters: URLSearchParams;
  verifier: string;
  tokens: oauth.TokenEndpointResponse;
  claims: Awaited<ReturnType<typeof validateIdToken>>;
}

async function authorizationRequest(options: FlowOptions) {
  const client = options.rp ?? rp;
  const state = oauth.generateRandomState();
  const nonce = options.nonce === undefined ? oauth.generateRandomNonce() : options.nonce;
  const { url, verifier } = await codeRequest(server, client, {
    scope: options.scope ?? 'openid profile email',
    state,
    nonce: nonce ?? undefined,
    max_age: options.maxAge?.toString(),
    ...options.extra,
  });
  return { client, verifier, state, nonce, url };
}

/** Checks the authorization response (state, iss) and redeems the code as a strict RP; validates the ID token. */
async function redeem(
  client: StrictClient,
  callback: URL,
  request: { verifier: string; state: string; nonce: string | null },
  maxAge?: number,
): Promise<Flow> {
  expect(`${callback.origin}${callback.pathname}`).toBe(RP_REDIRECT);
  expect(callback.searchParams.get('iss')).toBe(issuer);
  const parameters = oauth.validateAuthResponse(client.as, client.client, callback, request.state);
  const response = await oauth.authorizationCodeGrantRequest(
    client.as,
    client.client,
    client.auth,
    parameters,
    RP_REDIRECT,
    request.verifier,
    allowHttp,
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const tokens = await oauth.processAuthorizationCodeResponse(client.as, client.client, response, {
    expectedNonce: request.nonce ?? oauth.expectNoNonce,
    requireIdToken: true,
    maxAge,
  });
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.access_token).toEqual(expect.any(String));
  expect(tokens.expires_in).toBeGreaterThan(0);
  const claims = await validateIdToken(server, tokens.id_token!, {
    clientId: client.clientId,
    nonce: request.nonce,
    accessToken: tokens.access_token,
  });
  return { callback, parameters, verifier: request.verifier, tokens, claims };
}

async function codeFlow(signedIn: SignedIn, options: FlowOptions = {}): Promise<Flow> {
  const request = await authorizationRequest(options);
  const callback = await authorizeAndApprove(server, signedIn, request.url);
  return redeem(request.client, callback, request, options.maxAge);
}

async function userInfo(client: StrictClient, accessToken: string, sub: string) {
  const response = await oauth.userInfoRequest(client.as, client.client, accessToken, allowHttp);
  return oauth.processUserInfoResponse(client.as, client.client, sub, response);
}

async function introspect(client: StrictClient, token: string) {
  const response = await oauth.introspectionRequest(client.as, client.client, client.auth, token, allowHttp);
  return oauth.processIntrospectionResponse(client.as, client.client, response);
}

/** The immediate answer of /authorize for this browser, without approving anything. */
async function authorizeOnce(signedIn: SignedIn | null, options: FlowOptions = {}) {
  const request = await authorizationRequest(options);
  const answer = await browserGet(request.url, signedIn?.cookie);
  return { ...request, answer };
}

function unsignedJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none' })}.${encode(payload)}.`;
}

describe('OIDF oidcc-basic-certification-test-plan', () => {
  it('oidcc-server: code flow, authorization response, token response, ID token and userinfo', async () => {
    const user = await signInUser(server, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const flow = await codeFlow(user);
    expect(flow.claims.sub).toBe(user.user.id);
    expect(flow.claims.aud).toBe(rp.clientId);
    expect(flow.claims.azp).toBe(rp.clientId);
    const info = await userInfo(rp, flow.tokens.access_token, user.user.id);
    expect(info).toEqual({
      sub: user.user.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      email_verified: true,
    });
    // The access token is an RFC 9068 JWT a resource server can validate (typ at+jwt, claims, signature).
    const accessToken = await oauth.validateJwtAccessToken(
      rp.as,
      new Request(`${issuer}/api`, { headers: { authorization: `Bearer ${flow.tokens.access_token}` } }),
      rp.clientId,
      { ...allowHttp, signingAlgorithms: ['ES256'] },
    );
    expect(accessToken).toMatchObject({
      sub: user.user.id,
      client_id: rp.clientId,
      scope: 'openid profile email',
    });
  });

  it('oidcc-response-type-missing: an error redirect, not a code', async () => {
    const user = await signInUser(server);
    const { answer, state } = await authorizeOnce(user, { extra: { response_type: '' } });
    const request = await authorizationRequest({});
    const url = new URL(request.url);
    url.searchParams.delete('response_type');
    const missing = await browserGet(url.href, user.cookie);
    expectErrorRedirect(server, missing, { error: 'invalid_request', state: request.state });
    // An empty response_type is as good as missing.
    expectErrorRedirect(server, answer, { error: 'invalid_request', state });
  });

  it('oidcc-idtoken-signature: with no algorithm registered the ID token is RS256 and names its kid', async () => {
    const user = await signInUser(server);
    const flow = await codeFlow(user);
    const [encodedHeader] = flow.tokens.id_token!.split('.');
    const header = JSON.parse(Buffer.from(encodedHeader!, 'base64url').toString('utf8'));
    expect(header.alg).toBe('RS256');
    expect(header.kid).toEqual(expect.any(String));
    // validateIdToken already verified the signature against the JWKS entry with that kid.
  });

  it('oidcc-idtoken-unsigned: `none` is not offered, so the module does not apply and no token is unsigned', async () => {
    expect(rp.as.id_token_signing_alg_values_supported).not.toContain('none');
    expect(rp.as.id_token_signing_alg_values_supported).toContain('RS256');
    const user = await signInUser(server);
    const flow = await codeFlow(user);
    expect(flow.tokens.id_token!.split('.')[2]).not.toBe('');
  });

  it('oidcc-userinfo-get: GET with the bearer token in the Authorization header', async () => {
    const user = await signInUser(server, { email: 'get@example.com' });
    const flow = await codeFlow(user, { scope: 'openid email' });
    const response = await fetch(`${issuer}/userinfo`, {
      headers: { authorization: `Bearer ${flow.tokens.access_token}` },
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const info = await oauth.processUserInfoResponse(rp.as, rp.client, user.user.id, response);
    expect(info).toEqual({ sub: user.user.id, email: 'get@example.com', email_verified: true });
  });

  it('oidcc-userinfo-post-header: POST with the bearer token in the Authorization header', async () => {
    const user = await signInUser(server);
    const flow = await codeFlow(user, { scope: 'openid' });
    const response = await fetch(`${issuer}/userinfo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${flow.tokens.access_token}` },
    });
    const info = await oauth.processUserInfoResponse(rp.as, rp.client, user.user.id, response);
    expect(info).toEqual({ sub: user.user.id });
  });

  it('oidcc-userinfo-post-body: POST with the token as a form parameter (RFC 6750 §2.2)', async () => {
    const user = await signInUser(server, { name: 'Body Poster' });
    const flow = await codeFlow(user, { scope: 'openid profile' });
    const response = await fetch(`${issuer}/userinfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: flow.tokens.access_token }),
    });
    const info = await oauth.processUserInfoResponse(rp.as, rp.client, user.user.id, response);
    expect(info).toEqual({ sub: user.user.id, name: 'Body Poster' });
  });

  it('oidcc-ensure-request-without-nonce-succeeds-for-code-flow: no nonce sent, none in the ID token', async () => {
    const user = await signInUser(server);
    // redeem() uses expectNoNonce, so oauth4webapi fails if a nonce claim appears; validateIdToken checks it too.
    const flow = await codeFlow(user, { nonce: null });
    expect(flow.claims).not.toHaveProperty('nonce');
  });

  it('oidcc-scope-profile: profile claims at userinfo, and nothing of the email scope', async () => {
    const user = await signInUser(server, { name: 'Profile Only', email: 'profile@example.com' });
    const flow = await codeFlow(user, { scope: 'openid profile' });
    expect(await userInfo(rp, flow.tokens.access_token, user.user.id)).toEqual({
      sub: user.user.id,
      name: 'Profile Only',
    });
    expect(flow.claims).not.toHaveProperty('email');
  });

  it('oidcc-scope-email: email claims at userinfo, and nothing of the profile scope', async () => {
    const user = await signInUser(server, { name: 'Email Only', email: 'email-only@example.com' });
    const flow = await codeFlow(user, { scope: 'openid email' });
    expect(await userInfo(rp, flow.tokens.access_token, user.user.id)).toEqual({
      sub: user.user.id,
      email: 'email-only@example.com',
      email_verified: true,
    });
    expect(flow.claims).not.toHaveProperty('name');
  });

  it.each([
    ['oidcc-scope-address', 'openid address'],
    ['oidcc-scope-phone', 'openid phone'],
    ['oidcc-scope-all', 'openid profile email address phone'],
  ])(
    '%s: a scope we do not offer is refused with invalid_scope (and not advertised)',
    async (_module, scope) => {
      expect(rp.as.scopes_supported).not.toContain('address');
      expect(rp.as.scopes_supported).not.toContain('phone');
      const user = await signInUser(server);
      const { answer, state } = await authorizeOnce(user, { scope });
      expectErrorRedirect(server, answer, { error: 'invalid_scope', state });
    },
  );

  it('oidcc-alternate-happy-flow: reversed scope order and reordered parameters work (RFC 6749 §3.3)', async () => {
    const user = await signInUser(server, { email: 'alternate@example.com' });
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const url = authorizeUrl(server, {
      state,
      nonce,
      code_challenge_method: 'S256',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      scope: 'email openid',
      redirect_uri: RP_REDIRECT,
      response_type: 'code',
      client_id: rp.clientId,
    });
    const callback = await authorizeAndApprove(server, user, url);
    const flow = await redeem(rp, callback, { verifier, state, nonce });
    expect(flow.tokens.scope?.split(' ').sort()).toEqual(['email', 'openid']);
    expect(flow.claims.email).toBe('alternate@example.com');
  });

  it.each(['page', 'popup'])(
    'oidcc-display-%s: the display parameter does not cause an error',
    async (display) => {
      const user = await signInUser(server);
      const flow = await codeFlow(user, { extra: { display } });
      expect(flow.claims.sub).toBe(user.user.id);
    },
  );

  it('oidcc-prompt-login: prompt=login forces a new sign-in and a later auth_time', async () => {
    const earlier = await signInUser(server, { authentication: { authTime: new Date(Date.now() - 60_000) } });
    const first = await codeFlow(earlier);
    const { answer, verifier, state, nonce } = await authorizeOnce(earlier, { extra: { prompt: 'login' } });
    // Even with a session and remembered consent, the browser goes to the hosted UI to sign in again.
    const requestId = pendingRequestId(server, answer.location);
    expect((await pendingRequestView(server, earlier, requestId)).login_required).toBe(true);
    const withOldSession = await finalize(server, earlier, { request_id: requestId, decision: 'approve' });
    expect(withOldSession).toEqual({
      status: 403,
      json: expect.objectContaining({ error: 'login_required' }),
    });
    const again = await signInUser(server, { user: earlier.user, browser: sameBrowser(earlier.cookie) });
    expect((await pendingRequestView(server, again, requestId)).login_required).toBe(false);
    const approved = await finalize(server, again, { request_id: requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
    const second = await redeem(rp, new URL(approved.json.redirect_uri as string), {
      verifier,
      state,
      nonce,
    });
    expect(second.claims.sub).toBe(first.claims.sub);
    expect(second.claims.auth_time as number).toBeGreaterThan(first.claims.auth_time as number);
  });

  it('oidcc-prompt-none-not-logged-in: login_required, redirected with state and iss', async () => {
    const { answer, state } = await authorizeOnce(null, { extra: { prompt: 'none' } });
    expectErrorRedirect(server, answer, { error: 'login_required', state });
  });

  it('oidcc-prompt-none-logged-in: a code at once, same sub and auth_time', async () => {
    const user = await signInUser(server);
    const first = await codeFlow(user);
    const request = await authorizeOnce(user, { extra: { prompt: 'none' } });
    expect(request.answer.status).toBe(302);
    expect(request.answer.location).toMatch(new RegExp(`^${RP_REDIRECT}\\?code=`));
    const second = await redeem(rp, new URL(request.answer.location!), request);
    expect(second.claims.sub).toBe(first.claims.sub);
    expect(second.claims.auth_time).toBe(first.claims.auth_time);
  });

  it('oidcc-max-age-1: after more than a second, max_age=1 requires signing in again', async () => {
    const user = await signInUser(server);
    const first = await codeFlow(user);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Silently it cannot be done (OIDC Core §3.1.2.1): login_required.
    const silent = await authorizeOnce(user, { maxAge: 1, extra: { prompt: 'none' } });
    expectErrorRedirect(server, silent.answer, { error: 'login_required', state: silent.state });
    const { answer, verifier, state, nonce } = await authorizeOnce(user, { maxAge: 1 });
    // Not a code: a pending request the hosted UI completes only after a fresh sign-in.
    const requestId = pendingRequestId(server, answer.location);
    expect((await pendingRequestView(server, user, requestId)).login_required).toBe(true);
    const stale = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    expect(stale.status).toBe(403);
    const again = await signInUser(server, { user: user.user, browser: sameBrowser(user.cookie) });
    const approved = await finalize(server, again, { request_id: requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
    const second = await redeem(
      rp,
      new URL(approved.json.redirect_uri as string),
      { verifier, state, nonce },
      1,
    );
    expect(second.claims.auth_time as number).toBeGreaterThan(first.claims.auth_time as number);
  });

  it('max_age=0 is prompt=login (OIDC Core §3.1.2.1): a sign-in made for the request satisfies it', async () => {
    const user = await signInUser(server);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { answer, verifier, state, nonce } = await authorizeOnce(user, { maxAge: 0 });
    const requestId = pendingRequestId(server, answer.location);
    // The session from before the request does not do.
    expect((await pendingRequestView(server, user, requestId)).login_required).toBe(true);
    expect((await finalize(server, user, { request_id: requestId, decision: 'approve' })).status).toBe(403);
    const again = await signInUser(server, { user: user.user, browser: sameBrowser(user.cookie) });
    // However long the approval then takes, the new sign-in was made for this request.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await pendingRequestView(server, again, requestId)).login_required).toBe(false);
    const approved = await finalize(server, again, { request_id: requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
    const tokens = await redeem(
      rp,
      new URL(approved.json.redirect_uri as string),
      { verifier, state, nonce },
      0,
    );
    expect(tokens.claims.sub).toBe(user.user.id);
  });

  it('oidcc-max-age-10000: a recent enough sign-in is reused, auth_time present and unchanged', async () => {
    const user = await signInUser(server);
    const first = await codeFlow(user, { maxAge: 15000 });
    const request = await authorizeOnce(user, { maxAge: 10000 });
    expect(request.answer.location).toMatch(new RegExp(`^${RP_REDIRECT}\\?code=`));
    const second = await redeem(rp, new URL(request.answer.location!), request, 10000);
    expect(second.claims.auth_time).toBe(first.claims.auth_time);
  });

  it('oidcc-ensure-request-with-unknown-parameter-succeeds: unknown parameters are ignored', async () => {
    const user = await signInUser(server);
    const flow = await codeFlow(user, { extra: { extra: 'foobar' } });
    expect(flow.claims.sub).toBe(user.user.id);
  });

  it('oidcc-id-token-hint: prompt=none with the previous ID token succeeds at once, same sub', async () => {
    const user = await signInUser(server);
    const first = await codeFlow(user);
    const request = await authorizeOnce(user, {
      extra: { prompt: 'none', id_token_hint: first.tokens.id_token! },
    });
    expect(request.answer.location).toMatch(new RegExp(`^${RP_REDIRECT}\\?code=`));
    const second = await redeem(rp, new URL(request.answer.location!), request);
    expect(second.claims.sub).toBe(first.claims.sub);
    // A hint naming someone else than the signed-in user cannot be satisfied silently.
    const other = await signInUser(server);
    const mismatch = await authorizeOnce(other, {
      extra: { prompt: 'none', id_token_hint: first.tokens.id_token! },
    });
    expectErrorRedirect(server, mismatch.answer, { error: 'login_required', state: mismatch.state });
  });

  it.each([
    ['oidcc-login-hint', { login_hint: 'someone@example.com' }],
    ['oidcc-ui-locales', { ui_locales: 'se' }],
    ['oidcc-claims-locales', { claims_locales: 'se' }],
    ['oidcc-ensure-request-with-acr-values-succeeds', { acr_values: 'urn:tessera:loa:1 urn:other' }],
  ])('%s: the parameter does not cause an error', async (_module, extra) => {
    const user = await signInUser(server);
    const flow = await codeFlow(user, { extra });
    expect(flow.claims.sub).toBe(user.user.id);
    expect(flow.claims.acr).toBe('urn:tessera:loa:1');
  });

  it('oidcc-codereuse: a second redemption is invalid_grant and revokes what the first one issued', async () => {
    const user = await signInUser(server);
    const flow = await codeFlow(user);
    expect(await introspect(rp, flow.tokens.access_token)).toMatchObject({ active: true });
    const replay = await oauth.authorizationCodeGrantRequest(
      rp.as,
      rp.client,
      rp.auth,
      flow.parameters,
      RP_REDIRECT,
      flow.verifier,
      allowHttp,
    );
    expect(replay.status).toBe(400);
    await expect(oauth.processAuthorizationCodeResponse(rp.as, rp.client, replay)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await introspect(rp, flow.tokens.access_token)).toEqual({ active: false });
    expect(await introspect(rp, flow.tokens.refresh_token!)).toEqual({ active: false });
    const info = await oauth.userInfoRequest(rp.as, rp.client, flow.tokens.access_token, allowHttp);
    expect(info.status).toBe(401);
    expect(info.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('oidcc-ensure-registered-redirect-uri: an unregistered redirect_uri gets an error page, never a redirect', async () => {
    const user = await signInUser(server);
    const { answer } = await authorizeOnce(user, {
      extra: { redirect_uri: 'https://rp.example.com/unregistered' },
    });
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toMatch(/^<!doctype html>/);
    expect(answer.body).not.toContain('https://rp.example.com/unregistered');
  });

  it('oidcc-ensure-post-request-succeeds: the authorization endpoint accepts a form POST', async () => {
    const user = await signInUser(server);
    const request = await authorizationRequest({});
    const response = await fetch(`${issuer}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URL(request.url).searchParams,
    });
    expect(response.status).toBe(302);
    const requestId = pendingRequestId(server, response.headers.get('location'));
    const approved = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    const flow = await redeem(rp, new URL(approved.json.redirect_uri as string), request);
    expect(flow.claims.sub).toBe(user.user.id);
  });

  it('oidcc-server-client-secret-post: the happy flow with client_secret_post', async () => {
    const user = await signInUser(server);
    const flow = await codeFlow(user, { rp: rpPost });
    expect(flow.claims.aud).toBe(rpPost.clientId);
    expect((await userInfo(rpPost, flow.tokens.access_token, user.user.id)).sub).toBe(user.user.id);
  });

  it('oidcc-request-uri-unsigned-supported-correctly-or-rejected-as-unsupported: request_uri_not_supported', async () => {
    expect(rp.as.request_uri_parameter_supported).toBe(false);
    const user = await signInUser(server);
    const { answer, state } = await authorizeOnce(user, {
      extra: { request_uri: 'https://rp.example.com/request.jwt' },
    });
    expectErrorRedirect(server, answer, { error: 'request_uri_not_supported', state });
  });

  it('oidcc-unsigned-request-object-supported-correctly-or-rejected-as-unsupported: an unsigned object is refused', async () => {
    // Request objects are supported, signed with the client's registered keys only (RFC 9101, docs/integration.md).
    expect(rp.as.request_parameter_supported).toBe(true);
    const user = await signInUser(server);
    const request = unsignedJwt({
      iss: rp.clientId,
      aud: issuer,
      client_id: rp.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: RP_REDIRECT,
    });
    const { answer } = await authorizeOnce(user, { extra: { request } });
    // Ignoring the request object would be a failure: it must be refused, and its redirect_uri is not to be trusted.
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toContain('request object');
  });

  it('oidcc-ensure-request-object-with-redirect-uri: refused; never redirected to a URI only the object names', async () => {
    const user = await signInUser(server);
    const request = unsignedJwt({ client_id: rp.clientId, redirect_uri: 'https://attacker.example/cb' });
    const url = new URL((await authorizationRequest({ extra: { request } })).url);
    url.searchParams.delete('redirect_uri');
    // Only the request object names a redirect URI, and the object is unsigned: refused on an error page (the module
    // accepts one) and never a redirect — least of all to the object's URI.
    const page = await browserGet(url.href, user.cookie);
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.body).toContain('request object');
    expect(page.body).not.toContain('attacker.example');
  });

  it('oidcc-claims-essential: the claims parameter (not supported) is ignored, as OIDC Core §5.5 asks', async () => {
    expect(rp.as.claims_parameter_supported).toBe(false);
    const user = await signInUser(server);
    const claims = JSON.stringify({ userinfo: { name: { essential: true } } });
    const flow = await codeFlow(user, { scope: 'openid', extra: { claims } });
    expect((await userInfo(rp, flow.tokens.access_token, user.user.id)).sub).toBe(user.user.id);
  });

  it('oidcc-refresh-token: refresh works, and the refresh token is bound to its client', async () => {
    const user = await signInUser(server);
    const flow = await codeFlow(user, { scope: 'openid offline_access' });
    expect(flow.tokens.refresh_token).toEqual(expect.any(String));
    // Another registered client presenting it is refused, and that does not burn the token for its owner.
    const stolen = await oauth.refreshTokenGrantRequest(
      rp2.as,
      rp2.client,
      rp2.auth,
      flow.tokens.refresh_token!,
      allowHttp,
    );
    await expect(oauth.processRefreshTokenResponse(rp2.as, rp2.client, stolen)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const response = await oauth.refreshTokenGrantRequest(
      rp.as,
      rp.client,
      rp.auth,
      flow.tokens.refresh_token!,
      allowHttp,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const refreshed = await oauth.processRefreshTokenResponse(rp.as, rp.client, response);
    expect(refreshed.refresh_token).not.toBe(flow.tokens.refresh_token);
    const claims = await validateIdToken(server, refreshed.id_token!, {
      clientId: rp.clientId,
      nonce: null,
      accessToken: refreshed.access_token,
    });
    expect(claims.sub).toBe(flow.claims.sub);
    expect(claims.auth_time).toBe(flow.claims.auth_time);
    expect((await userInfo(rp, refreshed.access_token, user.user.id)).sub).toBe(user.user.id);
  });

  it('oidcc-ensure-request-with-valid-pkce-succeeds: valid PKCE works, also where it is optional', async () => {
    const optional = await strictClient(
      server,
      await registerClient(server, { scopes: SCOPES, require_pkce: false }),
    );
    const user = await signInUser(server);
    const flow = await codeFlow(user, { rp: optional });
    expect(flow.claims.aud).toBe(optional.clientId);
  });
});
