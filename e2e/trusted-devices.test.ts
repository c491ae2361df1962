import { createHash, randomBytes } from 'node:crypto';
import { compactDecrypt } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { captureCallbacks, RP_CALLBACK, useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, submitSignIn, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

/**
 * Trusted devices end to end (docs/zk.md §3.5, §3.6) in Chromium: a browser that unlocked becomes trusted from
 * the account page; a second browser context of the same user, which has no way to unlock by itself here, is
 * approved from the first after comparing the code and fingerprint; both deliver the same client app key (CAK) to
 * a ZK app; the approved browser then unlocks without a password, until the first one revokes it.
 */

const subtle = globalThis.crypto.subtle;

interface Started {
  url: string;
  privateKey: CryptoKey;
  verifier: string;
  state: string;
}

/** The app's authorization request with an ephemeral zk_pub (docs/zk.md §10 step 2). */
async function startAuthorization(server: TestServer, clientId: string): Promise<Started> {
  const pair = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const { kty, crv, x, y } = await subtle.exportKey('jwk', pair.publicKey);
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL('/authorize', server.publicUrl);
  for (const [name, value] of Object.entries({
    client_id: clientId,
    redirect_uri: RP_CALLBACK,
    response_type: 'code',
    scope: 'openid',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    zk_pub: Buffer.from(JSON.stringify({ kty, crv, x, y })).toString('base64url'),
  }))
    url.searchParams.set(name, value);
  return { url: url.href, privateKey: pair.privateKey, verifier, state };
}

describe('hosted UI: trusted devices (docs/zk.md §3.5, §3.6)', () => {
  let server: TestServer;
  let app: { clientId: string; secret: string };

  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      ({ server } = started);
      await server.context.settings.set('accounts.self_registration', true);
      await server.context.settings.set('keys.trusted_device_approval', true);
      const { client, secret } = await server.context.clients.registry.create({
        name: 'Vault Notes',
        type: 'confidential',
        redirect_uris: [RP_CALLBACK],
        grant_types: ['authorization_code'],
        zk_delivery: 'v2',
        zk_required: true,
        first_party: true,
      });
      app = { clientId: client.id, secret: secret! };
    },
  });

  /** Consent (if asked), then the app's side: the code at /token, the hash check, the JWE opened. */
  async function receiveKey(page: Page, started: Started): Promise<{ cak: string; keyId: string }> {
    const atApp = (url: URL) => url.href.startsWith(RP_CALLBACK);
    const approve = page.locator('button:not([disabled])', { hasText: /^Approve$/ });
    await Promise.race([
      page.waitForURL(atApp, { timeout: UI_TIMEOUT }),
      approve.waitFor({ timeout: UI_TIMEOUT }).then(() => approve.click()),
    ]);
    await page.waitForURL(atApp, { timeout: UI_TIMEOUT });
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(started.state);
    const jwe = callback.hash.slice('#zk_key_jwe='.length);
    const response = await fetch(`${server.publicUrl}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.clientId}:${app.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: RP_CALLBACK,
        code_verifier: started.verifier,
      }),
    });
    expect(response.status).toBe(200);
    const token = (await response.json()) as { zk_key_hash: string };
    expect(createHash('sha256').update(jwe, 'ascii').digest('base64url')).toBe(token.zk_key_hash);
    const { plaintext } = await compactDecrypt(jwe, started.privateKey);
    const payload = JSON.parse(Buffer.from(plaintext).toString('utf8')) as {
      key: { k: string };
      key_id: string;
      state: string;
    };
    expect(payload.state).toBe(started.state);
    return { cak: payload.key.k, keyId: payload.key_id };
  }

  async function openAccountDevices(page: Page): Promise<void> {
    await page.goto(`${server.publicUrl}/ui/account`);
    await page.getByRole('heading', { name: 'Trusted devices' }).waitFor({ timeout: UI_TIMEOUT });
  }

  it('a second browser approved from the first gets the same key, unlocks by itself, and stops once revoked', async () => {
    const password = 'ada lovelace password';
    const ada = { ...(await verifiedAccount(server, password, 'Ada')), password };

    // Browser A: the first authorization sets the key up (password and recovery key).
    const first = await newPage();
    await captureCallbacks(first.page, 'Vault Notes');
    const startedA = await startAuthorization(server, app.clientId);
    await first.page.goto(startedA.url);
    await submitSignIn(first.page, ada.email, ada.password);
    await first.page
      .getByRole('heading', { name: 'Save your recovery key' })
      .waitFor({ timeout: UI_TIMEOUT });
    const recoveryKey = (await first.page.getByTestId('recovery-key').textContent()) ?? '';
    const label = await first.page
      .locator('label', { hasText: /^Group \d+ of your recovery key$/ })
      .textContent();
    const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
    await first.page.getByLabel(label!).fill(recoveryKey.split('-')[group]!);
    await first.page.getByRole('button', { name: 'I saved it, continue' }).click();
    const keyA = await receiveKey(first.page, startedA);

    // A becomes trusted on the account page (a new page load: the password is asked to unlock there).
    await openAccountDevices(first.page);
    await first.page.getByRole('button', { name: 'Trust this browser' }).click();
    await first.page.getByLabel('Your password', { exact: true }).fill(ada.password);
    await first.page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await first.page.getByText('This browser is now a trusted device.').waitFor({ timeout: UI_TIMEOUT });
    await first.page.getByText('(this browser)').waitFor({ timeout: UI_TIMEOUT });

    // Browser B: signed in before the app asks (no export key in the page), so the key is locked there.
    const second = await newPage();
    await captureCallbacks(second.page, 'Vault Notes');
    await second.page.goto(`${server.publicUrl}/ui/sign-in`);
    await submitSignIn(second.page, ada.email, ada.password);
    await waitForHeading(second.page, 'Your account');
    const startedB = await startAuthorization(server, app.clientId);
    await second.page.goto(startedB.url);
    await second.page
      .getByRole('heading', { name: 'Unlock your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    await second.page.getByRole('button', { name: 'Approve from another device' }).click();
    const code = await second.page.getByTestId('approval-code').textContent({ timeout: UI_TIMEOUT });
    const fingerprint = await second.page.getByTestId('approval-fingerprint').textContent();
    expect(code).toMatch(/^\d{4} \d{4}$/);

    // A shows the same code and fingerprint for the waiting device, and approves it (unlocked by its device key).
    await openAccountDevices(first.page);
    const waiting = first.page.getByTestId('pending-device');
    await waiting.waitFor({ timeout: UI_TIMEOUT });
    expect(await waiting.getByTestId('pending-code').textContent()).toBe(code);
    expect(await waiting.getByTestId('pending-fingerprint').textContent()).toBe(fingerprint);
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await first.page.getByText(/is approved\. It unlocks your key now\./).waitFor({ timeout: UI_TIMEOUT });

    // B picks the approval up, delivers the same CAK, and is now a trusted device itself.
    const keyB = await receiveKey(second.page, startedB);
    expect(keyB).toEqual(keyA);
    const envelopes = async () =>
      (await server.context.keys.keybags.keybag(ada.id)).envelopes.filter((e) => e.type === 'trusted_device');
    expect(await envelopes()).toHaveLength(2);

    // B again: its device key unlocks, no password and no approval asked.
    const againB = await startAuthorization(server, app.clientId);
    await second.page.goto(againB.url);
    expect(await receiveKey(second.page, againB)).toEqual(keyA);

    // A revokes B (the entry that is not this browser).
    await openAccountDevices(first.page);
    const devices = first.page.getByTestId('trusted-device');
    await expect.poll(() => devices.count(), { timeout: UI_TIMEOUT }).toBe(2);
    const other = devices.filter({ hasNotText: '(this browser)' });
    await other.getByRole('button', { name: /^Revoke / }).click();
    await first.page.getByText(/can no longer unlock your key\./).waitFor({ timeout: UI_TIMEOUT });
    expect(await envelopes()).toHaveLength(1);

    // B can no longer unlock by itself: the key page asks again, and B deleted its stale device key.
    const afterRevoke = await startAuthorization(server, app.clientId);
    await second.page.goto(afterRevoke.url);
    await second.page
      .getByRole('heading', { name: 'Unlock your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    const stored = await second.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('tessera-trusted-device');
          request.onsuccess = () => {
            const database = request.result;
            const count = database.transaction('devices').objectStore('devices').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
          request.onerror = () => reject(request.error);
        }),
    );
    expect(stored).toBe(0);
    // A still unlocks with its own device key.
    const againA = await startAuthorization(server, app.clientId);
    await first.page.goto(againA.url);
    expect(await receiveKey(first.page, againA)).toEqual(keyA);

    expectCleanPage(first.diagnostics, [failedRequestLog(401)]);
    expectCleanPage(second.diagnostics, [failedRequestLog(401)]);
    // Two browsers, six authorizations: longer than the default on a busy 2-core machine.
  }, 300_000);
});
