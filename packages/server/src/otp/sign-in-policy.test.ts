/**
 * What a password sign-in owes, read with no statement of its own
 * (docs/scaling.md#what-one-operation-costs-the-database-and-redis): whether the user has TOTP on and whether
 * an organization they actively belong to enforces it are columns of the statement that consumes the login
 * state and reads its user (PasswordAccounts.consumeLogin, SecondFactor.userSignInFacts). These tests hold
 * the answers of that read against each case of the policy, and that the sign-in asks none of the separate
 * reads. A replayed finish is refused in accounts/sign-in.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrganizationService } from '../orgs/service.js';
import { type SignedIn, signInUser } from '../testing/oauth.js';
import { loginWithPassword, postJson, registerWithPassword } from '../testing/opaque-client.js';
import { addMember, call, createOrganization, memberIdOf } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { currentCode } from '../testing/totp.js';
import { OtpService } from './service.js';

let server: TestServer;
const password = 'sign-in policy password';

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('accounts.self_registration', true);
  await server.context.settings.set('accounts.require_email_verification', false);
  await server.context.settings.set('orgs.users_may_create', true);
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await server.context.settings.set('rate_limits.sign_in_per_minute', 100_000);
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A user registered with the password, and a session of theirs for the organization API. */
async function passwordUser(email: string): Promise<SignedIn> {
  expect((await registerWithPassword(server, email, password)).status).toBe(200);
  const user = (await server.context.accounts.users.findByEmail(email))!;
  return signInUser(server, { user });
}

/** The second factor a password sign-in owes, with the separate reads watched: none of them may run. */
async function owedAtSignIn(email: string): Promise<unknown> {
  const separate = [
    vi.spyOn(OtpService.prototype, 'atSignIn'),
    vi.spyOn(OtpService.prototype, 'enrolled'),
    vi.spyOn(OtpService.prototype, 'required'),
    vi.spyOn(OrganizationService.prototype, 'requiresTotp'),
  ];
  const login = await loginWithPassword(server, email, password);
  expect(login.finish?.status).toBe(200);
  for (const read of separate) expect(read).not.toHaveBeenCalled();
  for (const read of separate) read.mockRestore();
  return login.finish!.json.second_factor;
}

describe('the second factor a password sign-in owes', () => {
  it("follows each organization's TOTP policy and each membership's status", async () => {
    const owner = await passwordUser('owner@example.com');
    const member = await passwordUser('member@example.com');
    await passwordUser('outsider@example.com');
    const organizationId = await createOrganization(server, owner, 'Policy Inc');
    await addMember(server, organizationId, member);
    expect(await owedAtSignIn('member@example.com')).toBeNull();

    const strict = await call(server, owner, 'PATCH', `/organizations/${organizationId}`, {
      settings: { require_totp: true },
    });
    expect(strict.status).toBe(200);
    expect(await owedAtSignIn('owner@example.com')).toBe('enroll');
    expect(await owedAtSignIn('member@example.com')).toBe('enroll');
    expect(await owedAtSignIn('outsider@example.com')).toBeNull();

    // A suspended member is not bound by the organization's policy.
    const memberId = await memberIdOf(server, member, organizationId);
    const suspended = await call(
      server,
      owner,
      'PATCH',
      `/organizations/${organizationId}/members/${memberId}`,
      {
        status: 'suspended',
      },
    );
    expect(suspended.status).toBe(200);
    expect(await owedAtSignIn('member@example.com')).toBeNull();
    expect(await owedAtSignIn('owner@example.com')).toBe('enroll');
  });

  it('asks for the factor a user has set up, and for one the global setting requires', async () => {
    const user = await passwordUser('enrolled@example.com');
    const headers = { cookie: user.cookie, 'x-csrf-token': user.csrfToken };
    const init = await postJson(`${server.publicUrl}/otp/setup/init`, {}, headers);
    expect(init.status).toBe(200);
    const verify = await postJson(
      `${server.publicUrl}/otp/setup/verify`,
      { code: currentCode(init.json.secret as string) },
      headers,
    );
    expect(verify.status).toBe(200);
    expect(await owedAtSignIn('enrolled@example.com')).toBe('verify');

    await passwordUser('plain@example.com');
    expect(await owedAtSignIn('plain@example.com')).toBeNull();
    await server.context.settings.set('otp.required_for_users', true);
    try {
      // The setting is applied to the facts read (a setting changed at run time, after the statement was built).
      expect(await owedAtSignIn('plain@example.com')).toBe('enroll');
      expect(await owedAtSignIn('enrolled@example.com')).toBe('verify');
    } finally {
      await server.context.settings.set('otp.required_for_users', false);
    }
  });
});
