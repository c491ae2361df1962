import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import type { UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import {
  authorizeFederated,
  receiveKey,
  saveRecoveryKey,
  setUpFederatedZkApp,
  upstreamPerson,
} from './federated-zk.js';
import { useHostedUiFixture } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT } from './ui-helpers.js';

/**
 * Zero-knowledge key custody for a user without a password (docs/zk.md §3.1, §3.7): a user created
 * just in time at a federated sign-in through a real upstream provider authorizes a ZK app in Chromium. The consent
 * page never asks for a password the account lacks; it protects the new key with a recovery key (a passkey's PRF:
 * zk-passwordless-passkey.test.ts), and at the next federated sign-in unlocks with the same secret: the app receives
 * the same client app key both times (decrypted here from the JWE, its hash checked against /token).
 */

describe('a federated user without a password sets up and unlocks a ZK key', () => {
  let server: TestServer;
  let idp: UpstreamIdp;
  let appId: string;
  const { newPage } = useHostedUiFixture({
    env: FEDERATION_TEST_ENV,
    setUp: async (started) => {
      ({ server } = started);
      ({ appId, idp } = await setUpFederatedZkApp(server));
    },
  });
  afterAll(async () => {
    await idp?.close();
  });

  /** The consent page's set-up for an account without a password: no password asked, a choice offered. */
  async function expectPasswordlessSetup(page: Page) {
    await page.getByRole('heading', { name: 'Set up your encryption key' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('Your account has no password').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByLabel('Your password', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Enter your password: it will protect your key.').count()).toBe(0);
  }

  it('protects the key with a recovery key at the first authorization, and unlocks the same key with it at the next federated sign-in', async () => {
    const account = upstreamPerson('Fay Federated');
    idp.signInAs(account);

    const first = await newPage();
    const firstRequest = await authorizeFederated(server, appId, first.page, account.email);
    await expectPasswordlessSetup(first.page);
    await first.page.getByRole('button', { name: 'Use a recovery key' }).click();
    const recoveryKey = await saveRecoveryKey(first.page);
    const delivered = await receiveKey(server, appId, first.page, firstRequest);
    const user = (await server.context.accounts.users.findByEmail(account.email))!;
    expect(delivered.sub).toBe(user.id);
    expect(await server.context.accounts.passwords.hasPassword(user.id)).toBe(false);
    const keybag = await server.context.keys.keybags.keybag(user.id);
    expect(keybag.accountKey?.keyId).toBe(delivered.keyId);
    expect(keybag.envelopes.map((envelope) => envelope.type)).toEqual(['recovery_key']);
    expectCleanPage(first.diagnostics, [failedRequestLog(401)]);

    // The next sign-in, in another browser: nothing held, so the key is locked; no password is offered.
    const second = await newPage();
    const secondRequest = await authorizeFederated(server, appId, second.page, account.email);
    await second.page
      .getByRole('heading', { name: 'Unlock your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await second.page.getByRole('button', { name: 'Unlock with password' }).count()).toBe(0);
    await second.page.getByLabel('Recovery key').fill(recoveryKey);
    await second.page.getByRole('button', { name: 'Unlock with recovery key' }).click();
    const again = await receiveKey(server, appId, second.page, secondRequest);
    expect(again.sub).toBe(user.id);
    expect(again.keyId).toBe(delivered.keyId);
    expect(again.cak).toEqual(delivered.cak);
    // Still no password envelope: nothing asked for one to re-wrap.
    expect((await server.context.keys.keybags.keybag(user.id)).envelopes.map((e) => e.type)).toEqual([
      'recovery_key',
    ]);
    expectCleanPage(second.diagnostics, [failedRequestLog(401)]);
  });
});
