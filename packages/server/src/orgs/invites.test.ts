import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInUser } from '../testing/oauth.js';
import { call, createOrganization } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SmtpCapture } from '../testing/smtp.js';
import { organizationMembers } from './tables.js';

let server: TestServer;
const smtp = new SmtpCapture();
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let organizationId: string;

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer();
  await smtp.configure(server);
  await server.context.settings.set('orgs.users_may_create', true);
  alice = await signInUser(server, { email: 'alice@example.com', name: 'Alice Admin' });
  bob = await signInUser(server, { email: 'Bob@Example.com', name: 'Bob' });
  carol = await signInUser(server, { email: 'carol@example.com', name: 'Carol' });
  organizationId = await createOrganization(server, alice, 'Globex');
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

async function invite(email: string, roles?: string[]) {
  const answer = await call(server, alice, 'POST', `/organizations/${organizationId}/invites`, {
    email,
    ...(roles ? { roles } : {}),
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  const token = smtp.lastToken(email.toLowerCase(), 'invite');
  expect(token).toBeTruthy();
  return { invite: answer.json, token: token! };
}

const accept = (as: SignedIn, token: string) =>
  call(server, as, 'POST', '/organizations/invites/accept', { token });
const invites = async () =>
  (await call(server, alice, 'GET', `/organizations/${organizationId}/invites`)).json.invites as Record<
    string,
    unknown
  >[];

describe('invitation lifecycle', () => {
  it('emails a link; the invited account accepts it once and joins with the invited roles', async () => {
    const { invite: created, token } = await invite('bob@example.com', ['admin']);
    expect(created).toMatchObject({ email: 'bob@example.com', roles: ['admin'], expired: false });
    expect(created.invited_by).toEqual({ type: 'user', id: alice.user.id });
    const mail = smtp
      .to('bob@example.com')
      .at(-1)!
      .raw.replace(/=\r?\n/g, '');
    expect(mail).toContain('Globex');
    expect(mail).toContain('Alice Admin');
    expect(mail).toContain(`${server.config.baseUrl}/ui/invite?token=`);

    // The invitation shows in the manager's lists, as an invited member without an account yet.
    expect((await invites()).map((entry) => entry.email)).toEqual(['bob@example.com']);
    const members = await call(server, alice, 'GET', `/organizations/${organizationId}/members`);
    expect(members.json.members).toContainEqual(
      expect.objectContaining({
        status: 'invited',
        user_id: null,
        invite: expect.objectContaining({ expired: false }),
      }),
    );

    const preview = await call(server, null, 'POST', '/organizations/invites/preview', { token });
    expect(preview.json).toMatchObject({
      organization: { id: organizationId, name: 'Globex' },
      email: 'bob@example.com',
      roles: ['admin'],
      expired: false,
    });

    // The address matches case-insensitively (Bob signed up as Bob@Example.com).
    const accepted = await accept(bob, token);
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect(accepted.json).toMatchObject({ id: organizationId, roles: ['admin'], can_manage: true });
    expect(await invites()).toEqual([]);

    // Single use: the link is spent.
    expect(await accept(bob, token)).toMatchObject({ status: 404, json: { error: 'invite_not_found' } });
    expect((await call(server, null, 'POST', '/organizations/invites/preview', { token })).status).toBe(404);
  });

  it('refuses another account, an unverified address, and an existing member', async () => {
    const dave = await signInUser(server, {
      user: await server.context.accounts.users.create({
        email: 'dave@example.com',
        name: 'Dave',
        emailVerified: false,
      }),
    });
    const { token } = await invite('dave@example.com');
    expect(await accept(carol, token)).toMatchObject({
      status: 403,
      json: { error: 'invite_wrong_account' },
    });
    expect(await call(server, carol, 'POST', '/organizations/invites/decline', { token })).toMatchObject({
      status: 403,
      json: { error: 'invite_wrong_account' },
    });
    expect(await accept(dave, token)).toMatchObject({ status: 403, json: { error: 'email_not_verified' } });
    await server.context.accounts.users.markEmailVerified(dave.user.id, 'dave@example.com');
    expect((await accept(dave, token)).status).toBe(200);

    const again = await call(server, alice, 'POST', `/organizations/${organizationId}/invites`, {
      email: 'DAVE@example.com',
    });
    expect(again).toMatchObject({ status: 409, json: { error: 'already_member' } });
  });

  it('an expired invitation cannot be accepted but can be declined', async () => {
    const erin = await signInUser(server, { email: 'erin@example.com' });
    const { invite: created, token } = await invite('erin@example.com');
    await server.database.db
      .update(organizationMembers)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationMembers.id, created.id as string));
    expect((await invites()).find((entry) => entry.id === created.id)?.expired).toBe(true);
    expect(await accept(erin, token)).toMatchObject({ status: 410, json: { error: 'invite_expired' } });
    expect((await call(server, erin, 'GET', `/organizations/${organizationId}`)).status).toBe(404);
    expect((await call(server, erin, 'POST', '/organizations/invites/decline', { token })).status).toBe(204);
    expect((await invites()).find((entry) => entry.id === created.id)).toBeUndefined();
  });

  it('inviting an address again replaces the earlier link; withdrawing one kills its link', async () => {
    const frank = await signInUser(server, { email: 'frank@example.com' });
    const first = await invite('frank@example.com');
    const second = await invite('frank@example.com', ['member']);
    expect(second.invite.id).toBe(first.invite.id);
    expect(await accept(frank, first.token)).toMatchObject({ status: 404 });
    const withdrawn = await call(
      server,
      alice,
      'DELETE',
      `/organizations/${organizationId}/invites/${second.invite.id as string}`,
    );
    expect(withdrawn.status).toBe(204);
    expect(await accept(frank, second.token)).toMatchObject({
      status: 404,
      json: { error: 'invite_not_found' },
    });
    // An active member is not an invitation: the invitation endpoint does not remove members.
    const bobMember = (await call(server, bob, 'GET', `/organizations/${organizationId}`)).json
      .member_id as string;
    expect(
      (await call(server, alice, 'DELETE', `/organizations/${organizationId}/invites/${bobMember}`)).status,
    ).toBe(404);
  });

  it('the invitee declines: the invitation is gone', async () => {
    const grace = await signInUser(server, { email: 'grace@example.com' });
    const { token } = await invite('grace@example.com');
    expect((await call(server, grace, 'POST', '/organizations/invites/decline', { token })).status).toBe(204);
    expect(await invites()).toEqual([]);
    expect(await accept(grace, token)).toMatchObject({ status: 404 });
    const actions = (await server.context.audit.list({ target: organizationId }, 100)).map(
      (event) => event.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'organization.invite_created',
        'organization.invite_accepted',
        'organization.invite_declined',
        'organization.invite_revoked',
      ]),
    );
  });

  it('an address without an account yet: the person signs up with it and accepts', async () => {
    const { token } = await invite('newcomer@example.com');
    const newcomer = await signInUser(server, { email: 'newcomer@example.com' });
    expect((await accept(newcomer, token)).json).toMatchObject({ roles: ['member'] });
  });

  it('two accepts of one link at once: exactly one joins', async () => {
    const henry = await signInUser(server, { email: 'henry@example.com' });
    const { token } = await invite('henry@example.com');
    const results = await Promise.all([accept(henry, token), accept(henry, token), accept(henry, token)]);
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    for (const result of results.filter((entry) => entry.status !== 200)) {
      expect([404, 409]).toContain(result.status);
    }
    const members = await server.context.orgs.organizations.listMembers(organizationId);
    expect(members.filter((member) => member.userId === henry.user.id)).toHaveLength(1);
  });

  it('an invitation whose email cannot be sent is not left behind', async () => {
    await server.context.settings.set('smtp.port', 1);
    try {
      const failed = await call(server, alice, 'POST', `/organizations/${organizationId}/invites`, {
        email: 'unreachable@example.com',
      });
      expect(failed).toMatchObject({ status: 502, json: { error: 'email_send_failed' } });
      expect((await invites()).map((entry) => entry.email)).not.toContain('unreachable@example.com');
      // The log tells it as it happened: created with its entry, then withdrawn because the email failed.
      const events = await server.context.audit.list({ target: organizationId }, 100);
      const created = events.find(
        (event) =>
          event.action === 'organization.invite_created' && event.details.email === 'unreachable@example.com',
      );
      expect(created).toBeDefined();
      expect(
        events.find(
          (event) =>
            event.action === 'organization.invite_revoked' &&
            event.details.invite === created!.details.invite,
        )?.details,
      ).toMatchObject({ reason: 'email_not_sent' });
    } finally {
      await server.context.settings.set('smtp.port', smtp.port);
    }
  });

  it('a manager may send only so many invitations per hour', async () => {
    const zed = await signInUser(server, { email: 'zed@example.com' });
    const own = await createOrganization(server, zed, 'Zed Co');
    await server.context.settings.set('rate_limits.invites_per_hour', 2);
    try {
      const send = (email: string) => call(server, zed, 'POST', `/organizations/${own}/invites`, { email });
      expect((await send('one@example.com')).status).toBe(201);
      expect((await send('two@example.com')).status).toBe(201);
      expect(await send('three@example.com')).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
      expect(smtp.to('three@example.com')).toEqual([]);
    } finally {
      await server.context.settings.set('rate_limits.invites_per_hour', 50);
    }
  });

  it('validates input: unknown roles, bad addresses, malformed tokens', async () => {
    const path = `/organizations/${organizationId}/invites`;
    expect(
      (await call(server, alice, 'POST', path, { email: 'x@example.com', roles: ['ghost'] })).json.error,
    ).toBe('unknown_role');
    expect((await call(server, alice, 'POST', path, { email: 'not an address' })).status).toBe(400);
    expect(
      (await call(server, bob, 'POST', '/organizations/invites/accept', { token: 'short' })).status,
    ).toBe(400);
    expect(
      (await call(server, null, 'POST', '/organizations/invites/accept', { token: 'x'.repeat(43) })).status,
    ).toBe(401);
  });
});
