import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { currentCode } from '../packages/server/src/testing/totp.js';
import {
  authorizationRequest,
  captureCallbacks,
  RP_CALLBACK,
  registerRelyingParty,
  useHostedUiFixture,
  verifiedAccount,
} from './hosted-ui-fixture.js';
import {
  expectCleanPage,
  failedRequestLog,
  horizontalOverflow,
  PHONE,
  signInForApp,
  submitRegistration,
  submitSignIn,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

const FIXTURE = { type: 'admin', id: 'e2e-fixture' } as const;

describe('hosted UI: organizations (choosing one at consent, accepting an invitation)', () => {
  let server: TestServer;
  let rp: client.Configuration;
  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      ({ server } = started);
      // The fixtures register through the API, which needs self-registration.
      await server.context.settings.set('accounts.self_registration', true);
      rp = await registerRelyingParty(server, {
        name: 'Org App',
        description: 'A relying party that needs an organization context',
        grant_types: ['authorization_code', 'refresh_token'],
        organization_required: true,
      });
    },
  });

  /** An organization with no admin yet, and an invitation to it for `email`: the link a person gets. */
  async function invitation(name: string, email: string) {
    const suffix = randomBytes(3).toString('hex');
    const organization = await server.context.orgs.organizations.create(
      { name: `${name} ${suffix}`, slug: `${name.toLowerCase()}-${suffix}` },
      FIXTURE,
      null,
    );
    const { token } = await server.context.orgs.invites.create(organization.id, { email }, FIXTURE);
    return { organization, inviteUrl: `${server.publicUrl}/ui/invite?token=${encodeURIComponent(token)}` };
  }

  it('a member of two organizations chooses the second at consent; the ID token carries that organization', async () => {
    const password = 'two organizations password';
    const user = await verifiedAccount(server, password, 'Olga Organizer');
    const suffix = randomBytes(3).toString('hex');
    // Admin of the first (alphabetically), plain member of the second: the roles tell them apart.
    const alpha = await server.context.orgs.organizations.create(
      { name: `Alpha ${suffix}`, slug: `alpha-${suffix}` },
      FIXTURE,
      user.id,
    );
    const beta = await server.context.orgs.organizations.create(
      { name: `Beta ${suffix}`, slug: `beta-${suffix}` },
      FIXTURE,
      null,
    );
    await server.context.orgs.organizations.addMember(beta.id, user.id, ['member'], FIXTURE);

    const { page, diagnostics } = await newPage();
    const callbacks = await captureCallbacks(page, 'Org App');
    const { url, verifier, nonce, state } = await authorizationRequest(rp);

    await signInForApp(page, url, user.email, password);

    await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
    await waitForHeading(page, 'Allow access');
    expect(await page.getByTestId('client-name').textContent()).toBe('Org App');
    const choices = page.getByRole('group', { name: 'Continue as a member of' }).getByRole('radio');
    expect(await choices.count()).toBe(2);
    const first = page.getByRole('radio', { name: alpha.name, exact: true });
    const second = page.getByRole('radio', { name: beta.name, exact: true });
    expect(await first.isChecked()).toBe(true);
    expect(await second.isChecked()).toBe(false);
    await second.check();
    expect(await second.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
    expect(callbacks).toHaveLength(1);
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get('state')).toBe(state);

    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedNonce: nonce,
      expectedState: state,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(user.id);
    expect(claims.org_id).toBe(beta.id);
    expect(claims.org_slug).toBe(beta.slug);
    expect(claims.roles).toEqual(['member']);

    expectCleanPage(diagnostics);
  });

  it('accepts an invitation at /ui/invite on a phone-sized screen; the used link then says so', async () => {
    const password = 'invited person password';
    const invitee = await verifiedAccount(server, password, 'Ivan Invitee');
    const { organization, inviteUrl } = await invitation('Gamma', invitee.email);

    const { page, diagnostics } = await newPage(PHONE);

    // Not signed in: what the invitation is about, and the way to sign in.
    await page.goto(inviteUrl);
    await waitForHeading(page, 'Invitation');
    await page.getByTestId('invite-organization').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('invite-organization').textContent()).toBe(organization.name);
    expect(await page.getByTestId('invite-email').textContent()).toBe(invitee.email);
    expect(await page.getByTestId('invite-roles').textContent()).toBe('member');
    expect(await page.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/ui\/sign-in\?return_to=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, invitee.email, password);

    // Signed in, the browser comes back to the invitation by itself: accept it.
    await page.waitForURL(inviteUrl, { timeout: UI_TIMEOUT });
    await waitForHeading(page, 'Invitation');
    const accept = page.getByRole('button', { name: 'Accept invitation' });
    await accept.waitFor({ timeout: UI_TIMEOUT });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await accept.click();
    await page.getByRole('heading', { name: 'Invitation accepted' }).waitFor({ timeout: UI_TIMEOUT });
    const membership = await server.context.orgs.organizations.membership(organization.id, invitee.id);
    expect(membership.member.roles).toEqual(['member']);

    // The link is single use.
    await page.goto(inviteUrl);
    await waitForHeading(page, 'Invitation not found');
    expect(await page.getByRole('alert').textContent()).toContain('not valid any more');

    // The only console noise: the refused preview of the used link.
    expectCleanPage(diagnostics, [failedRequestLog(404)]);
  });

  it('an invitee with two-step verification comes back to the invitation after the code step', async () => {
    const password = 'two step invitee password';
    const invitee = await verifiedAccount(server, password, 'Tomas Twostep');
    const account = { kind: 'user', id: invitee.id, label: invitee.email } as const;
    const { secret } = await server.context.otp.factors.startEnrolment(account);
    await server.context.otp.factors.confirmEnrolment(account, currentCode(secret));
    const { organization, inviteUrl } = await invitation('Epsilon', invitee.email);

    const { page, diagnostics } = await newPage();
    await page.goto(inviteUrl);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await submitSignIn(page, invitee.email, password);
    await page.waitForURL(/\/ui\/sign-in\/code\?.*return_to=/, { timeout: UI_TIMEOUT });
    // The next time step's code: the enrolment used the current one.
    const codeField = page.getByLabel('Code from your authenticator app', { exact: true });
    await codeField.fill(currentCode(secret, 1));
    await codeField.press('Enter');

    await page.waitForURL(inviteUrl, { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('heading', { name: 'Invitation accepted' }).waitFor({ timeout: UI_TIMEOUT });
    expect(
      (await server.context.orgs.organizations.membership(organization.id, invitee.id)).member.status,
    ).toBe('active');
    expectCleanPage(diagnostics);
  });

  it('creating an account from an invitation comes back to it, and the new member can accept', async () => {
    const email = `org-new-${randomBytes(4).toString('hex')}@example.test`;
    const { organization, inviteUrl } = await invitation('Delta', email);
    // Registration signs in at once only without email confirmation.
    await server.context.settings.set('accounts.require_email_verification', false);
    try {
      const { page, diagnostics } = await newPage();
      await page.goto(inviteUrl);
      await page.getByRole('link', { name: 'Create an account' }).click();
      await submitRegistration(page, { name: 'Nora Newcomer', email, password: 'a new member password' });

      await page.waitForURL(inviteUrl, { timeout: UI_TIMEOUT });
      const accept = page.getByRole('button', { name: 'Accept invitation' });
      await accept.waitFor({ timeout: UI_TIMEOUT });
      // Accepting needs a confirmed address, which this account skipped: confirm it as the emailed link would.
      const user = await server.context.accounts.users.findByEmail(email);
      expect(await server.context.accounts.users.markEmailVerified(user!.id, email)).toBe(true);
      await accept.click();
      await page.getByRole('heading', { name: 'Invitation accepted' }).waitFor({ timeout: UI_TIMEOUT });
      expect(
        (await server.context.orgs.organizations.membership(organization.id, user!.id)).member.roles,
      ).toEqual(['member']);
      expectCleanPage(diagnostics);
    } finally {
      await server.context.settings.set('accounts.require_email_verification', true);
    }
  });

  it('sign-in ignores a return_to that is not a page of the hosted UI (absolute, protocol-relative, escaping /ui/)', async () => {
    const password = 'return to refusal password';
    const user = await verifiedAccount(server, password, 'Rita Redirect');
    const { page, context, diagnostics } = await newPage();
    const elsewhere: string[] = [];
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
      elsewhere.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Elsewhere</title>' });
    });
    for (const returnTo of [
      'https://evil.example.test/ui/account',
      '//evil.example.test/ui/account',
      '/\\evil.example.test/ui/account',
      '/ui/\\..\\..\\/evil.example.test/ui/account',
      '/ui/../admin',
    ]) {
      await page.goto(`${server.publicUrl}/ui/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      await submitSignIn(page, user.email, password);
      await waitForHeading(page, 'Your account');
      expect(new URL(page.url()).pathname, returnTo).toBe('/ui/account');
    }
    expect(elsewhere).toEqual([]);
    expectCleanPage(diagnostics);
  });

  it('an app that requires an organization, for a user in none: a page says so, and its button tells the app', async () => {
    const password = 'no organization password';
    const user = await verifiedAccount(server, password, 'Nadia Nobody');
    const { page, diagnostics } = await newPage(PHONE);
    const callbacks = await captureCallbacks(page, 'Org App');
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state,
    });

    await signInForApp(page, url.href, user.email, password);
    await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
    const authorizePageUrl = page.url();
    await waitForHeading(page, 'Organization membership required');
    expect(await page.getByTestId('client-name').textContent()).toBe('Org App');
    const alert = page.getByRole('alert');
    expect(await alert.getByRole('heading').textContent()).toBe('You are not a member of any organization');
    expect(await alert.textContent()).toContain(user.email);
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(callbacks).toEqual([]);

    await page.getByRole('button', { name: 'Back to Org App' }).click();
    await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
    expect(callbacks).toHaveLength(1);
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toContain('not a member of any');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(server.config.baseUrl);
    expect(callback.searchParams.has('code')).toBe(false);

    // The request is used up: opening its page again cannot continue it.
    await page.goto(authorizePageUrl);
    await waitForHeading(page, 'Sign-in request not found');
    expect(callbacks).toHaveLength(1);
    expectCleanPage(diagnostics, [failedRequestLog(404)]);
  });
});
