import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../packages/server/src/otp/totp.js';
import { registerWithPassword } from '../packages/server/src/testing/opaque-client.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { changeSessionsDirectly } from '../packages/server/src/testing/sessions.js';
import {
  authorizationRequest,
  captureCallbacks,
  RP_CALLBACK,
  registerRelyingParty,
  useHostedUiFixture,
} from './hosted-ui-fixture.js';
import { scanQrCode } from './qr-code.js';
import {
  browserSession,
  expectCleanPage,
  failedRequestLog,
  horizontalOverflow,
  PHONE,
  signInAt,
  signInForApp,
  submitRegistration,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

const PERIOD = 30;
const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: PERIOD } as const;

/**
 * A code of the previous time step stays valid only until the current step ends (±1 step of drift): the app offers
 * it only when at least this long is left, so that the code still counts when the page's request arrives.
 */
const PREVIOUS_STEP_MARGIN_MS = 10_000;

/** Waits until just after the next time-step boundary. */
function untilNextStep(): Promise<void> {
  const nextBoundary = (Math.floor(Date.now() / 1000 / PERIOD) + 1) * PERIOD * 1000;
  return new Promise((resolve) => setTimeout(resolve, nextBoundary - Date.now() + 200));
}

/**
 * An authenticator app for one secret. The server accepts each time step once and only steps later than the last
 * one it accepted (±1 step of drift), so the app hands out the earliest step that is still new — the previous one
 * (a code read just before it changed, when enough of the current step is left), the current one, else the next
 * one — and, when all are used up, waits for the clock to move on, as a person would. Starting from the previous
 * step leaves a test three codes before it has to wait.
 */
class Authenticator {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  private codeAt(step: number): string {
    return totp(base32Decode(this.secret), step * PERIOD, TOTP_PARAMETERS);
  }

  async freshCode(): Promise<string> {
    for (;;) {
      const nowMs = Date.now();
      const now = Math.floor(nowMs / 1000 / PERIOD);
      const leftInStep = (now + 1) * PERIOD * 1000 - nowMs;
      const steps = leftInStep >= PREVIOUS_STEP_MARGIN_MS ? [now - 1, now, now + 1] : [now, now + 1];
      for (const step of steps) {
        if (step > this.lastStep) {
          this.lastStep = step;
          return this.codeAt(step);
        }
      }
      await untilNextStep();
    }
  }

  /** The next time step's code (what the brief calls `currentCode(secret, 1)`), waiting if that step was used. */
  async nextStepCode(): Promise<string> {
    for (;;) {
      const step = Math.floor(Date.now() / 1000 / PERIOD) + 1;
      if (step > this.lastStep) {
        this.lastStep = step;
        return this.codeAt(step);
      }
      await untilNextStep();
    }
  }

  /** Six digits that match no step the server would accept now. */
  wrongCode(): string {
    const now = Math.floor(Date.now() / 1000 / PERIOD);
    const valid = new Set([-2, -1, 0, 1, 2].map((offset) => this.codeAt(now + offset)));
    for (let candidate = 0; ; candidate += 1) {
      const code = String(candidate).padStart(6, '0');
      if (!valid.has(code)) return code;
    }
  }
}

describe('hosted UI: two-step verification (TOTP) for users', () => {
  let server: TestServer;
  let rp: client.Configuration;
  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      ({ server } = started);
      const settings = server.context.settings;
      await settings.set('accounts.self_registration', true);
      await settings.set('accounts.require_email_verification', false);
      await settings.set('rate_limits.sign_in_per_minute', 1000);
      await settings.set('rate_limits.otp_per_minute', 1000);
      rp = await registerRelyingParty(server, {
        name: 'Demo App',
        description: 'A demonstration relying party',
        grant_types: ['authorization_code'],
      });
    },
  });

  /**
   * Sets up TOTP on the setup page the way a person does with an app: scans the QR code off the screen, enters the
   * first code, keeps the backup codes.
   */
  async function enrolOnSetupPage(
    page: Page,
    continueLabel: string,
  ): Promise<{ app: Authenticator; backupCodes: string[] }> {
    await waitForHeading(page, 'Set up two-step verification');
    const started = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/otp/setup/init' && response.ok(),
    );
    await page.getByRole('button', { name: 'Start setup' }).click();
    const { otpauth_uri: provisioningUri } = (await (await started).json()) as { otpauth_uri: string };

    // The QR code, read from the pixels the browser painted, is exactly the provisioning URI the server issued.
    const qrCode = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qrCode.waitFor({ timeout: UI_TIMEOUT });
    const scanned = await scanQrCode(qrCode);
    expect(scanned).toBe(provisioningUri);
    const uri = new URL(scanned);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('algorithm')).toBe(TOTP_PARAMETERS.algorithm);
    expect(uri.searchParams.get('digits')).toBe(String(TOTP_PARAMETERS.digits));
    expect(uri.searchParams.get('period')).toBe(String(TOTP_PARAMETERS.period));
    const secret = uri.searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // The same key stays on the page for a phone that cannot scan its own screen: as a link an app on this
    // device can open, and as text in groups of four for typing into the app.
    const link = page.getByRole('link', { name: 'Open in authenticator app' });
    expect(await link.getAttribute('href')).toBe(provisioningUri);
    const shown = await page.getByLabel('Setup key', { exact: true }).inputValue();
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(shown.replace(/\s+/g, '')).toBe(secret);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The app works from what it scanned.
    const app = new Authenticator(secret);
    const codeField = page.getByLabel('Code from your authenticator app', { exact: true });
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await codeField.fill(await app.freshCode());
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();

    // The backup codes, shown once: moving on needs an explicit "I saved them".
    await page.getByRole('heading', { name: 'Save your backup codes now' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByText('These codes are shown only this once.').isVisible()).toBe(true);
    const backupCodes = (await page.getByTestId('backup-codes').locator('li').allTextContents()).map((code) =>
      code.trim(),
    );
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const url = page.url();
    await page.getByRole('button', { name: continueLabel }).click();
    await page.getByText('Save the codes first, then tick the box.').waitFor({ timeout: UI_TIMEOUT });
    expect(page.url()).toBe(url);
    await page.getByLabel('I have saved these backup codes somewhere safe').check();
    await page.getByRole('button', { name: continueLabel }).click();
    return { app, backupCodes };
  }

  /** Signs out from the account page. */
  async function signOut(page: Page): Promise<void> {
    await waitForHeading(page, 'Your account');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForHeading(page, 'You are signed out');
  }

  /** Password sign-in that stops at the code page. */
  async function passwordThenCodePage(page: Page, email: string, password: string): Promise<void> {
    await signInAt(page, server.publicUrl, email, password);
    await page.waitForURL(/\/ui\/sign-in\/code/, { timeout: UI_TIMEOUT });
    await waitForHeading(page, 'Two-step verification');
  }

  it('enrols from the account page, then signs in with password + code; wrong codes, backup codes and step-up', async () => {
    const { page, diagnostics } = await newPage(PHONE);
    const email = `ada-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'correct horse battery staple';
    const newPassword = 'a different horse entirely';

    // Register (email confirmation is off here, so this signs in).
    await page.goto(`${server.publicUrl}/ui/register`);
    await submitRegistration(page, { name: 'Ada Lovelace', email, password });
    await waitForHeading(page, 'Your account');

    // Off at first; set it up from the account page.
    const security = page.getByRole('region', { name: 'Two-step verification' });
    await expect.poll(() => security.getByTestId('otp-status').textContent()).toBe('Off.');
    await security.getByRole('link', { name: 'Set up two-step verification' }).click();
    const { app, backupCodes } = await enrolOnSetupPage(page, 'I have saved them: done');
    await waitForHeading(page, 'Your account');
    await expect.poll(() => security.getByTestId('otp-status').textContent()).toBe('On.');
    expect(await security.getByTestId('backup-codes-remaining').textContent()).toContain(
      '10 unused backup codes',
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await signOut(page);

    // Password, then the code page. A wrong code is refused with an explanation, and the form stays.
    await passwordThenCodePage(page, email, password);
    const codeField = page.getByLabel('Code from your authenticator app', { exact: true });
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect((await browserSession(page, server.publicUrl)).second_factor_pending).toBe(true);
    await codeField.fill(app.wrongCode());
    await codeField.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: UI_TIMEOUT });
    expect(await alert.textContent()).toContain('That code is not correct');
    expect(new URL(page.url()).pathname).toBe('/ui/sign-in/code');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // A current code: signed in, with the code in amr.
    await codeField.fill(await app.freshCode());
    await codeField.press('Enter');
    await waitForHeading(page, 'Your account');
    const session = await browserSession(page, server.publicUrl);
    expect(session.second_factor_pending).toBe(false);
    expect(session.amr).toContain('otp');
    await expect.poll(() => security.getByTestId('otp-status').textContent()).toBe('On.');

    // Proving the code at sign-in counts as a step-up for a few minutes; once that has passed, changing the
    // password asks for a current code first, then carries on by itself.
    await changeSessionsDirectly(
      server,
      "UPDATE sessions SET step_up_until = now() - interval '1 second' WHERE step_up_until IS NOT NULL",
    );
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    const prompt = page.getByRole('region', { name: 'Confirm it is you' });
    await prompt.waitFor({ timeout: UI_TIMEOUT });
    // The next time step's code (one step of drift is allowed); the sign-in used an earlier step, so this seldom waits.
    await prompt
      .getByLabel('Code from your authenticator app', { exact: true })
      .fill(await app.nextStepCode());
    await prompt.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await prompt.count()).toBe(0);
    await signOut(page);

    // A backup code instead of the app works once.
    const [firstBackup] = backupCodes;
    await passwordThenCodePage(page, email, newPassword);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    const backupField = page.getByLabel('Backup code', { exact: true });
    await backupField.fill(firstBackup!);
    await backupField.press('Enter');
    await waitForHeading(page, 'Your account');
    await expect
      .poll(() => security.getByTestId('backup-codes-remaining').textContent())
      .toContain('9 unused backup codes');
    await signOut(page);

    await passwordThenCodePage(page, email, newPassword);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await backupField.fill(firstBackup!.toLowerCase());
    await backupField.press('Enter');
    await alert.waitFor({ timeout: UI_TIMEOUT });
    expect(await alert.textContent()).toContain('already used');
    expect((await browserSession(page, server.publicUrl)).second_factor_pending).toBe(true);

    // Refused: wrong code (401), step-up asked for (403). Nothing else, and no CSP violation.
    expectCleanPage(diagnostics, [failedRequestLog(401), failedRequestLog(403)]);
  }, 240_000);

  it('new backup codes, a new authenticator and turning it off each need a current code first', async () => {
    const password = 'factor management password';
    const email = `hedy-${randomBytes(4).toString('hex')}@example.test`;
    expect((await registerWithPassword(server, email, password, 'Hedy Lamarr')).status).toBe(200);
    // In the dark colour scheme, where the QR code must still be dark on light for a scanner to read it.
    const { page, diagnostics } = await newPage({ ...PHONE, colorScheme: 'dark' });
    await signInAt(page, server.publicUrl, email, password);
    await waitForHeading(page, 'Your account');
    const security = page.getByRole('region', { name: 'Two-step verification' });
    await security.getByRole('link', { name: 'Set up two-step verification' }).click();
    const { backupCodes } = await enrolOnSetupPage(page, 'I have saved them: done');
    await waitForHeading(page, 'Your account');

    // New backup codes: a code first (here a backup code, from the keyboard), then the new codes, once.
    await security.getByRole('button', { name: 'Create new backup codes' }).click();
    const prompt = page.getByRole('region', { name: 'Confirm it is you' });
    await prompt.waitFor({ timeout: UI_TIMEOUT });
    // Cancel leaves everything as it was.
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    expect(await prompt.count()).toBe(0);
    await security.getByRole('button', { name: 'Create new backup codes' }).click();
    await prompt.getByRole('button', { name: 'Use a backup code instead' }).click();
    const backupField = prompt.getByLabel('Backup code', { exact: true });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('backup-code');
    await page.keyboard.type(backupCodes[0]!);
    await page.keyboard.press('Enter');
    await security
      .getByRole('heading', { name: 'Save your backup codes now' })
      .waitFor({ timeout: UI_TIMEOUT });
    const newCodes = await security.getByTestId('backup-codes').locator('li').allTextContents();
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(backupCodes[1]);
    await security.getByLabel('I have saved these backup codes somewhere safe').check();
    await security.getByRole('button', { name: 'I have saved them: done' }).click();
    await expect
      .poll(() => security.getByTestId('backup-codes-remaining').textContent())
      .toContain('10 unused backup codes');
    expect(await backupField.count()).toBe(0);

    // Within the few minutes that code allows, moving to a new authenticator app needs no second code.
    await security.getByRole('link', { name: 'Move to a new authenticator app' }).click();
    await waitForHeading(page, 'Set up two-step verification');
    await page
      .getByRole('heading', { name: 'This replaces your current authenticator' })
      .waitFor({ timeout: UI_TIMEOUT });
    const moved = await enrolOnSetupPage(page, 'I have saved them: done');
    await waitForHeading(page, 'Your account');
    expect(moved.backupCodes).not.toContain(newCodes[0]);

    // Nor does turning it off: it asks only "are you sure?".
    await security.getByRole('button', { name: 'Turn off two-step verification' }).click();
    await security.getByRole('button', { name: 'Keep it on' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Turn off two-step verification');
    await security.getByRole('button', { name: 'Turn off two-step verification' }).click();
    await security.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect.poll(() => security.getByTestId('otp-status').textContent()).toBe('Off.');
    expect(await security.getByText('Two-step verification is off.').isVisible()).toBe(true);

    // Signing in again needs the password only.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForHeading(page, 'You are signed out');
    await signInAt(page, server.publicUrl, email, password);
    await waitForHeading(page, 'Your account');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expectCleanPage(diagnostics, [failedRequestLog(403)]);
  }, 180_000);

  it('walks a user who must use it through setup right after the password, then on to the app', async () => {
    const password = 'required factor password';
    const email = `grace-${randomBytes(4).toString('hex')}@example.test`;
    expect((await registerWithPassword(server, email, password, 'Grace Hopper')).status).toBe(200);
    const user = await server.context.accounts.users.findByEmail(email);
    await server.context.settings.set('otp.required_for_users', true);
    try {
      const { page, diagnostics } = await newPage(PHONE);
      const callbacks = await captureCallbacks(page, 'Demo App');
      const { url, verifier, nonce, state } = await authorizationRequest(rp, 'openid email');

      await signInForApp(page, url, email, password);

      // Straight into setup, keeping the app's request.
      await page.waitForURL(/\/ui\/account\/security\/setup\?request_id=/, { timeout: UI_TIMEOUT });
      await page.getByText('Set it up now to finish signing in to Demo App').waitFor({ timeout: UI_TIMEOUT });
      expect((await browserSession(page, server.publicUrl)).second_factor_pending).toBe(true);
      const { app } = await enrolOnSetupPage(page, 'I have saved them: continue');

      // Then the consent page, and back to the app with a code whose ID token says a second factor was used.
      await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
      await waitForHeading(page, 'Allow access');
      expect(await page.getByTestId('client-name').textContent()).toBe('Demo App');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
      const tokens = await client.authorizationCodeGrant(rp, new URL(callbacks.at(-1)!), {
        pkceCodeVerifier: verifier,
        expectedNonce: nonce,
        expectedState: state,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      expect(claims.sub).toBe(user!.id);
      expect(claims.amr).toContain('otp');

      // Another browser, consent now remembered: after the code the sign-in goes straight to the app, with no
      // consent page and no approval request of its own (the code's check approved the request).
      const other = await newPage(PHONE);
      const otherCallbacks = await captureCallbacks(other.page, 'Demo App');
      const approvals: string[] = [];
      other.page.on('request', (outgoing) => {
        if (outgoing.url().includes('/authorize/finalize')) approvals.push(outgoing.url());
      });
      const again = await authorizationRequest(rp, 'openid email');
      await signInForApp(other.page, again.url, email, password);
      const codeField = other.page.getByLabel('Code from your authenticator app', { exact: true });
      await codeField.waitFor({ timeout: UI_TIMEOUT });
      await codeField.fill(await app.freshCode());
      await codeField.press('Enter');
      await other.page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
      expect(approvals).toEqual([]);
      const secondTokens = await client.authorizationCodeGrant(rp, new URL(otherCallbacks.at(-1)!), {
        pkceCodeVerifier: again.verifier,
        expectedNonce: again.nonce,
        expectedState: again.state,
        idTokenExpected: true,
      });
      expect(secondTokens.claims()!.amr).toContain('otp');
      expectCleanPage(other.diagnostics);

      // Required: the account page shows it on, with no way to turn it off.
      await page.goto(`${server.publicUrl}/ui/account`);
      await waitForHeading(page, 'Your account');
      const security = page.getByRole('region', { name: 'Two-step verification' });
      await expect.poll(() => security.getByTestId('otp-status').textContent()).toBe('On.');
      expect(await security.getByRole('button', { name: 'Turn off two-step verification' }).count()).toBe(0);
      expect(await security.getByText('required for your account').isVisible()).toBe(true);
      expectCleanPage(diagnostics);
    } finally {
      await server.context.settings.set('otp.required_for_users', false);
    }
  }, 180_000);
});
