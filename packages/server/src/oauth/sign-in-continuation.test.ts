/**
 * A sign-in that continues a pending authorization request (POST /api/user/login/finish with request_id): when
 * nothing is left to ask, the request is approved in the same call and the answer carries the redirect to the
 * application, as the consent page would have approved it by itself; whenever something is left (consent, a second
 * factor, a key to deliver, an organization to explain), the answer says null and the request is left pending for
 * the consent page, untouched.
 */
import { generateKeyPairSync } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../accounts/tables.js';
import {
  type AuthorizationParameters,
  authorizeOnce,
  codeOf,
  idTokenClaims,
  pendingRequestId,
  pendingRequestView,
  REFUSED_NONCE,
  redeemCode,
  refuseMarkedCodes,
  UNREACHABLE_NONCE,
} from '../testing/code-flow.js';
import {
  browserBindingCookie,
  finalize,
  type RegisteredClient,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { loginWithPassword, registerWithPassword } from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { OAuthStore } from './store.js';

let server: TestServer;
let client: RegisteredClient;
const password = 'continuation password';
/** The one browser every request, sign-in and approval here comes from (its binding cookie). */
const browser = browserBindingCookie();

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('accounts.self_registration', true);
  await server.context.settings.set('accounts.require_email_verification', false);
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await server.context.settings.set('rate_limits.sign_in_per_minute', 100_000);
  client = await registerClient(server);
  await refuseMarkedCodes(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

let users = 0;

/** A user registered with the password; with `approved`, they approved the client (openid email) once. */
async function passwordUser(
  options: { approved?: boolean } = {},
): Promise<{ email: string; session: SignedIn }> {
  const email = `continuation-${++users}@example.com`;
  expect((await registerWithPassword(server, email, password)).status).toBe(200);
  const user = (await server.context.accounts.users.findByEmail(email))!;
  const session = await signInUser(server, { user, browser });
  if (options.approved) {
    const { answer } = await authorizeOnce(server, session, client, {
      scope: 'openid email',
    });
    const approved = await finalize(server, session, {
      request_id: pendingRequestId(server, answer.location),
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
  }
  return { email, session };
}

/** A request parked for the hosted UI by a browser without a session, and how its relying party redeems it. */
async function pendingRequest(
  forClient: RegisteredClient = client,
  parameters: AuthorizationParameters = {},
): Promise<{ requestId: string; verifier: string; state: string; nonce: string }> {
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const { verifier, answer } = await authorizeOnce(server, { cookie: browser }, forClient, {
    scope: 'openid email',
    state,
    nonce,
    ...parameters,
  });
  return { requestId: pendingRequestId(server, answer.location), verifier, state, nonce };
}

/** The password sign-in's last answer when it names the request. */
async function signInFor(email: string, requestId: string) {
  const login = await loginWithPassword(server, email, password, {
    cookie: browser,
    finishFields: { request_id: requestId },
  });
  expect(login.finish?.status).toBe(200);
  expect(login.cookie).not.toBeNull();
  return {
    json: login.finish!.json,
    cookie: `${login.cookie!}; ${browser}`,
    csrfToken: login.finish!.json.csrf_token as string,
  };
}

/** How many sign-ins of the user were audited as successful, and how many sessions the user has. */
async function signInsAndSessions(userId: string): Promise<{ audited: number; sessions: number }> {
  const audited = await server.context.audit.list(
    { action: 'user.sign_in', actor: userId, outcome: 'success' },
    1000,
  );
  const [started] = await server.database.db
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return { audited: audited.length, sessions: started!.n };
}

describe('a password sign-in that names a pending request', () => {
  it('approves it when consent is remembered: the answer leads to the application with a code that redeems', async () => {
    const { email, session } = await passwordUser({ approved: true });
    const pending = await pendingRequest();

    const { json, cookie } = await signInFor(email, pending.requestId);
    const authorization = json.authorization as { redirect_uri: string };
    const redirect = new URL(authorization.redirect_uri);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(RP_REDIRECT);
    expect(redirect.searchParams.get('state')).toBe(pending.state);
    expect(redirect.searchParams.get('iss')).toBe(server.config.baseUrl);

    const tokens = await redeemCode(server, client, { code: codeOf(redirect), verifier: pending.verifier });
    expect(tokens.status).toBe(200);
    const claims = idTokenClaims(tokens);
    expect(claims.sub).toBe(session.user.id);
    expect(claims.nonce).toBe(pending.nonce);
    expect(claims.amr).toEqual(['pwd']);

    // The request is used up: the consent page would find nothing to approve, and a second sign-in naming it
    // approves nothing.
    const view = await fetch(`${server.publicUrl}/api/user/authorization-requests/${pending.requestId}`, {
      headers: { cookie },
    });
    expect(view.status).toBe(404);
    const again = await signInFor(email, pending.requestId);
    expect(again.json.authorization).toBeNull();
  });

  it("approves a first-party app's request with no consent given, reading nothing of a request this node parked", async () => {
    const firstParty = await registerClient(server, { first_party: true });
    const { email, session } = await passwordUser();
    const pending = await pendingRequest(firstParty);
    const reads = [
      vi.spyOn(OAuthStore.prototype, 'findAuthorizationRequest'),
      vi.spyOn(OAuthStore.prototype, 'findAuthorizationRequestWithConsent'),
      vi.spyOn(OAuthStore.prototype, 'findConsent'),
    ];
    const { json } = await signInFor(email, pending.requestId);
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    const redirect = (json.authorization as { redirect_uri: string }).redirect_uri;
    const tokens = await redeemCode(server, firstParty, {
      code: codeOf(redirect),
      verifier: pending.verifier,
    });
    expect(tokens.status).toBe(200);
    expect(idTokenClaims(tokens).sub).toBe(session.user.id);
  });

  it('approves a max_age=0 request (prompt=login, OIDC Core §3.1.2.1): the sign-in was made for it', async () => {
    const { email } = await passwordUser({ approved: true });
    const pending = await pendingRequest(client, { max_age: '0' });
    const { json } = await signInFor(email, pending.requestId);
    const redirect = (json.authorization as { redirect_uri: string }).redirect_uri;
    expect(
      (await redeemCode(server, client, { code: codeOf(redirect), verifier: pending.verifier })).status,
    ).toBe(200);
  });

  it('leaves the request to the consent page when consent was never given', async () => {
    const { email } = await passwordUser();
    const pending = await pendingRequest();
    const signedIn = await signInFor(email, pending.requestId);
    expect(signedIn.json.authorization).toBeNull();

    const view = await pendingRequestView(server, signedIn, pending.requestId);
    expect(view.consent_required).toBe(true);
    const approved = await finalize(server, signedIn, { request_id: pending.requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
  });

  it('leaves it when the request asks for consent again (prompt=consent) or for more scopes', async () => {
    const { email } = await passwordUser({ approved: true });
    for (const parameters of [{ prompt: 'consent' }, { scope: 'openid email profile' }]) {
      const pending = await pendingRequest(client, parameters);
      const signedIn = await signInFor(email, pending.requestId);
      expect(signedIn.json.authorization).toBeNull();
      expect((await pendingRequestView(server, signedIn, pending.requestId)).consent_required).toBe(true);
    }
  });

  it('leaves it while a second factor is owed', async () => {
    const { email } = await passwordUser({ approved: true });
    await server.context.settings.set('otp.required_for_users', true);
    try {
      const pending = await pendingRequest();
      const signedIn = await signInFor(email, pending.requestId);
      expect(signedIn.json.second_factor).toBe('enroll');
      expect(signedIn.json.authorization).toBeNull();
      // Still pending: the browser that completes the second factor can approve it.
      const user = (await server.context.accounts.users.findByEmail(email))!;
      const session = await signInUser(server, { user, browser });
      expect((await pendingRequestView(server, session, pending.requestId)).consent_required).toBe(false);
    } finally {
      await server.context.settings.set('otp.required_for_users', false);
    }
  });

  it('leaves it when a key is to be delivered: the browser builds that', async () => {
    const zkClient = await registerClient(server, {
      zk_delivery: 'v2',
      zk_required: true,
      first_party: true,
    });
    const { email } = await passwordUser();
    const zkPub = Buffer.from(
      JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' })),
    ).toString('base64url');
    const pending = await pendingRequest(zkClient, { zk_pub: zkPub });
    const signedIn = await signInFor(email, pending.requestId);
    expect(signedIn.json.authorization).toBeNull();
    // Still pending, and approving it still needs the key's hash, as at the consent page.
    const refused = await finalize(server, signedIn, { request_id: pending.requestId, decision: 'approve' });
    expect(refused.json.error).toBe('zk_key_hash_required');
  });

  it('leaves it when the application needs an organization the user lacks (the consent page explains)', async () => {
    const orgClient = await registerClient(server, { organization_required: true, first_party: true });
    const { email } = await passwordUser();
    const pending = await pendingRequest(orgClient);
    const signedIn = await signInFor(email, pending.requestId);
    expect(signedIn.json.authorization).toBeNull();
    const view = await pendingRequestView(server, signedIn, pending.requestId);
    expect((view.refusal as { reason: string }).reason).toBe('no_organization');
  });

  it('signs in all the same when the request is unknown, and says nothing without request_id', async () => {
    const { email } = await passwordUser({ approved: true });
    const unknown = await signInFor(email, 'no-such-request');
    expect(unknown.json.authorization).toBeNull();
    expect(unknown.json.authenticated).toBe(true);

    const pending = await pendingRequest();
    const plain = await loginWithPassword(server, email, password, { cookie: browser });
    expect(plain.finish?.status).toBe(200);
    expect(plain.finish!.json.authorization).toBeNull();
    // Not approved by a sign-in that did not name it.
    const session = {
      cookie: `${plain.cookie!}; ${browser}`,
      csrfToken: plain.finish!.json.csrf_token as string,
    };
    expect((await pendingRequestView(server, session, pending.requestId)).consent_required).toBe(false);
  });

  it('approves a request once when two sign-ins name it at the same time', async () => {
    const { email } = await passwordUser({ approved: true });
    const pending = await pendingRequest();
    const both = await Promise.all([
      signInFor(email, pending.requestId),
      signInFor(email, pending.requestId),
    ]);
    const approvals = both.filter((signedIn) => signedIn.json.authorization !== null);
    expect(approvals).toHaveLength(1);
  });

  it('approves it in the statement that starts the session, with no write of its own', async () => {
    const { email, session } = await passwordUser({ approved: true });
    const pending = await pendingRequest();
    const before = await signInsAndSessions(session.user.id);
    const approve = vi.spyOn(OAuthStore.prototype, 'approveConsentedAuthorizationRequest');
    const asked = vi.spyOn(OAuthStore.prototype, 'approveAuthorizationRequest');
    const tied = vi.spyOn(OAuthStore.prototype, 'tieAuthorizationRequest');
    const { json } = await signInFor(email, pending.requestId);
    const authorization = json.authorization as { redirect_uri: string };
    expect(authorization).not.toBeNull();
    expect(approve).not.toHaveBeenCalled();
    expect(asked).not.toHaveBeenCalled();
    expect(tied).not.toHaveBeenCalled();
    // One session started and one sign-in audited, as without the request; the code names that session.
    expect(await signInsAndSessions(session.user.id)).toEqual({
      audited: before.audited + 1,
      sessions: before.sessions + 1,
    });
    const tokens = await redeemCode(server, client, {
      code: codeOf(new URL(authorization.redirect_uri)),
      verifier: pending.verifier,
    });
    expect(tokens.status).toBe(200);
  });

  it("signs in all the same when the approval's write fails: the session starts alone, the request stays pending", async () => {
    const { email, session } = await passwordUser({ approved: true });
    const pending = await pendingRequest(client, { nonce: REFUSED_NONCE });
    const before = await signInsAndSessions(session.user.id);
    const signedIn = await signInFor(email, pending.requestId);
    expect(signedIn.json.authenticated).toBe(true);
    expect(signedIn.json.authorization).toBeNull();
    expect(await signInsAndSessions(session.user.id)).toEqual({
      audited: before.audited + 1,
      sessions: before.sessions + 1,
    });
    // The new session is live, and the request is still there for the consent page, consent remembered.
    expect((await pendingRequestView(server, signedIn, pending.requestId)).consent_required).toBe(false);
  });

  it('keeps the sign-in when the database is lost during the approval: the request stays for the consent page', async () => {
    // The statement with the approval fails as a lost connection does (its outcome unknown to the server): the
    // session then starts alone, and the lost approval costs the shortcut only.
    const { email, session } = await passwordUser({ approved: true });
    const pending = await pendingRequest(client, { nonce: UNREACHABLE_NONCE });
    const before = await signInsAndSessions(session.user.id);
    const signedIn = await signInFor(email, pending.requestId);
    expect(signedIn.json.authenticated).toBe(true);
    expect(signedIn.json.authorization).toBeNull();
    expect(await signInsAndSessions(session.user.id)).toEqual({
      audited: before.audited + 1,
      sessions: before.sessions + 1,
    });
    expect((await pendingRequestView(server, signedIn, pending.requestId)).consent_required).toBe(false);
  });

  it('approves it after ending the session the browser had, in a statement of its own', async () => {
    const { email } = await passwordUser({ approved: true });
    const earlier = await loginWithPassword(server, email, password);
    expect(earlier.cookie).not.toBeNull();
    const pending = await pendingRequest();
    const approve = vi.spyOn(OAuthStore.prototype, 'approveConsentedAuthorizationRequest');
    const login = await loginWithPassword(server, email, password, {
      cookie: `${earlier.cookie!}; ${browser}`,
      finishFields: { request_id: pending.requestId },
    });
    expect(login.finish?.status).toBe(200);
    const authorization = login.finish!.json.authorization as { redirect_uri: string };
    const tokens = await redeemCode(server, client, {
      code: codeOf(new URL(authorization.redirect_uri)),
      verifier: pending.verifier,
    });
    expect(tokens.status).toBe(200);
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('refuses a request_id that is not a sound value, changing nothing', async () => {
    const { email } = await passwordUser({ approved: true });
    const login = await loginWithPassword(server, email, password, { finishFields: { request_id: '' } });
    expect(login.finish?.status).toBe(400);
    expect(login.cookie).toBeNull();
  });
});
