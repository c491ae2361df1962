import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PageDiagnostics } from './page-diagnostics.js';

/**
 * OPAQUE runs Argon2id in the browser (about a second per password on a busy 2-core machine) and tests from other
 * projects may share the machine: waits are generous.
 */
export const UI_TIMEOUT = 30_000;

export const PHONE = { viewport: { width: 375, height: 667 } };

/** Waits until the page's one <h1> reads `title`. */
export async function waitForHeading(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: UI_TIMEOUT });
}

/** Fills the sign-in form and submits it with the Enter key. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await waitForHeading(page, 'Sign in');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** Opens the hosted UI's sign-in page (at `baseUrl`) and signs in there; where that leads is the caller's to check. */
export async function signInAt(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/ui/sign-in`);
  await submitSignIn(page, email, password);
}

/** Opens an app's authorization URL: not signed in, the browser lands on sign-in for that request; signs in. */
export async function signInForApp(
  page: Page,
  authorizationUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(authorizationUrl);
  await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
  await submitSignIn(page, email, password);
}

/** Fills the registration form (the name only when given) and submits it with its button. */
export async function submitRegistration(
  page: Page,
  account: { name?: string; email: string; password: string },
): Promise<void> {
  await waitForHeading(page, 'Create an account');
  if (account.name !== undefined) await page.getByLabel('Your name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** How far the page is wider than the viewport (0 or less: no horizontal scrolling). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** No CSP violation, no uncaught error, no console error, no dialog: the page behaved. */
export function expectCleanPage(diagnostics: PageDiagnostics, allowedConsoleErrors: RegExp[] = []): void {
  expect(diagnostics.cspViolations()).toEqual([]);
  expect(diagnostics.pageErrors).toEqual([]);
  expect(diagnostics.dialogs).toEqual([]);
  const errors = diagnostics.consoleMessages
    .filter((message) => message.type === 'error')
    .map((message) => message.text)
    .filter((text) => !allowedConsoleErrors.some((pattern) => pattern.test(text)));
  expect(errors).toEqual([]);
}

/** Expected console noise: Chromium logs every non-2xx fetch ("Failed to load resource: … 401"). */
export function failedRequestLog(status: number): RegExp {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);
}

/** The current session as the browser's cookies show it (GET /session from the page's context). */
export async function browserSession(page: Page, baseUrl: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(`${baseUrl}/session`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}
