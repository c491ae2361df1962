import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import type { Mailbox } from './mailbox.js';
import {
  browserSession,
  expectCleanPage,
  failedRequestLog,
  horizontalOverflow,
  PHONE,
  signInAt,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

describe('hosted UI: password reset by email and password change', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  const { newPage } = useHostedUiFixture({
    mailbox: true,
    setUp: async (started) => {
      ({ server, mailbox } = started);
      await server.context.settings.set('accounts.self_registration', true);
    },
  });

  /** Signs in on a fresh page; returns whether the account page opened (or the sign-in answer, when refused). */
  async function trySignIn(email: string, password: string): Promise<'signed in' | string> {
    const { page } = await newPage();
    await signInAt(page, server.publicUrl, email, password);
    const account = page.getByRole('heading', { level: 1, name: 'Your account' });
    const alert = page.getByRole('alert');
    await account.or(alert).first().waitFor({ timeout: UI_TIMEOUT });
    if (await account.isVisible()) {
      expect((await browserSession(page, server.publicUrl)).authenticated).toBe(true);
      return 'signed in';
    }
    return (await alert.textContent()) ?? '';
  }

  it('forgot password → emailed link → new password: the new one signs in, the old one no longer does', async () => {
    const oldPassword = 'the old password';
    const newPassword = 'a brand new password';
    const { email } = await verifiedAccount(server, oldPassword, 'Katherine Johnson');
    const { page, diagnostics } = await newPage(PHONE);

    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await waitForHeading(page, 'Sign in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForHeading(page, 'Reset your password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await waitForHeading(page, 'Check your email');
    expect(await page.getByRole('status').textContent()).toContain(email);

    const link = await mailbox.waitForLink(email, 'reset-password');
    await page.goto(link);
    await waitForHeading(page, 'Choose a new password');
    // The page names the account (and tells password managers which one it is).
    expect(await page.getByLabel('Account').inputValue()).toBe(email);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForHeading(page, 'Password changed');

    // The link works once.
    await page.goto(link);
    await waitForHeading(page, 'Reset your password');
    expect(await page.getByRole('alert').textContent()).toContain('already used');
    expectCleanPage(diagnostics, [failedRequestLog(400)]);

    expect(await trySignIn(email, newPassword)).toBe('signed in');
    expect(await trySignIn(email, oldPassword)).toContain('The email address or password is not correct');
  });

  it('does not tell whether an address has an account', async () => {
    const { page, diagnostics } = await newPage();
    const before = mailbox.messages.length;
    const nobody = `nobody-${randomBytes(4).toString('hex')}@example.test`;
    await page.goto(`${server.publicUrl}/ui/forgot-password`);
    await page.getByLabel('Email address').fill(nobody);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await waitForHeading(page, 'Check your email');
    expect(await page.getByRole('status').textContent()).toContain(`If ${nobody} belongs to an account`);
    expect(mailbox.messages.length).toBe(before);
    expectCleanPage(diagnostics);
  });

  it('changes the password from the account page', async () => {
    const oldPassword = 'account page old password';
    const newPassword = 'account page new password';
    const { email } = await verifiedAccount(server, oldPassword, 'Katherine Johnson');
    const { page, diagnostics } = await newPage(PHONE);
    await signInAt(page, server.publicUrl, email, oldPassword);
    await waitForHeading(page, 'Your account');

    // A wrong current password changes nothing.
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('heading', { name: 'Your current password is not correct' })
      .waitFor({ timeout: UI_TIMEOUT });

    await page.getByLabel('Current password').fill(oldPassword);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor({ timeout: UI_TIMEOUT });
    // Still signed in here (the session was renewed), and later changes use the renewed CSRF token.
    expect((await browserSession(page, server.publicUrl)).authenticated).toBe(true);
    await page.getByLabel('Name', { exact: true }).fill('Katherine G. Johnson');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { name: 'Saved' }).waitFor({ timeout: UI_TIMEOUT });
    expect((await server.context.accounts.users.findByEmail(email))?.name).toBe('Katherine G. Johnson');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expectCleanPage(diagnostics, [failedRequestLog(401)]);

    expect(await trySignIn(email, newPassword)).toBe('signed in');
    expect(await trySignIn(email, oldPassword)).toContain('The email address or password is not correct');
  });

  it('changes the email address through the link sent to the new address', async () => {
    const password = 'email change password';
    const { email } = await verifiedAccount(server, password, 'Katherine Johnson');
    const newEmail = `moved-${randomBytes(4).toString('hex')}@example.test`;
    const { page, diagnostics } = await newPage();
    await signInAt(page, server.publicUrl, email, password);
    await waitForHeading(page, 'Your account');
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Change email address' }).click();
    await page.getByRole('heading', { name: 'Confirm the new address' }).waitFor({ timeout: UI_TIMEOUT });
    // Nothing changes until the new address confirms.
    expect((await server.context.accounts.users.findByEmail(email))?.email).toBe(email);

    await page.goto(await mailbox.waitForLink(newEmail, 'confirm-email'));
    await waitForHeading(page, 'Email address changed');
    expect(await page.getByRole('status').textContent()).toContain(newEmail);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await waitForHeading(page, 'Your account');
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(newEmail);
    expectCleanPage(diagnostics);

    expect(await trySignIn(newEmail, password)).toBe('signed in');
  });
});
