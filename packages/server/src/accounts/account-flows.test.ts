import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKekText } from '../crypto/keyring.js';
import { renderEmail } from '../email/templates.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import {
  changePassword,
  keyUnlockExportKey,
  loginWithPassword,
  passwordExportKey,
  postJson,
  registerWithPassword,
  resetPasswordWithLink,
} from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SmtpCapture } from '../testing/smtp.js';

let server: TestServer;
const smtp = new SmtpCapture();
const password = 'first password 1';

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer();
  await smtp.configure(server);
  await server.context.settings.set('accounts.self_registration', true);
  await server.context.settings.set('accounts.require_email_verification', true);
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

/** Registers through the API and confirms the address from the captured email. */
async function verifiedAccount(email: string, secret = password) {
  expect((await registerWithPassword(server, email, secret)).json.status).toBe('verification_sent');
  const token = smtp.lastToken(email, 'verify-email');
  expect(token).toBeTruthy();
  expect((await postJson(`${server.publicUrl}/api/user/email/verify`, { token })).status).toBe(200);
  const login = await loginWithPassword(server, email, secret);
  expect(login.finish?.status).toBe(200);
  return { cookie: login.cookie!, csrf: login.finish!.json.csrf_token as string };
}

const resetPassword = (token: string, newPassword: string) =>
  resetPasswordWithLink(server, token, newPassword);

describe('password reset', () => {
  it('resets through the emailed link, ends other sessions, and the link works once', async () => {
    const email = 'reset@example.com';
    const { cookie } = await verifiedAccount(email);
    const before = smtp.to(email).length;
    expect((await postJson(`${server.publicUrl}/api/user/password/reset/request`, { email })).status).toBe(
      202,
    );
    expect(smtp.to(email).length).toBe(before + 1);
    const token = smtp.lastToken(email, 'reset-password')!;
    const validated = await fetch(
      `${server.publicUrl}/api/user/password/reset/validate?token=${encodeURIComponent(token)}`,
    );
    expect(await validated.json()).toEqual({ valid: true, email });
    const reset = await resetPassword(token, 'second password 2');
    expect(reset.status).toBe(200);
    // The old session is over; the old password fails; the new one works; the link is used up.
    const session = await fetch(`${server.publicUrl}/session`, { headers: { cookie } });
    expect(((await session.json()) as { authenticated: boolean }).authenticated).toBe(false);
    expect((await loginWithPassword(server, email, password)).finish).toBeNull();
    expect((await loginWithPassword(server, email, 'second password 2')).finish?.status).toBe(200);
    expect((await resetPassword(token, 'third password 3')).status).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const count = smtp.messages.length;
    const response = await postJson(`${server.publicUrl}/api/user/password/reset/request`, {
      email: 'ghost@example.com',
    });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ status: 'sent_if_exists' });
    expect(smtp.messages.length).toBe(count);
  });

  it('refuses an expired link', async () => {
    const email = 'expired@example.com';
    await verifiedAccount(email);
    await postJson(`${server.publicUrl}/api/user/password/reset/request`, { email });
    const token = smtp.lastToken(email, 'reset-password')!;
    await server.database.withConnection((connection) =>
      connection.query(
        "UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'password_reset'",
      ),
    );
    expect((await resetPassword(token, 'whatever password')).json.error).toBe('invalid_token');
  });

  it('throttles reset emails per account (same answer) and requests per IP (429)', async () => {
    const email = 'throttle@example.com';
    await verifiedAccount(email);
    const before = smtp.to(email).length;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postJson(`${server.publicUrl}/api/user/password/reset/request`, { email });
      expect(response.status).toBe(202);
    }
    expect(smtp.to(email).length - before).toBe(3);
    await server.context.settings.set('rate_limits.password_reset_per_hour', 1);
    try {
      await postJson(`${server.publicUrl}/api/user/password/reset/request`, { email: 'x@example.com' });
      const limited = await postJson(`${server.publicUrl}/api/user/password/reset/request`, {
        email: 'y@example.com',
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.context.settings.set('rate_limits.password_reset_per_hour', 10_000);
    }
  });
});

describe('password change', () => {
  it('needs the current password, then rotates the session and ends the others', async () => {
    const email = 'change@example.com';
    const auth = await verifiedAccount(email);
    const other = await loginWithPassword(server, email, password);
    expect((await changePassword(server, auth, 'not my password', 'new password 9')).json.error).toBe(
      'client_rejected',
    );
    const noCsrf = await postJson(
      `${server.publicUrl}/api/user/password/change/start`,
      { start_login_request: 'A'.repeat(86) },
      { cookie: auth.cookie },
    );
    expect(noCsrf.status).toBe(403);
    const changed = await changePassword(server, auth, password, 'new password 9');
    expect(changed.status).toBe(200);
    const otherSession = await fetch(`${server.publicUrl}/session`, { headers: { cookie: other.cookie! } });
    expect(((await otherSession.json()) as { authenticated: boolean }).authenticated).toBe(false);
    expect((await loginWithPassword(server, email, 'new password 9')).finish?.status).toBe(200);
  });

  it('counts each proof of the current password against the account’s sign-in attempts', async () => {
    const email = 'guessing@example.com';
    const auth = await verifiedAccount(email);
    const limit = server.context.settings.get('rate_limits.sign_in_per_minute');
    await server.context.settings.set('rate_limits.sign_in_per_minute', 3);
    try {
      await opaque.ready;
      const start = () =>
        postJson(
          `${server.publicUrl}/api/user/password/change/start`,
          { start_login_request: opaque.client.startLogin({ password: 'a guess' }).startLoginRequest },
          { cookie: auth.cookie, 'x-csrf-token': auth.csrf },
        );
      // The sign-in made one attempt; two proofs fill the budget of three, the third is refused.
      expect((await start()).status).toBe(200);
      expect((await start()).status).toBe(200);
      const refused = await start();
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe('rate_limited');
      // One budget: the sign-in form is refused too.
      expect((await loginWithPassword(server, email, password)).start.status).toBe(429);
    } finally {
      await server.context.settings.set('rate_limits.sign_in_per_minute', limit);
    }
  });
});

describe('profile and email change', () => {
  it('changes the address only after the link sent to the new address is followed, once', async () => {
    const auth = await verifiedAccount('old-address@example.com');
    const headers = { cookie: auth.cookie, 'x-csrf-token': auth.csrf };
    const renamed = await fetch(`${server.publicUrl}/api/user/profile`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed <b>User</b>' }),
    });
    expect(((await renamed.json()) as { name: string }).name).toBe('Renamed <b>User</b>');
    const asked = await postJson(
      `${server.publicUrl}/api/user/profile/email`,
      { email: 'new-address@example.com' },
      headers,
    );
    expect(asked.status).toBe(202);
    // Nothing changes until the new address confirms.
    const profile = await fetch(`${server.publicUrl}/api/user/profile`, { headers });
    expect(((await profile.json()) as { email: string }).email).toBe('old-address@example.com');
    const token = smtp.lastToken('new-address@example.com', 'confirm-email')!;
    expect((await postJson(`${server.publicUrl}/api/user/profile/email/confirm`, { token })).json).toEqual({
      email: 'new-address@example.com',
    });
    expect((await postJson(`${server.publicUrl}/api/user/profile/email/confirm`, { token })).status).toBe(
      400,
    );
    expect((await loginWithPassword(server, 'new-address@example.com', password)).finish?.status).toBe(200);
    // Taken addresses are refused.
    await verifiedAccount('taken@example.com');
    expect(
      (await postJson(`${server.publicUrl}/api/user/profile/email`, { email: 'taken@example.com' }, headers))
        .status,
    ).toBe(409);
  });

  it('refuses addresses that could carry markup, and emails escape their variables', async () => {
    const hostile = 'x"><script>alert(1)</script>@example.com';
    const refused = await postJson(`${server.publicUrl}/api/user/register/start`, {
      email: hostile,
      registration_request: 'A'.repeat(86),
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('invalid_request');
    const rendered = renderEmail('verification', {
      email: '<script>alert(1)</script>',
      link: 'https://x/"><b>',
      product: 'A&B',
    });
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;');
    expect(rendered.html).toContain('href="https://x/&quot;&gt;&lt;b&gt;"');
    expect(rendered.subject).toBe('Confirm your email address for A&B');
  });
});

describe('users directory', () => {
  it('a client’s token: open only to a confidential client granted service.users:read', async () => {
    await verifiedAccount('findme@example.com');
    const tokenFor = async (scopes: string[]) => {
      const { client, secret } = await server.context.clients.registry.create({
        name: 'Directory reader',
        type: 'confidential',
        redirect_uris: [],
        grant_types: ['client_credentials'],
        scopes: scopes.map((scope) => ({ scope, description: scope })),
      });
      const response = await fetch(`${server.publicUrl}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${client.id}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const allowed = await tokenFor(['service.users:read']);
    const search = await fetch(`${server.publicUrl}/api/user/directory/users?query=findme`, {
      headers: { authorization: `Bearer ${allowed}` },
    });
    expect(search.status).toBe(200);
    const { users } = (await search.json()) as { users: { id: string; email: string }[] };
    expect(users.map((user) => user.email)).toEqual(['findme@example.com']);
    const lookup = await fetch(`${server.publicUrl}/api/user/directory/users/${users[0]!.id}`, {
      headers: { authorization: `Bearer ${allowed}` },
    });
    expect(lookup.status).toBe(200);
    const withoutScope = await tokenFor(['api']);
    const denied = await fetch(`${server.publicUrl}/api/user/directory/users?query=f`, {
      headers: { authorization: `Bearer ${withoutScope}` },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain('insufficient_scope');
    const anonymous = await fetch(`${server.publicUrl}/api/user/directory/users?query=f`);
    expect(anonymous.status).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account with 429 and Retry-After', async () => {
    await server.context.settings.set('rate_limits.sign_in_per_minute', 3);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await loginWithPassword(server, 'limited@example.com', 'whatever')).start.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await server.context.settings.set('rate_limits.sign_in_per_minute', 10_000);
    }
  });

  it('limits password key unlocks per account apart from sign-in: opening ZK apps does not lock sign-in out', async () => {
    const email = 'unlocker@example.com';
    const auth = await verifiedAccount(email);
    await server.context.settings.set('rate_limits.sign_in_per_minute', 3);
    await server.context.settings.set('rate_limits.key_unlock_per_minute', 4);
    try {
      // Consent pages open the password envelope, each recovering the sign-in password's export key, until the
      // limit answers: at least four of them (more than sign-in's three) pass, and at most twice the limit, should
      // the window roll over meanwhile.
      const sameKey = await passwordExportKey(server, email, password);
      let unlocked = 0;
      let refused: Awaited<ReturnType<typeof keyUnlockExportKey>>['answer'] | null = null;
      while (refused === null && unlocked < 9) {
        const { answer, exportKey } = await keyUnlockExportKey(server, auth, password);
        if (answer.status === 429) refused = answer;
        else {
          expect(answer.status, JSON.stringify(answer.json)).toBe(200);
          expect(answer.json).not.toHaveProperty('login_id');
          expect(exportKey?.equals(sameKey)).toBe(true);
          unlocked += 1;
        }
      }
      expect(unlocked).toBeGreaterThanOrEqual(4);
      expect(refused).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      // The sign-in budget (two attempts spent above) is untouched by the unlocks.
      expect((await loginWithPassword(server, email, password)).finish?.status).toBe(200);
    } finally {
      await server.context.settings.set('rate_limits.sign_in_per_minute', 10_000);
      await server.context.settings.set('rate_limits.key_unlock_per_minute', 10);
    }
  });

  it('a password key unlock needs the session and its CSRF token, and answers a wrong password nothing usable', async () => {
    const email = 'unlock-guard@example.com';
    const auth = await verifiedAccount(email);
    expect((await keyUnlockExportKey(server, { cookie: '', csrf: '' }, password)).answer).toMatchObject({
      status: 401,
      json: { error: 'not_signed_in' },
    });
    expect((await keyUnlockExportKey(server, { ...auth, csrf: 'wrong' }, password)).answer).toMatchObject({
      status: 403,
      json: { error: 'csrf_failed' },
    });
    const wrong = await keyUnlockExportKey(server, auth, 'not the password');
    expect(wrong.answer.status).toBe(200);
    expect(wrong.exportKey).toBeNull();
  });

  it('with REDIS_URL the limit is shared by every node', async () => {
    const database: TestDatabase = await createTestDatabase();
    const env = { TESSERA_KEK: newKekText(), REDIS_URL: 'redis://127.0.0.1:6379' };
    const nodeA = await startTestServer({ database: await database.open(), env });
    const nodeB = await startTestServer({ database: await database.open(), env });
    try {
      await nodeA.context.settings.set('rate_limits.sign_in_per_minute', 2);
      await nodeA.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
      const email = `shared-${Date.now()}@example.com`;
      const statuses = [
        (await loginWithPassword(nodeA, email, 'x')).start.status,
        (await loginWithPassword(nodeB, email, 'x')).start.status,
        (await loginWithPassword(nodeA, email, 'x')).start.status,
      ];
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await nodeA.close();
      await nodeB.close();
      await database.drop();
    }
  }, 120_000);
});
