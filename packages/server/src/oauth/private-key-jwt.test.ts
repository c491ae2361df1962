import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../testing/federation.js';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import { allowHttp, formPost, registerClient } from '../testing/oauth.js';
import type { TestServer } from '../testing/server.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

interface SigningKey {
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  publicJwk: JWK;
  kid: string;
}

async function signingKey(alg: 'ES256' | 'PS256' | 'EdDSA' = 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }, kid };
}

let nodes: TwoNodes;
let server: TestServer;
let issuer: string;
let key: SigningKey;
let clientId: string;

/** A client assertion as RFC 7523 §3 describes it; each claim may be overridden or removed (undefined). */
async function assertion(
  claims: Record<string, unknown> = {},
  options: { key?: SigningKey; client?: string; alg?: string } = {},
): Promise<string> {
  const signer = options.key ?? key;
  const client = options.client ?? clientId;
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    iss: client,
    sub: client,
    aud: issuer,
    iat: now,
    exp: now + 60,
    jti: randomUUID(),
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? signer.publicJwk.alg!, kid: signer.kid })
    .sign(signer.privateKey);
}

function tokenRequest(at: TestServer, clientAssertion: string, client = clientId) {
  return formPost(at, '/token', {
    grant_type: 'client_credentials',
    client_id: client,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: clientAssertion,
  });
}

beforeAll(async () => {
  nodes = await startTwoNodes({ sharedIssuer: true, env: FEDERATION_TEST_ENV });
  server = nodes.nodeA;
  issuer = server.config.baseUrl;
  key = await signingKey();
  const registered = await registerClient(server, {
    type: 'confidential',
    grant_types: ['client_credentials'],
    redirect_uris: [],
    post_logout_redirect_uris: [],
    scopes: [{ scope: 'reports', description: 'Reports' }],
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [key.publicJwk as Record<string, unknown>] },
  });
  clientId = registered.clientId;
  expect(registered.clientSecret).toBeNull();
});

afterAll(async () => {
  await nodes?.close();
});

describe('private_key_jwt (RFC 7523 §2.2, OIDC Core §9)', () => {
  it('authenticates oauth4webapi with PrivateKeyJwt at /token, and discovery says so', async () => {
    const as = await oauth.processDiscoveryResponse(
      new URL(issuer),
      await oauth.discoveryRequest(new URL(issuer), allowHttp),
    );
    expect(as.token_endpoint_auth_methods_supported).toContain('private_key_jwt');
    expect(as.token_endpoint_auth_signing_alg_values_supported).toEqual(['ES256', 'PS256', 'EdDSA']);
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      { client_id: clientId },
      oauth.PrivateKeyJwt({ key: key.privateKey, kid: key.kid }),
      new URLSearchParams({ scope: 'reports' }),
      allowHttp,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, { client_id: clientId }, response);
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.scope).toBe('reports');
  });

  it('refuses a replayed jti, on the same node and on another', async () => {
    const once = await assertion();
    expect((await tokenRequest(server, once)).status).toBe(200);
    const again = await tokenRequest(server, once);
    expect(again.status).toBe(401);
    expect(again.json.error).toBe('invalid_client');
    const elsewhere = await tokenRequest(nodes.nodeB, once);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.json.error).toBe('invalid_client');
    // A fresh assertion is accepted by the second node: the refusal was the replay, not the node.
    expect((await tokenRequest(nodes.nodeB, await assertion())).status).toBe(200);
  });

  it('gives exactly one success to concurrent uses of one assertion', async () => {
    const once = await assertion();
    const answers = await Promise.all([
      tokenRequest(server, once),
      tokenRequest(nodes.nodeB, once),
      tokenRequest(server, once),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
  });

  it.each([
    ['an endpoint URL as aud', () => ({ aud: `${issuer}/token` })],
    ['another issuer as aud', () => ({ aud: 'https://other.example' })],
    ['the issuer among other audiences', () => ({ aud: [issuer, 'https://other.example'] })],
    ['an expired assertion', () => ({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ['an assertion living too long', () => ({ exp: Math.floor(Date.now() / 1000) + 3600 })],
    ['no exp', () => ({ exp: undefined })],
    ['no jti', () => ({ jti: undefined })],
    ['another sub', () => ({ sub: 'someone-else' })],
    ['another iss', () => ({ iss: 'someone-else' })],
  ])('refuses %s', async (_name, claims) => {
    const answer = await tokenRequest(server, await assertion(claims()));
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe('invalid_client');
  });

  it('refuses alg none and HS256, even with the right claims', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: clientId, sub: clientId, aud: issuer, exp: now + 60, jti: randomUUID() };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none' })}.${encode(claims)}.`;
    expect((await tokenRequest(server, unsigned)).status).toBe(401);
    // HS256 keyed with the public key's own text: the classic confusion (RFC 8725 §2.1).
    const hmacKey = new TextEncoder().encode(JSON.stringify(key.publicJwk));
    const hs256 = await new SignJWT({ ...claims, jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .sign(hmacKey);
    const refused = await tokenRequest(server, hs256);
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe('invalid_client');
  });

  it('refuses an assertion signed by a key the client did not register', async () => {
    const stranger = await signingKey();
    const answer = await tokenRequest(server, await assertion({}, { key: { ...stranger, kid: key.kid } }));
    expect(answer.status).toBe(401);
  });

  it('refuses a client secret from a private_key_jwt client, and an assertion from a secret client', async () => {
    const secretClient = await registerClient(server, {
      grant_types: ['client_credentials'],
      redirect_uris: [],
      post_logout_redirect_uris: [],
    });
    const byAssertion = await tokenRequest(
      server,
      await assertion({}, { client: secretClient.clientId }),
      secretClient.clientId,
    );
    expect(byAssertion.status).toBe(401);
    const bySecret = await formPost(server, '/token', {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: 'anything',
    });
    expect(bySecret.status).toBe(401);
  });

  it('authenticates at /introspect and /revoke too', async () => {
    const token = (await tokenRequest(server, await assertion())).json.access_token as string;
    const introspected = await formPost(server, '/introspect', {
      token,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(),
    });
    expect(introspected.status).toBe(200);
    expect(introspected.json.active).toBe(true);
    const revoked = await formPost(server, '/revoke', {
      token,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(),
    });
    expect(revoked.status).toBe(200);
    const unauthenticated = await formPost(server, '/introspect', { token, client_id: clientId });
    expect(unauthenticated.status).toBe(401);
  });
});

describe('keys from a jwks_uri', () => {
  let jwksServer: Server;
  let served: JWK[] = [];
  let requests = 0;
  let uriClient: string;

  beforeAll(async () => {
    jwksServer = createServer((_request, response) => {
      requests += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: served }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    served = [key.publicJwk];
    uriClient = (
      await registerClient(server, {
        type: 'confidential',
        grant_types: ['client_credentials'],
        redirect_uris: [],
        post_logout_redirect_uris: [],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: `http://127.0.0.1:${port}/jwks.json`,
      })
    ).clientId;
  });

  afterAll(async () => {
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  it('caches the set, fetches it again once for an unknown kid, and not for every bogus one', async () => {
    const first = await tokenRequest(server, await assertion({}, { client: uriClient }), uriClient);
    expect(first.status).toBe(200);
    expect(requests).toBe(1);
    expect((await tokenRequest(server, await assertion({}, { client: uriClient }), uriClient)).status).toBe(
      200,
    );
    expect(requests).toBe(1);

    // The client rotates: it publishes a new key and signs with it at once.
    const rotated = await signingKey('EdDSA');
    served = [key.publicJwk, rotated.publicJwk];
    const withNewKey = await tokenRequest(
      server,
      await assertion({}, { client: uriClient, key: rotated }),
      uriClient,
    );
    expect(withNewKey.status).toBe(200);
    expect(requests).toBe(2);

    // A kid nobody published right after: refused without another fetch.
    const stranger = await signingKey();
    const bogus = await tokenRequest(
      server,
      await assertion({}, { client: uriClient, key: stranger }),
      uriClient,
    );
    expect(bogus.status).toBe(401);
    expect(requests).toBe(2);
  });
});
