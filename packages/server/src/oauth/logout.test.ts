/**
 * POST /logout has two callers (docs/integration.md#logout). The hosted UI signs out with the session cookie
 * and its CSRF token: the session ends at once and the cookie is cleared with the attributes it was set with.
 * An application's RP-Initiated Logout without a valid id_token_hint (OIDC RP-Initiated Logout 1.0 §2) still
 * only leads to the confirmation page. The server runs with an https base URL, so the cookie is the `__Host-`
 * one with `Secure`, as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword, registerWithPassword } from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';

const BASE_URL = 'https://id.example.test';
const COOKIE = '__Host-tessera_session';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TESSERA_BASE_URL: BASE_URL } });
  await server.context.settings.set('accounts.self_registration', true);
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
});
afterAll(async () => {
  await server?.close();
});

interface Cookie {
  name: string;
  value: string;
  /** Lower-cased attribute names with their values ('' for flags). */
  attributes: Map<string, string>;
}

function parseSetCookie(header: string): Cookie {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const separator = pair!.indexOf('=');
  return {
    name: pair!.slice(0, separator),
    value: pair!.slice(separator + 1),
    attributes: new Map(
      attributes.map((attribute) => {
        const [name, ...value] = attribute.split('=');
        return [name!.toLowerCase(), value.join('=')];
      }),
    ),
  };
}

function sessionCookieSet(headers: Headers): Cookie | undefined {
  return headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((cookie) => cookie.name === COOKIE);
}

let accounts = 0;

/** A user signed in through the real password sign-in: the cookie exactly as the server set it. */
async function signedIn(): Promise<{ cookie: Cookie; header: string; csrf: string }> {
  accounts += 1;
  const email = `logout-${accounts}@example.com`;
  const password = `logout password ${accounts}`;
  expect((await registerWithPassword(server, email, password)).status).toBe(200);
  const user = await server.context.accounts.users.findByEmail(email);
  await server.context.accounts.users.markEmailVerified(user!.id, email);
  const login = await loginWithPassword(server, email, password);
  expect(login.finish?.status).toBe(200);
  const cookie = sessionCookieSet(login.finish!.headers);
  expect(cookie).toBeDefined();
  const header = `${COOKIE}=${cookie!.value}`;
  const session = await fetch(`${server.publicUrl}/session`, { headers: { cookie: header } });
  const state = (await session.json()) as { authenticated: boolean; csrf_token: string };
  expect(state.authenticated).toBe(true);
  return { cookie: cookie!, header, csrf: state.csrf_token };
}

async function authenticated(cookieHeader: string): Promise<boolean> {
  const response = await fetch(`${server.publicUrl}/session`, { headers: { cookie: cookieHeader } });
  return ((await response.json()) as { authenticated: boolean }).authenticated;
}

/** POST /logout as the hosted UI sends it: no body, the cookie, the CSRF header, our Origin. */
function uiSignOut(headers: Record<string, string>) {
  return fetch(`${server.publicUrl}/logout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: BASE_URL, accept: 'application/json', ...headers },
  });
}

describe('POST /logout from the hosted UI (session cookie and CSRF token)', () => {
  it('ends the session and clears the cookie with the attributes it was set with', async () => {
    const { cookie, header, csrf } = await signedIn();
    const response = await uiSignOut({ cookie: header, 'x-csrf-token': csrf });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signed_out: true });
    expect(response.headers.get('cache-control')).toBe('no-store');

    const cleared = sessionCookieSet(response.headers);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.attributes.get('max-age') ?? '0').toBe('0');
    expect(new Date(cleared!.attributes.get('expires')!).getTime()).toBeLessThanOrEqual(Date.now());
    // The same cookie in the browser's eyes: a __Host- cookie is replaced only by one with Secure, Path=/ and no
    // Domain; the other attributes match what sign-in set.
    const withoutLifetime = (attributes: Map<string, string>) =>
      [...attributes].filter(([name]) => name !== 'max-age' && name !== 'expires').sort();
    expect(withoutLifetime(cleared!.attributes)).toEqual(withoutLifetime(cookie.attributes));
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('domain')).toBe(false);

    // Ended on the server: the old cookie, replayed, is signed in nowhere.
    expect(await authenticated(header)).toBe(false);
    expect(await server.context.accounts.sessions.resolve(cookie.value)).toBeNull();
  });

  it('refuses without the right CSRF token or from another origin; the session stays', async () => {
    const { header, csrf } = await signedIn();
    const wrongToken = await uiSignOut({ cookie: header, 'x-csrf-token': `${csrf}x` });
    expect(wrongToken.status).toBe(403);
    expect(await wrongToken.json()).toMatchObject({ error: 'csrf_failed' });
    expect(sessionCookieSet(wrongToken.headers)).toBeUndefined();

    const foreign = await uiSignOut({ cookie: header, 'x-csrf-token': csrf, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'csrf_failed' });
    expect(await authenticated(header)).toBe(true);
  });

  it('answers not_signed_in when there is no session to end', async () => {
    const response = await uiSignOut({ 'x-csrf-token': 'anything' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'not_signed_in' });
  });
});

describe('POST /logout from an application without an id_token_hint (RP-Initiated Logout §2)', () => {
  it('keeps the confirmation step: the browser goes to our sign-out page, signed in still', async () => {
    const { header } = await signedIn();
    const response = await fetch(`${server.publicUrl}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: header,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://rp.example',
      },
      body: new URLSearchParams({ post_logout_redirect_uri: 'https://rp.example/bye', state: 's' }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/ui/logout');
    expect(sessionCookieSet(response.headers)).toBeUndefined();
    expect(await authenticated(header)).toBe(true);
  });
});
