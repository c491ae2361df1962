import type { AdminSession } from './admin.js';
import { admin } from './scim.js';
import type { TestServer } from './server.js';
import type { UpstreamIdp } from './upstream-idp.js';

/** The server's environment for federation tests: the upstream test IdP is on loopback over http. */
export const FEDERATION_TEST_ENV = { TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true' };

/** Cookies per origin, as a browser keeps them (enough for these flows: no paths, no expiry but deletion). */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  header(url: URL): string {
    const cookies = this.byOrigin.get(url.origin);
    return cookies ? [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  take(url: URL, headers: Headers): void {
    let cookies = this.byOrigin.get(url.origin);
    if (!cookies) {
      cookies = new Map();
      this.byOrigin.set(url.origin, cookies);
    }
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
      );
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  get(origin: string, name: string): string | undefined {
    return this.byOrigin.get(origin)?.get(name);
  }

  delete(origin: string, name: string): void {
    this.byOrigin.get(origin)?.delete(name);
  }
}

export interface Hop {
  url: URL;
  status: number;
  location: string | null;
  body: string;
}

/** One GET as a browser sends it (the jar's cookies), without following a redirect. */
export async function browserStep(jar: CookieJar, url: URL): Promise<Hop> {
  const cookie = jar.header(url);
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  jar.take(url, response.headers);
  return {
    url,
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  };
}

/**
 * Follows redirects like a browser until `stop` says the hop is reached (or a non-redirect answer): Tessera's start,
 * the upstream's authorization and interaction, and back to Tessera's callback.
 */
export async function follow(
  jar: CookieJar,
  start: URL,
  stop: (url: URL) => boolean = () => false,
): Promise<Hop> {
  let url = start;
  for (let hops = 0; hops < 15; hops += 1) {
    if (stop(url)) return { url, status: 0, location: null, body: '' };
    const hop = await browserStep(jar, url);
    if (hop.status < 300 || hop.status >= 400 || !hop.location) return hop;
    url = new URL(hop.location, url);
  }
  throw new Error('too many redirects');
}

export const isCallback = (url: URL) => url.pathname === '/api/user/federation/oidc/callback';

/** A federated sign-in from Tessera's start endpoint to the callback's answer (the redirect into the UI). */
export async function federatedSignIn(
  server: TestServer,
  connectionId: string,
  jar = new CookieJar(),
  resume: Record<string, string> = {},
): Promise<{ jar: CookieJar; callback: URL; answer: Hop }> {
  const start = new URL('/api/user/federation/oidc/start', server.publicUrl);
  start.searchParams.set('connection_id', connectionId);
  for (const [name, value] of Object.entries(resume)) start.searchParams.set(name, value);
  const arrived = await follow(jar, start, isCallback);
  if (!isCallback(arrived.url))
    throw new Error(
      `the flow stopped at ${arrived.url.href}: ${arrived.status} ${arrived.body.slice(0, 300)}`,
    );
  const answer = await browserStep(jar, arrived.url);
  return { jar, callback: arrived.url, answer };
}

/** Creates a connection to the test IdP through the admin API (discovery fills the endpoints). */
export async function createConnection(
  server: TestServer,
  session: AdminSession,
  idp: UpstreamIdp,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { id: string }> {
  const created = await admin(server, session, 'POST', '/admin/federation/connections', {
    name: 'Upstream',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    ...overrides,
  });
  if (created.status !== 201) throw new Error(`connection not created: ${JSON.stringify(created.json)}`);
  return created.json as Record<string, unknown> & { id: string };
}

/** Marks a domain of a connection verified by the admin's decision. */
export async function verifyDomain(
  server: TestServer,
  session: AdminSession,
  connectionId: string,
  domain: string,
): Promise<void> {
  const verified = await admin(
    server,
    session,
    'POST',
    `/admin/federation/connections/${connectionId}/domains/${domain}/verify`,
    { method: 'admin' },
  );
  if (verified.status !== 200) throw new Error(`domain not verified: ${JSON.stringify(verified.json)}`);
}
