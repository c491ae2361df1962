import { hkdfSync } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountKeyBody, newAccountKey, wrapEnvelope } from '../packages/server/src/testing/keys.js';
import { signInUser } from '../packages/server/src/testing/oauth.js';
import { passwordExportKey } from '../packages/server/src/testing/opaque-client.js';
import { call } from '../packages/server/src/testing/orgs.js';
import { startTestServer, type TestServer } from '../packages/server/src/testing/server.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { type Authorization, receiveKey as receiveZkKey, zkAuthorizationRequest } from './federated-zk.js';
import { captureCallbacks, RP_CALLBACK, verifiedAccount } from './hosted-ui-fixture.js';
import { submitSignIn, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

/**
 * Passkeys in Chromium with the DevTools virtual authenticator (reference/interop.md §6: page on
 * http://localhost, RP ID localhost, `hasPrf`): register on the account page, sign out, sign in with the passkey
 * alone and authorize a zero-knowledge app, which receives the same client app key (CAK) as after a password
 * sign-in — the key derived here from the account root key the test made, so the scheme is checked independently.
 * A second authenticator without PRF signs in but cannot unlock; a cloned credential and a bogus signature are
 * refused; a replayed assertion is refused.
 */

const PASSWORD = 'correct horse battery staple';
let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const opened: OpenedPage[] = [];
let appId: string;
let account: { email: string; id: string };
let ark: Buffer;

const hkdf = (ikm: Buffer, info: Buffer) => Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), info, 32));
/** docs/zk.md §2.2: CAK = HKDF-SHA-256(ARK, info = JSON ["tessera/zk/v2/cak", client_id, null]). */
const cakOf = (root: Buffer, clientId: string) =>
  hkdf(root, Buffer.from(JSON.stringify(['tessera/zk/v2/cak', clientId, null])));

beforeAll(async () => {
  server = await startTestServer({ publicHostName: 'localhost' });
  expect(new URL(server.config.baseUrl).hostname).toBe('localhost');
  await server.context.settings.set('accounts.self_registration', true);
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
  // The user's keybag, made here with a password envelope under the real export key: the test knows the ARK.
  account = await verifiedAccount(server, PASSWORD, 'Ada');
  const key = newAccountKey(account.id);
  ark = key.ark;
  const password = wrapEnvelope(key, 1, 'password', {
    secret: await passwordExportKey(server, account.email, PASSWORD),
  });
  const { body } = accountKeyBody(key, ['recovery_key']);
  const user = await signInUser(server, { user: (await server.context.accounts.users.find(account.id))! });
  const created = await call(server, user, 'POST', '/crypto/keybag/account-key', {
    ...body,
    envelopes: [password.input, ...body.envelopes],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  browser = await launchBrowser();
}, 120_000);
afterEach(async () => {
  for (const { context } of opened.splice(0)) await context.close();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
}, 60_000);

/** A fresh context with a virtual authenticator (CTAP 2.1, resident keys, user verification; PRF when asked). */
async function withAuthenticator(
  prf: boolean,
): Promise<OpenedPage & { cdp: CDPSession; authenticatorId: string }> {
  const page = await openPage(browser);
  opened.push(page);
  await captureCallbacks(page.page, 'Vault');
  const cdp = await page.context.newCDPSession(page.page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: prf,
      automaticPresenceSimulation: true,
    },
  });
  return { ...page, cdp, authenticatorId };
}

/** An authorization request of the ZK app (e2e/federated-zk.ts). */
const startAuthorization = () => zkAuthorizationRequest(server, appId);

/** Waits for the app's callback (approving if asked), redeems the code and decrypts the CAK it was sent. */
async function receiveKey(page: Page, started: Authorization) {
  const delivered = await receiveZkKey(server, appId, page, started);
  expect(delivered.sub).toBe(account.id);
  return delivered.cak;
}

async function signInWithPassword(page: Page) {
  await page.goto(`${server.config.baseUrl}/ui/sign-in`);
  await submitSignIn(page, account.email, PASSWORD);
  await waitForHeading(page, 'Your account');
}

/** Adds a passkey named `name` on the account page (signed in). */
async function addPasskey(page: Page, name: string) {
  await page.getByLabel('Name of the new passkey').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
}

async function signOut(context: BrowserContext, page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(/\/ui\/logout/, { timeout: UI_TIMEOUT });
  expect((await context.cookies()).some((cookie) => cookie.name === 'tessera_session')).toBe(false);
}

async function passkeySignInFor(page: Page) {
  const started = await startAuthorization();
  await page.goto(started.url);
  await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  return started;
}

describe('passkeys in Chromium (virtual authenticator)', () => {
  it('a PRF passkey signs in alone and unlocks the keys: the app gets the same CAK as with the password', async () => {
    const { page, context } = await withAuthenticator(true);
    // With the password first: the CAK is the one derived from the ARK the test made.
    const first = await startAuthorization();
    await page.goto(first.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, account.email, PASSWORD);
    const withPassword = await receiveKey(page, first);
    expect(withPassword).toEqual(cakOf(ark, appId));

    // Register a passkey; nothing held in this fresh page opens the keybag, so the UI asks the password once.
    await page.goto(`${server.config.baseUrl}/ui/account`);
    await waitForHeading(page, 'Your account');
    await addPasskey(page, 'Laptop');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Let this passkey unlock my keys' }).click();
    await page.getByText('Passkey “Laptop” now unlocks your keys too.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('Unlocks your encryption keys', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const keybag = await server.context.keys.keybags.keybag(account.id);
    const [passkey] = await server.context.passkeys.credentials.list(account.id);
    expect(passkey).toMatchObject({ name: 'Laptop', prfCapable: true });
    expect(keybag.envelopes.find((envelope) => envelope.type === 'passkey_prf')).toMatchObject({
      credentialId: passkey!.credentialId,
      prfSalt: passkey!.prfSalt,
    });

    await signOut(context, page);
    const second = await passkeySignInFor(page);
    const withPasskey = await receiveKey(page, second);
    expect(withPasskey).toEqual(withPassword);
    const sessions = await server.context.audit.list({ action: 'user.sign_in', actor: account.id }, 5);
    expect(sessions[0]?.outcome).toBe('success');
  });

  it('a passkey without PRF signs in but cannot unlock; a cloned credential and a bogus signature are refused', async () => {
    const { page, context, cdp, authenticatorId } = await withAuthenticator(false);
    await signInWithPassword(page);
    await addPasskey(page, 'Old key');
    await page.getByText(/can't unlock your encryption keys\.$/).waitFor({ timeout: UI_TIMEOUT });
    await signOut(context, page);

    // Signs in (no password typed), and the key step says the passkey cannot unlock.
    await passkeySignInFor(page);
    await page
      .getByRole('heading', { name: "Your passkey can't unlock your keys" })
      .waitFor({ timeout: UI_TIMEOUT });
    await page.context().clearCookies();

    // A bogus signature: the authenticator signs wrongly, the server refuses.
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: true });
    await passkeySignInFor(page);
    await page.getByText('We could not sign you in with a passkey').waitFor({ timeout: UI_TIMEOUT });
    const failures = await server.context.audit.list({ action: 'user.sign_in', outcome: 'failure' }, 5);
    expect(failures[0]?.details).toEqual({ method: 'hwk', reason: 'verification_failed' });
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: false });

    // A clone: the same private key in another authenticator whose counter is behind.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    const original = credentials.find((credential) => credential.isResidentCredential)!;
    expect(original.signCount).toBeGreaterThan(1);
    const clone = await withAuthenticator(false);
    await clone.cdp.send('WebAuthn.addCredential', {
      authenticatorId: clone.authenticatorId,
      credential: { ...original, signCount: 0 },
    });
    await passkeySignInFor(clone.page);
    await clone.page.getByText('We could not sign you in with a passkey').waitFor({ timeout: UI_TIMEOUT });
    const flagged = (await server.context.passkeys.credentials.list(account.id)).find(
      (entry) => entry.name === 'Old key',
    );
    expect(flagged?.cloneSuspected).toBe(true);
  });

  it('a captured assertion cannot be replayed', async () => {
    const { page } = await withAuthenticator(true);
    await signInWithPassword(page);
    await addPasskey(page, 'Replay key');
    await page.getByText(/Passkey “Replay key” (added|now unlocks)/).waitFor({ timeout: UI_TIMEOUT });
    await page.context().clearCookies();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/passkeys/sign-in/verify')) sent.push(request.postData() ?? '');
    });
    await passkeySignInFor(page);
    await page.waitForURL(/\/ui\/(authorize|consent)|rp\.example\.test/, { timeout: UI_TIMEOUT });
    expect(sent).toHaveLength(1);
    const replay = await fetch(`${server.publicUrl}/api/user/passkeys/sign-in/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(server.config.baseUrl).origin },
      body: sent[0],
    });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: string }).error).toBe('passkey_rejected');
  });

  it('email-first: with an email typed, only a passkey of that account signs in', async () => {
    const { page, context } = await withAuthenticator(false);
    await signInWithPassword(page);
    await addPasskey(page, 'Email-first key');
    await page.getByText(/can't unlock your encryption keys\.$/).waitFor({ timeout: UI_TIMEOUT });
    await signOut(context, page);
    const other = await verifiedAccount(server, PASSWORD, 'Grace');
    const asked: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/passkeys/sign-in/options')) asked.push(request.postDataJSON());
    });

    // Another account's email: the passkey (Ada's) is refused, and nothing is signed in.
    await page.goto(`${server.config.baseUrl}/ui/sign-in`);
    await page.getByLabel('Email address').fill(other.email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByText(`This passkey is not registered for ${other.email}`)
      .waitFor({ timeout: UI_TIMEOUT });
    expect((await context.cookies()).some((cookie) => cookie.name === 'tessera_session')).toBe(false);
    const failures = await server.context.audit.list({ action: 'user.sign_in', outcome: 'failure' }, 1);
    expect(failures[0]?.details).toEqual({ method: 'hwk', reason: 'wrong_account' });

    // The account's own email: signed in with the passkey alone.
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForHeading(page, 'Your account');
    expect(asked).toEqual([{ email: other.email }, { email: account.email }]);
    const signIns = await server.context.audit.list({ action: 'user.sign_in', actor: account.id }, 1);
    expect(signIns[0]?.outcome).toBe('success');
  });
});
