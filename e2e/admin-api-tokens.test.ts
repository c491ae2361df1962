import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installViaApi } from '../packages/server/src/testing/admin.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { openSection, startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { expectCleanPage, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';

/**
 * The portal's API tokens page in a real browser: the token it reveals once is used as a CI job would, with
 * nothing but its bearer value, until the page revokes it.
 */
describe('admin portal: API tokens', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: OpenedPage;

  const listClients = (bearer: string) =>
    fetch(`${server.adminUrl}/admin/clients`, { headers: { authorization: `Bearer ${bearer}` } });

  beforeAll(async () => {
    server = await startAdminTestServer();
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    browser = await launchBrowser();
    admin = await openPage(browser);
    await admin.page.goto(`${server.adminUrl}/`);
    await submitAdminSignIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForHeading(admin.page, 'Overview');
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  }, 60_000);

  it('creates a scoped token, shows it once, and revokes it after confirmation', async () => {
    const { page } = admin;
    await openSection(page, 'API tokens');
    await page.getByText('There is no API token yet.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByText('Enter a name, e.g. the job or tool that uses the token.')
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Token name').fill('nightly-ci');
    await page.getByLabel('Change clients').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const revealed = page.getByTestId('revealed-secret');
    await revealed.waitFor({ timeout: UI_TIMEOUT });
    const token = await revealed.inputValue();
    expect(token).toMatch(/^tsa_/);
    expect((await listClients(token)).status).toBe(200);

    const row = page.getByTestId('admin-token').filter({ hasText: 'nightly-ci' });
    await row.getByText('read, clients:write').waitFor({ timeout: UI_TIMEOUT });
    await row.getByText(ADMIN_EMAIL).waitFor({ timeout: UI_TIMEOUT });
    // The list is metadata: the token itself appears only in the one-time reveal.
    expect((await page.getByTestId('admin-token').allTextContents()).join(' ')).not.toContain(token);

    await row.getByRole('button', { name: 'Revoke nightly-ci' }).click();
    await page.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('The token “nightly-ci” is revoked').waitFor({ timeout: UI_TIMEOUT });
    await row.getByText('revoked', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    expect((await listClients(token)).status).toBe(401);
    expectCleanPage(admin.diagnostics);
  }, 120_000);
});
