import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization, registerClient } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { registeredRoutes } from './build.js';
import { sanitizeErrorDescription } from './error-description.js';
import { isJsonContentType } from './security-headers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TESSERA_BODY_LIMIT: '4KiB' } });
});
afterAll(async () => {
  await server?.close();
});

async function expectJsonError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe('error model', () => {
  it('answers an unknown route with 404 JSON on both ports', async () => {
    await expectJsonError(await fetch(`${server.publicUrl}/no/such/route`), 404, 'not_found');
    // On the admin port other paths belong to the portal's client-side routes; API paths stay JSON.
    await expectJsonError(await fetch(`${server.adminUrl}/admin/no/such/route`), 404, 'not_found');
    await expectJsonError(await fetch(`${server.adminUrl}/install/nope`), 404, 'not_found');
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const response = await fetch(`${server.publicUrl}/.well-known/jwks.json`, { method: 'DELETE' });
    expect(response.headers.get('allow')).toBe('GET');
    await expectJsonError(response, 405, 'method_not_allowed');
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    // A route that takes a JSON body: the body is parsed (and refused) before its handler runs.
    const post = (body: string) =>
      fetch(`${server.publicUrl}/api/user/login/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(server.config.baseUrl).origin },
        body,
      });
    const malformed = await post('{"unterminated": ');
    await expectJsonError(malformed, 400, 'malformed_body');
    const oversized = await post(JSON.stringify({ padding: 'x'.repeat(8 * 1024) }));
    await expectJsonError(oversized, 413, 'payload_too_large');
  });

  it('puts strict security headers on every response, errors included', async () => {
    // The UIs' pages: their own scripts and styles, nothing inline, no DOM sink taking a string.
    for (const url of [`${server.publicUrl}/ui/`, `${server.adminUrl}/`]) {
      const response = await fetch(url);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("require-trusted-types-for 'script'");
      // Only the admin portal's email preview may make a Trusted Types policy; the hosted UI none.
      expect(csp).toContain(
        url.startsWith(server.adminUrl) ? 'trusted-types email-preview' : "trusted-types 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    // JSON answers, a 404 and the JWKS (application/jwk-set+json) among them: no source of any kind.
    for (const url of [
      `${server.publicUrl}/healthz`,
      `${server.publicUrl}/nope`,
      `${server.publicUrl}/.well-known/jwks.json`,
      `${server.adminUrl}/readyz`,
    ]) {
      const response = await fetch(url);
      expect(response.headers.get('content-type')).toMatch(/^application\/(json|jwk-set\+json)/);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('tells JSON media types from the rest by their type, parameters aside', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/jwk-set+json',
      'application/scim+json; charset=utf-8',
      'application/problem+json',
    ])
      expect(isJsonContentType(type)).toBe(true);
    for (const type of [
      undefined,
      42,
      'text/html; charset=utf-8',
      'text/json+html',
      'application/javascript',
      'application/jsonp',
    ])
      expect(isJsonContentType(type)).toBe(false);
  });

  it("sends HSTS on a port only when that port's own URL is https", async () => {
    // This server's public URL is plain http; its admin URL says the admin port is reached through TLS.
    const tls = await startTestServer({ env: { TESSERA_ADMIN_URL: 'https://admin.tessera.test' } });
    try {
      const admin = await fetch(`${tls.adminUrl}/readyz`);
      expect(admin.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const publicPort = await fetch(`${tls.publicUrl}/healthz`);
      expect(publicPort.status).toBe(200);
      expect(publicPort.headers.get('strict-transport-security')).toBeNull();
      // The default test server: neither port is https.
      expect((await fetch(`${server.adminUrl}/readyz`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await tls.close();
    }
  });
});

/** The one source of the release's version: the root package.json (`npm run release` keeps the packages in step). */
const RELEASE_VERSION = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe('health', () => {
  it('serves /healthz and /readyz on both ports', async () => {
    for (const base of [server.publicUrl, server.adminUrl]) {
      for (const path of ['/healthz', '/readyz']) {
        const response = await fetch(`${base}${path}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(
          path === '/healthz'
            ? { status: 'ok', version: RELEASE_VERSION }
            : { status: 'ok', database: 'ok', caches: 'current', rate_limits: 'node' },
        );
      }
    }
  });
});

describe('OpenAPI', () => {
  it('documents every registered route of each port, and every route declares its schemas', async () => {
    for (const [app, base] of [
      [server.publicApp, server.publicUrl],
      [server.adminApp, server.adminUrl],
    ] as const) {
      const response = await fetch(`${base}/openapi.json`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as {
        openapi: string;
        paths: Record<string, Record<string, unknown>>;
      };
      expect(document.openapi).toBe('3.1.0');
      const routes = registeredRoutes(app);
      expect(routes.length).toBeGreaterThanOrEqual(3);
      for (const route of routes) {
        expect(route.schema?.response, `${route.method} ${route.url} response schema`).toBeTruthy();
        // Fastify writes path parameters as :name and wildcards as *; OpenAPI as {name}.
        const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
        const operations = document.paths[openApiPath] ?? document.paths[route.url];
        expect(operations, `${route.method} ${route.url} in /openapi.json`).toBeDefined();
        expect(
          operations?.[route.method.toLowerCase()],
          `${route.method} ${route.url} operation`,
        ).toBeDefined();
      }
    }
  });
});

describe('OpenAPI error codes', () => {
  type Media = {
    content?: Record<string, { schema?: { properties?: Record<string, { enum?: string[] }> } }>;
  };
  const documentOf = async (base: string) =>
    (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, Media> }>>;
    };
  const codesOf = (response: Media | undefined) =>
    response?.content?.['application/json']?.schema?.properties?.error?.enum;

  it('lists, for every JSON error a route answers, the codes of that status, OAuth errors included', async () => {
    let oauthBodies = 0;
    for (const base of [server.publicUrl, server.adminUrl]) {
      for (const [path, operations] of Object.entries((await documentOf(base)).paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          for (const [status, response] of Object.entries(operation.responses)) {
            const properties = response.content?.['application/json']?.schema?.properties;
            if (Number(status) < 400 || !properties?.error) continue;
            if (properties.error_description) oauthBodies += 1;
            expect(properties.error.enum, `${method} ${path} ${status}`).toEqual(expect.any(Array));
            expect(properties.error.enum?.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          }
        }
      }
    }
    expect(oauthBodies).toBeGreaterThan(0);
  });

  it('gives each OAuth endpoint its RFC error codes, by status', async () => {
    const publicDocument = await documentOf(server.publicUrl);
    const token = publicDocument.paths['/token']?.post?.responses;
    expect(codesOf(token?.['400'])).toEqual([
      'access_denied',
      'authorization_pending',
      'expired_token',
      'invalid_dpop_proof',
      'invalid_grant',
      'invalid_request',
      'invalid_scope',
      // RFC 8693 §2.2.2: a token exchange for an audience or resource the client may not request.
      'invalid_target',
      'slow_down',
      'unauthorized_client',
      'unsupported_grant_type',
      'use_dpop_nonce',
    ]);
    // RFC 8628 §3.2.
    const device = publicDocument.paths['/device_authorization']?.post?.responses;
    expect(codesOf(device?.['400'])).toEqual(['invalid_request', 'invalid_scope', 'unauthorized_client']);
    expect(codesOf(device?.['401'])).toEqual(['invalid_client']);
    expect(codesOf(token?.['401'])).toEqual(['invalid_client']);
    expect(codesOf(token?.['413'])).toEqual(['invalid_request']);
    expect(codesOf(token?.['415'])).toEqual(['invalid_request']);
    expect(codesOf(token?.['503'])).toEqual(['temporarily_unavailable']);
    const introspect = publicDocument.paths['/introspect']?.post?.responses;
    expect(codesOf(introspect?.['400'])).toEqual(['invalid_request']);
    expect(codesOf(introspect?.['401'])).toEqual(['invalid_client']);
    const revoke = publicDocument.paths['/revoke']?.post?.responses;
    expect(codesOf(revoke?.['400'])).toEqual(['invalid_request', 'unauthorized_client']);
    expect(codesOf(revoke?.['401'])).toEqual(['invalid_client']);
    for (const method of ['get', 'post']) {
      const userinfo = publicDocument.paths['/userinfo']?.[method]?.responses;
      expect(codesOf(userinfo?.['400'])).toEqual(['invalid_request']);
      // RFC 9449 §7.1: a DPoP request's refusals are 401 with a DPoP challenge.
      expect(codesOf(userinfo?.['401'])).toEqual(['invalid_dpop_proof', 'invalid_token', 'use_dpop_nonce']);
      expect(codesOf(userinfo?.['503'])).toEqual(['temporarily_unavailable']);
    }
    const directoryUser = publicDocument.paths['/api/user/directory/users/{userId}']?.get?.responses;
    expect(codesOf(directoryUser?.['401'])).toEqual(['invalid_token']);
    expect(codesOf(directoryUser?.['403'])).toEqual(['insufficient_scope']);
    expect(codesOf(directoryUser?.['404'])).toEqual(['not_found']);
    // /authorize answers with a redirect or a page: the codes either may carry are named in their descriptions.
    const authorize = publicDocument.paths['/authorize']?.get?.responses as
      | Record<string, { description?: string }>
      | undefined;
    for (const code of ['access_denied', 'invalid_scope', 'login_required', 'unsupported_response_type']) {
      expect(authorize?.['302']?.description).toContain(code);
    }
    expect(authorize?.['400']?.description).toContain('invalid_client');
  });

  it('gives each route the codes it answers, by status, with the implicit ones', async () => {
    const admin = await documentOf(server.adminUrl);
    const createUser = admin.paths['/admin/users']?.post?.responses;
    expect(codesOf(createUser?.['409'])).toEqual(['email_taken']);
    expect(codesOf(createUser?.['401'])).toEqual([
      'admin_session_required',
      'admin_token_invalid',
      'second_factor_required',
    ]);
    expect(codesOf(createUser?.['403'])).toEqual([
      'admin_token_scope_required',
      'csrf_failed',
      'email_domain_federated',
      'write_admin_required',
    ]);
    expect(codesOf(createUser?.['503'])).toEqual(['service_unavailable']);
    const listUsers = admin.paths['/admin/users']?.get?.responses;
    // A read refuses an admin API token without the scope (docs/admin-api-tokens.md), never a signed-in admin.
    expect(codesOf(listUsers?.['403'])).toEqual(['admin_token_scope_required']);
    const publicDocument = await documentOf(server.publicUrl);
    const emailChange = publicDocument.paths['/api/user/profile/email']?.post?.responses;
    expect(codesOf(emailChange?.['503'])).toEqual(['email_not_configured', 'service_unavailable']);
    expect(codesOf(emailChange?.['401'])).toEqual(['not_signed_in', 'second_factor_required']);
    expect(codesOf(emailChange?.['403'])).toEqual([
      'csrf_failed',
      'email_domain_federated',
      'step_up_required',
    ]);
  });
});

describe('OAuth error bodies', () => {
  it('keep error_description within the RFC 6749 §5.2 character set even when it quotes input', async () => {
    const charset = /^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/;
    const { clientId, clientSecret } = await registerClient(server, { grant_types: ['client_credentials'] });
    // Quotes, a backslash and a non-ASCII letter reach the description of an unsupported grant type...
    const quoted = await fetch(`${server.publicUrl}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuthorization(clientId, clientSecret as string),
      },
      body: `grant_type=${encodeURIComponent('evil"\\é')}`,
    });
    const quotedBody = (await quoted.json()) as { error: string; error_description: string };
    expect(quotedBody.error).toBe('unsupported_grant_type');
    expect(quotedBody.error_description).toMatch(/^grant_type 'evil/);
    expect(quotedBody.error_description).toMatch(charset);
    // ...while control characters are refused before anything quotes them, whoever the client claims to be.
    const response = await fetch(`${server.publicUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=${encodeURIComponent('evil"\\\n\té')}&client_id=nobody`,
    });
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(charset);
    expect(sanitizeErrorDescription("grant_type 'x\"\\\n\té' is not supported")).toBe(
      "grant_type 'x?????' is not supported",
    );
  });
});
