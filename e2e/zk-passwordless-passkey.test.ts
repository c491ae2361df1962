import { createHash, randomBytes } from 'node:crypto';
import { compactDecrypt } from 'jose';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FEDERATION_TEST_ENV } from '../packages/server/src/testing/federation.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import type { OpenedPage } from './browser.js';
import { captureCallbacks, RP_CALLBACK, useHostedUiFixture } from './hosted-ui-fixture.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

/**
 * Zero-knowledge key custody with a passkey for a user without a password (docs/zk.md §3.4, §3.7), in Chromium
 * with the DevTools virtual authenticator (PRF): a user created just in time at a federated sign-in through a real
 * upstream provider protects the new key with a passkey registered on the consent page, and after signing out, at
 * the next federated sign-in (nothing of the first sign-in held in the page) unlocks with "Unlock with passkey". The app receives the same key and key id both times (decrypted here from the JWE,
 * its hash checked against /token). The page is on http://localhost: an IP address is not a valid RP ID.
 */

type Authenticator = { cdp: CDPSession; authenticatorId: string };

describe('a federated user without a password protects and unlocks a ZK key with a passkey', () => {
  let server: TestServer;
  let idp: UpstreamIdp;
  let appId: string;
  const { newPage } = useHostedUiFixture({
    env: FEDERATION_TEST_ENV,
    publicHostName: 'localhost',
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
      // The upstream sends the browser back to the base URL (localhost), where the sign-in started.
      idp = await startUpstreamIdp(`${server.config.baseUrl}/api/user/federation/oidc/callback`);
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
    name: 'Pat Passkey',
  });

  /** A page in a fresh context with a virtual platform authenticator that supports PRF (CTAP 2.1). */
  async function pageWithAuthenticator(): Promise<OpenedPage & Authenticator> {
    const opened = await newPage();
    await captureCallbacks(opened.page, 'Vault');
    const cdp = await opened.context.newCDPSession(opened.page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
        automaticPresenceSimulation: true,
      },
    });
    return { ...opened, cdp, authenticatorId };
  }

  /** The app's request (an ephemeral ECDH key as zk_pub, PKCE, state), signed in through the upstream. */
  async function authorizeFederated(page: Page, email: string) {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(16).toString('base64url');
    const url = new URL('/authorize', server.config.baseUrl);
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

  /** Signs out on the account page, as the user would: the session ends, and so does the page's memory. */
  async function signOut(opened: OpenedPage) {
    await opened.page.goto(`${server.config.baseUrl}/ui/account`);
    await waitForHeading(opened.page, 'Your account');
    await opened.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await opened.page.waitForURL(/\/ui\/logout/, { timeout: UI_TIMEOUT });
    expect((await opened.context.cookies()).some((cookie) => cookie.name === 'tessera_session')).toBe(false);
  }

  it('protects the key with a passkey registered on the consent page, and unlocks the same key with it at the next federated sign-in', async () => {
    const account = person();
    idp.signInAs(account);

    const browser = await pageWithAuthenticator();
    const firstRequest = await authorizeFederated(browser.page, account.email);
    await browser.page
      .getByRole('heading', { name: 'Set up your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    await browser.page.getByText('Your account has no password').waitFor({ timeout: UI_TIMEOUT });
    expect(await browser.page.getByLabel('Your password', { exact: true }).count()).toBe(0);
    await browser.page.getByRole('button', { name: 'Protect it with a passkey' }).click();
    // The policy allows recovery keys: one is shown once besides the passkey, so a lost passkey loses nothing.
    await browser.page.getByText(/^Your passkey “.+” protects your key\./).waitFor({ timeout: UI_TIMEOUT });
    await saveRecoveryKey(browser.page);
    const delivered = await receiveKey(browser.page, firstRequest);

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
    await signOut(browser);
    const secondRequest = await authorizeFederated(browser.page, account.email);
    await browser.page
      .getByRole('heading', { name: 'Unlock your encryption key' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await browser.page.getByRole('button', { name: 'Unlock with password' }).count()).toBe(0);
    await browser.page.getByRole('button', { name: 'Unlock with passkey' }).click();
    const again = await receiveKey(browser.page, secondRequest);
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
