import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server.js';
import type { App } from './app-types.js';
import { buildApp } from './build.js';
import { UNDECLARED_ERROR_MESSAGE } from './error-declarations.js';
import { appError, defineErrors, errorResponses } from './errors.js';
import type { SliceModule } from './module.js';

/**
 * Each route declares the error codes it answers, the OpenAPI document lists them per status,
 * and under test an error the route did not declare fails instead of passing unnoticed.
 */

/** A slice of two routes that both declare `not_found`; the second answers `rate_limited`, which it does not. */
const probe = {
  name: 'probe',
  registerPublic(app: App) {
    const schema = { response: { 200: { type: 'null' }, ...errorResponses('not_found') } };
    const config = { access: 'public' as const };
    app.get('/probe/declared', { config, schema }, async () => {
      throw appError('not_found', 'nothing here');
    });
    app.post('/probe/undeclared', { config, schema }, async () => {
      throw appError('rate_limited', 'slow down');
    });
  },
} as unknown as SliceModule;

let server: TestServer;
let checked: App;
let unchecked: App;

beforeAll(async () => {
  server = await startTestServer();
  checked = await buildApp(server.context, 'public', { modules: [probe], checkErrorDeclarations: true });
  unchecked = await buildApp(server.context, 'public', { modules: [probe] });
});
afterAll(async () => {
  await checked?.close();
  await unchecked?.close();
});

describe('declared error responses', () => {
  it('answers a declared error as thrown', async () => {
    const response = await checked.inject({ method: 'GET', url: '/probe/declared' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'nothing here' });
  });

  it('turns an undeclared error into a 500 naming the route, status and code, and logs it', async () => {
    const response = await checked.inject({ method: 'POST', url: '/probe/undeclared' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'undeclared_error',
      message:
        'POST /probe/undeclared answered 429 rate_limited, which it does not declare in its response schema',
    });
    const logged = server.logs.entries().filter((entry) => entry.msg === UNDECLARED_ERROR_MESSAGE);
    expect(logged).toEqual([
      expect.objectContaining({ route: 'POST /probe/undeclared', status: 429, code: 'rate_limited' }),
    ]);
  });

  it('checks only where asked: production answers what was thrown', async () => {
    const response = await unchecked.inject({ method: 'POST', url: '/probe/undeclared' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('lets input errors and 503 through on every route without listing them', async () => {
    const response = await checked.inject({
      method: 'POST',
      url: '/probe/undeclared',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'malformed_body' });
  });

  it('lists the codes of each status in the OpenAPI document, the implicit ones included', async () => {
    const document = (await checked.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    type Media = { content?: Record<string, { schema?: { properties?: { error?: { enum?: string[] } } } }> };
    const codes = (path: string, method: string, status: string) =>
      (document.paths[path]?.[method]?.responses[status] as Media | undefined)?.content?.['application/json']
        ?.schema?.properties?.error?.enum;
    expect(codes('/probe/declared', 'get', '404')).toEqual(['not_found']);
    expect(codes('/probe/declared', 'get', '400')).toEqual(['invalid_request']);
    expect(codes('/probe/declared', 'get', '503')).toEqual(['service_unavailable']);
    expect(codes('/probe/undeclared', 'post', '400')).toEqual(['invalid_request', 'malformed_body']);
    expect(document.paths['/probe/undeclared']?.post?.responses['429']).toBeUndefined();
  });

  it('fails the test server that answered an undeclared error when it closes', async () => {
    await expect(server.close()).rejects.toThrow(
      'routes answered errors they do not declare: POST /probe/undeclared 429 rate_limited',
    );
  });
});

describe('error codes', () => {
  it('gives each code one status: a second status for a code is refused', () => {
    expect(() => defineErrors({ not_found: 410 } as never)).toThrow(
      "error code 'not_found' is defined with two statuses (404 and 410)",
    );
  });

  it('refuses to declare a code no slice defines', () => {
    expect(() => errorResponses('no_such_code' as never)).toThrow(
      "error code 'no_such_code' is not defined by any slice's errors.ts",
    );
  });
});
