/**
 * The session cache behind the public port's session lookup, across two nodes of one database: a password sign-in's
 * session is kept by the node that started it, and an ended session or a changed user is refused (or served afresh)
 * at once on the node that made the change and, through the change bus, on the other — for every way a session ends.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../app/access.js';
import { hashToken } from '../crypto/tokens.js';
import { eventually, startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import {
  loginWithPassword,
  passwordRegistration,
  postJson,
  registerWithPassword,
  sessionCookieFrom,
} from '../testing/opaque-client.js';
import type { TestServer } from '../testing/server.js';
import type { ChangedBy } from './lifecycle.js';

const password = 'correct horse battery staple';
const bySystem: ChangedBy = { actor: { type: 'system' } };

let nodes: TwoNodes;
let nodeA: TestServer;
let nodeB: TestServer;

beforeAll(async () => {
  nodes = await startTwoNodes({ sharedIssuer: true });
  ({ nodeA, nodeB } = nodes);
  await nodeA.context.settings.set('accounts.self_registration', true);
  await nodeA.context.settings.set('accounts.require_email_verification', false);
  // Two servers to start: more than one file's usual set-up.
}, 120_000);
afterAll(async () => {
  await nodes?.close();
});

interface SignedInBrowser {
  userId: string;
  email: string;
  cookie: string;
  csrfToken: string;
  sessionId: string;
}

/** A new user, registered and then signed in with a password at node A, as the hosted UI does. */
async function signedInAtA(): Promise<SignedInBrowser> {
  const email = `cached-${randomBytes(4).toString('hex')}@example.com`;
  expect((await registerWithPassword(nodeA, email, password, 'Ada')).status).toBe(200);
  const attempt = await loginWithPassword(nodeA, email, password);
  expect(attempt.finish?.status).toBe(200);
  const cookie = attempt.cookie!;
  const user = await nodeA.context.accounts.users.findByEmail(email);
  return {
    userId: user!.id,
    email,
    cookie,
    csrfToken: attempt.finish!.json.csrf_token as string,
    sessionId: hashToken(cookie.slice('tessera_session='.length)),
  };
}

async function profile(node: TestServer, browser: SignedInBrowser) {
  const response = await fetch(`${node.publicUrl}/api/user/profile`, { headers: { cookie: browser.cookie } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The session is accepted at both nodes, and both now keep it. */
async function cachedOnBothNodes(browser: SignedInBrowser): Promise<void> {
  for (const node of [nodeA, nodeB, nodeA, nodeB]) expect((await profile(node, browser)).status).toBe(200);
  for (const node of [nodeA, nodeB])
    expect(node.context.accounts.sessionCache.has(browser.sessionId)).toBe(true);
}

/** Refused at once at node A (which made the change), and at node B once its notification arrived. */
async function refusedOnBothNodes(browser: SignedInBrowser): Promise<void> {
  // Dropped by the change itself, not by its NOTIFY coming back (which on PostgreSQL may come later).
  expect(nodeA.context.accounts.sessionCache.has(browser.sessionId)).toBe(false);
  const atA = await profile(nodeA, browser);
  expect(atA.status).toBe(401);
  expect(atA.json.error).toBe('not_signed_in');
  await eventually(async () => (await profile(nodeB, browser)).status === 401);
  expect(nodeB.context.accounts.sessionCache.has(browser.sessionId)).toBe(false);
}

describe('user sessions cached on two nodes of one database', () => {
  it('a password sign-in keeps its session on the node that started it, before any lookup', async () => {
    const browser = await signedInAtA();
    expect(nodeA.context.accounts.sessionCache.has(browser.sessionId)).toBe(true);
    expect(nodeB.context.accounts.sessionCache.has(browser.sessionId)).toBe(false);
    // Frozen: every request shares the entry, none may change what the next one is served.
    const entry = nodeA.context.accounts.sessionCache.get(browser.sessionId)!;
    expect([Object.isFrozen(entry.session), Object.isFrozen(entry.user)]).toEqual([true, true]);
    const atA = await profile(nodeA, browser);
    expect(atA).toMatchObject({ status: 200, json: { email: browser.email, name: 'Ada' } });
    // Node B reads the session from the database, then keeps it too.
    expect((await profile(nodeB, browser)).json.email).toBe(browser.email);
    expect(nodeB.context.accounts.sessionCache.has(browser.sessionId)).toBe(true);
  });

  it('so does the registration that signs a new account in', async () => {
    const email = `registered-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await registerWithPassword(nodeA, email, password, 'Ada');
    expect(registered.json.status).toBe('signed_in');
    const cookie = sessionCookieFrom(registered.headers)!;
    const kept = nodeA.context.accounts.sessionCache.get(hashToken(cookie.slice('tessera_session='.length)));
    expect(kept?.user.email).toBe(email);
  });

  it('signing out at node A', async () => {
    const browser = await signedInAtA();
    await cachedOnBothNodes(browser);
    const signedOut = await postJson(
      `${nodeA.publicUrl}/api/user/logout`,
      {},
      { cookie: browser.cookie, [CSRF_HEADER]: browser.csrfToken, origin: nodeA.config.baseUrl },
    );
    expect(signedOut.status).toBe(200);
    await refusedOnBothNodes(browser);
  });

  it('signing in again in the same browser ends the session it had', async () => {
    const browser = await signedInAtA();
    await cachedOnBothNodes(browser);
    const again = await loginWithPassword(nodeA, browser.email, password, { cookie: browser.cookie });
    expect(again.finish?.status).toBe(200);
    await refusedOnBothNodes(browser);
    expect((await profile(nodeB, { ...browser, cookie: again.cookie! })).status).toBe(200);
  });

  it('the account disabled by an admin; enabling it again does not bring the session back', async () => {
    const browser = await signedInAtA();
    await cachedOnBothNodes(browser);
    await nodeA.context.accounts.lifecycle.disable(browser.userId, bySystem);
    await refusedOnBothNodes(browser);
    // Disabling ends every session of the account: enabling it does not bring them back.
    await nodeA.context.accounts.lifecycle.enable(browser.userId, bySystem);
    expect((await profile(nodeA, browser)).status).toBe(401);
    expect((await profile(nodeB, browser)).status).toBe(401);
  });

  it('a disabled user whose session row did not end is refused all the same (the user is part of the entry)', async () => {
    const browser = await signedInAtA();
    await cachedOnBothNodes(browser);
    // Only the status changes (UserService announces it); the session row stays open.
    await nodeA.context.accounts.users.setStatus(browser.userId, 'disabled');
    await refusedOnBothNodes(browser);
    await nodeA.context.accounts.users.setStatus(browser.userId, 'active');
    await eventually(async () => (await profile(nodeB, browser)).status === 200);
    expect((await profile(nodeA, browser)).status).toBe(200);
  });

  it('the account deleted', async () => {
    const browser = await signedInAtA();
    await cachedOnBothNodes(browser);
    await nodeA.context.accounts.lifecycle.delete(browser.userId, bySystem);
    await refusedOnBothNodes(browser);
  });

  it('a password set by an admin ends every session of the account', async () => {
    const browser = await signedInAtA();
    await cachedOnBothNodes(browser);
    await nodeA.context.accounts.lifecycle.setPassword(
      browser.userId,
      await passwordRegistration(
        nodeA,
        { id: browser.userId, email: browser.email },
        'another password',
        'admin_set',
      ),
      bySystem,
    );
    await refusedOnBothNodes(browser);
  });

  it('a changed name is served at once on both nodes', async () => {
    const browser = await signedInAtA();
    await cachedOnBothNodes(browser);
    await nodeA.context.accounts.users.setName(browser.userId, 'Ada Lovelace');
    expect(nodeA.context.accounts.sessionCache.has(browser.sessionId)).toBe(false);
    expect((await profile(nodeA, browser)).json.name).toBe('Ada Lovelace');
    await eventually(async () => (await profile(nodeB, browser)).json.name === 'Ada Lovelace');
  });

  it('a kept session past its absolute lifetime is refused; one that idled out here is read again', async () => {
    const browser = await signedInAtA();
    const kept = () => nodeA.context.accounts.sessionCache.get(browser.sessionId)!;
    // The entry's own times decide, as a row's do (the shortest lifetimes settings allow are minutes, so the test
    // moves the entry's times instead of waiting).
    kept().idleExpiresAt = new Date(Date.now() - 1);
    // Another node may have slid the idle expiry since: the row is read again, and it is live.
    expect((await profile(nodeA, browser)).status).toBe(200);
    expect(kept().idleExpiresAt.getTime()).toBeGreaterThan(Date.now());
    kept().absoluteExpiresAt = new Date(Date.now() - 1);
    expect((await profile(nodeA, browser)).status).toBe(401);
  });
});
