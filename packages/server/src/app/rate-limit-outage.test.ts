import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKekText } from '../crypto/keyring.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { postJson } from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SmtpCapture } from '../testing/smtp.js';
import { TcpProxy } from '../testing/tcp-proxy.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

let database: TestDatabase;
let proxy: TcpProxy;
let nodeA: TestServer;
let nodeB: TestServer;
const smtp = new SmtpCapture();

/** The first sign-in message (where the limits apply), without the costly password stretching of the second. */
async function signInStart(node: TestServer, email: string): Promise<number> {
  await opaque.ready;
  const { startLoginRequest } = opaque.client.startLogin({ password: 'not the password' });
  return (
    await postJson(`${node.publicUrl}/api/user/login/start`, {
      email,
      start_login_request: startLoginRequest,
    })
  ).status;
}

/** Sign-in start answers for one account, in order, from the nodes given. */
async function signInStarts(email: string, nodes: TestServer[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const node of nodes) statuses.push(await signInStart(node, email));
  return statuses;
}

async function rateLimitScope(node: TestServer): Promise<unknown> {
  return ((await (await fetch(`${node.publicUrl}/readyz`)).json()) as { rate_limits: unknown }).rate_limits;
}

async function within(limitMs: number, probe: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function logged(node: TestServer, message: string): number {
  return node.logs.entries().filter((entry) => entry.msg === message).length;
}

beforeAll(async () => {
  await smtp.start();
  database = await createTestDatabase();
  proxy = await TcpProxy.forUrl(REDIS_URL, 6379);
  // Both nodes reach Redis only through the proxy; they share one database.
  const env = { TESSERA_KEK: newKekText(), REDIS_URL: proxy.rewrite(REDIS_URL) };
  nodeA = await startTestServer({ database: await database.open(), env });
  nodeB = await startTestServer({ database: await database.open(), env });
  await smtp.configure(nodeA);
  await nodeA.context.settings.set('accounts.self_registration', true);
  await nodeA.context.settings.set('rate_limits.sign_in_per_minute', 2);
  await nodeA.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await within(5_000, async () => (await rateLimitScope(nodeA)) === 'shared');
  await within(5_000, async () => (await rateLimitScope(nodeB)) === 'shared');
}, 120_000);

afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await proxy?.close();
  await database?.drop();
  await smtp.stop();
});

describe('rate limits while Redis is away', () => {
  it('are shared through Redis, fall back to per-node limits without a 5xx or a wait, and are shared again once it is back', async () => {
    const run = Date.now();
    // Shared: two hits on A and one on B make three for the account.
    expect(await signInStarts(`before-${run}@example.com`, [nodeA, nodeB, nodeA])).toEqual([200, 200, 429]);

    // Redis stops answering without resetting anything (a partition).
    proxy.stall();

    // Each node now counts on its own: A refuses the third attempt, B has seen only one.
    const started = Date.now();
    expect(await signInStarts(`during-${run}@example.com`, [nodeA, nodeA, nodeB, nodeA])).toEqual([
      200, 200, 200, 429,
    ]);
    // Only the first check waits for Redis (its command timeout); nothing queues behind a dead connection.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await rateLimitScope(nodeA)).toBe('node');

    // The other rate-limited routes answer as they normally do.
    const reset = await postJson(`${nodeA.publicUrl}/api/user/password/reset/request`, {
      email: `reset-${run}@example.com`,
    });
    expect(reset.status).toBe(202);
    await opaque.ready;
    const registration = await postJson(`${nodeA.publicUrl}/api/user/register/start`, {
      email: `new-${run}@example.com`,
      registration_request: opaque.client.startRegistration({ password: 'a new password' })
        .registrationRequest,
    });
    expect(registration.status).toBe(200);
    const adminSignIn = await postJson(`${nodeB.adminUrl}/admin/login/start`, {
      email: `admin-${run}@example.com`,
      start_login_request: opaque.client.startLogin({ password: 'an admin password' }).startLoginRequest,
    });
    expect(adminSignIn.status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await signInStart(nodeB, `many-${run}-${attempt}@example.com`)).toBe(200);
    }

    // The outage is logged once per node, not once per request.
    for (const node of [nodeA, nodeB]) {
      expect(logged(node, 'Redis unavailable: rate limits are counted per node until it answers again')).toBe(
        1,
      );
    }

    proxy.restore();

    // Both nodes reconnect by themselves and count in Redis again.
    await within(10_000, async () => (await rateLimitScope(nodeA)) === 'shared');
    await within(10_000, async () => (await rateLimitScope(nodeB)) === 'shared');
    expect(await signInStarts(`after-${run}@example.com`, [nodeB, nodeA, nodeB])).toEqual([200, 200, 429]);
    for (const node of [nodeA, nodeB]) {
      expect(logged(node, 'Redis answers again: rate limits are shared across nodes again')).toBe(1);
    }
  }, 60_000);
});
