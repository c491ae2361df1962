/**
 * Pushed authorization requests (RFC 9126) and DPoP (RFC 9449) through @tessera/client against a real Tessera:
 * the authorization URL carries only client_id and request_uri, and DPoP-bound tokens (cnf.jkt) are obtained,
 * refreshed and used at UserInfo, with and without the server's nonces (docs/integration.md, DPoP).
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RP_REDIRECT, registerClient } from '../../server/src/testing/oauth.js';
import { startTestServer, type TestServer } from '../../server/src/testing/server.js';
import { MemoryTransactionStore, TesseraClient } from '../src/index.js';
import { AccessTokenVerifier, ConfidentialClient } from '../src/server.js';
import { expectKeyIs } from './expect.js';
import { expectedCak, type HostedUser, hostedSignIn, hostedUser } from './hosted-ui.js';

let server: TestServer;
let confidential: { clientId: string; clientSecret: string | null };
let publicClientId: string;
let user: HostedUser;

beforeAll(async () => {
  server = await startTestServer();
  confidential = await registerClient(server, { zk_delivery: 'v2', zk_required: true, first_party: true });
  ({ clientId: publicClientId } = await registerClient(server, {
    type: 'public',
    zk_delivery: 'v2',
    zk_required: true,
    first_party: true,
  }));
  user = await hostedUser(server);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** What the SDK asked of the server, endpoint path and answer status, in order. */
function recordingFetch(log: string[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    log.push(`${init?.method ?? 'GET'} ${url.pathname} ${response.status}`);
    return response;
  };
}

const jwtPayload = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('pushed authorization requests', () => {
  it('a public client pushes the request (PKCE, state, nonce, zk_pub) and the browser carries only its request_uri', async () => {
    const log: string[] = [];
    const client = await TesseraClient.create({
      issuer: server.config.baseUrl,
      clientId: publicClientId,
      redirectUri: RP_REDIRECT,
      transactions: new MemoryTransactionStore(),
      pushedAuthorization: true,
      fetch: recordingFetch(log),
    });
    const url = await client.authorizationUrl({ zk: true, scopes: ['offline_access'] });
    expect(`${url.origin}${url.pathname}`).toBe(`${server.config.baseUrl}/authorize`);
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(url.searchParams.get('client_id')).toBe(publicClientId);
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    expect(log).toContain('POST /par 201');

    const { callbackUrl } = await hostedSignIn(server, user, publicClientId, url);
    const result = await client.handleCallback(callbackUrl);
    expect(result.claims.sub).toBe(user.signedIn.user.id);
    await expectKeyIs(result.zkKey!.key, expectedCak(user, publicClientId));
  });

  it('a confidential client authenticates at /par as at /token: a wrong secret is invalid_client before any redirect', async () => {
    const client = await ConfidentialClient.create({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      clientSecret: confidential.clientSecret!,
      redirectUri: RP_REDIRECT,
      pushedAuthorization: true,
    });
    const { url, transaction } = await client.authorizationUrl({ zk: true });
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    const { callbackUrl } = await hostedSignIn(server, user, confidential.clientId, url);
    const result = await client.handleCallback(callbackUrl, transaction);
    expect(result.claims.sub).toBe(user.signedIn.user.id);
    expect(result.zkKey?.keyId).toBe(user.accountKey.keyId);

    const wrong = await ConfidentialClient.create({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      clientSecret: 'not-the-secret',
      redirectUri: RP_REDIRECT,
      pushedAuthorization: true,
    });
    await expect(wrong.authorizationUrl({ zk: true })).rejects.toMatchObject({
      code: 'oauth_error',
      oauthError: 'invalid_client',
    });
  });
});

describe('DPoP', () => {
  it('a confidential client gets, refreshes and uses tokens bound to its key (cnf.jkt), seen by introspection', async () => {
    const keyPair = await generateKeyPair('ES256');
    const jkt = await calculateJwkThumbprint(await exportJWK(keyPair.publicKey));
    const client = await ConfidentialClient.create({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      clientSecret: confidential.clientSecret!,
      redirectUri: RP_REDIRECT,
      dpop: keyPair,
    });
    const { url, transaction } = await client.authorizationUrl({ zk: true, scopes: ['offline_access'] });
    const { callbackUrl } = await hostedSignIn(server, user, confidential.clientId, url);
    const result = await client.handleCallback(callbackUrl, transaction);
    expect(result.tokens.tokenType).toBe('DPoP');
    expect(await client.introspect(result.tokens.accessToken)).toMatchObject({
      active: true,
      token_type: 'DPoP',
      cnf: { jkt },
    });

    const refreshed = await client.refresh(result.tokens, result.claims);
    expect(refreshed.tokenType).toBe('DPoP');
    expect(refreshed.accessToken).not.toBe(result.tokens.accessToken);
    expect(await client.introspect(refreshed.accessToken)).toMatchObject({ active: true, cnf: { jkt } });
    expect(await client.userinfo(refreshed, result.claims)).toMatchObject({ sub: user.signedIn.user.id });

    // The token is bound: shown as a bearer token (a thief without the key), UserInfo refuses it.
    const stolen = await fetch(`${server.config.baseUrl}/userinfo`, {
      headers: { authorization: `Bearer ${refreshed.accessToken}` },
    });
    expect(stolen.status).toBe(401);
  });

  it('a public client with dpop: true signs in, refreshes and reads UserInfo while the server requires DPoP nonces', async () => {
    await server.context.settings.set('dpop.require_nonce', true);
    try {
      const log: string[] = [];
      const client = await TesseraClient.create({
        issuer: server.config.baseUrl,
        clientId: publicClientId,
        redirectUri: RP_REDIRECT,
        transactions: new MemoryTransactionStore(),
        dpop: true,
        pushedAuthorization: true,
        fetch: recordingFetch(log),
      });
      const url = await client.authorizationUrl({ zk: true, scopes: ['offline_access'] });
      const { callbackUrl } = await hostedSignIn(server, user, publicClientId, url);
      const result = await client.handleCallback(callbackUrl);
      // The first proof had no nonce: refused with use_dpop_nonce, then retried with the nonce and accepted.
      expect(log.filter((line) => line.startsWith('POST /token'))).toEqual([
        'POST /token 400',
        'POST /token 200',
      ]);
      expect(result.tokens.tokenType).toBe('DPoP');
      const verifier = await AccessTokenVerifier.create({
        issuer: server.config.baseUrl,
        audience: publicClientId,
      });
      const jkt = ((await verifier.verify(result.tokens.accessToken)).cnf as { jkt?: unknown }).jkt;
      expect(jkt).toEqual(expect.stringMatching(/^[\w-]{43}$/));

      // The public client's refresh token is bound to the same key; the new access token too.
      const refreshed = await client.refresh();
      expect(refreshed.tokens.tokenType).toBe('DPoP');
      expect(jwtPayload(refreshed.tokens.accessToken).cnf).toEqual({ jkt });
      expect(await client.userinfo()).toMatchObject({ sub: user.signedIn.user.id });
      expect(log.filter((line) => line.includes('/userinfo')).at(-1)).toBe('GET /userinfo 200');
    } finally {
      await server.context.settings.set('dpop.require_nonce', false);
    }
  });
});
