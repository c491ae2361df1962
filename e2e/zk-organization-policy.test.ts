import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { captureCallbacks, RP_CALLBACK, useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, submitSignIn, UI_TIMEOUT } from './ui-helpers.js';

/**
 * An organization's unlock policy in the hosted UI (docs/zk.md §8.1): with the organization disallowing password
 * envelopes, a ZK authorization made for that organization cannot be finalized with the key the password opened —
 * the server refuses and the consent page says why — while the same user's authorization without the organization
 * context still delivers the key.
 */
describe('hosted UI: an organization that disallows password envelopes', () => {
  let server: TestServer;
  let app: { clientId: string };
  const PASSWORD = 'organization policy password';

  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      ({ server } = started);
      await server.context.settings.set('accounts.self_registration', true);
      const { client } = await server.context.clients.registry.create({
        name: 'Policy Vault',
        type: 'confidential',
        redirect_uris: [RP_CALLBACK],
        grant_types: ['authorization_code'],
        zk_delivery: 'v2',
        zk_required: true,
        first_party: true,
      });
      app = { clientId: client.id };
    },
  });

  /** The app's authorization request: an ephemeral P-256 key (zk_pub), PKCE, and the organization if any. */
  async function authorizationUrl(organizationId?: string): Promise<string> {
    const pair = (await globalThis.crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const jwk = await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey);
    const url = new URL('/authorize', server.publicUrl);
    for (const [name, value] of Object.entries({
      client_id: app.clientId,
      redirect_uri: RP_CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state: randomBytes(16).toString('base64url'),
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      zk_pub: Buffer.from(JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y })).toString(
        'base64url',
      ),
      ...(organizationId ? { organization_id: organizationId } : {}),
    })) {
      url.searchParams.set(name, value);
    }
    return url.href;
  }

  /** Signs in for an authorization in a fresh browser context. */
  async function signInFor(url: string, email: string) {
    const opened = await newPage();
    await captureCallbacks(opened.page, 'Policy Vault');
    await opened.page.goto(url);
    await opened.page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await submitSignIn(opened.page, email, PASSWORD);
    return opened;
  }

  const atApp = (url: URL) => url.href.startsWith(RP_CALLBACK);

  /** Approves when the consent page asks (a first-party app continues by itself), until `done` resolves. */
  async function approveUntil(page: Page, done: Promise<unknown>): Promise<void> {
    const approve = page.locator('button:not([disabled])', { hasText: /^Approve$/ });
    await Promise.race([done, approve.waitFor({ timeout: UI_TIMEOUT }).then(() => approve.click())]);
    await done;
  }

  /** Goes through the one-time recovery-key screen of a first key setup. */
  async function confirmRecoveryKey(page: Page): Promise<void> {
    await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
    const text = (await page.getByTestId('recovery-key').textContent()) ?? '';
    const label = await page.locator('label', { hasText: /^Group \d+ of your recovery key$/ }).textContent();
    const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
    await page.getByLabel(label!).fill(text.split('-')[group]!);
    await page.getByRole('button', { name: 'I saved it, continue' }).click();
  }

  it('refuses the password-opened key for the organization, and delivers it without the organization', async () => {
    const account = await verifiedAccount(server, PASSWORD, 'Olga Policy');
    const organization = await server.context.orgs.organizations.create(
      { name: 'Passwordless Corp' },
      { type: 'admin', id: 'e2e-fixture' },
      null,
    );
    await server.context.orgs.organizations.addMember(organization.id, account.id, ['member'], {
      type: 'admin',
      id: 'e2e-fixture',
    });

    // First authorization, no organization context: the keybag is set up with a password envelope.
    const first = await signInFor(await authorizationUrl(), account.email);
    await confirmRecoveryKey(first.page);
    await approveUntil(first.page, first.page.waitForURL(atApp, { timeout: UI_TIMEOUT }));
    expect(first.page.url()).toMatch(/#zk_key_jwe=/);
    const envelopes = (await server.context.keys.keybags.keybag(account.id)).envelopes.map((e) => e.type);
    expect(envelopes.sort()).toEqual(['password', 'recovery_key']);

    // The organization now allows the recovery key only.
    const policy = await server.context.orgs.organizations.setUnlockPolicy(organization.id, {
      allowed_envelope_types: ['recovery_key'],
      zk_requires_unlocked_keybag: null,
      trusted_device_approval: null,
      new_key_setup_allowed: null,
    });
    expect(policy.unlockPolicy.allowed_envelope_types).toEqual(['recovery_key']);

    // For the organization: the page opens the keybag with the password it signed in with, and the server refuses.
    const refused = await signInFor(await authorizationUrl(organization.id), account.email);
    await approveUntil(
      refused.page,
      refused.page
        .getByRole('heading', { name: 'We could not finish this step' })
        .waitFor({ timeout: UI_TIMEOUT }),
    );
    await refused.page
      .getByText('Your organization’s policy does not allow unlocking your key this way.', { exact: false })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(atApp(new URL(refused.page.url()))).toBe(false);
    expectCleanPage(refused.diagnostics, [failedRequestLog(403)]);

    // Without the organization context, the same key is delivered.
    const outside = await signInFor(await authorizationUrl(), account.email);
    await approveUntil(outside.page, outside.page.waitForURL(atApp, { timeout: UI_TIMEOUT }));
    const callback = new URL(outside.page.url());
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
    expect(callback.hash).toMatch(/^#zk_key_jwe=/);
    expectCleanPage(outside.diagnostics);
  });
});
