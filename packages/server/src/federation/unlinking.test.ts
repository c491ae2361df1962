import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyCredentials } from '../passkeys/tables.js';
import type { AdminSession } from '../testing/admin.js';
import {
  createConnection,
  FEDERATION_TEST_ENV,
  federatedSignIn,
  verifyDomain,
} from '../testing/federation.js';
import { type SignedIn, signInUser } from '../testing/oauth.js';
import { registerWithPassword, sessionCookieFrom } from '../testing/opaque-client.js';
import { admin, installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { currentCode } from '../testing/totp.js';
import { startUpstreamIdp, type UpstreamIdp } from '../testing/upstream-idp.js';
import { federatedIdentities } from './tables.js';

let server: TestServer;
let session: AdminSession;
let idp: UpstreamIdp;
let connectionId: string;

beforeAll(async () => {
  server = await startTestServer({ env: FEDERATION_TEST_ENV });
  session = await installAndSignIn(server);
  // Accounts with a password are made by self-registration in these tests.
  await server.context.settings.set('accounts.self_registration', true);
  idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
  const connection = await createConnection(server, session, idp, {
    domains: ['unlink.test'],
    jitProvisioning: true,
    accountLinkingPolicy: 'email_verified',
    // Accounts with a password in the routed domain (docs/federation.md#routed-domains).
    allowLocalAccounts: true,
  });
  connectionId = connection.id;
  await verifyDomain(server, session, connectionId, 'unlink.test');
}, 180_000);
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

/** An upstream person signs in once (creating or linking the account); returns the account and its identity id. */
async function federatedUser(email = `u-${randomBytes(4).toString('hex')}@unlink.test`) {
  idp.signInAs({ sub: `sub-${randomBytes(6).toString('hex')}`, email, email_verified: true, name: 'Uli' });
  const { answer } = await federatedSignIn(server, connectionId);
  expect(answer.status).toBe(302);
  const user = (await server.context.accounts.users.findByEmail(email))!;
  const [row] = await server.context.federation.linking.identitiesOf(user.id);
  return { user, identityId: row!.identity.id };
}

/**
 * An account with a password whose holder verified the address (a never-verified one would lose its password when
 * the provider links it: docs/federation.md#linking).
 */
async function passwordAccount(email: string, password: string): Promise<void> {
  expect((await registerWithPassword(server, email, password)).status).toBe(200);
  const user = (await server.context.accounts.users.findByEmail(email))!;
  expect(await server.context.accounts.users.markEmailVerified(user.id, email)).toBe(true);
}

function unlink(user: SignedIn, identityId: string) {
  return fetch(`${server.publicUrl}/federation/identities/${identityId}`, {
    method: 'DELETE',
    headers: { origin: server.publicUrl, cookie: user.cookie, 'x-csrf-token': user.csrfToken },
  });
}

async function unlinkAudits(userId: string) {
  const entries = await server.context.audit.list({ action: 'federation.identity_unlinked' }, 100);
  return entries.filter((entry) => entry.targetId === userId);
}

describe('a user unlinks a federated identity', () => {
  it('refuses to unlink the only way a password-less, passkey-less account signs in', async () => {
    const { user, identityId } = await federatedUser();
    const signedIn = await signInUser(server, { user });
    const refused = await unlink(signedIn, identityId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe('last_sign_in_method');
    expect(await server.context.federation.linking.identitiesOf(user.id)).toHaveLength(1);
    expect(await unlinkAudits(user.id)).toHaveLength(0);
  });

  it('unlinks when the account has a password, audited; the identity then lists no more', async () => {
    const email = `p-${randomBytes(4).toString('hex')}@unlink.test`;
    await passwordAccount(email, 'a long password 1');
    const { user, identityId } = await federatedUser(email);
    const signedIn = await signInUser(server, { user });

    // Without the CSRF token nothing changes.
    const forged = await fetch(`${server.publicUrl}/federation/identities/${identityId}`, {
      method: 'DELETE',
      headers: { origin: server.publicUrl, cookie: signedIn.cookie },
    });
    expect(forged.status).toBe(403);

    expect((await unlink(signedIn, identityId)).status).toBe(204);
    const listed = await fetch(`${server.publicUrl}/federation/identities`, {
      headers: { cookie: signedIn.cookie },
    });
    expect(await listed.json()).toEqual({ identities: [] });
    const audits = await unlinkAudits(user.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      outcome: 'success',
      actorType: 'user',
      actorId: user.id,
      details: { identity: identityId, by: 'user' },
    });
    // Gone: a second attempt finds nothing.
    expect((await unlink(signedIn, identityId)).status).toBe(404);
  });

  it('does not unlink another user’s identity', async () => {
    const owner = await federatedUser();
    const other = await signInUser(server);
    const answer = await unlink(other, owner.identityId);
    expect(answer.status).toBe(404);
    expect(await server.context.federation.linking.identitiesOf(owner.user.id)).toHaveLength(1);
  });

  it('needs a recent second factor when TOTP is enrolled', async () => {
    const email = `t-${randomBytes(4).toString('hex')}@unlink.test`;
    await passwordAccount(email, 'a long password 2');
    const { user, identityId } = await federatedUser(email);
    const signedIn = await signInUser(server, { user });
    const factor = { kind: 'user' as const, id: user.id, label: user.email };
    const { secret } = await server.context.otp.factors.startEnrolment(factor);
    await server.context.otp.factors.confirmEnrolment(factor, currentCode(secret));

    const unconfirmed = await unlink(signedIn, identityId);
    expect(unconfirmed.status).toBe(403);
    expect(((await unconfirmed.json()) as { error: string }).error).toBe('step_up_required');
    expect(await server.context.federation.linking.identitiesOf(user.id)).toHaveLength(1);

    const reauth = await fetch(`${server.publicUrl}/otp/reauth`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.publicUrl,
        cookie: signedIn.cookie,
        'x-csrf-token': signedIn.csrfToken,
      },
      body: JSON.stringify({ code: currentCode(secret, 1) }),
    });
    expect(reauth.status).toBe(200);
    const stepped = {
      ...signedIn,
      cookie: sessionCookieFrom(reauth.headers)!,
      csrfToken: ((await reauth.json()) as { csrf_token: string }).csrf_token,
    };
    expect((await unlink(stepped, identityId)).status).toBe(204);
    expect(await server.context.federation.linking.identitiesOf(user.id)).toHaveLength(0);
  });
});

describe('what counts as another way to sign in', () => {
  it('a passkey: the only linked identity of a password-less account may then go', async () => {
    const { user, identityId } = await federatedUser();
    await server.database.db.insert(passkeyCredentials).values({
      id: randomUUID(),
      userId: user.id,
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: randomBytes(77).toString('base64url'),
      aaguid: '00000000-0000-0000-0000-000000000000',
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Laptop',
      prfSalt: randomBytes(32).toString('base64url'),
    });
    expect((await unlink(await signInUser(server, { user }), identityId)).status).toBe(204);
    expect(await server.context.federation.linking.identitiesOf(user.id)).toHaveLength(0);
  });

  it('another linked identity: of two concurrent unlinks of both, exactly one succeeds', async () => {
    const { user, identityId } = await federatedUser();
    const second = await createConnection(server, session, idp, { name: 'Second', domains: ['second.test'] });
    const otherId = randomUUID();
    await server.database.db.insert(federatedIdentities).values({
      id: otherId,
      connectionId: second.id,
      subject: `sub-${randomBytes(6).toString('hex')}`,
      userId: user.id,
      email: user.email,
      linkedBy: 'email',
    });
    const signedIn = await signInUser(server, { user });
    const answers = await Promise.all([unlink(signedIn, identityId), unlink(signedIn, otherId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect(await server.context.federation.linking.identitiesOf(user.id)).toHaveLength(1);
    expect(await unlinkAudits(user.id)).toHaveLength(1);
  });
});

describe('an admin lists and unlinks a user’s federated identities', () => {
  it('lists them and unlinks one (even the last), audited', async () => {
    const { user, identityId } = await federatedUser();
    const listed = await admin(server, session, 'GET', `/admin/users/${user.id}/federated-identities`);
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({
      identities: [{ id: identityId, connectionId, connectionName: 'Upstream', linkedBy: 'jit' }],
    });

    const path = `/admin/users/${user.id}/federated-identities/${identityId}`;
    expect((await admin(server, session, 'DELETE', path)).status).toBe(204);
    expect(await server.context.federation.linking.identitiesOf(user.id)).toHaveLength(0);
    const audits = await unlinkAudits(user.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorType: 'admin', details: { identity: identityId, by: 'admin' } });
    expect((await admin(server, session, 'DELETE', path)).status).toBe(404);
    expect(
      (await admin(server, session, 'GET', '/admin/users/no-such-user/federated-identities')).status,
    ).toBe(404);
  });
});
