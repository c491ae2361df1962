import { generateKeyPairSync, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import {
  authorizationRequest,
  captureCallbacks,
  RP_CALLBACK,
  registerRelyingParty,
  useHostedUiFixture,
  verifiedAccount,
} from './hosted-ui-fixture.js';
import type { Mailbox } from './mailbox.js';
import {
  browserSession,
  expectCleanPage,
  failedRequestLog,
  horizontalOverflow,
  PHONE,
  signInAt,
  submitRegistration,
  submitSignIn,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

describe('hosted UI: registration, sign-in and consent with a real relying party', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let rp: client.Configuration;
  const { newPage } = useHostedUiFixture({
    mailbox: true,
    setUp: async (started) => {
      ({ server, mailbox } = started);
      await server.context.settings.set('accounts.self_registration', true);
      await server.context.settings.set('accounts.require_email_verification', true);
      rp = await registerRelyingParty(server, {
        name: 'Demo App',
        description: 'A demonstration relying party',
        grant_types: ['authorization_code', 'refresh_token'],
      });
    },
  });

  it('registers, confirms the email, signs in for the app, approves, and the app gets valid tokens; then signs out', async () => {
    // The production Argon2id, as every real browser runs it; the other browser tests use a light one.
    const { page, diagnostics } = await newPage({}, 'production');
    const callbacks = await captureCallbacks(page, 'Demo App');
    const email = `grace-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'correct horse battery staple';

    // Register in the browser.
    await page.goto(`${server.publicUrl}/ui/register`);
    await submitRegistration(page, { name: 'Grace Hopper', email, password });
    await waitForHeading(page, 'Check your email');
    expect(await page.getByRole('status').first().textContent()).toContain(email);

    // Not confirmed yet: signing in is refused, with the way forward offered.
    await signInAt(page, server.publicUrl, email, password);
    await page
      .getByRole('heading', { name: 'Confirm your email address first' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('button', { name: 'Send the link again' }).isVisible()).toBe(true);

    // Follow the link from the email.
    const link = await mailbox.waitForLink(email, 'verify-email');
    expect(new URL(link).origin).toBe(new URL(server.config.baseUrl).origin);
    await page.goto(link);
    await waitForHeading(page, 'Email address confirmed');
    const user = await server.context.accounts.users.findByEmail(email);
    expect(user?.emailVerified).toBe(true);

    // The app sends the browser to /authorize; not signed in, the UI asks for the password first.
    const request = await authorizationRequest(rp);
    await page.goto(request.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await page.getByText('Sign in to continue to Demo App').waitFor({ timeout: UI_TIMEOUT });
    await submitSignIn(page, email, password);

    // Consent: the app, what it asks for, and where the browser goes next.
    await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
    await waitForHeading(page, 'Allow access');
    expect(await page.getByTestId('client-name').textContent()).toBe('Demo App');
    const scopes = await page.locator('.scope-list li').allTextContents();
    expect(scopes).toEqual([
      'Sign you in with your account',
      'Read your email address and whether it is verified',
      'Read your name',
    ]);
    expect(await page.getByText('https://rp.example.test', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
    expect(callbacks).toHaveLength(1);
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    // The app redeems the code; openid-client validates the ID token (signature, iss, aud, nonce, at_hash…).
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: request.verifier,
      expectedNonce: request.nonce,
      expectedState: request.state,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(user!.id);
    expect(claims.email).toBe(email);
    expect(claims.name).toBe('Grace Hopper');
    expect(claims.amr).toEqual(['pwd']);

    // Sign out from the account page.
    await page.goto(`${server.publicUrl}/ui/account`);
    await waitForHeading(page, 'Your account');
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Grace Hopper');
    expect((await browserSession(page, server.publicUrl)).authenticated).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForHeading(page, 'You are signed out');
    expect(await browserSession(page, server.publicUrl)).toEqual({ authenticated: false });

    // Expected console noise only: the refused sign-in (403) and the session-less probes.
    expectCleanPage(diagnostics, [failedRequestLog(403)]);
  });

  it('remembers consent: later sign-ins for the same app go straight back to it', async () => {
    const password = 'remembered consent password';
    const account = await verifiedAccount(server, password, 'Ada Lovelace');

    /** Runs one authorization in `page` (`interact` does whatever the UI asks) and redeems the code. */
    async function authorize(page: Page, callbacks: string[], interact: (url: string) => Promise<void>) {
      const request = await authorizationRequest(rp);
      const sentBack = page.waitForRequest((outgoing) => outgoing.url().startsWith(`${RP_CALLBACK}?`), {
        timeout: UI_TIMEOUT,
      });
      await interact(request.url);
      const sent = await sentBack;
      const tokens = await client.authorizationCodeGrant(rp, new URL(callbacks.at(-1)!), {
        pkceCodeVerifier: request.verifier,
        expectedNonce: request.nonce,
        expectedState: request.state,
        idTokenExpected: true,
      });
      expect(tokens.claims()!.sub).toBe(account.id);
      return { request, sent };
    }

    // 1. First time: sign in, then approve.
    const first = await newPage();
    const firstCallbacks = await captureCallbacks(first.page, 'Demo App');
    await authorize(first.page, firstCallbacks, async (url) => {
      await first.page.goto(url);
      await submitSignIn(first.page, account.email, password);
      await waitForHeading(first.page, 'Allow access');
      await first.page.getByRole('button', { name: 'Approve' }).click();
    });
    expectCleanPage(first.diagnostics);

    // 2. Another browser, not signed in: /authorize sends it to the sign-in page, the sign-in names the app's
    // request, the server approves it with the sign-in (consent remembered), and the sign-in page goes straight to
    // the app: no consent page before or after it, no approval request of its own.
    const second = await newPage();
    const secondCallbacks = await captureCallbacks(second.page, 'Demo App');
    const pages: string[] = [];
    second.page.on('framenavigated', (frame) => {
      if (frame === second.page.mainFrame() && frame.url().startsWith(server.publicUrl))
        pages.push(new URL(frame.url()).pathname);
    });
    const approvals: string[] = [];
    second.page.on('request', (outgoing) => {
      if (outgoing.url().includes('/authorize/finalize')) approvals.push(outgoing.url());
    });
    await authorize(second.page, secondCallbacks, async (url) => {
      await second.page.goto(url);
      await submitSignIn(second.page, account.email, password);
    });
    // /authorize sent the browser straight to the sign-in page (a sign-in was owed), never to the consent page.
    expect(pages).not.toContain('/ui/authorize');
    expect(pages.at(-1)).toBe('/ui/sign-in');
    expect(approvals).toEqual([]);
    expectCleanPage(second.diagnostics);

    // 3. Signed in and consent remembered: /authorize redirects to the app at once, with no page of ours in
    // between (that navigation ends at DNS, see captureCallbacks).
    const { request, sent } = await authorize(second.page, secondCallbacks, async (url) => {
      await second.page.goto(url).catch(() => undefined);
    });
    expect(sent.redirectedFrom()?.url()).toBe(request.url);
  });

  /** A ZK authorization request of `app` (an ephemeral P-256 public key in zk_pub) and its state. */
  async function zkAuthorizationUrl(app: client.Configuration) {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const zkPub = Buffer.from(JSON.stringify(publicKey.export({ format: 'jwk' }))).toString('base64url');
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(app, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state,
      zk_pub: zkPub,
    });
    return { url: url.href, state };
  }

  it('a zero-knowledge app: the encryption key comes first (Approve waits for it), and Deny needs no key', async () => {
    const zkRp = await registerRelyingParty(server, {
      name: 'Vault App',
      grant_types: ['authorization_code'],
      zk_delivery: 'v2',
    });
    const { url, state } = await zkAuthorizationUrl(zkRp);
    const password = 'zero knowledge password';
    const account = await verifiedAccount(server, password, 'Ada Lovelace');
    const { page, diagnostics } = await newPage(PHONE);
    const callbacks = await captureCallbacks(page, 'Demo App');
    await page.goto(url);
    await submitSignIn(page, account.email, password);
    await waitForHeading(page, 'Allow access');
    // No key yet: the key set-up with its recovery key is shown (e2e/zk-key-delivery.test.ts goes through it).
    await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.hash).toBe('');
    // Denying created no key.
    expect((await server.context.keys.keybags.keybag(account.id)).accountKey).toBeNull();
    expectCleanPage(diagnostics);
  });

  it('a legacy v1 app: its key comes first too (e2e/zk-key-scope.test.ts delivers it), and Deny needs no key', async () => {
    const legacyRp = await registerRelyingParty(server, {
      name: 'Old Vault App',
      grant_types: ['authorization_code'],
      zk_delivery: 'legacy-v1',
    });
    const { url, state } = await zkAuthorizationUrl(legacyRp);
    const password = 'legacy zero knowledge password';
    const account = await verifiedAccount(server, password, 'Ada Lovelace');
    const { page, diagnostics } = await newPage(PHONE);
    const callbacks = await captureCallbacks(page, 'Demo App');
    await page.goto(url);
    await submitSignIn(page, account.email, password);
    await waitForHeading(page, 'Allow access');
    await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.hash).toBe('');
    expect((await server.context.keys.keybags.keybag(account.id)).accountKey).toBeNull();
    expectCleanPage(diagnostics);
  });

  it('signs in with the keyboard alone on a phone, and Deny sends access_denied back to the app', async () => {
    const password = 'keyboard only password';
    const account = await verifiedAccount(server, password, 'Ada Lovelace');
    const { page, diagnostics } = await newPage(PHONE);
    const callbacks = await captureCallbacks(page, 'Demo App');
    const request = await authorizationRequest(rp);

    await page.goto(request.url);
    await waitForHeading(page, 'Sign in');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        if (!element) return '';
        if (element instanceof HTMLInputElement) return `input:${element.labels?.[0]?.textContent ?? ''}`;
        return `${element.tagName.toLowerCase()}:${element.textContent ?? ''}`;
      });
    const tabTo = async (target: string) => {
      for (let presses = 0; presses < 15 && (await focused()) !== target; presses++)
        await page.keyboard.press('Tab');
      expect(await focused()).toBe(target);
    };
    await tabTo('input:Email address');
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('input:Password');
    await page.keyboard.type(password);
    // The show/hide control is a real button in the tab order.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button:Show password');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button:Sign in');
    await page.keyboard.press('Enter');

    await waitForHeading(page, 'Allow access');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await tabTo('button:Deny');
    await page.keyboard.press('Enter');

    await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('code')).toBeNull();
    expectCleanPage(diagnostics);
  });

  it('a wrong password and an unknown account get the same answer, and nothing is signed in', async () => {
    const password = 'the right password';
    const account = await verifiedAccount(server, password, 'Ada Lovelace');
    const { page, diagnostics } = await newPage();
    await page.goto(`${server.publicUrl}/ui/sign-in`);

    const answers: string[] = [];
    for (const [email, attempt] of [
      [account.email, 'not the right password'],
      [`nobody-${randomBytes(4).toString('hex')}@example.test`, password],
    ] as const) {
      // The previous answer disappears on submit; wait for this attempt's exchange before reading the new one.
      const started = page.waitForResponse((response) => response.url().endsWith('/api/user/login/start'));
      await submitSignIn(page, email, attempt);
      await started;
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: UI_TIMEOUT });
      answers.push((await alert.textContent()) ?? '');
      // The password field is emptied for the next try, and the page stays on sign-in.
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      expect(new URL(page.url()).pathname).toBe('/ui/sign-in');
    }
    expect(answers[0]).toContain('The email address or password is not correct');
    expect(answers[1]).toBe(answers[0]);
    expect(await browserSession(page, server.publicUrl)).toEqual({ authenticated: false });

    // The password itself never reached the server: not in any request body the page sent, nor in the logs.
    const sent: string[] = [];
    page.on('request', (outgoing) => sent.push(outgoing.postData() ?? ''));
    await submitSignIn(page, account.email, password);
    await waitForHeading(page, 'Your account');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.join('\n')).not.toContain(password);
    expect(server.logs.text()).not.toContain(password);
    expectCleanPage(diagnostics, [failedRequestLog(401)]);
  });

  it('says plainly when registration is closed', async () => {
    await server.context.settings.set('accounts.self_registration', false);
    try {
      const { page, diagnostics } = await newPage(PHONE);
      await page.goto(`${server.publicUrl}/ui/register`);
      await submitRegistration(page, { email: 'closed@example.test', password: 'a long enough password' });
      await page
        .getByRole('heading', { name: 'You cannot create an account here' })
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
      expect(await server.context.accounts.users.findByEmail('closed@example.test')).toBeNull();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expectCleanPage(diagnostics, [failedRequestLog(403)]);
    } finally {
      await server.context.settings.set('accounts.self_registration', true);
    }
  });

  it('explains field mistakes next to the fields without sending anything', async () => {
    const { page, diagnostics } = await newPage(PHONE);
    const sent: string[] = [];
    page.on('request', (outgoing) => {
      if (outgoing.method() === 'POST') sent.push(outgoing.url());
    });
    await page.goto(`${server.publicUrl}/ui/register`);
    await submitRegistration(page, { email: 'not-an-address', password: 'short' });

    const email = page.getByLabel('Email address');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    // The message is tied to the field (read out with it) and focus moved to the first problem.
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain('like name@example.com');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expectCleanPage(diagnostics);
  });

  it('shows an expired or unknown request as such, and the sign-out confirmation page', async () => {
    const { page, diagnostics } = await newPage(PHONE);
    await page.goto(`${server.publicUrl}/ui/authorize?request_id=no-such-request`);
    await waitForHeading(page, 'Sign-in request not found');
    expect(await page.getByRole('alert').textContent()).toContain('Go back to the app and start again');

    // /logout without an id_token_hint asks the user; signed out already, it says so.
    await page.goto(`${server.publicUrl}/logout`);
    await page.waitForURL(`${server.publicUrl}/ui/logout`);
    await waitForHeading(page, 'You are signed out');

    // Signed in, the same page asks first and signs out only on request.
    const password = 'logout page password';
    const account = await verifiedAccount(server, password, 'Ada Lovelace');
    await signInAt(page, server.publicUrl, account.email, password);
    await waitForHeading(page, 'Your account');
    await page.goto(`${server.publicUrl}/logout`);
    await waitForHeading(page, 'Sign out?');
    expect((await browserSession(page, server.publicUrl)).authenticated).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForHeading(page, 'You are signed out');
    expect(await browserSession(page, server.publicUrl)).toEqual({ authenticated: false });
    for (const path of ['/ui/sign-in', '/ui/register', '/ui/forgot-password', '/ui/logout']) {
      await page.goto(`${server.publicUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    expectCleanPage(diagnostics, [failedRequestLog(404)]);
  });
});
