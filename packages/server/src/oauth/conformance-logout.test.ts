/**
 * The OIDF RP-Initiated Logout OP plan (oidcc-rp-initiated-logout-certification-test-plan, reference/interop.md §1.4),
 * one test per module. The rule under test: the service redirects to a post_logout_redirect_uri only with a valid
 * id_token_hint of its own and an exactly registered URI; otherwise it sends the browser to its own sign-out page
 * (/ui/logout, which asks the user to confirm; ASVS 10.6.2) or shows a page, and never redirects to the RP.
 */
import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowHttp,
  authorizeAndApprove,
  authorizeUrl,
  browserGet,
  expectErrorRedirect,
  RP_POST_LOGOUT,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  type StrictClient,
  signInUser,
  strictClient,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let issuer: string;
let rp: StrictClient;

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  rp = await strictClient(
    server,
    await registerClient(server, { post_logout_redirect_uris: [RP_POST_LOGOUT] }),
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A signed-in user who has just signed in to the RP: the ID token the RP would send as a hint. */
async function signedInAtRp(): Promise<{ user: SignedIn; idToken: string }> {
  const user = await signInUser(server);
  const verifier = oauth.generateRandomCodeVerifier();
  const url = authorizeUrl(server, {
    client_id: rp.clientId,
    redirect_uri: RP_REDIRECT,
    response_type: 'code',
    scope: 'openid',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const callback = await authorizeAndApprove(server, user, url);
  const parameters = oauth.validateAuthResponse(rp.as, rp.client, callback, oauth.expectNoState);
  const response = await oauth.authorizationCodeGrantRequest(
    rp.as,
    rp.client,
    rp.auth,
    parameters,
    RP_REDIRECT,
    verifier,
    allowHttp,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(rp.as, rp.client, response, {
    requireIdToken: true,
  });
  return { user, idToken: tokens.id_token! };
}

function logoutUrl(parameters: Record<string, string>): string {
  const url = new URL(rp.as.end_session_endpoint!);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.href;
}

async function sessionActive(user: SignedIn): Promise<boolean> {
  const response = await fetch(`${issuer}/session`, { headers: { cookie: user.cookie } });
  return ((await response.json()) as { authenticated: boolean }).authenticated;
}

/** OIDC Core §3.1.2.6: after logout, a silent authorization request must fail with login_required. */
async function expectPromptNoneFails(user: SignedIn): Promise<void> {
  const url = authorizeUrl(server, {
    client_id: rp.clientId,
    redirect_uri: RP_REDIRECT,
    response_type: 'code',
    scope: 'openid',
    prompt: 'none',
    state: 'after-logout',
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: 'S256',
  });
  expectErrorRedirect(server, await browserGet(url, user.cookie), {
    error: 'login_required',
    state: 'after-logout',
  });
}

/** The answer a logout request must give when it may not redirect: our own sign-out page, with the user still in. */
async function expectOwnPageAndSessionKept(
  answer: { status: number; location: string | null },
  user: SignedIn,
): Promise<void> {
  expect(answer.status).toBe(303);
  expect(answer.location).toBe('/ui/logout');
  expect(await sessionActive(user)).toBe(true);
}

/** The ID token with its header replaced by `alg: none` and the signature dropped. */
function withAlgNone(idToken: string): string {
  const [header, payload] = idToken.split('.');
  const decoded = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'));
  const none = Buffer.from(JSON.stringify({ ...decoded, alg: 'none' })).toString('base64url');
  return `${none}.${payload}.`;
}

/** A look-alike ID token: same header (kid included) and claims, signed by a key the service never published. */
async function signedByAnotherKey(idToken: string): Promise<string> {
  const header = decodeProtectedHeader(idToken);
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8'));
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: header.kid, typ: header.typ })
    .sign(await importJWK({ ...foreign, alg: 'RS256' }, 'RS256'));
}

describe('OIDF oidcc-rp-initiated-logout-certification-test-plan', () => {
  it('oidcc-rp-initiated-logout-discovery-endpoint-verification: end_session_endpoint is advertised', () => {
    expect(rp.as.end_session_endpoint).toBe(`${issuer}/logout`);
  });

  it('oidcc-rp-initiated-logout: valid hint and registered URI → back to the RP with state, session over', async () => {
    const { user, idToken } = await signedInAtRp();
    const answer = await browserGet(
      logoutUrl({ id_token_hint: idToken, post_logout_redirect_uri: RP_POST_LOGOUT, state: 'xyz-123' }),
      user.cookie,
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${RP_POST_LOGOUT}?state=xyz-123`);
    expect(await sessionActive(user)).toBe(false);
    await expectPromptNoneFails(user);
  });

  it('oidcc-rp-initiated-logout-bad-post-logout-redirect-uri: an unregistered URI is never redirected to', async () => {
    const { user, idToken } = await signedInAtRp();
    const answer = await browserGet(
      logoutUrl({
        id_token_hint: idToken,
        post_logout_redirect_uri: 'https://rp.example.com/not-registered',
        state: 's',
      }),
      user.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toMatch(/^<!doctype html>/);
    expect(answer.body).not.toContain('not-registered');
  });

  it('oidcc-rp-initiated-logout-modified-id-token-hint: a hint changed to alg none → no redirect, no logout', async () => {
    const { user, idToken } = await signedInAtRp();
    const answer = await browserGet(
      logoutUrl({
        id_token_hint: withAlgNone(idToken),
        post_logout_redirect_uri: RP_POST_LOGOUT,
        state: 's',
      }),
      user.cookie,
    );
    await expectOwnPageAndSessionKept(answer, user);
  });

  it('oidcc-rp-initiated-logout-no-id-token-hint: a registered URI without a hint → our page, not the RP', async () => {
    const { user } = await signedInAtRp();
    const answer = await browserGet(
      logoutUrl({ post_logout_redirect_uri: RP_POST_LOGOUT, state: 's', client_id: rp.clientId }),
      user.cookie,
    );
    await expectOwnPageAndSessionKept(answer, user);
  });

  it('oidcc-rp-initiated-logout-no-params: our sign-out page, which asks the user', async () => {
    const { user } = await signedInAtRp();
    await expectOwnPageAndSessionKept(await browserGet(logoutUrl({}), user.cookie), user);
  });

  it('oidcc-rp-initiated-logout-no-post-logout-redirect-uri: valid hint alone → logged out, our logged-out page', async () => {
    const { user, idToken } = await signedInAtRp();
    const answer = await browserGet(logoutUrl({ id_token_hint: idToken }), user.cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/ui/logout?status=signed-out');
    expect(await sessionActive(user)).toBe(false);
  });

  it('oidcc-rp-initiated-logout-no-state: back to the RP without a state, session over', async () => {
    const { user, idToken } = await signedInAtRp();
    const answer = await browserGet(
      logoutUrl({ id_token_hint: idToken, post_logout_redirect_uri: RP_POST_LOGOUT }),
      user.cookie,
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(RP_POST_LOGOUT);
    await expectPromptNoneFails(user);
  });

  it('oidcc-rp-initiated-logout-only-state: our sign-out page', async () => {
    const { user } = await signedInAtRp();
    await expectOwnPageAndSessionKept(await browserGet(logoutUrl({ state: 'only' }), user.cookie), user);
  });

  it('oidcc-rp-initiated-logout-query-added-to-post-logout-redirect-uri: not an exact match → not redirected', async () => {
    const { user, idToken } = await signedInAtRp();
    const answer = await browserGet(
      logoutUrl({
        id_token_hint: idToken,
        post_logout_redirect_uri: `${RP_POST_LOGOUT}?foo=bar`,
        state: 's',
      }),
      user.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });

  it('oidcc-rp-initiated-logout-bad-id-token-hint: a hint signed by another key → no redirect, no logout', async () => {
    const { user, idToken } = await signedInAtRp();
    const answer = await browserGet(
      logoutUrl({
        id_token_hint: await signedByAnotherKey(idToken),
        post_logout_redirect_uri: RP_POST_LOGOUT,
        state: 's',
      }),
      user.cookie,
    );
    await expectOwnPageAndSessionKept(answer, user);
  });

  it('a hint issued to another client than the client_id sent → no redirect, no logout', async () => {
    const { user, idToken } = await signedInAtRp();
    const other = await registerClient(server);
    const answer = await browserGet(
      logoutUrl({
        id_token_hint: idToken,
        post_logout_redirect_uri: RP_POST_LOGOUT,
        client_id: other.clientId,
      }),
      user.cookie,
    );
    await expectOwnPageAndSessionKept(answer, user);
  });

  it("a valid hint for one user never ends another user's session", async () => {
    const { idToken } = await signedInAtRp();
    const bystander = await signInUser(server);
    const answer = await browserGet(
      logoutUrl({ id_token_hint: idToken, post_logout_redirect_uri: RP_POST_LOGOUT }),
      bystander.cookie,
    );
    expect(answer.location).toBe(RP_POST_LOGOUT);
    expect(await sessionActive(bystander)).toBe(true);
  });

  it('POST (form) works like GET: redirect with state, session over', async () => {
    const { user, idToken } = await signedInAtRp();
    const response = await fetch(rp.as.end_session_endpoint!, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        id_token_hint: idToken,
        post_logout_redirect_uri: RP_POST_LOGOUT,
        state: 'p',
      }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${RP_POST_LOGOUT}?state=p`);
    expect(await sessionActive(user)).toBe(false);
  });

  it('POST without a valid hint: our page, not the RP', async () => {
    const { user, idToken } = await signedInAtRp();
    const response = await fetch(rp.as.end_session_endpoint!, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        id_token_hint: withAlgNone(idToken),
        post_logout_redirect_uri: RP_POST_LOGOUT,
      }),
    });
    await expectOwnPageAndSessionKept(
      { status: response.status, location: response.headers.get('location') },
      user,
    );
  });
});
