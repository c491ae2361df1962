import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, issueToken, revokeToken, signedInPortalForTests } from './admin-token-pages.js';
import { openSection } from './admin-ui-helpers.js';
import { expectCleanPage, UI_TIMEOUT } from './ui-helpers.js';

/**
 * The portal's API tokens page in a real browser: the token it reveals once is used as a CI job would, with
 * nothing but its bearer value, until the page revokes it.
 */
describe('admin portal: API tokens', () => {
  const portal = signedInPortalForTests();

  const listClients = (bearer: string) =>
    fetch(`${portal.server.adminUrl}/admin/clients`, { headers: { authorization: `Bearer ${bearer}` } });

  it('creates a scoped token, shows it once, and revokes it after confirmation', async () => {
    const { page } = portal.admin;
    await openSection(page, 'API tokens');
    await page.getByText('There is no API token yet.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByText('Enter a name, e.g. the job or tool that uses the token.')
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Token name').fill('nightly-ci');
    await page.getByLabel('Change clients').check();
    const token = await issueToken(page, 'Create token');
    expect(token).toMatch(/^tsa_/);
    expect((await listClients(token)).status).toBe(200);

    const row = page.getByTestId('admin-token').filter({ hasText: 'nightly-ci' });
    await row.getByText('read, clients:write').waitFor({ timeout: UI_TIMEOUT });
    await row.getByText(ADMIN_EMAIL).waitFor({ timeout: UI_TIMEOUT });
    // The list is metadata: the token itself appears only in the one-time reveal.
    expect((await page.getByTestId('admin-token').allTextContents()).join(' ')).not.toContain(token);

    await revokeToken(page, row, 'nightly-ci');
    expect((await listClients(token)).status).toBe(401);
    expectCleanPage(portal.admin.diagnostics);
  }, 120_000);
});
