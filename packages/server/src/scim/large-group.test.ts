import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionWithToken, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { MAX_MEMBERS } from './resource.js';

/**
 * A group at its cap of members (resource.ts MAX_MEMBERS): a PATCH of a few members is a change of those members
 * alone (groups.ts patchMembers) and keeps the cap that a PATCH of the whole group applies.
 */

let server: TestServer;
let token: string;
const GROUP = 'full-group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** Users `full-scim-1` to `full-scim-${MAX_MEMBERS}` are the members; the next two are not. */
const outsider = (n: number) => `full-scim-${MAX_MEMBERS + n}`;

beforeAll(async () => {
  server = await startTestServer();
  const session = await installAndSignIn(server);
  let connectionId: string;
  ({ token, connectionId } = await connectionWithToken(server, session, 'Northwind'));
  // Written in bulk, as months of provisioning would have left them.
  await server.database.withConnection(async (connection) => {
    await connection.exec(`
      insert into users (id, email, email_normalized, email_verified, name, status, created_at, updated_at)
      select 'full-u-' || g, 'Full-' || g || '@northwind.example', 'full-' || g || '@northwind.example', true,
             'Person ' || g, 'active', now(), now()
      from generate_series(1, ${MAX_MEMBERS + 2}) g`);
    await connection.exec(`
      insert into scim_users (id, connection_id, user_id, owned, user_name, user_name_normalized, display_name,
                              active, email_index)
      select 'full-scim-' || g, '${connectionId}', 'full-u-' || g, true, 'Full-' || g || '@northwind.example',
             'full-' || g || '@northwind.example', 'Person ' || g, true, '[]'
      from generate_series(1, ${MAX_MEMBERS + 2}) g`);
    await connection.exec(`
      insert into scim_groups (id, connection_id, display_name, display_name_normalized)
      values ('${GROUP}', '${connectionId}', 'Everyone', 'everyone')`);
    await connection.exec(`
      insert into scim_group_members (group_id, scim_user_id)
      select '${GROUP}', 'full-scim-' || g from generate_series(1, ${MAX_MEMBERS}) g`);
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function members(): Promise<string[]> {
  const rows = await server.database.withConnection((connection) =>
    connection.query<{ id: string }>(
      `select scim_user_id as id from scim_group_members where group_id = '${GROUP}'`,
    ),
  );
  return rows.map((row) => row.id);
}

const patchMembers = (...Operations: Record<string, unknown>[]) =>
  scim(server, token, 'PATCH', `/Groups/${GROUP}`, { schemas: [PATCH_OP], Operations });
const add = (...ids: string[]) => ({ op: 'Add', path: 'members', value: ids.map((value) => ({ value })) });
const remove = (id: string) => ({ op: 'Remove', path: `members[value eq "${id}"]` });

describe(`a group of ${MAX_MEMBERS.toLocaleString('en')} members, its cap`, () => {
  it('refuses one more member, and changes nothing', async () => {
    const refused = await patchMembers(add(outsider(1)));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ scimType: 'invalidValue', detail: 'members has too many values' });
    const swapped = await patchMembers(remove('full-scim-1'), add(outsider(1), outsider(2)));
    expect(swapped.status).toBe(400);
    const all = await members();
    expect(all).toHaveLength(MAX_MEMBERS);
    expect(all).toContain('full-scim-1');
    expect(all).not.toContain(outsider(1));
  });

  it('takes a member in for one who leaves in the same PATCH', async () => {
    const swapped = await patchMembers(remove('full-scim-1'), add(outsider(1)));
    expect(swapped.status).toBe(204);
    const all = await members();
    expect(all).toHaveLength(MAX_MEMBERS);
    expect(all).not.toContain('full-scim-1');
    expect(all).toContain(outsider(1));
  });

  it('is renamed by a PATCH of the whole group, which keeps every member', async () => {
    const renamed = await scim(server, token, 'PATCH', `/Groups/${GROUP}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: 'Everyone at Northwind' }],
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(204);
    const read = await scim(server, token, 'GET', `/Groups/${GROUP}?excludedAttributes=members`);
    expect(read.json.displayName).toBe('Everyone at Northwind');
    expect(await members()).toHaveLength(MAX_MEMBERS);
  }, 60_000);
});
