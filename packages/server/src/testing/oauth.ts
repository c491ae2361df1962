import { createHash, randomBytes } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import * as oauth from 'oauth4webapi';
import type { Authentication } from '../accounts/sessions.js';
import type { User } from '../accounts/users.js';
import type { ClientInput } from '../clients/model.js';
import type { ServerEndpoints, TestServer } from './server.js';

export interface SignedIn {
  user: User;
  /**
   * The Cookie header value carrying the session and, as a browser that has been to /authorize holds it, the
   * browser-binding cookie (oauth/browser-binding.ts) its pending authorization requests are bound to.
   */
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
  options: {
    email?: string;
    name?: string;
    authentication?: Partial<Authentication>;
    user?: User;
    /** The browser signing in: its binding cookie (browserBindingCookie, sameBrowser); a new browser by default. */
    browser?: string;
  } = {},
): Promise<SignedIn> {
  const user =
    options.user ??
    (await server.context.accounts.users.create({
      email: options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`,
      name: options.name ?? 'Ada Lovelace',
      emailVerified: true,
    }));
  const started = await server.context.accounts.sessions.start(user.id, {
    amr: ['pwd'],
    acr: 'urn:tessera:loa:1',
    authTime: new Date(),
    ...options.authentication,
  });
  return {
    user,
    cookie: `tessera_session=${started.cookieValue}; ${options.browser ?? browserBindingCookie()}`,
    csrfToken: started.csrfToken,
    sessionId: started.session.id,
  };
}

/**
 * A browser-binding cookie (oauth/browser-binding.ts) of a new browser, as the Cookie header carries it: /authorize
 * binds the requests it parks to it, and only a browser presenting it continues them.
 */
export function browserBindingCookie(): string {
  return `tessera_browser=${randomBytes(32).toString('base64url')}`;
}

/** The browser-binding cookie in a Cookie header (a SignedIn's), to sign in again in the same browser. */
export function sameBrowser(cookie: string): string {
  const binding = /(?:^|;\s*)(tessera_browser=[^;]+)/.exec(cookie)?.[1];
  if (!binding) throw new Error('no browser-binding cookie');
  return binding;
}

/** The session cookie's value in a SignedIn's Cookie header. */
export function sessionCookieValue(cookie: string): string {
  const value = /(?:^|;\s*)tessera_session=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error('no session cookie');
  return value;
}

export const RP_REDIRECT = 'https://rp.example.com/callback';
export const RP_POST_LOGOUT = 'https://rp.example.com/logged-out';

/** A registered client as its relying party holds it: the id, and the secret of a confidential client. */
export interface RegisteredClient {
  clientId: string;
  clientSecret: string | null;
}

export async function registerClient(
  server: TestServer,
  overrides: Partial<ClientInput> = {},
): Promise<RegisteredClient> {
  const { client, secret } = await server.context.clients.registry.create({
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
  server: ServerEndpoints,
  signedIn: Pick<SignedIn, 'cookie' | 'csrfToken'>,
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
  server: ServerEndpoints,
  signedIn: Pick<SignedIn, 'cookie' | 'csrfToken'>,
  authorizeUrl: string,
): Promise<URL> {
  const first = await browserGet(authorizeUrl, signedIn.cookie);
  if (first.status !== 302 || !first.location)
    throw new Error(`authorize answered ${first.status}: ${first.body}`);
  // Parked for the hosted UI: its consent page, or its sign-in page when a fresh sign-in is owed.
  if (!first.location.startsWith('/ui/')) return new URL(first.location);
  const requestId = new URL(first.location, server.publicUrl).searchParams.get('request_id')!;
  const approved = await finalize(server, signedIn, { request_id: requestId, decision: 'approve' });
  if (approved.status !== 200)
    throw new Error(`finalize answered ${approved.status}: ${JSON.stringify(approved.json)}`);
  return new URL(approved.json.redirect_uri as string);
}

/** oauth4webapi option letting a strict RP talk to the loopback (http) issuer of a test server. */
export const allowHttp = { [oauth.allowInsecureRequests]: true } as const;

/** A relying party built on oauth4webapi, the strictest RP library we have (interop §2.1). */
export interface StrictClient {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  clientId: string;
  clientSecret: string | null;
}

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/** Discovers the test server with oauth4webapi (which validates the metadata) and wraps a registered client. */
export async function strictClient(
  server: TestServer,
  registered: RegisteredClient,
  method: TokenEndpointAuthMethod = registered.clientSecret ? 'client_secret_basic' : 'none',
): Promise<StrictClient> {
  const issuer = new URL(server.config.baseUrl);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, allowHttp));
  const auth =
    method === 'client_secret_basic'
      ? oauth.ClientSecretBasic(registered.clientSecret!)
      : method === 'client_secret_post'
        ? oauth.ClientSecretPost(registered.clientSecret!)
        : oauth.None();
  return { as, client: { client_id: registered.clientId }, auth, ...registered };
}

/** An authorization request URL; parameters left undefined are not sent. */
export function authorizeUrl(
  server: ServerEndpoints,
  parameters: Record<string, string | undefined>,
): string {
  const url = new URL('/authorize', server.config.baseUrl);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}

/** The parameters of a redirect's Location (the authorization response in query mode). */
export function redirectParameters(location: string | null): URLSearchParams {
  if (!location) throw new Error('expected a redirect with a Location header');
  return new URL(location).searchParams;
}

/** The published JWKS, fetched the way an RP does (from the discovered jwks_uri). */
export async function fetchJwks(server: TestServer): Promise<JSONWebKeySet> {
  const discovery = (await (
    await fetch(`${server.config.baseUrl}/.well-known/openid-configuration`)
  ).json()) as { jwks_uri: string };
  const response = await fetch(discovery.jwks_uri);
  if (response.status !== 200) throw new Error(`jwks_uri answered ${response.status}`);
  return (await response.json()) as JSONWebKeySet;
}

export interface ExpectedIdToken {
  clientId: string;
  /** The nonce sent in the authorization request; null when none was sent (the claim must then be absent). */
  nonce: string | null;
  /** Defaults to RS256, the algorithm for clients that registered none (OIDC Core §15.1). */
  alg?: string;
  /** The access token issued alongside, to check at_hash when present (OIDC Core §3.1.3.6). */
  accessToken?: string;
}

/**
 * Full ID token validation as the OIDF suite's ValidateIdToken does it (interop §1.5), independently of the RP
 * library: signature against the published JWKS with a kid, iss, aud/azp, exp, iat, auth_time, nonce, sub, acr.
 */
export async function validateIdToken(
  server: TestServer,
  idToken: string,
  expected: ExpectedIdToken,
): Promise<JWTPayload & Record<string, unknown>> {
  const alg = expected.alg ?? 'RS256';
  const header = decodeProtectedHeader(idToken);
  if (header.alg !== alg) throw new Error(`ID token alg is ${header.alg}, expected ${alg}`);
  if (typeof header.kid !== 'string' || header.kid === '') throw new Error('ID token header has no kid');
  const jwks = await fetchJwks(server);
  if (!jwks.keys.some((key) => key.kid === header.kid)) throw new Error('ID token kid is not in the JWKS');
  const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
    issuer: server.config.baseUrl,
    audience: expected.clientId,
    algorithms: [alg],
    requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
  });
  const now = Math.floor(Date.now() / 1000);
  const problems: string[] = [];
  if (typeof payload.sub !== 'string' || payload.sub === '') problems.push('sub missing');
  if (Array.isArray(payload.aud) && payload.azp !== expected.clientId) problems.push('azp wrong');
  if (payload.azp !== undefined && payload.azp !== expected.clientId) problems.push('azp wrong');
  if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 50 * 365 * 86_400)
    problems.push('exp out of range');
  if (typeof payload.iat !== 'number' || payload.iat > now + 5 || payload.iat < now - 300)
    problems.push('iat out of range');
  if (
    typeof payload.auth_time !== 'number' ||
    payload.auth_time > now + 5 ||
    payload.auth_time < now - 365 * 86_400
  ) {
    problems.push('auth_time missing or out of range');
  }
  if (expected.nonce === null ? 'nonce' in payload : payload.nonce !== expected.nonce)
    problems.push('nonce wrong');
  if ('acr' in payload && (typeof payload.acr !== 'string' || payload.acr === '')) problems.push('acr empty');
  if (payload.at_hash !== undefined && expected.accessToken !== undefined) {
    const digest = createHash('sha256').update(expected.accessToken).digest();
    if (payload.at_hash !== digest.subarray(0, 16).toString('base64url')) problems.push('at_hash wrong');
  }
  if (problems.length > 0) throw new Error(`ID token invalid: ${problems.join(', ')}`);
  return payload as JWTPayload & Record<string, unknown>;
}

/** RFC 6749 §4.1.2.1: error_description is limited to %x20-21 / %x23-5B / %x5D-7E (no CR, LF, TAB, quote, backslash). */
const ERROR_DESCRIPTION = /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/;

/**
 * Asserts that an /authorize answer is an error redirected to the client (RFC 6749 §4.1.2.1) the way the OIDF suite
 * checks it: to the expected redirect URI, with `error`, the `state` echoed, `iss` (RFC 9207), no `code`, and a
 * well-formed `error_description`.
 */
export function expectErrorRedirect(
  server: TestServer,
  answer: { status: number; location: string | null },
  expected: { error: string; state: string | null; redirectUri?: string },
): URLSearchParams {
  if (answer.status !== 302 || !answer.location || !URL.canParse(answer.location)) {
    throw new Error(
      `expected a 302 error redirect to the client, got ${answer.status} to ${answer.location}`,
    );
  }
  const url = new URL(answer.location);
  const problems: string[] = [];
  if (`${url.origin}${url.pathname}` !== (expected.redirectUri ?? RP_REDIRECT)) problems.push('wrong target');
  if (url.searchParams.get('error') !== expected.error)
    problems.push(`error is ${url.searchParams.get('error')}`);
  if (url.searchParams.get('state') !== expected.state) problems.push('state not echoed');
  if (url.searchParams.get('iss') !== server.config.baseUrl) problems.push('iss missing or wrong');
  if (url.searchParams.has('code')) problems.push('code in an error response');
  const description = url.searchParams.get('error_description');
  if (description !== null && !ERROR_DESCRIPTION.test(description))
    problems.push('error_description charset');
  for (const name of url.searchParams.keys()) {
    if (url.searchParams.getAll(name).length > 1) problems.push(`${name} repeated`);
  }
  if (problems.length > 0) throw new Error(`bad error redirect ${answer.location}: ${problems.join(', ')}`);
  return url.searchParams;
}

/** HTTP Basic credentials with both parts form-urlencoded first, as RFC 6749 §2.3.1 requires. */
export function basicAuthorization(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

/** The Authorization header of `client_secret_basic` for a confidential client (RFC 6749 §2.3.1). */
export function clientSecretBasic(client: RegisteredClient): { authorization: string } {
  return { authorization: basicAuthorization(client.clientId, client.clientSecret!) };
}

/** A raw form POST to a back-channel endpoint (/token, /introspect, /revoke), for the cases RP libraries hide. */
export async function formPost(
  server: ServerEndpoints,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const response = await fetch(`${server.config.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
