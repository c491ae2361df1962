/**
 * Pre-registered accounts (account pre-hijacking, "classic-federated merge"): somebody registers an address they do
 * not own, sets up credentials on the account, and waits for the owner. The owner then proves the address — through
 * the upstream provider that owns its domain, or an emailed reset link — and must get the account without anything
 * the registrant set up (docs/users.md#unverified-accounts, docs/federation.md#routed-domains). Each test acts as the
 * attacker would, in both orders (attacker first, owner first), with the domain routed at registration or not, and
 * with self-registration open and closed.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../accounts/tables.js';
import { auditEvents } from '../audit/tables.js';
import { keybags, userEncryptionKeys } from '../keys/tables.js';
import { otpFactors } from '../otp/tables.js';
import { passkeyCredentials } from '../passkeys/tables.js';
import type { AdminSession } from '../testing/admin.js';
import { codeFlowTokens, refreshGrant } from '../testing/code-flow.js';
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
import { accountKeyBody, newAccountKey } from '../testing/keys.js';
import {
  browserBindingCookie,
  type RegisteredClient,
  registerClient,
  type SignedIn,
} from '../testing/oauth.js';
import {
  loginWithPassword,
  postJson,
  registerWithPassword,
  resetPasswordWithLink,
} from '../testing/opaque-client.js';
import { call } from '../testing/orgs.js';
import { admin, installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SmtpCapture } from '../testing/smtp.js';
import { currentCode } from '../testing/totp.js';
import { startUpstreamIdp, type UpstreamIdp } from '../testing/upstream-idp.js';
import { SoftAuthenticator } from '../testing/webauthn.js';

let server: TestServer;
let session: AdminSession;
let idp: UpstreamIdp;
let client: RegisteredClient;
let connectionId: string;
const smtp = new SmtpCapture();
const ATTACKER_PASSWORD = 'attacker password 1';

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({ env: FEDERATION_TEST_ENV });
  await smtp.configure(server);
  session = await installAndSignIn(server);
  idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
  const connection = await createConnection(server, session, idp, {
    name: 'Acme SSO',
    jitProvisioning: true,
    accountLinkingPolicy: 'email_verified',
  });
  connectionId = connection.id;
  client = await registerClient(server);
  await server.context.settings.set('accounts.self_registration', true);
  // The riskiest setting for pre-registration: an unverified registrant may sign in and set up credentials.
  await server.context.settings.set('accounts.require_email_verification', false);
}, 180_000);
afterAll(async () => {
  await idp?.close();
  await server?.close();
  await smtp.stop();
});

/** A domain of its own for each test, so that routing one never changes another test. */
const freshDomain = () => `d${randomBytes(4).toString('hex')}.test`;

/** Adds the domain to the connection and verifies it: from now on it routes to the provider. */
async function routeDomain(domain: string, extra: Record<string, unknown> = {}): Promise<void> {
  const current = await admin(server, session, 'GET', `/admin/federation/connections/${connectionId}`);
  const updated = await admin(server, session, 'PUT', `/admin/federation/connections/${connectionId}`, {
    name: current.json.name,
    issuer: current.json.issuer,
    clientId: current.json.clientId,
    domains: [...(current.json.domains as string[]), domain],
    ...extra,
  });
  expect(updated.status, JSON.stringify(updated.json)).toBe(200);
  await verifyDomain(server, session, connectionId, domain);
}

async function setLocalAccountsAllowed(allowed: boolean): Promise<void> {
  const current = await admin(server, session, 'GET', `/admin/federation/connections/${connectionId}`);
  const updated = await admin(server, session, 'PUT', `/admin/federation/connections/${connectionId}`, {
    name: current.json.name,
    issuer: current.json.issuer,
    clientId: current.json.clientId,
    allowLocalAccounts: allowed,
  });
  expect(updated.json.allowLocalAccounts).toBe(allowed);
}

/** What the attacker holds on the account they pre-registered. */
interface Foothold {
  userId: string;
  signedIn: SignedIn;
  refreshToken: string;
  authenticator: SoftAuthenticator;
}

/**
 * The attacker registers the victim's address with a password of their own. The operator here does not require a
 * verified address to sign in (beforeAll), so they then sign in and set up everything an account can hold: a
 * passkey, TOTP, a keybag, a grant with a refresh token.
 */
async function attackerPreRegisters(email: string): Promise<Foothold> {
  const registered = await registerWithPassword(server, email, ATTACKER_PASSWORD, 'Mallory');
  expect(registered.status, JSON.stringify(registered.json)).toBe(200);
  const login = await loginWithPassword(server, email, ATTACKER_PASSWORD);
  expect(login.finish?.status).toBe(200);
  const user = (await server.context.accounts.users.findByEmail(email))!;
  expect(user.emailVerified).toBe(false);
  const signedIn: SignedIn = {
    user,
    cookie: `${login.cookie}; ${browserBindingCookie()}`,
    csrfToken: login.finish!.json.csrf_token as string,
    sessionId: '',
  };
  const authenticator = new SoftAuthenticator(new URL(server.config.baseUrl).origin, { prf: true });
  const options = await call(server, signedIn, 'POST', '/api/user/passkeys/registration/options');
  expect(options.status).toBe(200);
  const passkey = await call(server, signedIn, 'POST', '/api/user/passkeys/registration/verify', {
    name: 'Mallory key',
    response: authenticator.create(options.json.options as Parameters<SoftAuthenticator['create']>[0]),
  });
  expect(passkey.status, JSON.stringify(passkey.json)).toBe(201);
  const keybag = await call(
    server,
    signedIn,
    'POST',
    '/crypto/keybag/account-key',
    accountKeyBody(newAccountKey(user.id), ['recovery_key']).body,
  );
  expect(keybag.status, JSON.stringify(keybag.json)).toBe(201);
  const factor = { kind: 'user' as const, id: user.id, label: email };
  const { secret } = await server.context.otp.factors.startEnrolment(factor);
  await server.context.otp.factors.confirmEnrolment(factor, currentCode(secret));
  const tokens = await codeFlowTokens(server, signedIn, client, { scope: 'openid email' });
  expect(await authenticated(signedIn.cookie)).toBe(true);
  return { userId: user.id, signedIn, refreshToken: tokens.refresh_token, authenticator };
}

async function rowsOf(userId: string) {
  const { db } = server.database;
  return {
    passkeys: await db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId)),
    factors: await db.select().from(otpFactors).where(eq(otpFactors.userId, userId)),
    keybags: await db.select().from(keybags).where(eq(keybags.userId, userId)),
    encryptionKeys: await db.select().from(userEncryptionKeys).where(eq(userEncryptionKeys.userId, userId)),
    liveSessions: await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt))),
  };
}

async function discardedEntries(userId: string) {
  return server.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'user.credentials_discarded'), eq(auditEvents.targetId, userId)));
}

async function authenticated(cookie: string): Promise<boolean> {
  const answer = await fetch(`${server.publicUrl}/session`, { headers: { cookie } });
  return ((await answer.json()) as { authenticated: boolean }).authenticated;
}

/** Nothing the attacker set up works any more, and nothing of it is stored. */
async function expectFootholdGone(foothold: Foothold, email: string): Promise<void> {
  // The password they chose: the account has no password record now, so the OPAQUE exchange cannot complete.
  const login = await loginWithPassword(server, email, ATTACKER_PASSWORD);
  expect(login.cookie).toBeNull();
  expect(login.finish).toBeNull();
  // Their session, their refresh token.
  expect(await authenticated(foothold.signedIn.cookie)).toBe(false);
  const refreshed = await refreshGrant(server, client, foothold.refreshToken);
  expect(refreshed.status).toBe(400);
  expect(refreshed.json.error).toBe('invalid_grant');
  // Their passkey, TOTP factor, keybag and encryption keys.
  const rows = await rowsOf(foothold.userId);
  expect(rows.passkeys).toHaveLength(0);
  expect(rows.factors).toHaveLength(0);
  expect(rows.keybags).toHaveLength(0);
  expect(rows.encryptionKeys).toHaveLength(0);
}

describe('an address registered by someone else before its owner signs in through the provider', () => {
  it('is handed to the owner without the registrant’s password, passkeys, TOTP, keys, sessions or tokens', async () => {
    const domain = freshDomain();
    const email = `victim@${domain}`;
    // Not routed yet: self-registration accepts the address.
    const foothold = await attackerPreRegisters(email);
    expect((await rowsOf(foothold.userId)).passkeys).toHaveLength(1);

    await routeDomain(domain);
    idp.signInAs({
      sub: `owner-${randomBytes(4).toString('hex')}`,
      email,
      email_verified: true,
      name: 'Owner',
    });
    const owner = await federatedSignIn(server, connectionId);
    expect(owner.answer.status).toBe(302);
    // The second factor the attacker enrolled is not asked of the owner: it is gone.
    expect(owner.answer.location).toBe('/ui/account');

    const user = (await server.context.accounts.users.findByEmail(email))!;
    expect(user.id).toBe(foothold.userId);
    expect(user.emailVerified).toBe(true);
    expect(await server.context.accounts.passwords.hasPassword(user.id)).toBe(false);
    await expectFootholdGone(foothold, email);
    // Only the owner's session lives.
    expect(await authenticated(owner.jar.header(new URL(server.publicUrl)))).toBe(true);
    expect((await rowsOf(user.id)).liveSessions).toHaveLength(1);
    const [entry, ...more] = await discardedEntries(user.id);
    expect(more).toHaveLength(0);
    expect(entry!.details).toEqual({ proven_by: 'federation' });
    const identities = await server.context.federation.linking.identitiesOf(user.id);
    expect(identities.map(({ identity }) => identity.linkedBy)).toEqual(['email']);
  });

  it('keeps the credentials of an account whose address its holder had verified', async () => {
    const domain = freshDomain();
    const email = `verified@${domain}`;
    const foothold = await attackerPreRegisters(email);
    // Following the verification link proves the address: the holder is its owner.
    await server.context.accounts.users.markEmailVerified(foothold.userId, email);
    await routeDomain(domain);
    idp.signInAs({ sub: `owner-${randomBytes(4).toString('hex')}`, email, email_verified: true });
    const owner = await federatedSignIn(server, connectionId);
    // The enrolled TOTP factor stays, and is asked for.
    expect(owner.answer.location).toBe('/ui/sign-in/code');
    expect(await server.context.accounts.passwords.hasPassword(foothold.userId)).toBe(true);
    const rows = await rowsOf(foothold.userId);
    expect(rows.passkeys).toHaveLength(1);
    expect(rows.keybags).toHaveLength(1);
    expect(await discardedEntries(foothold.userId)).toHaveLength(0);
  });

  it('refuses self-registration, email changes and admin creation of an address in a routed domain', async () => {
    const domain = freshDomain();
    await routeDomain(domain);
    const before = (await server.context.accounts.users.page({ query: domain, offset: 0, limit: 10 })).total;

    const registration = await registerWithPassword(server, `victim@${domain}`, ATTACKER_PASSWORD);
    expect(registration.status).toBe(403);
    expect(registration.json.error).toBe('email_domain_federated');
    expect(registration.json.message).toMatch(/Acme SSO/);

    const created = await admin(server, session, 'POST', '/admin/users', { email: `new@${domain}` });
    expect(created.status).toBe(403);
    expect(created.json.error).toBe('email_domain_federated');

    const elsewhere = await admin(server, session, 'POST', '/admin/users', {
      email: `someone@${freshDomain()}`,
    });
    expect(elsewhere.status).toBe(201);
    const moved = await admin(server, session, 'PUT', `/admin/users/${elsewhere.json.id}`, {
      email: `moved@${domain}`,
    });
    expect(moved.status).toBe(403);
    expect(moved.json.error).toBe('email_domain_federated');

    // A signed-in user asking to change their address to one in the domain.
    const local = `local-${randomBytes(3).toString('hex')}@${freshDomain()}`;
    expect((await registerWithPassword(server, local, 'local password 1')).status).toBe(200);
    const login = await loginWithPassword(server, local, 'local password 1');
    const signedIn = {
      user: (await server.context.accounts.users.findByEmail(local))!,
      cookie: login.cookie!,
      csrfToken: login.finish!.json.csrf_token as string,
      sessionId: '',
    };
    const change = await call(server, signedIn, 'POST', '/api/user/profile/email', { email: `me@${domain}` });
    expect(change.status).toBe(403);
    expect(change.json.error).toBe('email_domain_federated');
    expect((await server.context.accounts.users.page({ query: domain, offset: 0, limit: 10 })).total).toBe(
      before,
    );
  });

  it('refuses an emailed address change confirmed after the domain was routed', async () => {
    const domain = freshDomain();
    const local = `mover-${randomBytes(3).toString('hex')}@${freshDomain()}`;
    expect((await registerWithPassword(server, local, 'mover password 1')).status).toBe(200);
    const login = await loginWithPassword(server, local, 'mover password 1');
    const signedIn = {
      user: (await server.context.accounts.users.findByEmail(local))!,
      cookie: login.cookie!,
      csrfToken: login.finish!.json.csrf_token as string,
      sessionId: '',
    };
    const target = `me@${domain}`;
    const asked = await call(server, signedIn, 'POST', '/api/user/profile/email', { email: target });
    expect(asked.status).toBe(202);
    const token = smtp.lastToken(target, 'confirm-email')!;
    await routeDomain(domain);
    const confirmed = await postJson(`${server.publicUrl}/api/user/profile/email/confirm`, { token });
    expect(confirmed.status).toBe(403);
    expect(confirmed.json.error).toBe('email_domain_federated');
    expect((await server.context.accounts.users.findByEmail(local))?.id).toBe(signedIn.user.id);
    expect(await server.context.accounts.users.findByEmail(target)).toBeNull();
  });

  it('owner first: the registrant gets nothing, whether or not local accounts are allowed in the domain', async () => {
    const domain = freshDomain();
    const email = `owner@${domain}`;
    await routeDomain(domain);
    idp.signInAs({ sub: `owner-${randomBytes(4).toString('hex')}`, email, email_verified: true });
    const owner = await federatedSignIn(server, connectionId);
    expect(owner.answer.location).toBe('/ui/account');
    const user = (await server.context.accounts.users.findByEmail(email))!;

    const refused = await registerWithPassword(server, email, ATTACKER_PASSWORD);
    expect(refused.json.error).toBe('email_domain_federated');

    await setLocalAccountsAllowed(true);
    // With verification required, registration answers alike whether or not the address has an account.
    await server.context.settings.set('accounts.require_email_verification', true);
    try {
      // Allowed: registration of an existing address answers as for any address, and sets no password on it.
      const answered = await registerWithPassword(server, email, ATTACKER_PASSWORD);
      expect(answered.status).toBe(200);
      expect(answered.json.status).toBe('verification_sent');
      expect(await server.context.accounts.passwords.hasPassword(user.id)).toBe(false);
      expect((await loginWithPassword(server, email, ATTACKER_PASSWORD)).finish).toBeNull();
      // A new address in the domain may now register locally.
      const local = await registerWithPassword(server, `local@${domain}`, 'a local password');
      expect(local.json.status).toBe('verification_sent');
    } finally {
      await server.context.settings.set('accounts.require_email_verification', false);
      await setLocalAccountsAllowed(false);
    }
    expect(await authenticated(owner.jar.header(new URL(server.publicUrl)))).toBe(true);
  });

  it('with self-registration closed, nobody can pre-register, and an admin-made account goes to the owner', async () => {
    const domain = freshDomain();
    const email = `closed@${domain}`;
    await server.context.settings.set('accounts.self_registration', false);
    try {
      const refused = await registerWithPassword(server, email, ATTACKER_PASSWORD);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe('registration_closed');
    } finally {
      await server.context.settings.set('accounts.self_registration', true);
    }
    // An admin imported the address without verifying it, before routing the domain.
    const created = await admin(server, session, 'POST', '/admin/users', { email, email_verified: false });
    expect(created.status).toBe(201);
    await routeDomain(domain);
    idp.signInAs({ sub: `owner-${randomBytes(4).toString('hex')}`, email, email_verified: true });
    const owner = await federatedSignIn(server, connectionId);
    expect(owner.answer.location).toBe('/ui/account');
    const user = (await server.context.accounts.users.findByEmail(email))!;
    expect(user).toMatchObject({ id: created.json.id, emailVerified: true });
  });
});

describe('an address registered by someone else before its owner resets the password', () => {
  it('hands the account to whoever follows the emailed link, without the registrant’s credentials', async () => {
    const email = `reset-${randomBytes(3).toString('hex')}@${freshDomain()}`;
    const foothold = await attackerPreRegisters(email);
    expect((await postJson(`${server.publicUrl}/api/user/password/reset/request`, { email })).status).toBe(
      202,
    );
    const token = smtp.lastToken(email, 'reset-password')!;
    expect(token).toBeTruthy();
    const finished = await resetPasswordWithLink(server, token, 'owner password 1');
    expect(finished.status, JSON.stringify(finished.json)).toBe(200);

    await expectFootholdGone(foothold, email);
    const login = await loginWithPassword(server, email, 'owner password 1');
    expect(login.finish?.status).toBe(200);
    // No second factor is owed: the attacker's TOTP went with the rest.
    expect(login.finish!.json.second_factor ?? null).toBeNull();
    const [entry] = await discardedEntries(foothold.userId);
    expect(entry!.details).toEqual({ proven_by: 'password_reset' });
  });
});

describe('the same new user’s first federated sign-in completed concurrently', () => {
  it('makes one account and answers the others with the try-again page, never an error', async () => {
    const domain = freshDomain();
    await routeDomain(domain);
    const email = `twice@${domain}`;
    // Each new account's insert waits a moment, so that every sign-in has looked the address up (and found no
    // account) before the first one's account exists: they all then try to create it.
    await server.database.db.execute(
      sql.raw(`
      CREATE FUNCTION slow_new_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email = '${email}' THEN PERFORM pg_sleep(0.4); END IF;
        RETURN NEW;
      END $$`),
    );
    await server.database.db.execute(
      sql.raw(
        'CREATE TRIGGER slow_new_account BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION slow_new_account()',
      ),
    );
    idp.signInAs({ sub: `twice-${randomBytes(4).toString('hex')}`, email, email_verified: true });
    const callbacks: { jar: CookieJar; url: URL }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const jar = new CookieJar();
      const start = new URL('/api/user/federation/oidc/start', server.publicUrl);
      start.searchParams.set('connection_id', connectionId);
      const arrived = await follow(jar, start, isCallback);
      expect(isCallback(arrived.url)).toBe(true);
      callbacks.push({ jar, url: arrived.url });
    }
    const answers = await Promise.all(callbacks.map(({ jar, url }) => browserStep(jar, url)));
    for (const answer of answers) {
      if (answer.status === 302) expect(answer.location).toBe('/ui/account');
      else {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatch(/try again/i);
      }
    }
    expect(answers.some((answer) => answer.status === 302)).toBe(true);
    const found = await server.context.accounts.users.page({ query: email, offset: 0, limit: 10 });
    expect(found.total).toBe(1);
    expect(await server.context.federation.linking.identitiesOf(found.users[0]!.id)).toHaveLength(1);
  });
});
