import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server.js';
import { redactUrl } from './logging.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TESSERA_LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  await server?.close();
});

describe('log redaction', () => {
  it('redacts secret query parameters and keeps the rest', () => {
    expect(redactUrl('/cb?code=abc&state=xyz')).toBe('/cb?code=[redacted]&state=xyz');
    expect(redactUrl('/cb?%63ode=abc&Token=t&x=%zz')).toBe('/cb?%63ode=[redacted]&Token=[redacted]&x=%zz');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('a request carrying every kind of secret logs none of them', async () => {
    const secrets = {
      bearer: 'BEARER-6f1d2c',
      cookie: 'COOKIE-9a8b7c',
      code: 'CODE-1234abcd',
      clientSecret: 'CLIENTSECRET-77aa',
      token: 'TOKEN-55bb66',
      password: 'PASSWORD-hunter2',
      refresh: 'REFRESH-0099ff',
      csrf: 'CSRF-3c3c3c',
    };
    const query = new URLSearchParams({
      code: secrets.code,
      client_secret: secrets.clientSecret,
      token: secrets.token,
      refresh_token: secrets.refresh,
      password: secrets.password,
      harmless: 'visible-value',
    });
    const headers = {
      authorization: `Bearer ${secrets.bearer}`,
      cookie: `tessera_session=${secrets.cookie}`,
      'x-csrf-token': secrets.csrf,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ password: secrets.password, client_secret: secrets.clientSecret });
    for (const [base, path, method] of [
      [server.publicUrl, '/.well-known/jwks.json', 'GET'],
      [server.publicUrl, '/no/such/route', 'POST'],
      [server.adminUrl, '/readyz', 'GET'],
      [server.publicUrl, '/healthz', 'POST'],
    ] as const) {
      await fetch(`${base}${path}?${query}`, { method, headers, body: method === 'POST' ? body : undefined });
    }
    const text = server.logs.text();
    expect(text).toContain('visible-value');
    expect(text).toContain('[redacted]');
    for (const [name, value] of Object.entries(secrets)) {
      expect(text.includes(value), `${name} leaked into the logs`).toBe(false);
    }
  });
});

describe('database errors in the log', () => {
  it('keep the statement and the driver message but never the values, at any depth of the cause chain', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('./logging.js');
    const secret = 'SEALED-SECRET-5e5e5e';
    const email = 'someone.private@example.com';
    const driverError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        detail: `Key (email)=(${email}) already exists.`,
      },
    );
    const failed = new DrizzleQueryError(
      'insert into "users" ("email", "secret") values ($1, $2)',
      [email, `${secret}\nsecond line`],
      driverError,
    );
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ logLevel: 'info' }, destination);
    logger.error({ err: failed }, 'unhandled error');
    logger.error({ err: new Error('wrapped', { cause: failed }) }, 'unhandled error');
    const text = lines.join('');
    expect(lines).toHaveLength(2);
    expect(text).toContain('insert into \\"users\\"');
    expect(text).toContain('users_email_key');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('second line');
    expect(text).not.toContain(email);
  });
});
