import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import {
  authorizeUrl,
  browserGet,
  expectErrorRedirect,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { call } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SmtpCapture } from '../testing/smtp.js';

let server: TestServer;
const smtp = new SmtpCapture();
let writer: AdminSession;
let reader: AdminSession;
let ann: SignedIn;
let ben: SignedIn;

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer();
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await installViaApi(server, 'root@example.com', 'admin password one');
  writer = await adminSignIn(server, 'root@example.com', 'admin password one');
  await createAdmin(server, writer, 'reader@example.com', 'reader password two', 'read');
  reader = await adminSignIn(server, 'reader@example.com', 'reader password two');
  await smtp.configure(server);
  ann = await signInUser(server, { email: 'ann@example.com', name: 'Ann' });
  ben = await signInUser(server, { email: 'ben@example.com', name: 'Ben' });
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

/** Every page of a list paged two at a time by `next_after`, each entry as `describe` names it. */
async function readPages(
  get: (query: string) => Promise<{ status: number; json: Record<string, unknown> }>,
  list: string,
  describe: (entry: Record<string, unknown>) => string,
): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | null = null;
  do {
    const answer = await get(`?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    expect(answer.status).toBe(200);
    pages.push((answer.json[list] as Record<string, unknown>[]).map(describe));
    after = answer.json.next_after as string | null;
  } while (after !== null && pages.length < 10);
  return pages;
}

const admin = (method: string, path: string, body?: unknown) =>
  adminFetch(server, writer, method, path, body);

describe('organizations through the admin API', () => {
  it('creates with a first member who gets the admin role; lists, reads, edits; a read admin only reads', async () => {
    const created = await admin('POST', '/admin/organizations', {
      name: 'Umbrella',
      owner_user_id: ann.user.id,
      settings: { require_totp: false },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Umbrella', slug: 'umbrella', status: 'active' });
    const id = created.json.id as string;
    const mine = await call(server, ann, 'GET', `/organizations/${id}`);
    expect(mine.json).toMatchObject({ roles: ['admin'], can_manage: true });

    expect((await admin('POST', '/admin/organizations', { name: 'Dup', slug: 'umbrella' })).json.error).toBe(
      'slug_taken',
    );
    expect(
      (await admin('POST', '/admin/organizations', { name: 'X', owner_user_id: 'nobody' })).json.error,
    ).toBe('unknown_user');
    const bare = await admin('POST', '/admin/organizations', { name: 'Bare Org' });
    expect(bare.status).toBe(201);

    const listed = await adminFetch(server, reader, 'GET', '/admin/organizations?query=umbr');
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ total: 1, organizations: [{ id, slug: 'umbrella' }] });
    expect((await adminFetch(server, reader, 'GET', `/admin/organizations/${id}`)).json.name).toBe(
      'Umbrella',
    );
    expect(
      (await adminFetch(server, reader, 'PUT', `/admin/organizations/${id}`, { name: 'No' })).status,
    ).toBe(403);

    const edited = await admin('PUT', `/admin/organizations/${id}`, {
      name: 'Umbrella Corp',
      settings: { require_totp: true },
    });
    expect(edited.json).toMatchObject({
      name: 'Umbrella Corp',
      slug: 'umbrella',
      settings: { require_totp: true },
    });
    const memberships = await adminFetch(server, reader, 'GET', `/admin/users/${ann.user.id}/organizations`);
    expect(memberships.json.memberships).toEqual([
      expect.objectContaining({
        organization: expect.objectContaining({ id }),
        member: expect.objectContaining({ roles: ['admin'], status: 'active', email: 'ann@example.com' }),
      }),
    ]);
    const actions = (await server.context.audit.list({ target: id }, 50)).map((event) => [
      event.action,
      event.actorType,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['organization.created', 'admin'],
        ['organization.updated', 'admin'],
      ]),
    );
  });

  it('manages members, roles and invitations, keeping a manager', async () => {
    const id = (await admin('POST', '/admin/organizations', { name: 'Hooli', owner_user_id: ann.user.id }))
      .json.id as string;
    const added = await admin('POST', `/admin/organizations/${id}/members`, { user_id: ben.user.id });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ user_id: ben.user.id, roles: ['member'], status: 'active' });
    const benMember = added.json.id as string;
    expect(
      (await admin('POST', `/admin/organizations/${id}/members`, { user_id: ben.user.id })).json.error,
    ).toBe('already_member');
    const assigned = await admin('POST', `/admin/organizations/${id}/members/${benMember}/roles`, {
      role: 'admin',
    });
    expect(assigned.json.roles).toEqual(['admin', 'member']);
    const suspended = await admin('PUT', `/admin/organizations/${id}/members/${benMember}`, {
      status: 'suspended',
    });
    expect(suspended.json.status).toBe('suspended');

    // Ann is now the only active manager: the admin API keeps her too.
    const members = (await admin('GET', `/admin/organizations/${id}/members`)).json.members as {
      id: string;
      user_id: string;
    }[];
    const annMember = members.find((member) => member.user_id === ann.user.id)!.id;
    expect(
      (await admin('DELETE', `/admin/organizations/${id}/members/${annMember}/roles/admin`)).json.error,
    ).toBe('last_manager');
    expect((await admin('DELETE', `/admin/organizations/${id}/members/${annMember}`)).status).toBe(409);
    await admin('PUT', `/admin/organizations/${id}/members/${benMember}`, { status: 'active' });
    expect((await admin('DELETE', `/admin/organizations/${id}/members/${annMember}`)).status).toBe(204);

    const invited = await admin('POST', `/admin/organizations/${id}/invites`, {
      email: 'cleo@example.com',
      roles: ['member'],
    });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email: 'cleo@example.com', invited_by: { type: 'admin' } });
    const mail = smtp
      .to('cleo@example.com')
      .at(-1)!
      .raw.replace(/=\r?\n/g, '');
    expect(mail).toContain('An administrator of Acme ID');
    const token = smtp.lastToken('cleo@example.com', 'invite')!;
    expect(
      (await adminFetch(server, reader, 'GET', `/admin/organizations/${id}/invites`)).json.invites,
    ).toHaveLength(1);
    expect(
      (await admin('DELETE', `/admin/organizations/${id}/invites/${invited.json.id as string}`)).status,
    ).toBe(204);
    const cleo = await signInUser(server, { email: 'cleo@example.com' });
    expect((await call(server, cleo, 'POST', '/organizations/invites/accept', { token })).status).toBe(404);
  });

  it('pages the member list by address on both ports, invitations in their place', async () => {
    const created = await admin('POST', '/admin/organizations', {
      name: 'Paged',
      owner_user_id: ann.user.id,
    });
    const id = created.json.id as string;
    const people = [ann];
    for (const name of ['cara', 'dan', 'eve', 'fay']) {
      const person = await signInUser(server, { email: `${name}-paged@example.com`, name });
      expect(
        (await admin('POST', `/admin/organizations/${id}/members`, { user_id: person.user.id })).status,
      ).toBe(201);
      people.push(person);
    }
    const invited = await admin('POST', `/admin/organizations/${id}/invites`, {
      email: 'bo-paged@example.com',
    });
    expect(invited.status).toBe(201);
    // By address: ann, bo (invited), cara, dan, eve, fay.
    const expected = [
      'ann@example.com',
      'bo-paged@example.com',
      'cara-paged@example.com',
      'dan-paged@example.com',
      'eve-paged@example.com',
      'fay-paged@example.com',
    ];
    const addressOf = (member: Record<string, unknown>) =>
      (member.email ?? (member.invite as { email: string } | null)?.email) as string;
    const readAll = (
      get: (query: string) => Promise<{ status: number; json: Record<string, unknown> }>,
      describe: (member: Record<string, unknown>) => string,
    ) => readPages(get, 'members', describe);
    const adminPages = await readAll(
      (query) => admin('GET', `/admin/organizations/${id}/members${query}`),
      addressOf,
    );
    expect(adminPages).toEqual([expected.slice(0, 2), expected.slice(2, 4), expected.slice(4, 6)]);
    // A manager on the public port: the full view, the same pages.
    const managerPages = await readAll(
      (query) => call(server, ann, 'GET', `/organizations/${id}/members${query}`),
      addressOf,
    );
    expect(managerPages).toEqual(adminPages);
    // A member without the manage permission: active members only, by the same order, no addresses shown.
    const memberPages = await readAll(
      (query) => call(server, people[1]!, 'GET', `/organizations/${id}/members${query}`),
      (member) => member.name as string,
    );
    expect(memberPages).toEqual([['Ann', 'cara'], ['dan', 'eve'], ['fay']]);
    // The default page holds them all; a cursor of another listing, or made up, is refused.
    const whole = await admin('GET', `/admin/organizations/${id}/members`);
    expect([(whole.json.members as unknown[]).length, whole.json.next_after]).toEqual([6, null]);
    const organizationsCursor = (await admin('GET', '/admin/organizations?limit=1')).json
      .next_after as string;
    for (const cursor of [organizationsCursor, 'bm90LWEtY3Vyc29y']) {
      const refused = await admin('GET', `/admin/organizations/${id}/members?after=${cursor}`);
      expect([refused.status, refused.json.error]).toEqual([400, 'invalid_cursor']);
      const publicRefused = await call(server, ann, 'GET', `/organizations/${id}/members?after=${cursor}`);
      expect([publicRefused.status, publicRefused.json.error]).toEqual([400, 'invalid_cursor']);
    }
    // The reduced view shows no addresses, and neither does its cursor (a cursor is base64url of JSON).
    const reduced = await call(server, people[1]!, 'GET', `/organizations/${id}/members?limit=2`);
    const cursor = reduced.json.next_after as string;
    expect(Buffer.from(cursor, 'base64url').toString('utf8')).not.toContain('@');
    // A page continues after a member: once that member is gone, the cursor says so rather than skipping.
    const firstTwo = await admin('GET', `/admin/organizations/${id}/members?limit=2`);
    const lastShown = (firstTwo.json.members as { id: string }[])[1]!.id;
    expect((await admin('DELETE', `/admin/organizations/${id}/members/${lastShown}`)).status).toBe(204);
    const gone = await admin('GET', `/admin/organizations/${id}/members?after=${firstTwo.json.next_after}`);
    expect([gone.status, gone.json.error]).toEqual([400, 'invalid_cursor']);
  });

  it('pages the pending invitations by address on both ports', async () => {
    const created = await admin('POST', '/admin/organizations', {
      name: 'Invited in pages',
      owner_user_id: ann.user.id,
    });
    const id = created.json.id as string;
    const member = await signInUser(server, { email: 'gil-invites@example.com', name: 'gil' });
    expect(
      (await admin('POST', `/admin/organizations/${id}/members`, { user_id: member.user.id })).status,
    ).toBe(201);
    const addresses = ['e-invites@example.com', 'a-invites@example.com', 'c-invites@example.com'];
    for (const email of [...addresses, 'b-invites@example.com', 'd-invites@example.com'])
      expect((await admin('POST', `/admin/organizations/${id}/invites`, { email })).status).toBe(201);
    const expected = ['a', 'b', 'c', 'd', 'e'].map((letter) => `${letter}-invites@example.com`);
    const readAll = (get: (query: string) => Promise<{ status: number; json: Record<string, unknown> }>) =>
      readPages(get, 'invites', (invite) => invite.email as string);
    const adminPages = await readAll((query) => admin('GET', `/admin/organizations/${id}/invites${query}`));
    expect(adminPages).toEqual([expected.slice(0, 2), expected.slice(2, 4), expected.slice(4)]);
    const managerPages = await readAll((query) =>
      call(server, ann, 'GET', `/organizations/${id}/invites${query}`),
    );
    expect(managerPages).toEqual(adminPages);
    const whole = await admin('GET', `/admin/organizations/${id}/invites`);
    expect([(whole.json.invites as unknown[]).length, whole.json.next_after]).toEqual([5, null]);
    // A page continues after an invitation that is still pending; one withdrawn since is 400 invalid_cursor, as
    // is a cursor of another listing (the member list's) or one made up.
    const first = await admin('GET', `/admin/organizations/${id}/invites?limit=1`);
    const afterA = first.json.next_after as string;
    const membersCursor = (await admin('GET', `/admin/organizations/${id}/members?limit=1`)).json
      .next_after as string;
    const aId = (first.json.invites as { id: string }[])[0]!.id;
    expect((await admin('DELETE', `/admin/organizations/${id}/invites/${aId}`)).status).toBe(204);
    for (const cursor of [afterA, membersCursor, 'bm90LWEtY3Vyc29y']) {
      const refused = await admin(
        'GET',
        `/admin/organizations/${id}/invites?after=${encodeURIComponent(cursor)}`,
      );
      expect([refused.status, refused.json.error]).toEqual([400, 'invalid_cursor']);
      const publicRefused = await call(
        server,
        ann,
        'GET',
        `/organizations/${id}/invites?after=${encodeURIComponent(cursor)}`,
      );
      expect([publicRefused.status, publicRefused.json.error]).toEqual([400, 'invalid_cursor']);
    }
  });

  it('a disabled organization disappears for its members and is refused at /authorize; deleting removes it', async () => {
    const id = (await admin('POST', '/admin/organizations', { name: 'Soylent', owner_user_id: ben.user.id }))
      .json.id as string;
    const registered = await registerClient(server, {
      scopes: [{ scope: 'openid', description: '' }],
      first_party: true,
    });
    const url = (state: string) =>
      authorizeUrl(server, {
        client_id: registered.clientId,
        redirect_uri: RP_REDIRECT,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        organization_id: id,
        state,
      });
    const allowed = await browserGet(url('one'), ben.cookie);
    expect(new URL(allowed.location!).searchParams.get('code')).toBeTruthy();

    await admin('PUT', `/admin/organizations/${id}`, { status: 'disabled' });
    expect((await call(server, ben, 'GET', `/organizations/${id}`)).status).toBe(404);
    expectErrorRedirect(server, await browserGet(url('two'), ben.cookie), {
      error: 'access_denied',
      state: 'two',
    });
    expect((await adminFetch(server, reader, 'GET', `/admin/organizations/${id}`)).json.status).toBe(
      'disabled',
    );

    expect((await admin('DELETE', `/admin/organizations/${id}`)).status).toBe(204);
    expect((await admin('GET', `/admin/organizations/${id}`)).status).toBe(404);
    expect((await admin('GET', `/admin/organizations/${id}/members`)).status).toBe(404);
  });
});

describe('roles and permissions through the admin API', () => {
  it('lists the built-ins, which cannot be changed or deleted', async () => {
    const roles = (await adminFetch(server, reader, 'GET', '/admin/roles')).json.roles as Record<
      string,
      unknown
    >[];
    expect(roles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'admin',
          key: 'admin',
          built_in: true,
          permissions: ['service.org:manage', 'service.users:read'],
        }),
        expect.objectContaining({ key: 'member', built_in: true, permissions: [] }),
      ]),
    );
    const permissions = (await adminFetch(server, reader, 'GET', '/admin/permissions')).json.permissions;
    expect(permissions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'service.org:manage', built_in: true }),
        expect.objectContaining({ key: 'service.users:read', built_in: true }),
      ]),
    );
    expect((await admin('PUT', '/admin/roles/admin', { permissions: [] })).json.error).toBe('built_in');
    expect((await admin('DELETE', '/admin/roles/member')).json.error).toBe('built_in');
    expect((await admin('DELETE', '/admin/permissions/service.org:manage')).json.error).toBe('built_in');
  });

  it('creates, edits and deletes custom roles and permissions', async () => {
    expect(
      (await admin('POST', '/admin/roles', { key: 'auditor', name: 'Auditor', permissions: ['nope:x'] })).json
        .error,
    ).toBe('unknown_permission');
    const permission = await admin('POST', '/admin/permissions', {
      key: 'reports:read',
      description: 'Reports',
    });
    expect(permission).toMatchObject({ status: 201, json: { key: 'reports:read', built_in: false } });
    expect((await admin('POST', '/admin/permissions', { key: 'reports:read' })).json.error).toBe(
      'permission_exists',
    );
    expect((await admin('POST', '/admin/permissions', { key: 'Bad Key' })).status).toBe(400);
    const role = await admin('POST', '/admin/roles', {
      key: 'auditor',
      name: 'Auditor',
      description: 'Reads reports',
      permissions: ['reports:read'],
    });
    expect(role).toMatchObject({ status: 201, json: { id: 'auditor', permissions: ['reports:read'] } });
    expect((await admin('POST', '/admin/roles', { key: 'auditor', name: 'Again' })).json.error).toBe(
      'role_exists',
    );
    const renamed = await admin('PUT', '/admin/roles/auditor', { name: 'Report reader' });
    expect(renamed.json).toMatchObject({ name: 'Report reader', permissions: ['reports:read'] });
    expect(
      (await admin('PUT', '/admin/permissions/reports:read', { description: 'All reports' })).json
        .description,
    ).toBe('All reports');
    // Deleting a permission takes it out of the roles that had it.
    expect((await admin('DELETE', '/admin/permissions/reports:read')).status).toBe(204);
    expect((await admin('GET', '/admin/roles/auditor')).json.permissions).toEqual([]);
    expect((await admin('DELETE', '/admin/roles/auditor')).status).toBe(204);
    expect((await admin('GET', '/admin/roles/auditor')).status).toBe(404);
  });

  it('refuses a catalogue change that would leave an organization without a manager', async () => {
    await admin('POST', '/admin/roles', { key: 'owner', name: 'Owner', permissions: ['service.org:manage'] });
    const id = (await admin('POST', '/admin/organizations', { name: 'Wonka' })).json.id as string;
    const member = await admin('POST', `/admin/organizations/${id}/members`, {
      user_id: ann.user.id,
      roles: ['owner'],
    });
    expect(member.json.permissions).toEqual(['service.org:manage']);
    expect((await admin('PUT', '/admin/roles/owner', { permissions: [] })).json.error).toBe('last_manager');
    expect((await admin('DELETE', '/admin/roles/owner')).json.error).toBe('last_manager');
    expect((await admin('GET', '/admin/roles/owner')).json.permissions).toEqual(['service.org:manage']);
    // Once someone else manages, the role may go.
    await admin('POST', `/admin/organizations/${id}/members/${member.json.id as string}/roles`, {
      role: 'admin',
    });
    expect((await admin('DELETE', '/admin/roles/owner')).status).toBe(204);
    const after = await admin('GET', `/admin/organizations/${id}/members`);
    expect((after.json.members as { roles: string[] }[])[0]!.roles).toEqual(['admin']);
  });
});
