import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/tables.js';
import { hashToken } from '../crypto/tokens.js';
import type { AdminSession } from '../testing/admin.js';
import { authorizeOnce, codeOf, idTokenClaims, pendingRequestId, redeemCode } from '../testing/code-flow.js';
import {
  browserStep,
  CookieJar,
  createConnection,
  FEDERATION_TEST_ENV,
  federatedSignIn,
  follow,
  isCallback,
  verifyDomain,
} from '../testing/federation.js';
import { RP_REDIRECT, registerClient } from '../testing/oauth.js';
import { installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { currentCode } from '../testing/totp.js';
import { startUpstreamIdp, type UpstreamAccount, type UpstreamIdp } from '../testing/upstream-idp.js';

let server: TestServer;
let session: AdminSession;
let idp: UpstreamIdp;
/** JIT on, linking by verified email, acme.test verified, unverified.test listed but not verified. */
let connectionId: string;

const person = (overrides: Partial<UpstreamAccount> = {}): UpstreamAccount => ({
  sub: `sub-${randomBytes(6).toString('hex')}`,
  email: `p-${randomBytes(4).toString('hex')}@acme.test`,
  email_verified: true,
  name: 'Pat Upstream',
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer({ env: FEDERATION_TEST_ENV });
  session = await installAndSignIn(server);
  idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
  const connection = await createConnection(server, session, idp, {
    domains: ['acme.test', 'unverified.test'],
    jitProvisioning: true,
    accountLinkingPolicy: 'email_verified',
  });
  connectionId = connection.id;
  await verifyDomain(server, session, connectionId, 'acme.test');
}, 180_000);
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

async function sessionOf(jar: CookieJar) {
  const response = await fetch(`${server.publicUrl}/session`, {
    headers: { cookie: jar.header(new URL(server.publicUrl)) },
  });
  return (await response.json()) as Record<string, unknown>;
}

async function enrolTotp(email: string): Promise<void> {
  const user = (await server.context.accounts.users.findByEmail(email))!;
  const factor = { kind: 'user' as const, id: user.id, label: user.email };
  const { secret } = await server.context.otp.factors.startEnrolment(factor);
  await server.context.otp.factors.confirmEnrolment(factor, currentCode(secret));
}

async function refusalsWith(reason: string): Promise<number> {
  const rows = await server.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'federation.sign_in'), eq(auditEvents.outcome, 'failure')));
  return rows.filter((row) => (row.details as Record<string, unknown>).reason === reason).length;
}

async function expectRefused(answer: { status: number; body: string }, reason: string, text: RegExp) {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatch(text);
  expect(await refusalsWith(reason)).toBeGreaterThan(0);
}

describe('federated sign-in through a real upstream provider', () => {
  it('creates the account just in time, then signs the same upstream subject in to it again', async () => {
    const account = person();
    idp.signInAs(account);
    const first = await federatedSignIn(server, connectionId);
    expect(first.answer.status).toBe(302);
    expect(first.answer.location).toBe('/ui/account');
    // The session is kept by the node that started it, before any lookup (accounts/services.ts, sessionCache).
    const cookieValue = /tessera_session=([^;]+)/.exec(first.jar.header(new URL(server.publicUrl)))![1]!;
    expect(server.context.accounts.sessionCache.has(hashToken(cookieValue))).toBe(true);
    const signedIn = await sessionOf(first.jar);
    expect(signedIn).toMatchObject({ authenticated: true, amr: ['fed'] });
    const user = await server.context.accounts.users.findByEmail(account.email!);
    expect(user).toMatchObject({ emailVerified: true, name: 'Pat Upstream' });

    const identities = await fetch(`${server.publicUrl}/federation/identities`, {
      headers: { cookie: first.jar.header(new URL(server.publicUrl)) },
    });
    expect(await identities.json()).toMatchObject({
      identities: [
        { connection_id: connectionId, subject: account.sub, linked_by: 'jit', email: account.email },
      ],
    });

    // The provider now reports another address: the link by subject decides, not the email.
    idp.signInAs({ ...account, email: 'changed@elsewhere.test' });
    const again = await federatedSignIn(server, connectionId);
    expect(again.answer.location).toBe('/ui/account');
    const rows = await server.context.federation.linking.identitiesOf(user!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identity.email).toBe('changed@elsewhere.test');
  });

  it('links an existing account by a verified email in a verified domain', async () => {
    const existing = await server.context.accounts.users.create({ email: 'bob@acme.test', name: 'Bob' });
    idp.signInAs(person({ email: 'Bob@acme.test' }));
    const { answer, jar } = await federatedSignIn(server, connectionId);
    expect(answer.location).toBe('/ui/account');
    const identities = await server.context.federation.linking.identitiesOf(existing.id);
    expect(identities.map((row) => row.identity.linkedBy)).toEqual(['email']);
    expect((await sessionOf(jar)).authenticated).toBe(true);
    // The provider that owns the domain said the address is verified.
    expect((await server.context.accounts.users.find(existing.id))?.emailVerified).toBe(true);
  });

  it('refuses linking when the upstream does not say the email is verified', async () => {
    const existing = await server.context.accounts.users.create({
      email: 'carol@acme.test',
      emailVerified: true,
    });
    idp.signInAs(person({ email: 'carol@acme.test', email_verified: false }));
    const { answer, jar } = await federatedSignIn(server, connectionId);
    await expectRefused(answer, 'email_not_verified', /does not say your email address is verified/);
    expect(await server.context.federation.linking.identitiesOf(existing.id)).toEqual([]);
    expect((await sessionOf(jar)).authenticated).toBe(false);
  });

  it('refuses an address in a domain the connection lists but has not verified', async () => {
    idp.signInAs(person({ email: 'dan@unverified.test' }));
    const { answer } = await federatedSignIn(server, connectionId);
    await expectRefused(answer, 'domain_not_verified', /not verified for this identity provider/);
    expect(await server.context.accounts.users.findByEmail('dan@unverified.test')).toBeNull();
  });

  it('refuses ID tokens with a wrong issuer, audience, nonce or signature', async () => {
    const cases = [
      { claims: { iss: 'https://evil.example' } },
      { claims: { aud: 'someone-else' } },
      { claims: { nonce: 'not-the-nonce' } },
      { wrongKey: true },
    ];
    for (const tampering of cases) {
      const account = person();
      idp.signInAs(account);
      idp.tamper(tampering);
      try {
        const { answer, jar } = await federatedSignIn(server, connectionId);
        expect(answer.status, JSON.stringify(tampering)).toBe(400);
        expect(answer.body).toMatch(/could not be verified/);
        expect((await sessionOf(jar)).authenticated).toBe(false);
      } finally {
        idp.tamper(null);
      }
      expect(await server.context.accounts.users.findByEmail(account.email!)).toBeNull();
    }
    expect(await refusalsWith('upstream_token_rejected')).toBeGreaterThanOrEqual(cases.length);
  });

  it('refuses a userinfo answer about another subject (OIDC Core §5.3.2)', async () => {
    const account = person();
    idp.signInAs(account);
    idp.tamper({ userinfo: { sub: 'someone-else' } });
    try {
      const { answer } = await federatedSignIn(server, connectionId);
      await expectRefused(answer, 'upstream_userinfo_rejected', /did not match its sign-in/);
    } finally {
      idp.tamper(null);
    }
    expect(await server.context.accounts.users.findByEmail(account.email!)).toBeNull();
  });

  it('takes a state once: a replayed callback is refused', async () => {
    idp.signInAs(person());
    const { callback, jar, answer } = await federatedSignIn(server, connectionId);
    expect(answer.status).toBe(302);
    const replay = await browserStep(jar, callback);
    await expectRefused(replay, 'invalid_state', /not started in this browser|already used/);
  });

  it('refuses a callback without the browser’s flow cookie, and leaves the flow to its own browser', async () => {
    const account = person();
    idp.signInAs(account);
    const jar = new CookieJar();
    const start = new URL(`/api/user/federation/oidc/start?connection_id=${connectionId}`, server.publicUrl);
    const arrived = await follow(jar, start, isCallback);
    const stranger = await browserStep(new CookieJar(), arrived.url);
    await expectRefused(stranger, 'invalid_state', /not started in this browser/);
    expect((await browserStep(jar, arrived.url)).location).toBe('/ui/account');
  });

  it('resumes the pending authorization request after the callback', async () => {
    idp.signInAs(person());
    const { answer } = await federatedSignIn(server, connectionId, new CookieJar(), {
      request_id: 'req-123',
    });
    expect(answer.location).toBe('/ui/authorize?request_id=req-123');
  });

  it("goes straight back to the app when the sign-in approves the app's request (nothing left to ask)", async () => {
    const app = await registerClient(server, { first_party: true });
    const { verifier, answer, browser } = await authorizeOnce(server, null, app);
    const requestId = pendingRequestId(server, answer.location);
    const account = person();
    idp.signInAs(account);
    // The browser that started the request, holding its binding cookie.
    const jar = new CookieJar();
    jar.take(new URL(server.publicUrl), new Headers({ 'set-cookie': browser }));
    const { answer: back } = await federatedSignIn(server, connectionId, jar, {
      request_id: requestId,
    });
    expect(back.status).toBe(302);
    const redirect = new URL(back.location!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(RP_REDIRECT);
    const tokens = await redeemCode(server, app, { code: codeOf(redirect), verifier });
    expect(tokens.status).toBe(200);
    const user = await server.context.accounts.users.findByEmail(account.email!);
    expect(idTokenClaims(tokens)).toMatchObject({ sub: user!.id, amr: ['fed'] });
  });

  it('asks for the TOTP code a federated user has enrolled, whatever amr an untrusted connection reports', async () => {
    const account = person();
    idp.signInAs(account);
    await federatedSignIn(server, connectionId);
    await enrolTotp(account.email!);
    idp.signInAs({ ...account, amr: ['pwd', 'mfa'] });
    const owed = await federatedSignIn(server, connectionId, new CookieJar(), { request_id: 'req-9' });
    expect(owed.answer.location).toBe('/ui/sign-in/code?request_id=req-9');
    expect(await sessionOf(owed.jar)).toMatchObject({ authenticated: true, second_factor_pending: true });
  });

  it('takes upstream MFA for the second factor only on a connection trusted to report it', async () => {
    const trusted = await createConnection(server, session, idp, {
      trustUpstreamMfa: true,
      jitProvisioning: true,
      domains: ['trusted.test'],
    });
    await verifyDomain(server, session, trusted.id, 'trusted.test');
    const account = person({ email: 'tess@trusted.test', amr: ['pwd', 'mfa'] });
    idp.signInAs(account);
    await federatedSignIn(server, trusted.id);
    await enrolTotp(account.email!);

    const satisfied = await federatedSignIn(server, trusted.id);
    expect(satisfied.answer.location).toBe('/ui/account');
    expect(await sessionOf(satisfied.jar)).toMatchObject({ authenticated: true, amr: ['fed', 'mfa'] });

    idp.signInAs({ ...account, amr: ['pwd'] });
    const owed = await federatedSignIn(server, trusted.id);
    expect(owed.answer.location).toBe('/ui/sign-in/code');
  });

  it('refuses to start through a disabled connection', async () => {
    const disabled = await createConnection(server, session, idp, { enabled: false });
    const { status, body } = await browserStep(
      new CookieJar(),
      new URL(`/api/user/federation/oidc/start?connection_id=${disabled.id}`, server.publicUrl),
    );
    expect(status).toBe(400);
    expect(body).toMatch(/turned off/);
  });
});
