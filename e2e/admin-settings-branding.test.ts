import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminFetch,
  adminSignIn,
  installViaApi,
} from '../packages/server/src/testing/admin.js';
import { solidPng } from '../packages/server/src/testing/images.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { openSection, signInToPortal, startAdminTestServer } from './admin-ui-helpers.js';
import { seriousAccessibilityViolations } from './axe.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { expectCleanPage, UI_TIMEOUT } from './ui-helpers.js';

const IMAGES = fileURLToPath(new URL('../docs/images/', import.meta.url));
/**
 * Where a screenshot for the docs goes: docs/images/ when TESSERA_DOCS_SCREENSHOTS=1 asks to refresh them, else
 * nowhere (the screenshot is still taken, in memory), so that a test run leaves the tree as it found it.
 */
const docsImage = (name: string) =>
  process.env.TESSERA_DOCS_SCREENSHOTS === '1' ? `${IMAGES}${name}` : undefined;
const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';

/** The portal's settings page as an operator reads it, and the Branding page with its live preview. */
describe('admin portal: the settings page and the Branding page', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: OpenedPage;
  let api: AdminSession;

  beforeAll(async () => {
    server = await startAdminTestServer();
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    api = await adminSignIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    browser = await launchBrowser();
    admin = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInToPortal(admin.page, server, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  }, 60_000);

  it('groups settings under their modules’ titles, finds them, and edits a duration in its units', async () => {
    const { page } = admin;
    await openSection(page, 'Settings');
    const groups = page.getByRole('navigation', { name: 'Setting groups' }).getByRole('link');
    await groups.first().waitFor({ timeout: UI_TIMEOUT });
    const titles = await groups.allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining(['Organizations', 'SCIM', 'Housekeeping', 'Email', 'Tokens']),
    );
    expect(titles).not.toEqual(expect.arrayContaining(['orgs', 'scim', 'housekeeping']));

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: docsImage('admin-settings.png') });

    // A switch for an on/off setting, named in words with its key beside.
    await page.getByRole('switch', { name: /Self registration/ }).waitFor({ timeout: UI_TIMEOUT });

    await page.getByLabel('Find a setting').fill('sessions.idle accounts');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'settings match' }).textContent())
      .toMatch(/^1 of \d+ settings match\.$/);
    const idle = page.getByRole('spinbutton', { name: /sessions\.idle_seconds/ });
    expect(await idle.inputValue()).toBe('12');
    const unit = page.getByRole('combobox', { name: /Unit of/ });
    expect(await unit.inputValue()).toBe('hours');

    // Out of bounds: said at once, in the setting's terms, and nothing is saved.
    // Changing the unit keeps the duration (12 hours is half a day); then 40 days is typed.
    await unit.selectOption('days');
    expect(await idle.inputValue()).toBe('0.5');
    await idle.fill('40');
    await page
      .getByText('Enter a whole number of seconds from 1 minute to 30 days.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect(server.context.settings.get('sessions.idle_seconds')).toBe(43_200);

    await idle.fill('2');
    await page.getByRole('button', { name: 'Save sessions.idle_seconds' }).click();
    await page.getByText('Saved.').waitFor({ timeout: UI_TIMEOUT });
    const stored = await adminFetch(server, api, 'GET', '/admin/settings');
    const setting = (stored.json.settings as { key: string; value: unknown; group: string }[]).find(
      (entry) => entry.key === 'sessions.idle_seconds',
    );
    expect(setting).toMatchObject({ value: 172_800, group: 'Accounts, sessions and sign-in limits' });
  }, 120_000);

  it('the Branding page previews the sign-in card live, saves the brand, and has no serious violations', async () => {
    const { page } = admin;
    await openSection(page, 'Branding');
    await page.getByLabel('Product name').fill('Acme ID');
    await page.getByLabel('Primary colour', { exact: true }).fill('#0a7f5a');
    const preview = page.getByRole('region', { name: 'Preview of the sign-in page' });
    await preview.getByText('Acme ID').first().waitFor({ timeout: UI_TIMEOUT });
    const button = preview.locator('.brand-preview-light .brand-preview-button');
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(10, 127, 90)',
    );

    await page.getByLabel('Primary colour', { exact: true }).fill('green');
    await page
      .getByText('Enter a colour as # and six hex digits, e.g. #0a7f5a.')
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Primary colour', { exact: true }).fill('#0a7f5a');

    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Brand saved').waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: solidPng(96, 32, [10, 127, 90]),
    });
    await preview.locator('.brand-preview-light img').waitFor({ timeout: UI_TIMEOUT });

    const brand = await adminFetch(server, api, 'GET', '/admin/branding');
    expect(brand.json).toMatchObject({ product_name: 'Acme ID', primary_color: '#0a7f5a' });
    expect(brand.json.logo).toMatchObject({ content_type: 'image/png' });

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: docsImage('admin-branding.png') });
    expectCleanPage(admin.diagnostics);
  }, 120_000);
});
