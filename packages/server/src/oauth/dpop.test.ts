import { createHash, createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, decodeJwt, exportJWK, type JWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRequest } from '../testing/code-flow.js';
import { startTwoNodes } from '../testing/nodes.js';
import {
  allowHttp,
  authorizeAndApprove,
  clientSecretBasic,
  formPost,
  type RegisteredClient,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
  strictClient,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * DPoP (RFC 9449): oauth4webapi's DPoP handle as the strict client (code flow, refresh, userinfo, nonces), and an
 * attacker's hand-made proofs against /token and /userinfo.
 */

let server: TestServer;
let signedIn: SignedIn;
let publicClient: RegisteredClient;
let confidential: RegisteredClient;

const SCOPES = [
  { scope: 'openid', description: '' },
  { scope: 'profile', description: '' },
  { scope: 'offline_access', description: '' },
  { scope: 'api:read', description: 'Read the API' },
];

beforeAll(async () => {
  server = await startTestServer();
  signedIn = await signInUser(server, { name: 'Ada Lovelace', email: 'ada@example.com' });
  publicClient = await registerClient(server, {
    type: 'public',
    grant_types: ['authorization_code', 'refresh_token'],
    scopes: SCOPES,
  });
  confidential = await registerClient(server, {
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    scopes: SCOPES,
  });
});
afterAll(async () => {
  await server?.close();
});

/** Runs `request` once more when the server asks for a (fresh) nonce, as oauth4webapi's DPoP handle expects. */
async function withNonceRetry<T>(request: () => Promise<T>): Promise<{ result: T; retried: boolean }> {
  try {
    return { result: await request(), retried: false };
  } catch (error) {
    if (!oauth.isDPoPNonceError(error)) throw error;
    return { result: await request(), retried: true };
  }
}

/** The code flow of `registered` with oauth4webapi and a DPoP key; the token response and how it went. */
async function dpopCodeFlow(
  registered: RegisteredClient,
  keyPair: oauth.CryptoKeyPair,
  authorizationParameters: Record<string, string> = {},
) {
  const rp = await strictClient(server, registered);
  const dpop = oauth.DPoP(rp.client, keyPair);
  const { url, verifier } = await codeRequest(server, registered, {
    scope: 'openid profile offline_access',
    ...authorizationParameters,
  });
  const callback = await authorizeAndApprove(server, signedIn, url);
  const parameters = oauth.validateAuthResponse(rp.as, rp.client, callback, oauth.expectNoState);
  const { result: tokens, retried } = await withNonceRetry(async () =>
    oauth.processAuthorizationCodeResponse(
      rp.as,
      rp.client,
      await oauth.authorizationCodeGrantRequest(
        rp.as,
        rp.client,
        rp.auth,
        parameters,
        RP_REDIRECT,
        verifier,
        {
          DPoP: dpop,
          ...allowHttp,
        },
      ),
    ),
  );
  return { rp, dpop, tokens, retried };
}

async function userInfoWith(
  rp: Awaited<ReturnType<typeof strictClient>>,
  dpop: oauth.DPoPHandle,
  token: string,
) {
  return withNonceRetry(async () =>
    oauth.processUserInfoResponse(
      rp.as,
      rp.client,
      oauth.skipSubjectCheck,
      await oauth.userInfoRequest(rp.as, rp.client, token, { DPoP: dpop, ...allowHttp }),
    ),
  );
}

async function thumbprint(keyPair: oauth.CryptoKeyPair): Promise<string> {
  return calculateJwkThumbprint(await exportJWK(keyPair.publicKey), 'sha256');
}

/** An attacker's (or a careless client's) proof: a valid ES256 proof unless the claims or header say otherwise. */
async function handProof(
  keyPair: oauth.CryptoKeyPair,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
): Promise<string> {
  const jwk = await exportJWK(keyPair.publicKey);
  return new SignJWT({ jti: randomUUID(), iat: Math.floor(Date.now() / 1000), ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk, ...header })
    .sign(keyPair.privateKey);
}

const ath = (token: string) => createHash('sha256').update(token).digest('base64url');
const tokenUrl = () => `${server.config.baseUrl}/token`;
const userInfoUrl = () => `${server.config.baseUrl}/userinfo`;

function clientCredentials(client: RegisteredClient, proof?: string) {
  return formPost(
    server,
    '/token',
    { grant_type: 'client_credentials', scope: 'api:read' },
    { ...clientSecretBasic(client), ...(proof === undefined ? {} : { dpop: proof }) },
  );
}

function userInfo(authorization: string, proof?: string) {
  return fetch(userInfoUrl(), {
    headers: { authorization, ...(proof === undefined ? {} : { dpop: proof }) },
  });
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('DPoP with oauth4webapi as the client', () => {
  it('binds a public client’s tokens to its key: code flow, refresh and userinfo with the DPoP scheme', async () => {
    const keyPair = await oauth.generateKeyPair('ES256');
    const { rp, dpop, tokens } = await dpopCodeFlow(publicClient, keyPair);
    expect(tokens.token_type).toBe('dpop');
    expect(decodeJwt(tokens.access_token).cnf).toEqual({ jkt: await thumbprint(keyPair) });

    const refreshed = await oauth.processRefreshTokenResponse(
      rp.as,
      rp.client,
      await oauth.refreshTokenGrantRequest(rp.as, rp.client, rp.auth, tokens.refresh_token!, {
        DPoP: dpop,
        ...allowHttp,
      }),
    );
    expect(refreshed.token_type).toBe('dpop');
    expect(decodeJwt(refreshed.access_token).cnf).toEqual({ jkt: await thumbprint(keyPair) });

    const { result: info } = await userInfoWith(rp, dpop, refreshed.access_token);
    expect(info.sub).toBe(signedIn.user.id);
    expect(info.name).toBe('Ada Lovelace');
  });

  it('advertises the proof algorithms and reports the binding in introspection (RFC 9449 §5.1, §6.2)', async () => {
    const keyPair = await oauth.generateKeyPair('EdDSA');
    const { tokens, rp } = await dpopCodeFlow(confidential, keyPair);
    expect(rp.as.dpop_signing_alg_values_supported).toEqual(['ES256', 'EdDSA', 'Ed25519', 'PS256']);
    const introspected = await formPost(
      server,
      '/introspect',
      { token: tokens.access_token },
      clientSecretBasic(confidential),
    );
    expect(introspected.json).toMatchObject({
      active: true,
      token_type: 'DPoP',
      cnf: { jkt: await thumbprint(keyPair) },
    });
  });

  it('answers use_dpop_nonce with a DPoP-Nonce while nonces are required, and the library’s retry succeeds', async () => {
    await server.context.settings.set('dpop.require_nonce', true);
    try {
      const keyPair = await oauth.generateKeyPair('ES256');
      const { rp, dpop, tokens, retried } = await dpopCodeFlow(publicClient, keyPair);
      expect(retried).toBe(true);
      expect(tokens.token_type).toBe('dpop');
      const { result: info } = await userInfoWith(rp, dpop, tokens.access_token);
      expect(info.sub).toBe(signedIn.user.id);

      // Without the nonce, /userinfo challenges with the DPoP scheme and the nonce to use (RFC 9449 §9).
      const refused = await userInfo(
        `DPoP ${tokens.access_token}`,
        await handProof(keyPair, { htm: 'GET', htu: userInfoUrl(), ath: ath(tokens.access_token) }),
      );
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^DPoP error="use_dpop_nonce"/);
      expect(refused.headers.get('dpop-nonce')).toBeTruthy();

      // A nonce of the attacker's making is no nonce of ours.
      const forged = createHmac('sha256', 'guess').update('dpop-nonce').digest('base64url');
      const answer = await clientCredentials(
        confidential,
        await handProof(keyPair, { htm: 'POST', htu: tokenUrl(), nonce: forged }),
      );
      expect(answer.status).toBe(400);
      expect(answer.json.error).toBe('use_dpop_nonce');
      expect(answer.headers.get('dpop-nonce')).toBeTruthy();
    } finally {
      await server.context.settings.set('dpop.require_nonce', false);
    }
  });
});

describe('dpop_jkt at the authorization endpoint (RFC 9449 §10)', () => {
  it('binds the code to the key: another key cannot redeem it, nor burn it, and the owner then can', async () => {
    const keyPair = await oauth.generateKeyPair('ES256');
    const rp = await strictClient(server, publicClient);
    const dpop = oauth.DPoP(rp.client, keyPair);
    const { url, verifier } = await codeRequest(server, publicClient, {
      dpop_jkt: await dpop.calculateThumbprint(),
    });
    const callback = await authorizeAndApprove(server, signedIn, url);
    const code = callback.searchParams.get('code')!;
    const redeem = (headers: Record<string, string>) =>
      formPost(
        server,
        '/token',
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: RP_REDIRECT,
          code_verifier: verifier,
          client_id: publicClient.clientId,
        },
        headers,
      );
    const thief = await oauth.generateKeyPair('ES256');
    const otherKey = await redeem({ dpop: await handProof(thief, { htm: 'POST', htu: tokenUrl() }) });
    expect(otherKey.status).toBe(400);
    expect(otherKey.json.error).toBe('invalid_grant');
    const noProof = await redeem({});
    expect(noProof.status).toBe(400);
    expect(noProof.json.error).toBe('invalid_grant');

    const parameters = oauth.validateAuthResponse(rp.as, rp.client, callback, oauth.expectNoState);
    const tokens = await oauth.processAuthorizationCodeResponse(
      rp.as,
      rp.client,
      await oauth.authorizationCodeGrantRequest(
        rp.as,
        rp.client,
        rp.auth,
        parameters,
        RP_REDIRECT,
        verifier,
        {
          DPoP: dpop,
          ...allowHttp,
        },
      ),
    );
    expect(tokens.token_type).toBe('dpop');
    expect(decodeJwt(tokens.access_token).cnf).toEqual({ jkt: await thumbprint(keyPair) });
  });

  it('refuses a dpop_jkt that is no thumbprint', async () => {
    const { url } = await codeRequest(server, publicClient, { dpop_jkt: 'not-a-thumbprint' });
    const answer = await fetch(url, { redirect: 'manual', headers: { cookie: signedIn.cookie } });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(RP_REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('DPoP proofs an attacker makes at /token', () => {
  it('accepts a well-formed proof once, and refuses it replayed', async () => {
    const keyPair = await oauth.generateKeyPair('ES256');
    const proof = await handProof(keyPair, { htm: 'POST', htu: tokenUrl() });
    const first = await clientCredentials(confidential, proof);
    expect(first.status).toBe(200);
    expect(first.json.token_type).toBe('DPoP');
    const replayed = await clientCredentials(confidential, proof);
    expect(replayed.status).toBe(400);
    expect(replayed.json).toMatchObject({ error: 'invalid_dpop_proof' });
  });

  it('refuses a proof for another method or URL, compared with the configured base URL and not the Host', async () => {
    const keyPair = await oauth.generateKeyPair('ES256');
    for (const claims of [
      { htm: 'GET', htu: tokenUrl() },
      { htm: 'POST', htu: `${server.config.baseUrl}/userinfo` },
      { htm: 'POST', htu: 'https://attacker.example/token' },
    ]) {
      const answer = await clientCredentials(confidential, await handProof(keyPair, claims));
      expect(answer.status, JSON.stringify(claims)).toBe(400);
      expect(answer.json.error).toBe('invalid_dpop_proof');
    }
    // A Host header naming the attacker's origin does not make its htu ours.
    const spoofed = await fetch(tokenUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'attacker.example',
        dpop: await handProof(keyPair, { htm: 'POST', htu: 'http://attacker.example/token' }),
        ...clientSecretBasic(confidential),
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(spoofed.status).toBe(400);
    // The query and fragment of htu are ignored (RFC 9449 §4.3 step 9).
    const withQuery = await clientCredentials(
      confidential,
      await handProof(keyPair, { htm: 'POST', htu: `${tokenUrl()}?x=1#y` }),
    );
    expect(withQuery.status).toBe(200);
  });

  it('refuses a stale or future iat', async () => {
    const keyPair = await oauth.generateKeyPair('ES256');
    const now = Math.floor(Date.now() / 1000);
    for (const iat of [now - 300, now + 300]) {
      const answer = await clientCredentials(
        confidential,
        await handProof(keyPair, { htm: 'POST', htu: tokenUrl(), iat }),
      );
      expect(answer.status).toBe(400);
      expect(answer.json.error).toBe('invalid_dpop_proof');
    }
  });

  it('refuses alg none, HS256, a private key in jwk, and a missing typ', async () => {
    const keyPair = await oauth.generateKeyPair('ES256');
    const publicJwk = await exportJWK(keyPair.publicKey);
    const claims = { jti: randomUUID(), iat: Math.floor(Date.now() / 1000), htm: 'POST', htu: tokenUrl() };
    const unsigned = `${base64urlJson({ alg: 'none', typ: 'dpop+jwt', jwk: publicJwk })}.${base64urlJson(claims)}.`;
    const secret = Buffer.from('a shared secret the attacker picked, 32 bytes long');
    const hmacInput = `${base64urlJson({ alg: 'HS256', typ: 'dpop+jwt', jwk: { kty: 'oct', k: secret.toString('base64url') } })}.${base64urlJson({ ...claims, jti: randomUUID() })}`;
    const hmac = `${hmacInput}.${createHmac('sha256', secret).update(hmacInput).digest('base64url')}`;
    // Signed correctly, but with the private key published in the header.
    const extractable = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const privateJwk: JWK = extractable.privateKey.export({ format: 'jwk' }) as JWK;
    const withPrivateKey = await new SignJWT({ ...claims, jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: privateJwk })
      .sign(extractable.privateKey);
    const untyped = await new SignJWT({ ...claims, jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', jwk: publicJwk })
      .sign(keyPair.privateKey);
    for (const proof of [unsigned, hmac, withPrivateKey, untyped]) {
      const answer = await clientCredentials(confidential, proof);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toBe('invalid_dpop_proof');
    }
  });

  it('requires a proof of a client registered with dpop_bound_access_tokens (RFC 9449 §5.2)', async () => {
    const strict = await registerClient(server, {
      grant_types: ['client_credentials'],
      scopes: SCOPES,
      dpop_bound_access_tokens: true,
    });
    const without = await clientCredentials(strict);
    expect(without.status).toBe(400);
    expect(without.json.error).toBe('invalid_dpop_proof');
    const keyPair = await oauth.generateKeyPair('ES256');
    const withProof = await clientCredentials(
      strict,
      await handProof(keyPair, { htm: 'POST', htu: tokenUrl() }),
    );
    expect(withProof.status).toBe(200);
    expect(withProof.json.token_type).toBe('DPoP');
  });

  it('refuses a bound refresh token with another key or without a proof, and does not burn it', async () => {
    const keyPair = await oauth.generateKeyPair('ES256');
    const { tokens } = await dpopCodeFlow(publicClient, keyPair);
    const refresh = (headers: Record<string, string>) =>
      formPost(
        server,
        '/token',
        {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: publicClient.clientId,
        },
        headers,
      );
    const thief = await oauth.generateKeyPair('ES256');
    const otherKey = await refresh({ dpop: await handProof(thief, { htm: 'POST', htu: tokenUrl() }) });
    expect(otherKey.status).toBe(400);
    expect(otherKey.json.error).toBe('invalid_grant');
    const noProof = await refresh({});
    expect(noProof.status).toBe(400);
    expect(noProof.json.error).toBe('invalid_grant');
    const owner = await refresh({ dpop: await handProof(keyPair, { htm: 'POST', htu: tokenUrl() }) });
    expect(owner.status).toBe(200);
    expect(owner.json.token_type).toBe('DPoP');
  });
});

describe('DPoP at /userinfo (RFC 9449 §7)', () => {
  let keyPair: oauth.CryptoKeyPair;
  let accessToken: string;
  beforeAll(async () => {
    keyPair = await oauth.generateKeyPair('ES256');
    ({
      tokens: { access_token: accessToken },
    } = await dpopCodeFlow(confidential, keyPair));
  });

  const proofFor = (token: string, overrides: Record<string, unknown> = {}, key = keyPair) =>
    handProof(key, { htm: 'GET', htu: userInfoUrl(), ath: ath(token), ...overrides });

  it('refuses a DPoP-bound token presented as a bearer token', async () => {
    const answer = await userInfo(`Bearer ${accessToken}`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'invalid_token' });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="tessera", error="invalid_token"/);
  });

  it('refuses a proof without ath, with the wrong ath, or replayed, with a DPoP challenge', async () => {
    const cases = [
      await handProof(keyPair, { htm: 'GET', htu: userInfoUrl() }),
      await proofFor(accessToken, { ath: ath(`${accessToken}x`) }),
      await proofFor(accessToken, { htm: 'POST' }),
    ];
    for (const proof of cases) {
      const answer = await userInfo(`DPoP ${accessToken}`, proof);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: 'invalid_dpop_proof' });
      expect(answer.headers.get('www-authenticate')).toMatch(
        /^DPoP error="invalid_dpop_proof", error_description="[^"]+", algs="ES256 EdDSA Ed25519 PS256"$/,
      );
    }
    const proof = await proofFor(accessToken);
    expect((await userInfo(`DPoP ${accessToken}`, proof)).status).toBe(200);
    const replayed = await userInfo(`DPoP ${accessToken}`, proof);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_dpop_proof' });
  });

  it('refuses the DPoP scheme without a proof, or with a proof of another key', async () => {
    const noProof = await userInfo(`DPoP ${accessToken}`);
    expect(noProof.status).toBe(401);
    expect(await noProof.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    const thief = await oauth.generateKeyPair('ES256');
    const otherKey = await userInfo(`DPoP ${accessToken}`, await proofFor(accessToken, {}, thief));
    expect(otherKey.status).toBe(401);
    expect(await otherKey.json()).toMatchObject({ error: 'invalid_token' });
    expect(otherKey.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_token"/);
  });

  it('keeps bearer tokens working as before', async () => {
    const bearer = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials', scope: 'api:read' },
      clientSecretBasic(confidential),
    );
    expect(bearer.json.token_type).toBe('Bearer');
    expect(decodeJwt(bearer.json.access_token as string).cnf).toBeUndefined();
  });
});

describe('DPoP replay across nodes', () => {
  it('refuses on node B a proof node A accepted', async () => {
    const nodes = await startTwoNodes({ sharedIssuer: true });
    try {
      const registered = await registerClient(nodes.nodeA, {
        grant_types: ['client_credentials'],
        scopes: SCOPES,
      });
      const keyPair = await oauth.generateKeyPair('ES256');
      const proof = await handProof(keyPair, { htm: 'POST', htu: `${nodes.nodeA.config.baseUrl}/token` });
      const post = (node: TestServer) =>
        fetch(`${node.publicUrl}/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            dpop: proof,
            ...clientSecretBasic(registered),
          },
          body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api:read' }),
        });
      const atA = await post(nodes.nodeA);
      expect(atA.status).toBe(200);
      const atB = await post(nodes.nodeB);
      expect(atB.status).toBe(400);
      expect(await atB.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    } finally {
      await nodes.close();
    }
  });
});
