/**
 * @tessera/client/server against a real Tessera: a confidential client (client_secret_basic), access-token
 * verification against the JWKS with kid rotation, introspection, and legacy v1 key delivery (its checks in detail:
 * legacy-v1.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RP_REDIRECT, registerClient } from '../../server/src/testing/oauth.js';
import { startTestServer, type TestServer } from '../../server/src/testing/server.js';
import { AccessTokenVerifier, ConfidentialClient, type SignInResult } from '../src/server.js';
import { expectKeyIs } from './expect.js';
import { expectedDrk, type HostedUser, hostedSignIn, hostedUser } from './hosted-ui.js';

let server: TestServer;
let confidential: { clientId: string; clientSecret: string | null };
let legacy: { clientId: string; clientSecret: string | null };
let user: HostedUser;

beforeAll(async () => {
  server = await startTestServer();
  confidential = await registerClient(server, { zk_delivery: 'v2', zk_required: true, first_party: true });
  legacy = await registerClient(server, { zk_delivery: 'legacy-v1', zk_required: true, first_party: true });
  user = await hostedUser(server);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const clientFor = (registered: { clientId: string; clientSecret: string | null }) =>
  ConfidentialClient.create({
    issuer: server.config.baseUrl,
    clientId: registered.clientId,
    clientSecret: registered.clientSecret!,
    redirectUri: RP_REDIRECT,
  });

async function signIn(client: ConfidentialClient): Promise<SignInResult> {
  const { url, transaction } = await client.authorizationUrl({ zk: true, scopes: ['offline_access'] });
  const { callbackUrl } = await hostedSignIn(server, user, confidential.clientId, url);
  return client.handleCallback(callbackUrl, transaction);
}

describe('ConfidentialClient, AccessTokenVerifier', () => {
  it("exchanges the code with client_secret_basic; a wrong secret is the server's invalid_client, typed", async () => {
    const client = await clientFor(confidential);
    const result = await signIn(client);
    expect(result.claims.sub).toBe(user.signedIn.user.id);
    expect(result.zkKey?.keyId).toBe(user.accountKey.keyId);

    const wrong = await ConfidentialClient.create({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      clientSecret: 'not-the-secret',
      redirectUri: RP_REDIRECT,
    });
    const { url, transaction } = await wrong.authorizationUrl({ zk: true });
    const { callbackUrl } = await hostedSignIn(server, user, confidential.clientId, url);
    await expect(wrong.handleCallback(callbackUrl, transaction)).rejects.toMatchObject({
      code: 'oauth_error',
      oauthError: 'invalid_client',
    });
  });

  it('verifies access tokens offline (typ at+jwt, iss, aud), follows a key rotation, and introspects revocation', async () => {
    const client = await clientFor(confidential);
    const verifier = await AccessTokenVerifier.create({
      issuer: server.config.baseUrl,
      audience: confidential.clientId,
      jwksRefetchCooldownMs: 0,
    });
    const first = await signIn(client);
    const claims = await verifier.verify(first.tokens.accessToken);
    expect(claims).toMatchObject({ sub: user.signedIn.user.id, client_id: confidential.clientId });
    expect(await verifier.verifyAuthorizationHeader(`Bearer ${first.tokens.accessToken}`)).toMatchObject({
      sub: user.signedIn.user.id,
    });
    await expect(verifier.verifyAuthorizationHeader('Basic abc')).rejects.toMatchObject({
      code: 'not_signed_in',
    });
    // The ID token is signed by the same provider, but it is not an access token (RFC 9068 §4).
    await expect(verifier.verify(first.tokens.idToken)).rejects.toMatchObject({
      code: 'jwt_claim_mismatch',
      claim: 'typ',
    });
    // Another resource's verifier does not accept it.
    const elsewhere = await AccessTokenVerifier.create({
      issuer: server.config.baseUrl,
      audience: 'another-api',
    });
    await expect(elsewhere.verify(first.tokens.accessToken)).rejects.toMatchObject({
      code: 'jwt_claim_mismatch',
      claim: 'aud',
    });
    // A changed payload under the old signature.
    const [header, payload, signature] = first.tokens.accessToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    await expect(verifier.verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({
      code: 'jwt_signature_invalid',
    });
    // Not a compact JWS, and an unsigned one (alg none, RFC 8725 §3.1): both refused before any key is used.
    await expect(verifier.verify(`${header}.${payload}`)).rejects.toMatchObject({ code: 'jwt_invalid' });
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    await expect(verifier.verify(`${unsigned}.${payload}.`)).rejects.toMatchObject({ code: 'jwt_invalid' });
    // The same real token, seen by a resource server whose clock is past its expiry (beyond the tolerance).
    const { exp } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number };
    const later = await AccessTokenVerifier.create({
      issuer: server.config.baseUrl,
      audience: confidential.clientId,
      clock: () => (exp + 61) * 1000,
    });
    await expect(later.verify(first.tokens.accessToken)).rejects.toMatchObject({ code: 'jwt_expired' });
    const justBefore = await AccessTokenVerifier.create({
      issuer: server.config.baseUrl,
      audience: confidential.clientId,
      clock: () => (exp - 1) * 1000,
    });
    await expect(justBefore.verify(first.tokens.accessToken)).resolves.toMatchObject({
      sub: user.signedIn.user.id,
    });
    expect(verifier.jwks.fetchCount).toBe(1);

    // Two rotations, each promoting at once: tokens are now signed with a key the cached set never had (it was
    // made by the first rotation); one refetch finds it.
    await server.context.settings.set('signing.next_key_publish_seconds', 0);
    await server.context.signingKeys.rotate(['ES256']);
    await server.context.signingKeys.rotate(['ES256']);
    const second = await signIn(client);
    expect(second.tokens.accessToken.split('.')[0]).not.toBe(header);
    await expect(verifier.verify(second.tokens.accessToken)).resolves.toMatchObject({
      sub: user.signedIn.user.id,
    });
    expect(verifier.jwks.fetchCount).toBe(2);
    await verifier.verify(second.tokens.accessToken);
    expect(verifier.jwks.fetchCount).toBe(2);

    // Refresh rotates; introspection knows what the JWT alone cannot: the refreshed-away grant state.
    expect(await client.introspect(second.tokens.accessToken)).toMatchObject({
      active: true,
      sub: user.signedIn.user.id,
    });
    const refreshed = await client.refresh(second.tokens, second.claims);
    expect(refreshed.refreshToken).not.toBe(second.tokens.refreshToken);
    await expect(client.refresh(second.tokens, second.claims)).rejects.toMatchObject({
      code: 'oauth_error',
      oauthError: 'invalid_grant',
    });
    // Reusing the old refresh token revoked the family (RFC 9700 §4.14): introspection says so.
    expect(await client.introspect(refreshed.accessToken)).toEqual({ active: false });
  });

  it('legacy v1: #drk_jwe checked against zk_drk_hash and bound to this sign-in, the data root key handed back', async () => {
    const client = await clientFor(legacy);
    const { url, transaction } = await client.authorizationUrl({ zk: 'legacy-v1' });
    const { callbackUrl } = await hostedSignIn(server, user, legacy.clientId, url, { legacy: true });
    const tampered = callbackUrl.slice(0, -1) + (callbackUrl.endsWith('A') ? 'B' : 'A');
    await expect(client.handleCallback(tampered, transaction)).rejects.toMatchObject({
      code: 'hash_mismatch',
    });

    // A delivery bound to another authorization (the first one's state), which this one's hash vouches for.
    const replayed = await client.authorizationUrl({ zk: 'legacy-v1' });
    const elsewhere = await hostedSignIn(server, user, legacy.clientId, replayed.url, {
      legacy: true,
      alter: (payload) => {
        payload.state = transaction.state;
      },
    });
    await expect(client.handleCallback(elsewhere.callbackUrl, replayed.transaction)).rejects.toMatchObject({
      code: 'jwe_binding_mismatch',
      claim: 'state',
    });

    const second = await client.authorizationUrl({ zk: 'legacy-v1' });
    const delivered = await hostedSignIn(server, user, legacy.clientId, second.url, { legacy: true });
    const result = await client.handleCallback(delivered.callbackUrl, second.transaction);
    expect(result.legacyKey).toMatchObject({ keyId: user.accountKey.keyId, organizationId: null });
    await expectKeyIs(result.legacyKey!.key, expectedDrk(user, legacy.clientId));
    expect(JSON.parse(new TextDecoder().decode(result.legacyDrk!))).toMatchObject({
      v: 1,
      kind: 'data_root_key',
      state: second.transaction.state,
      key: { k: expectedDrk(user, legacy.clientId).toString('base64url') },
    });
    expect(result.zkKey).toBeNull();
  });
});
