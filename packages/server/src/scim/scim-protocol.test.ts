import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import { HOSTILE_BODIES, HOSTILE_STRINGS } from '../testing/fuzz.js';
import { admin, connectionWithToken, fixture, installAndSignIn, patchUser, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let session: AdminSession;
let token: string;
let organizationId: string;
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

beforeAll(async () => {
  server = await startTestServer();
  session = await installAndSignIn(server);
  ({ token, organizationId } = await connectionWithToken(server, session, 'Contoso'));
});
afterAll(async () => {
  await server?.close();
});

function expectScimError(
  answer: { status: number; json: Record<string, unknown> },
  status: number,
  scimType?: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.json.schemas).toEqual([ERROR_SCHEMA]);
  expect(answer.json.status).toBe(String(status));
  if (scimType) expect(answer.json.scimType).toBe(scimType);
  expect(typeof answer.json.detail).toBe('string');
}

describe('tokens', () => {
  it('are returned once, prefixed, listed as metadata only, and revocation or expiry shuts them out', async () => {
    const { connectionId } = await connectionWithToken(server, session, 'Tokens Inc');
    const created = await admin(server, session, 'POST', '/admin/scim/tokens', {
      name: 'okta',
      connectionId,
    });
    expect(created.status).toBe(201);
    const plaintext = created.json.token as string;
    expect(plaintext).toMatch(/^tessera_scim_[A-Za-z0-9_-]{43}$/);
    expect(plaintext.startsWith(created.json.prefix as string)).toBe(true);
    expect((await scim(server, plaintext, 'GET', '/Users')).status).toBe(200);

    const listed = await admin(server, session, 'GET', '/admin/scim/tokens');
    const entry = (listed.json.tokens as Record<string, unknown>[]).find(
      (item) => item.id === created.json.id,
    )!;
    expect(entry).toMatchObject({ name: 'okta', connectionId, status: 'active', revokedAt: null });
    expect(entry.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.json)).not.toContain(plaintext);

    expect((await admin(server, session, 'DELETE', `/admin/scim/tokens/${created.json.id}`)).status).toBe(
      204,
    );
    expectScimError(await scim(server, plaintext, 'GET', '/Users'), 401);
    const after = await admin(server, session, 'GET', '/admin/scim/tokens');
    const revoked = (after.json.tokens as Record<string, unknown>[]).find(
      (item) => item.id === created.json.id,
    )!;
    expect(revoked.status).toBe('revoked');
    expect(revoked.revokedAt).not.toBeNull();
    expect((await admin(server, session, 'DELETE', '/admin/scim/tokens/nope')).status).toBe(404);

    const expiring = await admin(server, session, 'POST', '/admin/scim/tokens', {
      name: 'short',
      connectionId,
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await scim(server, expiring.json.token as string, 'GET', '/Users')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expectScimError(await scim(server, expiring.json.token as string, 'GET', '/Users'), 401);
  });

  it('record their last use at most once per interval', async () => {
    const { connectionId } = await connectionWithToken(server, session, 'Throttle Inc');
    const created = await admin(server, session, 'POST', '/admin/scim/tokens', {
      name: 'quiet',
      connectionId,
    });
    const lastUsed = async () => {
      const listed = await admin(server, session, 'GET', '/admin/scim/tokens');
      return (listed.json.tokens as Record<string, unknown>[]).find((item) => item.id === created.json.id)!
        .lastUsedAt;
    };
    expect(await lastUsed()).toBeNull();
    await scim(server, created.json.token as string, 'GET', '/Users');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await scim(server, created.json.token as string, 'GET', '/Groups');
    expect(await lastUsed()).toBe(first);
  });

  it('belong to a connection: deleting it ends them; connections are listed, changed and audited', async () => {
    const { connectionId, token: doomed } = await connectionWithToken(server, session, 'Doomed Inc');
    const listed = await admin(server, session, 'GET', '/admin/scim/connections');
    expect(
      (listed.json.connections as Record<string, unknown>[]).find((item) => item.id === connectionId),
    ).toMatchObject({
      deprovisioning: 'suspend',
      linkByVerifiedEmail: false,
      unknownGroups: 'ignore',
      roleMappings: [],
      scimBaseUrl: `${server.config.baseUrl}/scim/v2`,
    });
    const changed = await admin(server, session, 'PATCH', `/admin/scim/connections/${connectionId}`, {
      deprovisioning: 'remove',
      linkByVerifiedEmail: true,
    });
    expect(changed.json).toMatchObject({ deprovisioning: 'remove', linkByVerifiedEmail: true });
    const shown = await admin(server, session, 'GET', `/admin/scim/connections/${connectionId}`);
    expect(shown.json).toEqual(changed.json);
    expect((await admin(server, session, 'GET', '/admin/scim/connections/nope')).status).toBe(404);
    // A connection's own tokens only; every token without the filter.
    const { connectionId: otherConnection } = await connectionWithToken(server, session, 'Other Inc');
    const own = await admin(server, session, 'GET', `/admin/scim/tokens?connectionId=${connectionId}`);
    const ownTokens = own.json.tokens as Record<string, unknown>[];
    expect(ownTokens.length).toBeGreaterThan(0);
    expect(ownTokens.every((token) => token.connectionId === connectionId)).toBe(true);
    const all = await admin(server, session, 'GET', '/admin/scim/tokens');
    expect((all.json.tokens as Record<string, unknown>[]).map((token) => token.connectionId)).toEqual(
      expect.arrayContaining([connectionId, otherConnection]),
    );
    expect(
      (await admin(server, session, 'PATCH', '/admin/scim/connections/nope', { name: 'x' })).status,
    ).toBe(404);
    expect(
      (
        await admin(server, session, 'PATCH', `/admin/scim/connections/${connectionId}`, {
          deprovisioning: 'shred',
        })
      ).status,
    ).toBe(400);
    expect(
      (await admin(server, session, 'POST', '/admin/scim/tokens', { name: 'x', connectionId: 'nope' }))
        .status,
    ).toBe(404);
    expect(
      (
        await admin(server, session, 'POST', '/admin/scim/connections', {
          name: 'No org',
          organizationId: 'no-such-organization',
        })
      ).status,
    ).toBe(404);
    expect((await admin(server, session, 'DELETE', `/admin/scim/connections/${connectionId}`)).status).toBe(
      204,
    );
    expectScimError(await scim(server, doomed, 'GET', '/Users'), 401);
    const events = await server.context.audit.list({ target: connectionId }, 10);
    expect(events.map((event) => event.action).sort()).toEqual([
      'scim.connection.created',
      'scim.connection.deleted',
      'scim.connection.updated',
    ]);
  });

  it('need a write admin with the CSRF token', async () => {
    const response = await fetch(`${server.adminUrl}/admin/scim/tokens`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', connectionId: 'y' }),
    });
    expect(response.status).toBe(403);
  });

  it('grant nothing outside /scim/v2', async () => {
    for (const path of ['/api/user/profile', '/userinfo', '/organizations']) {
      const response = await fetch(`${server.publicUrl}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
    }
    const adminResponse = await fetch(`${server.adminUrl}/admin/scim/tokens`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(adminResponse.status).toBe(401);
  });

  it('are checked on every /scim/v2 route, with the SCIM error body', async () => {
    for (const path of [
      '/ServiceProviderConfig',
      '/Schemas',
      '/ResourceTypes',
      '/Users',
      '/Groups',
      '/Users/x',
      '/Nowhere',
    ]) {
      expectScimError(await scim(server, null, 'GET', path), 401);
      expectScimError(await scim(server, 'Bearer tessera_scim_wrong', 'GET', path), 401);
    }
  });
});

describe('discovery (RFC 7643 §5-7)', () => {
  it('serves ServiceProviderConfig, ResourceTypes and real schema documents', async () => {
    const config = await scim(server, token, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.contentType).toMatch(/^application\/scim\+json/);
    expect(config.json).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
    });
    expect((config.json.authenticationSchemes as unknown[]).length).toBe(1);

    const types = await scim(server, token, 'GET', '/ResourceTypes');
    expect(types.json.schemas).toEqual([LIST_SCHEMA]);
    expect((types.json.Resources as { id: string }[]).map((type) => type.id)).toEqual(['User', 'Group']);

    const schemas = await scim(server, token, 'GET', '/Schemas');
    const documents = schemas.json.Resources as {
      id: string;
      attributes: { name: string; subAttributes?: unknown }[];
    }[];
    expect(documents.map((document) => document.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      ENTERPRISE,
      'urn:ietf:params:scim:schemas:core:2.0:Group',
      'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
      'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
      'urn:ietf:params:scim:schemas:core:2.0:Schema',
    ]);
    const user = documents[0]!;
    expect(user.attributes.find((attribute) => attribute.name === 'userName')).toMatchObject({
      type: 'string',
      required: true,
      caseExact: false,
      uniqueness: 'server',
    });
    expect(JSON.stringify(schemas.json)).not.toContain('null');
    const one = await scim(server, token, 'GET', `/Schemas/${ENTERPRISE}`);
    expect(one.json.name).toBe('EnterpriseUser');
  });
});

describe("Okta's SCIM 2.0 SPEC test, in order", () => {
  it('passes every step', async () => {
    // Its first step needs an existing user.
    const seed = await scim(server, token, 'POST', '/Users', {
      ...fixture('okta-create-user'),
      userName: 'seed.user@okta.local',
      emails: [{ primary: true, value: 'seed.user@okta.local', type: 'work' }],
      externalId: 'seed',
    });
    expect(seed.status).toBe(201);

    const first = await scim(server, token, 'GET', '/Users?count=1&startIndex=1');
    expect(first.status).toBe(200);
    expect(first.json.schemas).toEqual([LIST_SCHEMA]);
    for (const field of ['itemsPerPage', 'startIndex', 'totalResults'])
      expect(Number.isInteger(first.json[field])).toBe(true);
    const resource = (
      first.json.Resources as {
        id: unknown;
        name: { familyName: unknown; givenName: unknown };
        userName: unknown;
        active: unknown;
        emails: { value: unknown }[];
      }[]
    )[0]!;
    expect(resource.id).toBeTypeOf('string');
    expect(resource.name.familyName).toBeTypeOf('string');
    expect(resource.name.givenName).toBeTypeOf('string');
    expect(resource.userName).toBeTypeOf('string');
    expect(resource.active).toBeTypeOf('boolean');
    expect(resource.emails[0]!.value).toBeTypeOf('string');

    expect((await scim(server, token, 'GET', `/Users/${resource.id}`)).json.id).toBe(resource.id);

    const unknownName = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody-3f9a@okta.local"')}`,
    );
    expect(unknownName.status).toBe(200);
    expect(unknownName.json.totalResults).toBe(0);

    expectScimError(await scim(server, token, 'GET', '/Users/010101001010101010'), 404);

    const randomEmail = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "8c1d7e@example.com"')}`,
    );
    expect(randomEmail.json.totalResults).toBe(0);

    const created = await scim(
      server,
      token,
      'POST',
      '/Users',
      fixture('okta-create-user'),
      'application/json',
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      active: true,
      userName: 'test.user@okta.local',
      name: { givenName: 'Test', familyName: 'User' },
    });
    expect(created.json.schemas).toContain('urn:ietf:params:scim:schemas:core:2.0:User');
    expect(created.json).not.toHaveProperty('password');
    expect(created.location).toBe((created.json.meta as { location: string }).location);

    expect((await scim(server, token, 'GET', `/Users/${created.json.id}`)).json.userName).toBe(
      'test.user@okta.local',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Users', fixture('okta-create-user')),
      409,
      'uniqueness',
    );

    const upper = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "TEST.USER@OKTA.LOCAL"')}`,
    );
    expect(upper.status).toBe(200);
    expect(upper.json.totalResults).toBe(1);

    const groups = await scim(server, token, 'GET', '/Groups');
    expect(groups.status).toBe(200);
    expect(groups.json.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);

    expectScimError(await scim(server, 'non-token', 'GET', '/Users'), 401);
    expectScimError(await scim(server, token, 'GET', '/Users/00919288221112222'), 404);
  });
});

describe('Entra ID', () => {
  let userId: string;

  it('test connection: a filter on an unknown attribute value gives an empty list', async () => {
    const answer = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "5f1c8b1e-2f0a-4a2b-9d57-1d9d0f8a1b77"')}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('creates the user it sends, nulls and all', async () => {
    const created = await scim(server, token, 'POST', '/Users', fixture('entra-create-user'));
    expect(created.status).toBe(201);
    userId = created.json.id as string;
    expect(created.json).not.toHaveProperty('addresses');
    expect(created.json.externalId).toBe('0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef');
    const byExternal = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`,
    );
    expect(byExternal.json.totalResults).toBe(1);
  });

  it('filters on emails[type eq "work"].value', async () => {
    const filter =
      'emails[type eq "work"].value eq "test_user_fd0ea19b-0777-472c-9f96-4f70d2226f2e@contoso.com"';
    const answer = await scim(server, token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(answer.json.totalResults).toBe(1);
    const other = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent(filter.replace('"work"', '"home"'))}`,
    );
    expect(other.json.totalResults).toBe(0);
    const both = `userName eq "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@contoso.com" and ${filter}`;
    expect(
      (await scim(server, token, 'GET', `/Users?filter=${encodeURIComponent(both)}`)).json.totalResults,
    ).toBe(1);
  });

  it('capitalised Replace/Add, value-filter paths and enterprise paths', async () => {
    const patched = await patchUser(server, token, userId, fixture('entra-patch-user'));
    expect(patched.status).toBe(204);
    expect(patched.json.emails).toEqual([
      { primary: true, type: 'work', value: 'updatedEmail@microsoft.com' },
    ]);
    expect((patched.json.name as Record<string, string>).familyName).toBe('updatedFamilyName');
    expect(patched.json[ENTERPRISE]).toEqual({ employeeNumber: '701984' });
    expect(patched.json.title).toBe('Tester');
  });

  it('replace of an absent work email adds it, and add of an absent attribute creates it', async () => {
    const created = await scim(server, token, 'POST', '/Users', {
      userName: 'no-mail@contoso.com',
      active: true,
    });
    expect(created.status).toBe(201);
    const patched = await patchUser(server, token, created.json.id as string, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'no-mail@contoso.com' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager',
          value: [{ $ref: null, value: userId }],
        },
      ],
    });
    expect(patched.status).toBe(204);
    expect(patched.json.emails).toEqual([{ type: 'work', value: 'no-mail@contoso.com' }]);
    expect(patched.json[ENTERPRISE]).toEqual({ manager: { value: userId } });
  });

  it('path-less replace with dotted keys (aadOptscim062020) and case-insensitive attribute names', async () => {
    const patched = await patchUser(server, token, userId, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        {
          op: 'replace',
          value: {
            displayName: 'Renamed',
            'name.givenName': 'Given',
            'Name.FamilyName': 'Family',
            [`${ENTERPRISE}:department`]: 'R&D',
          },
        },
      ],
    });
    expect(patched.status).toBe(204);
    expect(patched.json).toMatchObject({
      displayName: 'Renamed',
      name: { givenName: 'Given', familyName: 'Family' },
    });
    expect(patched.json[ENTERPRISE]).toMatchObject({ department: 'R&D' });
    const filtered = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('DisplayName eq "Renamed"')}`,
    );
    expect(filtered.json.totalResults).toBe(1);
  });

  it('PATCH answers 200 with the resource when attributes are asked for (RFC 7644 §3.5.2)', async () => {
    const answer = await scim(server, token, 'PATCH', `/Users/${userId}?attributes=title`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'title', value: 'Lead' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: userId, title: 'Lead' });
    expect(answer.json).not.toHaveProperty('emails');
  });

  it('"active": "False" (a string) deactivates, and the soft-deleted user is still returned', async () => {
    const disabled = await patchUser(server, token, userId, fixture('entra-disable-user'));
    expect(disabled.status).toBe(204);
    expect(disabled.json.active).toBe(false);
    const fetched = await scim(server, token, 'GET', `/Users/${userId}`);
    expect(fetched.json.active).toBe(false);
    const again = await patchUser(server, token, userId, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'true' }],
    });
    expect(again.json.active).toBe(true);
    expectScimError(
      await patchUser(server, token, userId, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }],
      }),
      400,
      'invalidValue',
    );
  });

  it('groups: created empty, members added, removed by value and by filter path, 204s', async () => {
    const group = await scim(server, token, 'POST', '/Groups', fixture('entra-create-group'));
    expect(group.status).toBe(201);
    expect(group.json.id).not.toBe('c4c9f1e9-8b3c-4e8b-9e4c-1b6f4a7c4b4d');
    const groupId = group.json.id as string;
    const second = await scim(server, token, 'POST', '/Users', {
      userName: 'second@contoso.com',
      emails: [{ type: 'work', value: 'second@contoso.com', primary: true }],
    });
    const secondId = second.json.id as string;
    const add = await scim(server, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        {
          op: 'Add',
          path: 'members',
          value: [
            { $ref: null, value: userId },
            { $ref: null, value: secondId },
          ],
        },
      ],
    });
    expect(add.status).toBe(204);
    let read = await scim(server, token, 'GET', `/Groups/${groupId}`);
    expect((read.json.members as { value: string }[]).map((member) => member.value).sort()).toEqual(
      [userId, secondId].sort(),
    );
    const user = await scim(server, token, 'GET', `/Users/${userId}`);
    expect(user.json.groups).toEqual([
      expect.objectContaining({
        value: groupId,
        display: 'displayName',
        $ref: `${server.config.baseUrl}/scim/v2/Groups/${groupId}`,
      }),
    ]);

    const removeByValue = await scim(server, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: userId }] }],
    });
    expect(removeByValue.status).toBe(204);
    read = await scim(server, token, 'GET', `/Groups/${groupId}`);
    expect((read.json.members as { value: string }[]).map((member) => member.value)).toEqual([secondId]);

    const removeByFilter = await scim(server, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'remove', path: `members[value eq "${secondId}"]` }],
    });
    expect(removeByFilter.status).toBe(204);
    const excluded = await scim(server, token, 'GET', `/Groups/${groupId}?excludedAttributes=members`);
    expect(excluded.json).not.toHaveProperty('members');
    expect(excluded.json.displayName).toBe('displayName');

    const rename = await scim(server, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'displayName', value: 'Renamed group' }],
    });
    expect(rename.status).toBe(204);
    const byName = await scim(
      server,
      token,
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Renamed group"')}`,
    );
    expect(byName.json.totalResults).toBe(1);
    expectScimError(
      await scim(server, token, 'POST', '/Groups', { displayName: 'renamed GROUP' }),
      409,
      'uniqueness',
    );
    expect((await scim(server, token, 'DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expectScimError(await scim(server, token, 'GET', `/Groups/${groupId}`), 404);
  });

  it('reads a group’s members and a user’s groups only when the answer holds them', async () => {
    const user = await scim(server, token, 'POST', '/Users', { userName: 'projected.member@contoso.com' });
    const group = await scim(server, token, 'POST', '/Groups', {
      displayName: 'Projected group',
      members: [{ value: user.json.id }],
    });
    const groupId = group.json.id as string;
    const membersRead = vi.spyOn(server.context.scim.groups, 'members');
    const groupsRead = vi.spyOn(server.context.scim.users, 'groupsOf');
    try {
      const byName = encodeURIComponent('displayName eq "Projected group"');
      for (const path of [
        `/Groups/${groupId}?excludedAttributes=members`,
        `/Groups?excludedAttributes=members&filter=${byName}`,
        `/Groups/${groupId}?attributes=displayName`,
        `/Groups?attributes=urn:ietf:params:scim:schemas:core:2.0:Group:displayName&filter=${byName}`,
      ]) {
        const answer = await scim(server, token, 'GET', path);
        expect(answer.status).toBe(200);
        expect(JSON.stringify(answer.json)).not.toContain('"members"');
      }
      expect(membersRead).not.toHaveBeenCalled();
      // Asked for, or by default: read and answered.
      for (const path of [`/Groups/${groupId}`, `/Groups/${groupId}?attributes=members.value`]) {
        const answer = await scim(server, token, 'GET', path);
        expect((answer.json.members as { value: string }[]).map((member) => member.value)).toEqual([
          user.json.id,
        ]);
      }
      expect(membersRead).toHaveBeenCalledTimes(2);

      const byUserName = encodeURIComponent('userName eq "projected.member@contoso.com"');
      const withoutGroups = await scim(
        server,
        token,
        'GET',
        `/Users?excludedAttributes=groups&filter=${byUserName}`,
      );
      expect(withoutGroups.json.totalResults).toBe(1);
      expect(groupsRead).not.toHaveBeenCalled();
      const withGroups = await scim(server, token, 'GET', `/Users/${user.json.id}`);
      expect((withGroups.json.groups as { value: string }[]).map((entry) => entry.value)).toEqual([groupId]);
      expect(groupsRead).toHaveBeenCalledTimes(1);
    } finally {
      membersRead.mockRestore();
      groupsRead.mockRestore();
    }
  });

  it('Okta group rename (value with the read-only id) and full member replace; PUT', async () => {
    const user = await scim(server, token, 'POST', '/Users', { userName: 'okta.member@contoso.com' });
    const group = await scim(server, token, 'POST', '/Groups', { displayName: 'Okta group', members: [] });
    const groupId = group.json.id as string;
    expect(
      (
        await scim(server, token, 'PATCH', `/Groups/${groupId}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [
            { op: 'replace', value: { id: groupId, displayName: 'Okta group 2' } },
            { op: 'replace', path: 'members', value: [{ value: user.json.id, display: 'x' }] },
          ],
        })
      ).status,
    ).toBe(204);
    const put = await scim(server, token, 'PUT', `/Groups/${groupId}`, {
      displayName: 'Okta group 3',
      members: [],
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ displayName: 'Okta group 3', members: [] });
    expectScimError(
      await scim(server, token, 'PUT', `/Groups/${groupId}`, {
        displayName: 'x',
        members: [{ value: 'not-a-user' }],
      }),
      400,
      'invalidValue',
    );
  });

  it('DELETE answers 204 and the user is gone', async () => {
    const created = await scim(server, token, 'POST', '/Users', { userName: 'leaver@contoso.com' });
    expect((await scim(server, token, 'DELETE', `/Users/${created.json.id}`)).status).toBe(204);
    expectScimError(await scim(server, token, 'GET', `/Users/${created.json.id}`), 404);
    expectScimError(await scim(server, token, 'DELETE', `/Users/${created.json.id}`), 404);
  });
});

describe('lists', () => {
  it('page with startIndex and count, clamp bad values, and honour attributes', async () => {
    const all = await scim(server, token, 'GET', '/Users');
    const total = all.json.totalResults as number;
    expect(total).toBeGreaterThan(3);
    const page = await scim(server, token, 'GET', '/Users?startIndex=2&count=2');
    expect(page.json).toMatchObject({ startIndex: 2, itemsPerPage: 2, totalResults: total });
    expect((page.json.Resources as { id: string }[]).map((user) => user.id)).toEqual(
      (all.json.Resources as { id: string }[]).slice(1, 3).map((user) => user.id),
    );
    const negative = await scim(server, token, 'GET', '/Users?startIndex=-5&count=-1');
    expect(negative.json).toMatchObject({ startIndex: 1, itemsPerPage: 0, totalResults: total });
    const huge = await scim(server, token, 'GET', '/Users?count=100000000');
    expect(huge.status).toBe(200);
    expect(huge.json.itemsPerPage).toBe(total);
    const projected = await scim(server, token, 'GET', '/Users?count=1&attributes=userName,name.givenName');
    const first = (projected.json.Resources as Record<string, unknown>[])[0]!;
    expect(Object.keys(first).sort()).toEqual(expect.arrayContaining(['id', 'schemas', 'userName']));
    expect(first).not.toHaveProperty('emails');
  });
});

describe('bad input never gives a 5xx', () => {
  it('malformed JSON, wrong types, unknown attributes, bad filters, bad PATCH bodies', async () => {
    expectScimError(await scim(server, token, 'POST', '/Users', '{"userName": '), 400, 'invalidSyntax');
    expectScimError(await scim(server, token, 'POST', '/Users', '[1,2]'), 400);
    expectScimError(
      await scim(server, token, 'POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        userName: 'wrong.schema@y.z',
      }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Groups', {
        schemas: 'urn:ietf:params:scim:schemas:core:2.0:Group',
        displayName: 'x',
      }),
      400,
      'invalidSyntax',
    );
    expectScimError(await scim(server, token, 'POST', '/Users', 'x'.repeat(2_000_000)), 413);
    expectScimError(await scim(server, token, 'POST', '/Users', '<user/>', 'application/xml'), 415);
    expectScimError(await scim(server, token, 'POST', '/Users', { userName: 42 }), 400, 'invalidValue');
    expectScimError(
      await scim(server, token, 'POST', '/Users', { displayName: 'no userName' }),
      400,
      'invalidValue',
    );
    // An attribute we do not keep is ignored and never stored (Microsoft's collection expects this of a PUT).
    const unknown = await scim(server, token, 'POST', '/Users', {
      userName: 'unknown.attribute@y.z',
      garbage: 'yes',
      name: { givenName: 'G', nickname2: 'x' },
    });
    expect(unknown.status).toBe(201);
    expect(unknown.json).not.toHaveProperty('garbage');
    expect(unknown.json.name).toEqual({ givenName: 'G' });
    expectScimError(
      await scim(server, token, 'POST', '/Users', { userName: 'x@y.z', name: 'not an object' }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Users', { userName: 'x@y.z', active: 'perhaps' }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Users', {
        userName: 'two@y.z',
        emails: [
          { value: 'a@y.z', primary: true },
          { value: 'b@y.z', primary: true },
        ],
      }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Users', { userName: 'no-email-no-at' }),
      400,
      'invalidValue',
    );
    for (const filter of [
      'userName co "a"',
      'userName eq "a" or userName eq "b"',
      'not (userName eq "a")',
      'title eq "x"',
      'userName eq',
      '"; DROP TABLE users; --',
      'userName eq "a") or (1 eq 1',
      'emails[type eq "work"] pr',
    ]) {
      expectScimError(
        await scim(server, token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`),
        400,
        'invalidFilter',
      );
    }
    expectScimError(
      await scim(server, token, 'GET', `/Groups?filter=${encodeURIComponent('members eq "x"')}`),
      400,
      'invalidFilter',
    );
    expectScimError(await scim(server, token, 'GET', '/Users?count=abc'), 400);

    const user = await scim(server, token, 'POST', '/Users', { userName: 'patch.target@contoso.com' });
    const id = user.json.id as string;
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, { Operations: [] }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'move' }],
      }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'remove' }],
      }),
      400,
      'noTarget',
    );
    // An attribute we do not keep is ignored here too (docs/scim.md "Protocol").
    const ignored = await scim(server, token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'nosuch', value: 1 }],
    });
    expect(ignored.status).toBe(204);
    expect((await scim(server, token, 'GET', `/Users/${id}`)).json).not.toHaveProperty('nosuch');
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', path: 'groups', value: [] }],
      }),
      400,
      'mutability',
    );
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', path: 'userName', value: {} }],
      }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', path: 'emails[type eq', value: 'x' }],
      }),
      400,
      'invalidPath',
    );
    const many = Array.from({ length: 101 }, () => ({ op: 'replace', path: 'title', value: 't' }));
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations: many }),
      400,
      'tooMany',
    );
    // A failed PATCH changes nothing (RFC 7644 §3.5.2: atomic).
    expectScimError(
      await scim(server, token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: 'replace', path: 'title', value: 'Changed' },
          { op: 'replace', path: 'active', value: 'nope' },
        ],
      }),
      400,
    );
    expect((await scim(server, token, 'GET', `/Users/${id}`)).json).not.toHaveProperty('title');
    expectScimError(await scim(server, token, 'GET', '/Users/%00'), 400);
  });
});

describe('POST /.search (RFC 7644 §3.4.3)', () => {
  const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
  it('queries one resource type or all of them, with the body’s filter, paging and attributes', async () => {
    const one = await scim(server, token, 'POST', '/Users', {
      userName: 'search.one@contoso.com',
      externalId: 'searched',
      name: { givenName: 'One' },
    });
    await scim(server, token, 'POST', '/Users', { userName: 'search.two@contoso.com' });
    const group = await scim(server, token, 'POST', '/Groups', {
      displayName: 'Searched group',
      externalId: 'searched',
    });

    const users = await scim(server, token, 'POST', '/Users/.search', {
      schemas: [SEARCH],
      filter: 'userName eq "search.one@contoso.com"',
      attributes: ['name.givenName'],
    });
    expect(users.status).toBe(200);
    expect(users.json).toMatchObject({
      schemas: [LIST_SCHEMA],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
    });
    expect(users.json.Resources).toEqual([
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        id: one.json.id,
        userName: 'search.one@contoso.com',
        name: { givenName: 'One' },
        meta: expect.any(Object),
      },
    ]);

    // At the root, users and then groups; externalId applies to both, userName to users only.
    const both = await scim(server, token, 'POST', '/.search', {
      schemas: [SEARCH],
      filter: 'externalId eq "searched"',
      excludedAttributes: ['meta'],
    });
    expect((both.json.Resources as { id: string }[]).map((resource) => resource.id)).toEqual([
      one.json.id,
      group.json.id,
    ]);
    const second = await scim(server, token, 'POST', '/.search', {
      schemas: [SEARCH],
      filter: 'externalId eq "searched"',
      startIndex: 2,
      count: 1,
    });
    expect(second.json).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect((second.json.Resources as { id: string }[])[0]!.id).toBe(group.json.id);
    const onlyUsers = await scim(server, token, 'POST', '/.search', {
      schemas: [SEARCH],
      filter: 'userName eq "search.two@contoso.com"',
    });
    expect(onlyUsers.json.totalResults).toBe(1);

    expectScimError(
      await scim(server, token, 'POST', '/.search', { schemas: [SEARCH], filter: 'members eq "x"' }),
      400,
      'invalidFilter',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Users/.search', { filter: 'userName eq "x"' }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim(server, token, 'POST', '/Groups/.search', {
        schemas: [SEARCH],
        attributes: ['displayName'],
        excludedAttributes: ['members'],
      }),
      400,
      'invalidValue',
    );
  });
});

describe('audit', () => {
  it('records SCIM changes with the token, connection and target', async () => {
    const created = await scim(server, token, 'POST', '/Users', { userName: 'audited@contoso.com' });
    const events = await server.context.audit.list({ action: 'scim.user.created' }, 50);
    const event = events.find(
      (entry) => (entry.details as { scim_id?: string }).scim_id === created.json.id,
    )!;
    expect(event.actorId).toMatch(/^scim:/);
    expect(event.targetType).toBe('user');
    expect(event.details).toMatchObject({ organization: organizationId });
  });
});

describe('hostile input with a valid token', () => {
  // Several hundred requests, most of them SCIM writes with an audit entry: more than the default time per test.
  it('never answers 5xx on any SCIM route', async () => {
    const user = await scim(server, token, 'POST', '/Users', { userName: 'fuzz.target@contoso.com' });
    const group = await scim(server, token, 'POST', '/Groups', { displayName: 'Fuzz group' });
    const targets = [
      ['POST', '/Users'],
      ['PUT', `/Users/${user.json.id}`],
      ['PATCH', `/Users/${user.json.id}`],
      ['POST', '/Groups'],
      ['PUT', `/Groups/${group.json.id}`],
      ['PATCH', `/Groups/${group.json.id}`],
    ] as const;
    const strings = [...HOSTILE_STRINGS, 'x'.repeat(5000), '', ' '];
    const documents: unknown[] = [
      ...strings.map((text) => ({ userName: text, displayName: text })),
      ...strings.map((text) => ({
        userName: 'ok@contoso.com',
        emails: [{ value: text, primary: true }],
        externalId: text,
      })),
      ...strings.map((text) => ({
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', path: text, value: text }],
      })),
      ...strings.map((text) => ({
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'add', path: 'members', value: [{ value: text }] }],
      })),
      ...strings.map((text) => ({
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'remove', path: `members[value eq "${text}"]` }],
      })),
      {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', value: { 'name.givenName': { deep: [1, { x: null }] } } }],
      },
      {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'add', path: 'emails[type eq "work"].value', value: [[]] }],
      },
      { userName: 'ok2@contoso.com', name: [], emails: 'x', active: {}, addresses: [{ formatted: 5 }] },
      { displayName: 'g', members: [{ value: { nested: true } }, 'bare', null] },
    ];
    for (const [method, path] of targets) {
      for (const document of documents) {
        const answer = await scim(server, token, method, path, document);
        expect(answer.status, `${method} ${path} ${JSON.stringify(document).slice(0, 120)}`).toBeLessThan(
          500,
        );
      }
      for (const { type, body } of HOSTILE_BODIES) {
        const answer = await scim(server, token, method, path, body, type);
        expect(answer.status, `${method} ${path} ${type}`).toBeLessThan(500);
        expect(answer.json.schemas).toEqual([ERROR_SCHEMA]);
      }
    }
    // A lone surrogate has no UTF-8 form; the undecodable bytes a client could send instead.
    const encode = (text: string) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return '%ED%A0%80';
      }
    };
    for (const text of strings) {
      for (const path of [
        `/Users?filter=${encode(text)}`,
        `/Users/${encode(text)}`,
        `/Groups?filter=${encode(`displayName eq "${text}"`)}`,
      ]) {
        expect((await scim(server, token, 'GET', path)).status, path).toBeLessThan(500);
      }
    }
    expect((await scim(server, token, 'GET', `/Users/${user.json.id}`)).status).toBe(200);
  }, 120_000);
});
