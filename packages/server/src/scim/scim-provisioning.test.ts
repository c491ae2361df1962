import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import { authorizationCode, introspection, redeemCode, refreshGrant } from '../testing/code-flow.js';
import { type RegisteredClient, registerClient, type SignedIn, signInUser } from '../testing/oauth.js';
import { admin, connectionWithToken, installAndSignIn, patchUser, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let session: AdminSession;
let rp: RegisteredClient;
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const deactivate = {
  schemas: [PATCH_SCHEMA],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
};
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

/** An authorization code for a signed-in user, with its PKCE verifier (the hosted UI approving consent). */
async function issueCode(
  user: SignedIn,
  organizationId?: string,
): Promise<{ code: string; verifier: string }> {
  const { code, verifier } = await authorizationCode(server, user, rp, {
    scope: 'openid offline_access',
    state: randomBytes(8).toString('hex'),
    organization_id: organizationId,
  });
  return { code, verifier };
}

const redeem = (issued: { code: string; verifier: string }) => redeemCode(server, rp, issued);
const refresh = (refreshToken: string) => refreshGrant(server, rp, refreshToken);
const introspect = async (token: string) => (await introspection(server, rp, token)).active === true;

async function sessionActive(user: SignedIn): Promise<boolean> {
  const response = await fetch(`${server.publicUrl}/session`, { headers: { cookie: user.cookie } });
  return ((await response.json()) as { authenticated: boolean }).authenticated;
}

async function provision(token: string, userName: string, extra: Record<string, unknown> = {}) {
  const created = await scim(server, token, 'POST', '/Users', {
    userName,
    name: { givenName: 'Pat', familyName: 'Doe' },
    emails: [{ type: 'work', primary: true, value: userName }],
    ...extra,
  });
  if (created.status !== 201) throw new Error(`provision: ${JSON.stringify(created.json)}`);
  const scimId = created.json.id as string;
  const row = await server.context.scim.users.get(
    (await server.context.scim.connections.find(
      (await server.context.scim.tokens.authenticate(token))!.connection.id,
    ))!,
    scimId,
  );
  return { scimId, userId: row.userId };
}

async function memberStatus(organizationId: string, userId: string) {
  const memberships = await server.context.orgs.organizations.membershipsOf(userId);
  return memberships.find((membership) => membership.organization.id === organizationId)?.member ?? null;
}

describe('isolation between connections', () => {
  it('connection B cannot read, change or delete the users and groups of connection A (404)', async () => {
    const a = await connectionWithToken(server, session, 'Alpha');
    const b = await connectionWithToken(server, session, 'Beta');
    const { scimId } = await provision(a.token, 'alice@alpha.example');
    const group = await scim(server, a.token, 'POST', '/Groups', {
      displayName: 'Alpha team',
      members: [{ value: scimId }],
    });
    const groupId = group.json.id as string;

    expect((await scim(server, b.token, 'GET', '/Users')).json.totalResults).toBe(0);
    expect(
      (
        await scim(
          server,
          b.token,
          'GET',
          `/Users?filter=${encodeURIComponent('userName eq "alice@alpha.example"')}`,
        )
      ).json.totalResults,
    ).toBe(0);
    expect((await scim(server, b.token, 'GET', `/Users/${scimId}`)).status).toBe(404);
    expect(
      (await scim(server, b.token, 'PUT', `/Users/${scimId}`, { userName: 'taken@beta.example' })).status,
    ).toBe(404);
    expect((await scim(server, b.token, 'PATCH', `/Users/${scimId}`, deactivate)).status).toBe(404);
    expect((await scim(server, b.token, 'DELETE', `/Users/${scimId}`)).status).toBe(404);
    expect((await scim(server, b.token, 'GET', '/Groups')).json.totalResults).toBe(0);
    expect((await scim(server, b.token, 'GET', `/Groups/${groupId}`)).status).toBe(404);
    expect(
      (
        await scim(server, b.token, 'PATCH', `/Groups/${groupId}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'remove', path: 'members' }],
        })
      ).status,
    ).toBe(404);
    expect((await scim(server, b.token, 'DELETE', `/Groups/${groupId}`)).status).toBe(404);
    // B cannot put A's user in its own group either.
    expect(
      (
        await scim(server, b.token, 'POST', '/Groups', {
          displayName: 'Beta team',
          members: [{ value: scimId }],
        })
      ).status,
    ).toBe(400);

    const still = await scim(server, a.token, 'GET', `/Users/${scimId}`);
    expect(still.json).toMatchObject({ active: true, userName: 'alice@alpha.example' });
    expect(
      ((await scim(server, a.token, 'GET', `/Groups/${groupId}`)).json.members as unknown[]).length,
    ).toBe(1);
  });
});

describe('identity scoping', () => {
  it('an email that belongs to an existing account is a 409 unless the connection links verified emails', async () => {
    const existing = await signInUser(server, {
      email: 'self.registered@example.com',
      name: 'Self Registered',
    });
    const strict = await connectionWithToken(server, session, 'Strict');
    const conflict = await scim(server, strict.token, 'POST', '/Users', {
      userName: 'self.registered@example.com',
      emails: [{ value: 'self.registered@example.com', primary: true }],
    });
    expect(conflict.status).toBe(409);
    expect(conflict.json.scimType).toBe('uniqueness');

    const linking = await connectionWithToken(server, session, 'Linking', { linkByVerifiedEmail: true });
    const linked = await scim(server, linking.token, 'POST', '/Users', {
      userName: 'SELF.REGISTERED@example.com',
      displayName: 'Renamed By IdP',
      emails: [{ value: 'self.registered@example.com', primary: true }],
    });
    expect(linked.status).toBe(201);
    expect((await memberStatus(linking.organizationId, existing.user.id))?.status).toBe('active');

    // The linked account's global profile is not the connection's to change.
    const put = await scim(server, linking.token, 'PUT', `/Users/${linked.json.id}`, {
      userName: 'self.registered@example.com',
      displayName: 'Another Name',
      emails: [{ value: 'moved@example.com', primary: true }],
    });
    expect(put.status).toBe(200);
    expect(put.json.displayName).toBe('Another Name');
    const account = await server.context.accounts.users.find(existing.user.id);
    expect(account).toMatchObject({
      name: 'Self Registered',
      email: 'self.registered@example.com',
      status: 'active',
    });

    // An unverified address is never linked.
    const unverified = await server.context.accounts.users.create({
      email: 'unverified@example.com',
      emailVerified: false,
    });
    const refused = await scim(server, linking.token, 'POST', '/Users', {
      userName: 'unverified@example.com',
    });
    expect(refused.status).toBe(409);
    expect(await memberStatus(linking.organizationId, unverified.id)).toBeNull();

    // Deprovisioning a linked account touches only this organization: the account, its sessions and what it holds
    // outside the organization stay; what was issued in the organization's context ends.
    const inOrganization = (await redeem(await issueCode(existing, linking.organizationId))).json;
    expect(inOrganization.refresh_token).toBeTypeOf('string');
    const pendingInOrganization = await issueCode(existing, linking.organizationId);
    const outside = (await redeem(await issueCode(existing))).json;
    const deactivated = await patchUser(server, linking.token, linked.json.id as string, deactivate);
    expect(deactivated.json.active).toBe(false);
    expect((await memberStatus(linking.organizationId, existing.user.id))?.status).toBe('suspended');
    expect((await server.context.accounts.users.find(existing.user.id))?.status).toBe('active');
    expect(await sessionActive(existing)).toBe(true);
    expect((await refresh(inOrganization.refresh_token as string)).json.error).toBe('invalid_grant');
    expect((await redeem(pendingInOrganization)).json.error).toBe('invalid_grant');
    expect(await introspect(inOrganization.access_token as string)).toBe(false);
    expect((await refresh(outside.refresh_token as string)).status).toBe(200);
  });

  it('a SCIM PUT on a user who also belongs to another organization does not change what it sees', async () => {
    const idp = await connectionWithToken(server, session, 'Owner IdP');
    const { scimId, userId } = await provision(idp.token, 'shared@owner.example', {
      displayName: 'Original',
    });
    // While the connection alone knows the account, its changes reach the profile.
    const own = await scim(server, idp.token, 'PUT', `/Users/${scimId}`, {
      userName: 'shared@owner.example',
      displayName: 'Updated By IdP',
      emails: [{ value: 'shared@owner.example', primary: true }],
    });
    expect(own.status).toBe(200);
    expect((await server.context.accounts.users.find(userId))?.name).toBe('Updated By IdP');

    const other = await server.context.orgs.organizations.create(
      { name: 'Elsewhere' },
      { type: 'admin', id: 'test' },
      null,
    );
    await server.context.orgs.organizations.addMember(other.id, userId, ['member'], {
      type: 'admin',
      id: 'test',
    });
    const put = await scim(server, idp.token, 'PUT', `/Users/${scimId}`, {
      userName: 'shared@owner.example',
      displayName: 'Changed Again',
      emails: [{ value: 'changed@owner.example', primary: true }],
    });
    expect(put.status).toBe(200);
    const account = await server.context.accounts.users.find(userId);
    expect(account).toMatchObject({ name: 'Updated By IdP', email: 'shared@owner.example' });
    const seen = await server.context.orgs.organizations.membershipsOf(userId);
    expect(seen.find((membership) => membership.organization.id === other.id)?.member).toMatchObject({
      status: 'active',
      name: 'Updated By IdP',
      email: 'shared@owner.example',
    });
  });
});

describe('deprovisioning', () => {
  it('active:false ends sessions, codes and refresh tokens before the response; reactivation restores sign-in only', async () => {
    const idp = await connectionWithToken(server, session, 'Deprovision');
    const { scimId, userId } = await provision(idp.token, 'leaving@deprovision.example');
    const account = (await server.context.accounts.users.find(userId))!;
    const browser = await signInUser(server, { user: account });
    const tokens = (await redeem(await issueCode(browser))).json;
    expect(tokens.refresh_token).toBeTypeOf('string');
    const pending = await issueCode(browser);
    expect(await introspect(tokens.access_token as string)).toBe(true);

    const patched = await scim(server, idp.token, 'PATCH', `/Users/${scimId}`, deactivate);
    expect(patched.status).toBe(204);
    expect((await refresh(tokens.refresh_token as string)).json.error).toBe('invalid_grant');
    expect((await redeem(pending)).json.error).toBe('invalid_grant');
    expect(await introspect(tokens.access_token as string)).toBe(false);
    expect(await sessionActive(browser)).toBe(false);
    expect((await server.context.accounts.users.find(userId))?.status).toBe('disabled');
    expect((await memberStatus(idp.organizationId, userId))?.status).toBe('suspended');

    const back = await patchUser(server, idp.token, scimId, reactivate);
    expect(back.json.active).toBe(true);
    expect((await server.context.accounts.users.find(userId))?.status).toBe('active');
    expect((await memberStatus(idp.organizationId, userId))?.status).toBe('active');
    expect(await sessionActive(browser)).toBe(false);
    expect((await refresh(tokens.refresh_token as string)).status).toBe(400);
    const fresh = await signInUser(server, { user: account });
    expect((await redeem(await issueCode(fresh))).status).toBe(200);
  });

  it('a PUT that leaves active out keeps a deactivated user deactivated, and a new one active', async () => {
    const idp = await connectionWithToken(server, session, 'Put without active');
    const userName = 'put-without-active@deprovision.example';
    const { scimId, userId } = await provision(idp.token, userName);
    expect((await scim(server, idp.token, 'PATCH', `/Users/${scimId}`, deactivate)).status).toBe(204);
    // A full replacement as a client that never sends `active` (RFC 7644 §3.5.1: not asserted).
    const replaced = await scim(server, idp.token, 'PUT', `/Users/${scimId}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Pat', familyName: 'Renamed' },
      emails: [{ type: 'work', primary: true, value: userName }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.active).toBe(false);
    expect((replaced.json.name as { familyName: string }).familyName).toBe('Renamed');
    expect((await server.context.accounts.users.find(userId))?.status).toBe('disabled');
    expect((await memberStatus(idp.organizationId, userId))?.status).toBe('suspended');
    // Created without `active`: active.
    const created = await provision(idp.token, 'new-without-active@deprovision.example');
    expect((await server.context.accounts.users.find(created.userId))?.status).toBe('active');
  });

  it('a deactivation racing 20 code redemptions leaves no usable token', async () => {
    const idp = await connectionWithToken(server, session, 'Race');
    const { scimId, userId } = await provision(idp.token, 'racer@race.example');
    const browser = await signInUser(server, { user: (await server.context.accounts.users.find(userId))! });
    const codes = [];
    for (let index = 0; index < 20; index += 1) codes.push(await issueCode(browser));
    // The deactivation starts among the redemptions, so some are served before it commits and some after.
    const redemptions = codes.slice(0, 5).map((code) => redeem(code));
    const deactivation = scim(server, idp.token, 'PATCH', `/Users/${scimId}`, deactivate);
    redemptions.push(...codes.slice(5).map((code) => redeem(code)));
    const [results, deactivated] = await Promise.all([Promise.all(redemptions), deactivation]);
    expect(deactivated.status).toBe(204);
    for (const result of results) {
      expect([200, 400]).toContain(result.status);
      if (result.status === 400) {
        expect(result.json.error).toBe('invalid_grant');
        continue;
      }
      // Issued before the deactivation committed: dead now.
      expect((await refresh(result.json.refresh_token as string)).json.error).toBe('invalid_grant');
      expect(await introspect(result.json.access_token as string)).toBe(false);
    }
    // After the response, no code of the user can be redeemed.
    expect((await redeem(codes[0]!)).json.error).toBe('invalid_grant');
  });

  it('DELETE removes the membership; policy delete removes the account the connection alone had', async () => {
    const keep = await connectionWithToken(server, session, 'Keep', { deprovisioning: 'remove' });
    const kept = await provision(keep.token, 'kept@keep.example');
    expect((await scim(server, keep.token, 'DELETE', `/Users/${kept.scimId}`)).status).toBe(204);
    expect(await memberStatus(keep.organizationId, kept.userId)).toBeNull();
    expect((await server.context.accounts.users.find(kept.userId))?.status).toBe('disabled');

    // Provisioned again after its deletion (Entra re-creates a reassigned user): the same account comes back.
    const again = await scim(server, keep.token, 'POST', '/Users', {
      userName: 'kept@keep.example',
      emails: [{ type: 'work', primary: true, value: 'kept@keep.example' }],
    });
    expect(again.status).toBe(201);
    expect((await server.context.accounts.users.find(kept.userId))?.status).toBe('active');
    expect((await memberStatus(keep.organizationId, kept.userId))?.status).toBe('active');
    expect((await scim(server, keep.token, 'GET', `/Users/${again.json.id}`)).json.active).toBe(true);
    expect((await scim(server, keep.token, 'GET', '/Users')).json.totalResults).toBe(1);

    const purge = await connectionWithToken(server, session, 'Purge', { deprovisioning: 'delete' });
    const purged = await provision(purge.token, 'purged@purge.example');
    const deactivated = await patchUser(server, purge.token, purged.scimId, deactivate);
    expect(deactivated.json.active).toBe(false);
    expect(await memberStatus(purge.organizationId, purged.userId)).toBeNull();
    expect((await scim(server, purge.token, 'DELETE', `/Users/${purged.scimId}`)).status).toBe(204);
    expect(await server.context.accounts.users.find(purged.userId)).toBeNull();
  });
});

describe('groups mapped to roles', () => {
  it('a member joining or leaving re-checks that member’s roles alone; a rename re-checks every member’s', async () => {
    const idp = await connectionWithToken(server, session, 'Sync', {
      roleMappings: [{ match: 'displayName', value: 'Sync Admins', role: 'admin' }],
    });
    const owner = await signInUser(server, { email: 'owner@sync.example' });
    await server.context.orgs.organizations.addMember(idp.organizationId, owner.user.id, ['admin'], {
      type: 'admin',
      id: 'test',
    });
    const people = [];
    for (const name of ['ada', 'bea', 'cy', 'dee'])
      people.push(await provision(idp.token, `${name}@sync.example`));
    const group = await scim(server, idp.token, 'POST', '/Groups', {
      displayName: 'Sync Admins',
      members: people.slice(0, 3).map((person) => ({ value: person.scimId })),
    });
    expect(group.status).toBe(201);
    const synced = vi.spyOn(server.context.scim.users, 'syncRoles');
    try {
      const joined = await scim(server, idp.token, 'PATCH', `/Groups/${group.json.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: people[3]!.scimId }] }],
      });
      expect(joined.status).toBe(204);
      expect(synced.mock.calls.map(([, row]) => row.id)).toEqual([people[3]!.scimId]);
      expect((await memberStatus(idp.organizationId, people[3]!.userId))?.roles.sort()).toEqual([
        'admin',
        'member',
      ]);
      synced.mockClear();
      const left = await scim(server, idp.token, 'PATCH', `/Groups/${group.json.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Remove', path: `members[value eq "${people[0]!.scimId}"]` }],
      });
      expect(left.status).toBe(204);
      expect(synced.mock.calls.map(([, row]) => row.id)).toEqual([people[0]!.scimId]);
      expect((await memberStatus(idp.organizationId, people[0]!.userId))?.roles).toEqual(['member']);
      // Renamed out of the mapping: every member loses the role it gave.
      synced.mockClear();
      const renamed = await scim(server, idp.token, 'PATCH', `/Groups/${group.json.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', path: 'displayName', value: 'Sync Readers' }],
      });
      expect(renamed.status).toBe(204);
      expect(synced.mock.calls.map(([, row]) => row.id).sort()).toEqual(
        people
          .slice(1)
          .map((person) => person.scimId)
          .sort(),
      );
      for (const person of people.slice(1))
        expect((await memberStatus(idp.organizationId, person.userId))?.roles).toEqual(['member']);
    } finally {
      synced.mockRestore();
    }
  });

  it('membership changes give and take the mapped role; unknown groups follow the policy', async () => {
    const idp = await connectionWithToken(server, session, 'Roles', {
      unknownGroups: 'reject',
      roleMappings: [{ match: 'displayName', value: 'Org Admins', role: 'admin' }],
    });
    // The organization keeps a manager of its own: the last one could not be demoted (orgs' rule, a 409).
    const owner = await signInUser(server, { email: 'owner@roles.example' });
    await server.context.orgs.organizations.addMember(idp.organizationId, owner.user.id, ['admin'], {
      type: 'admin',
      id: 'test',
    });
    const { scimId, userId } = await provision(idp.token, 'admin.to.be@roles.example');
    expect((await memberStatus(idp.organizationId, userId))?.roles).toEqual(['member']);
    const group = await scim(server, idp.token, 'POST', '/Groups', {
      displayName: 'org admins',
      members: [],
    });
    expect(group.status).toBe(201);
    const added = await scim(server, idp.token, 'PATCH', `/Groups/${group.json.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: scimId }] }],
    });
    expect(added.status).toBe(204);
    expect((await memberStatus(idp.organizationId, userId))?.roles.sort()).toEqual(['admin', 'member']);
    const removed = await scim(server, idp.token, 'PATCH', `/Groups/${group.json.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: `members[value eq "${scimId}"]` }],
    });
    expect(removed.status).toBe(204);
    expect((await memberStatus(idp.organizationId, userId))?.roles).toEqual(['member']);

    const unknown = await scim(server, idp.token, 'POST', '/Groups', { displayName: 'Unmapped' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.scimType).toBe('invalidValue');

    const creating = await connectionWithToken(server, session, 'Creating', { unknownGroups: 'create' });
    const engineer = await provision(creating.token, 'engineer@creating.example');
    const engineering = await scim(server, creating.token, 'POST', '/Groups', {
      displayName: 'Engineering Team',
      members: [{ value: engineer.scimId }],
    });
    expect(engineering.status).toBe(201);
    expect((await memberStatus(creating.organizationId, engineer.userId))?.roles.sort()).toEqual([
      'member',
      'scim.engineering-team',
    ]);
    const connections = await admin(server, session, 'GET', '/admin/scim/connections');
    expect(
      (connections.json.connections as { id: string; roleMappings: unknown[] }[]).find(
        (connection) => connection.id === creating.connectionId,
      )?.roleMappings,
    ).toEqual([{ match: 'id', value: engineering.json.id, role: 'scim.engineering-team' }]);

    const badRole = await admin(server, session, 'PATCH', `/admin/scim/connections/${idp.connectionId}`, {
      roleMappings: [{ match: 'id', value: 'x', role: 'no-such-role' }],
    });
    expect(badRole.status).toBe(400);
  });
});
