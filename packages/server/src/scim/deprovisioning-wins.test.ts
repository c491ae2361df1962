/**
 * Deprovisioning always wins (docs/scim.md#deprovisioning: a user deactivated through SCIM loses sessions,
 * codes, refresh tokens and pending authorization requests, in any condition), also for an organization's
 * last manager, which is then flagged; and a pending authorization request is continued only by the browser
 * that started it (docs/integration.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import { authorizeOnce, codeFlowTokens, pendingRequestId, refreshGrant } from '../testing/code-flow.js';
import {
  finalize,
  type RegisteredClient,
  registerClient,
  type SignedIn,
  sameBrowser,
  signInUser,
} from '../testing/oauth.js';
import { admin, connectionWithToken, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let session: AdminSession;
let rp: RegisteredClient;
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const deactivate = { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'active', value: false }] };
const reactivate = { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: true } }] };

beforeAll(async () => {
  server = await startTestServer();
  session = await installAndSignIn(server);
  rp = await registerClient(server, {
    scopes: [
      { scope: 'openid', description: 'Sign in' },
      { scope: 'offline_access', description: 'Stay signed in' },
    ],
  });
});
afterAll(async () => {
  await server?.close();
});

let people = 0;

/** An organization whose only manager was provisioned by its SCIM connection, signed in, with a refresh token. */
async function lastManager() {
  const connection = await connectionWithToken(server, session, `Org ${++people}`);
  const email = `manager-${people}@example.com`;
  const created = await scim(server, connection.token, 'POST', '/Users', {
    userName: email,
    emails: [{ type: 'work', primary: true, value: email }],
  });
  expect(created.status).toBe(201);
  const user = (await server.context.accounts.users.findByEmail(email))!;
  const memberships = await server.context.orgs.organizations.membershipsOf(user.id);
  const member = memberships.find(
    ({ organization }) => organization.id === connection.organizationId,
  )!.member;
  await server.context.orgs.organizations.assignRole(connection.organizationId, member.id, 'admin');
  const signedIn = await signInUser(server, { user });
  const tokens = await codeFlowTokens(server, signedIn, rp, { scope: 'openid offline_access' });
  return { ...connection, scimId: created.json.id as string, signedIn, tokens };
}

async function sessionActive(user: Pick<SignedIn, 'cookie'>): Promise<boolean> {
  const response = await fetch(`${server.publicUrl}/session`, { headers: { cookie: user.cookie } });
  return ((await response.json()) as { authenticated: boolean }).authenticated;
}

async function expectFlagged(organizationId: string): Promise<void> {
  const organization = await admin(server, session, 'GET', `/admin/organizations/${organizationId}`);
  expect(organization.status).toBe(200);
  expect(organization.json.manager_missing).toBe(true);
  const entries = await server.context.audit.list({ action: 'organization.manager_missing' }, 100);
  expect(entries.some((entry) => entry.targetId === organizationId)).toBe(true);
}

describe("SCIM deprovisioning of an organization's last manager", () => {
  it('PATCH active:false succeeds, ends sessions and refresh tokens, and flags the organization', async () => {
    const org = await lastManager();
    const before = await admin(server, session, 'GET', `/admin/organizations/${org.organizationId}`);
    expect(before.json.manager_missing).toBe(false);

    const patched = await scim(server, org.token, 'PATCH', `/Users/${org.scimId}`, deactivate);
    expect(patched.status).toBe(204);
    expect(await sessionActive(org.signedIn)).toBe(false);
    expect((await refreshGrant(server, rp, org.tokens.refresh_token)).status).toBe(400);
    await expectFlagged(org.organizationId);
  });

  it('DELETE succeeds, ends sessions and refresh tokens, and flags the organization', async () => {
    const org = await lastManager();
    const deleted = await scim(server, org.token, 'DELETE', `/Users/${org.scimId}`);
    expect(deleted.status).toBe(204);
    expect(await sessionActive(org.signedIn)).toBe(false);
    expect((await refreshGrant(server, rp, org.tokens.refresh_token)).status).toBe(400);
    await expectFlagged(org.organizationId);
  });

  it('a person still cannot remove the last manager interactively (last_manager)', async () => {
    const org = await lastManager();
    const members = await admin(server, session, 'GET', `/admin/organizations/${org.organizationId}/members`);
    const member = (members.json.members as { id: string; user_id: string }[]).find(
      (entry) => entry.user_id === org.signedIn.user.id,
    )!;
    const removed = await admin(
      server,
      session,
      'DELETE',
      `/admin/organizations/${org.organizationId}/members/${member.id}`,
    );
    expect(removed).toMatchObject({ status: 409, json: { error: 'last_manager' } });
  });
});

describe("an admin disabling or deleting an organization's last manager", () => {
  /** An organization whose only manager is a signed-in user an admin added. */
  async function managedByOne() {
    const user = await signInUser(server);
    const organization = await server.context.orgs.organizations.create(
      { name: `Managed ${++people}` },
      { type: 'admin', id: 'test-fixture' },
      user.user.id,
    );
    return { user, organizationId: organization.id };
  }

  it('disabling succeeds and flags the organization; enabling clears the flag', async () => {
    const { user, organizationId } = await managedByOne();
    expect((await admin(server, session, 'POST', `/admin/users/${user.user.id}/disable`)).status).toBe(200);
    await expectFlagged(organizationId);
    expect((await admin(server, session, 'POST', `/admin/users/${user.user.id}/enable`)).status).toBe(200);
    const organization = await admin(server, session, 'GET', `/admin/organizations/${organizationId}`);
    expect(organization.json.manager_missing).toBe(false);
  });

  it('deleting succeeds and flags the organization', async () => {
    const { user, organizationId } = await managedByOne();
    expect((await admin(server, session, 'DELETE', `/admin/users/${user.user.id}`)).status).toBe(204);
    await expectFlagged(organizationId);
  });
});

describe('a pending authorization request', () => {
  it('of a user deactivated through SCIM cannot be completed after reactivation, in a new session', async () => {
    const org = await lastManager();
    // Parked for consent (prompt=consent) in the user's signed-in browser.
    const { answer } = await authorizeOnce(server, org.signedIn, rp, { prompt: 'consent' });
    const requestId = pendingRequestId(server, answer.location);
    expect((await scim(server, org.token, 'PATCH', `/Users/${org.scimId}`, deactivate)).status).toBe(204);
    expect((await scim(server, org.token, 'PATCH', `/Users/${org.scimId}`, reactivate)).status).toBe(204);
    // Signed in again in the same browser: the stale request is gone.
    const again = await signInUser(server, {
      user: org.signedIn.user,
      browser: sameBrowser(org.signedIn.cookie),
    });
    const approved = await finalize(server, again, { request_id: requestId, decision: 'approve' });
    expect(approved.status).not.toBe(200);
    expect(approved.json.redirect_uri).toBeUndefined();
    expect(['request_not_found', 'request_already_used']).toContain(approved.json.error);
  });

  it('of a user disabled by an admin cannot be completed after the account is enabled again', async () => {
    const user = await signInUser(server);
    const { answer } = await authorizeOnce(server, user, rp, { prompt: 'consent' });
    const requestId = pendingRequestId(server, answer.location);
    expect((await admin(server, session, 'POST', `/admin/users/${user.user.id}/disable`)).status).toBe(200);
    expect((await admin(server, session, 'POST', `/admin/users/${user.user.id}/enable`)).status).toBe(200);
    const again = await signInUser(server, { user: user.user, browser: sameBrowser(user.cookie) });
    const approved = await finalize(server, again, { request_id: requestId, decision: 'approve' });
    expect(approved.json.redirect_uri).toBeUndefined();
    expect(['request_not_found', 'request_already_used']).toContain(approved.json.error);
  });

  it("cannot be viewed or completed by another user's session in another browser", async () => {
    const victim = await signInUser(server);
    const attacker = await signInUser(server);
    const { answer } = await authorizeOnce(server, victim, rp, { prompt: 'consent' });
    const requestId = pendingRequestId(server, answer.location);

    const view = await fetch(`${server.publicUrl}/api/user/authorization-requests/${requestId}`, {
      headers: { cookie: attacker.cookie },
    });
    expect(view.status).toBe(403);
    expect(((await view.json()) as { error: string }).error).toBe('request_browser_mismatch');
    const stolen = await finalize(server, attacker, { request_id: requestId, decision: 'approve' });
    expect(stolen).toMatchObject({ status: 403, json: { error: 'request_browser_mismatch' } });
    // Without any binding cookie at all, the same.
    const bare = { ...attacker, cookie: attacker.cookie.split('; ')[0]! };
    const unbound = await finalize(server, bare, { request_id: requestId, decision: 'approve' });
    expect(unbound).toMatchObject({ status: 403, json: { error: 'request_browser_mismatch' } });

    // The browser that started it still completes it.
    const approved = await finalize(server, victim, { request_id: requestId, decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(new URL(approved.json.redirect_uri as string).searchParams.get('code')).toBeTruthy();
  });

  it('binds through a cookie /authorize sets on a browser that has none, reused across tabs', async () => {
    const user = await signInUser(server);
    const sessionOnly = user.cookie.split('; ')[0]!;
    const first = await fetch(
      `${server.publicUrl}/authorize?${new URLSearchParams({
        client_id: rp.clientId,
        redirect_uri: 'https://rp.example.com/callback',
        response_type: 'code',
        scope: 'openid',
        prompt: 'consent',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual', headers: { cookie: sessionOnly } },
    );
    expect(first.status).toBe(302);
    const setCookie = first.headers.getSetCookie().find((line) => line.startsWith('tessera_browser='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const binding = setCookie!.split(';')[0]!;
    const requestId = pendingRequestId(server, first.headers.get('location'));
    // A second tab of the same browser parks another request under the same binding.
    const second = await authorizeOnce(server, { cookie: `${sessionOnly}; ${binding}` }, rp, {
      prompt: 'consent',
    });
    const secondId = pendingRequestId(server, second.answer.location);
    const browser = { ...user, cookie: `${sessionOnly}; ${binding}` };
    for (const id of [secondId, requestId]) {
      const approved = await finalize(server, browser, { request_id: id, decision: 'approve' });
      expect(approved.status).toBe(200);
    }
  });
});
