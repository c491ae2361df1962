/**
 * @tessera/client's browser (public) client against a real Tessera (docs/zk.md §5, §10): the hosted UI's part is
 * played by ./hosted-ui.ts with real requests to the real server, and every check of the SDK is driven to its typed
 * error with a delivery a compromised party could produce.
 */
import { CompactEncrypt, type CompactJWEHeaderParameters, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPost, RP_POST_LOGOUT, RP_REDIRECT, registerClient } from '../../server/src/testing/oauth.js';
import { startTestServer, type TestServer } from '../../server/src/testing/server.js';
import { MemoryTransactionStore, TesseraClient, type TransactionStore } from '../src/index.js';
import { expectCode, expectKeyIs } from './expect.js';
import {
  deny,
  encryptToZkPub,
  expectedCak,
  type HostedUser,
  hostedSignIn,
  hostedUser,
  jweHash,
} from './hosted-ui.js';

let server: TestServer;
let clientId: string;
let user: HostedUser;
let otherUser: HostedUser;

beforeAll(async () => {
  server = await startTestServer();
  ({ clientId } = await registerClient(server, {
    type: 'public',
    zk_delivery: 'v2',
    zk_required: true,
    first_party: true,
  }));
  user = await hostedUser(server);
  otherUser = await hostedUser(server);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** A JWE made with jose to the app's zk_pub, under a header the test chooses (another algorithm, say). */
async function joseEncrypt(zkPub: string, plaintext: string, header: CompactJWEHeaderParameters) {
  const recipient = await importJWK(JSON.parse(Buffer.from(zkPub, 'base64url').toString()), header.alg);
  return new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader(header)
    .encrypt(recipient);
}

/** Replaces one segment of a compact JWE (0 header, 1 encrypted key, 2 iv, 3 ciphertext, 4 tag). */
function withSegment(jwe: string, index: number, change: (segment: Buffer) => Buffer): string {
  const parts = jwe.split('.');
  parts[index] = change(Buffer.from(parts[index]!, 'base64url')).toString('base64url');
  return parts.join('.');
}

/** Another app's ephemeral key: what it can decrypt, this sign-in's key cannot. */
const anotherZkPub = async () => {
  const client = await TesseraClient.create({
    issuer: server.config.baseUrl,
    clientId,
    redirectUri: RP_REDIRECT,
    transactions: new MemoryTransactionStore(),
  });
  return (await client.authorizationUrl({ zk: true })).searchParams.get('zk_pub')!;
};

/** A client as an app makes it; `fetch` lets a test stand between the SDK and the real server. */
function newClient(fetchImpl?: typeof fetch): Promise<TesseraClient> {
  return TesseraClient.create({
    issuer: server.config.baseUrl,
    clientId,
    redirectUri: RP_REDIRECT,
    postLogoutRedirectUri: RP_POST_LOGOUT,
    transactions: new MemoryTransactionStore(),
    fetch: fetchImpl,
  });
}

describe('TesseraClient (public client) with zero-knowledge key delivery v2', () => {
  it('signs in with PKCE, nonce and zk_pub, returns the CAK as a non-extractable key, refreshes with rotation and signs out', async () => {
    const client = await newClient();
    const url = await client.authorizationUrl({ zk: true, scopes: ['offline_access'] });
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: RP_REDIRECT,
      scope: 'openid offline_access',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      zk_pub: expect.any(String),
    });
    const { callbackUrl } = await hostedSignIn(server, user, clientId, url);
    const result = await client.handleCallback(callbackUrl);
    expect(result.claims.sub).toBe(user.signedIn.user.id);
    expect(result.zkKey).toMatchObject({ keyId: user.accountKey.keyId, organizationId: null });
    expect(result.zkKey!.raw).toBeUndefined();
    expect(result.zkKey!.key.extractable).toBe(false);
    expect(result.zkKey!.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expectKeyIs(result.zkKey!.key, expectedCak(user, clientId));
    // The same callback again: its sign-in is used up.
    await expectCode(client.handleCallback(callbackUrl), 'state_mismatch');

    // Refresh with rotation: a new refresh token; the old one is dead (and presenting it kills the family).
    const first = client.session!.tokens;
    expect(first.refreshToken).toEqual(expect.any(String));
    const refreshed = await client.refresh();
    expect(refreshed.tokens.refreshToken).not.toBe(first.refreshToken);
    expect(refreshed.tokens.accessToken).not.toBe(first.accessToken);
    expect(await client.accessToken()).toBe(refreshed.tokens.accessToken);

    // Sign-out revokes the refresh token and gives the RP-initiated logout URL.
    const logout = await client.signOut();
    expect(client.session).toBeNull();
    expect(`${logout!.origin}${logout!.pathname}`).toBe(`${server.config.baseUrl}/logout`);
    expect(Object.fromEntries(logout!.searchParams)).toEqual({
      client_id: clientId,
      id_token_hint: refreshed.tokens.idToken,
      post_logout_redirect_uri: RP_POST_LOGOUT,
    });
    const reuse = await formPost(server, '/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshed.tokens.refreshToken!,
      client_id: clientId,
    });
    expect(reuse).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    // Readable from a page on another origin, errors included (the SDK in a browser depends on it).
    expect(reuse.headers.get('access-control-allow-origin')).toBe('*');
    await expectCode(client.accessToken(), 'not_signed_in');
    // The server honours the URL the SDK built: back to the registered post-logout URI.
    const logoutPage = await fetch(logout!, { redirect: 'manual' });
    expect(logoutPage.status).toBe(303);
    expect(new URL(logoutPage.headers.get('location')!).href).toBe(new URL(RP_POST_LOGOUT).href);
  });

  it('hands out the raw key bytes only when asked', async () => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
    );
    const result = await client.handleCallback(callbackUrl, { rawKey: true });
    expect(Buffer.from(result.zkKey!.raw!)).toEqual(expectedCak(user, clientId));
    expect(result.zkKey!.key.extractable).toBe(false);
  });

  it('state_mismatch: a callback whose state is not one this client started', async () => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
    );
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'a-state-this-client-never-sent');
    await expectCode(client.handleCallback(forged), 'state_mismatch');
    const missing = new URL(callbackUrl);
    missing.searchParams.delete('state');
    await expectCode(client.handleCallback(missing), 'state_mismatch');
    // Another client instance (another browser) never started it either.
    await expectCode((await newClient()).handleCallback(callbackUrl), 'state_mismatch');
  });

  it('iss_mismatch: a response naming another issuer, or none (RFC 9207)', async () => {
    const client = await newClient();
    const first = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }));
    const other = new URL(first.callbackUrl);
    other.searchParams.set('iss', 'https://attacker.example');
    await expectCode(client.handleCallback(other), 'iss_mismatch');
    const second = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }));
    const none = new URL(second.callbackUrl);
    none.searchParams.delete('iss');
    await expectCode(client.handleCallback(none), 'iss_mismatch');
  });

  it("hash_mismatch: a tampered fragment, and another authorization's JWE, are refused before decryption", async () => {
    const client = await newClient();
    const first = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }));
    const tampered = first.callbackUrl.slice(0, -1) + (first.callbackUrl.endsWith('A') ? 'B' : 'A');
    await expectCode(client.handleCallback(tampered), 'hash_mismatch');

    const a = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }));
    const b = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }));
    const swapped = `${a.callbackUrl.split('#')[0]}#zk_key_jwe=${b.jwe}`;
    await expectCode(client.handleCallback(swapped), 'hash_mismatch');
  });

  it("hash_mismatch: a token response whose zk_key_hash was swapped for another delivery's", async () => {
    const other = await hostedSignIn(
      server,
      user,
      clientId,
      await (await newClient()).authorizationUrl({ zk: true }),
    );
    // Between the SDK and the real token endpoint: the answer's hash is replaced, nothing else.
    const swapHash: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith('/token')) return response;
      const json = (await response.json()) as Record<string, unknown>;
      expect(json.zk_key_hash).toEqual(expect.any(String));
      return Response.json({ ...json, zk_key_hash: jweHash(other.jwe) }, { status: response.status });
    };
    const client = await newClient(swapHash);
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
    );
    await expectCode(client.handleCallback(callbackUrl), 'hash_mismatch');
  });

  it.each([
    ['state', (payload: Record<string, unknown>) => (payload.state = 'another-authorization')],
    [
      'redirect_uri',
      (payload: Record<string, unknown>) => (payload.redirect_uri = 'https://rp.example.com/other'),
    ],
    ['client_id', (payload: Record<string, unknown>) => (payload.client_id = 'another-client')],
    ['iss', (payload: Record<string, unknown>) => (payload.iss = 'https://attacker.example')],
  ])('jwe_binding_mismatch: a delivery bound to another %s', async (claim, alter) => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
      {
        alter,
      },
    );
    await expectCode(client.handleCallback(callbackUrl), 'jwe_binding_mismatch', claim);
  });

  it("jwe_binding_mismatch: another user's key delivered into this user's sign-in (sub)", async () => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
      {
        alter: (payload) => {
          payload.sub = otherUser.signedIn.user.id;
        },
      },
    );
    await expectCode(client.handleCallback(callbackUrl), 'jwe_binding_mismatch', 'sub');
  });

  it('jwe_expired: a delivery whose 120-second window is over', async () => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
      {
        alter: (payload) => {
          payload.iat = Math.floor(Date.now() / 1000) - 600;
          payload.exp = (payload.iat as number) + 120;
        },
      },
    );
    await expectCode(client.handleCallback(callbackUrl), 'jwe_expired');
  });

  it('a legacy v1 delivery passed off as v2: its typ, or its v and kind, are refused', async () => {
    const client = await newClient();
    const typ = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }), {
      typ: 'tessera-zk-drk',
    });
    await expectCode(client.handleCallback(typ.callbackUrl), 'jwe_invalid');
    const labels = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }), {
      alter: (payload) => Object.assign(payload, { v: 1, kind: 'data_root_key' }),
    });
    await expectCode(client.handleCallback(labels.callbackUrl), 'jwe_binding_mismatch', 'kind');
  });

  it.each<[string, (zkPub: string, plaintext: string, typ: string) => string | Promise<string>]>([
    [
      'key wrapping (ECDH-ES+A256KW) instead of direct key agreement',
      (zkPub, plaintext, typ) =>
        joseEncrypt(zkPub, plaintext, { alg: 'ECDH-ES+A256KW', enc: 'A256GCM', typ }),
    ],
    [
      'another content encryption (A128GCM)',
      (zkPub, plaintext, typ) => joseEncrypt(zkPub, plaintext, { alg: 'ECDH-ES', enc: 'A128GCM', typ }),
    ],
    [
      'a ciphertext changed after encryption',
      (zkPub, plaintext, typ) =>
        withSegment(encryptToZkPub(zkPub, plaintext, typ), 3, (bytes) => {
          bytes[0]! ^= 1;
          return bytes;
        }),
    ],
    [
      'a protected header changed after encryption (it is the AAD)',
      (zkPub, plaintext, typ) =>
        withSegment(encryptToZkPub(zkPub, plaintext, typ), 0, (bytes) =>
          Buffer.from(JSON.stringify({ ...JSON.parse(bytes.toString()), kid: 'added' })),
        ),
    ],
    [
      'an Encrypted Key in a direct key agreement',
      (zkPub, plaintext, typ) =>
        withSegment(encryptToZkPub(zkPub, plaintext, typ), 1, () => Buffer.alloc(32, 7)),
    ],
    [
      "a JWE encrypted to another app's key",
      async (_zkPub, plaintext, typ) => encryptToZkPub(await anotherZkPub(), plaintext, typ),
    ],
    [
      'a compressed payload (zip, RFC 8725 §3.6)',
      (zkPub, plaintext, typ) => encryptToZkPub(zkPub, plaintext, typ, { zip: 'DEF' }),
    ],
    [
      'a critical header parameter the app does not know',
      (zkPub, plaintext, typ) => encryptToZkPub(zkPub, plaintext, typ, { crit: ['tessera'], tessera: 1 }),
    ],
    [
      'an epk that is not a point on P-256 (invalid-curve attack, RFC 8725 §3.4)',
      (zkPub, plaintext, typ) =>
        encryptToZkPub(zkPub, plaintext, typ, {
          epk: {
            kty: 'EC',
            crv: 'P-256',
            x: Buffer.alloc(32, 1).toString('base64url'),
            y: Buffer.alloc(32, 2).toString('base64url'),
          },
        }),
    ],
  ])('jwe_invalid: %s, though the token response vouches for its hash', async (_what, encrypt) => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
      { encrypt },
    );
    await expectCode(client.handleCallback(callbackUrl), 'jwe_invalid');
  });

  it('the same construction made by jose (ECDH-ES, A256GCM) is accepted: the refusals above are about what changed', async () => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
      {
        encrypt: (zkPub, plaintext, typ) =>
          joseEncrypt(zkPub, plaintext, { alg: 'ECDH-ES', enc: 'A256GCM', typ }),
      },
    );
    await expectKeyIs((await client.handleCallback(callbackUrl)).zkKey!.key, expectedCak(user, clientId));
  });

  it('zk_key_missing: a ZK sign-in that comes back without the fragment', async () => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
    );
    await expectCode(client.handleCallback(callbackUrl.split('#')[0]!), 'zk_key_missing');
  });

  it('authorization_denied: the user said no; jwt_signature_invalid: an ID token changed on the way', async () => {
    const client = await newClient();
    const denied = await deny(server, user, await client.authorizationUrl({ zk: true }));
    await expect(client.handleCallback(denied)).rejects.toMatchObject({
      code: 'authorization_denied',
      oauthError: 'access_denied',
    });

    const alterIdToken: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith('/token')) return response;
      const json = (await response.json()) as Record<string, string>;
      const [header, payload, signature] = json.id_token!.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: otherUser.signedIn.user.id })).toString(
        'base64url',
      );
      return Response.json({ ...json, id_token: `${header}.${forged}.${signature}` });
    };
    const forging = await newClient(alterIdToken);
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await forging.authorizationUrl({ zk: true }),
    );
    await expectCode(forging.handleCallback(callbackUrl), 'jwt_signature_invalid');
  });

  it('code_missing, invalid_response and jwe_invalid: a callback without a code, a token answer without tokens, an undecodable JWE the hash vouches for', async () => {
    const client = await newClient();
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
    );
    const codeless = new URL(callbackUrl);
    codeless.searchParams.delete('code');
    await expectCode(client.handleCallback(codeless), 'code_missing');

    // Between the SDK and the real token endpoint: the answer loses its access token.
    const dropAccessToken: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith('/token')) return response;
      const { access_token: _dropped, ...rest } = (await response.json()) as Record<string, unknown>;
      return Response.json(rest, { status: response.status });
    };
    const stripped = await newClient(dropAccessToken);
    const second = await hostedSignIn(server, user, clientId, await stripped.authorizationUrl({ zk: true }));
    await expectCode(stripped.handleCallback(second.callbackUrl), 'invalid_response');

    // A compromised path that replaces both the fragment and the token answer's hash: the hash matches, so the
    // JWE itself must be refused as malformed (five parts, but not a JWE this SDK can open).
    const garbage = ['e30', '', 'AAAA', 'AAAA', 'AAAA'].join('.');
    const swapToGarbage: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith('/token')) return response;
      const json = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...json, zk_key_hash: jweHash(garbage) }, { status: response.status });
    };
    const fooled = await newClient(swapToGarbage);
    const third = await hostedSignIn(server, user, clientId, await fooled.authorizationUrl({ zk: true }));
    const tampered = new URL(third.callbackUrl);
    tampered.hash = `zk_key_jwe=${garbage}`;
    await expectCode(fooled.handleCallback(tampered), 'jwe_invalid');
  });

  it("oauth_error: a code redeemed twice (the token endpoint's invalid_grant, typed)", async () => {
    // A store that forgets to forget: the same callback completes twice, and the server refuses the second code use.
    const remembered = new MemoryTransactionStore();
    const leaky: TransactionStore = {
      put: (transaction) => remembered.put(transaction),
      take: async (state) => {
        const found = await remembered.take(state);
        if (found) await remembered.put(found);
        return found;
      },
    };
    const client = await TesseraClient.create({
      issuer: server.config.baseUrl,
      clientId,
      redirectUri: RP_REDIRECT,
      transactions: leaky,
    });
    const { callbackUrl } = await hostedSignIn(
      server,
      user,
      clientId,
      await client.authorizationUrl({ zk: true }),
    );
    await client.handleCallback(callbackUrl);
    await expect(client.handleCallback(callbackUrl)).rejects.toMatchObject({
      code: 'oauth_error',
      oauthError: 'invalid_grant',
    });
  });

  it('zk_kind_mismatch, nonce_mismatch and discovery_failed', async () => {
    // A token response announcing another key version: refused before the hash or the JWE is looked at.
    const otherVersion: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith('/token')) return response;
      return Response.json({ ...((await response.json()) as object), zk_key_version: 3 });
    };
    const client = await newClient(otherVersion);
    const first = await hostedSignIn(server, user, clientId, await client.authorizationUrl({ zk: true }));
    await expectCode(client.handleCallback(first.callbackUrl), 'zk_kind_mismatch');

    // A store that hands back the sign-in with another nonce: the real ID token then answers another sign-in.
    const remembered = new MemoryTransactionStore();
    const otherNonce: TransactionStore = {
      put: (transaction) => remembered.put(transaction),
      take: async (state) => {
        const found = await remembered.take(state);
        return found && { ...found, nonce: 'another-sign-in' };
      },
    };
    const confused = await TesseraClient.create({
      issuer: server.config.baseUrl,
      clientId,
      redirectUri: RP_REDIRECT,
      transactions: otherNonce,
    });
    const second = await hostedSignIn(server, user, clientId, await confused.authorizationUrl({ zk: true }));
    await expectCode(confused.handleCallback(second.callbackUrl), 'nonce_mismatch');

    // The issuer must be exactly the discovery document's (OIDC Discovery §4.3).
    await expectCode(
      TesseraClient.create({ issuer: `${server.config.baseUrl}/`, clientId, redirectUri: RP_REDIRECT }),
      'discovery_failed',
    );

    // An https issuer whose document sends the JWKS fetch over plain HTTP: the real document, served for
    // https://id.example.test with only its issuer changed (its jwks_uri stays the test server's http URL).
    const httpsIssuer = 'https://id.example.test';
    const plainJwks: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith(httpsIssuer)) return fetch(input, init);
      const real = await fetch(`${server.config.baseUrl}/.well-known/openid-configuration`);
      return Response.json({ ...((await real.json()) as object), issuer: httpsIssuer });
    };
    await expectCode(
      TesseraClient.create({ issuer: httpsIssuer, clientId, redirectUri: RP_REDIRECT, fetch: plainJwks }),
      'discovery_failed',
    );
  });

  it('legacy v1 only with the explicit option', async () => {
    const client = await newClient();
    await expectCode(client.authorizationUrl({ zk: 'legacy-v1' }), 'invalid_argument');
  });
});
