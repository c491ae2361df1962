import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientListCursor } from '../packages/server/src/clients/admin-routes.js';
import { adminSignIn, installViaApi } from '../packages/server/src/testing/admin.js';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import { startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { seriousAccessibilityViolations } from './axe.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { RP_CALLBACK } from './hosted-ui-fixture.js';
import { UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'axe-admin@example.com';
const ADMIN_PASSWORD = 'axe admin password';
const FIXTURE = { type: 'admin', id: 'axe-fixture' } as const;

/**
 * axe-core (WCAG 2.x A and AA) on every page of the admin portal, each list, form and detail page with something
 * in it, signed out and signed in: no serious or critical violation anywhere.
 */
describe('admin portal: every page passes axe', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: OpenedPage;
  let idp: UpstreamIdp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startAdminTestServer({ env: FEDERATION_TEST_ENV });
    idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await adminSignIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    // Something to show on each detail page.
    const { client } = await server.context.clients.registry.create({
      name: 'Axe App',
      type: 'confidential',
      redirect_uris: [RP_CALLBACK],
      grant_types: ['authorization_code'],
    });
    ids.client = client.id;
    // More clients than a page holds, so the list shows its pager, and the page after it.
    for (let index = 1; index <= 25; index += 1) {
      await server.context.clients.registry.create({
        name: `Axe paged ${String(index).padStart(2, '0')}`,
        type: 'public',
        redirect_uris: [RP_CALLBACK],
        grant_types: ['authorization_code'],
      });
    }
    const firstPage = await server.context.clients.registry.page({ search: '', after: null, limit: 25 });
    ids.clientsAfter = encodeURIComponent(clientListCursor(firstPage.next!));
    const user = await server.context.accounts.lifecycle.create(
      { email: 'axe-user@example.test', name: 'Axe User' },
      { actor: { type: 'system' } },
    );
    ids.user = user.id;
    const organization = await server.context.orgs.organizations.create(
      { name: 'Axe Org' },
      FIXTURE,
      user.id,
    );
    ids.organization = organization.id;
    const connection = await server.context.scim.connections.create({
      name: 'Axe directory',
      organizationId: organization.id,
    });
    ids.scim = connection.id;
    const { row } = await server.context.federation.connections.create({
      name: 'Axe Corp',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: ['axe.example'],
      jitProvisioning: false,
    });
    ids.federation = row.id;
    browser = await launchBrowser();
    admin = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await idp?.close();
    await server?.close();
  }, 60_000);

  /** Every page's serious violations, to see them all at once. */
  const found: { path: string; violations: unknown[] }[] = [];

  async function expectNoSeriousViolations(page: Page, path: string) {
    await page.goto(`${server.adminUrl}${path}`);
    await page.locator('h1').first().waitFor({ timeout: UI_TIMEOUT });
    await page.waitForLoadState('networkidle');
    const violations = await seriousAccessibilityViolations(page);
    if (violations.length > 0) found.push({ path, violations });
  }

  it('the sign-in page', async () => {
    await admin.page.goto(`${server.adminUrl}/`);
    await waitForHeading(admin.page, 'Sign in to the admin portal');
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([]);
  });

  it('every page of the signed-in portal', async () => {
    const { page } = admin;
    await page.goto(`${server.adminUrl}/`);
    await submitAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForHeading(page, 'Overview');
    const paths = [
      '/',
      '/clients',
      `/clients?after=${ids.clientsAfter}`,
      '/clients/new',
      `/clients/${ids.client}`,
      '/users',
      '/users/new',
      `/users/${ids.user}`,
      '/organizations',
      '/organizations/new',
      `/organizations/${ids.organization}`,
      '/roles',
      '/permissions',
      '/scim',
      '/scim/new',
      `/scim/${ids.scim}`,
      '/webhooks',
      '/federation',
      '/federation/new',
      `/federation/${ids.federation}`,
      '/admins',
      '/api-tokens',
      '/settings',
      '/branding',
      '/email-templates',
      '/keys',
      '/audit',
      '/account',
      '/no-such-page',
    ];
    for (const path of paths) await expectNoSeriousViolations(page, path);

    // The detail pages reached from lists whose entries the portal made itself: a role, a permission, an event.
    for (const list of ['/roles', '/permissions', '/audit']) {
      await page.goto(`${server.adminUrl}${list}`);
      await page.locator('h1').first().waitFor({ timeout: UI_TIMEOUT });
      await page.waitForLoadState('networkidle');
      const link = page.locator(`main a[href^="${list}/"]`).first();
      if ((await link.count()) === 0) continue;
      const href = (await link.getAttribute('href'))!;
      await expectNoSeriousViolations(page, href);
    }
    expect(found).toEqual([]);
    // About thirty pages, each loaded and checked.
  }, 300_000);
});
