import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import { authorizeUrl, browserGet, RP_REDIRECT, registerClient, signInUser } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { type CapturedMail, SmtpCapture } from '../testing/smtp.js';

// The hosted UI and the emails in the user's language (docs/languages.md).
let server: TestServer;
let admin: AdminSession;
const smtp = new SmtpCapture();

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer();
  await smtp.configure(server);
  await installViaApi(server, 'root@example.com', 'admin password 1');
  admin = await adminSignIn(server, 'root@example.com', 'admin password 1');
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

/** The message's text as a mail client shows it: every part's transfer encoding undone. */
function readable(mail: CapturedMail): string {
  const [, ...parts] = mail.raw.split(/\r?\n--/);
  return parts
    .map((part) => {
      const [head = '', ...body] = part.split(/\r?\n\r?\n/);
      const content = body.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = content
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
            String.fromCharCode(Number.parseInt(hex, 16)),
          );
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return content;
    })
    .join('\n');
}

async function requestReset(email: string, acceptLanguage?: string): Promise<string> {
  const before = smtp.to(email).length;
  const response = await fetch(`${server.publicUrl}/api/user/password/reset/request`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.publicUrl,
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
    },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(202);
  expect(smtp.to(email).length).toBe(before + 1);
  return readable(smtp.to(email).at(-1)!);
}

async function putProfile(signedIn: { cookie: string; csrfToken: string }, body: unknown) {
  return fetch(`${server.publicUrl}/api/user/profile`, {
    method: 'PUT',
    headers: {
      cookie: signedIn.cookie,
      'x-csrf-token': signedIn.csrfToken,
      origin: server.publicUrl,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

describe('choosing the language', () => {
  it('advertises the languages of the hosted UI in discovery', async () => {
    const discovery = (await (
      await fetch(`${server.publicUrl}/.well-known/openid-configuration`)
    ).json()) as {
      ui_locales_supported?: string[];
    };
    expect(discovery.ui_locales_supported).toEqual(['en', 'de', 'fr', 'es', 'ja', 'ar']);
  });

  it("sends the hosted UI the first supported language of the app's ui_locales", async () => {
    const client = await registerClient(server);
    const base = {
      client_id: client.clientId,
      redirect_uri: RP_REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };
    const german = await browserGet(authorizeUrl(server, { ...base, ui_locales: 'tlh de-CH fr' }));
    expect(german.status).toBe(302);
    const location = new URL(german.location!, server.publicUrl);
    expect(location.pathname).toBe('/ui/sign-in');
    expect(location.searchParams.get('ui_locales')).toBe('de');

    const unsupported = await browserGet(authorizeUrl(server, { ...base, ui_locales: 'tlh x-pig-latin' }));
    expect(new URL(unsupported.location!, server.publicUrl).searchParams.has('ui_locales')).toBe(false);
  });

  it("keeps the user's chosen language in the profile, and refuses one the UI does not speak", async () => {
    const signedIn = await signInUser(server);
    const profile = async () =>
      (await (
        await fetch(`${server.publicUrl}/api/user/profile`, { headers: { cookie: signedIn.cookie } })
      ).json()) as { locale: string | null; name: string };
    expect((await profile()).locale).toBeNull();
    const saved = await putProfile(signedIn, { locale: 'ja' });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { locale: string }).locale).toBe('ja');
    expect(await profile()).toMatchObject({ locale: 'ja', name: 'Ada Lovelace' });
    expect((await putProfile(signedIn, { locale: 'tlh' })).status).toBe(400);
    expect((await putProfile(signedIn, { locale: null })).status).toBe(200);
    expect((await profile()).locale).toBeNull();
  });
});

describe('emails in the user’s language', () => {
  it('writes a German user’s reset email in German, whatever the requesting browser prefers', async () => {
    const signedIn = await signInUser(server, { email: 'greta@example.com' });
    expect((await putProfile(signedIn, { locale: 'de' })).status).toBe(200);
    const text = await requestReset('greta@example.com', 'fr-FR, fr;q=0.9');
    expect(text).toMatch(
      /Jemand hat darum gebeten, das Passwort des .+-Kontos für greta@example\.com zurückzusetzen/,
    );
    expect(text).toContain('Neues Passwort wählen');
  });

  it('writes to a user without a saved language in the language of the request', async () => {
    await signInUser(server, { email: 'jeanne@example.com' });
    const french = await requestReset('jeanne@example.com', 'tlh, fr-CA;q=0.8, de;q=0.5');
    expect(french).toContain('Choisir un nouveau mot de passe');
    const arabic = await requestReset('jeanne@example.com', 'ar');
    expect(arabic).toContain('اختيار كلمة مرور جديدة');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    const english = await requestReset('jeanne@example.com');
    expect(english).toContain('Choose a new password');
  });

  it('invites a user who chose Japanese in Japanese', async () => {
    const signedIn = await signInUser(server, { email: 'aiko@example.com' });
    expect((await putProfile(signedIn, { locale: 'ja' })).status).toBe(200);
    const organization = await adminFetch(server, admin, 'POST', '/admin/organizations', {
      name: 'Example Lab',
    });
    expect(organization.status).toBe(201);
    const id = organization.json.id as string;
    const before = smtp.to('aiko@example.com').length;
    const invited = await adminFetch(server, admin, 'POST', `/admin/organizations/${id}/invites`, {
      email: 'aiko@example.com',
    });
    expect(invited.status).toBe(201);
    expect(smtp.to('aiko@example.com').length).toBe(before + 1);
    expect(readable(smtp.to('aiko@example.com').at(-1)!)).toContain('組織 Example Lab に招待しました');
  });

  it("uses an admin's version of a template in every language", async () => {
    const signedIn = await signInUser(server, { email: 'hans@example.com' });
    expect((await putProfile(signedIn, { locale: 'de' })).status).toBe(200);
    const custom = {
      subject: 'Reset at {{product}}',
      paragraphs: ['Our own words for {{email}}.'],
      action_label: 'Reset now',
    };
    const saved = await adminFetch(server, admin, 'PUT', '/admin/email-templates/password_reset', custom);
    expect(saved.status).toBe(200);
    try {
      const text = await requestReset('hans@example.com');
      expect(text).toContain('Our own words for hans@example.com.');
      expect(text).not.toContain('Neues Passwort');
    } finally {
      await adminFetch(server, admin, 'POST', '/admin/email-templates/password_reset/reset');
    }
  });
});

describe("the admin's replacements for messages of the hosted UI", () => {
  it('serves each language its own replacements, and none for a language nobody changed', async () => {
    const messages = async (locale: string) =>
      fetch(`${server.publicUrl}/api/user/messages?locale=${encodeURIComponent(locale)}`);
    expect(await (await messages('de')).json()).toEqual({ locale: 'de', messages: {} });

    const value = { de: { 'signIn.title': 'Einloggen bei Acme' }, fr: { 'signIn.title': 'Connexion Acme' } };
    const saved = await adminFetch(server, admin, 'PUT', '/admin/settings/ui.messages', { value });
    expect(saved.status).toBe(200);
    expect(await (await messages('de')).json()).toEqual({
      locale: 'de',
      messages: { 'signIn.title': 'Einloggen bei Acme' },
    });
    expect(((await (await messages('es')).json()) as { messages: object }).messages).toEqual({});
    expect((await messages('tlh')).status).toBe(400);

    const markup = await adminFetch(server, admin, 'PUT', '/admin/settings/ui.messages', {
      value: { de: { '<script>': 'x' } },
    });
    expect(markup.status).toBe(400);
  });
});
