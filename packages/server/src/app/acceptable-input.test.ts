/**
 * No 5xx from input: NUL, lone surrogates, control characters, numbers beyond any column and deep
 * nesting are refused at the schema layer for every route, with a 4xx in the route's own vocabulary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import {
  basicAuthorization,
  browserGet,
  expectErrorRedirect,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { textProblem } from './acceptable-input.js';

describe('textProblem', () => {
  it('refuses NUL, lone surrogates and control characters, and accepts any other Unicode text', () => {
    for (const refused of [
      'a\u0000b',
      '\ud800',
      'x\udc00',
      'tail\ud83d',
      '\u0007',
      '\u007f',
      '\u0085',
      'a\nb',
    ])
      expect(textProblem(refused), JSON.stringify(refused)).not.toBeNull();
    for (const accepted of ['', 'Ada Lovelace', 'аdmin', 'straße', 'e\u0301', '😀', '\u200d', '\u202e', 'İ'])
      expect(textProblem(accepted), JSON.stringify(accepted)).toBeNull();
    expect(textProblem('\ud800')).toMatch(/lone surrogate/);
  });

  it('lets a multi-line field hold tabs and line breaks, and nothing else', () => {
    expect(textProblem('one\r\ntwo\tthree', true)).toBeNull();
    expect(textProblem('one\u0000two', true)).toMatch(/control characters other than tabs and line breaks/);
    expect(textProblem('one\ntwo', false)).toMatch(/must be one line/);
  });
});

let server: TestServer;
let admin: AdminSession;
let clientId: string;
let clientSecret: string;

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password for input tests');
  admin = await adminSignIn(server, 'root@example.com', 'admin password for input tests');
  const client = await registerClient(server, { grant_types: ['authorization_code', 'client_credentials'] });
  clientId = client.clientId;
  clientSecret = client.clientSecret as string;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const authorize = (parameters: Record<string, string>) =>
  browserGet(`${server.publicUrl}/authorize?${new URLSearchParams(parameters)}`);

describe('OAuth endpoints', () => {
  it('/authorize shows an error page for a client_id with NUL, as for any unusable client', async () => {
    const answer = await authorize({ client_id: `${clientId}\u0000`, redirect_uri: RP_REDIRECT });
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toMatch(/This sign-in link is not valid/);
    expect(answer.body).toMatch(/invalid_request/);
  });

  it('/authorize refuses a NUL in state on the error page (there is no state to send back)', async () => {
    const answer = await authorize({ client_id: clientId, redirect_uri: RP_REDIRECT, state: 'a\u0000b' });
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });

  it('/authorize sends invalid_request back to the client once client and redirect URI check out', async () => {
    const parameters = {
      client_id: clientId,
      redirect_uri: RP_REDIRECT,
      response_type: 'code',
      scope: 'openid',
      state: 'the-state',
    };
    // (A lone surrogate cannot reach a query string: percent-encoded, it is not UTF-8 and stays undecoded.)
    const extras: Record<string, string>[] = [
      { nonce: 'a\u0000b' },
      { login_hint: 'x\u0007y' },
      { nonce: 'n'.repeat(513) },
    ];
    for (const extra of extras) {
      const answer = await authorize({ ...parameters, ...extra });
      const returned = expectErrorRedirect(server, answer, { error: 'invalid_request', state: 'the-state' });
      expect(returned.get('error_description')).toMatch(/querystring\/(nonce|login_hint)/);
    }
  });

  it('/token, /introspect and /revoke refuse NUL in a body client_id as invalid_request', async () => {
    for (const path of ['/token', '/introspect', '/revoke']) {
      const answer = await formPost(server, path, {
        grant_type: 'client_credentials',
        token: 'anything',
        client_id: `${clientId}\u0000`,
        client_secret: clientSecret,
      });
      expect(answer.status, path).toBe(400);
      expect(answer.json.error, path).toBe('invalid_request');
      expect(answer.json.error_description, path).toMatch(/body\/client_id must be one line/);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('/token, /introspect and /revoke refuse NUL or a lone surrogate in Basic credentials as invalid_client', async () => {
    const base64 = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    const credentials = [
      basicAuthorization(`${clientId}\u0000`, clientSecret),
      basicAuthorization(clientId, `${clientSecret}\u0000`),
      base64(`${clientId}%ED%A0%80:${clientSecret}`),
      base64('\ud800:secret'),
    ];
    for (const path of ['/token', '/introspect', '/revoke']) {
      for (const authorization of credentials) {
        const answer = await formPost(
          server,
          path,
          { grant_type: 'client_credentials', token: 'anything' },
          { authorization },
        );
        expect(answer.status, `${path} ${authorization}`).toBe(401);
        expect(answer.json.error).toBe('invalid_client');
        expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
      }
    }
    // The real credentials still work: nothing was locked or cached by the refusals.
    const good = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      { authorization: basicAuthorization(clientId, clientSecret) },
    );
    expect(good.status).toBe(200);
  });
});

describe('admin API', () => {
  it('refuses NUL and lone surrogates in path parameters, query strings and bodies with the validation error', async () => {
    const user = await server.context.accounts.users.create({ email: 'ada@example.com', name: 'Ada' });
    const cases: [string, string, unknown, RegExp][] = [
      ['GET', '/admin/users/a%00b', undefined, /^params\/userId must be one line/],
      ['GET', '/admin/users/x%ED%A0%80', undefined, /percent-encoded sequence is not UTF-8/],
      ['GET', '/admin/users?query=a%00b', undefined, /^querystring\/query must be one line/],
      ['GET', '/admin/audit?actor=a%00b', undefined, /^querystring\/actor must be one line/],
      ['PUT', `/admin/users/${user.id}`, { name: 'a\u0000b' }, /^body\/name must be one line/],
      ['PUT', `/admin/users/${user.id}`, { name: 'x\ud800' }, /^body\/name must be valid Unicode text/],
      ['POST', '/admin/organizations', { name: 'Acme\u0007' }, /^body\/name must be one line/],
      ['PUT', '/admin/settings/product.name', { value: 'a\u0000b' }, /^body\/value must be one line/],
      [
        'PUT',
        '/admin/settings/product.name',
        { value: { 'a\u0000': 1 } },
        /^body\/value\/a\? has a field name/,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await adminFetch(server, admin, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.json, `${method} ${path}`).toMatchObject({ error: 'invalid_request' });
      expect(answer.json.message, `${method} ${path}`).toMatch(message);
    }
    // Nothing was written: the user keeps the name it had.
    expect((await server.context.accounts.users.find(user.id))?.name).toBe('Ada');
  });

  it('refuses numbers beyond ±(2^53 − 1), however they were written', async () => {
    for (const path of [
      '/admin/users?offset=1e23',
      '/admin/audit?before=99999999999999999999',
      '/admin/audit/1e23',
    ]) {
      const answer = await adminFetch(server, admin, 'GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.json.message, path).toMatch(/must be between -9007199254740991 and 9007199254740991/);
    }
  });

  it('refuses nesting deeper than 32 levels', async () => {
    let value: unknown = 'leaf';
    for (let level = 0; level < 40; level += 1) value = [value];
    const answer = await adminFetch(server, admin, 'PUT', '/admin/settings/product.name', { value });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/nested too deeply/);
  });

  it('keeps line breaks in a client description (a text area), and refuses them in its name', async () => {
    const client = {
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      scopes: [{ scope: 'api', description: 'API' }],
    };
    const created = await adminFetch(server, admin, 'POST', '/admin/clients', {
      ...client,
      name: 'Multi-line',
      description: 'First line\r\nSecond line\twith a tab',
    });
    expect(created.status).toBe(201);
    expect((created.json.client as { description: string }).description).toBe(
      'First line\r\nSecond line\twith a tab',
    );
    for (const refused of [{ name: 'Multi-line', description: 'First line\u0000' }, { name: 'Two\nlines' }]) {
      const answer = await adminFetch(server, admin, 'POST', '/admin/clients', { ...client, ...refused });
      expect(answer.status, JSON.stringify(refused)).toBe(400);
    }
  });
});

describe('user API', () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signInUser(server, { name: 'Grace Hopper' });
  });

  it('refuses a NUL in the profile name and keeps the old one', async () => {
    const response = await fetch(`${server.publicUrl}/api/user/profile`, {
      method: 'PUT',
      headers: {
        cookie: user.cookie,
        'x-csrf-token': user.csrfToken,
        origin: new URL(server.config.baseUrl).origin,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'Grace\u0000' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    expect((await server.context.accounts.users.find(user.user.id))?.name).toBe('Grace Hopper');
  });
});
