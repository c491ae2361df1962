import { randomBytes } from 'node:crypto';
import type * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../packages/server/src/otp/totp.js';
import { accountKeyBody, newAccountKey, wrapEnvelope } from '../packages/server/src/testing/keys.js';
import { signInUser } from '../packages/server/src/testing/oauth.js';
import { passwordExportKey } from '../packages/server/src/testing/opaque-client.js';
import { call } from '../packages/server/src/testing/orgs.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { seriousAccessibilityViolations } from './axe.js';
import { markCatalogMessages, unmarkedText } from './catalog-text.js';
import { zkAuthorizationRequest } from './federated-zk.js';
import {
  authorizationRequest,
  captureCallbacks,
  RP_CALLBACK,
  registerRelyingParty,
  useHostedUiFixture,
  verifiedAccount,
} from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

/** Who made the organization and its invitation: the admin API's caller, as the audit log records it. */
const FIXTURE = { type: 'admin', id: 'e2e-fixture' } as const;

/**
 * Each test walks several pages and runs axe-core over each, a few seconds a page on a busy 2-core machine: up to ten
 * pages do not fit the browser tests' default minute.
 */
const PAGE_WALK_TIMEOUT = 150_000;

/**
 * Every page of the hosted UI, in each of the states a user meets, checked two ways: every word on screen comes
 * from the message catalogs (the browser tests' build marks what the translator hands out, e2e/catalog-text.ts;
 * what is left must be data: names, addresses, the app's name), and axe-core finds no serious or critical
 * accessibility violation.
 */
describe('hosted UI: every page takes its words from the catalogs and passes axe', {
  timeout: PAGE_WALK_TIMEOUT,
}, () => {
  let server: TestServer;
  let rp: client.Configuration;
  let vaultId: string;
  const { newPage } = useHostedUiFixture({
    mailbox: true,
    publicHostName: 'localhost',
    setUp: async (started) => {
      ({ server } = started);
      await server.context.settings.set('accounts.self_registration', true);
      await server.context.settings.set('rate_limits.otp_per_minute', 1000);
      rp = await registerRelyingParty(server, {
        name: 'Demo App',
        description: 'A demonstration relying party',
        grant_types: ['authorization_code'],
      });
      const { client: vault } = await server.context.clients.registry.create({
        name: 'Vault',
        type: 'public',
        redirect_uris: [RP_CALLBACK],
        grant_types: ['authorization_code'],
        zk_delivery: 'v2',
        zk_required: true,
        first_party: true,
      });
      vaultId = vault.id;
    },
  });

  /** What a page may show that is not the catalog's: what users and apps supplied, and the languages' names. */
  const data: string[] = [
    'Demo App',
    'A demonstration relying party',
    // Where the app sends the browser back to, shown on the consent page.
    new URL(RP_CALLBACK).origin,
    'Vault',
    'Tessera',
    'English',
    'Deutsch',
    'Français',
    'Español',
    '日本語',
    'العربية',
  ];

  /** A page in marking mode. */
  async function markedPage() {
    const opened = await newPage();
    await markCatalogMessages(opened.context);
    await captureCallbacks(opened.page, 'Vault');
    return opened;
  }

  /** The marks taken out of a text, to read it as the user does. */
  const unmarked = (text: string | null) => (text ?? '').replace(/[\uE000\uE001]/g, '').trim();

  /** Waits for the page's <h1> to read `title` (the marks aside). */
  async function titled(page: Page, title: string) {
    await page.waitForFunction(
      (expected) =>
        document
          .querySelector('h1')
          ?.textContent?.replace(/[\uE000\uE001]/g, '')
          .trim() === expected,
      title,
      { timeout: UI_TIMEOUT },
    );
  }

  /** The page as it is now: nothing but catalog words and data, and no serious accessibility violation. */
  async function check(page: Page) {
    await page.locator('h1').first().waitFor({ timeout: UI_TIMEOUT });
    // The last fetches (the apps list, the keybag) settle before the page is read.
    await page.waitForLoadState('networkidle');
    const where = `${page.url()} (${unmarked(await page.locator('h1').first().textContent())})`;
    expect({ where, unmarked: await unmarkedText(page, data) }).toEqual({ where, unmarked: [] });
    expect({ where, violations: await seriousAccessibilityViolations(page) }).toEqual({
      where,
      violations: [],
    });
  }

  /** The sign-in form, filled by its fields' purpose (their labels carry the marks). */
  async function signIn(page: Page, email: string, password: string) {
    await page.locator('input[autocomplete="username"]').fill(email);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page.locator('input[autocomplete="current-password"]').press('Enter');
  }

  /** An account with a keybag (password and recovery key envelopes) the test made. */
  async function accountWithKey(password: string, name: string) {
    const account = await verifiedAccount(server, password, name);
    // The envelopes' labels are the test's own (testing/keys.ts), as a user's would be theirs.
    data.push(account.email, name, 'password envelope', 'recovery_key envelope');
    const key = newAccountKey(account.id);
    const envelope = wrapEnvelope(key, 1, 'password', {
      secret: await passwordExportKey(server, account.email, password),
    });
    const { body } = accountKeyBody(key, ['recovery_key']);
    const user = await signInUser(server, { user: (await server.context.accounts.users.find(account.id))! });
    const created = await call(server, user, 'POST', '/crypto/keybag/account-key', {
      ...body,
      envelopes: [envelope.input, ...body.envelopes],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return account;
  }

  it('the pages anyone can open, and those emailed links lead to', async () => {
    const { page, diagnostics } = await markedPage();
    for (const path of [
      '/ui/',
      '/ui/sign-in',
      '/ui/register',
      '/ui/forgot-password',
      '/ui/reset-password?token=not-a-token',
      '/ui/verify-email?token=not-a-token',
      '/ui/confirm-email?token=not-a-token',
      '/ui/invite?token=not-a-token',
      '/ui/error?error=invalid_client',
      '/ui/logout',
    ]) {
      await page.goto(`${server.config.baseUrl}${path}`);
      await check(page);
    }
    await page.goto(`${server.config.baseUrl}/ui/forgot-password`);
    await page.locator('input[type="email"]').fill('nobody@example.test');
    data.push('nobody@example.test');
    await page.locator('button[type="submit"]').click();
    await titled(page, 'Check your email');
    await check(page);
    expectCleanPage(diagnostics, [failedRequestLog(400), failedRequestLog(401), failedRequestLog(404)]);
  });

  it('an organization’s invitation: before signing in, for another account, for the invited one, accepted', async () => {
    const password = 'grace hopper debugs';
    const grace = await verifiedAccount(server, password, 'Grace Hopper');
    const other = await verifiedAccount(server, password, 'Alan Turing');
    const suffix = randomBytes(3).toString('hex');
    const organization = await server.context.orgs.organizations.create(
      { name: `Navy Labs ${suffix}`, slug: `navy-labs-${suffix}` },
      FIXTURE,
      null,
    );
    const { token } = await server.context.orgs.invites.create(
      organization.id,
      { email: grace.email },
      FIXTURE,
    );
    // The organization's name, the addresses and names, and the role the invitation gives (a role's key).
    data.push(organization.name, grace.email, 'Grace Hopper', other.email, 'Alan Turing', 'member');
    const inviteUrl = `${server.config.baseUrl}/ui/invite?token=${encodeURIComponent(token)}`;

    // Not signed in: what the invitation is about, and the ways to sign in or create the account.
    const { page, diagnostics } = await markedPage();
    await page.goto(inviteUrl);
    await page.getByTestId('invite-organization').waitFor({ timeout: UI_TIMEOUT });
    await check(page);

    // Signed in as someone else: the link is not theirs.
    const { page: wrong } = await markedPage();
    await wrong.goto(`${server.config.baseUrl}/ui/sign-in`);
    await signIn(wrong, other.email, password);
    await titled(wrong, 'Your account');
    await wrong.goto(inviteUrl);
    await wrong
      .getByRole('heading', { name: 'You are signed in with a different account' })
      .waitFor({ timeout: UI_TIMEOUT });
    await check(wrong);

    // The invited account signs in from the invitation, comes back to it, and accepts it.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/ui\/sign-in\?return_to=/, { timeout: UI_TIMEOUT });
    await signIn(page, grace.email, password);
    await page.waitForURL(inviteUrl, { timeout: UI_TIMEOUT });
    const accept = page.getByRole('button', { name: 'Accept invitation' });
    await accept.waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    await accept.click();
    await page.getByRole('heading', { name: 'Invitation accepted' }).waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    const membership = await server.context.orgs.organizations.membership(organization.id, grace.id);
    expect(membership.member.roles).toEqual(['member']);
    expectCleanPage(diagnostics, [failedRequestLog(401)]);
  });

  it('the server’s own error page of /authorize', async () => {
    const { page } = await newPage();
    await page.goto(
      `${server.config.baseUrl}/authorize?client_id=no-such-app&response_type=code&ui_locales=ar`,
    );
    await waitForHeading(page, 'هذا التطبيق غير معروف هنا');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('consent, the account page, and two-step verification from set-up to the sign-in code', async () => {
    const password = 'katherine johnson computes';
    const kate = await accountWithKey(password, 'Katherine Johnson');
    const { page, diagnostics } = await markedPage();

    // A third-party app's consent page.
    const request = await authorizationRequest(rp);
    await page.goto(request.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await signIn(page, kate.email, password);
    await titled(page, 'Allow access');
    await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: UI_TIMEOUT });
    await check(page);

    // The account page, then two-step verification: its intro, the key step, the backup codes.
    await page.goto(`${server.config.baseUrl}/ui/account`);
    await titled(page, 'Your account');
    await page
      .getByRole('heading', { name: 'Your encryption key', level: 2 })
      .waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    // The page where a code shown on a TV or a command line is entered (RFC 8628 §3.3).
    await page.goto(`${server.config.baseUrl}/ui/device`);
    await check(page);
    await page.goto(`${server.config.baseUrl}/ui/account/security/setup`);
    await titled(page, 'Set up two-step verification');
    await check(page);
    await page.getByRole('button', { name: 'Start setup' }).click();
    await page
      .getByRole('heading', { name: 'Add your account to the authenticator app' })
      .waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    const secret = (await page.locator('textarea.otp-secret').inputValue()).replace(/\s/g, '');
    const step = Math.floor(Date.now() / 1000 / 30);
    const codeAt = (at: number) =>
      totp(base32Decode(secret), at * 30, { algorithm: 'SHA1', digits: 6, period: 30 });
    await page.locator('input[autocomplete="one-time-code"]').fill(codeAt(step));
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await page.getByRole('heading', { name: 'Save your backup codes now' }).waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    await page.locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: 'I have saved them: done' }).click();
    await titled(page, 'Your account');
    await check(page);

    // The step-up prompt: this session proved no second factor (it signed in before there was one), so new backup
    // codes ask for a current code first, from the app or, on the user's choice, a backup code.
    await page.getByRole('button', { name: 'Create new backup codes' }).click();
    const prompt = page.getByRole('region', { name: 'Confirm it is you' });
    await prompt.getByRole('button', { name: 'Confirm and continue' }).waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    await prompt.getByRole('button', { name: 'Use a backup code instead' }).click();
    await prompt.locator('input[name="backup-code"]').waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    // Signing in again asks for a code.
    await page.getByRole('button', { name: 'Sign out' }).last().click();
    await page.waitForURL(/\/ui\/logout/, { timeout: UI_TIMEOUT });
    await page.goto(`${server.config.baseUrl}/ui/sign-in`);
    await signIn(page, kate.email, password);
    await titled(page, 'Two-step verification');
    await check(page);
    await page.locator('input[autocomplete="one-time-code"]').fill(codeAt(step + 1));
    await page.locator('input[autocomplete="one-time-code"]').press('Enter');
    await titled(page, 'Your account');
    // Refused on purpose: the session check before signing in (401), the backup codes before the step-up (403).
    expectCleanPage(diagnostics, [failedRequestLog(401), failedRequestLog(403)]);
  });

  it('a ZK app: the key set up at the first consent, then unlocked on a page that holds nothing', async () => {
    const password = 'ada lovelace computes engines';
    const ada = await verifiedAccount(server, password, 'Ada');
    data.push(ada.email, 'Ada');
    const { page, diagnostics } = await markedPage();

    // Set-up: the recovery key shown once.
    const first = await zkAuthorizationRequest(server, vaultId);
    await page.goto(first.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await signIn(page, ada.email, password);
    await page.getByTestId('recovery-key').waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    const key = (await page.getByTestId('recovery-key').textContent()) ?? '';
    const label = unmarked(
      await page
        .locator('label', { hasText: /TSRK2|\d/ })
        .first()
        .textContent(),
    );
    const group = Number(/\d+/.exec(label)?.[0]);
    await page.locator('form input:not([type="hidden"])').last().fill(key.split('-')[group]!);
    await page.locator('form button[type="submit"]').last().click();
    const atApp = (url: URL) => url.href.startsWith(RP_CALLBACK);
    const approve = page.locator('button:not([disabled])', { hasText: 'Approve' });
    await Promise.race([
      page.waitForURL(atApp, { timeout: UI_TIMEOUT }),
      approve.waitFor({ timeout: UI_TIMEOUT }).then(() => approve.click()),
    ]);
    await page.waitForURL(atApp, { timeout: UI_TIMEOUT });

    // A new page load forgets the password: the next authorization shows the unlock panel.
    const second = await zkAuthorizationRequest(server, vaultId);
    await page.goto(second.url);
    await page.getByRole('heading', { name: 'Unlock your encryption key' }).waitFor({ timeout: UI_TIMEOUT });
    await check(page);

    // The account page's key actions on a page that holds nothing: the unlock panel there.
    await page.goto(`${server.config.baseUrl}/ui/account`);
    await page
      .getByRole('heading', { name: 'Your encryption key', level: 2 })
      .waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    await page.getByRole('button', { name: 'Replace your recovery key' }).click();
    await page.locator('.unlock-on-page').waitFor({ timeout: UI_TIMEOUT });
    await check(page);
    expectCleanPage(diagnostics, [failedRequestLog(401)]);
  });
});
