import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSignIn, createAdmin, installViaApi } from '../packages/server/src/testing/admin.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { openSection, startAdminTestServer, submitAdminSignIn } from './admin-ui-helpers.js';
import { launchBrowser, openPage, releaseBrowser } from './browser.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const WRITER_EMAIL = 'root@example.test';
const WRITER_PASSWORD = 'correct horse battery staple';
const READER_EMAIL = 'auditor@example.test';
const READER_PASSWORD = 'quiet lantern meadow river';

describe('email templates in the admin portal', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAdminTestServer();
    // Second factors are covered by admin-portal.test.ts; here they would only slow the sign-ins down.
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, WRITER_EMAIL, WRITER_PASSWORD);
    const writer = await adminSignIn(server, WRITER_EMAIL, WRITER_PASSWORD);
    await createAdmin(server, writer, READER_EMAIL, READER_PASSWORD, 'read');
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  }, 60_000);

  it('a write admin edits a template, sees the preview follow the draft, saves it and resets it', async () => {
    const opened = await openPage(browser);
    const { page } = opened;
    await page.goto(`${server.adminUrl}/`);
    await submitAdminSignIn(page, WRITER_EMAIL, WRITER_PASSWORD);
    await waitForHeading(page, 'Overview');
    await openSection(page, 'Email templates');

    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Password reset' });
    await page.getByRole('heading', { level: 2, name: 'Password reset' }).waitFor({ timeout: UI_TIMEOUT });
    const subject = page.getByLabel('Subject', { exact: true });
    expect(await subject.inputValue()).toBe('Reset your {{product}} password');
    const previewSubject = page.getByTestId('preview-subject');
    await expect
      .poll(() => previewSubject.textContent(), { timeout: UI_TIMEOUT })
      .toBe('Reset your Acme ID password');

    // The preview follows the draft: the subject, the text version and the sandboxed HTML version.
    await subject.fill('New password for {{product}}, {{email}}');
    await page
      .getByLabel('Paragraphs', { exact: true })
      .fill('Hello {{email}}, <b>this</b> stays text.\nThe link works once.');
    await page.getByLabel('Link label', { exact: true }).fill('Set my new password');
    await expect
      .poll(() => previewSubject.textContent(), { timeout: UI_TIMEOUT })
      .toBe('New password for Acme ID, ada@example.com');
    const text = page.getByTestId('preview-text');
    await expect.poll(() => text.textContent()).toContain('Hello ada@example.com, <b>this</b> stays text.');
    expect(await text.textContent()).toMatch(/Set my new password: http:\/\/\S+/);
    const frame = page.frameLocator('iframe[title="HTML version of the email"]');
    await expect
      .poll(() => frame.locator('body').textContent(), { timeout: UI_TIMEOUT })
      .toContain('Hello ada@example.com, <b>this</b> stays text.');
    expect(await frame.locator('b').count()).toBe(0);
    expect(await frame.getByRole('link', { name: 'Set my new password' }).count()).toBe(1);
    expect(await page.locator('iframe[title="HTML version of the email"]').getAttribute('sandbox')).toBe('');

    // A variable the template does not have is explained, and the preview says so.
    await subject.fill('Welcome to {{organization}}');
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: UI_TIMEOUT })
      .toContain('{{organization}} is not a variable of the password_reset template');
    await subject.fill('New password for {{product}}');
    await expect
      .poll(() => previewSubject.textContent(), { timeout: UI_TIMEOUT })
      .toBe('New password for Acme ID');

    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('heading', { name: 'Template saved' }).waitFor({ timeout: UI_TIMEOUT });
    expect(server.context.email.templates.content('password_reset')).toEqual({
      subject: 'New password for {{product}}',
      paragraphs: ['Hello {{email}}, <b>this</b> stays text.', 'The link works once.'],
      action_label: 'Set my new password',
    });
    expect(await page.getByRole('option', { name: 'Password reset (changed)' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Reset to default' }).click();
    await page.getByRole('button', { name: 'Reset to the built-in text' }).click();
    await page.getByRole('heading', { name: 'Built-in text restored' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await subject.inputValue()).toBe('Reset your {{product}} password');
    expect(server.context.email.templates.find('password_reset').overridden).toBe(false);
    await expect
      .poll(() => previewSubject.textContent(), { timeout: UI_TIMEOUT })
      .toBe('Reset your Acme ID password');

    expectCleanPage(opened.diagnostics, [failedRequestLog(400)]);
    await opened.context.close();
  }, 180_000);

  it('a read admin sees the templates and the preview, with nothing to change', async () => {
    const opened = await openPage(browser);
    const { page } = opened;
    await page.goto(`${server.adminUrl}/email-templates`);
    await submitAdminSignIn(page, READER_EMAIL, READER_PASSWORD);
    await waitForHeading(page, 'Email templates');
    await expect.poll(() => page.getByText(/You have read-only access/).count()).toBe(1);
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Organization invitation' });
    const subject = page.getByLabel('Subject', { exact: true });
    await expect
      .poll(() => subject.inputValue())
      .toBe('You are invited to join {{organization}} on {{product}}');
    expect(await subject.getAttribute('readonly')).not.toBeNull();
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent(), { timeout: UI_TIMEOUT })
      .toBe('You are invited to join Example Research on Acme ID');
    for (const name of ['Save template', 'Reset to default'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    expectCleanPage(opened.diagnostics);
    await opened.context.close();
  }, 120_000);
});
