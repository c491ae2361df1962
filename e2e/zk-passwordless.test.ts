import { createHash, randomBytes } from 'node:crypto';
import { compactDecrypt } from 'jose';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import { captureCallbacks, RP_CALLBACK, useHostedUiFixture } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT } from './ui-helpers.js';

/**
 * Zero-knowledge key custody for a user without a password (docs/zk.md §3.1, §3.7): a user created
 * just in time at a federated sign-in through a real upstream provider authorizes a ZK app in Chromium. The consent
 * page never asks for a password the account lacks; it protects the new key with a recovery key, or with a passkey
 * (PRF) of the DevTools virtual authenticator, and at the next federated sign-in unlocks with the same secret: the
 * app receives the same client app key both times (decrypted here from the JWE, its hash checked against /token).
 */

describe('a federated user without a password sets up and unlocks a ZK key', () => {
  let server: TestServer;
  let idp: UpstreamIdp;
  let appId: string;
  const { newPage } = useHostedUiFixture({
    env: FEDERATION_TEST_ENV,
    setUp: async (started) => {
      ({ server } = started);
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

  const person = () => ({
    sub: `upstream-${randomBytes(4).toString('hex')}`,
    email: `zk-${randomBytes(4).toString('hex')}@acme.test`,
    email_verified: true,
    name: 'Fay Federated',
  });

  /** The app's request (an ephemeral ECDH key as zk_pub, PKCE, state), signed in through the upstream. */
  async function authorizeFederated(page: Page, email: string) {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(16).toString('base64url');
    const url = new URL('/authorize', server.publicUrl);
    for (const [name, value] of Object.entries({
      client_id: appId,
      redirect_uri: RP_CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      zk_pub: Buffer.from(JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y })).toString(
        'base64url',
      ),
    })) {
      url.searchParams.set(name, value);
    }
    await page.goto(url.href);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Sign in with your organization' }).click();
    await page.getByLabel('Work email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
    return { privateKey: pair.privateKey, verifier, state };
  }

  /** Waits for the app's callback (approving if asked), redeems the code and decrypts the key it was sent. */
  async function receiveKey(page: Page, started: Awaited<ReturnType<typeof authorizeFederated>>) {
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
    const token = await fetch(`${server.publicUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: RP_CALLBACK,
        code_verifier: started.verifier,
        client_id: appId,
      }),
    });
    expect(token.status).toBe(200);
    const { zk_key_hash: hash } = (await token.json()) as { zk_key_hash: string };
    expect(createHash('sha256').update(jwe).digest('base64url')).toBe(hash);
    const { plaintext } = await compactDecrypt(jwe, started.privateKey);
    const payload = JSON.parse(Buffer.from(plaintext).toString('utf8')) as {
      sub: string;
      key_id: string;
      key: { k: string };
    };
    return { sub: payload.sub, keyId: payload.key_id, cak: Buffer.from(payload.key.k, 'base64url') };
  }

  /** The consent page's set-up for an account without a password: no password asked, a choice offered. */
  async function expectPasswordlessSetup(page: Page) {
    await page.getByRole('heading', { name: 'Set up your encryption key' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('Your account has no password').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByLabel('Your password', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Enter your password: it will protect your key.').count()).toBe(0);
  }

  async function saveRecoveryKey(page: Page): Promise<string> {
    await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
    const text = (await page.getByTestId('recovery-key').textContent()) ?? '';
    expect(text).toMatch(/^TSRK2(-[0-9A-HJKMNP-TV-Z]{5}){11}$/);
    const label = await page.locator('label', { hasText: /^Group \d+ of your recovery key$/ }).textContent();
    const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
    await page.getByLabel(label!).fill(text.split('-')[group]!);
    await page.getByRole('button', { name: 'I saved it, continue' }).click();
    return text;
  }

  it('protects the key with a recovery key at the first authorization, and unlocks the same key with it at the next federated sign-in', async () => {
    const account = person();
    idp.signInAs(account);

    const first = await newPage();
    await captureCallbacks(first.page, 'Vault');
    const firstRequest = await authorizeFederated(first.page, account.email);
    await expectPasswordlessSetup(first.page);
    await first.page.getByRole('button', { name: 'Use a recovery key' }).click();
    const recoveryKey = await saveRecoveryKey(first.page);
    const delivered = await receiveKey(first.page, firstRequest);
    const user = (await server.context.accounts.users.findByEmail(account.email))!;
    expect(delivered.sub).toBe(user.id);
    expect(await server.context.accounts.passwords.hasPassword(user.id)).toBe(false);
    const keybag = await server.context.keys.keybags.keybag(user.id);
    expect(keybag.accountKey?.keyId).toBe(delivered.keyId);
    expect(keybag.envelopes.map((envelope) => envelope.type)).toEqual(['recovery_key']);
    expectCleanPage(first.diagnostics, [failedRequestLog(401)]);

    // The next sign-in, in another browser: nothing held, so the key is locked; no password is offered.
    const second = await newPage();
    await captureCallbacks(second.page, 'Vault');
    const secondRequest = await authorizeFederated(second.page, account.email);
    await second.page
      .getByRole('heading', { name: 'Unlock your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await second.page.getByRole('button', { name: 'Unlock with password' }).count()).toBe(0);
    await second.page.getByLabel('Recovery key').fill(recoveryKey);
    await second.page.getByRole('button', { name: 'Unlock with recovery key' }).click();
    const again = await receiveKey(second.page, secondRequest);
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
