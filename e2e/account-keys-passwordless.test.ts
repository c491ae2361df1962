import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import type { UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import {
  addAuthenticator,
  authorizeFederated,
  foreignRecoveryKey,
  openAccount,
  PRF_AUTHENTICATOR,
  receiveKey,
  saveRecoveryKey,
  setUpFederatedZkApp,
  signOut,
  upstreamPerson,
} from './federated-zk.js';
import { useHostedUiFixture } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT } from './ui-helpers.js';

/**
 * The account page's key actions for a user without a password (docs/zk.md §3.5, §3.7), in Chromium: a user
 * created just in time at a federated sign-in through a real upstream provider holds nothing in the account page
 * that opens their key, and has no password. Trusting this browser, a new recovery key and letting a new passkey
 * unlock offer what the account has — its recovery key, its passkey (PRF, DevTools virtual authenticator) — and
 * never a password. The page is on http://localhost: an IP address is not a valid RP ID.
 */

describe('account page key actions for a federated user without a password', () => {
  let server: TestServer;
  let idp: UpstreamIdp;
  let appId: string;
  const { newPage } = useHostedUiFixture({
    env: FEDERATION_TEST_ENV,
    publicHostName: 'localhost',
    setUp: async (started) => {
      ({ server } = started);
      ({ appId, idp } = await setUpFederatedZkApp(server));
    },
  });
  afterAll(async () => {
    await idp?.close();
  });

  const envelopeTypes = async (userId: string) =>
    (await server.context.keys.keybags.keybag(userId)).envelopes.map((envelope) => envelope.type).sort();

  /** No password field anywhere on the page, and nothing that says to enter one. */
  async function expectNoPasswordAsked(page: Page) {
    expect(await page.getByLabel('Your password', { exact: true }).count()).toBe(0);
    expect(await page.getByText(/enter your password/i).count()).toBe(0);
  }

  it('trusts this browser with the recovery key, and the next authorization unlocks by itself', async () => {
    const account = upstreamPerson('Rae Recovery');
    idp.signInAs(account);
    const browser = await newPage();
    const first = await authorizeFederated(server, appId, browser.page, account.email);
    await browser.page.getByRole('button', { name: 'Use a recovery key' }).click();
    const recoveryKey = await saveRecoveryKey(browser.page);
    const delivered = await receiveKey(server, appId, browser.page, first);
    const user = (await server.context.accounts.users.findByEmail(account.email))!;
    expect(await server.context.accounts.passwords.hasPassword(user.id)).toBe(false);

    // The account page after the federated sign-in holds nothing that opens the key: it asks for the recovery key.
    await openAccount(server, browser.page);
    await browser.page.getByRole('button', { name: 'Trust this browser' }).click();
    await browser.page
      .getByText(
        'Trusting this browser needs your key unlocked here. Unlock it on this page with your recovery key.',
      )
      .waitFor({ timeout: UI_TIMEOUT });
    await expectNoPasswordAsked(browser.page);
    expect(await browser.page.getByRole('button', { name: 'Unlock with passkey' }).count()).toBe(0);
    // A wrong recovery key (well formed, another key's) opens nothing, and nothing is trusted.
    await browser.page.getByLabel('Your recovery key').fill(foreignRecoveryKey());
    await browser.page.getByRole('button', { name: 'Unlock with recovery key' }).click();
    await browser.page
      .getByText('This recovery key does not open your key.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await envelopeTypes(user.id)).toEqual(['recovery_key']);
    await browser.page.getByLabel('Your recovery key').fill(recoveryKey);
    await browser.page.getByRole('button', { name: 'Unlock with recovery key' }).click();
    await browser.page.getByText('This browser is now a trusted device.').waitFor({ timeout: UI_TIMEOUT });
    await browser.page.getByText('(this browser)').waitFor({ timeout: UI_TIMEOUT });
    expect(await envelopeTypes(user.id)).toEqual(['recovery_key', 'trusted_device']);

    // Signed out and in again through the upstream: this browser's device key unlocks, nothing is asked.
    await signOut(server, browser);
    const second = await authorizeFederated(server, appId, browser.page, account.email);
    const again = await receiveKey(server, appId, browser.page, second);
    expect(again.keyId).toBe(delivered.keyId);
    expect(again.cak).toEqual(delivered.cak);
    expectCleanPage(browser.diagnostics, [failedRequestLog(401)]);
  }, 180_000);

  it('with a passkey: trusts this browser, replaces the recovery key and lets a new passkey unlock', async () => {
    const account = upstreamPerson('Pat Passkey');
    idp.signInAs(account);
    const browser = await newPage();
    const { cdp, authenticatorId: firstAuthenticator } = await addAuthenticator(browser);
    const first = await authorizeFederated(server, appId, browser.page, account.email);
    await browser.page.getByRole('button', { name: 'Protect it with a passkey' }).click();
    const oldRecoveryKey = await saveRecoveryKey(browser.page);
    const delivered = await receiveKey(server, appId, browser.page, first);
    const user = (await server.context.accounts.users.findByEmail(account.email))!;
    expect(await envelopeTypes(user.id)).toEqual(['passkey_prf', 'recovery_key']);

    // Trust this browser: the passkey unlocks the key on the account page (a WebAuthn request made here).
    await openAccount(server, browser.page);
    await browser.page.getByRole('button', { name: 'Trust this browser' }).click();
    await browser.page
      .getByText(
        'Trusting this browser needs your key unlocked here. Unlock it on this page with your passkey or your recovery key.',
      )
      .waitFor({ timeout: UI_TIMEOUT });
    await expectNoPasswordAsked(browser.page);
    await browser.page.getByRole('button', { name: 'Unlock with passkey' }).click();
    await browser.page.getByText('This browser is now a trusted device.').waitFor({ timeout: UI_TIMEOUT });
    expect(await envelopeTypes(user.id)).toEqual(['passkey_prf', 'recovery_key', 'trusted_device']);

    // A new recovery key: unlocked with the passkey again, then shown once; it replaces the old one.
    await browser.page.getByRole('button', { name: 'Replace your recovery key' }).click();
    await expectNoPasswordAsked(browser.page);
    await browser.page.getByRole('button', { name: 'Unlock with passkey' }).click();
    const newRecoveryKey = await saveRecoveryKey(browser.page);
    expect(newRecoveryKey).not.toBe(oldRecoveryKey);
    await browser.page.getByText('Your new recovery key is saved.').waitFor({ timeout: UI_TIMEOUT });
    await browser.page.getByLabel('Recovery key to check').fill(newRecoveryKey);
    await browser.page.getByRole('button', { name: 'Check', exact: true }).click();
    await browser.page.getByText('This recovery key opens your key').waitFor({ timeout: UI_TIMEOUT });

    // A second passkey, on a security key (the platform authenticator one holds this account's passkey already and
    // refuses another): the first one unlocks the key so that the new one gets its envelope too. Each step is
    // answered by the authenticator it is meant for, the other one waiting for a touch that does not come.
    const { authenticatorId: secondAuthenticator } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { ...PRF_AUTHENTICATOR, transport: 'usb' },
    });
    const presence = (authenticatorId: string, enabled: boolean) =>
      cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
    await presence(firstAuthenticator, false);
    await browser.page.getByLabel('Name of the new passkey').fill('Second key');
    await browser.page.getByRole('button', { name: 'Add a passkey' }).click();
    await browser.page
      .getByText('For your new passkey to unlock your encryption keys too, unlock them once here.', {
        exact: false,
      })
      .waitFor({ timeout: UI_TIMEOUT });
    await expectNoPasswordAsked(browser.page);
    await presence(secondAuthenticator, false);
    await presence(firstAuthenticator, true);
    await browser.page.getByRole('button', { name: 'Unlock with passkey' }).click();
    await browser.page
      .getByText('Passkey “Second key” now unlocks your keys too.')
      .waitFor({ timeout: UI_TIMEOUT });
    const passkeys = await server.context.passkeys.credentials.list(user.id);
    expect(passkeys).toHaveLength(2);
    const keybag = await server.context.keys.keybags.keybag(user.id);
    expect(
      keybag.envelopes
        .filter((envelope) => envelope.type === 'passkey_prf')
        .map((envelope) => envelope.credentialId)
        .sort(),
    ).toEqual(passkeys.map((passkey) => passkey.credentialId).sort());
    expect(keybag.accountKey?.keyId).toBe(delivered.keyId);
    expect(await envelopeTypes(user.id)).toEqual([
      'passkey_prf',
      'passkey_prf',
      'recovery_key',
      'trusted_device',
    ]);
    expectCleanPage(browser.diagnostics, [failedRequestLog(401)]);
  }, 180_000);
});
