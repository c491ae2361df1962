import { afterAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import type { UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import {
  addAuthenticator,
  authorizeFederated,
  receiveKey,
  saveRecoveryKey,
  setUpFederatedZkApp,
  signOut,
  upstreamPerson,
} from './federated-zk.js';
import { useHostedUiFixture } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT } from './ui-helpers.js';

/**
 * Zero-knowledge key custody with a passkey for a user without a password (docs/zk.md §3.4, §3.7), in Chromium
 * with the DevTools virtual authenticator (PRF): a user created just in time at a federated sign-in through a real
 * upstream provider protects the new key with a passkey registered on the consent page, and after signing out, at
 * the next federated sign-in (nothing of the first sign-in held in the page) unlocks with "Unlock with passkey".
 * The app receives the same key and key id both times (decrypted here from the JWE, its hash checked against
 * /token). The page is on http://localhost: an IP address is not a valid RP ID.
 */

describe('a federated user without a password protects and unlocks a ZK key with a passkey', () => {
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

  it('protects the key with a passkey registered on the consent page, and unlocks the same key with it at the next federated sign-in', async () => {
    const account = upstreamPerson('Pat Passkey');
    idp.signInAs(account);
    const browser = await newPage();
    await addAuthenticator(browser);

    const firstRequest = await authorizeFederated(server, appId, browser.page, account.email);
    await browser.page
      .getByRole('heading', { name: 'Set up your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    await browser.page.getByText('Your account has no password').waitFor({ timeout: UI_TIMEOUT });
    expect(await browser.page.getByLabel('Your password', { exact: true }).count()).toBe(0);
    await browser.page.getByRole('button', { name: 'Protect it with a passkey' }).click();
    // The policy allows recovery keys: one is shown once besides the passkey, so a lost passkey loses nothing.
    await browser.page.getByText(/^Your passkey “.+” protects your key\./).waitFor({ timeout: UI_TIMEOUT });
    await saveRecoveryKey(browser.page);
    const delivered = await receiveKey(server, appId, browser.page, firstRequest);

    const user = (await server.context.accounts.users.findByEmail(account.email))!;
    expect(delivered.sub).toBe(user.id);
    expect(await server.context.accounts.passwords.hasPassword(user.id)).toBe(false);
    const [passkey, ...others] = await server.context.passkeys.credentials.list(user.id);
    expect(others).toEqual([]);
    expect(passkey).toMatchObject({ prfCapable: true });
    const keybag = await server.context.keys.keybags.keybag(user.id);
    expect(keybag.accountKey?.keyId).toBe(delivered.keyId);
    expect(keybag.envelopes.map((envelope) => envelope.type).sort()).toEqual(['passkey_prf', 'recovery_key']);
    expect(keybag.envelopes.find((envelope) => envelope.type === 'passkey_prf')).toMatchObject({
      credentialId: passkey!.credentialId,
      prfSalt: passkey!.prfSalt,
    });

    // Signed out, then the next sign-in through the upstream again: nothing held in the page opens the key, so
    // it is locked; no password is offered, the passkey is. (The same browser: Chromium's virtual authenticator
    // gives no PRF output for a credential copied into another one with WebAuthn.addCredential.)
    await signOut(server, browser);
    const secondRequest = await authorizeFederated(server, appId, browser.page, account.email);
    await browser.page
      .getByRole('heading', { name: 'Unlock your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await browser.page.getByRole('button', { name: 'Unlock with password' }).count()).toBe(0);
    await browser.page.getByRole('button', { name: 'Unlock with passkey' }).click();
    const again = await receiveKey(server, appId, browser.page, secondRequest);
    expect(again.sub).toBe(user.id);
    expect(again.keyId).toBe(delivered.keyId);
    expect(again.cak).toEqual(delivered.cak);
    // Opened with the passkey's envelope, nothing added: still no password envelope.
    const after = await server.context.keys.keybags.keybag(user.id);
    expect(after.envelopes.map((envelope) => envelope.type).sort()).toEqual(['passkey_prf', 'recovery_key']);
    expect(after.envelopes.find((envelope) => envelope.type === 'passkey_prf')?.lastUsedAt).not.toBeNull();
    expectCleanPage(browser.diagnostics, [failedRequestLog(401)]);
  }, 180_000);
});
