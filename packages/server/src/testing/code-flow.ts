import { sql } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import {
  authorizeAndApprove,
  authorizeUrl,
  browserBindingCookie,
  browserGet,
  clientSecretBasic,
  formPost,
  type RegisteredClient,
  RP_REDIRECT,
  type SignedIn,
  sameBrowser,
} from './oauth.js';
import type { ServerEndpoints, TestServer } from './server.js';

/**
 * The authorization-code flow as a confidential relying party runs it against a test server over HTTP: a PKCE
 * request, a signed-in browser approving it, and the back-channel calls (code redemption, refresh, introspection)
 * with `client_secret_basic`. Tests that check a step's answer in detail call that step alone.
 */

/** Authorization parameters: added after the standard ones or replacing them; an undefined one is not sent. */
export type AuthorizationParameters = Record<string, string | undefined>;

/** A code and the PKCE verifier that redeems it (null when the request sent no challenge). */
export interface IssuedCode {
  code: string;
  verifier: string | null;
}

/**
 * An authorization request for `client` to RP_REDIRECT with a fresh PKCE S256 challenge (RFC 7636 §4.2) and scope
 * `openid`; the URL, and the verifier the relying party keeps. No state or nonce unless `parameters` has one.
 */
export async function codeRequest(
  server: ServerEndpoints,
  client: Pick<RegisteredClient, 'clientId'>,
  parameters: AuthorizationParameters = {},
): Promise<{ url: string; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = authorizeUrl(server, {
    client_id: client.clientId,
    redirect_uri: RP_REDIRECT,
    response_type: 'code',
    scope: 'openid',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...parameters,
  });
  return { url, verifier };
}

/**
 * The first answer of /authorize to a browser (signed in, or not when null), without following or approving
 * anything, with the verifier of the request's PKCE challenge and the browser-binding cookie of the browser
 * (`browser`, a Cookie header part): a browser without one comes with a new one, as if it had been to /authorize
 * before, and only requests that carry it continue a request it parked (oauth/browser-binding.ts).
 */
export async function authorizeOnce(
  server: ServerEndpoints,
  browser: Pick<SignedIn, 'cookie'> | null,
  client: Pick<RegisteredClient, 'clientId'>,
  parameters: AuthorizationParameters = {},
): Promise<{ verifier: string; answer: Awaited<ReturnType<typeof browserGet>>; browser: string }> {
  const request = await codeRequest(server, client, parameters);
  const cookie = browser?.cookie ? browser.cookie : browserBindingCookie();
  return {
    verifier: request.verifier,
    answer: await browserGet(request.url, cookie),
    browser: sameBrowser(cookie),
  };
}

/** The request_id of an /authorize answer parking the request for the hosted UI; throws when it goes elsewhere. */
export function pendingRequestId(server: ServerEndpoints, location: string | null): string {
  if (!location?.startsWith('/ui/authorize?request_id=') && !location?.startsWith('/ui/sign-in?request_id='))
    throw new Error(`not parked for the hosted UI: ${location}`);
  return new URL(location, server.config.baseUrl).searchParams.get('request_id')!;
}

/** What the hosted UI reads of a pending request (GET /api/user/authorization-requests/{id}); throws unless 200. */
export async function pendingRequestView(
  server: ServerEndpoints,
  signedIn: Pick<SignedIn, 'cookie'>,
  requestId: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.config.baseUrl}/api/user/authorization-requests/${requestId}`, {
    headers: { cookie: signedIn.cookie },
  });
  if (response.status !== 200) throw new Error(`the request's view answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The code of an authorization response (its redirect URL); throws when it carries none (an error response). */
export function codeOf(redirect: string | URL): string {
  const code = new URL(redirect).searchParams.get('code');
  if (!code) throw new Error(`no code in ${redirect}`);
  return code;
}

/** The ID token's claims in a token response (its payload, not verified: the tests check what the server put in). */
export function idTokenClaims(tokens: { json: unknown }): Record<string, unknown> {
  const idToken = (tokens.json as { id_token?: unknown }).id_token;
  if (typeof idToken !== 'string') throw new Error(`no ID token in ${JSON.stringify(tokens.json)}`);
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/**
 * A code for `client` through the signed-in browser (consent approved when asked), with its verifier and the
 * callback URL; throws when the redirect carries no code.
 */
export async function authorizationCode(
  server: ServerEndpoints,
  signedIn: Pick<SignedIn, 'cookie' | 'csrfToken'>,
  client: Pick<RegisteredClient, 'clientId'>,
  parameters: AuthorizationParameters = {},
): Promise<{ code: string; verifier: string; callback: URL }> {
  const request = await codeRequest(server, client, parameters);
  const callback = await authorizeAndApprove(server, signedIn, request.url);
  return { code: codeOf(callback), verifier: request.verifier, callback };
}

/**
 * Redeems a code at /token (RFC 6749 §4.1.3) with the client's secret; `overrides` replace form parameters, and an
 * undefined one is left out.
 */
export function redeemCode(
  server: ServerEndpoints,
  client: RegisteredClient,
  issued: IssuedCode,
  overrides: Record<string, string | undefined> = {},
) {
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code: issued.code,
    redirect_uri: RP_REDIRECT,
  };
  if (issued.verifier !== null) form.code_verifier = issued.verifier;
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete form[name];
    else form[name] = value;
  }
  return formPost(server, '/token', form, clientSecretBasic(client));
}

/** The tokens a relying party gets for the signed-in user: a code redeemed; throws unless /token answers 200. */
export async function codeFlowTokens(
  server: ServerEndpoints,
  signedIn: Pick<SignedIn, 'cookie' | 'csrfToken'>,
  client: RegisteredClient,
  parameters: AuthorizationParameters = {},
): Promise<{ access_token: string; refresh_token: string; code: string; verifier: string }> {
  const issued = await authorizationCode(server, signedIn, client, parameters);
  const answer = await redeemCode(server, client, issued);
  if (answer.status !== 200)
    throw new Error(`/token answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return {
    ...(answer.json as { access_token: string; refresh_token: string }),
    code: issued.code,
    verifier: issued.verifier,
  };
}

/** A refresh token grant at /token (RFC 6749 §6) with the client's secret. */
export function refreshGrant(server: ServerEndpoints, client: RegisteredClient, refreshToken: string) {
  return formPost(
    server,
    '/token',
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    clientSecretBasic(client),
  );
}

/** The client's introspection of a token (RFC 7662 §2.2): the response body. */
export async function introspection(
  server: ServerEndpoints,
  client: RegisteredClient,
  token: string,
): Promise<Record<string, unknown>> {
  return (await formPost(server, '/introspect', { token }, clientSecretBasic(client))).json;
}

/** A request's nonce that makes its code's insert fail once refuseMarkedCodes has run. */
export const REFUSED_NONCE = 'refused-by-the-test';
/**
 * A request's nonce that makes its code's insert fail, once refuseMarkedCodes has run, with the SQLSTATE of a lost
 * connection (08006): the error a caller sees when it cannot know whether the statement committed.
 */
export const UNREACHABLE_NONCE = 'unreachable-for-the-test';

/**
 * Makes the database refuse to insert a code whose nonce is REFUSED_NONCE or UNREACHABLE_NONCE (a trigger that
 * raises): an approval whose write fails, for tests that check that nothing of it stays behind. Other codes are
 * inserted as usual.
 */
export async function refuseMarkedCodes(server: TestServer): Promise<void> {
  await server.database.db.execute(
    sql.raw(`
    CREATE FUNCTION refuse_marked_code() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.nonce = '${REFUSED_NONCE}' THEN RAISE EXCEPTION 'code refused by the test'; END IF;
      IF NEW.nonce = '${UNREACHABLE_NONCE}' THEN
        RAISE EXCEPTION 'connection lost, for the test' USING ERRCODE = 'connection_failure';
      END IF;
      RETURN NEW;
    END $$`),
  );
  await server.database.db.execute(
    sql.raw(`CREATE TRIGGER refuse_marked_code BEFORE INSERT ON authorization_codes
    FOR EACH ROW EXECUTE FUNCTION refuse_marked_code()`),
  );
}
