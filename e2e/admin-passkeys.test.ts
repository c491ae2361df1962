import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installViaApi } from '../packages/server/src/testing/admin.js';
import {
  accountKeyBody,
  newAccountKey,
  signInWithPassword,
  wrapEnvelope,
} from '../packages/server/src/testing/keys.js';
import { call } from '../packages/server/src/testing/orgs.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';

/**
 * An admin's own passkey in the admin portal, in Chromium with the DevTools virtual authenticator: added on the
 * account page for the admin URL's relying party (http://localhost:<admin port>), used alone to sign in to the
 * portal after signing out, then removed; each step checked on the server. And a user's trusted devices on the
 * user's page, revoked there.
 */
describe('admin portal: the admin’s own passkeys, users’ trusted devices', () => {
  let server: TestServer;
  let browser: Browser;
  let opened: OpenedPage;

  beforeAll(async () => {
    server = await startAdminTestServer({ host: 'localhost' });
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
  }, 300_000);

  afterAll(async () => {
    await releaseBrowser(browser);
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
    // A passkey needs a name: the form says so beside the field and asks the authenticator nothing.
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page
      .getByText('Give the passkey a name, such as the device it is on.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByLabel('Name of the new passkey').getAttribute('aria-invalid')).toBe('true');
    expect(await server.context.passkeys.adminCredentials.list(admin.id)).toEqual([]);
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

    // The passkey alone: no email, no password (from the portal's front page).
    await page.goto(`${adminUrl}/`);
    await waitForHeading(page, 'Sign in to the admin portal');
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

  it("lists a user's trusted devices on the user's page and revokes one: its envelope is gone", async () => {
    const { page } = opened;
    const user = await signInWithPassword(server);
    const key = newAccountKey(user.user.id);
    expect(
      (await call(server, user, 'POST', '/crypto/keybag/account-key', accountKeyBody(key).body)).status,
    ).toBe(201);
    const device = wrapEnvelope(key, 1, 'trusted_device', { label: 'Firefox on the old laptop' });
    const added = await call(server, user, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: device.input,
    });
    expect(added.status).toBe(201);

    await page.goto(`${server.config.adminUrl}/users/${user.user.id}`);
    const devices = page.getByTestId('user-devices');
    await devices.getByText('Firefox on the old laptop', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Revoke “Firefox on the old laptop”' }).click();
    await page.getByRole('button', { name: 'Revoke now' }).click();
    await page.getByText('Device “Firefox on the old laptop” is revoked').waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('No trusted devices.').waitFor({ timeout: UI_TIMEOUT });
    const { envelopes } = await server.context.keys.keybags.keybag(user.user.id);
    expect(envelopes.map((envelope) => envelope.type).sort()).toEqual(['password', 'recovery_key']);
    const [entry] = await server.context.audit.list({ action: 'keys.device_admin_revoked' }, 1);
    expect(entry).toMatchObject({ targetId: user.user.id, details: { device: device.input.device_id } });
  });
});
