/**
 * Provisioned-only sign-in (docs/scim.md#provisioned-only-sign-in): with the connection setting on, a
 * membership of the connection's organization counts — organization choice at /authorize, organization claims
 * at code redemption and every refresh — only while the user is an active provisioned user of that
 * connection. Off by default.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, createAdmin } from '../testing/admin.js';
import { codeRequest, redeemCode, refreshGrant } from '../testing/code-flow.js';
import {
  authorizeAndApprove,
  type RegisteredClient,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { addMember } from '../testing/orgs.js';
import { admin, connectionWithToken, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let session: AdminSession;
let rp: RegisteredClient;

beforeAll(async () => {
  server = await startTestServer();
  session = await installAndSignIn(server);
  rp = await registerClient(server, {
    scopes: [
      { scope: 'openid', description: 'Sign in' },
      { scope: 'offline_access', description: 'Stay signed in' },
    ],
  });
}, 300_000);
afterAll(async () => {
  await server?.close();
});

/** Authorizes in an organization's context; the redirect's parameters (a code, or an error). */
async function authorizeIn(user: SignedIn, organizationId: string) {
  const { url, verifier } = await codeRequest(server, rp, {
    scope: 'openid offline_access',
    state: randomBytes(8).toString('hex'),
    organization_id: organizationId,
  });
  const redirect = await authorizeAndApprove(server, user, url);
  return { code: redirect.searchParams.get('code'), error: redirect.searchParams.get('error'), verifier };
}

const redeem = (code: string, verifier: string) => redeemCode(server, rp, { code, verifier });
const refresh = (refreshToken: string) => refreshGrant(server, rp, refreshToken);

const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** Tokens in the organization's context: the code is redeemed, and the ID token names the organization. */
async function tokensIn(user: SignedIn, organizationId: string) {
  const { code, error, verifier } = await authorizeIn(user, organizationId);
  expect(error).toBeNull();
  const tokens = await redeem(code!, verifier);
  expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
  expect(claimsOf(tokens.json.id_token as string).org_id).toBe(organizationId);
  return tokens.json;
}

/** Provisions a user through the connection's SCIM token and signs them in. */
async function provisioned(token: string) {
  const userName = `pat-${randomBytes(4).toString('hex')}@idp.example`;
  const created = await scim(server, token, 'POST', '/Users', {
    userName,
    emails: [{ type: 'work', primary: true, value: userName }],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const account = await server.context.accounts.users.findByEmail(userName);
  return { scimId: created.json.id as string, user: await signInUser(server, { user: account! }) };
}

const setProvisionedOnly = (connectionId: string, provisionedOnly: boolean, as = session) =>
  adminFetch(server, as, 'PATCH', `/admin/scim/connections/${connectionId}`, { provisionedOnly });

describe('provisioned-only sign-in', () => {
  it('is off by default, and set by a write admin with CSRF, audited', async () => {
    const { connectionId } = await connectionWithToken(server, session, 'Default');
    const shown = await admin(server, session, 'GET', `/admin/scim/connections/${connectionId}`);
    expect(shown.json.provisionedOnly).toBe(false);

    await createAdmin(server, session, 'reader@example.com', 'reader password two', 'read');
    const reader = await adminSignIn(server, 'reader@example.com', 'reader password two');
    expect(await setProvisionedOnly(connectionId, true, reader)).toMatchObject({
      status: 403,
      json: { error: 'write_admin_required' },
    });
    expect(
      await adminFetch(
        server,
        session,
        'PATCH',
        `/admin/scim/connections/${connectionId}`,
        { provisionedOnly: true },
        false,
      ),
    ).toMatchObject({ status: 403, json: { error: 'csrf_failed' } });
    expect(await setProvisionedOnly(connectionId, 'yes' as unknown as boolean)).toMatchObject({
      status: 400,
    });
    expect(
      (await admin(server, session, 'GET', `/admin/scim/connections/${connectionId}`)).json.provisionedOnly,
    ).toBe(false);

    const set = await setProvisionedOnly(connectionId, true);
    expect(set).toMatchObject({ status: 200, json: { provisionedOnly: true } });
    const audited = (await server.context.audit.list({ target: connectionId }, 20)).find(
      (event) => event.action === 'scim.connection.updated',
    );
    expect(audited?.details).toMatchObject({ changes: { provisionedOnly: true } });
  });

  it('accepts only active provisioned users of the connection as members; others lose the organization at once', async () => {
    const { organizationId, connectionId, token } = await connectionWithToken(server, session, 'Provisioned');
    const { user: provisionedUser, scimId } = await provisioned(token);
    const invited = await signInUser(server);
    await addMember(server, organizationId, invited);

    // Off: both are members like any other.
    const provisionedTokens = await tokensIn(provisionedUser, organizationId);
    const invitedTokens = await tokensIn(invited, organizationId);

    expect((await setProvisionedOnly(connectionId, true)).status).toBe(200);
    // The member added another way: no organization choice, no organization context, and the refresh fails.
    expect(await server.context.orgs.organizations.choicesFor(invited.user.id)).toEqual([]);
    expect((await authorizeIn(invited, organizationId)).error).toBe('access_denied');
    expect((await refresh(invitedTokens.refresh_token as string)).json.error).toBe('invalid_grant');
    // The provisioned user keeps it.
    expect(
      (await server.context.orgs.organizations.choicesFor(provisionedUser.user.id)).map(({ id }) => id),
    ).toEqual([organizationId]);
    const refreshed = await refresh(provisionedTokens.refresh_token as string);
    expect(refreshed.status).toBe(200);
    expect(claimsOf(refreshed.json.id_token as string).org_id).toBe(organizationId);

    // Deactivated by the identity provider: no longer accepted.
    const deactivated = await scim(server, token, 'PATCH', `/Users/${scimId}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(deactivated.status).toBe(204);
    expect(await server.context.orgs.organizations.choicesFor(provisionedUser.user.id)).toEqual([]);

    // Turned off again: the member added by hand is accepted again.
    expect((await setProvisionedOnly(connectionId, false)).status).toBe(200);
    await tokensIn(invited, organizationId);
  });

  it('a provisioned user of another connection does not count; other organizations are unaffected', async () => {
    const governed = await connectionWithToken(server, session, 'Governed', { provisionedOnly: true });
    const elsewhere = await connectionWithToken(server, session, 'Elsewhere');
    const { user } = await provisioned(elsewhere.token);
    await addMember(server, governed.organizationId, user);
    expect((await server.context.orgs.organizations.choicesFor(user.user.id)).map(({ id }) => id)).toEqual([
      elsewhere.organizationId,
    ]);
    expect((await authorizeIn(user, governed.organizationId)).error).toBe('access_denied');
    await tokensIn(user, elsewhere.organizationId);
  });
});
