import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installViaApi } from '../packages/server/src/testing/admin.js';
import { solidPng } from '../packages/server/src/testing/images.js';
import { authorizeUrl } from '../packages/server/src/testing/oauth.js';
import { registerWithPassword } from '../packages/server/src/testing/opaque-client.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { enrolTotpInPortal, startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { expectCleanPage, submitSignIn, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'icons-admin@example.test';
const ADMIN_PASSWORD = 'icon admin password';
const USER_PASSWORD = 'icon user password';
const RP_CALLBACK = 'https://rp.example.test/callback';
const ICON = solidPng(64, 64, [30, 140, 90]);

/** The pixels the browser decoded for an <img>: 0 when it did not load (blocked, broken or missing). */
function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

describe('client icons in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: OpenedPage;
  let user: OpenedPage;
  let clientId: string;

  beforeAll(async () => {
    server = await startAdminTestServer();
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    // After the install, which sets self-registration as its form says: the user below registers through the API.
    await server.context.settings.set('accounts.self_registration', true);
    await server.context.settings.set('accounts.require_email_verification', false);
    const { client } = await server.context.clients.registry.create({
      name: 'Garden Planner',
      type: 'public',
      redirect_uris: [RP_CALLBACK],
      grant_types: ['authorization_code'],
      app_url: 'https://rp.example.test/',
    });
    clientId = client.id;
    browser = await launchBrowser();
    admin = await openPage(browser);
    user = await openPage(browser);
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  }, 60_000);

  it('an admin uploads an icon in the portal and sees its preview', async () => {
    const { page, diagnostics } = admin;
    await page.goto(`${server.adminUrl}/`);
    await submitAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await enrolTotpInPortal(page);
    await waitForHeading(page, 'Overview');

    await page.goto(`${server.adminUrl}/clients/${encodeURIComponent(clientId)}`);
    await waitForHeading(page, 'Garden Planner');
    const section = page.getByRole('region', { name: 'Icon' });
    await section.getByText('No icon: people see the app’s initial.').waitFor({ timeout: UI_TIMEOUT });

    // An SVG is refused before it is sent, with the reason next to the field.
    await section.getByLabel('Upload an icon').setInputFiles({
      name: 'icon.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await section.getByRole('button', { name: 'Upload icon' }).click();
    await section.getByText('Choose a PNG, JPEG, WebP or GIF image').waitFor({ timeout: UI_TIMEOUT });

    await section.getByLabel('Upload an icon').setInputFiles({
      name: 'garden.png',
      mimeType: 'image/png',
      buffer: ICON,
    });
    await section.getByRole('button', { name: 'Upload icon' }).click();
    await section.getByText('Icon saved').waitFor({ timeout: UI_TIMEOUT });
    const preview = section.getByRole('img', { name: 'Icon of Garden Planner' });
    await preview.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => naturalWidth(preview), { timeout: UI_TIMEOUT }).toBe(64);

    // What the portal sent is what the service stores.
    const stored = await server.context.clients.registry.readIcon(clientId);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.bytes.equals(ICON)).toBe(true);
    expectCleanPage(diagnostics);
  }, 180_000);

  it('a user sees the icon, loaded from our origin with no CSP violation, at consent and among their apps', async () => {
    const { page, diagnostics } = user;
    const email = `gardener-${randomBytes(4).toString('hex')}@example.test`;
    expect((await registerWithPassword(server, email, USER_PASSWORD, 'Gardener')).status).toBe(200);

    const verifier = randomBytes(32).toString('base64url');
    await page.goto(
      authorizeUrl(server, {
        client_id: clientId,
        redirect_uri: RP_CALLBACK,
        response_type: 'code',
        scope: 'openid profile',
        state: randomBytes(8).toString('hex'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }),
    );
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, email, USER_PASSWORD);
    await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
    await waitForHeading(page, 'Allow access');

    const consentIcon = page.locator('.client-summary').getByTestId('client-icon');
    await consentIcon.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => naturalWidth(consentIcon), { timeout: UI_TIMEOUT }).toBe(64);
    const source = new URL((await consentIcon.getAttribute('src'))!, page.url());
    expect(source.origin).toBe(new URL(server.publicUrl).origin);
    expect(source.pathname).toBe(`/api/user/clients/${clientId}/icon`);

    await page.goto(`${server.publicUrl}/ui/account`);
    await waitForHeading(page, 'Your account');
    const appIcon = page
      .getByRole('region', { name: 'Your apps' })
      .getByRole('link', { name: 'Garden Planner' })
      .getByTestId('client-icon');
    await appIcon.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => naturalWidth(appIcon), { timeout: UI_TIMEOUT }).toBe(64);
    expectCleanPage(diagnostics);
  }, 180_000);
});
