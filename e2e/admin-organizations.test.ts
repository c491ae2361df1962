import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminFetch,
  adminSignIn,
  createAdmin,
  installViaApi,
} from '../packages/server/src/testing/admin.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { currentCode } from '../packages/server/src/testing/totp.js';
import { openSection, signInToPortal, startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { Mailbox } from './mailbox.js';
import {
  expectCleanPage,
  failedRequestLog,
  horizontalOverflow,
  PHONE,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';
const READER_EMAIL = 'auditor@example.test';
const READER_PASSWORD = 'quiet lantern meadow river';
const OWNER_EMAIL = 'olga@example.test';
const MEMBER_EMAIL = 'max@example.test';
const INVITEE_EMAIL = 'ines@example.test';
const ORGANIZATION = 'Acme Research';
const PERMISSION = 'billing:read';
const ROLE = 'billing-manager';

interface Member {
  id: string;
  user_id: string | null;
  status: string;
  roles: string[];
  permissions: string[];
}

/**
 * The organization pages of the admin portal driven in a real browser: every change made there is checked
 * afterwards through the admin API, as another client of the server would see it.
 */
describe('admin portal: organizations, members, roles, permissions, invitations and a user’s second factor', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let browser: Browser;
  let admin: OpenedPage;
  /** The admin API, signed in separately from the browser: the witness of what the server stored. */
  let api: AdminSession;
  let ownerId = '';
  let memberId = '';
  let organizationId = '';

  const get = async <T>(path: string): Promise<T> => {
    const response = await adminFetch(server, api, 'GET', path);
    expect(response.status).toBe(200);
    return response.json as T;
  };
  const members = async () =>
    (await get<{ members: Member[] }>(`/admin/organizations/${organizationId}/members`)).members;
  const memberRow = (page: Page, email: string) => page.locator(`tr[data-member="${email}"]`);

  async function createUser(email: string, name: string): Promise<string> {
    const response = await adminFetch(server, api, 'POST', '/admin/users', {
      email,
      name,
      email_verified: true,
    });
    expect(response.status).toBe(201);
    return response.json.id as string;
  }

  async function openOrganization(page: Page) {
    await openSection(page, 'Organizations');
    await page.getByRole('link', { name: ORGANIZATION, exact: true }).click();
    await waitForHeading(page, ORGANIZATION);
  }

  beforeAll(async () => {
    server = await startAdminTestServer();
    // Second factors at admin sign-in are covered by admin-portal.test.ts; here they would only slow things down.
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    mailbox = await Mailbox.start();
    await mailbox.connect(server);
    api = await adminSignIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    ownerId = await createUser(OWNER_EMAIL, 'Olga Owner');
    memberId = await createUser(MEMBER_EMAIL, 'Max Member');
    await createAdmin(server, api, READER_EMAIL, READER_PASSWORD, 'read');
    browser = await launchBrowser();
    admin = await openPage(browser);
    await signInToPortal(admin.page, server, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await mailbox?.close();
    await server?.close();
  }, 60_000);

  it('creates an organization whose first member is an existing user; an unknown first member is explained', async () => {
    const { page } = admin;
    await openSection(page, 'Organizations');
    await page.getByText('There are no organizations yet.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await waitForHeading(page, 'Create an organization');

    await page.getByLabel('Name', { exact: true }).fill(ORGANIZATION);
    await page.getByLabel('Slug (optional)').fill('Not A Slug');
    await page.getByLabel(/^First member/).fill('nobody@example.test');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page
      .getByText('Use lower-case letters, digits and hyphens (not at the start or end), at most 63.')
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Slug (optional)').fill('acme-research');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page
      .getByText('No user has this email address. Create the user first.')
      .waitFor({ timeout: UI_TIMEOUT });
    // Neither attempt created anything.
    expect((await get<{ total: number }>('/admin/organizations')).total).toBe(0);

    await page.getByLabel(/^First member/).fill(OWNER_EMAIL);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await waitForHeading(page, ORGANIZATION);
    await page.getByRole('heading', { name: 'Organization created' }).waitFor();
    organizationId = (await page.getByTestId('organization-id').textContent()) ?? '';
    expect(organizationId).not.toBe('');

    const stored = await get<Record<string, unknown>>(`/admin/organizations/${organizationId}`);
    expect(stored).toMatchObject({
      name: ORGANIZATION,
      slug: 'acme-research',
      status: 'active',
      settings: { require_totp: false },
    });
    expect(await members()).toEqual([
      expect.objectContaining({ user_id: ownerId, status: 'active', roles: ['admin'] }),
    ]);
    await memberRow(page, OWNER_EMAIL).waitFor({ timeout: UI_TIMEOUT });
  }, 120_000);

  it('adds an existing user as a member with the default role', async () => {
    const { page } = admin;
    await page.getByLabel('Email address of the user to add').fill(MEMBER_EMAIL);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByText(`${MEMBER_EMAIL} is now a member.`).waitFor({ timeout: UI_TIMEOUT });
    await memberRow(page, MEMBER_EMAIL).waitFor({ timeout: UI_TIMEOUT });

    const member = (await members()).find((entry) => entry.user_id === memberId);
    expect(member).toMatchObject({ status: 'active', roles: ['member'] });

    // Adding them again is refused, and said so.
    await page.getByLabel('Email address of the user to add').fill(MEMBER_EMAIL);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page
      .getByText('This person is already a member of the organization.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect((await members()).length).toBe(2);
  }, 120_000);

  it('creates a permission and a role that grants it, then gives the member the role', async () => {
    const { page } = admin;
    await openSection(page, 'Permissions');
    await page.getByLabel('Permission key').fill(PERMISSION);
    await page.getByLabel('Description (optional)').fill('Read invoices');
    await page.getByRole('button', { name: 'Add permission' }).click();
    await page.getByRole('link', { name: PERMISSION, exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const { permissions } = await get<{
      permissions: { key: string; description: string; built_in: boolean }[];
    }>('/admin/permissions');
    expect(permissions).toContainEqual({ key: PERMISSION, description: 'Read invoices', built_in: false });

    await openSection(page, 'Roles');
    await page.getByLabel('Role key').fill(ROLE);
    await page.getByLabel('Role name').fill('Billing manager');
    await page.getByRole('group', { name: 'Permissions' }).getByLabel(PERMISSION, { exact: true }).check();
    await page.getByRole('button', { name: 'Add role', exact: true }).click();
    await page.getByRole('link', { name: 'Billing manager', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    expect(await get(`/admin/roles/${ROLE}`)).toMatchObject({
      key: ROLE,
      name: 'Billing manager',
      built_in: false,
      permissions: [PERMISSION],
    });

    await openOrganization(page);
    const row = memberRow(page, MEMBER_EMAIL);
    await row.waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel(`Role to give ${MEMBER_EMAIL}`).selectOption(ROLE);
    await page.getByRole('button', { name: `Add role to ${MEMBER_EMAIL}` }).click();
    await page.getByText(`${MEMBER_EMAIL} now has the role ${ROLE}.`).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => row.getByText(ROLE, { exact: true }).count()).toBe(1);
    let member = (await members()).find((entry) => entry.user_id === memberId);
    expect(member?.roles.sort()).toEqual([ROLE, 'member']);
    expect(member?.permissions).toEqual([PERMISSION]);

    await page.getByRole('button', { name: `Remove the role member from ${MEMBER_EMAIL}` }).click();
    await page.getByText(`${MEMBER_EMAIL} no longer has the role member.`).waitFor({ timeout: UI_TIMEOUT });
    member = (await members()).find((entry) => entry.user_id === memberId);
    expect(member?.roles).toEqual([ROLE]);

    // The organization's only manager cannot lose the managing role: refused, and explained.
    await page.getByRole('button', { name: `Remove the role admin from ${OWNER_EMAIL}` }).click();
    await page.getByRole('heading', { name: 'The member was not changed' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('alert').textContent()).toContain(
      'without an active member who can manage it',
    );
    expect((await members()).find((entry) => entry.user_id === ownerId)?.roles).toEqual(['admin']);

    // Suspending and reinstating.
    await page.getByRole('button', { name: `Suspend ${MEMBER_EMAIL}` }).click();
    await page.getByRole('button', { name: `Reinstate ${MEMBER_EMAIL}` }).waitFor({ timeout: UI_TIMEOUT });
    expect((await members()).find((entry) => entry.user_id === memberId)?.status).toBe('suspended');
    await page.getByRole('button', { name: `Reinstate ${MEMBER_EMAIL}` }).click();
    await page.getByRole('button', { name: `Suspend ${MEMBER_EMAIL}` }).waitFor({ timeout: UI_TIMEOUT });
    expect((await members()).find((entry) => entry.user_id === memberId)?.status).toBe('active');
  }, 120_000);

  it('sends an invitation, lists it, and withdraws it (the emailed link stops working)', async () => {
    const { page } = admin;
    const invitedRoles = page.getByRole('group', { name: 'Roles of the invited member' });
    await page.getByLabel('Email address to invite').fill(INVITEE_EMAIL);
    await invitedRoles.getByLabel(`Billing manager (${ROLE})`).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation is on its way to ${INVITEE_EMAIL}.`, { exact: false }).waitFor({
      timeout: UI_TIMEOUT,
    });
    const row = page.locator(`tr[data-invite="${INVITEE_EMAIL}"]`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    const listedRoles = (await row.locator('td').first().textContent()) ?? '';
    expect(listedRoles.split(', ').sort()).toEqual([ROLE, 'member']);

    const link = await mailbox.waitForLink(INVITEE_EMAIL, 'invite');
    const token = new URL(link).searchParams.get('token') ?? '';
    const { invites } = await get<{
      invites: { id: string; email: string; roles: string[]; expired: boolean }[];
    }>(`/admin/organizations/${organizationId}/invites`);
    expect(invites).toEqual([expect.objectContaining({ email: INVITEE_EMAIL, expired: false })]);
    expect(invites[0]?.roles.sort()).toEqual([ROLE, 'member']);
    const preview = (body: unknown) =>
      fetch(`${server.publicUrl}/organizations/invites/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await preview({ token })).status).toBe(200);

    await page.getByRole('button', { name: `Withdraw the invitation of ${INVITEE_EMAIL}` }).click();
    await page.getByRole('button', { name: 'Withdraw invitation' }).click();
    await page
      .getByText(`The invitation of ${INVITEE_EMAIL} is withdrawn: its link no longer works.`)
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('No pending invitations.').waitFor({ timeout: UI_TIMEOUT });
    expect(
      (await get<{ invites: unknown[] }>(`/admin/organizations/${organizationId}/invites`)).invites,
    ).toEqual([]);
    expect((await preview({ token })).status).toBe(404);
  }, 120_000);

  it('shows a user’s two-step verification, lifts its lockout and resets it; the user page lists the organization', async () => {
    // The member set up an authenticator app, then someone typed wrong codes until it locked.
    const account = { kind: 'user' as const, id: memberId, label: MEMBER_EMAIL };
    const { secret } = await server.context.otp.factors.startEnrolment(account);
    await server.context.otp.factors.confirmEnrolment(account, currentCode(secret));
    for (let attempt = 0; attempt < server.context.settings.get('otp.max_failures'); attempt++)
      await server.context.otp.factors.verify(account, '000000').catch(() => undefined);
    expect(await get(`/admin/users/${memberId}/otp`)).toMatchObject({ status: 'locked', enrolled: true });

    const { page } = admin;
    await openSection(page, 'Users');
    await page.getByRole('link', { name: MEMBER_EMAIL }).click();
    await waitForHeading(page, 'Max Member');
    const state = page.getByTestId('otp-state');
    await expect
      .poll(() => state.textContent(), { timeout: UI_TIMEOUT })
      .toContain('On, locked after too many wrong codes');
    expect(await state.textContent()).toContain('Unused backup codes10');
    await page
      .getByRole('region', { name: 'Organizations' })
      .getByRole('link', { name: ORGANIZATION })
      .waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('button', { name: 'Unlock two-step verification' }).click();
    await page.getByText('The lock is lifted: they can enter codes again.').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => state.locator('[data-status]').getAttribute('data-status')).toBe('enabled');
    expect(await get(`/admin/users/${memberId}/otp`)).toMatchObject({
      status: 'enabled',
      locked_until: null,
    });

    await page.getByRole('button', { name: 'Reset two-step verification' }).click();
    await page.getByRole('button', { name: 'Reset now' }).click();
    await page.getByText(/^Two-step verification is reset/).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => state.locator('[data-status]').getAttribute('data-status')).toBe('disabled');
    expect(await page.getByRole('button', { name: 'Reset two-step verification' }).count()).toBe(0);
    expect(await get(`/admin/users/${memberId}/otp`)).toMatchObject({
      status: 'disabled',
      enrolled: false,
      backup_codes_remaining: null,
    });
    const audit = await get<{ events: { action: string; target_id: string }[] }>('/admin/audit?limit=20');
    for (const action of ['otp.admin_unlock', 'otp.admin_reset'])
      expect(audit.events).toContainEqual(expect.objectContaining({ action, target_id: memberId }));
  }, 120_000);

  it('a read-only admin sees the organization, roles and permissions, and no control that changes them', async () => {
    const reader = await openPage(browser);
    try {
      const { page } = reader;
      await page.goto(`${server.adminUrl}/organizations`);
      await submitAdminSignIn(page, READER_EMAIL, READER_PASSWORD);
      await waitForHeading(page, 'Organizations');
      expect(await page.getByRole('link', { name: 'Create an organization' }).count()).toBe(0);
      await openOrganization(page);
      await memberRow(page, MEMBER_EMAIL).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByText(/You have read-only access/).count()).toBe(1);
      expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
      for (const name of ['Save settings', 'Add member', 'Send invitation', 'Delete organization'])
        expect(await page.getByRole('button', { name }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove|^Suspend|^Add role/ }).count()).toBe(0);

      await openSection(page, 'Roles');
      await page.getByRole('link', { name: 'Billing manager' }).click();
      await waitForHeading(page, 'Billing manager');
      expect(await page.getByLabel('Role name').isDisabled()).toBe(true);
      for (const name of ['Save role', 'Delete role'])
        expect(await page.getByRole('button', { name }).count()).toBe(0);
      await openSection(page, 'Permissions');
      await page.getByRole('link', { name: PERMISSION }).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByRole('button', { name: 'Add permission' }).count()).toBe(0);
      expectCleanPage(reader.diagnostics);
    } finally {
      await reader.context.close();
    }
  }, 120_000);

  it('pages through more organizations than fit on a page by the server’s cursor', async () => {
    const { page } = admin;
    for (let index = 0; index < 30; index++) {
      const slug = `paged-${String(index).padStart(2, '0')}`;
      const created = await adminFetch(server, api, 'POST', '/admin/organizations', {
        name: `Paged ${index}`,
        slug,
      });
      expect(created.status).toBe(201);
    }
    await openSection(page, 'Organizations');
    await page.getByLabel('Search organizations').fill('paged');
    await page.getByLabel('Search organizations').press('Enter');
    await expect.poll(() => page.getByText('25 on this page, 30 in all.', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'First page' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/\/organizations\?query=paged&after=/);
    expect(new URL(page.url()).searchParams.has('offset')).toBe(false);
    await expect.poll(() => page.getByText('5 on this page, 30 in all.', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // The second page holds the organizations after the first page's last, by slug.
    expect(await page.locator('tbody tr td code').allTextContents()).toEqual(
      [25, 26, 27, 28, 29].map((index) => `paged-${index}`),
    );
    await page.goBack();
    await expect.poll(() => page.getByText('25 on this page, 30 in all.', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByText('5 on this page, 30 in all.', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(() => page.getByText('25 on this page, 30 in all.', { exact: true }).count()).toBe(1);
  }, 120_000);

  it('pages through more members than fit on a page by the server’s cursor', async () => {
    const { page } = admin;
    for (let index = 0; index < 50; index++) {
      const email = `paged-member-${String(index).padStart(2, '0')}@example.test`;
      const userId = await createUser(email, `Paged Member ${index}`);
      const added = await adminFetch(server, api, 'POST', `/admin/organizations/${organizationId}/members`, {
        user_id: userId,
      });
      expect(added.status).toBe(201);
    }
    await openOrganization(page);
    const section = page.locator('section[aria-labelledby="members-heading"]');
    const next = section.getByRole('button', { name: 'Next page' });
    // The first page: the two earlier members (by address, before these) and the first 48 of the new ones.
    await memberRow(page, MEMBER_EMAIL).waitFor({ timeout: UI_TIMEOUT });
    await memberRow(page, 'paged-member-47@example.test').waitFor({ timeout: UI_TIMEOUT });
    expect(await memberRow(page, 'paged-member-48@example.test').count()).toBe(0);
    expect(await section.getByRole('button', { name: 'First page' }).count()).toBe(0);
    await next.click();
    await memberRow(page, 'paged-member-49@example.test').waitFor({ timeout: UI_TIMEOUT });
    expect(await memberRow(page, 'paged-member-48@example.test').count()).toBe(1);
    expect(await memberRow(page, MEMBER_EMAIL).count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);
    await section.getByRole('button', { name: 'First page' }).click();
    await memberRow(page, MEMBER_EMAIL).waitFor({ timeout: UI_TIMEOUT });
  }, 120_000);

  it('pages through more invitations than fit on a page by the server’s cursor', async () => {
    const { page } = admin;
    for (let index = 0; index < 51; index++) {
      const invited = await adminFetch(
        server,
        api,
        'POST',
        `/admin/organizations/${organizationId}/invites`,
        {
          email: `paged-invite-${String(index).padStart(2, '0')}@example.test`,
        },
      );
      expect(invited.status).toBe(201);
    }
    await openOrganization(page);
    const section = page.locator('section[aria-labelledby="invites-heading"]');
    const inviteRow = (email: string) => section.locator(`tr[data-invite="${email}"]`);
    const next = section.getByRole('button', { name: 'Next page' });
    // By address: the first 50 of these, then the last one alone.
    await inviteRow('paged-invite-49@example.test').waitFor({ timeout: UI_TIMEOUT });
    expect(await inviteRow('paged-invite-00@example.test').count()).toBe(1);
    expect(await inviteRow('paged-invite-50@example.test').count()).toBe(0);
    expect(await section.getByRole('button', { name: 'First page' }).count()).toBe(0);
    await next.click();
    await inviteRow('paged-invite-50@example.test').waitFor({ timeout: UI_TIMEOUT });
    expect(await inviteRow('paged-invite-49@example.test').count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);
    await section.getByRole('button', { name: 'First page' }).click();
    await inviteRow('paged-invite-00@example.test').waitFor({ timeout: UI_TIMEOUT });
  }, 120_000);

  it('fits a phone screen, deletes the role and the organization, and the page stayed clean', async () => {
    const { page } = admin;
    await page.setViewportSize(PHONE.viewport);
    for (const section of ['Organizations', 'Roles', 'Permissions']) {
      await openSection(page, section);
      await expect.poll(() => page.getByText('Loading…').count()).toBe(0);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    await openOrganization(page);
    await memberRow(page, MEMBER_EMAIL).waitFor({ timeout: UI_TIMEOUT });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await openSection(page, 'Roles');
    await page.getByRole('link', { name: 'Billing manager' }).click();
    await waitForHeading(page, 'Billing manager');
    await page.getByRole('button', { name: 'Delete role' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('heading', { name: 'Role deleted' }).waitFor({ timeout: UI_TIMEOUT });
    expect((await adminFetch(server, api, 'GET', `/admin/roles/${ROLE}`)).status).toBe(404);
    expect((await members()).find((entry) => entry.user_id === memberId)?.roles).toEqual([]);

    await openOrganization(page);
    await page.getByRole('button', { name: 'Delete organization' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('heading', { name: 'Organization deleted' }).waitFor({ timeout: UI_TIMEOUT });
    expect((await adminFetch(server, api, 'GET', `/admin/organizations/${organizationId}`)).status).toBe(404);

    // The refusals the tests provoked (already a member, the last manager) are logged by Chromium; nothing else.
    expectCleanPage(admin.diagnostics, [failedRequestLog(409)]);
  }, 120_000);
});
