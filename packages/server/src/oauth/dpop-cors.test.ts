import { randomUUID } from 'node:crypto';
import { exportJWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSecretBasic, type RegisteredClient, registerClient } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * A browser-based client using DPoP cross-origin (RFC 9449 §4.1 puts the proof in a `DPoP` header, which makes the
 * request "non-simple"): the browser's preflight is answered for /token, /par, /revoke and /userinfo, and the answers
 * let the page read `DPoP-Nonce` and `WWW-Authenticate` (Fetch Standard §3.2.3, CORS-exposed headers).
 */

let server: TestServer;
let confidential: RegisteredClient;
const ORIGIN = 'https://spa.example.com';

beforeAll(async () => {
  server = await startTestServer();
  confidential = await registerClient(server, {
    grant_types: ['client_credentials'],
    redirect_uris: [],
    post_logout_redirect_uris: [],
    scopes: [{ scope: 'api:read', description: 'Read the API' }],
  });
});
afterAll(async () => {
  await server?.close();
});

function preflight(path: string, method: string, headers: string) {
  return fetch(`${server.publicUrl}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });
}

const listed = (value: string | null) => (value ?? '').split(',').map((name) => name.trim().toLowerCase());

describe('CORS preflight for DPoP', () => {
  it.each([
    ['/token', 'POST'],
    ['/par', 'POST'],
    ['/revoke', 'POST'],
    ['/userinfo', 'GET'],
    ['/userinfo', 'POST'],
  ])(
    '%s %s: the DPoP and Authorization headers are allowed, for any origin, without credentials',
    async (path, method) => {
      const answer = await preflight(path, method, 'dpop, authorization, content-type');
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(listed(answer.headers.get('access-control-allow-methods'))).toContain(method.toLowerCase());
      expect(listed(answer.headers.get('access-control-allow-headers'))).toEqual(
        expect.arrayContaining(['dpop', 'authorization', 'content-type']),
      );
      expect(answer.headers.get('set-cookie')).toBeNull();
    },
  );

  it('does not allow methods the endpoint does not have', async () => {
    const answer = await preflight('/token', 'DELETE', 'dpop');
    expect(listed(answer.headers.get('access-control-allow-methods'))).not.toContain('delete');
  });

  it('lets the page read DPoP-Nonce and WWW-Authenticate from /token and /userinfo, refusals included', async () => {
    await server.context.settings.set('dpop.require_nonce', true);
    try {
      const keyPair = await oauth.generateKeyPair('ES256');
      const proof = await new SignJWT({
        jti: randomUUID(),
        htm: 'POST',
        htu: `${server.config.baseUrl}/token`,
        iat: Math.floor(Date.now() / 1000),
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(keyPair.publicKey) })
        .sign(keyPair.privateKey);
      const token = await fetch(`${server.publicUrl}/token`, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          dpop: proof,
          ...clientSecretBasic(confidential),
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api:read' }),
      });
      expect(token.status).toBe(400);
      expect(((await token.json()) as { error: string }).error).toBe('use_dpop_nonce');
      expect(token.headers.get('dpop-nonce')).toBeTruthy();
      expect(token.headers.get('access-control-allow-origin')).toBe('*');
      expect(listed(token.headers.get('access-control-expose-headers'))).toEqual(
        expect.arrayContaining(['dpop-nonce', 'www-authenticate']),
      );

      const userinfo = await fetch(`${server.publicUrl}/userinfo`, {
        headers: { origin: ORIGIN, authorization: 'DPoP not-a-token' },
      });
      expect(userinfo.status).toBe(401);
      expect(userinfo.headers.get('www-authenticate')).toMatch(/^DPoP /);
      expect(userinfo.headers.get('access-control-allow-origin')).toBe('*');
      expect(listed(userinfo.headers.get('access-control-expose-headers'))).toEqual(
        expect.arrayContaining(['dpop-nonce', 'www-authenticate']),
      );
    } finally {
      await server.context.settings.set('dpop.require_nonce', false);
    }
  });
});
