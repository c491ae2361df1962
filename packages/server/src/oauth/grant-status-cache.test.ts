/**
 * The grant-status cache behind /userinfo and introspection: a revoked grant's access token is refused at once on
 * the node that revoked it and, through the change bus, on another node of the same database — for every way a
 * grant ends — and a user's changed claims are served at once as well.
 */
import * as opaque from '@serenity-kit/opaque';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangedBy } from '../accounts/lifecycle.js';
import { newKekText } from '../crypto/keyring.js';
import { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { runInTransaction } from '../db/transactions.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import {
  authorizeAndApprove,
  authorizeUrl,
  basicAuthorization,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { addMember, call, createOrganization } from '../testing/orgs.js';
import { connectionWithToken, fixture, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { type ActiveGrant, GrantStatusCache, type GrantStatusCacheOptions } from './grant-status-cache.js';

const user = { id: 'u1', email: 'a@example.com', emailVerified: true, name: 'Ada' };
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A cache over a loader whose answers the test releases one by one, so a change can fall between read and store. */
function controlledCache(options: Partial<GrantStatusCacheOptions> = {}) {
  const pending: ((grant: ActiveGrant | undefined) => void)[] = [];
  let loads = 0;
  const cache = new GrantStatusCache({
    load: () => {
      loads += 1;
      return new Promise((resolve) => pending.push(resolve));
    },
    isCurrent: () => true,
    inTransaction: () => false,
    ...options,
  });
  const answer = (grant: ActiveGrant | undefined) => pending.shift()?.(grant);
  return { cache, answer, loads: () => loads };
}

describe('GrantStatusCache', () => {
  it('keeps an active grant, and serves it without reading again', async () => {
    const { cache, answer, loads } = controlledCache();
    const first = cache.activeGrantUser('g1');
    answer({ user, expiresAt: inAnHour() });
    expect(await first).toEqual(user);
    expect(await cache.activeGrantUser('g1')).toEqual(user);
    expect(loads()).toBe(1);
  });

  it('does not keep a read that a revocation overtook (the generation changed between read and store)', async () => {
    const { cache, answer, loads } = controlledCache();
    for (const drop of [
      () => cache.dropGrant('g1'),
      () => cache.dropUser('u1'),
      () => cache.clear(),
      // A drop for another grant counts too: the check is conservative, never stale.
      () => cache.dropGrant('another'),
    ]) {
      const read = cache.activeGrantUser('g1');
      drop(); // the revocation commits while the read is on its way back
      answer({ user, expiresAt: inAnHour() });
      expect(await read).toEqual(user); // what the database said when asked
      expect(cache.has('g1')).toBe(false);
    }
    // Without a change in between, the same read is kept.
    const read = cache.activeGrantUser('g1');
    answer({ user, expiresAt: inAnHour() });
    await read;
    expect(cache.has('g1')).toBe(true);
    expect(loads()).toBe(5);
  });

  it('drops a grant, a user’s grants, or everything', async () => {
    const { cache, answer } = controlledCache();
    const other = { ...user, id: 'u2' };
    for (const [grantId, owner] of [
      ['g1', user],
      ['g2', user],
      ['g3', other],
    ] as const) {
      const read = cache.activeGrantUser(grantId);
      answer({ user: owner, expiresAt: inAnHour() });
      await read;
    }
    cache.dropGrant('g1');
    expect([cache.has('g1'), cache.has('g2'), cache.has('g3')]).toEqual([false, true, true]);
    cache.dropUser('u1');
    expect([cache.has('g2'), cache.has('g3')]).toEqual([false, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('never serves an entry past its TTL or past the grant’s expiry', async () => {
    let now = 1_000_000;
    const { cache, answer, loads } = controlledCache({ ttlMs: 10_000, clock: () => now });
    const first = cache.activeGrantUser('g1');
    answer({ user, expiresAt: inAnHour() });
    await first;
    now += 9_999;
    expect(await cache.activeGrantUser('g1')).toEqual(user);
    now += 1;
    const reread = cache.activeGrantUser('g1');
    expect(loads()).toBe(2);
    answer(undefined); // revoked meanwhile, and the notification lost
    expect(await reread).toBeUndefined();
    expect(cache.has('g1')).toBe(false);

    const expiring = cache.activeGrantUser('g2');
    answer({ user, expiresAt: new Date(Date.now() + 60_000) });
    await expiring;
    const later = cache.activeGrantUser('g2', new Date(Date.now() + 60_000));
    expect(loads()).toBe(4);
    answer(undefined);
    expect(await later).toBeUndefined();
  });

  it('keeps nothing (and serves nothing) while it cannot vouch for it: bus not current, or inside a transaction', async () => {
    for (const options of [{ isCurrent: () => false }, { inTransaction: () => true }]) {
      const { cache, answer, loads } = controlledCache(options);
      for (let call = 1; call <= 2; call += 1) {
        const read = cache.activeGrantUser('g1');
        answer({ user, expiresAt: inAnHour() });
        expect(await read).toEqual(user);
      }
      expect(loads()).toBe(2);
      expect(cache.size).toBe(0);
    }
  });

  it('does not keep a refusal, and stays within its bound (oldest out first)', async () => {
    const { cache, answer } = controlledCache({ maxEntries: 2 });
    const refused = cache.activeGrantUser('gone');
    answer(undefined);
    expect(await refused).toBeUndefined();
    expect(cache.size).toBe(0);
    for (const grantId of ['g1', 'g2', 'g3']) {
      const read = cache.activeGrantUser(grantId);
      answer({ user, expiresAt: inAnHour() });
      await read;
    }
    expect([cache.has('g1'), cache.has('g2'), cache.has('g3')]).toEqual([false, true, true]);
    // A user's index follows evictions: dropping the user still drops what is left.
    cache.dropUser('u1');
    expect(cache.size).toBe(0);
  });
});

describe('ChangeBus.announce', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  it('drops this node’s entries when the change is made and again when it commits; nothing after a rollback', async () => {
    const bus = new ChangeBus(database, { trustMs: 5_000 });
    try {
      await bus.start();
      const heard: string[] = [];
      bus.on('grants', (key) => {
        heard.push(key);
      });
      await runInTransaction(database.db, async () => {
        await bus.announce('grants', 'grant:committed');
        // Before the commit: already dropped here (reads in flight must not keep what they read) ...
        expect(heard).toEqual(['grant:committed']);
      });
      // ... and dropped again once committed (a read made meanwhile saw the old rows), before the caller goes on
      // (the NOTIFY coming back is a third, whenever it arrives).
      expect(heard.length).toBeGreaterThanOrEqual(2);
      expect(new Set(heard)).toEqual(new Set(['grant:committed']));
      await runInTransaction(database.db, async () => {
        await bus.announce('grants', 'grant:rolled-back');
        throw new Error('roll back');
      }).catch(() => {});
      // Give a wrongly delivered after-commit drop or NOTIFY time to show up: dropping once is all a rollback costs.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.filter((key) => key === 'grant:rolled-back')).toHaveLength(1);
    } finally {
      await bus.stop();
    }
  });
});

describe('revoked grants at /userinfo on two nodes of one database', () => {
  let testDatabase: TestDatabase;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let client: { clientId: string; clientSecret: string | null };
  const bySystem: ChangedBy = { actor: { type: 'system' } };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const env = { TESSERA_KEK: newKekText() };
    nodeA = await startTestServer({ database: await testDatabase.open(), env });
    // Two nodes of one deployment share the issuer.
    nodeB = await startTestServer({
      database: await testDatabase.open(),
      env: { ...env, TESSERA_BASE_URL: nodeA.config.baseUrl },
    });
    client = await registerClient(nodeA);
    // Two servers to start: more than one file's usual set-up.
  }, 120_000);
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await testDatabase?.drop();
  });

  const basic = () => ({ authorization: basicAuthorization(client.clientId, client.clientSecret!) });

  interface Tokens {
    access_token: string;
    refresh_token: string;
    code: string;
    verifier: string;
  }

  /** Tokens for the signed-in user through the code flow at node A, as a relying party gets them. */
  async function tokensFor(signedIn: SignedIn, extra: Record<string, string> = {}): Promise<Tokens> {
    const verifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeAndApprove(
      nodeA,
      signedIn,
      authorizeUrl(nodeA, {
        client_id: client.clientId,
        redirect_uri: RP_REDIRECT,
        response_type: 'code',
        scope: 'openid profile email',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...extra,
      }),
    );
    const code = callback.searchParams.get('code')!;
    const redeemed = await redeem(code, verifier);
    expect(redeemed.status).toBe(200);
    return { ...(redeemed.json as { access_token: string; refresh_token: string }), code, verifier };
  }

  function redeem(code: string, verifier: string) {
    return formPost(
      nodeA,
      '/token',
      { grant_type: 'authorization_code', code, redirect_uri: RP_REDIRECT, code_verifier: verifier },
      basic(),
    );
  }

  async function userinfo(node: TestServer, accessToken: string) {
    const response = await fetch(`${node.publicUrl}/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  async function introspect(node: TestServer, token: string) {
    const response = await fetch(`${node.publicUrl}/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic() },
      body: new URLSearchParams({ token }),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  function grantOf(accessToken: string): string {
    return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).gid as string;
  }

  /**
   * Polls until the check holds, with a deadline far below the cache's TTL: the change must arrive through the
   * change bus, not by expiry.
   */
  async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The token is accepted at both nodes, and both nodes now hold its grant in their caches. */
  async function cachedOnBothNodes(accessToken: string): Promise<void> {
    for (const node of [nodeA, nodeB, nodeA, nodeB])
      expect((await userinfo(node, accessToken)).status).toBe(200);
    for (const node of [nodeA, nodeB])
      expect(node.context.oauth.grantStatus.has(grantOf(accessToken))).toBe(true);
  }

  /** Refused at once at node A (which made the change), and at node B once its notification arrived. */
  async function refusedOnBothNodes(accessToken: string): Promise<void> {
    // Dropped by the change itself, not by its NOTIFY coming back (which on PostgreSQL may come later).
    expect(nodeA.context.oauth.grantStatus.has(grantOf(accessToken))).toBe(false);
    const atA = await userinfo(nodeA, accessToken);
    expect(atA.status).toBe(401);
    expect(atA.json.error).toBe('invalid_token');
    expect(await introspect(nodeA, accessToken)).toEqual({ active: false });
    await eventually(async () => (await userinfo(nodeB, accessToken)).status === 401);
    expect(await introspect(nodeB, accessToken)).toEqual({ active: false });
  }

  /** A grant for a fresh user, cached on both nodes; the change under test follows. */
  async function cachedGrant(options: { signedIn?: SignedIn; extra?: Record<string, string> } = {}) {
    const signedIn = options.signedIn ?? (await signInUser(nodeA));
    const tokens = await tokensFor(signedIn, options.extra);
    await cachedOnBothNodes(tokens.access_token);
    return { signedIn, tokens };
  }

  it('/revoke of the refresh token (RFC 7009)', async () => {
    const { tokens } = await cachedGrant();
    const revoked = await formPost(nodeA, '/revoke', { token: tokens.refresh_token }, basic());
    expect(revoked.status).toBe(200);
    await refusedOnBothNodes(tokens.access_token);
  });

  it('a rotated-out refresh token replayed (RFC 9700 §4.14.2): the refreshed access token is refused too', async () => {
    const { tokens } = await cachedGrant();
    const refreshed = await formPost(
      nodeA,
      '/token',
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basic(),
    );
    expect(refreshed.status).toBe(200);
    const next = refreshed.json.access_token as string;
    expect((await userinfo(nodeB, next)).status).toBe(200);
    const replay = await formPost(
      nodeA,
      '/token',
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basic(),
    );
    expect(replay.json.error).toBe('invalid_grant');
    await refusedOnBothNodes(tokens.access_token);
    await refusedOnBothNodes(next);
  });

  it('an authorization code replayed (RFC 6749 §4.1.2)', async () => {
    const { tokens } = await cachedGrant();
    expect((await redeem(tokens.code, tokens.verifier)).json.error).toBe('invalid_grant');
    await refusedOnBothNodes(tokens.access_token);
  });

  it('the account disabled by an admin; enabling it again does not bring the grant back', async () => {
    const { signedIn, tokens } = await cachedGrant();
    await nodeA.context.accounts.lifecycle.disable(signedIn.user.id, bySystem);
    await refusedOnBothNodes(tokens.access_token);
    await nodeA.context.accounts.lifecycle.enable(signedIn.user.id, bySystem);
    expect((await userinfo(nodeA, tokens.access_token)).status).toBe(401);
    expect((await userinfo(nodeB, tokens.access_token)).status).toBe(401);
  });

  it('the account deleted', async () => {
    const { signedIn, tokens } = await cachedGrant();
    await nodeA.context.accounts.lifecycle.delete(signedIn.user.id, bySystem);
    await refusedOnBothNodes(tokens.access_token);
  });

  async function registration(userId: string, email: string, purpose: 'password_reset' | 'admin_set') {
    await opaque.ready;
    const password = 'a brand new password';
    const started = opaque.client.startRegistration({ password });
    const answer = await nodeA.context.accounts.passwords.startRegistration(
      { email, userId },
      started.registrationRequest,
      purpose,
    );
    const { registrationRecord } = opaque.client.finishRegistration({
      clientRegistrationState: started.clientRegistrationState,
      registrationResponse: answer.registrationResponse,
      password,
    });
    return { registrationId: answer.registrationId, registrationRecord };
  }

  it('the password reset through an emailed link', async () => {
    const { signedIn, tokens } = await cachedGrant();
    const { id, email } = signedIn.user;
    const link = await nodeA.context.accounts.emailTokens.issue(id, 'password_reset', email);
    await nodeA.context.accounts.lifecycle.completePasswordReset(
      link,
      await registration(id, email, 'password_reset'),
    );
    await refusedOnBothNodes(tokens.access_token);
  });

  it('a password set by an admin', async () => {
    const { signedIn, tokens } = await cachedGrant();
    const { id, email } = signedIn.user;
    await nodeA.context.accounts.lifecycle.setPassword(
      id,
      await registration(id, email, 'admin_set'),
      bySystem,
    );
    await refusedOnBothNodes(tokens.access_token);
  });

  it('a member removed from the organization of the grant, and an organization disabled', async () => {
    await nodeA.context.settings.set('orgs.users_may_create', true);
    const owner = await signInUser(nodeA);
    const member = await signInUser(nodeA);
    const organizationId = await createOrganization(nodeA, owner, 'Cachet');
    const memberId = await addMember(nodeA, organizationId, member);
    const inOrganization = { organization_id: organizationId };
    const { tokens: removed } = await cachedGrant({ signedIn: member, extra: inOrganization });
    // The same user's grant outside the organization is not touched by the removal.
    const { tokens: outside } = await cachedGrant({ signedIn: member });
    const { tokens: owners } = await cachedGrant({ signedIn: owner, extra: inOrganization });
    expect((await userinfo(nodeB, removed.access_token)).json.org_id).toBe(organizationId);

    await nodeA.context.orgs.organizations.removeMember(organizationId, memberId);
    await refusedOnBothNodes(removed.access_token);
    expect((await userinfo(nodeA, outside.access_token)).status).toBe(200);
    expect((await userinfo(nodeB, outside.access_token)).status).toBe(200);
    expect((await userinfo(nodeB, owners.access_token)).status).toBe(200);

    // Disabled (by an admin): every grant in its context ends, on every node (one `grants:*` message).
    await nodeA.context.orgs.organizations.update(organizationId, { status: 'disabled' });
    await refusedOnBothNodes(owners.access_token);
    expect((await userinfo(nodeB, outside.access_token)).status).toBe(200);
  });

  it('a user deprovisioned through SCIM (active: false)', async () => {
    const session = await installAndSignIn(nodeA);
    const { token } = await connectionWithToken(nodeA, session, 'Contoso');
    const created = await scim(nodeA, token, 'POST', '/Users', fixture('entra-create-user'));
    expect(created.status).toBe(201);
    const provisioned = await nodeA.context.accounts.users.findByEmail(
      (created.json.emails as { value: string }[])[0]!.value,
    );
    const { tokens } = await cachedGrant({ signedIn: await signInUser(nodeA, { user: provisioned! }) });
    const patched = await scim(
      nodeA,
      token,
      'PATCH',
      `/Users/${created.json.id}`,
      fixture('entra-disable-user'),
    );
    expect(patched.status).toBe(204);
    await refusedOnBothNodes(tokens.access_token);
  });

  it('userinfo serves a changed name and email at once on the node that changed them, and soon on the other', async () => {
    const { signedIn, tokens } = await cachedGrant();
    expect((await userinfo(nodeB, tokens.access_token)).json).toMatchObject({ name: 'Ada Lovelace' });

    // The user renames themselves (PUT /api/user/profile) at node A.
    const renamed = await call(nodeA, signedIn, 'PUT', '/api/user/profile', { name: 'Augusta Ada King' });
    expect(renamed.status).toBe(200);
    expect((await userinfo(nodeA, tokens.access_token)).json.name).toBe('Augusta Ada King');
    await eventually(
      async () => (await userinfo(nodeB, tokens.access_token)).json.name === 'Augusta Ada King',
    );

    // An admin changes the address and leaves it unverified.
    const email = `changed-${signedIn.user.id}@example.com`;
    await nodeA.context.accounts.lifecycle.update(
      signedIn.user.id,
      { email, emailVerified: false },
      bySystem,
    );
    expect((await userinfo(nodeA, tokens.access_token)).json).toMatchObject({ email, email_verified: false });
    await eventually(async () => (await userinfo(nodeB, tokens.access_token)).json.email === email);
    expect((await userinfo(nodeB, tokens.access_token)).json.email_verified).toBe(false);
    // Still the same grant, kept again with the new claims.
    expect(nodeB.context.oauth.grantStatus.has(grantOf(tokens.access_token))).toBe(true);
  });
});
