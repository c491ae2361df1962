/**
 * The device authorization grant (RFC 8628) as a TV or command-line tool runs it: openid-client
 * (`initiateDeviceAuthorization`, `pollDeviceAuthorizationGrant`) polls the running server while a real browser
 * opens the verification URI, signs in with a password and a second factor, checks the code and approves (or
 * denies) on the hosted UI's consent page.
 */
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEVICE_CODE_GRANT_TYPE } from '../packages/server/src/protocol/oauth/vocabulary.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { currentCode } from '../packages/server/src/testing/totp.js';
import { useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, submitSignIn, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const PASSWORD = 'correct horse battery staple';

describe('hosted UI: connecting a device (RFC 8628)', () => {
  let server: TestServer;
  let tv: client.Configuration;
  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      ({ server } = started);
      await server.context.settings.set('accounts.self_registration', true);
      await server.context.settings.set('accounts.require_email_verification', false);
      await server.context.settings.set('rate_limits.sign_in_per_minute', 1000);
      await server.context.settings.set('rate_limits.otp_per_minute', 1000);
      // The device polls every second here rather than every five: the test waits less, nothing else changes.
      await server.context.settings.set('device.poll_interval_seconds', 1);
      const { client: registered, secret } = await server.context.clients.registry.create({
        name: 'Living Room TV',
        description: 'The streaming app on the television',
        type: 'confidential',
        redirect_uris: [],
        grant_types: [DEVICE_CODE_GRANT_TYPE, 'refresh_token'],
        scopes: [
          { scope: 'openid', description: '' },
          { scope: 'profile', description: '' },
          { scope: 'email', description: '' },
          { scope: 'offline_access', description: '' },
        ],
      });
      tv = await client.discovery(
        new URL(server.config.baseUrl),
        registered.id,
        secret!,
        client.ClientSecretBasic(secret!),
        { execute: [client.allowInsecureRequests] },
      );
    },
  });

  /** An account with TOTP enrolled; the enrolment used the previous time step, so the current one signs in. */
  async function accountWithSecondFactor(name: string) {
    const account = await verifiedAccount(server, PASSWORD, name);
    const otp = { kind: 'user' as const, id: account.id, label: account.email };
    const { secret } = await server.context.otp.factors.startEnrolment(otp);
    await server.context.otp.factors.confirmEnrolment(otp, currentCode(secret, -1));
    return { ...account, secret };
  }

  /** The browser's part up to the consent page: the verification URI, sign-in with both factors, the code. */
  async function signInAndEnterCode(
    page: Page,
    verificationUri: string,
    account: { email: string; secret: string },
  ) {
    await page.goto(verificationUri);
    // Not signed in: the device page sends the browser to sign in first, and the sign-in comes back with the code.
    await page.waitForURL(/\/ui\/sign-in\?return_to=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, account.email, PASSWORD);
    await waitForHeading(page, 'Two-step verification');
    const codeField = page.getByLabel('Code from your authenticator app', { exact: true });
    await codeField.fill(currentCode(account.secret));
    await codeField.press('Enter');
    await waitForHeading(page, 'Connect a device');
  }

  it('openid-client polls while the user signs in, confirms the code and approves: the device gets its tokens', async () => {
    const account = await accountWithSecondFactor('Grace Hopper');
    const authorization = await client.initiateDeviceAuthorization(tv, {
      scope: 'openid profile email offline_access',
    });
    expect(authorization.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(authorization.verification_uri).toBe(`${server.config.baseUrl}/ui/device`);
    const polling = client.pollDeviceAuthorizationGrant(tv, authorization);

    const { page, diagnostics } = await newPage();
    await signInAndEnterCode(page, authorization.verification_uri_complete!, account);
    // The code from verification_uri_complete is filled in for the user to compare with the screen.
    const code = page.getByLabel('Code from your device', { exact: true });
    expect(await code.inputValue()).toBe(authorization.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The consent page: the device's client, its scopes, the warning to approve only one's own device.
    await waitForHeading(page, 'Allow access');
    expect(await page.getByTestId('client-name').textContent()).toBe('Living Room TV');
    expect(await page.getByTestId('device-notice').textContent()).toContain('Living Room TV on that device');
    const scopes = await page.locator('.scope-list li').allTextContents();
    expect(scopes).toEqual([
      'Sign you in with your account',
      'Read your name',
      'Read your email address and whether it is verified',
      'Stay signed in when you are not using the app',
    ]);
    await page.getByRole('button', { name: 'Approve' }).click();
    await waitForHeading(page, 'Connect a device');
    await page.getByText('Your device is connected').waitFor({ timeout: UI_TIMEOUT });
    expect(new URL(page.url()).search).toBe('?result=approved');

    const tokens = await polling;
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: server.config.baseUrl,
      sub: account.id,
      aud: tv.clientMetadata().client_id,
      email: account.email,
      name: 'Grace Hopper',
    });
    // Both factors, as the browser used them.
    expect(claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp']));
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const userinfo = await client.fetchUserInfo(tv, tokens.access_token, account.id);
    expect(userinfo.email).toBe(account.email);
    const refreshed = await client.refreshTokenGrant(tv, tokens.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
    expectCleanPage(diagnostics);
  });

  it('a mistyped code is explained and nothing is approved; then the user denies and the device hears access_denied', async () => {
    const account = await accountWithSecondFactor('Alan Turing');
    const authorization = await client.initiateDeviceAuthorization(tv, { scope: 'openid' });
    const polling = client.pollDeviceAuthorizationGrant(tv, authorization).then(
      () => null,
      (error: unknown) => error,
    );

    const { page, diagnostics } = await newPage();
    // The plain verification URI: the user types the code, first wrongly, then in lower case with a space.
    await signInAndEnterCode(page, authorization.verification_uri, account);
    const code = page.getByLabel('Code from your device', { exact: true });
    expect(await code.inputValue()).toBe('');
    const wrong = authorization.user_code.startsWith('B') ? 'CCCC-CCCC' : 'BBBB-BBBB';
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This code is not valid or has expired.').waitFor({ timeout: UI_TIMEOUT });
    await code.fill(authorization.user_code.toLowerCase().replace('-', ' '));
    await page.getByRole('button', { name: 'Continue' }).click();

    await waitForHeading(page, 'Allow access');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByText('The device was not given access to your account.').waitFor({ timeout: UI_TIMEOUT });

    const refusal = await polling;
    expect(refusal).toBeInstanceOf(client.ResponseBodyError);
    expect((refusal as client.ResponseBodyError).error).toBe('access_denied');
    // The wrong code's refusal is the one failed request the page made.
    expectCleanPage(diagnostics, [failedRequestLog(400)]);
  });
});
