import * as opaque from '@serenity-kit/opaque';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/tables.js';
import { adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import {
  authorizeOnce,
  codeOf,
  idTokenClaims,
  pendingRequestId,
  pendingRequestView,
  redeemCode,
} from '../testing/code-flow.js';
import { registerClient } from '../testing/oauth.js';
import {
  loginWithPassword,
  postJson,
  registerWithPassword,
  sessionCookieFrom,
} from '../testing/opaque-client.js';
import { testKeyStretching } from '../testing/opaque-stretching.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { changeSessionsDirectly } from '../testing/sessions.js';
import { currentCode } from '../testing/totp.js';

let server: TestServer;
const password = 'otp test password';

beforeAll(async () => {
  server = await startTestServer();
  // Installed first: install sets the self-registration choice, which these tests then open.
  await installViaApi(server, 'root@example.com', 'admin password here');
  await server.context.settings.set('accounts.self_registration', true);
  await server.context.settings.set('accounts.require_email_verification', false);
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await server.context.settings.set('rate_limits.otp_per_minute', 100_000);
  // The races sign one account in many times; the limits themselves are tested in account-flows.test.ts.
  await server.context.settings.set('rate_limits.sign_in_per_minute', 100_000);
  await server.context.settings.set('rate_limits.registration_per_hour', 100_000);
});
afterAll(async () => {
  await server?.close();
});

interface Browser {
  cookie: string;
  csrf: string;
}

async function signedIn(email: string): Promise<Browser & { secondFactor: string | null }> {
  const login = await loginWithPassword(server, email, password);
  expect(login.finish?.status).toBe(200);
  return {
    cookie: login.cookie!,
    csrf: login.finish!.json.csrf_token as string,
    secondFactor: login.finish!.json.second_factor as string | null,
  };
}

async function post(browser: Browser, path: string, body: unknown = {}) {
  const response = await postJson(`${server.publicUrl}${path}`, body, {
    cookie: browser.cookie,
    'x-csrf-token': browser.csrf,
  });
  const cookie = sessionCookieFrom(response.headers);
  return { ...response, next: cookie ? { cookie, csrf: response.json.csrf_token as string } : null };
}

async function status(browser: Browser): Promise<string> {
  const response = await fetch(`${server.publicUrl}/otp/status`, { headers: { cookie: browser.cookie } });
  return ((await response.json()) as { status: string }).status;
}

/** Registers a user and enrols TOTP; returns the secret, backup codes and a signed-in browser. */
async function enrolledUser(email: string) {
  const registered = await registerWithPassword(server, email, password);
  expect(registered.json, JSON.stringify(registered.json)).toMatchObject({ status: 'signed_in' });
  let browser: Browser = await signedIn(email);
  expect(await status(browser)).toBe('disabled');
  const init = await post(browser, '/otp/setup/init');
  expect(init.status).toBe(200);
  expect(await status(browser)).toBe('pending');
  const secret = init.json.secret as string;
  // An independent implementation reads the secret from the provisioning URI and produces an accepted code.
  const uri = new URL(init.json.otpauth_uri as string);
  expect(uri.protocol).toBe('otpauth:');
  expect(uri.searchParams.get('secret')).toBe(secret);
  const code = authenticator.generate(uri.searchParams.get('secret')!);
  const verify = await post(browser, '/otp/setup/verify', { code });
  expect(verify.status).toBe(200);
  const backupCodes = verify.json.backup_codes as string[];
  expect(backupCodes).toHaveLength(10);
  expect(await status(browser)).toBe('enabled');
  browser = { ...browser };
  return { secret, backupCodes, browser, firstCode: code };
}

// Each race signs in 20 browsers first (20 OPAQUE logins with the client's memory-hard key stretching), which is
// most of its time; on a busy 2-core machine that alone can pass the default 30 s.
const RACE_TIMEOUT_MS = 90_000;

describe('TOTP for users', () => {
  it("a sign-in code that names the app's pending request approves it when nothing is left to ask; a password change owed comes first", async () => {
    const email = 'totp-app@example.com';
    const { secret, backupCodes } = await enrolledUser(email);
    const client = await registerClient(server, { first_party: true });

    const first = await authorizeOnce(server, null, client);
    const requestId = pendingRequestId(server, first.answer.location);
    const login = await loginWithPassword(server, email, password, {
      cookie: first.browser,
      finishFields: { request_id: requestId },
    });
    // The password alone does not approve it: the code is still owed.
    expect(login.finish?.json).toMatchObject({ second_factor: 'verify', authorization: null });
    const pending = {
      cookie: `${login.cookie!}; ${first.browser}`,
      csrf: login.finish!.json.csrf_token as string,
    };
    const verified = await post(pending, '/otp/verify', {
      code: currentCode(secret, 1),
      request_id: requestId,
    });
    expect(verified.status).toBe(200);
    const redirect = (verified.json.authorization as { redirect_uri: string }).redirect_uri;
    const tokens = await redeemCode(server, client, { code: codeOf(redirect), verifier: first.verifier });
    expect(tokens.status).toBe(200);
    expect(idTokenClaims(tokens).amr).toEqual(expect.arrayContaining(['pwd', 'otp']));

    await server.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, email));
    const second = await authorizeOnce(server, null, client);
    const secondId = pendingRequestId(server, second.answer.location);
    const again = await signedIn(email);
    // The browser that started the request (its binding cookie).
    again.cookie = `${again.cookie}; ${second.browser}`;
    // A backup code: the app's codes of this time step are used up.
    const owed = await post(again, '/otp/verify', { code: backupCodes[0], request_id: secondId });
    expect(owed.status, JSON.stringify(owed.json)).toBe(200);
    expect(owed.json.authorization).toBeNull();
    // Still pending for after the password change, in that browser.
    const next = { cookie: `${owed.next!.cookie}; ${second.browser}` };
    expect((await pendingRequestView(server, next, secondId)).consent_required).toBe(false);
  });

  it('sign-in with password then TOTP: the session owes the code, then rotates and gains amr otp', async () => {
    const { secret, firstCode } = await enrolledUser('totp-user@example.com');
    const pending = await signedIn('totp-user@example.com');
    expect(pending.secondFactor).toBe('verify');
    // Nothing but the second factor works while it is owed.
    const blocked = await fetch(`${server.publicUrl}/api/user/profile`, {
      method: 'PUT',
      headers: { cookie: pending.cookie, 'x-csrf-token': pending.csrf, 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(blocked.status).toBe(401);
    // The enrolment code (same step) is a replay now.
    expect((await post(pending, '/otp/verify', { code: firstCode })).json.error).toBe('invalid_otp');
    const code = currentCode(secret, 1);
    const verified = await post(pending, '/otp/verify', { code });
    expect(verified.status).toBe(200);
    expect(verified.next?.cookie).not.toBe(pending.cookie);
    const session = (await (
      await fetch(`${server.publicUrl}/session`, { headers: { cookie: verified.next!.cookie } })
    ).json()) as { amr: string[] };
    expect(session.amr).toContain('otp');
    expect(session.amr).toContain('pwd');
    // The old cookie died with the rotation; the same code and any earlier step are refused afterwards.
    expect(
      (await fetch(`${server.publicUrl}/otp/status`, { headers: { cookie: pending.cookie } })).status,
    ).toBe(401);
    const again = await signedIn('totp-user@example.com');
    expect((await post(again, '/otp/verify', { code })).json.error).toBe('invalid_otp');
    expect((await post(again, '/otp/verify', { code: currentCode(secret, 0) })).json.error).toBe(
      'invalid_otp',
    );
  });

  it(
    '20 parallel verifications of one fresh code give exactly one success',
    async () => {
      const { secret } = await enrolledUser('race@example.com');
      const browsers = await Promise.all(Array.from({ length: 20 }, () => signedIn('race@example.com')));
      const code = currentCode(secret, 1);
      const results = await Promise.all(browsers.map((browser) => post(browser, '/otp/verify', { code })));
      expect(results.filter((result) => result.status === 200)).toHaveLength(1);
      expect(results.filter((result) => result.status === 401)).toHaveLength(19);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'a backup code works once, also under a race',
    async () => {
      const { backupCodes } = await enrolledUser('backup@example.com');
      const browsers = await Promise.all(Array.from({ length: 20 }, () => signedIn('backup@example.com')));
      const results = await Promise.all(
        browsers.map((browser) => post(browser, '/otp/verify', { code: backupCodes[0] })),
      );
      expect(results.filter((result) => result.status === 200)).toHaveLength(1);
      const later = await signedIn('backup@example.com');
      expect((await post(later, '/otp/verify', { code: backupCodes[0]!.toLowerCase() })).status).toBe(401);
      expect(
        (await post(later, '/otp/verify', { code: backupCodes[1]!.toLowerCase().replace('-', ' ') })).status,
      ).toBe(200);
    },
    RACE_TIMEOUT_MS,
  );

  it('locks after 5 wrong codes, across requests; an admin can unlock', async () => {
    const { secret } = await enrolledUser('lock@example.com');
    const browser = await signedIn('lock@example.com');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(browser, '/otp/verify', { code: '000000' })).status).toBe(401);
    }
    expect(await status(browser)).toBe('locked');
    const locked = await post(browser, '/otp/verify', { code: currentCode(secret, 1) });
    expect(locked.status).toBe(423);
    expect(locked.json.error).toBe('otp_locked');
    const admin = await adminSignIn(server, 'root@example.com', 'admin password here');
    const user = await server.context.accounts.users.findByEmail('lock@example.com');
    expect((await adminFetch(server, admin, 'GET', `/admin/users/${user!.id}/otp`)).json.status).toBe(
      'locked',
    );
    expect((await adminFetch(server, admin, 'POST', `/admin/users/${user!.id}/otp/unlock`)).status).toBe(200);
    expect((await post(browser, '/otp/verify', { code: currentCode(secret, 1) })).status).toBe(200);
    const entries = await server.context.audit.list({ action: 'otp.admin_unlock' }, 10);
    expect(entries).toHaveLength(1);
  });

  it('re-enrolling, regenerating backup codes and changing the password need a fresh code', async () => {
    const { secret, backupCodes } = await enrolledUser('reenrol@example.com');
    const pending = await signedIn('reenrol@example.com');
    const complete = (await post(pending, '/otp/verify', { code: currentCode(secret, 1) })).next!;
    // Proving the factor at sign-in counts as a step-up for a few minutes; once that has passed, a fresh proof is
    // needed to replace the factor.
    await changeSessionsDirectly(
      server,
      "UPDATE sessions SET step_up_until = now() - interval '1 second' WHERE step_up_until IS NOT NULL",
    );
    expect((await post(complete, '/otp/setup/init')).json.error).toBe('step_up_required');
    expect((await post(complete, '/otp/backup-codes')).json.error).toBe('step_up_required');
    expect(
      (await post(complete, '/api/user/password/change/start', { start_login_request: 'A'.repeat(86) })).json
        .error,
    ).toBe('step_up_required');
    // An earlier step than the one already accepted is refused.
    expect((await post(complete, '/otp/reauth', { code: currentCode(secret, -1) })).status).toBe(401);
    const stepped = await post(complete, '/otp/reauth', { code: backupCodes[0] });
    expect(stepped.status).toBe(200);
    expect(stepped.next?.cookie).not.toBe(complete.cookie);
    expect((await post(stepped.next!, '/otp/backup-codes')).json.backup_codes).toHaveLength(10);
    expect((await post(stepped.next!, '/otp/setup/init')).status).toBe(200);
  });

  it('reports required when policy demands TOTP and none is set up, and walks the user through enrolment at sign-in', async () => {
    expect((await registerWithPassword(server, 'must@example.com', password)).json.status).toBe('signed_in');
    await server.context.settings.set('otp.required_for_users', true);
    try {
      const browser = await signedIn('must@example.com');
      expect(browser.secondFactor).toBe('enroll');
      expect(await status(browser)).toBe('required');
      const init = await post(browser, '/otp/setup/init');
      const done = await post(browser, '/otp/setup/verify', {
        code: currentCode(init.json.secret as string),
      });
      expect(done.status).toBe(200);
      // Enrolling finished the sign-in: a new, complete session.
      const session = (await (
        await fetch(`${server.publicUrl}/session`, { headers: { cookie: done.next!.cookie } })
      ).json()) as {
        second_factor_pending: boolean;
        amr: string[];
      };
      expect(session.second_factor_pending).toBe(false);
      expect(session.amr).toContain('otp');
      // Turning it off is refused while policy requires it.
      const stepped = await post(done.next!, '/otp/reauth', {
        code: (done.json.backup_codes as string[])[0],
      });
      // A new registration under the policy owes the enrolment too, and may still sign out.
      const registered = await registerWithPassword(server, 'must-new@example.com', password);
      expect(registered.json.second_factor).toBe('enroll');
      const fresh = {
        cookie: sessionCookieFrom(registered.headers)!,
        csrf: registered.json.csrf_token as string,
      };
      expect(
        (await fetch(`${server.publicUrl}/api/user/profile`, { headers: { cookie: fresh.cookie } })).status,
      ).toBe(200);
      expect((await post(fresh, '/api/user/profile/email', { email: 'x@example.com' })).json.error).toBe(
        'second_factor_required',
      );
      expect((await post(fresh, '/api/user/logout')).status).toBe(200);
      const off = await fetch(`${server.publicUrl}/otp`, {
        method: 'DELETE',
        headers: { cookie: stepped.next!.cookie, 'x-csrf-token': stepped.next!.csrf },
      });
      expect(off.status).toBe(409);
    } finally {
      await server.context.settings.set('otp.required_for_users', false);
    }
  });
});

describe('TOTP for admins', () => {
  it('an admin must enrol on first sign-in before the admin API answers', async () => {
    const fresh = await startTestServer();
    try {
      await installViaApi(fresh, 'boss@example.com', 'boss password 1');
      await opaque.ready;
      const login = opaque.client.startLogin({ password: 'boss password 1' });
      const start = await postJson(`${fresh.adminUrl}/admin/login/start`, {
        email: 'boss@example.com',
        start_login_request: login.startLoginRequest,
      });
      const proof = opaque.client.finishLogin({
        keyStretching: testKeyStretching(),
        clientLoginState: login.clientLoginState,
        loginResponse: start.json.login_response as string,
        password: 'boss password 1',
      })!;
      const finish = await postJson(`${fresh.adminUrl}/admin/login/finish`, {
        login_id: start.json.login_id,
        finish_login_request: proof.finishLoginRequest,
      });
      expect(finish.json.second_factor).toBe('enroll');
      const cookie = finish.headers.getSetCookie()[0]!.split(';')[0]!;
      const headers = { cookie, 'x-csrf-token': finish.json.csrf_token as string };
      const refused = await fetch(`${fresh.adminUrl}/admin/clients`, { headers });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe('second_factor_required');
      const init = await postJson(`${fresh.adminUrl}/admin/otp/setup/init`, {}, headers);
      const done = await postJson(
        `${fresh.adminUrl}/admin/otp/setup/verify`,
        { code: currentCode(init.json.secret as string) },
        headers,
      );
      expect(done.status).toBe(200);
      const completed = done.headers.getSetCookie()[0]!.split(';')[0]!;
      expect(
        (await fetch(`${fresh.adminUrl}/admin/clients`, { headers: { cookie: completed } })).status,
      ).toBe(200);
      const status = await fetch(`${fresh.adminUrl}/admin/otp/status`, { headers: { cookie: completed } });
      expect(await status.json()).toMatchObject({ status: 'enabled', required: true });
    } finally {
      await fresh.close();
    }
  });
});
