/**
 * DPoP authorization code binding (RFC 9449 §10) through @tessera/client: with a DPoP key the SDK sends `dpop_jkt`
 * in the authorization request (in the URL, or in the pushed request), and the code it gets is redeemable only with
 * a proof of that key.
 */
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/src/crypto/tokens.js';
import { pushedAuthorizationRequests } from '../../server/src/oauth/tables.js';
import { RP_REDIRECT, registerClient } from '../../server/src/testing/oauth.js';
import { startTestServer, type TestServer } from '../../server/src/testing/server.js';
import { ConfidentialClient } from '../src/server.js';
import { type HostedUser, hostedSignIn, hostedUser } from './hosted-ui.js';

let server: TestServer;
let confidential: { clientId: string; clientSecret: string | null };
let user: HostedUser;

beforeAll(async () => {
  server = await startTestServer();
  confidential = await registerClient(server, { zk_delivery: 'v2', zk_required: true, first_party: true });
  user = await hostedUser(server);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('dpop_jkt in the authorization request', () => {
  it('is the key’s thumbprint in the URL, and the code is redeemed with that key', async () => {
    const keyPair = await generateKeyPair('ES256');
    const jkt = await calculateJwkThumbprint(await exportJWK(keyPair.publicKey));
    const client = await ConfidentialClient.create({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      clientSecret: confidential.clientSecret!,
      redirectUri: RP_REDIRECT,
      dpop: keyPair,
    });
    const { url, transaction } = await client.authorizationUrl({ zk: true });
    expect(url.searchParams.get('dpop_jkt')).toBe(jkt);
    const { callbackUrl } = await hostedSignIn(server, user, confidential.clientId, url);
    const code = new URL(callbackUrl).searchParams.get('code')!;

    // The code is bound to the key: a proof of another key cannot redeem it (nor use it up).
    const thief = await ConfidentialClient.create({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      clientSecret: confidential.clientSecret!,
      redirectUri: RP_REDIRECT,
      dpop: await generateKeyPair('ES256'),
    });
    await expect(thief.handleCallback(callbackUrl, transaction)).rejects.toMatchObject({
      oauthError: 'invalid_grant',
    });
    const result = await client.handleCallback(callbackUrl, transaction);
    expect(result.tokens.tokenType).toBe('DPoP');
    expect(code).toBeTruthy();
  });

  it('is in the pushed request when the client uses PAR', async () => {
    const keyPair = await generateKeyPair('ES256');
    const jkt = await calculateJwkThumbprint(await exportJWK(keyPair.publicKey));
    const client = await ConfidentialClient.create({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      clientSecret: confidential.clientSecret!,
      redirectUri: RP_REDIRECT,
      dpop: keyPair,
      pushedAuthorization: true,
    });
    const { url } = await client.authorizationUrl({ zk: true });
    expect(url.searchParams.has('dpop_jkt')).toBe(false);
    const requestUri = url.searchParams.get('request_uri')!;
    const id = requestUri.slice('urn:ietf:params:oauth:request_uri:'.length);
    const [row] = await server.database.db
      .select()
      .from(pushedAuthorizationRequests)
      .where(eq(pushedAuthorizationRequests.idHash, hashToken(id)));
    expect(row?.parameters.dpop_jkt).toBe(jkt);
  });
});
