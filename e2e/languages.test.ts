import type * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import {
  authorizationRequest,
  captureCallbacks,
  registerRelyingParty,
  useHostedUiFixture,
  verifiedAccount,
} from './hosted-ui-fixture.js';
import type { Mailbox } from './mailbox.js';
import {
  expectCleanPage,
  horizontalOverflow,
  PHONE,
  signInAt,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

/** The language and direction the page declares on <html>. */
const documentLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('hosted UI: in the user’s language (docs/languages.md)', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let rp: client.Configuration;
  const { newPage } = useHostedUiFixture({
    mailbox: true,
    setUp: async (started) => {
      ({ server, mailbox } = started);
      await server.context.settings.set('accounts.self_registration', true);
      rp = await registerRelyingParty(server, { name: 'Demo App', grant_types: ['authorization_code'] });
    },
  });

  it('ui_locales=de: signs in and asks for consent in German, then returns to the app', async () => {
    const password = 'ein sicheres Passwort';
    const { email } = await verifiedAccount(server, password, 'Greta Müller');
    const { page, diagnostics } = await newPage();
    const callbacks = await captureCallbacks(page, 'Demo App');
    const request = await authorizationRequest(rp);

    await page.goto(`${request.url}&ui_locales=${encodeURIComponent('tlh de-AT en')}`);
    await waitForHeading(page, 'Anmelden');
    expect(await documentLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' });
    expect(await page.title()).toContain('Anmelden');
    // The app's name comes with the pending request, which the page loads after its heading.
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Melden Sie sich an, um mit Demo App fortzufahren.');
    await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

    await waitForHeading(page, 'Zugriff erlauben');
    // The heading shows while the request's details still load: wait for them before reading the page.
    await page.getByText('Demo App möchte Ihr Konto verwenden.').waitFor({ timeout: UI_TIMEOUT });
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('Demo App möchte Ihr Konto verwenden.');
    expect(main).toContain('Wenn Sie zustimmen, kann Demo App:');
    expect(main).toContain('Ihre E-Mail-Adresse lesen und ob sie bestätigt ist');
    expect(await page.getByLabel('Sprache').inputValue()).toBe('de');
    await page.getByRole('button', { name: 'Zustimmen' }).click();
    await expect.poll(() => callbacks.length, { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    expect(new URL(callbacks[0]!).searchParams.get('state')).toBe(request.state);
    expectCleanPage(diagnostics);
  });

  it('ui_locales=de: explains an error in German', async () => {
    const { page, diagnostics } = await newPage();
    await page.goto(`${server.publicUrl}/ui/error?error=invalid_client&ui_locales=de`);
    await waitForHeading(page, 'Die Anmeldung konnte nicht fortgesetzt werden');
    expect(await page.getByRole('alert').textContent()).toContain(
      'Die App, die Sie hierher geschickt hat, ist bei diesem Anmeldedienst nicht registriert',
    );
    expect(await page.getByRole('heading', { name: 'Technische Details' }).isVisible()).toBe(true);
    expectCleanPage(diagnostics);
  });

  it('ui_locales=ar: Arabic, right to left, and the layout mirrors without overflowing a phone', async () => {
    const { page, diagnostics } = await newPage(PHONE);
    const request = await authorizationRequest(rp);
    await page.goto(`${request.url}&ui_locales=ar`);
    await waitForHeading(page, 'تسجيل الدخول');
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The password's show button sits at the field's end, which is its left in Arabic.
    const field = await page.getByLabel('كلمة المرور', { exact: true }).boundingBox();
    const toggle = await page.getByRole('button', { name: /^إظهار/ }).boundingBox();
    expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(field!.x + 1);

    // A wrong password: the error, in Arabic, with its accent bar on the right (the start of the line).
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill('nobody@example.test');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: UI_TIMEOUT });
    expect(await alert.textContent()).toContain('عنوان البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expectCleanPage(diagnostics, [/status of 401/]);
  });

  it('the language switcher changes the language of the page, and the choice stays', async () => {
    const { page, diagnostics } = await newPage({ locale: 'en-US' });
    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await waitForHeading(page, 'Sign in');
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });

    await page.getByLabel('Language').selectOption({ label: 'Français' });
    await waitForHeading(page, 'Connexion');
    expect(await documentLanguage(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await waitForHeading(page, 'Réinitialiser votre mot de passe');
    await page.reload();
    await waitForHeading(page, 'Réinitialiser votre mot de passe');

    await page.getByLabel('Langue').selectOption('ja');
    await waitForHeading(page, 'パスワードの再設定');
    expectCleanPage(diagnostics);
  });

  it("shows an admin's replacement for a message, in that language only", async () => {
    await server.context.settings.set('ui.messages', { de: { 'signIn.title': 'Bei Acme anmelden' } });
    try {
      const { page, diagnostics } = await newPage();
      await page.goto(`${server.publicUrl}/ui/sign-in?ui_locales=de`);
      await waitForHeading(page, 'Bei Acme anmelden');
      expect(await page.getByRole('link', { name: 'Passwort vergessen?' }).isVisible()).toBe(true);
      await page.getByLabel('Sprache').selectOption('es');
      await waitForHeading(page, 'Iniciar sesión');
      expectCleanPage(diagnostics);
    } finally {
      await server.context.settings.reset('ui.messages');
    }
  });

  it('a German user’s reset email is in German, even when asked for from an English browser', async () => {
    const password = 'ein sicheres Passwort';
    const { email, id } = await verifiedAccount(server, password, 'Hans Weber');
    // The user picks German with the switcher while signed in: it becomes their saved preference.
    const german = await newPage({ locale: 'en-US' });
    await signInAt(german.page, server.publicUrl, email, password);
    await waitForHeading(german.page, 'Your account');
    await german.page.getByLabel('Language').selectOption('de');
    await expect
      .poll(async () => (await server.context.accounts.users.find(id))?.locale, { timeout: UI_TIMEOUT })
      .toBe('de');

    // Later, from another browser in English, they ask for a reset link.
    const { page } = await newPage({ locale: 'en-US' });
    const before = mailbox.to(email).length;
    await page.goto(`${server.publicUrl}/ui/forgot-password`);
    await waitForHeading(page, 'Reset your password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await waitForHeading(page, 'Check your email');
    await mailbox.waitForLink(email, 'reset-password', { after: before });
    const mail = mailbox.to(email).at(-1)!;
    expect(mail.text).toMatch(
      /Jemand hat darum gebeten, das Passwort des .+-Kontos für \S+ zurückzusetzen\./,
    );
    expect(mail.text).toContain('Wenn Sie das waren, wählen Sie über den folgenden Link ein neues Passwort.');
    expect(mail.text).toContain('Neues Passwort wählen:');
  });
});
