import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword, postJson, registerWithPassword } from '../testing/opaque-client.js';
import { testKeyStretching } from '../testing/opaque-stretching.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the Prometheus text exposition format (0.0.4) into samples, unescaping label values. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, (_all, character: string) =>
        character === 'n' ? '\n' : character,
      );
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

interface Scrape {
  text: string;
  samples: Sample[];
  /** The value of the one sample with this name and these labels, 0 when there is none. */
  value(name: string, labels?: Record<string, string>): number;
}

async function scrape(target: TestServer = server): Promise<Scrape> {
  const response = await fetch(`${target.adminUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await response.text();
  const samples = parseExposition(text);
  return {
    text,
    samples,
    value(name, labels = {}) {
      const found = samples.filter(
        (sample) =>
          sample.name === name &&
          Object.keys(sample.labels).length === Object.keys(labels).length &&
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      );
      expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
      return found[0]?.value ?? 0;
    },
  };
}

/** The request counter's labels: the status class follows from the status code. */
const requests = (labels: Record<string, string>) =>
  [
    'tessera_http_requests_total',
    { ...labels, ...(labels.status_code ? { status_class: `${labels.status_code[0]}xx` } : {}) },
  ] as const;

describe('GET /metrics on the admin port', () => {
  it('counts requests by port, method, route pattern and status, and times them', async () => {
    const discovery = {
      port: 'public',
      method: 'GET',
      route: '/.well-known/openid-configuration',
      status_code: '200',
      status_class: '2xx',
    };
    const unmatched = { port: 'public', method: 'GET', route: '(unmatched)', status_code: '404' };
    const adminList = { port: 'admin', method: 'GET', route: '/admin/users', status_code: '401' };
    const before = await scrape();

    expect((await fetch(`${server.publicUrl}/.well-known/openid-configuration`)).status).toBe(200);
    expect((await fetch(`${server.publicUrl}/.well-known/openid-configuration`)).status).toBe(200);
    expect((await fetch(`${server.publicUrl}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${server.adminUrl}/admin/users`)).status).toBe(401);

    const after = await scrape();
    expect(after.value(...requests(discovery)) - before.value(...requests(discovery))).toBe(2);
    expect(after.value(...requests(unmatched)) - before.value(...requests(unmatched))).toBe(1);
    expect(after.value(...requests(adminList)) - before.value(...requests(adminList))).toBe(1);

    const count = 'tessera_http_request_duration_seconds_count';
    expect(after.value(count, discovery) - before.value(count, discovery)).toBe(2);
    const sum = 'tessera_http_request_duration_seconds_sum';
    expect(after.value(sum, discovery)).toBeGreaterThan(before.value(sum, discovery));
    expect(after.value(sum, discovery)).toBeLessThan(60);
    const infinityBucket = after.value('tessera_http_request_duration_seconds_bucket', {
      ...discovery,
      le: '+Inf',
    });
    expect(infinityBucket).toBe(after.value(count, discovery));
  });

  it('labels by the route pattern: no id, token or probed path reaches a label', async () => {
    const userId = 'user-0f9e8d7c6b5a';
    const secret = 'tok-SECRET-4b3a2918';
    expect((await fetch(`${server.adminUrl}/admin/users/${userId}?access_token=${secret}`)).status).toBe(401);
    expect((await fetch(`${server.publicUrl}/.well-known/openid-configuration?token=${secret}`)).status).toBe(
      200,
    );
    expect((await fetch(`${server.publicUrl}/probe/${userId}?token=${secret}`)).status).toBe(404);

    const after = await scrape();
    expect(
      after.value(
        ...requests({ port: 'admin', method: 'GET', route: '/admin/users/:userId', status_code: '401' }),
      ),
    ).toBe(1);
    expect(after.text).not.toContain(userId);
    expect(after.text).not.toContain(secret);
    expect(after.text).not.toContain('/probe');
    const routes = new Set(
      after.samples
        .filter((sample) => sample.labels.route !== undefined)
        .map((sample) => sample.labels.route),
    );
    for (const route of routes) {
      expect(route === '(unmatched)' || route?.startsWith('/'), route).toBe(true);
      expect(route, route).not.toContain('?');
    }
  });

  it('needs no admin session, and refuses other methods', async () => {
    // A scraper holds no cookie; a stale or forged one changes nothing either.
    const withCookie = await fetch(`${server.adminUrl}/metrics`, {
      headers: { cookie: 'tessera_admin_session=forged' },
    });
    expect(withCookie.status).toBe(200);
    expect(await withCookie.text()).toContain('tessera_http_requests_total');
    const post = await fetch(`${server.adminUrl}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toContain('GET');
  });

  it('includes the Node process metrics with the tessera_ prefix', async () => {
    const current = await scrape();
    expect(current.value('tessera_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(current.value('tessera_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(current.samples.every((sample) => sample.name.startsWith('tessera_'))).toBe(true);
  });

  it('shows the database pool on PostgreSQL, and no pool series on the embedded database', async () => {
    const current = await scrape();
    if (server.database.kind === 'postgres') {
      expect(current.value('tessera_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(current.value('tessera_db_pool_errors_total')).toBe(0);
    } else {
      expect(current.samples.some((sample) => sample.name.startsWith('tessera_db_pool'))).toBe(false);
    }
  });

  it('is documented in the admin OpenAPI document as a text response', async () => {
    const document = (await (await fetch(`${server.adminUrl}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, { content: Record<string, unknown> }> } }>;
    };
    const content = document.paths['/metrics']?.get?.responses['200']?.content;
    expect(content?.['text/plain; version=0.0.4; charset=utf-8']).toEqual({ schema: { type: 'string' } });
  });
});

describe('the public port', () => {
  it('has no /metrics', async () => {
    const response = await fetch(`${server.publicUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe('not_found');
  });
});

describe('per-context registries', () => {
  it('a second server in the same process counts only its own requests', async () => {
    const other = await startTestServer();
    try {
      const route = { port: 'public', method: 'GET', route: '/healthz', status_code: '200' };
      const before = (await scrape()).value(...requests(route));
      for (let index = 0; index < 3; index += 1) await fetch(`${other.publicUrl}/healthz`);
      expect((await scrape(other)).value(...requests(route))).toBe(3);
      expect((await scrape()).value(...requests(route))).toBe(before);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in outcomes', () => {
  it('counts a success, a refused (replayed) finish and an unverified email', async () => {
    await server.context.settings.set('accounts.self_registration', true);
    await server.context.settings.set('accounts.require_email_verification', false);
    const password = 'correct horse battery staple';
    expect((await registerWithPassword(server, 'grace@example.com', password)).status).toBe(200);
    const outcome = (current: Scrape, name: string) =>
      current.value('tessera_sign_ins_total', { method: 'password', outcome: name });
    const before = await scrape();

    // A real OPAQUE exchange, then the same final message again: the login state is single-use.
    await opaque.ready;
    const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
    const start = await postJson(`${server.publicUrl}/api/user/login/start`, {
      email: 'grace@example.com',
      start_login_request: startLoginRequest,
    });
    expect(start.status).toBe(200);
    const finished = opaque.client.finishLogin({
      keyStretching: testKeyStretching(),
      clientLoginState,
      loginResponse: start.json.login_response as string,
      password,
    });
    const finish = { login_id: start.json.login_id, finish_login_request: finished?.finishLoginRequest };
    expect((await postJson(`${server.publicUrl}/api/user/login/finish`, finish)).status).toBe(200);
    expect((await postJson(`${server.publicUrl}/api/user/login/finish`, finish)).status).toBe(401);

    await server.context.settings.set('accounts.require_email_verification', true);
    const unverified = await loginWithPassword(server, 'grace@example.com', password);
    expect(unverified.finish?.status).toBe(403);
    expect(unverified.finish?.json.error).toBe('email_not_verified');

    const after = await scrape();
    expect(outcome(after, 'success') - outcome(before, 'success')).toBe(1);
    expect(outcome(after, 'failure') - outcome(before, 'failure')).toBe(1);
    expect(outcome(after, 'email_not_verified') - outcome(before, 'email_not_verified')).toBe(1);
  });
});
