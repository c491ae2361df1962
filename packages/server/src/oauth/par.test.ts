import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoNodes } from '../testing/nodes.js';
import {
  allowHttp,
  authorizeAndApprove,
  browserGet,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

let server: TestServer;
let issuer: string;
let as: oauth.AuthorizationServer;
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let publicJwk: JWK;
const kid = randomUUID();
let clientId: string;
let user: SignedIn;

const auth = () => oauth.PrivateKeyJwt({ key: privateKey, kid });

/** A private_key_jwt assertion signed by the test client (RFC 7523 §3). */
async function clientAssertion(): Promise<Record<string, string>> {
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .sign(privateKey);
  return { client_assertion_type: ASSERTION_TYPE, client_assertion: assertion };
}

/** A request object (RFC 9101 §4) signed with the client's key; `claims` may override iss, aud, exp and nbf. */
async function requestObject(claims: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: clientId,
    aud: issuer,
    iat: now,
    nbf: now,
    exp: now + 60,
    client_id: clientId,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'oauth-authz-req+jwt' })
    .sign(privateKey);
}

function codeParameters(extra: Record<string, string> = {}): Record<string, string> {
  return {
    response_type: 'code',
    redirect_uri: RP_REDIRECT,
    scope: 'openid email',
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  };
}

async function push(form: Record<string, string>) {
  return formPost(server, '/par', { ...form, ...(await clientAssertion()) });
}

function authorizeWith(parameters: Record<string, string>): string {
  const url = new URL('/authorize', issuer);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.href;
}

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  as = await oauth.processDiscoveryResponse(
    new URL(issuer),
    await oauth.discoveryRequest(new URL(issuer), allowHttp),
  );
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' };
  clientId = (
    await registerClient(server, {
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [publicJwk as Record<string, unknown>] },
      require_pushed_authorization_requests: true,
    })
  ).clientId;
  user = await signInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('pushed authorization requests (RFC 9126)', () => {
  it('discovery names /par and the algorithms clients sign with', () => {
    expect(as.pushed_authorization_request_endpoint).toBe(`${issuer}/par`);
    expect(as.require_pushed_authorization_requests).toBe(false);
    expect(as.request_parameter_supported).toBe(true);
    expect(as.request_object_signing_alg_values_supported).toEqual(['ES256', 'PS256', 'EdDSA']);
  });

  it('completes a code flow through PAR with private_key_jwt, as oauth4webapi runs it', async () => {
    const client: oauth.Client = { client_id: clientId };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const pushed = await oauth.processPushedAuthorizationResponse(
      as,
      client,
      await oauth.pushedAuthorizationRequest(
        as,
        client,
        auth(),
        new URLSearchParams({
          response_type: 'code',
          redirect_uri: RP_REDIRECT,
          scope: 'openid email',
          state,
          nonce,
          code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        }),
        allowHttp,
      ),
    );
    expect(pushed.request_uri).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    expect(pushed.expires_in).toBeGreaterThan(0);
    expect(pushed.expires_in).toBeLessThanOrEqual(60);

    const callback = await authorizeAndApprove(
      server,
      user,
      authorizeWith({ client_id: clientId, request_uri: pushed.request_uri }),
    );
    const parameters = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth(),
      parameters,
      RP_REDIRECT,
      verifier,
      allowHttp,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: nonce,
    });
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(user.user.id);
  });

  it('refuses a request_uri used twice', async () => {
    const pushed = await push(codeParameters());
    expect(pushed.status).toBe(201);
    const url = authorizeWith({ client_id: clientId, request_uri: pushed.json.request_uri as string });
    expect((await browserGet(url, user.cookie)).status).toBe(302);
    const again = await browserGet(url, user.cookie);
    expect(again.status).toBe(400);
    expect(again.location).toBeNull();
    expect(again.body).toContain('request_uri');
  });

  it('refuses a request_uri of another client, and one with other parameters beside it', async () => {
    const pushed = await push(codeParameters());
    const other = await registerClient(server, { type: 'public', grant_types: ['authorization_code'] });
    const stolen = await browserGet(
      authorizeWith({ client_id: other.clientId, request_uri: pushed.json.request_uri as string }),
      user.cookie,
    );
    expect(stolen.status).toBe(400);
    const mixed = await browserGet(
      authorizeWith({
        client_id: clientId,
        request_uri: pushed.json.request_uri as string,
        scope: 'openid',
      }),
      user.cookie,
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body).toContain('only client_id may be sent');
  });

  it('refuses a client that requires PAR at plain /authorize', async () => {
    const plain = await browserGet(authorizeWith({ client_id: clientId, ...codeParameters() }), user.cookie);
    expect(plain.status).toBe(400);
    expect(plain.location).toBeNull();
    expect(plain.body).toContain('/par');
  });

  it('requires PAR of every client under the setting, and discovery says so', async () => {
    const open = await registerClient(server, { type: 'public', grant_types: ['authorization_code'] });
    const plain = () =>
      browserGet(authorizeWith({ client_id: open.clientId, ...codeParameters() }), user.cookie);
    expect((await plain()).status).toBe(302);
    await server.context.settings.set('clients.require_pushed_authorization_requests', true);
    try {
      expect((await plain()).status).toBe(400);
      const metadata = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >;
      expect(metadata.require_pushed_authorization_requests).toBe(true);
      // A public client pushes with its client_id alone (RFC 9126 §2: the token endpoint's methods).
      const pushed = await formPost(server, '/par', { client_id: open.clientId, ...codeParameters() });
      expect(pushed.status).toBe(201);
      const viaPar = await browserGet(
        authorizeWith({ client_id: open.clientId, request_uri: pushed.json.request_uri as string }),
        user.cookie,
      );
      expect(viaPar.status).toBe(302);
    } finally {
      await server.context.settings.set('clients.require_pushed_authorization_requests', false);
    }
  });

  it('checks a pushed request as /authorize does, and answers as the token endpoint does', async () => {
    const badRedirect = await push(codeParameters({ redirect_uri: 'https://attacker.example/cb' }));
    expect(badRedirect.status).toBe(400);
    expect(badRedirect.json.error).toBe('invalid_request');
    const badScope = await push(codeParameters({ scope: 'openid admin' }));
    expect(badScope.status).toBe(400);
    expect(badScope.json.error).toBe('invalid_scope');
    const unauthenticated = await formPost(server, '/par', { client_id: clientId, ...codeParameters() });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.json.error).toBe('invalid_client');
  });
});

describe('signed request objects (RFC 9101)', () => {
  it('takes the parameters from a request object pushed to /par, and only from it', async () => {
    const state = oauth.generateRandomState();
    const pushed = await push({
      request: await requestObject(codeParameters({ state })),
      scope: 'openid profile',
    });
    expect(pushed.status).toBe(201);
    const callback = await authorizeAndApprove(
      server,
      user,
      authorizeWith({ client_id: clientId, request_uri: pushed.json.request_uri as string }),
    );
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a request object with a tampered signature, an expired one, and one for another audience', async () => {
    const genuine = await requestObject(codeParameters());
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...claims, scope: 'openid email profile' }),
    ).toString('base64url');
    const tampered = await push({ request: `${header}.${tamperedPayload}.${signature}` });
    expect(tampered.status).toBe(400);
    // RFC 9126 §2.3: a request object that is not valid is invalid_request_object.
    expect(tampered.json.error).toBe('invalid_request_object');
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect((await push({ request: flipped })).status).toBe(400);
    const now = Math.floor(Date.now() / 1000);
    const expired = await requestObject({
      ...codeParameters(),
      exp: now - 120,
      iat: now - 180,
      nbf: now - 180,
    });
    expect((await push({ request: expired })).status).toBe(400);
    const elsewhere = await requestObject({ ...codeParameters(), aud: 'https://other.example' });
    expect((await push({ request: elsewhere })).status).toBe(400);
  });

  it('refuses a tampered request object at /authorize too, on a page, never redirecting', async () => {
    const open = await registerClient(server, {
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [publicJwk as Record<string, unknown>] },
    });
    const now = Math.floor(Date.now() / 1000);
    const signed = await new SignJWT({ client_id: open.clientId, ...codeParameters() })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(open.clientId)
      .setAudience(issuer)
      .setExpirationTime(now + 60)
      .sign(privateKey);
    const accepted = await browserGet(
      authorizeWith({ client_id: open.clientId, request: signed }),
      user.cookie,
    );
    expect(accepted.status).toBe(302);
    const [header, payload, signature] = signed.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, redirect_uri: 'https://attacker.example/cb' }),
    ).toString('base64url');
    const refused = await browserGet(
      authorizeWith({ client_id: open.clientId, request: `${header}.${forged}.${signature}` }),
      user.cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.location).toBeNull();
  });
});

describe('a pushed request on two nodes', () => {
  it('is used exactly once, whichever nodes the browsers reach', async () => {
    const nodes = await startTwoNodes({ sharedIssuer: true });
    try {
      const app = await registerClient(nodes.nodeA, { type: 'public', grant_types: ['authorization_code'] });
      const signedIn = await signInUser(nodes.nodeA);
      const pushed = await formPost(nodes.nodeA, '/par', { client_id: app.clientId, ...codeParameters() });
      expect(pushed.status).toBe(201);
      const path = `/authorize?client_id=${encodeURIComponent(app.clientId)}&request_uri=${encodeURIComponent(
        pushed.json.request_uri as string,
      )}`;
      const answers = await Promise.all(
        [nodes.nodeA, nodes.nodeB, nodes.nodeA, nodes.nodeB].map((node) =>
          browserGet(`${node.publicUrl}${path}`, signedIn.cookie),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400, 400, 400]);
    } finally {
      await nodes.close();
    }
  });
});

describe('registering client keys', () => {
  it('refuses private keys, a private_key_jwt client without keys, and both jwks and jwks_uri', async () => {
    const base = { name: 'Keyed', type: 'confidential' as const, redirect_uris: [RP_REDIRECT] };
    const grants = { grant_types: ['authorization_code' as const] };
    await expect(
      server.context.clients.registry.create({
        ...base,
        ...grants,
        token_endpoint_auth_method: 'private_key_jwt',
      }),
    ).rejects.toThrow(/needs jwks or jwks_uri/);
    const { privateKey: exportedPrivate } = await generateKeyPair('ES256', { extractable: true });
    await expect(
      server.context.clients.registry.create({
        ...base,
        ...grants,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [(await exportJWK(exportedPrivate)) as Record<string, unknown>] },
      }),
    ).rejects.toThrow(/public keys/);
    await expect(
      server.context.clients.registry.create({
        ...base,
        ...grants,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [publicJwk as Record<string, unknown>] },
        jwks_uri: 'https://app.example/jwks.json',
      }),
    ).rejects.toThrow(/not both/);
    await expect(
      server.context.clients.registry.create({
        ...base,
        type: 'public',
        ...grants,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [publicJwk as Record<string, unknown>] },
      }),
    ).rejects.toThrow(/public clients use none/);
  });
});
