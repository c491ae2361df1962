import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { installViaApi } from '../packages/server/src/testing/admin.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

export const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';

/** A fresh server and its portal, signed in as its installing (write) admin in a real browser. */
export interface SignedInPortal {
  server: TestServer;
  admin: OpenedPage;
}

/**
 * Starts a server and signs its first admin in to the portal before the describe block's tests, and closes both
 * after them; the tests read the fields once the block has started.
 */
export function signedInPortalForTests(): SignedInPortal {
  const portal = {} as SignedInPortal;
  let browser: Browser | undefined;
  beforeAll(async () => {
    portal.server = await startAdminTestServer();
    await portal.server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(portal.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    browser = await launchBrowser();
    portal.admin = await openPage(browser);
    await portal.admin.page.goto(`${portal.server.adminUrl}/`);
    await submitAdminSignIn(portal.admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForHeading(portal.admin.page, 'Overview');
  }, 120_000);
  afterAll(async () => {
    await releaseBrowser(browser);
    await portal.server?.close();
  }, 60_000);
  return portal;
}

/** Submits a token page's filled form and answers the value it reveals once. */
export async function issueToken(page: Page, submitLabel: string): Promise<string> {
  await page.getByRole('button', { name: submitLabel }).click();
  const revealed = page.getByTestId('revealed-secret');
  await revealed.waitFor({ timeout: UI_TIMEOUT });
  return revealed.inputValue();
}

/** Revokes the token of a list row after confirming, and waits until the page says so and the row shows it. */
export async function revokeToken(page: Page, row: Locator, name: string): Promise<void> {
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await page.getByText(`The token “${name}” is revoked`).waitFor({ timeout: UI_TIMEOUT });
  await row.getByText('revoked', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
}
