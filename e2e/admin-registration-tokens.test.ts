import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { issueToken, revokeToken, signedInPortalForTests } from './admin-token-pages.js';
import { openSection } from './admin-ui-helpers.js';
import { expectCleanPage, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

/**
 * The portal's registration tokens page in a real browser: the initial access token it reveals once registers a
 * client at /register, whose page then names the token; a revoked token registers nothing.
 */
describe('admin portal: registration tokens', () => {
  const portal = signedInPortalForTests();

  const register = (token: string) =>
    fetch(`${portal.server.publicUrl}/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Partner CLI',
        redirect_uris: ['http://127.0.0.1:53682/callback'],
        token_endpoint_auth_method: 'none',
      }),
    });

  it('issues a single-use token, shows it once, and the client it registered names it', async () => {
    const { page } = portal.admin;
    await openSection(page, 'Registration tokens');
    await page.getByText('There is no registration token yet.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Issue token' }).click();
    await page.getByText('Say who the token is for').waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('For', { exact: true }).fill('partner-cli');
    const token = await issueToken(page, 'Issue token');
    expect(token).toMatch(/^tessera_iat_/);
    expect((await page.getByTestId('registration-token').allTextContents()).join(' ')).not.toContain(token);

    const registered = await register(token);
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    expect((await register(token)).status).toBe(401);

    await page.goto(`${portal.server.adminUrl}/clients/${encodeURIComponent(clientId)}`);
    await waitForHeading(page, 'Partner CLI');
    const registration = page.getByTestId('client-registration');
    await registration.getByText('initial access token “partner-cli”').waitFor({ timeout: UI_TIMEOUT });

    await openSection(page, 'Clients');
    await page
      .getByRole('row')
      .filter({ hasText: clientId })
      .getByTestId('self-registered')
      .waitFor({ timeout: UI_TIMEOUT });

    await openSection(page, 'Registration tokens');
    const row = page.getByTestId('registration-token').filter({ hasText: 'partner-cli' });
    await row.getByText('1 of 1').waitFor({ timeout: UI_TIMEOUT });
    await row.getByText('used up', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    expectCleanPage(portal.admin.diagnostics);
  }, 120_000);

  it('revokes a token after confirmation: it registers nothing any more', async () => {
    const { page } = portal.admin;
    await openSection(page, 'Registration tokens');
    await page.getByLabel('For', { exact: true }).fill('to revoke');
    await page.getByLabel('Clients it may register').fill('');
    const token = await issueToken(page, 'Issue token');
    const row = page.getByTestId('registration-token').filter({ hasText: 'to revoke' });
    await revokeToken(page, row, 'to revoke');
    expect((await register(token)).status).toBe(401);
    expectCleanPage(portal.admin.diagnostics);
  }, 120_000);

  it('an admin-created client says so', async () => {
    const { page } = portal.admin;
    const created = await portal.server.context.clients.registry.create({
      name: 'Made by hand',
      type: 'public',
      redirect_uris: ['http://127.0.0.1:53682/callback'],
      grant_types: ['authorization_code'],
    });
    await page.goto(`${portal.server.adminUrl}/clients/${encodeURIComponent(created.client.id)}`);
    await waitForHeading(page, 'Made by hand');
    await page
      .getByTestId('client-registration')
      .getByText('Created by an administrator.')
      .waitFor({ timeout: UI_TIMEOUT });
    // In the list, only the client that registered itself says so (once the list shows that marker at all). The
    // page asks which of its own clients registered themselves, never for every registration.
    const asked: URL[] = [];
    const recordRegistrations = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/admin/client-registrations') asked.push(url);
    };
    page.on('request', recordRegistrations);
    try {
      await openSection(page, 'Clients');
      await page
        .getByRole('row')
        .filter({ hasText: 'Partner CLI' })
        .getByTestId('self-registered')
        .waitFor({ timeout: UI_TIMEOUT });
    } finally {
      page.off('request', recordRegistrations);
    }
    expect(
      await page.getByRole('row').filter({ hasText: 'Made by hand' }).getByTestId('self-registered').count(),
    ).toBe(0);
    const shown = await page.locator('tbody tr td code').allTextContents();
    expect(shown).toContain(created.client.id);
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) expect(url.searchParams.getAll('client_id').sort()).toEqual([...shown].sort());
    expectCleanPage(portal.admin.diagnostics);
  }, 120_000);
});
