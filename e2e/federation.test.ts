import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import {
  authorizationRequest,
  captureCallbacks,
  RP_CALLBACK,
  registerRelyingParty,
  useHostedUiFixture,
} from './hosted-ui-fixture.js';
import { expectCleanPage, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

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
        domains: ['acme.test'],
        jitProvisioning: true,
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
});
