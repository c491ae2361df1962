import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../packages/server/src/otp/totp.js';
import {
  type AdminSession,
  adminFetch,
  adminSignIn,
  installViaApi,
} from '../packages/server/src/testing/admin.js';
import { solidPng } from '../packages/server/src/testing/images.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { seriousAccessibilityViolations } from './axe.js';
import {
  authorizationRequest,
  captureCallbacks,
  registerRelyingParty,
  useHostedUiFixture,
  verifiedAccount,
} from './hosted-ui-fixture.js';
import type { Mailbox, ReceivedMail } from './mailbox.js';
import { signInForApp, submitRegistration, submitSignIn, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const IMAGES = fileURLToPath(new URL('../docs/images/', import.meta.url));
/**
 * Where a screenshot for the docs goes: docs/images/ when TESSERA_DOCS_SCREENSHOTS=1 asks to refresh them, else
 * nowhere (the screenshot is still taken, in memory), so that a test run leaves the tree as it found it.
 */
const docsImage = (name: string) =>
  process.env.TESSERA_DOCS_SCREENSHOTS === '1' ? `${IMAGES}${name}` : undefined;

/** Wide logos in the brand's colour, light and dark, so the screenshots and the checks can tell them apart. */
const LOGO = solidPng(96, 32, [10, 127, 90]);
const DARK_LOGO = solidPng(96, 32, [200, 240, 225]);
const ORG_LOGO = solidPng(64, 32, [122, 31, 160]);

describe('hosted UI: a branded deployment', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let writer: AdminSession;
  let organizationId: string;
  let app: Awaited<ReturnType<typeof registerRelyingParty>>;

  async function upload(kind: string, bytes: Buffer, organization?: string) {
    const query = organization ? `?organization_id=${organization}` : '';
    const response = await fetch(`${server.adminUrl}/admin/branding/images/${kind}${query}`, {
      method: 'PUT',
      headers: { cookie: writer.cookie, 'x-csrf-token': writer.csrf, 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(response.status).toBe(200);
  }

  const { newPage } = useHostedUiFixture({
    mailbox: true,
    setUp: async (started) => {
      ({ server, mailbox } = started);
      await installViaApi(server, 'root@example.test', 'branding admin password');
      // After the install, which sets its own choice.
      await server.context.settings.set('accounts.self_registration', true);
      writer = await adminSignIn(server, 'root@example.test', 'branding admin password');
      const brand = await adminFetch(server, writer, 'PATCH', '/admin/branding', {
        product_name: 'Acme ID',
        primary_color: '#0a7f5a',
      });
      expect(brand.status).toBe(200);
      await upload('logo', LOGO);
      await upload('logo-dark', DARK_LOGO);
      const organization = await adminFetch(server, writer, 'POST', '/admin/organizations', {
        name: 'Globex',
      });
      expect(organization.status).toBe(201);
      organizationId = organization.json.id as string;
      const override = await adminFetch(
        server,
        writer,
        'PATCH',
        `/admin/branding?organization_id=${organizationId}`,
        {
          product_name: 'Globex Login',
          primary_color: '#7a1fa0',
        },
      );
      expect(override.status).toBe(200);
      await upload('logo', ORG_LOGO, organizationId);
      app = await registerRelyingParty(server, {
        name: 'Brand Demo App',
        grant_types: ['authorization_code'],
      });
    },
  });

  /** What the page's header shows: the logo (visible image's address) and the name, and the accent colour. */
  async function brandOf(page: Page) {
    const header = page.locator('header.site-header');
    await header.getByRole('link').filter({ hasText: /\S/ }).waitFor({ timeout: UI_TIMEOUT });
    // An image has no size, so is not visible, until it has loaded: wait for the header's logos to settle.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('header.site-header img')].every(
          (img) => (img as HTMLImageElement).complete,
        ),
      undefined,
      { timeout: UI_TIMEOUT },
    );
    const visibleLogo = header.locator('img:visible');
    return {
      name: ((await header.textContent()) ?? '').trim(),
      logo: (await visibleLogo.count()) > 0 ? await visibleLogo.first().getAttribute('src') : null,
      accent: await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
      ),
      title: await page.title(),
    };
  }

  /** An email in the brand: its name in the subject, its logo (named by it) and its colour in the HTML part. */
  function expectBrandedMail(mail: ReceivedMail) {
    expect(mail.subject).toContain('Acme ID');
    expect(mail.html).toMatch(
      new RegExp(`<img src="${server.config.baseUrl}/branding/logo\\?v=[^"]+" alt="Acme ID"`),
    );
    expect(mail.html).toContain('color:#0a7f5a');
  }

  async function waitForAccent(page: Page, accent: string) {
    await page.waitForFunction(
      (expected) =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim() === expected,
      accent,
      { timeout: UI_TIMEOUT },
    );
  }

  it('sign-in shows the name, logo and colour in light and dark mode, with no serious accessibility violations', async () => {
    const { page } = await newPage();
    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await waitForHeading(page, 'Sign in');
    await waitForAccent(page, '#0a7f5a');
    const light = await brandOf(page);
    expect(light).toMatchObject({ name: 'Acme ID', accent: '#0a7f5a', title: 'Sign in – Acme ID' });
    expect(light.logo).toMatch(/^\/branding\/logo\?v=/);
    const button = page.getByRole('button', { name: 'Sign in', exact: true });
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(10, 127, 90)',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: docsImage('branding-sign-in-light.png') });

    const { page: dark } = await newPage({ colorScheme: 'dark' });
    await dark.goto(`${server.publicUrl}/ui/sign-in`);
    await waitForHeading(dark, 'Sign in');
    await dark.locator('img.brand-logo-dark:visible').waitFor({ timeout: UI_TIMEOUT });
    const darkBrand = await brandOf(dark);
    expect(darkBrand.name).toBe('Acme ID');
    expect(darkBrand.logo).toMatch(/^\/branding\/logo-dark\?v=/);
    expect(await seriousAccessibilityViolations(dark)).toEqual([]);
    await dark.screenshot({ path: docsImage('branding-sign-in-dark.png') });
  });

  it('the branded sign-in in Arabic: right to left, light and dark, with no serious accessibility violations', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await newPage({ colorScheme });
      await page.goto(`${server.publicUrl}/ui/sign-in?ui_locales=ar`);
      await waitForHeading(page, 'تسجيل الدخول');
      if (colorScheme === 'light') await waitForAccent(page, '#0a7f5a');
      else await page.locator('img.brand-logo-dark:visible').waitFor({ timeout: UI_TIMEOUT });
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual(['ar', 'rtl']);
      const brand = await brandOf(page);
      expect(brand.name).toBe('Acme ID');
      expect(brand.logo).toMatch(
        colorScheme === 'light' ? /^\/branding\/logo\?v=/ : /^\/branding\/logo-dark\?v=/,
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: docsImage(`branding-sign-in-ar-${colorScheme}.png`) });
    }
  });

  it('registration, consent and account pages wear the brand, and the reset email too', async () => {
    const { page } = await newPage();
    await page.goto(`${server.publicUrl}/ui/register`);
    await waitForHeading(page, 'Create an account');
    expect(await brandOf(page)).toMatchObject({ name: 'Acme ID', title: 'Create an account – Acme ID' });

    const password = 'branded account password';
    const { email } = await verifiedAccount(server, password, 'Brand Tester');
    await captureCallbacks(page, 'Brand Demo App');
    await signInForApp(page, (await authorizationRequest(app)).url, email, password);
    await waitForHeading(page, 'Allow access');
    await waitForAccent(page, '#0a7f5a');
    expect(await brandOf(page)).toMatchObject({ name: 'Acme ID', title: 'Allow access – Acme ID' });

    await page.goto(`${server.publicUrl}/ui/account`);
    await waitForHeading(page, 'Your account');
    const account = await brandOf(page);
    expect(account).toMatchObject({ name: 'Acme ID', title: 'Your account – Acme ID' });
    expect(account.logo).toMatch(/^\/branding\/logo\?v=/);

    await page.goto(`${server.publicUrl}/ui/forgot-password`);
    await waitForHeading(page, 'Reset your password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await mailbox.waitForLink(email, 'reset-password');
    expectBrandedMail(mailbox.to(email).at(-1)!);
  });

  it('registering in the browser: the verification email and the page its link opens wear the brand', async () => {
    const { page } = await newPage();
    const email = `registrant-${randomBytes(4).toString('hex')}@example.test`;
    await page.goto(`${server.publicUrl}/ui/register`);
    await submitRegistration(page, {
      name: 'Brand Registrant',
      email,
      password: 'branded registrant password',
    });
    await waitForHeading(page, 'Check your email');
    expect(await brandOf(page)).toMatchObject({ name: 'Acme ID', title: 'Check your email – Acme ID' });

    const link = await mailbox.waitForLink(email, 'verify-email');
    const mail = mailbox.to(email).at(-1)!;
    expect(mail.text).toContain(link);
    expectBrandedMail(mail);

    await page.goto(link);
    await waitForHeading(page, 'Email address confirmed');
    await waitForAccent(page, '#0a7f5a');
    const confirmed = await brandOf(page);
    expect(confirmed).toMatchObject({ name: 'Acme ID', title: 'Email address confirmed – Acme ID' });
    expect(confirmed.logo).toMatch(/^\/branding\/logo\?v=/);
  });

  it('the two-step verification page wears the deployment’s brand, and the organization’s under its hint', async () => {
    const password = 'branded second factor password';
    const user = await verifiedAccount(server, password, 'Brand Two Step');
    const otpAccount = { kind: 'user' as const, id: user.id, label: user.email };
    const { secret, parameters } = await server.context.otp.factors.startEnrolment(otpAccount);
    await server.context.otp.factors.confirmEnrolment(
      otpAccount,
      totp(base32Decode(secret), Math.floor(Date.now() / 1000), parameters),
    );

    const { page } = await newPage();
    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await submitSignIn(page, user.email, password);
    await waitForHeading(page, 'Two-step verification');
    await waitForAccent(page, '#0a7f5a');
    const deployment = await brandOf(page);
    expect(deployment).toMatchObject({ name: 'Acme ID', title: 'Two-step verification – Acme ID' });
    expect(deployment.logo).toMatch(/^\/branding\/logo\?v=/);
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    expect(await verify.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(10, 127, 90)',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Signing in to an app under the organization's hint: the code step stays in the organization's brand.
    const { page: hintedPage } = await newPage();
    const hinted = new URL((await authorizationRequest(app)).url);
    hinted.searchParams.set('organization_id', organizationId);
    await signInForApp(hintedPage, hinted.href, user.email, password);
    await waitForHeading(hintedPage, 'Two-step verification');
    await waitForAccent(hintedPage, '#7a1fa0');
    const organization = await brandOf(hintedPage);
    expect(organization).toMatchObject({
      name: 'Globex Login',
      title: 'Two-step verification – Globex Login',
    });
    expect(organization.logo).toContain(`org=${organizationId}`);
  });

  it('an organization’s brand applies only under its hint', async () => {
    const { page } = await newPage();
    const hinted = new URL((await authorizationRequest(app)).url);
    hinted.searchParams.set('organization_id', organizationId);
    await page.goto(hinted.href);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await waitForAccent(page, '#7a1fa0');
    const organization = await brandOf(page);
    expect(organization).toMatchObject({ name: 'Globex Login', title: 'Sign in – Globex Login' });
    expect(organization.logo).toContain(`org=${organizationId}`);

    const { page: plain } = await newPage();
    await plain.goto((await authorizationRequest(app)).url);
    await plain.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await waitForAccent(plain, '#0a7f5a');
    const deployment = await brandOf(plain);
    expect(deployment.name).toBe('Acme ID');
    expect(deployment.logo).not.toContain('org=');
  });

  it('the hosted UI’s error page wears the brand', async () => {
    const { page } = await newPage();
    await page.goto(`${server.publicUrl}/ui/error?error=invalid_client`);
    await waitForHeading(page, 'Sign-in could not continue');
    await waitForAccent(page, '#0a7f5a');
    const brand = await brandOf(page);
    expect(brand).toMatchObject({ name: 'Acme ID', title: 'Sign-in could not continue – Acme ID' });
    expect(brand.logo).toMatch(/^\/branding\/logo\?v=/);
  });

  it('the error page of a bad /authorize request is styled with the brand', async () => {
    const { page } = await newPage();
    const response = await page.goto(
      `${server.publicUrl}/authorize?client_id=no-such-app&redirect_uri=https%3A%2F%2Fevil.example%2F&response_type=code`,
    );
    expect(response?.status()).toBe(400);
    await waitForHeading(page, 'This app is not known here');
    expect(await page.title()).toBe('This app is not known here – Acme ID');
    expect(await page.locator('header img:visible').first().getAttribute('src')).toMatch(
      /^\/branding\/logo\?v=/,
    );
    await waitForAccent(page, '#0a7f5a');
    // The served page stylesheet applied (no inline styles): a card on the page background.
    expect(await page.locator('main').evaluate((element) => getComputedStyle(element).borderRadius)).toBe(
      '6px',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
