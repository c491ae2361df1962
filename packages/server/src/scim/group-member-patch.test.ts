import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import { connectionWithToken, installAndSignIn, provisionUsers, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * A PATCH that only adds and removes a group's members (what Entra ID and Okta send to keep a group in step) is
 * applied as a change to those members, without reading the group's whole member list (groups.ts patchMembers):
 * its outcome is the one a PATCH of the whole resource gives, which the other PATCHes still are.
 */

let server: TestServer;
let session: AdminSession;
let token: string;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
let people: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  session = await installAndSignIn(server);
  ({ token } = await connectionWithToken(server, session, 'Contoso'));
  people = await provisionUsers(server, token, 8, 'person', 'contoso.example');
});
afterAll(async () => {
  await server?.close();
});

const patch = (...Operations: Record<string, unknown>[]) => ({ schemas: [PATCH_OP], Operations });
const add = (...ids: string[]) => ({ op: 'Add', path: 'members', value: ids.map((value) => ({ value })) });
const removeByFilter = (id: string) => ({ op: 'Remove', path: `members[value eq "${id}"]` });
const person = (index: number) => people[index]!;

let groups = 0;
async function groupOf(...members: string[]) {
  groups += 1;
  const created = await scim(server, token, 'POST', '/Groups', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName: `Group ${groups}`,
    members: members.map((value) => ({ value })),
  });
  expect(created.status).toBe(201);
  return created.json as { id: string; meta: { version: string; lastModified: string } };
}

async function membersOf(groupId: string): Promise<string[]> {
  const read = await scim(server, token, 'GET', `/Groups/${groupId}`);
  expect(read.status).toBe(200);
  return ((read.json.members as { value: string }[]) ?? []).map((member) => member.value).sort();
}

const sorted = (...ids: string[]) => [...ids].sort();

describe('a PATCH of members only', () => {
  it('adds as a union and removes by id, in order, without reading the member list', async () => {
    const group = await groupOf(person(0), person(1), person(2), person(5));
    const readsWholeList = vi.spyOn(server.context.scim.groups, 'members');
    try {
      const changed = await scim(
        server,
        token,
        'PATCH',
        `/Groups/${group.id}`,
        patch(
          add(person(3), person(3), person(0)),
          { op: 'Remove', path: 'members', value: [{ value: person(1) }] },
          removeByFilter(person(2)),
          add(person(4)),
          removeByFilter(person(4)),
        ),
      );
      expect(changed.status).toBe(204);
      expect(readsWholeList).not.toHaveBeenCalled();
    } finally {
      readsWholeList.mockRestore();
    }
    expect(await membersOf(group.id)).toEqual(sorted(person(0), person(3), person(5)));
    const read = await scim(server, token, 'GET', `/Groups/${group.id}`);
    expect((read.json.meta as { version: string }).version).not.toBe(group.meta.version);
  });

  it('answers the resource after the change when attributes are asked for', async () => {
    const group = await groupOf(person(0), person(1));
    const changed = await scim(
      server,
      token,
      'PATCH',
      `/Groups/${group.id}?attributes=members`,
      patch(add(person(5)), removeByFilter(person(0))),
    );
    expect(changed.status).toBe(200);
    expect((changed.json.members as { value: string }[]).map((member) => member.value).sort()).toEqual(
      sorted(person(1), person(5)),
    );
  });

  it('refuses an unknown user, or a member without its id, and changes nothing', async () => {
    const group = await groupOf(person(0), person(1));
    const unknown = await scim(
      server,
      token,
      'PATCH',
      `/Groups/${group.id}`,
      patch(removeByFilter(person(0)), add(person(2), 'no-such-user')),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ scimType: 'invalidValue' });
    expect(unknown.json.detail).toContain('no-such-user');
    const valueless = await scim(
      server,
      token,
      'PATCH',
      `/Groups/${group.id}`,
      patch(removeByFilter(person(0)), { op: 'Add', path: 'members', value: [{ display: 'Nobody' }] }),
    );
    expect(valueless.status).toBe(400);
    expect(valueless.json).toMatchObject({ scimType: 'invalidValue' });
    expect(await membersOf(group.id)).toEqual(sorted(person(0), person(1)));
    const read = await scim(server, token, 'GET', `/Groups/${group.id}`);
    expect((read.json.meta as { version: string }).version).toBe(group.meta.version);
  });

  it('a user adding and leaving in one PATCH is not a member, and an unknown one is not refused', async () => {
    const group = await groupOf(person(0));
    const changed = await scim(
      server,
      token,
      'PATCH',
      `/Groups/${group.id}`,
      patch(add(person(6), 'gone-again'), removeByFilter('gone-again'), removeByFilter(person(6))),
    );
    expect(changed.status).toBe(204);
    expect(await membersOf(group.id)).toEqual([person(0)]);
  });

  it('removing a user who is not a member, or every member, gives what the whole-resource PATCH gives', async () => {
    const group = await groupOf(person(0), person(1));
    const readsWholeList = vi.spyOn(server.context.scim.groups, 'members');
    try {
      const notMember = await scim(
        server,
        token,
        'PATCH',
        `/Groups/${group.id}`,
        patch(removeByFilter(person(7))),
      );
      expect(notMember.status).toBe(204);
      expect(await membersOf(group.id)).toEqual(sorted(person(0), person(1)));
      const emptied = await scim(
        server,
        token,
        'PATCH',
        `/Groups/${group.id}`,
        patch(removeByFilter(person(0)), removeByFilter(person(1))),
      );
      expect(emptied.status).toBe(204);
      expect(await membersOf(group.id)).toEqual([]);
      // Both outcomes turn on members the PATCH does not name: they came from the whole resource.
      expect(readsWholeList).toHaveBeenCalled();
    } finally {
      readsWholeList.mockRestore();
    }
    const refilled = await scim(server, token, 'PATCH', `/Groups/${group.id}`, patch(add(person(2))));
    expect(refilled.status).toBe(204);
    expect(await membersOf(group.id)).toEqual([person(2)]);
  });

  it('another group, or one of another connection, is 404 and unchanged', async () => {
    const group = await groupOf(person(0), person(1));
    const missing = await scim(
      server,
      token,
      'PATCH',
      '/Groups/00000000-0000-4000-8000-000000000000',
      patch(add(person(2))),
    );
    expect(missing.status).toBe(404);
    // A body no PATCH may have is refused once the group is found: a missing one is still 404.
    const malformed = await scim(server, token, 'PATCH', '/Groups/00000000-0000-4000-8000-000000000000', {
      schemas: [PATCH_OP],
      Operations: [],
    });
    expect(malformed.status).toBe(404);
    expect(
      (await scim(server, token, 'PATCH', `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations: [] }))
        .status,
    ).toBe(400);
    const other = await connectionWithToken(server, session, 'Fabrikam');
    const foreign = await scim(
      server,
      other.token,
      'PATCH',
      `/Groups/${group.id}`,
      patch(removeByFilter(person(0))),
    );
    expect(foreign.status).toBe(404);
    expect(await membersOf(group.id)).toEqual(sorted(person(0), person(1)));
  });
});
