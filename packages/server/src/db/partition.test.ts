import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKekText } from '../crypto/keyring.js';
import { builtServerEntry } from '../testing/built-server.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/database.js';
import { basicAuthorization, registerClient } from '../testing/oauth.js';
import { loginWithPassword } from '../testing/opaque-client.js';
import { freePort, startTestServer, type TestServer } from '../testing/server.js';
import { TcpProxy } from '../testing/tcp-proxy.js';

const EMBEDDED_SKIP =
  'needs PostgreSQL: the embedded database runs inside the process, so no network can come between them';
const TRUST_SECONDS = 2;

/** `tessera serve` as its own process (the compiled command, testing/built-server.ts), so an uncaught error would really end it. */
interface ServeProcess {
  child: ChildProcess;
  publicUrl: string;
  adminUrl: string;
  output(): string;
  stop(): Promise<number | null>;
}

async function startServeProcess(env: Record<string, string>): Promise<ServeProcess> {
  const [publicPort, adminPort] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  const child = spawn(process.execPath, [await builtServerEntry(), 'serve'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TESSERA_LOG_LEVEL: 'info',
      TESSERA_DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-partition-')),
      TESSERA_PUBLIC_PORT: String(publicPort),
      TESSERA_ADMIN_PORT: String(adminPort),
      TESSERA_BASE_URL: publicUrl,
      TESSERA_ADMIN_URL: adminUrl,
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Tessera is running')) {
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`serve exited with ${child.exitCode}: ${output}`));
      }
    }, 100);
  });
  return {
    child,
    publicUrl,
    adminUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function clientCredentials(baseUrl: string, clientId: string, secret: string) {
  const response = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basicAuthorization(clientId, secret),
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  };
}

async function readiness(baseUrl: string) {
  const response = await fetch(`${baseUrl}/readyz`);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Polls until `probe` holds, failing after `limitMs`; returns how long it took. */
async function within(limitMs: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describe('a node cut off from PostgreSQL', () => {
  const embedded = testDatabaseKind() === 'embedded';
  let database: TestDatabase;
  let nodeA: TestServer;
  let proxy: TcpProxy;
  let nodeB: ServeProcess;

  beforeAll(async () => {
    if (embedded) return;
    database = await createTestDatabase();
    const kek = newKekText();
    // Node A reaches the database directly; node B (a real `tessera serve`) only through the proxy.
    nodeA = await startTestServer({ database: await database.open(), env: { TESSERA_KEK: kek } });
    proxy = await TcpProxy.forUrl(database.url!, 5432);
    nodeB = await startServeProcess({
      DATABASE_URL: proxy.rewrite(database.url!),
      TESSERA_KEK: kek,
      TESSERA_CACHE_TRUST_SECONDS: String(TRUST_SECONDS),
    });
  }, 120_000);

  afterAll(async () => {
    if (embedded) return;
    await nodeB?.stop();
    await proxy?.close();
    await nodeA?.close();
    await database?.drop();
  });

  it('stays up on what it holds in memory, answers 503 for the rest, never vouches for a rotated-away secret, and catches up on recovery', async ({
    skip,
  }) => {
    if (embedded) skip(EMBEDDED_SKIP);
    const { clientId, clientSecret } = await registerClient(nodeA, {
      grant_types: ['authorization_code', 'client_credentials'],
    });
    const oldSecret = clientSecret!;
    // Node B has the client (and its secret) in its cache.
    expect((await clientCredentials(nodeB.publicUrl, clientId, oldSecret)).status).toBe(200);
    expect(await readiness(nodeB.publicUrl)).toEqual({
      status: 200,
      json: { status: 'ok', database: 'ok', caches: 'current', rate_limits: 'node' },
    });

    proxy.cut();

    // At once the database is unreachable; past the trust bound the caches are stale too, and /readyz says so.
    await within(
      TRUST_SECONDS * 1000 + 5_000,
      async () => (await readiness(nodeB.publicUrl)).json.caches === 'stale',
    );
    expect((await readiness(nodeB.publicUrl)).json).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      caches: 'stale',
      rate_limits: 'node',
    });

    // What it holds in memory it still serves.
    const discovery = await fetch(`${nodeB.publicUrl}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(nodeB.publicUrl);
    const jwksDuringOutage = await fetch(`${nodeB.publicUrl}/.well-known/jwks.json`);
    expect(jwksDuringOutage.status).toBe(200);
    expect(((await jwksDuringOutage.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);

    // What needs the database is a clear 503 in the route's own vocabulary, with Retry-After.
    const signIn = await loginWithPassword(
      { publicUrl: nodeB.publicUrl } as TestServer,
      'ada@example.com',
      'pw',
    );
    expect(signIn.start.status).toBe(503);
    expect(signIn.start.json.error).toBe('service_unavailable');
    expect(signIn.start.headers.get('retry-after')).toBe('5');
    const install = await fetch(`${nodeB.adminUrl}/install`);
    expect(install.status).toBe(503);
    expect(((await install.json()) as { error: string }).error).toBe('service_unavailable');

    // Another node rotates the secret, changes a setting and rotates the signing keys during the outage.
    const newSecret = await nodeA.context.clients.registry.rotateSecret(clientId);
    await nodeA.context.settings.set('signing.jwks_max_age_seconds', 123);
    await nodeA.context.signingKeys.rotate(['ES256']);
    const publishedByA = (await nodeA.context.signingKeys.list()).map((key) => key.kid);

    // The cut-off node cannot tell which secret is current, so it vouches for neither, however often asked.
    for (const secret of [...Array(20).fill(oldSecret), newSecret]) {
      const answer = await clientCredentials(nodeB.publicUrl, clientId, secret);
      expect(answer.status).toBe(503);
      expect(answer.json.error).toBe('temporarily_unavailable');
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(nodeB.child.exitCode).toBeNull();

    proxy.restore();

    // Within seconds the node is ready again; meanwhile the old secret never works.
    const statusesOfOldSecret = new Set<number>();
    await within(10_000, async () => {
      statusesOfOldSecret.add((await clientCredentials(nodeB.publicUrl, clientId, oldSecret)).status);
      return (await readiness(nodeB.publicUrl)).status === 200;
    });
    expect(statusesOfOldSecret.has(200)).toBe(false);
    expect(await readiness(nodeB.publicUrl)).toEqual({
      status: 200,
      json: { status: 'ok', database: 'ok', caches: 'current', rate_limits: 'node' },
    });
    expect((await clientCredentials(nodeB.publicUrl, clientId, newSecret)).status).toBe(200);
    const refused = await clientCredentials(nodeB.publicUrl, clientId, oldSecret);
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe('invalid_client');

    // The setting and the keys changed during the outage are in force here too.
    const jwks = await fetch(`${nodeB.publicUrl}/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=123');
    const kids = ((await jwks.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
    expect(kids.sort()).toEqual(publishedByA.sort());

    // No request was answered with a 500 (the request log shows the 503s), and the outage was logged, not flooded.
    expect(nodeB.output()).toMatch(/"statusCode":503/);
    expect(nodeB.output()).not.toMatch(/"statusCode":500|unhandled error/);
    const warnings = nodeB.output().match(/database unavailable: answering 503/g) ?? [];
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(3);
    expect(nodeB.child.exitCode).toBeNull();
    expect(await nodeB.stop()).toBe(0);
  }, 90_000);
});
