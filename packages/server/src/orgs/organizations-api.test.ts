import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInUser } from '../testing/oauth.js';
import { addMember, call, createOrganization, memberIdOf } from '../testing/organizations.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let alice: SignedIn; // creator, so admin (manager)
let bob: SignedIn; // basic member
let carol: SignedIn; // outsider
let dave: SignedIn; // basic member, the target of management calls
let organizationId: string;
let daveMemberId: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('orgs.users_may_create', true);
  alice = await signInUser(server, { email: 'alice@example.com', name: 'Alice' });
  bob = await signInUser(server, { email: 'bob@example.com', name: 'Bob' });
  carol = await signInUser(server, { email: 'carol@example.com', name: 'Carol' });
  dave = await signInUser(server, { email: 'dave@example.com', name: 'Dave' });
  organizationId = await createOrganization(server, alice, 'Acme, Inc.');
  await addMember(server, organizationId, bob);
  daveMemberId = await addMember(server, organizationId, dave);
});
afterAll(async () => {
  await server?.close();
});

describe('creating organizations', () => {
  it('the creator becomes a member with the admin role; the slug comes from the name', async () => {
    const mine = await call(server, alice, 'GET', `/organizations/${organizationId}`);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({
      name: 'Acme, Inc.',
      slug: 'acme-inc',
      roles: ['admin'],
      can_manage: true,
      settings: { require_totp: false },
    });
    expect(mine.json.permissions).toEqual(['service.org:manage', 'service.users:read']);
    const list = await call(server, alice, 'GET', '/organizations');
    expect((list.json.organizations as { id: string }[]).map((entry) => entry.id)).toEqual([organizationId]);
  });

  it('is refused when the setting is off, and a taken slug is a conflict', async () => {
    await server.context.settings.set('orgs.users_may_create', false);
    try {
      const refused = await call(server, carol, 'POST', '/organizations', { name: 'Nope' });
      expect(refused).toMatchObject({ status: 403, json: { error: 'organization_creation_disabled' } });
    } finally {
      await server.context.settings.set('orgs.users_may_create', true);
    }
    const taken = await call(server, carol, 'POST', '/organizations', { name: 'Other', slug: 'acme-inc' });
    expect(taken).toMatchObject({ status: 409, json: { error: 'slug_taken' } });
    // A derived slug that is taken gets a suffix instead.
    const derived = await call(server, carol, 'POST', '/organizations', { name: 'ACME inc' });
    expect(derived.status).toBe(201);
    expect(derived.json.slug).toMatch(/^acme-inc-[0-9a-f]{6}$/);
    const badSlug = await call(server, carol, 'POST', '/organizations', { name: 'X', slug: 'Not A Slug' });
    expect(badSlug.status).toBe(400);
  });

  it('needs a session, and the CSRF token for changes', async () => {
    expect((await call(server, null, 'GET', '/organizations')).status).toBe(401);
    const noCsrf = await call(server, alice, 'POST', '/organizations', { name: 'CSRF' }, { csrf: false });
    expect(noCsrf).toMatchObject({ status: 403, json: { error: 'csrf_failed' } });
  });
});

describe('permission checks on every organization endpoint', () => {
  /** [method, path, body, expected status for manager, member, outsider] — non-destructive calls. */
  const cases = (): [string, string, unknown, number, number, number][] => {
    const base = `/organizations/${organizationId}`;
    const member = `${base}/members/${daveMemberId}`;
    return [
      ['GET', base, undefined, 200, 200, 404],
      ['PATCH', base, { name: 'Acme, Inc.' }, 200, 403, 404],
      ['GET', `${base}/members`, undefined, 200, 200, 404],
      ['GET', `${base}/roles`, undefined, 200, 200, 404],
      ['GET', `${base}/invites`, undefined, 200, 403, 404],
      ['PATCH', member, { status: 'active' }, 200, 403, 404],
      ['POST', `${member}/roles`, { role: 'member' }, 200, 403, 404],
      ['DELETE', `${member}/roles/nonexistent`, undefined, 200, 403, 404],
      ['POST', `${base}/invites`, { email: 'someone@example.com' }, -1, 403, 404],
      ['DELETE', `${base}/invites/${daveMemberId}`, undefined, -1, 403, 404],
      ['DELETE', member, undefined, -1, 403, 404],
    ];
  };

  it('manager vs member vs outsider', async () => {
    for (const [method, path, body, manager, member, outsider] of cases()) {
      const label = `${method} ${path}`;
      if (manager > 0)
        expect((await call(server, alice, method, path, body)).status, `${label} as manager`).toBe(manager);
      const asMember = await call(server, bob, method, path, body);
      expect(asMember.status, `${label} as member`).toBe(member);
      if (member === 403) expect(asMember.json.error, label).toBe('organization_manage_required');
      const asOutsider = await call(server, carol, method, path, body);
      expect(asOutsider.status, `${label} as outsider`).toBe(outsider);
      expect((await call(server, null, method, path, body)).status, `${label} signed out`).toBe(401);
    }
    // Nothing changed for dave.
    const members = await call(server, alice, 'GET', `/organizations/${organizationId}/members`);
    const daveView = (members.json.members as { id: string; roles: string[]; status: string }[]).find(
      (entry) => entry.id === daveMemberId,
    );
    expect(daveView).toMatchObject({ roles: ['member'], status: 'active' });
  });

  it('an unknown organization is 404 for everyone, and a suspended member is an outsider', async () => {
    expect(
      (await call(server, alice, 'GET', '/organizations/00000000-0000-0000-0000-000000000000')).status,
    ).toBe(404);
    const suspended = await call(
      server,
      alice,
      'PATCH',
      `/organizations/${organizationId}/members/${daveMemberId}`,
      {
        status: 'suspended',
      },
    );
    expect(suspended).toMatchObject({ status: 200, json: { status: 'suspended' } });
    expect((await call(server, dave, 'GET', `/organizations/${organizationId}`)).status).toBe(404);
    expect((await call(server, dave, 'GET', '/organizations')).json.organizations).toEqual([]);
    const reinstated = await call(
      server,
      alice,
      'PATCH',
      `/organizations/${organizationId}/members/${daveMemberId}`,
      { status: 'active' },
    );
    expect(reinstated.json.status).toBe('active');
    expect((await call(server, dave, 'GET', `/organizations/${organizationId}`)).status).toBe(200);
  });
});

describe('member lists', () => {
  it('managers see emails, status and permissions; members see active members by name and roles only', async () => {
    const full = await call(server, alice, 'GET', `/organizations/${organizationId}/members`);
    expect(full.json.view).toBe('full');
    const fullMembers = full.json.members as Record<string, unknown>[];
    expect(fullMembers.map((member) => member.email)).toEqual([
      'alice@example.com',
      'bob@example.com',
      'dave@example.com',
    ]);
    expect(fullMembers[0]).toMatchObject({
      user_id: alice.user.id,
      name: 'Alice',
      status: 'active',
      roles: ['admin'],
      invite: null,
    });

    const reduced = await call(server, bob, 'GET', `/organizations/${organizationId}/members`);
    expect(reduced.json.view).toBe('reduced');
    const reducedMembers = reduced.json.members as Record<string, unknown>[];
    expect(reducedMembers).toHaveLength(3);
    for (const member of reducedMembers) expect(Object.keys(member).sort()).toEqual(['id', 'name', 'roles']);
    expect(JSON.stringify(reduced.json)).not.toContain('@example.com');
    expect(JSON.stringify(reduced.json)).not.toContain(alice.user.id);
    expect(reducedMembers.map((member) => member.name)).toEqual(['Alice', 'Bob', 'Dave']);
  });
});

describe('roles and the last manager', () => {
  it('assigns and removes roles; an unknown role is refused', async () => {
    const path = `/organizations/${organizationId}/members/${daveMemberId}/roles`;
    const unknown = await call(server, alice, 'POST', path, { role: 'no-such-role' });
    expect(unknown).toMatchObject({ status: 400, json: { error: 'unknown_role' } });
    const assigned = await call(server, alice, 'POST', path, { role: 'admin' });
    expect(assigned.json).toMatchObject({ roles: ['admin', 'member'] });
    expect((await call(server, dave, 'GET', `/organizations/${organizationId}`)).json.can_manage).toBe(true);
    // Dave may now manage: he sees emails.
    expect((await call(server, dave, 'GET', `/organizations/${organizationId}/members`)).json.view).toBe(
      'full',
    );
    const removed = await call(server, alice, 'DELETE', `${path}/admin`);
    expect(removed.json).toMatchObject({ roles: ['member'] });
    expect((await call(server, dave, 'GET', `/organizations/${organizationId}/members`)).json.view).toBe(
      'reduced',
    );
  });

  it('never leaves an organization without a manager: demoting, suspending, removing or leaving', async () => {
    const aliceMember = await memberIdOf(server, alice, organizationId);
    const base = `/organizations/${organizationId}`;
    const demote = await call(server, alice, 'DELETE', `${base}/members/${aliceMember}/roles/admin`);
    expect(demote).toMatchObject({ status: 409, json: { error: 'last_manager' } });
    const suspend = await call(server, alice, 'PATCH', `${base}/members/${aliceMember}`, {
      status: 'suspended',
    });
    expect(suspend).toMatchObject({ status: 409, json: { error: 'last_manager' } });
    expect((await call(server, alice, 'DELETE', `${base}/members/${aliceMember}`)).status).toBe(409);
    expect((await call(server, alice, 'POST', `${base}/leave`)).json.error).toBe('last_manager');
    expect((await call(server, alice, 'GET', base)).json.roles).toEqual(['admin']);

    // With a second manager the first may step down.
    const bobMember = await memberIdOf(server, bob, organizationId);
    await call(server, alice, 'POST', `${base}/members/${bobMember}/roles`, { role: 'admin' });
    expect((await call(server, alice, 'DELETE', `${base}/members/${aliceMember}/roles/admin`)).status).toBe(
      200,
    );
    expect((await call(server, alice, 'GET', base)).json.can_manage).toBe(false);
    // And back.
    expect(
      (await call(server, bob, 'POST', `${base}/members/${aliceMember}/roles`, { role: 'admin' })).status,
    ).toBe(200);
    expect((await call(server, alice, 'DELETE', `${base}/members/${bobMember}/roles/admin`)).status).toBe(
      200,
    );
  });

  it('two managers demoting each other at once: exactly one succeeds', async () => {
    const owner = await signInUser(server, { email: 'race-owner@example.com' });
    const other = await signInUser(server, { email: 'race-other@example.com' });
    const id = await createOrganization(server, owner, 'Race');
    const otherMember = await addMember(server, id, other, ['admin']);
    const ownerMember = await memberIdOf(server, owner, id);
    const results = await Promise.all([
      call(server, owner, 'DELETE', `/organizations/${id}/members/${otherMember}/roles/admin`),
      call(server, other, 'DELETE', `/organizations/${id}/members/${ownerMember}/roles/admin`),
    ]);
    // The loser is refused either as no longer a manager (403) or as the last manager's demoter (409).
    const statuses = results.map((result) => result.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const members = await server.context.organizations.listMembers(id);
    expect(members.filter((member) => member.roles.includes('admin'))).toHaveLength(1);
  });

  it('a member may leave; a manager may remove a member', async () => {
    const eve = await signInUser(server, { email: 'eve@example.com', name: 'Eve' });
    const frank = await signInUser(server, { email: 'frank@example.com', name: 'Frank' });
    await addMember(server, organizationId, eve);
    const frankMember = await addMember(server, organizationId, frank);
    expect((await call(server, eve, 'POST', `/organizations/${organizationId}/leave`)).status).toBe(204);
    expect((await call(server, eve, 'GET', `/organizations/${organizationId}`)).status).toBe(404);
    expect(
      (await call(server, alice, 'DELETE', `/organizations/${organizationId}/members/${frankMember}`)).status,
    ).toBe(204);
    expect((await call(server, frank, 'GET', '/organizations')).json.organizations).toEqual([]);
    expect(
      (await call(server, alice, 'DELETE', `/organizations/${organizationId}/members/${frankMember}`)).status,
    ).toBe(404);
    const events = await server.context.audit.list({ target: organizationId }, 200);
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining([
        'organization.member_left',
        'organization.member_removed',
        'organization.created',
      ]),
    );
  });

  it('managers edit the name, slug and settings; a member cannot', async () => {
    const base = `/organizations/${organizationId}`;
    const renamed = await call(server, alice, 'PATCH', base, { name: 'Acme Corp', slug: 'acme' });
    expect(renamed.json).toMatchObject({ name: 'Acme Corp', slug: 'acme' });
    expect((await call(server, bob, 'PATCH', base, { name: 'Hijacked' })).status).toBe(403);
    expect((await call(server, alice, 'PATCH', base, { unknown: true })).status).toBe(400);
  });
});

describe('organization-enforced TOTP', () => {
  it('makes the OTP status required for its active members only', async () => {
    const status = async (who: SignedIn) =>
      (
        (await (
          await fetch(`${server.publicUrl}/otp/status`, { headers: { cookie: who.cookie } })
        ).json()) as {
          status: string;
          required: boolean;
        }
      ).status;
    expect(await status(bob)).toBe('disabled');
    const strict = await call(server, alice, 'PATCH', `/organizations/${organizationId}`, {
      settings: { require_totp: true },
    });
    expect(strict.json.settings).toEqual({ require_totp: true });
    expect(await status(bob)).toBe('required');
    expect(await status(alice)).toBe('required');
    expect(await status(carol)).toBe('disabled');
    // A suspended member is not bound by the organization's policy.
    await call(server, alice, 'PATCH', `/organizations/${organizationId}/members/${daveMemberId}`, {
      status: 'suspended',
    });
    expect(await status(dave)).toBe('disabled');
    await call(server, alice, 'PATCH', `/organizations/${organizationId}/members/${daveMemberId}`, {
      status: 'active',
    });
    await call(server, alice, 'PATCH', `/organizations/${organizationId}`, {
      settings: { require_totp: false },
    });
    expect(await status(bob)).toBe('disabled');
  });
});
