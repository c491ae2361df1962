import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminFetch,
  adminSignIn,
  installViaApi,
} from '../packages/server/src/testing/admin.js';
import { FEDERATION_TEST_ENV, federatedSignIn } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import { openSection, signInToPortal, startAdminTestServer } from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';
const CONNECTION = 'Acme Entra ID';

interface Domain {
  domain: string;
  verified: boolean;
  verifiedBy: string | null;
  txtRecordName: string;
  txtRecordValue: string;
}
interface Connection {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint: string | null;
  scopes: string[];
  claimMapping: Record<string, string>;
  accountLinkingPolicy: string;
  jitProvisioning: boolean;
  trustUpstreamMfa: boolean;
  domains: string[];
  domainVerification: Domain[];
  enabled: boolean;
}

/**
 * The federation pages of the admin portal in a real browser, against a real upstream provider (oidc-provider on
 * loopback, reached under the development loopback flag): every change made on a page is checked through the
 * admin API.
 */
describe('admin portal: federation connections', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: OpenedPage;
  let api: AdminSession;
  let idp: UpstreamIdp;
  let connectionId = '';
  /** TXT records the test's DNS answers (no network): name → values. */
  const txtRecords = new Map<string, string[][]>();

  const get = async <T>(path: string): Promise<T> => {
    const response = await adminFetch(server, api, 'GET', path);
    expect(response.status).toBe(200);
    return response.json as T;
  };
  const connection = () => get<Connection>(`/admin/federation/connections/${connectionId}`);
  const audited = async (action: string) =>
    (await server.context.audit.list({ action }, 100)).filter(
      (event) => event.targetId === connectionId || event.details.connection === connectionId,
    );

  beforeAll(async () => {
    server = await startAdminTestServer({ env: FEDERATION_TEST_ENV });
    server.context.federation.domains.useResolver(async (name) => {
      const records = txtRecords.get(name);
      if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return records;
    });
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    api = await adminSignIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
    browser = await launchBrowser();
    admin = await openPage(browser);
    await signInToPortal(admin.page, server, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await idp?.close();
    await server?.close();
  }, 60_000);

  it('creates a connection from the issuer URL: discovery fills the endpoints; the secret is never shown', async () => {
    const { page } = admin;
    await openSection(page, 'Federation');
    await page.getByText('There are no federation connections yet.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('link', { name: 'Add a connection' }).click();
    await waitForHeading(page, 'Add a federation connection');

    // Nothing entered: the fields explain themselves and nothing is created. Focus reaches the first problem in
    // the same task as the click, not a frame later, when it would pull the next thing typed into that field.
    const focusedAfterSubmit = await page
      .getByRole('button', { name: 'Create connection' })
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        const focused = document.activeElement;
        return focused instanceof HTMLInputElement ? focused.labels?.[0]?.textContent : focused?.tagName;
      });
    expect(focusedAfterSubmit).toBe('Name');
    await page.getByText('Enter the provider’s issuer URL').waitFor({ timeout: UI_TIMEOUT });
    expect((await get<{ connections: Connection[] }>('/admin/federation/connections')).connections).toEqual(
      [],
    );

    await page.getByLabel('Issuer URL').fill(idp.issuer);
    await page.getByRole('button', { name: 'Fill endpoints from discovery' }).click();
    await page.getByRole('heading', { name: 'Endpoints found' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByLabel('Token endpoint').inputValue()).toBe(`${idp.issuer}/token`);
    expect(await page.getByLabel('JWKS URI').inputValue()).toBe(`${idp.issuer}/jwks`);

    // Unverified-email linking is not offered (docs/federation.md#admin-portal): two choices only.
    const linking = page.getByRole('group', { name: 'Linking to existing accounts' });
    expect(await linking.getByRole('radio').count()).toBe(2);
    expect(await linking.getByLabel('Link by verified email (recommended)').isChecked()).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill(CONNECTION);
    await page.getByLabel('Client ID').fill(idp.clientId);
    await page.getByLabel('Client secret').fill(idp.clientSecret);
    await page.getByLabel('Email domains').fill('acme.test\nacme-dns.test');
    await page.getByLabel('Create accounts at the first sign-in').check();
    await page.getByRole('button', { name: 'Create connection' }).click();
    await waitForHeading(page, CONNECTION);
    await page.getByRole('heading', { name: 'Connection created' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('federation-redirect-uri').textContent()).toBe(
      `${server.publicUrl}/api/user/federation/oidc/callback`,
    );
    expect(await page.getByTestId('client-secret-state').textContent()).toMatch(/A client secret is set/);
    expect(await page.content()).not.toContain(idp.clientSecret);

    const [stored] = (await get<{ connections: Connection[] }>('/admin/federation/connections')).connections;
    connectionId = stored!.id;
    expect(stored).toMatchObject({
      name: CONNECTION,
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      authorizationEndpoint: `${idp.issuer}/auth`,
      tokenEndpoint: `${idp.issuer}/token`,
      jwksUri: `${idp.issuer}/jwks`,
      userinfoEndpoint: `${idp.issuer}/me`,
      scopes: ['openid', 'email', 'profile'],
      accountLinkingPolicy: 'email_verified',
      jitProvisioning: true,
      trustUpstreamMfa: false,
      domains: ['acme-dns.test', 'acme.test'],
      enabled: true,
    });
    expect(stored!.domainVerification.every((domain) => !domain.verified)).toBe(true);
  }, 120_000);

  it('shows each domain’s TXT challenge; "check now" verifies by DNS, "mark verified" asks first', async () => {
    const { page } = admin;
    const before = await connection();
    const dns = before.domainVerification.find((domain) => domain.domain === 'acme-dns.test')!;
    const item = (name: string) =>
      page.getByTestId('federation-domains').locator(`li[data-domain="${name}"]`);
    expect(await item('acme-dns.test').getByTestId('txt-name').textContent()).toBe(dns.txtRecordName);
    expect(await item('acme-dns.test').getByTestId('txt-value').textContent()).toBe(dns.txtRecordValue);

    // No record published yet: the check says so and nothing changes.
    await page.getByRole('button', { name: 'Check acme-dns.test now' }).click();
    await page.getByRole('heading', { name: 'The domain was not verified' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText(`no TXT record ${dns.txtRecordName}`).waitFor({ timeout: UI_TIMEOUT });
    expect((await connection()).domainVerification.find((d) => d.domain === 'acme-dns.test')!.verified).toBe(
      false,
    );

    txtRecords.set(dns.txtRecordName, [['some-other=record'], [dns.txtRecordValue]]);
    await page.getByRole('button', { name: 'Check acme-dns.test now' }).click();
    await item('acme-dns.test').getByText('verified by DNS').waitFor({ timeout: UI_TIMEOUT });

    // The admin's decision: asked first; cancelling changes nothing.
    await page.getByRole('button', { name: 'Mark acme.test verified' }).click();
    await page.getByText('Mark acme.test verified without the DNS check?').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await connection()).domainVerification.find((d) => d.domain === 'acme.test')!.verified).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Mark acme.test verified' }).click();
    await page.getByRole('button', { name: 'Mark verified', exact: true }).click();
    await item('acme.test').getByText('verified by an admin').waitFor({ timeout: UI_TIMEOUT });

    const after = await connection();
    expect(
      after.domainVerification.map(({ domain, verified, verifiedBy }) => ({ domain, verified, verifiedBy })),
    ).toEqual([
      { domain: 'acme-dns.test', verified: true, verifiedBy: 'dns' },
      { domain: 'acme.test', verified: true, verifiedBy: 'admin' },
    ]);
    expect((await audited('federation.domain.verified')).map((event) => event.details.method).sort()).toEqual(
      ['admin', 'dns'],
    );
    expect(await get('/admin/federation/domain-route?email=pat%40acme.test')).toMatchObject({
      route: 'federation',
      connection: { id: connectionId },
    });
  }, 120_000);

  it('saves claim mapping, linking policy, JIT and trusted upstream MFA; replaces the secret write-only', async () => {
    const { page } = admin;
    await page.getByLabel('Email claim').fill('mail');
    await page.getByLabel('Never link to existing accounts').check();
    await page.getByLabel('Create accounts at the first sign-in').uncheck();
    await page.getByLabel('Trust the provider’s multi-factor authentication').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The changes are saved').waitFor({ timeout: UI_TIMEOUT });
    expect(await connection()).toMatchObject({
      claimMapping: { email: 'mail' },
      accountLinkingPolicy: 'disabled',
      jitProvisioning: false,
      trustUpstreamMfa: true,
      // Domains kept stay verified.
      domainVerification: [{ verified: true }, { verified: true }],
    });

    // Endpoints may be entered by hand: an emptied userinfo endpoint is removed, a typed one is kept.
    await page.getByLabel('Userinfo endpoint').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The changes are saved').waitFor({ timeout: UI_TIMEOUT });
    expect((await connection()).userinfoEndpoint).toBeNull();
    await page.getByLabel('Userinfo endpoint').fill(`${idp.issuer}/me`);

    // Back to what the sign-in below needs.
    await page.getByLabel('Email claim').fill('');
    await page.getByLabel('Link by verified email (recommended)').check();
    await page.getByLabel('Create accounts at the first sign-in').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The changes are saved').waitFor({ timeout: UI_TIMEOUT });
    expect(await connection()).toMatchObject({
      claimMapping: {},
      accountLinkingPolicy: 'email_verified',
      jitProvisioning: true,
      userinfoEndpoint: `${idp.issuer}/me`,
    });

    const replacement = `new-secret-${randomBytes(6).toString('hex')}`;
    await page.getByRole('button', { name: 'Replace secret' }).click();
    await page.getByText('Enter the new client secret.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('New client secret').fill(replacement);
    await page.getByRole('button', { name: 'Replace secret' }).click();
    await page.getByText('The client secret is replaced').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByLabel('New client secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(replacement);
    const replaced = await adminFetch(server, api, 'GET', `/admin/federation/connections/${connectionId}`);
    expect(replaced.json).toMatchObject({ hasClientSecret: true });
    expect(JSON.stringify(replaced.json)).not.toContain(replacement);
    const { row } = (await server.context.federation.connections.find(connectionId))!;
    expect(server.context.federation.connections.clientSecretOf(row)).toBe(replacement);
    // The audit log says the secret was replaced, never what it is.
    const updates = await audited('federation.connection.updated');
    expect(updates.some((event) => event.details.clientSecretReplaced === true)).toBe(true);
    expect(JSON.stringify(updates)).not.toContain(replacement);

    // Put the provider's real secret back for the sign-in below.
    await page.getByLabel('New client secret').fill(idp.clientSecret);
    await page.getByRole('button', { name: 'Replace secret' }).click();
    await page.getByText('The client secret is replaced').waitFor({ timeout: UI_TIMEOUT });
  }, 120_000);

  it('disables and enables the connection (a disabled one routes no one)', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Disable connection' }).click();
    await page.getByRole('button', { name: 'Disable now' }).click();
    await page.getByTestId('connection-state').getByText('Disabled').waitFor({ timeout: UI_TIMEOUT });
    expect((await connection()).enabled).toBe(false);
    expect(await get('/admin/federation/domain-route?email=pat%40acme.test')).toMatchObject({
      route: 'local',
    });

    await page.getByRole('button', { name: 'Enable connection' }).click();
    await page.getByRole('button', { name: 'Enable now' }).click();
    await page.getByTestId('connection-state').getByText('Enabled').waitFor({ timeout: UI_TIMEOUT });
    expect((await connection()).enabled).toBe(true);
    expect(await get('/admin/federation/domain-route?email=pat%40acme.test')).toMatchObject({
      route: 'federation',
    });
  }, 120_000);

  it('lists a user’s linked identity on the user page and unlinks it (audited)', async () => {
    const { page } = admin;
    const email = `pat-${randomBytes(4).toString('hex')}@acme.test`;
    idp.signInAs({ sub: `sub-${randomBytes(4).toString('hex')}`, email, email_verified: true, name: 'Pat' });
    const signedIn = await federatedSignIn(server, connectionId);
    expect(signedIn.answer.status).toBe(302);
    const user = (await server.context.accounts.users.findByEmail(email))!;

    await page.goto(`${server.adminUrl}/users/${user.id}`);
    await waitForHeading(page, 'Pat');
    const list = page.getByTestId('user-federated-identities');
    await list.getByRole('link', { name: CONNECTION }).waitFor({ timeout: UI_TIMEOUT });
    const path = `/admin/users/${user.id}/federated-identities`;
    expect((await get<{ identities: { connectionId: string }[] }>(path)).identities).toEqual([
      expect.objectContaining({ connectionId, linkedBy: 'jit', email }),
    ]);

    await page.getByRole('button', { name: `Unlink ${CONNECTION}` }).click();
    await page.getByRole('button', { name: 'Unlink now' }).click();
    await page
      .getByText(`${CONNECTION} no longer signs in to this account.`)
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('Not linked to any identity provider.').waitFor({ timeout: UI_TIMEOUT });
    expect((await get<{ identities: unknown[] }>(path)).identities).toEqual([]);
    const unlinked = await server.context.audit.list({ action: 'federation.identity_unlinked' }, 10);
    expect(unlinked.filter((event) => event.targetId === user.id)).toEqual([
      expect.objectContaining({ actorType: 'admin', details: expect.objectContaining({ by: 'admin' }) }),
    ]);
  }, 120_000);

  it('deletes the connection after a confirmation', async () => {
    const { page } = admin;
    await page.goto(`${server.adminUrl}/federation/${connectionId}`);
    await waitForHeading(page, CONNECTION);
    await page.getByRole('button', { name: 'Delete connection' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await waitForHeading(page, 'Federation');
    await page.getByRole('heading', { name: 'Connection deleted' }).waitFor({ timeout: UI_TIMEOUT });
    expect(
      (await adminFetch(server, api, 'GET', `/admin/federation/connections/${connectionId}`)).status,
    ).toBe(404);
    expect(await audited('federation.connection.deleted')).toHaveLength(1);
    // The one failed request was the "check now" before the TXT record was published (409).
    expectCleanPage(admin.diagnostics, [failedRequestLog(409)]);
  }, 120_000);
});
