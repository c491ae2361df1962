import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installViaApi } from '../packages/server/src/testing/admin.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage } from './browser.js';
import { UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';

/**
 * An admin's own passkey in the admin portal, in Chromium with the DevTools virtual authenticator: added on the
 * account page for the admin URL's relying party (http://localhost:<admin port>), used alone to sign in to the
 * portal after signing out, then removed; each step checked on the server.
 */
describe('admin portal: the admin’s own passkeys', () => {
  let server: TestServer;
  let browser: Browser;
  let opened: OpenedPage;

  beforeAll(async () => {
    server = await startAdminTestServer('localhost');
    expect(new URL(server.config.adminUrl).hostname).toBe('localhost');
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    browser = await launchBrowser();
    opened = await openPage(browser);
    const cdp = await opened.context.newCDPSession(opened.page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  }, 60_000);

  it('adds a passkey, signs in to the portal with it alone, and removes it', async () => {
    const { page } = opened;
    const adminUrl = server.config.adminUrl;
    await page.goto(`${adminUrl}/`);
    await submitAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForHeading(page, 'Overview');
    const admin = (await server.context.admin.users.findByEmail(ADMIN_EMAIL))!;

    await page.goto(`${adminUrl}/account`);
    await waitForHeading(page, 'Your account');
    await page.getByText('No passkeys yet.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Name of the new passkey').fill('Admin laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey “Admin laptop” added').waitFor({ timeout: UI_TIMEOUT });
    const [passkey] = await server.context.passkeys.adminCredentials.list(admin.id);
    expect(passkey?.name).toBe('Admin laptop');
    // Scoped to the admin URL's host, and not a user's passkey.
    expect(await server.context.passkeys.credentials.list(admin.id)).toEqual([]);
    const registered = await server.context.audit.list({ action: 'admin.passkey_registered' }, 1);
    expect(registered[0]).toMatchObject({ actorId: admin.id, targetId: passkey!.id });

    await page.getByRole('button', { name: 'Sign out of the admin portal' }).click();
    await waitForHeading(page, 'Sign in to the admin portal');
    expect((await opened.context.cookies()).some((cookie) => cookie.name === 'tessera_admin_session')).toBe(
      false,
    );

    // The passkey alone: no email, no password.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForHeading(page, 'Overview');
    const signIns = await server.context.audit.list({ action: 'admin.sign_in', actor: admin.id }, 1);
    expect(signIns[0]?.outcome).toBe('success');
    const [used] = await server.context.passkeys.adminCredentials.list(admin.id);
    expect(used?.lastUsedAt).not.toBeNull();

    await page.goto(`${adminUrl}/account`);
    await waitForHeading(page, 'Your account');
    await page.getByRole('button', { name: 'Remove “Admin laptop”' }).click();
    await page.getByRole('button', { name: 'Remove now' }).click();
    await page.getByText('Passkey “Admin laptop” removed.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('No passkeys yet.').waitFor({ timeout: UI_TIMEOUT });
    expect(await server.context.passkeys.adminCredentials.list(admin.id)).toEqual([]);
    const removed = await server.context.audit.list({ action: 'admin.passkey_removed' }, 1);
    expect(removed[0]).toMatchObject({ actorId: admin.id, targetId: passkey!.id });
  });
});
