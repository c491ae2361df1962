/**
 * The grant-status cache behind /userinfo and introspection, across two nodes of one database: a revoked grant's
 * access token is refused at once on the node that revoked it and, through the change bus, on the other — for
 * every way a grant ends — and a user's changed claims are served at once as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangedBy } from '../accounts/lifecycle.js';
import { codeFlowTokens, redeemCode, refreshGrant } from '../testing/code-flow.js';
import { eventually, startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import {
  clientSecretBasic,
  formPost,
  type RegisteredClient,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { passwordRegistration } from '../testing/opaque-client.js';
import { addMember, call, createOrganization } from '../testing/orgs.js';
import { connectionWithToken, fixture, installAndSignIn, scim } from '../testing/scim.js';
import type { TestServer } from '../testing/server.js';

describe('revoked grants at /userinfo on two nodes of one database', () => {
  let nodes: TwoNodes;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let client: RegisteredClient;
  const bySystem: ChangedBy = { actor: { type: 'system' } };

  beforeAll(async () => {
    nodes = await startTwoNodes({ sharedIssuer: true });
    ({ nodeA, nodeB } = nodes);
    client = await registerClient(nodeA);
    // Two servers to start: more than one file's usual set-up.
  }, 120_000);
  afterAll(async () => {
    await nodes?.close();
  });

  const basic = () => clientSecretBasic(client);

  /** Tokens for the signed-in user through the code flow at node A, as a relying party gets them. */
  const tokensFor = (signedIn: SignedIn, extra: Record<string, string> = {}) =>
    codeFlowTokens(nodeA, signedIn, client, { scope: 'openid profile email', ...extra });

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
    const refreshed = await refreshGrant(nodeA, client, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = refreshed.json.access_token as string;
    expect((await userinfo(nodeB, next)).status).toBe(200);
    const replay = await refreshGrant(nodeA, client, tokens.refresh_token);
    expect(replay.json.error).toBe('invalid_grant');
    await refusedOnBothNodes(tokens.access_token);
    await refusedOnBothNodes(next);
  });

  it('an authorization code replayed (RFC 6749 §4.1.2)', async () => {
    const { tokens } = await cachedGrant();
    expect((await redeemCode(nodeA, client, tokens)).json.error).toBe('invalid_grant');
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

  const newPassword = 'a brand new password';

  it('the password reset through an emailed link', async () => {
    const { signedIn, tokens } = await cachedGrant();
    const { id, email } = signedIn.user;
    const link = await nodeA.context.accounts.emailTokens.issue(id, 'password_reset', email);
    await nodeA.context.accounts.lifecycle.completePasswordReset(
      link,
      await passwordRegistration(nodeA, signedIn.user, newPassword, 'password_reset'),
    );
    await refusedOnBothNodes(tokens.access_token);
  });

  it('a password set by an admin', async () => {
    const { signedIn, tokens } = await cachedGrant();
    await nodeA.context.accounts.lifecycle.setPassword(
      signedIn.user.id,
      await passwordRegistration(nodeA, signedIn.user, newPassword, 'admin_set'),
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
