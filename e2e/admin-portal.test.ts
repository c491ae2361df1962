import { readFile } from 'node:fs/promises';
import * as opaque from '@serenity-kit/opaque';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKeyBody, givePassword, newAccountKey } from '../packages/server/src/testing/keys.js';
import { basicAuthorization, formPost } from '../packages/server/src/testing/oauth.js';
import { loginWithPassword, postJson } from '../packages/server/src/testing/opaque-client.js';
import { testKeyStretching } from '../packages/server/src/testing/opaque-stretching.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import {
  type EnrolledFactor,
  enrolTotpInPortal,
  openSection,
  startAdminTestServer,
  submitAdminSignIn,
} from './admin-ui-helpers.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { Mailbox } from './mailbox.js';
import {
  expectCleanPage,
  failedRequestLog,
  horizontalOverflow,
  PHONE,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';
const NEW_ADMIN_PASSWORD = 'violet harbour engine quill';
const READER_EMAIL = 'auditor@example.test';
const READER_PASSWORD = 'quiet lantern meadow river';
const USER_EMAIL = 'ada@example.test';
const USER_PASSWORD = 'temporary orchid saxophone';
const CLIENT_NAME = 'Billing worker';
const CUSTOM_SCOPE = 'billing.read';

interface KeyRow {
  kid: string;
  alg: string;
  state: string;
}

/** The signing-key table as the page shows it. */
async function keyRows(page: Page): Promise<KeyRow[]> {
  const rows = page.getByTestId('signing-keys').locator('tbody tr');
  await rows.first().waitFor({ timeout: UI_TIMEOUT });
  const result: KeyRow[] = [];
  for (const row of await rows.all()) {
    result.push({
      kid: (await row.locator('th code').textContent())?.trim() ?? '',
      alg: (await row.locator('td').nth(0).textContent())?.trim() ?? '',
      state: (await row.getAttribute('data-state')) ?? '',
    });
  }
  return result;
}

/** A client-credentials token request with HTTP Basic client authentication. */
/**
 * Whether the admin's stored OPAQUE record is for this password: the client can only finish a login (authenticate
 * the server's answer) with the right one. No session is started.
 */
async function adminPasswordMatches(server: TestServer, email: string, password: string): Promise<boolean> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const start = await postJson(`${server.adminUrl}/admin/login/start`, {
    email,
    start_login_request: startLoginRequest,
  });
  expect(start.status).toBe(200);
  const loginResponse = start.json.login_response as string;
  return (
    opaque.client.finishLogin({
      clientLoginState,
      loginResponse,
      password,
      keyStretching: testKeyStretching(),
    }) !== undefined
  );
}

function clientCredentials(server: TestServer, clientId: string, secret: string) {
  return formPost(
    server,
    '/token',
    { grant_type: 'client_credentials', scope: CUSTOM_SCOPE },
    { authorization: basicAuthorization(clientId, secret) },
  );
}

async function downloadText(page: Page, linkName: string): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: UI_TIMEOUT }),
    page.getByRole('link', { name: linkName, exact: true }).click(),
  ]);
  const path = await download.path();
  return { download, text: await readFile(path, 'utf8') };
}

describe('admin portal: install, sign-in, clients, keys, users and the audit log in a real browser', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let browser: Browser;
  let admin: OpenedPage;
  let installToken: string;
  let adminFactor: EnrolledFactor;
  let clientId = '';
  /** Every secret the test saw; none may appear in an audit export. */
  const secrets: string[] = [ADMIN_PASSWORD, READER_PASSWORD, USER_PASSWORD];

  beforeAll(async () => {
    server = await startAdminTestServer();
    mailbox = await Mailbox.start();
    // Admins must set up TOTP at their first sign-in (the default, stated here so the flow below is certain).
    await server.context.settings.set('otp.required_for_admins', true);
    browser = await launchBrowser();
    admin = await openPage(browser);
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await mailbox?.close();
    await server?.close();
  }, 60_000);

  it('installs from the printed link: first admin, product name, SMTP with a test message, then signs in with TOTP set-up', async () => {
    const token = await server.context.admin.install.issueToken();
    expect(token).toEqual(expect.any(String));
    installToken = token!;
    secrets.push(installToken);
    const { page } = admin;

    // Before install, the portal says how to begin instead of offering a sign-in nobody can use.
    await page.goto(`${server.adminUrl}/`);
    await waitForHeading(page, 'Tessera is not installed yet');

    const response = await page.goto(`${server.adminUrl}/setup#token=${installToken}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Step 1 of 4: Administrator' }).waitFor({ timeout: UI_TIMEOUT });
    // The token leaves the address bar once read (history, bookmarks, screenshots).
    expect(page.url()).toBe(`${server.adminUrl}/setup`);

    // A mistake is explained at the field, and nothing moves on.
    await page.getByLabel('Admin email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByText('Enter an email address like name@example.com.').count())
      .toBeGreaterThan(0);
    await page.getByLabel('Admin email address').fill(ADMIN_EMAIL);
    await page.getByLabel('Admin password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Step 2 of 4: Service' }).waitFor();
    await page.getByLabel('Product name').fill('Acme ID');
    await page.getByRole('radio', { name: 'Only administrators' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Step 3 of 4: Email' }).waitFor();
    await page.getByLabel('Set up email (SMTP) now').check();
    await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill(String(mailbox.port));
    await page.getByLabel('Connection security').selectOption('none');
    await page.getByLabel('Sender address').fill('Acme ID <id@example.test>');
    expect(await page.getByLabel('Send a test email to').inputValue()).toBe(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send test email' }).click();
    await page.getByRole('heading', { name: 'Test email sent' }).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => mailbox.to(ADMIN_EMAIL).length).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByRole('heading', { name: 'Tessera is installed' }).waitFor({ timeout: UI_TIMEOUT });

    const status = await fetch(`${server.adminUrl}/install`);
    expect(await status.json()).toEqual({ installed: true });
    expect(server.context.settings.get('product.name')).toBe('Acme ID');
    expect(server.context.settings.get('accounts.self_registration')).toBe(false);
    expect(server.context.settings.get('smtp.host')).toBe('127.0.0.1');
    expect(server.context.settings.get('smtp.port')).toBe(mailbox.port);

    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    // A wrong password is refused like any other.
    await submitAdminSignIn(page, ADMIN_EMAIL, 'not the password at all');
    await page.getByRole('heading', { name: 'We could not sign you in' }).waitFor({ timeout: UI_TIMEOUT });
    await submitAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    adminFactor = await enrolTotpInPortal(page);
    secrets.push(adminFactor.secret, ...adminFactor.backupCodes);

    await waitForHeading(page, 'Overview');
    expect(await page.getByTestId('signed-in-admin').textContent()).toBe(ADMIN_EMAIL);
    await expect.poll(() => page.getByTestId('product-name').textContent()).toBe('Acme ID');
    // The footer names the release this node runs: the root package.json's version.
    const release = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    await expect.poll(() => page.getByTestId('release-version').textContent()).toBe(release.version);

    // The install link is spent: opening it again says so.
    await page.goto(`${server.adminUrl}/setup#token=${installToken}`);
    await waitForHeading(page, 'Tessera is installed');
  }, 180_000);

  it('registers a confidential client, shows its secret once, and rotates it (the old one stops working)', async () => {
    const { page } = admin;
    await page.goto(`${server.adminUrl}/`);
    await waitForHeading(page, 'Overview');
    await openSection(page, 'Clients');
    await page.getByRole('link', { name: 'Register a client' }).click();
    await waitForHeading(page, 'Register a client');

    await page.getByLabel('Name', { exact: true }).fill(CLIENT_NAME);
    await page.getByRole('radio', { name: 'Confidential' }).check();
    await page.getByRole('checkbox', { name: 'Authorization code' }).uncheck();
    await page.getByRole('checkbox', { name: 'Client credentials' }).check();
    for (const scope of ['openid', 'profile', 'email'])
      await page.getByRole('checkbox', { name: new RegExp(`^${scope} —`) }).uncheck();
    await page.getByRole('button', { name: 'Add a custom scope' }).click();
    await page.getByLabel('Custom scope 1', { exact: true }).fill(CUSTOM_SCOPE);
    await page.getByLabel('Description of custom scope 1').fill('Read invoices');
    await page.getByRole('button', { name: 'Register client' }).click();

    await waitForHeading(page, 'Client registered');
    await expect.poll(() => page.getByText('You will not see this secret again.').count()).toBe(1);
    const secret = await page.getByLabel('Client secret', { exact: true }).inputValue();
    clientId = (await page.getByTestId('created-client-id').textContent()) ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(clientId).not.toBe('');
    secrets.push(secret);

    const issued = await clientCredentials(server, clientId, secret);
    expect(issued.status).toBe(200);
    expect(issued.json.scope).toBe(CUSTOM_SCOPE);
    expect(issued.json.access_token).toEqual(expect.any(String));

    // The secret is not shown again anywhere: the client's page has only its last four characters.
    await page.getByRole('link', { name: /Open the client.s page/ }).click();
    await waitForHeading(page, CLIENT_NAME);
    expect(await page.getByTestId('client-id').textContent()).toBe(clientId);
    expect(await page.locator('body').textContent()).not.toContain(secret);
    expect(await page.locator('body').textContent()).toContain(`…${secret.slice(-4)}`);

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Rotate the secret now' }).click();
    const rotated = await page.getByLabel('New client secret', { exact: true }).inputValue();
    expect(rotated).not.toBe(secret);
    expect(rotated.length).toBeGreaterThanOrEqual(32);
    secrets.push(rotated);

    expect((await clientCredentials(server, clientId, secret)).status).toBe(401);
    expect((await clientCredentials(server, clientId, rotated)).status).toBe(200);

    // It is in the list, and the search finds it.
    await openSection(page, 'Clients');
    await page.getByLabel('Search clients').fill('billing');
    await page.getByLabel('Search clients').press('Enter');
    await page.waitForURL(`${server.adminUrl}/clients?query=billing`);
    await expect.poll(() => page.getByRole('link', { name: CLIENT_NAME, exact: true }).count()).toBe(1);
  }, 120_000);

  it('pages through the clients by name, 25 at a time, and searches them on the server', async () => {
    const { page } = admin;
    const names = Array.from(
      { length: 30 },
      (_, index) => `Paged client ${String(index + 1).padStart(2, '0')}`,
    );
    for (const name of names) {
      await server.context.clients.registry.create({
        name,
        type: 'public',
        redirect_uris: ['https://paged.example/callback'],
        grant_types: ['authorization_code'],
      });
    }
    const shownNames = async () =>
      (await page.locator('tbody tr th a').allTextContents()).map((text) => text.trim());

    await page.goto(`${server.adminUrl}/clients?query=paged%20client`);
    await waitForHeading(page, 'Clients');
    await expect.poll(shownNames).toEqual(names.slice(0, 25));
    expect(await page.getByRole('button', { name: 'Back to the first page' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Next clients' }).click();
    await expect.poll(shownNames).toEqual(names.slice(25));
    expect(new URL(page.url()).searchParams.get('query')).toBe('paged client');
    expect(new URL(page.url()).searchParams.get('after')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Next clients' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back to the first page' }).click();
    await expect.poll(shownNames).toEqual(names.slice(0, 25));

    // The search is the server's: a client ID fragment finds its client, % is no wildcard.
    const [first] = (
      await server.context.clients.registry.page({ search: 'Paged client 07', after: null, limit: 1 })
    ).entries;
    await page.getByLabel('Search clients').fill(first!.client.id.slice(2, 12));
    await page.getByLabel('Search clients').press('Enter');
    await expect.poll(shownNames).toEqual(['Paged client 07']);
    await page.getByLabel('Search clients').fill('Paged%07');
    await page.getByLabel('Search clients').press('Enter');
    await page.getByText('No client matches “Paged%07”.').waitFor({ timeout: UI_TIMEOUT });
  }, 120_000);

  it("sets a client's key scope on its page: one key per organization needs a delivery format", async () => {
    const { page } = admin;
    await page.goto(`${server.adminUrl}/clients/${encodeURIComponent(clientId)}`);
    await waitForHeading(page, CLIENT_NAME);
    expect(await page.getByLabel('Key scope').inputValue()).toBe('client');
    await page.getByLabel('Key scope').selectOption('organization');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('A key per organization needs a delivery format.').waitFor({ timeout: UI_TIMEOUT });
    expect((await server.context.clients.registry.find(clientId))?.zkKeyScope).toBe('client');

    await page.getByLabel('Key delivery format').selectOption('v2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Changes saved' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await server.context.clients.registry.find(clientId)).toMatchObject({
      zkDelivery: 'v2',
      zkKeyScope: 'organization',
    });
    expect(await page.getByLabel('Key scope').inputValue()).toBe('organization');
  });

  it('rotates the signing keys and the key the page shows as current is published in the JWKS', async () => {
    // Promotion is immediate when a new key need not be published first (the default waits a day).
    await server.context.settings.set('signing.next_key_publish_seconds', 0);
    const { page } = admin;
    await openSection(page, 'Signing keys');
    const before = await keyRows(page);
    const currentBefore = before.filter((row) => row.state === 'current').map((row) => row.kid);
    const nextBefore = before.filter((row) => row.state === 'next').map((row) => row.kid);
    expect(currentBefore.length).toBe(3);

    await page.getByRole('button', { name: 'Rotate signing keys' }).click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await page.getByRole('heading', { name: 'Rotation started' }).waitFor({ timeout: UI_TIMEOUT });

    const after = await keyRows(page);
    const currentAfter = after.filter((row) => row.state === 'current');
    expect(currentAfter.map((row) => row.alg).sort()).toEqual(['ES256', 'EdDSA', 'RS256']);
    // The keys that were waiting took over; the previous current keys are retired, still published.
    expect(currentAfter.map((row) => row.kid).sort()).toEqual([...nextBefore].sort());
    for (const kid of currentBefore) expect(after.find((row) => row.kid === kid)?.state).toBe('retired');
    await expect
      .poll(() => page.getByText('Removed from the key set after').count())
      .toBe(currentBefore.length);

    const jwks = (await (await fetch(`${server.publicUrl}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    const published = jwks.keys.map((key) => key.kid);
    const rs256 = currentAfter.find((row) => row.alg === 'RS256')!.kid;
    expect(published).toContain(rs256);
    for (const row of after) expect(published).toContain(row.kid);

    // Tokens are now signed with the key the page calls current.
    const issued = await clientCredentials(server, clientId, secrets.at(-1)!);
    expect(issued.status).toBe(200);
    const header = JSON.parse(
      Buffer.from(String(issued.json.access_token).split('.')[0]!, 'base64url').toString(),
    ) as { kid: string };
    expect(currentAfter.map((row) => row.kid)).toContain(header.kid);
  }, 120_000);

  it('creates a user; sets a password they must change; disables, enables, emails a reset link; pages', async () => {
    const { page } = admin;
    await openSection(page, 'Users');
    await page.getByRole('link', { name: 'Create a user' }).click();
    await waitForHeading(page, 'Create a user');
    await page.getByLabel('Email address', { exact: true }).fill(USER_EMAIL);
    await page.getByLabel('Name (optional)').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Create user' }).click();
    await waitForHeading(page, 'Ada Lovelace');
    await page.getByRole('heading', { name: 'User created' }).waitFor();
    const userId = (await page.getByTestId('user-id').textContent()) ?? '';
    expect((await server.context.accounts.users.find(userId))?.email).toBe(USER_EMAIL);

    await page.getByLabel('New password for this user', { exact: true }).fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText(/The password is set\./).count(), { timeout: UI_TIMEOUT }).toBe(1);
    const login = await loginWithPassword(server, USER_EMAIL, USER_PASSWORD);
    expect(login.finish?.status).toBe(200);
    expect(login.finish?.json.must_change_password).toBe(true);

    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByRole('button', { name: 'Disable now' }).click();
    await page.getByRole('button', { name: 'Enable account' }).waitFor({ timeout: UI_TIMEOUT });
    expect((await server.context.accounts.users.find(userId))?.status).toBe('disabled');
    await page.getByRole('button', { name: 'Enable account' }).click();
    await page.getByRole('button', { name: 'Disable account' }).waitFor({ timeout: UI_TIMEOUT });
    expect((await server.context.accounts.users.find(userId))?.status).toBe('active');

    await page.getByRole('button', { name: 'Send a password-reset email' }).click();
    await expect
      .poll(() => page.getByText(`A password-reset link is on its way to ${USER_EMAIL}.`).count())
      .toBe(1);
    const resetLink = await mailbox.waitForLink(USER_EMAIL, 'reset-password');
    secrets.push(new URL(resetLink).searchParams.get('token')!);

    // The users table finds them by part of the name.
    await openSection(page, 'Users');
    await page.getByLabel('Search users').fill('lovelace');
    await page.getByLabel('Search users').press('Enter');
    await page.waitForURL(`${server.adminUrl}/users?query=lovelace`);
    await expect.poll(() => page.getByRole('link', { name: USER_EMAIL }).count()).toBe(1);
    await expect.poll(() => page.getByText('1 on this page, 1 in all.', { exact: true }).count()).toBe(1);

    // More users than fit on a page: the table follows the server's cursor through them.
    for (let index = 0; index < 30; index++)
      await server.context.accounts.users.create({
        email: `member-${index}@example.test`,
        name: `Member ${index}`,
      });
    await page.getByLabel('Search users').fill('example.test');
    await page.getByLabel('Search users').press('Enter');
    await expect.poll(() => page.getByText('25 on this page, 31 in all.', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'First page' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/\/users\?query=example\.test&after=/);
    await expect.poll(() => page.getByText('6 on this page, 31 in all.', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // The second page holds the users after the first page's last, by address.
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(
      [4, 5, 6, 7, 8, 9].map((index) => `member-${index}@example.test`),
    );
    await page.goBack();
    await expect.poll(() => page.getByText('25 on this page, 31 in all.', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByText('6 on this page, 31 in all.', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(() => page.getByText('25 on this page, 31 in all.', { exact: true }).count()).toBe(1);
  }, 120_000);

  it("shows a user's encryption key (state and envelopes, never ciphertext) and resets it after a data-loss warning, audited", async () => {
    const { page } = admin;
    const holder = await server.context.accounts.users.create({
      email: 'key-holder@example.test',
      name: 'Key Holder',
    });
    await givePassword(server, holder);
    const { body } = accountKeyBody(newAccountKey(holder.id));
    await server.context.keys.keybags.createAccountKey(holder.id, body);
    await page.goto(`${server.adminUrl}/users/${holder.id}`);
    await waitForHeading(page, 'Key Holder');
    const envelopes = page.getByTestId('keybag-envelopes');
    await envelopes.waitFor({ timeout: UI_TIMEOUT });
    expect((await envelopes.getByRole('rowheader').allTextContents()).sort()).toEqual([
      'Password',
      'Recovery key',
    ]);
    expect(await page.getByTestId('keybag-state').textContent()).toContain('Set up (version 1)');
    const html = await page.content();
    for (const envelope of body.envelopes) expect(html).not.toContain(envelope.ciphertext);
    expect(html).not.toContain(body.key_check);

    // The reset asks first, saying what is lost; cancelling changes nothing.
    await page.getByRole('button', { name: 'Reset encryption key' }).click();
    await page.getByText('Data encrypted under this key will be lost').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await server.context.keys.keybags.keybag(holder.id)).accountKey).not.toBeNull();
    await page.getByRole('button', { name: 'Reset encryption key' }).click();
    await page.getByRole('button', { name: 'Reset and lose the data' }).click();
    await page.getByText(/The encryption key is reset\./).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText(/^No encryption key/).waitFor({ timeout: UI_TIMEOUT });
    const after = await server.context.keys.keybags.keybag(holder.id);
    expect(after.accountKey).toBeNull();
    expect(after.envelopes).toEqual([]);
    const [entry] = await server.context.audit.list({ action: 'keys.reset', target: holder.id }, 1);
    expect(entry).toMatchObject({ actorType: 'admin', details: { envelopes: 2, version: 1 } });
  }, 120_000);

  it('finds the entries in the audit log, and its CSV and JSON-lines exports contain no secret', async () => {
    const { page, context } = admin;
    await openSection(page, 'Audit log');
    const entries = page.getByTestId('audit-entries');
    await entries.waitFor({ timeout: UI_TIMEOUT });
    const actions = ['client.created', 'client.secret_rotated', 'signing_keys.rotated', 'user.created'];
    for (const action of actions)
      await expect.poll(() => entries.locator(`tr[data-action="${action}"]`).count()).toBe(1);

    // Filtering by action leaves exactly that entry, about the client.
    await page.getByLabel('Action', { exact: true }).fill('client.secret_rotated');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/audit\?action=client\.secret_rotated$/);
    await expect.poll(() => entries.locator('tbody tr').count()).toBe(1);
    expect(await entries.locator('tbody tr').first().textContent()).toContain(clientId);

    // The detail view of the creation shows what was recorded (and not the secret).
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`${server.adminUrl}/audit`);
    await expect.poll(() => entries.locator('tr[data-action="user.created"]').count()).toBe(1);
    await entries.locator('tr[data-action="client.created"]').getByRole('link').click();
    await page
      .getByRole('heading', { level: 1, name: /^Audit entry \d+: client\.created$/ })
      .waitFor({ timeout: UI_TIMEOUT });
    const details = (await page.getByTestId('audit-details').textContent()) ?? '';
    expect(details).toContain(CLIENT_NAME);
    expect(details).toContain(CUSTOM_SCOPE);

    await openSection(page, 'Audit log');
    const cookies = await context.cookies(server.adminUrl);
    for (const cookie of cookies) secrets.push(cookie.value);
    expect(cookies.some((cookie) => cookie.name === 'tessera_admin_session')).toBe(true);

    const csv = await downloadText(page, 'Export CSV');
    expect(csv.download.suggestedFilename()).toBe('tessera-audit.csv');
    const jsonl = await downloadText(page, 'Export JSON lines');
    expect(jsonl.download.suggestedFilename()).toBe('tessera-audit.jsonl');

    expect(csv.text.split('\r\n')[0]).toBe(
      'id,at,action,outcome,actor_type,actor_id,target_type,target_id,ip_address,user_agent,details',
    );
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string });
    for (const action of [...actions, 'install.completed', 'admin.sign_in', 'user.password_set']) {
      expect(csv.text).toContain(`,${action},`);
      expect(lines.some((line) => line.action === action)).toBe(true);
    }
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(csv.text).not.toContain(secret);
      expect(jsonl.text).not.toContain(secret);
    }

    // The action filter suggests every action the service records, as the API lists them (GET
    // /admin/audit/actions), including ones this test never caused.
    const suggested = await page
      .locator('datalist option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const listed = (await (await context.request.get(`${server.adminUrl}/admin/audit/actions`)).json()) as {
      actions: string[];
    };
    expect(suggested).toEqual(listed.actions);
    expect(suggested).toContain('kek.rotated');

    // More entries than a page holds: "Older entries" pages back, "Back to the newest" returns. (No SMTP test
    // runs in this file, so these are the only `smtp.tested` entries.)
    for (let index = 0; index < 60; index++)
      await server.context.audit.record({
        action: 'smtp.tested',
        outcome: 'success',
        actor: { type: 'system' },
      });
    await page.getByLabel('Action', { exact: true }).fill('smtp.tested');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => entries.locator('tbody tr').count()).toBe(50);
    await page.getByRole('button', { name: 'Older entries' }).click();
    await page.waitForURL(/\/audit\?action=smtp\.tested&before=\d+$/);
    await expect.poll(() => entries.locator('tbody tr').count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Older entries' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to the newest' }).click();
    await expect.poll(() => entries.locator('tbody tr').count()).toBe(50);
  }, 120_000);

  it('adds a read-only admin, who sees everything and no control that changes anything', async () => {
    const { page } = admin;
    await openSection(page, 'Admins');
    await page.getByLabel('Admin email address').fill(READER_EMAIL);
    await page.getByLabel('Initial password', { exact: true }).fill(READER_PASSWORD);
    await page.getByRole('radio', { name: 'Read-only' }).check();
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByRole('heading', { name: 'Admin added' }).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByRole('rowheader', { name: READER_EMAIL }).count()).toBe(1);

    const reader = await openPage(browser);
    try {
      const { page: readerPage } = reader;
      await readerPage.goto(`${server.adminUrl}/clients`);
      await submitAdminSignIn(readerPage, READER_EMAIL, READER_PASSWORD);
      const factor = await enrolTotpInPortal(readerPage);
      secrets.push(factor.secret, ...factor.backupCodes);
      // Signing in keeps the page that was asked for.
      await waitForHeading(readerPage, 'Clients');
      expect(await readerPage.getByText('read-only admin', { exact: true }).count()).toBe(1);
      await readerPage.getByRole('link', { name: CLIENT_NAME, exact: true }).waitFor({ timeout: UI_TIMEOUT });
      expect(await readerPage.getByRole('link', { name: 'Register a client' }).count()).toBe(0);

      await readerPage.getByRole('link', { name: CLIENT_NAME, exact: true }).click();
      await waitForHeading(readerPage, CLIENT_NAME);
      await expect.poll(() => readerPage.getByText(/You have read-only access/).count()).toBe(1);
      expect(await readerPage.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
      for (const name of ['Rotate secret', 'Save changes', 'Delete client'])
        expect(await readerPage.getByRole('button', { name }).count()).toBe(0);

      await openSection(readerPage, 'Users');
      await readerPage.getByRole('link', { name: USER_EMAIL }).waitFor({ timeout: UI_TIMEOUT });
      expect(await readerPage.getByRole('link', { name: 'Create a user' }).count()).toBe(0);
      await openSection(readerPage, 'Signing keys');
      await readerPage.getByTestId('signing-keys').waitFor({ timeout: UI_TIMEOUT });
      expect(await readerPage.getByRole('button', { name: 'Rotate signing keys' }).count()).toBe(0);
      await openSection(readerPage, 'Settings');
      await readerPage.getByLabel('product.name').waitFor({ timeout: UI_TIMEOUT });
      expect(await readerPage.getByLabel('product.name').isDisabled()).toBe(true);
      expect(await readerPage.getByRole('button', { name: /^Save/ }).count()).toBe(0);
      await openSection(readerPage, 'Admins');
      await readerPage.getByRole('rowheader', { name: ADMIN_EMAIL }).waitFor({ timeout: UI_TIMEOUT });
      expect(await readerPage.getByRole('button', { name: 'Add admin' }).count()).toBe(0);

      expectCleanPage(reader.diagnostics);
    } finally {
      await reader.context.close();
    }
  }, 180_000);

  it('changes its own password after confirming a fresh code, once the sign-in step-up has aged', async () => {
    const { page } = admin;
    // Completing TOTP at sign-in counted as a step-up for a few minutes; let it pass
    // (docs/settings.md#second-factor-totp).
    await server.database.withConnection((connection) =>
      connection.query(
        "UPDATE sessions SET step_up_until = now() - interval '1 second' WHERE kind = 'admin' AND step_up_until IS NOT NULL",
      ),
    );
    await openSection(page, 'Your account');
    await page.getByLabel('Current password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    // The server asked for a fresh factor: the page asks for a code, then the change continues by itself.
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Code', { exact: true }).fill(adminFactor.backupCodes.pop() as string);
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor({ timeout: UI_TIMEOUT });
    // The server's OPAQUE record now matches the new password and not the old one.
    expect(await adminPasswordMatches(server, ADMIN_EMAIL, NEW_ADMIN_PASSWORD)).toBe(true);
    expect(await adminPasswordMatches(server, ADMIN_EMAIL, ADMIN_PASSWORD)).toBe(false);
    const [entry] = await server.context.audit.list({ action: 'admin.password_changed' }, 1);
    expect(entry).toMatchObject({ outcome: 'success', actorType: 'admin' });
    // The one refusal (403 step_up_required) is logged by Chromium; nothing else may be.
    expectCleanPage(admin.diagnostics, [failedRequestLog(403)]);
    admin.diagnostics.consoleMessages.length = 0;
  }, 120_000);

  it('fits a phone screen, signs out, and raised no CSP violation, page error or console error on any page', async () => {
    const { page } = admin;
    await page.setViewportSize(PHONE.viewport);
    for (const section of [
      'Overview',
      'Clients',
      'Users',
      'Admins',
      'Settings',
      'Signing keys',
      'Audit log',
    ]) {
      await openSection(page, section);
      await expect.poll(() => page.getByText('Loading…').count()).toBe(0);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    await page.goto(`${server.adminUrl}/clients/${encodeURIComponent(clientId)}`);
    await waitForHeading(page, CLIENT_NAME);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Signing out ends the session on the server, not only in the page.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await waitForHeading(page, 'Sign in to the admin portal');
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    const session = await page.request.get(`${server.adminUrl}/admin/session`);
    expect(await session.json()).toEqual({ authenticated: false });

    expectCleanPage(admin.diagnostics);
  }, 120_000);
});
