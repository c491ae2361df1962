import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, type RegisteredClient, RP_REDIRECT, registerClient } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * The authorization endpoint's error page (RFC 6749 §4.1.2.1: never redirected while the client or redirect URI is
 * not trusted) says what is wrong in the request's language: `ui_locales`, then Accept-Language (docs/languages.md).
 */
let server: TestServer;
let client: RegisteredClient;

beforeAll(async () => {
  server = await startTestServer();
  client = await registerClient(server);
});
afterAll(async () => {
  await server?.close();
});

async function errorPage(parameters: Record<string, string>, acceptLanguage?: string) {
  const response = await fetch(authorizeUrl(server, parameters), {
    redirect: 'manual',
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });
  expect(response.status).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  const body = await response.text();
  return {
    body,
    language: response.headers.get('content-language'),
    title: /<h1>([^<]*)<\/h1>/.exec(body)?.[1],
    html: /<html [^>]*>/.exec(body)?.[0],
  };
}

describe('the /authorize error page', () => {
  it('names the problem: an unknown app, an unregistered redirect URI, an expired pushed request', async () => {
    const unknown = await errorPage({ client_id: 'no-such-app', redirect_uri: RP_REDIRECT });
    expect(unknown.title).toBe('This app is not known here');
    expect(unknown.body).toContain('is not registered with Tessera');
    expect(unknown.body).toContain('Details: invalid_client: the application is not registered');
    expect(unknown.html).toBe('<html lang="en" dir="ltr">');

    const redirect = await errorPage({ client_id: client.clientId, redirect_uri: 'https://evil.example/cb' });
    expect(redirect.title).toBe('This sign-in link is not valid');
    expect(redirect.body).toContain('an address it has not registered with Tessera');

    // RFC 9126 §4: with request_uri, only client_id comes along.
    const expired = await errorPage({
      client_id: client.clientId,
      request_uri: 'urn:ietf:params:oauth:request_uri:no-such-request',
    });
    expect(expired.title).toBe('This sign-in request has expired');
  });

  it('speaks the language ui_locales asks for, before Accept-Language', async () => {
    const german = await errorPage({ client_id: 'no-such-app', ui_locales: 'tlh de-AT' }, 'fr');
    expect(german.title).toBe('Diese App ist hier nicht bekannt');
    expect(german.language).toBe('de');
    expect(german.html).toBe('<html lang="de" dir="ltr">');
    // The protocol's own words stay as they are, for support.
    expect(german.body).toContain('Details: invalid_client: the application is not registered');
  });

  it('else the browser’s language: Arabic, right to left', async () => {
    const arabic = await errorPage({ client_id: 'no-such-app' }, 'ar-EG, en;q=0.5');
    expect(arabic.title).toBe('هذا التطبيق غير معروف هنا');
    expect(arabic.html).toBe('<html lang="ar" dir="rtl">');
    const english = await errorPage({ client_id: 'no-such-app' }, 'tlh');
    expect(english.html).toBe('<html lang="en" dir="ltr">');
  });

  it('escapes what the request put in it', async () => {
    const page = await errorPage({ client_id: 'no-such-app', redirect_uri: '"><script>alert(1)</script>' });
    expect(page.body).not.toContain('<script>');
  });
});
