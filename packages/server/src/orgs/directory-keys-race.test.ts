import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../testing/database.js';
import { signInUser } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * The organization directory's copies of a member's address and name (migration 0036_member_directory_keys) under
 * concurrency: a membership written while its user's address or name changes must end with the values that won. The
 * trigger that copies them reads the user row FOR SHARE, so the change waits for the membership's transaction and
 * then updates its copy. PostgreSQL only (vitest.config.ts): the embedded database serves one connection at a time.
 */

let server: TestServer;

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A promise and the function that resolves it: one transaction waits on it while the test acts. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** A new organization for one test. */
const organizationNamed = (slug: string) =>
  server.context.orgs.organizations.create({ name: slug, slug }, { type: 'admin', id: 'race-fixture' }, null);

const copiesOf = async (userId: string) =>
  server.database.withConnection((connection) =>
    connection.query<{ user_email_normalized: string; user_name_lower: string }>(
      'SELECT user_email_normalized, user_name_lower FROM organization_members WHERE user_id = $1',
      [userId],
    ),
  );

describe('member directory keys', () => {
  it('a change of name waits for a membership being written, then updates its copy', async () => {
    const user = await signInUser(server, { email: 'racer@example.com', name: 'Racer' });
    const organization = await organizationNamed('race');
    const mayCommit = gate();
    const inserted = gate();
    const membership = server.database.withTransaction(async (connection) => {
      await connection.query(
        `INSERT INTO organization_members (id, organization_id, user_id, status) VALUES ($1, $2, $3, 'active')`,
        ['race-member', organization.id, user.user.id],
      );
      inserted.open();
      await mayCommit.opened;
    });
    await inserted.opened;
    let changed = false;
    const change = server.context.accounts.users.setName(user.user.id, 'Renamed Racer').then(() => {
      changed = true;
    });
    // The change holds until the membership's transaction ends: it would otherwise update no copy (the row is not
    // visible to it yet) and leave the old name in the membership once it commits. (A change of address waits
    // anyway: the address is a unique key, which the membership's foreign key check holds.)
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changed).toBe(false);
    mayCommit.open();
    await membership;
    await change;
    expect(await copiesOf(user.user.id)).toEqual([
      { user_email_normalized: 'racer@example.com', user_name_lower: 'renamed racer' },
    ]);
  });

  it('a membership written while the address and name change copies the values that won', async () => {
    const user = await signInUser(server, { email: 'second@example.com', name: 'Second' });
    const organization = await organizationNamed('race-two');
    const mayCommit = gate();
    const updated = gate();
    const change = server.database.withTransaction(async (connection) => {
      await connection.query(
        `UPDATE users SET email_normalized = 'second-new@example.com', name = 'Second New' WHERE id = $1`,
        [user.user.id],
      );
      updated.open();
      await mayCommit.opened;
    });
    await updated.opened;
    let added = false;
    const membership = server.context.orgs.organizations
      .addMember(organization.id, user.user.id, ['member'], { type: 'admin', id: 'race-fixture' })
      .then(() => {
        added = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(added).toBe(false);
    mayCommit.open();
    await change;
    await membership;
    expect(await copiesOf(user.user.id)).toEqual([
      { user_email_normalized: 'second-new@example.com', user_name_lower: 'second new' },
    ]);
  });
});
