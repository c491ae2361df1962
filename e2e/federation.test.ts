import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import { registerWithPassword } from '../packages/server/src/testing/opaque-client.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import {
  authorizationRequest,
  captureCallbacks,
  RP_CALLBACK,
  registerRelyingParty,
  useHostedUiFixture,
} from './hosted-ui-fixture.js';
import {
  browserSession,
  expectCleanPage,
  failedRequestLog,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

const CALLBACK_PATH = '/api/user/federation/oidc/callback';

describe('federated sign-in in the browser: routed by domain to a real upstream provider', () => {
  let server: TestServer;
  let idp: UpstreamIdp;
  let rp: client.Configuration;
  const { newPage } = useHostedUiFixture({
    env: FEDERATION_TEST_ENV,
    setUp: async (started) => {
      ({ server } = started);
      rp = await registerRelyingParty(server, { name: 'Demo App', grant_types: ['authorization_code'] });
      idp = await startUpstreamIdp(`${server.publicUrl}/api/user/federation/oidc/callback`);
      const { row } = await server.context.federation.connections.create({
        name: 'Acme Corp',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        domains: ['acme.test', 'unverified.test'],
        jitProvisioning: true,
        // One test gives an account in acme.test a password of its own (docs/federation.md#routed-domains).
        allowLocalAccounts: true,
      });
      await server.context.federation.connections.markDomainVerified(row.id, 'acme.test', 'admin');
    },
  });
  afterAll(async () => {
    await idp?.close();
  });

  it('goes from the app to the upstream by the email domain, back to consent, and the app gets Tessera’s tokens', async () => {
    const { page, diagnostics } = await newPage();
    const callbacks = await captureCallbacks(page, 'Demo App');
    const email = `ann-${randomBytes(4).toString('hex')}@acme.test`;
    idp.signInAs({
      sub: `upstream-${randomBytes(4).toString('hex')}`,
      email,
      email_verified: true,
      name: 'Ann Acme',
    });

    const request = await authorizationRequest(rp);
    await page.goto(request.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Sign in with your organization' }).click();
    await page.getByLabel('Work email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The upstream signs Ann in (its login is automatic here), then the callback resumes the app's request.
    await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
    await waitForHeading(page, 'Allow access');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${RP_CALLBACK}?**`, { timeout: UI_TIMEOUT });
    const callback = new URL(callbacks[0]!);

    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: request.verifier,
      expectedNonce: request.nonce,
      expectedState: request.state,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const user = await server.context.accounts.users.findByEmail(email);
    // Tessera's ID token (openid-client checked iss against Tessera's discovery), for the account made just now.
    expect(claims.iss).toBe(server.config.baseUrl);
    expect(claims.sub).toBe(user!.id);
    expect(claims.email).toBe(email);
    expect(claims.name).toBe('Ann Acme');
    expect(claims.amr).toEqual(['fed']);
    expectCleanPage(diagnostics);
  });

  const person = (overrides: { email?: string; email_verified?: boolean } = {}) => ({
    sub: `upstream-${randomBytes(4).toString('hex')}`,
    email: `p-${randomBytes(4).toString('hex')}@acme.test`,
    email_verified: true,
    name: 'Pat Acme',
    ...overrides,
  });

  /** The app's request, up to the upstream sign-in started from the sign-in page with `email`. */
  async function startFromApp(page: Page, email: string) {
    const callbacks = await captureCallbacks(page, 'Demo App');
    await page.goto((await authorizationRequest(rp)).url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Sign in with your organization' }).click();
    await page.getByLabel('Work email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    return callbacks;
  }

  /** Every request to Tessera's callback the page made (redirect hops included). */
  function recordCallbacks(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${server.publicUrl}${CALLBACK_PATH}`)) seen.push(request.url());
    });
    return seen;
  }

  async function expectRefusalPage(page: Page, text: RegExp) {
    await waitForHeading(page, 'We could not sign you in');
    await page.getByText(text).waitFor({ timeout: UI_TIMEOUT });
    expect((await browserSession(page, server.publicUrl)).authenticated).toBe(false);
  }

  it('refuses an upstream email that is not verified: a refusal page, and the app gets nothing', async () => {
    const { page, diagnostics } = await newPage();
    const account = person({ email_verified: false });
    idp.signInAs(account);
    const callbacks = await startFromApp(page, account.email);
    await expectRefusalPage(page, /does not say your email address is verified/);
    expect(callbacks).toEqual([]);
    expect(await server.context.accounts.users.findByEmail(account.email)).toBeNull();
    expectCleanPage(diagnostics, [failedRequestLog(400)]);
  });

  it('does not route a domain that is listed but not verified: local sign-in continues', async () => {
    const { page, diagnostics } = await newPage();
    const upstreamRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(idp.issuer)) upstreamRequests.push(request.url());
    });
    const callbacks = await startFromApp(page, 'pat@unverified.test');
    await page
      .getByRole('heading', { name: 'No single sign-on for this address' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(page.url()).toMatch(/\/ui\/sign-in\?request_id=/);
    await page.getByLabel('Password', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    expect(upstreamRequests).toEqual([]);
    expect(callbacks).toEqual([]);
    expect((await browserSession(page, server.publicUrl)).authenticated).toBe(false);
    expectCleanPage(diagnostics);
  });

  it('refuses a replayed callback (state used already), in the same browser and in another one', async () => {
    const { page } = await newPage();
    const seen = recordCallbacks(page);
    idp.signInAs(person());
    const callbacks = await startFromApp(page, `p-${randomBytes(4).toString('hex')}@acme.test`);
    await waitForHeading(page, 'Allow access');
    expect(seen).toHaveLength(1);
    const used = seen[0]!;

    const other = await newPage();
    const otherCallbacks = await captureCallbacks(other.page, 'Demo App');
    await other.page.goto(used);
    await expectRefusalPage(other.page, /not started in this browser, has expired or was already used/);
    expect(otherCallbacks).toEqual([]);

    await page.goto(used);
    await waitForHeading(page, 'We could not sign you in');
    await page.getByText(/was already used/).waitFor({ timeout: UI_TIMEOUT });
    expect(callbacks).toEqual([]);
  });

  it('refuses a callback whose browser lacks the flow cookie', async () => {
    const { page, context } = await newPage();
    const email = `p-${randomBytes(4).toString('hex')}@acme.test`;
    idp.signInAs(person({ email }));
    // The browser drops the flow cookie the start sets (as a browser blocking cookies would).
    await page.route(`${server.publicUrl}/api/user/federation/oidc/start?**`, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const headers = { ...response.headers() };
      delete headers['set-cookie'];
      await context.clearCookies({ name: 'tessera_federation' });
      await route.fulfill({ status: response.status(), headers });
    });
    const callbacks = await startFromApp(page, email);
    await expectRefusalPage(page, /not started in this browser/);
    expect(callbacks).toEqual([]);
    expect(await server.context.accounts.users.findByEmail(email)).toBeNull();
  });

  /** A federated sign-in from the sign-in page (no app): it ends on the account page. */
  async function signInToAccount(page: Page, email: string) {
    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await page.getByRole('button', { name: 'Sign in with your organization' }).click();
    await page.getByLabel('Work email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/ui\/account/, { timeout: UI_TIMEOUT });
  }

  async function identitiesOf(email: string) {
    const user = await server.context.accounts.users.findByEmail(email);
    return server.context.federation.linking.identitiesOf(user!.id);
  }

  it('account page: never unlinks the only way to sign in', async () => {
    const { page, diagnostics } = await newPage();
    const account = person();
    idp.signInAs(account);
    await signInToAccount(page, account.email);
    const section = page.getByRole('region', { name: 'Organization sign-in' });
    await section.getByTestId('linked-identities').getByText('Acme Corp').waitFor({ timeout: UI_TIMEOUT });
    await section.getByRole('button', { name: 'Unlink', exact: true }).click();
    await section.getByRole('button', { name: 'Unlink Acme Corp' }).click();
    await section.getByText('Acme Corp is your only way to sign in').waitFor({ timeout: UI_TIMEOUT });
    expect(await identitiesOf(account.email)).toHaveLength(1);
    expectCleanPage(diagnostics, [failedRequestLog(409)]);
  });

  it('account page: unlinks an identity of an account that also has a password (audited)', async () => {
    const { page, diagnostics } = await newPage();
    const email = `pw-${randomBytes(4).toString('hex')}@acme.test`;
    await server.context.settings.set('accounts.self_registration', true);
    expect((await registerWithPassword(server, email, 'a long password 42')).status).toBe(200);
    // The holder verified the address: linking keeps the password (docs/federation.md#linking).
    const registered = (await server.context.accounts.users.findByEmail(email))!;
    await server.context.accounts.users.markEmailVerified(registered.id, email);
    idp.signInAs(person({ email }));
    // The verified upstream email in the verified domain links the existing account.
    await signInToAccount(page, email);
    expect((await identitiesOf(email)).map((row) => row.identity.linkedBy)).toEqual(['email']);

    const section = page.getByRole('region', { name: 'Organization sign-in' });
    await section.getByRole('button', { name: 'Unlink', exact: true }).click();
    await section.getByRole('button', { name: 'Unlink Acme Corp' }).click();
    await section
      .getByText('Acme Corp is unlinked: it no longer signs you in to this account.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await section.getByTestId('linked-identities').count()).toBe(0);
    expect(await identitiesOf(email)).toEqual([]);
    const user = (await server.context.accounts.users.findByEmail(email))!;
    const audits = await server.context.audit.list({ action: 'federation.identity_unlinked' }, 20);
    expect(audits.filter((event) => event.actorId === user.id)).toHaveLength(1);
    expectCleanPage(diagnostics);
  });
});
