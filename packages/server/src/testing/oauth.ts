import { randomBytes } from 'node:crypto';
import type { Authentication } from '../accounts/sessions.js';
import type { User } from '../accounts/users.js';
import type { ClientInput } from '../clients/model.js';
import type { TestServer } from './server.js';

export interface SignedIn {
  user: User;
  /** The Cookie header value carrying the session. */
  cookie: string;
  csrfToken: string;
  sessionId: string;
}

/**
 * Creates a user and a signed-in session through the accounts services in-process (as the OAuth issue allows until
 * the real sign-in lands), returning what a browser would hold.
 */
export async function signInUser(
  server: TestServer,
  options: { email?: string; name?: string; authentication?: Partial<Authentication>; user?: User } = {},
): Promise<SignedIn> {
  const user =
    options.user ??
    (await server.context.users.create({
      email: options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`,
      name: options.name ?? 'Ada Lovelace',
      emailVerified: true,
    }));
  const started = await server.context.sessions.start(user.id, {
    amr: ['pwd'],
    acr: 'urn:tessera:loa:1',
    authTime: new Date(),
    ...options.authentication,
  });
  return {
    user,
    cookie: `tessera_session=${started.cookieValue}`,
    csrfToken: started.csrfToken,
    sessionId: started.session.id,
  };
}

export const RP_REDIRECT = 'https://rp.example.com/callback';
export const RP_POST_LOGOUT = 'https://rp.example.com/logged-out';

export async function registerClient(
  server: TestServer,
  overrides: Partial<ClientInput> = {},
): Promise<{ clientId: string; clientSecret: string | null }> {
  const { client, secret } = await server.context.clients.create({
    name: 'Relying Party',
    type: 'confidential',
    redirect_uris: [RP_REDIRECT],
    post_logout_redirect_uris: [RP_POST_LOGOUT],
    grant_types: ['authorization_code', 'refresh_token'],
    ...overrides,
  });
  return { clientId: client.id, clientSecret: secret };
}

/** Follows one hop of a browser redirect chain without following it further. */
export async function browserGet(
  url: string,
  cookie?: string,
): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** Approves a pending request through /authorize/finalize as the hosted UI does. */
export async function finalize(
  server: TestServer,
  signedIn: SignedIn,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.publicUrl}/authorize/finalize`, {
    method: 'POST',
    headers: {
      cookie: signedIn.cookie,
      'x-csrf-token': signedIn.csrfToken,
      'content-type': 'application/json',
      origin: new URL(server.config.baseUrl).origin,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Runs /authorize with a signed-in browser, approving consent when asked; returns the final redirect URL. */
export async function authorizeAndApprove(
  server: TestServer,
  signedIn: SignedIn,
  authorizeUrl: string,
): Promise<URL> {
  const first = await browserGet(authorizeUrl, signedIn.cookie);
  if (first.status !== 302 || !first.location)
    throw new Error(`authorize answered ${first.status}: ${first.body}`);
  if (!first.location.startsWith('/ui/authorize')) return new URL(first.location);
  const requestId = new URL(first.location, server.publicUrl).searchParams.get('request_id')!;
  const approved = await finalize(server, signedIn, { request_id: requestId, decision: 'approve' });
  if (approved.status !== 200)
    throw new Error(`finalize answered ${approved.status}: ${JSON.stringify(approved.json)}`);
  return new URL(approved.json.redirect_uri as string);
}
