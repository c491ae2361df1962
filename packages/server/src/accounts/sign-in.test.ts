import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import { loginWithPassword, postJson, registerWithPassword } from '../testing/opaque-client.js';
import { testKeyStretching } from '../testing/opaque-stretching.js';
import type { TestServer } from '../testing/server.js';

let nodes: TwoNodes;
let nodeA: TestServer;
let nodeB: TestServer;
const password = 'correct horse battery staple';

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ nodeA, nodeB } = nodes);
  await nodeA.context.settings.set('accounts.self_registration', true);
  // The timing test makes hundreds of attempts; the limit itself is tested in account-flows.test.ts.
  await nodeA.context.settings.set('rate_limits.sign_in_per_minute', 100_000);
  await nodeA.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await nodeA.context.settings.set('accounts.require_email_verification', false);
  const registered = await registerWithPassword(nodeA, 'ada@example.com', password, 'Ada');
  expect(registered.status).toBe(200);
  expect(registered.json.status).toBe('signed_in');
});
afterAll(async () => {
  await nodes?.close();
});

async function session(server: TestServer, cookie: string | null) {
  const response = await fetch(`${server.publicUrl}/session`, { headers: cookie ? { cookie } : {} });
  return (await response.json()) as { authenticated: boolean; user?: { email: string }; amr?: string[] };
}

describe('OPAQUE sign-in', () => {
  it('registers and signs in with the real OPAQUE client; the server never sees the password', async () => {
    const attempt = await loginWithPassword(nodeA, 'ADA@example.com', password);
    expect(attempt.finish?.status).toBe(200);
    expect(attempt.cookie).toBeTruthy();
    expect(await session(nodeA, attempt.cookie)).toMatchObject({
      authenticated: true,
      user: { email: 'ada@example.com' },
      amr: ['pwd'],
    });
    expect(nodeA.logs.text()).not.toContain(password);
    const rows = await nodeA.database.withConnection((connection) =>
      connection.query<{ opaque_record: string }>(
        "SELECT opaque_record FROM users WHERE email_normalized = 'ada@example.com'",
      ),
    );
    expect(rows[0]?.opaque_record).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('a wrong password fails on the client, and a forged final message fails on the server with the generic error', async () => {
    const attempt = await loginWithPassword(nodeA, 'ada@example.com', 'wrong password');
    expect(attempt.start.status).toBe(200);
    // The client cannot authenticate the server's response, so it has no final message to send.
    expect(attempt.finish).toBeNull();
    const forged = await postJson(`${nodeA.publicUrl}/api/user/login/finish`, {
      login_id: attempt.start.json.login_id,
      finish_login_request: 'A'.repeat(86),
    });
    expect(forged.status).toBe(401);
    expect(forged.json).toEqual({
      error: 'invalid_credentials',
      message: 'the email address or password is not correct',
    });
  });

  it('an unknown account gets a response of the same shape, and the same error at finish', async () => {
    await opaque.ready;
    const { startLoginRequest } = opaque.client.startLogin({ password });
    const known = await postJson(`${nodeA.publicUrl}/api/user/login/start`, {
      email: 'ada@example.com',
      start_login_request: startLoginRequest,
    });
    const unknown = await postJson(`${nodeA.publicUrl}/api/user/login/start`, {
      email: 'nobody@example.com',
      start_login_request: startLoginRequest,
    });
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.json).sort()).toEqual(Object.keys(known.json).sort());
    expect((unknown.json.login_response as string).length).toBe((known.json.login_response as string).length);
    const forged = await postJson(`${nodeA.publicUrl}/api/user/login/finish`, {
      login_id: unknown.json.login_id,
      finish_login_request: 'A'.repeat(86),
    });
    expect(forged.status).toBe(401);
    expect(forged.json.error).toBe('invalid_credentials');
  });

  it('login start takes the same time for known and unknown accounts (200 attempts each, within noise)', async () => {
    await opaque.ready;
    const { startLoginRequest } = opaque.client.startLogin({ password });
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 200; round += 1) {
      for (const kind of round % 2 === 0
        ? (['known', 'unknown'] as const)
        : (['unknown', 'known'] as const)) {
        const email = kind === 'known' ? 'ada@example.com' : `nobody-${round}@example.com`;
        const started = process.hrtime.bigint();
        const response = await postJson(`${nodeA.publicUrl}/api/user/login/start`, {
          email,
          start_login_request: startLoginRequest,
        });
        timings[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(response.status).toBe(200);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const knownMedian = median(timings.known);
    const unknownMedian = median(timings.unknown);
    // Within noise: the medians differ by less than a fifth of the slower one (or half a millisecond).
    expect(Math.abs(knownMedian - unknownMedian)).toBeLessThan(
      Math.max(0.5, 0.2 * Math.max(knownMedian, unknownMedian)),
    );
  }, 60_000);

  it('login may start on one node and finish on another sharing the database', async () => {
    const attempt = await loginWithPassword(nodeA, 'ada@example.com', password, {
      finishUrl: nodeB.publicUrl,
    });
    expect(attempt.finish?.status).toBe(200);
    expect((await session(nodeB, attempt.cookie)).authenticated).toBe(true);
  });

  it('a replayed final message is refused', async () => {
    const [lastBefore] = await nodeA.context.audit.list({}, 1);
    await opaque.ready;
    const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
    const start = await postJson(`${nodeA.publicUrl}/api/user/login/start`, {
      email: 'ada@example.com',
      start_login_request: startLoginRequest,
    });
    const result = opaque.client.finishLogin({
      keyStretching: testKeyStretching(),
      clientLoginState,
      loginResponse: start.json.login_response as string,
      password,
    })!;
    const body = { login_id: start.json.login_id, finish_login_request: result.finishLoginRequest };
    const first = await postJson(`${nodeA.publicUrl}/api/user/login/finish`, body);
    const replay = await postJson(`${nodeB.publicUrl}/api/user/login/finish`, body);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(401);
    expect(replay.json.error).toBe('invalid_credentials');
    // Both outcomes reach the audit log; the failure names no account and carries none of the OPAQUE messages.
    // (Recorded without holding up the response, so wait for the rows.)
    const newest = (outcome: 'success' | 'failure') =>
      vi.waitFor(async () => {
        const [event] = await nodeA.context.audit.list({ action: 'user.sign_in', outcome }, 1);
        if (!event || event.id <= (lastBefore?.id ?? 0)) throw new Error(`no ${outcome} recorded yet`);
        return event;
      });
    const failure = await newest('failure');
    const success = await newest('success');
    expect(failure).toMatchObject({
      actorType: 'anonymous',
      actorId: null,
      details: { reason: 'wrong_credentials' },
    });
    expect(success).toMatchObject({ actorType: 'user' });
    expect(failure.id).toBeGreaterThan(success.id);
    expect(JSON.stringify(failure)).not.toContain(result.finishLoginRequest);
  });

  it('signing in replaces the session id; the old cookie stops working', async () => {
    const first = await loginWithPassword(nodeA, 'ada@example.com', password);
    const second = await loginWithPassword(nodeA, 'ada@example.com', password, { cookie: first.cookie! });
    expect(second.cookie).toBeTruthy();
    expect(second.cookie).not.toBe(first.cookie);
    expect((await session(nodeA, first.cookie)).authenticated).toBe(false);
    expect((await session(nodeA, second.cookie)).authenticated).toBe(true);
  });

  it('refuses a cross-origin login and state changes without the CSRF token', async () => {
    const crossOrigin = await postJson(
      `${nodeA.publicUrl}/api/user/login/start`,
      { email: 'ada@example.com', start_login_request: 'A'.repeat(86) },
      { origin: 'https://evil.example' },
    );
    expect(crossOrigin.status).toBe(403);
    const attempt = await loginWithPassword(nodeA, 'ada@example.com', password);
    const noToken = await postJson(`${nodeA.publicUrl}/api/user/logout`, {}, { cookie: attempt.cookie! });
    expect(noToken.status).toBe(403);
    expect(noToken.json.error).toBe('csrf_failed');
    const wrongToken = await postJson(
      `${nodeA.publicUrl}/api/user/logout`,
      {},
      { cookie: attempt.cookie!, 'x-csrf-token': 'x'.repeat(43) },
    );
    expect(wrongToken.status).toBe(403);
    const csrf = attempt.finish!.json.csrf_token as string;
    const signOut = await postJson(
      `${nodeA.publicUrl}/api/user/logout`,
      {},
      { cookie: attempt.cookie!, 'x-csrf-token': csrf },
    );
    expect(signOut.status).toBe(200);
    expect((await session(nodeA, attempt.cookie)).authenticated).toBe(false);
  });

  it('refuses self-registration when it is closed', async () => {
    await nodeA.context.settings.set('accounts.self_registration', false);
    try {
      const response = await registerWithPassword(nodeA, 'closed@example.com', password);
      expect(response.status).toBe(403);
      expect(response.json.error).toBe('registration_closed');
    } finally {
      await nodeA.context.settings.set('accounts.self_registration', true);
      // The timing test makes hundreds of attempts; the limit itself is tested in account-flows.test.ts.
      await nodeA.context.settings.set('rate_limits.sign_in_per_minute', 100_000);
      await nodeA.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
    }
  });

  it('with verification required, a new account confirms its email through the single-use link first', async () => {
    await nodeA.context.settings.set('accounts.require_email_verification', true);
    try {
      const registered = await registerWithPassword(nodeA, 'grace@example.com', password);
      expect(registered.json.status).toBe('verification_sent');
      // Registering an existing address gives the same answer (the owner is told by email instead).
      const again = await registerWithPassword(nodeA, 'grace@example.com', 'another password');
      expect(again.json.status).toBe('verification_sent');
      const unverified = await loginWithPassword(nodeA, 'grace@example.com', password);
      expect(unverified.finish?.status).toBe(403);
      expect(unverified.finish?.json.error).toBe('email_not_verified');
      // SMTP is not configured: in development the message goes to the log outbox.
      const outbox = nodeA.logs.entries().filter((entry) => entry.outbox);
      const verification = outbox.find((entry) =>
        (entry.outbox as { subject: string }).subject.startsWith('Confirm your email'),
      );
      const link = /https?:\/\/\S+\/ui\/verify-email\?token=(\S+)/.exec(
        (verification!.outbox as { text: string }).text,
      )!;
      const token = decodeURIComponent(link[1]!);
      expect((await postJson(`${nodeA.publicUrl}/api/user/email/verify`, { token })).status).toBe(200);
      expect((await postJson(`${nodeA.publicUrl}/api/user/email/verify`, { token })).status).toBe(400);
      const verified = await loginWithPassword(nodeA, 'grace@example.com', password);
      expect(verified.finish?.status).toBe(200);
      expect(
        outbox.some((entry) => (entry.outbox as { subject: string }).subject.startsWith('Someone tried')),
      ).toBe(true);
    } finally {
      await nodeA.context.settings.set('accounts.require_email_verification', false);
    }
  });
});
