import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountKeyBody, newAccountKey, wrapEnvelope } from '../packages/server/src/testing/keys.js';
import { signInUser } from '../packages/server/src/testing/oauth.js';
import { passwordExportKey } from '../packages/server/src/testing/opaque-client.js';
import { call } from '../packages/server/src/testing/orgs.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import {
  addAuthenticator,
  openAccount,
  receiveKey,
  saveRecoveryKey,
  signOut,
  zkAuthorizationRequest,
} from './federated-zk.js';
import { captureCallbacks, RP_CALLBACK, useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import {
  expectCleanPage,
  failedRequestLog,
  submitRegistration,
  submitSignIn,
  UI_TIMEOUT,
  waitForHeading,
} from './ui-helpers.js';

/**
 * The zero-knowledge key's flow as one flow (docs/zk.md §3.1): at sign-up for a ZK app the password typed once
 * protects the key; the reset confirmation says what became of the key and what the recovery key is for; taking a
 * passkey's key envelope away asks first and says exactly what went.
 */
describe('hosted UI: the encryption key reads like one flow', () => {
  let server: TestServer;
  let appId: string;
  const { newPage } = useHostedUiFixture({
    // WebAuthn needs a host name (an IP address is not a valid RP ID).
    publicHostName: 'localhost',
    setUp: async (started) => {
      ({ server } = started);
      await server.context.settings.set('accounts.self_registration', true);
      await server.context.settings.set('accounts.require_email_verification', false);
      const { client } = await server.context.clients.registry.create({
        name: 'Vault',
        type: 'public',
        redirect_uris: [RP_CALLBACK],
        grant_types: ['authorization_code'],
        zk_delivery: 'v2',
        zk_required: true,
        first_party: true,
      });
      appId = client.id;
    },
  });

  /** An account with a keybag the test made: a password envelope under the real export key and a recovery key. */
  async function accountWithKey(password: string, name: string) {
    const account = await verifiedAccount(server, password, name);
    const key = newAccountKey(account.id);
    const envelope = wrapEnvelope(key, 1, 'password', {
      secret: await passwordExportKey(server, account.email, password),
    });
    const { body } = accountKeyBody(key, ['recovery_key']);
    const user = await signInUser(server, { user: (await server.context.accounts.users.find(account.id))! });
    const created = await call(server, user, 'POST', '/crypto/keybag/account-key', {
      ...body,
      envelopes: [envelope.input, ...body.envelopes],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return account;
  }

  const envelopeTypes = async (userId: string) =>
    (await server.context.keys.keybags.keybag(userId)).envelopes.map((envelope) => envelope.type).sort();

  it('sign-up for a ZK app: the password typed at "Create account" sets the key up, with no second prompt', async () => {
    const opened = await newPage();
    const { page, diagnostics } = opened;
    await captureCallbacks(page, 'Vault');
    const email = `grace-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'grace hopper compiles';
    const started = await zkAuthorizationRequest(server, appId);
    await page.goto(started.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await submitRegistration(page, { name: 'Grace', email, password });

    // The consent page right after: either it asks for the password again, or it goes on to the recovery key.
    const asked = page.getByLabel('Your password');
    const ceremony = page.getByRole('heading', { name: 'Save your recovery key' });
    await asked.or(ceremony).first().waitFor({ timeout: UI_TIMEOUT });
    expect(await asked.count()).toBe(0);
    await saveRecoveryKey(page);
    const first = await receiveKey(server, appId, page, started);
    const user = await server.context.accounts.users.findByEmail(email);
    expect(first.sub).toBe(user!.id);
    // The password typed once protects the key: its envelope was made then.
    expect(await envelopeTypes(user!.id)).toEqual(['password', 'recovery_key']);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

    // A later sign-in with that password opens the same key, again without a prompt.
    await signOut(server, opened);
    const again = await zkAuthorizationRequest(server, appId);
    await page.goto(again.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, email, password);
    expect((await receiveKey(server, appId, page, again)).cak).toEqual(first.cak);
    expectCleanPage(diagnostics, [failedRequestLog(401)]);
  });

  it('the reset confirmation says the key was kept, that the new password cannot open it yet, and what opens it', async () => {
    const password = 'ada lovelace computes';
    const ada = await accountWithKey(password, 'Ada');
    const { page, diagnostics } = await newPage();
    const token = await server.context.accounts.emailTokens.issue(ada.id, 'password_reset', ada.email);
    await page.goto(`${server.publicUrl}/ui/reset-password?token=${token}`);
    await waitForHeading(page, 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('a new password for ada');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForHeading(page, 'Password changed');
    const section = page.getByRole('region', { name: 'Your encryption key is kept' });
    await section.waitFor({ timeout: UI_TIMEOUT });
    const text = (await section.textContent()) ?? '';
    expect(text).toContain('your new password cannot open it yet');
    expect(text).toContain('your recovery key, the code starting with TSRK2');
    expect(text).toContain('After that, your new password opens the key again.');
    expect(text).not.toContain('a passkey');
    expect(await envelopeTypes(ada.id)).toEqual(['password', 'recovery_key']);

    // Without a key, the confirmation says nothing about one.
    const plain = await verifiedAccount(server, 'no key at all here', 'Plain');
    const other = await newPage();
    const plainToken = await server.context.accounts.emailTokens.issue(
      plain.id,
      'password_reset',
      plain.email,
    );
    await other.page.goto(`${server.publicUrl}/ui/reset-password?token=${plainToken}`);
    await waitForHeading(other.page, 'Choose a new password');
    await other.page.getByLabel('New password', { exact: true }).fill('a new password for plain');
    await other.page.getByRole('button', { name: 'Set new password' }).click();
    await waitForHeading(other.page, 'Password changed');
    expect(await other.page.getByText('encryption key').count()).toBe(0);
    expectCleanPage(diagnostics);
  });

  it('taking a passkey out of the key asks first, keeps the passkey, and says exactly that', async () => {
    const password = 'mary somerville measures';
    const mary = await accountWithKey(password, 'Mary');
    const opened = await newPage();
    const { page, diagnostics } = opened;
    await addAuthenticator(opened);
    await page.goto(`${server.config.baseUrl}/ui/sign-in`);
    await submitSignIn(page, mary.email, password);
    await waitForHeading(page, 'Your account');
    await page.getByLabel('Name of the new passkey').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    // The password this page signed in with opens the key, so the new passkey's envelope is made at once.
    await page
      .getByText('Passkey “Laptop” added. It signs you in and unlocks your encryption keys.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await envelopeTypes(mary.id)).toEqual(['passkey_prf', 'password', 'recovery_key']);

    await openAccount(server, page);
    const remove = page.getByRole('button', { name: 'Remove Passkey Laptop' });
    await remove.click();
    // Nothing happens before the user says yes; the question says what goes and what stays.
    const question = page.getByRole('group', { name: 'Confirm the removal' });
    await question.waitFor({ timeout: UI_TIMEOUT });
    expect(await question.textContent()).toContain(
      'Passkey “Laptop” will no longer open your encryption key. The passkey itself stays: you still sign in with it.',
    );
    expect(await envelopeTypes(mary.id)).toEqual(['passkey_prf', 'password', 'recovery_key']);
    await question.getByRole('button', { name: 'Keep it' }).click();
    await remove.waitFor({ timeout: UI_TIMEOUT });
    expect(await envelopeTypes(mary.id)).toEqual(['passkey_prf', 'password', 'recovery_key']);

    await remove.click();
    await page.getByRole('button', { name: 'Remove from the key' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText:
          'Passkey “Laptop” no longer opens your encryption key. The passkey itself was not removed: you still sign in with it.',
      })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByText('Passkey removed.').count()).toBe(0);
    // Exactly that: the envelope went, the passkey stayed.
    expect(await envelopeTypes(mary.id)).toEqual(['password', 'recovery_key']);
    const passkeys = await server.context.passkeys.credentials.list(mary.id);
    expect(passkeys.map((passkey) => passkey.name)).toEqual(['Laptop']);
    expectCleanPage(diagnostics);
  });
});
