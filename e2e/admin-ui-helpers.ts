import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { freePort, startTestServer, type TestServer } from '../packages/server/src/testing/server.js';
import { currentCode } from '../packages/server/src/testing/totp.js';
import { scanQrCode } from './qr-code.js';
import { UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_UI_INDEX = fileURLToPath(new URL('../packages/web/dist-admin/index.html', import.meta.url));

/**
 * A test server whose admin port is known before it starts, so its configured admin URL is the address the
 * browser really uses: the admin guard compares the browser's Origin with it on every mutating call. WebAuthn
 * tests use host `localhost`: the admin URL is the admin passkeys' relying party, and an IP address is not a valid
 * RP ID (WebAuthn Level 3 §5.1.3).
 */
export async function startAdminTestServer(
  options: { env?: Record<string, string>; host?: '127.0.0.1' | 'localhost' } = {},
): Promise<TestServer> {
  if (!existsSync(ADMIN_UI_INDEX))
    throw new Error(`${ADMIN_UI_INDEX} is missing: run npm run build -w @tessera/web first`);
  const adminPort = await freePort();
  return startTestServer({
    env: {
      ...options.env,
      TESSERA_ADMIN_PORT: String(adminPort),
      TESSERA_ADMIN_URL: `http://${options.host ?? '127.0.0.1'}:${adminPort}`,
    },
  });
}

/** Fills the portal's sign-in form and submits it. */
export async function submitAdminSignIn(page: Page, email: string, password: string): Promise<void> {
  await waitForHeading(page, 'Sign in to the admin portal');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the portal at its overview, signed in with a password (an admin who owes no second factor). */
export async function signInToPortal(
  page: Page,
  server: TestServer,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${server.adminUrl}/`);
  await submitAdminSignIn(page, email, password);
  await waitForHeading(page, 'Overview');
}

export interface EnrolledFactor {
  /** The base32 TOTP secret, as the admin would type it into an app. */
  secret: string;
  backupCodes: string[];
}

/**
 * Sets up TOTP on the portal's first-sign-in page the way an admin does with an authenticator app: scans the QR
 * code off the screen, answers with the current code, and keeps the backup codes shown once.
 */
export async function enrolTotpInPortal(page: Page): Promise<EnrolledFactor> {
  await waitForHeading(page, 'Set up two-step verification');
  const started = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/admin/otp/setup/init' && response.ok(),
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
  const secret = uri.searchParams.get('secret') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // The key stays on the page as text too, for an admin who cannot scan.
  const shown = await page.getByLabel('Setup key', { exact: true }).inputValue();
  expect(shown.replace(/\s+/g, '')).toBe(secret);

  await page.getByLabel('Code from the app', { exact: true }).fill(currentCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor({ timeout: UI_TIMEOUT });
  const backupCodes = (await page.getByTestId('backup-codes').locator('li').allTextContents()).map((code) =>
    code.trim(),
  );
  expect(backupCodes.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'I have saved them: continue' }).click();
  return { secret, backupCodes };
}

/** Goes to a portal section with the section navigation, as a person would. */
export async function openSection(page: Page, name: string, heading = name): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name, exact: true })
    .click();
  await waitForHeading(page, heading);
}
