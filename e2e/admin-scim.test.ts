import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminFetch,
  adminSignIn,
  installViaApi,
} from '../packages/server/src/testing/admin.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { openSection, signInToPortal, startAdminTestServer } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { expectCleanPage, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';
const CONNECTION = 'Entra ID – Contoso';

interface Connection {
  id: string;
  name: string;
  organizationId: string;
  deprovisioning: string;
  linkByVerifiedEmail: boolean;
  unknownGroups: string;
  roleMappings: { match: string; value: string; role: string }[];
}

/**
 * The SCIM pages of the admin portal in a real browser: what the admin sets there is checked through the admin
 * API, and the token the page reveals is used as an identity provider would use it.
 */
describe('admin portal: SCIM connections and tokens', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: OpenedPage;
  let api: AdminSession;
  let organizationId = '';
  let connectionId = '';
  let token = '';

  const get = async <T>(path: string): Promise<T> => {
    const response = await adminFetch(server, api, 'GET', path);
    expect(response.status).toBe(200);
    return response.json as T;
  };
  /** A SCIM request as Entra ID sends it: bearer token, SCIM media type. */
  const listUsers = (bearer: string) =>
    fetch(`${server.publicUrl}/scim/v2/Users?filter=${encodeURIComponent('userName eq "x@contoso.test"')}`, {
      headers: { authorization: `Bearer ${bearer}`, accept: 'application/scim+json' },
    });

  beforeAll(async () => {
    server = await startAdminTestServer();
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    api = await adminSignIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const organization = await adminFetch(server, api, 'POST', '/admin/organizations', {
      name: 'Contoso',
      slug: 'contoso',
    });
    expect(organization.status).toBe(201);
    organizationId = organization.json.id as string;
    browser = await launchBrowser();
    admin = await openPage(browser);
    await signInToPortal(admin.page, server, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  }, 60_000);

  it('creates a connection into an organization with its policies and a group → role mapping', async () => {
    const { page } = admin;
    await openSection(page, 'SCIM', 'SCIM provisioning');
    await page.getByText('There are no SCIM connections yet.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('link', { name: 'Add a connection' }).click();
    await waitForHeading(page, 'Add a SCIM connection');

    // Nothing chosen: both fields explain themselves and nothing is created.
    await page.getByRole('button', { name: 'Create connection' }).click();
    await page.getByText('Choose the organization it provisions into.').waitFor({ timeout: UI_TIMEOUT });
    expect((await get<{ connections: Connection[] }>('/admin/scim/connections')).connections).toEqual([]);

    await page.getByLabel('Name', { exact: true }).fill(CONNECTION);
    await page.getByLabel('Organization', { exact: true }).selectOption(organizationId);
    await page.getByLabel('Remove the membership').check();
    await page.getByLabel('Refuse them').check();
    await page.getByRole('button', { name: 'Add a group mapping' }).click();
    await page.getByLabel('Mapping 1: group').fill('Engineering');
    await page.getByLabel('Mapping 1: role').selectOption('admin');
    await page.getByRole('button', { name: 'Create connection' }).click();
    await waitForHeading(page, CONNECTION);
    await page.getByRole('heading', { name: 'Connection created' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('scim-base-url').textContent()).toBe(`${server.publicUrl}/scim/v2`);

    const [stored] = (await get<{ connections: Connection[] }>('/admin/scim/connections')).connections;
    connectionId = stored!.id;
    expect(stored).toMatchObject({
      name: CONNECTION,
      organizationId,
      deprovisioning: 'remove',
      linkByVerifiedEmail: false,
      unknownGroups: 'reject',
      roleMappings: [{ match: 'displayName', value: 'Engineering', role: 'admin' }],
    });
  }, 120_000);

  it('reveals a new token once; the identity provider can use it until it is revoked', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByText('Enter a name, e.g. where the token is configured.')
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Token name').fill('entra-prod');
    await page.getByRole('button', { name: 'Create token' }).click();
    const revealed = page.getByTestId('revealed-secret');
    await revealed.waitFor({ timeout: UI_TIMEOUT });
    token = await revealed.inputValue();
    expect(token).toMatch(/^tessera_scim_/);
    expect((await listUsers(token)).status).toBe(200);

    const row = page.getByTestId('scim-token').filter({ hasText: 'entra-prod' });
    await row.getByText('active', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    // The list is metadata: the token itself appears only in the one-time reveal.
    expect(await page.getByTestId('scim-token').allTextContents()).not.toContain(token);
    await row.getByRole('button', { name: 'Revoke entra-prod' }).click();
    await page.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('The token “entra-prod” is revoked').waitFor({ timeout: UI_TIMEOUT });
    await row.getByText('revoked', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    expect((await listUsers(token)).status).toBe(401);
  }, 120_000);

  it('saves changed policies and deletes the connection', async () => {
    const { page } = admin;
    await page.getByLabel('Link users who already have an account with the same verified email').check();
    await page.getByRole('button', { name: 'Remove mapping 1' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The changes are saved').waitFor({ timeout: UI_TIMEOUT });
    expect(await get<Connection>(`/admin/scim/connections/${connectionId}`)).toMatchObject({
      linkByVerifiedEmail: true,
      deprovisioning: 'remove',
      roleMappings: [],
    });

    await page.getByRole('button', { name: 'Delete connection' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await waitForHeading(page, 'SCIM provisioning');
    await page.getByRole('heading', { name: 'Connection deleted' }).waitFor({ timeout: UI_TIMEOUT });
    expect((await adminFetch(server, api, 'GET', `/admin/scim/connections/${connectionId}`)).status).toBe(
      404,
    );
    expectCleanPage(admin.diagnostics);
  }, 120_000);
});
