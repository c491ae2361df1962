import { createHash, randomBytes } from 'node:crypto';
import { compactDecrypt } from 'jose';
import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { startUpstreamIdp, type UpstreamIdp } from '../packages/server/src/testing/upstream-idp.js';
import type { OpenedPage } from './browser.js';
import { captureCallbacks, RP_CALLBACK } from './hosted-ui-fixture.js';
import { UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

/**
 * Steps of the browser tests of zero-knowledge keys for users created just in time at a federated sign-in (docs/zk.md
 * §3.7): the ZK app and the upstream connection, the app's authorization request signed in through the real
 * upstream, the app's side of the callback (the key decrypted from the JWE, its hash checked against /token), the
 * recovery key's ceremony, and a virtual authenticator with PRF (DevTools).
 */

export interface FederatedZkSetUp {
  appId: string;
  idp: UpstreamIdp;
}

/** A public ZK app (v2 delivery) named Vault, and a JIT connection for acme.test to a fresh upstream IdP. */
export async function setUpFederatedZkApp(server: TestServer): Promise<FederatedZkSetUp> {
  const { client } = await server.context.clients.registry.create({
    name: 'Vault',
    type: 'public',
    redirect_uris: [RP_CALLBACK],
    grant_types: ['authorization_code'],
    zk_delivery: 'v2',
    zk_required: true,
    first_party: true,
  });
  // The upstream sends the browser back to the base URL, where the sign-in started.
  const idp = await startUpstreamIdp(`${server.config.baseUrl}/api/user/federation/oidc/callback`);
  const { row } = await server.context.federation.connections.create({
    name: 'Acme Corp',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: ['acme.test'],
    jitProvisioning: true,
  });
  await server.context.federation.connections.markDomainVerified(row.id, 'acme.test', 'admin');
  return { appId: client.id, idp };
}

/** A new upstream person at acme.test. */
export function upstreamPerson(name: string) {
  return {
    sub: `upstream-${randomBytes(4).toString('hex')}`,
    email: `zk-${randomBytes(4).toString('hex')}@acme.test`,
    email_verified: true,
    name,
  };
}

export type Authenticator = { cdp: CDPSession; authenticatorId: string };

/** A virtual platform authenticator that supports PRF (CTAP 2.1), as `WebAuthn.addVirtualAuthenticator` takes it. */
export const PRF_AUTHENTICATOR = {
  protocol: 'ctap2',
  ctap2Version: 'ctap2_1',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  hasPrf: true,
  automaticPresenceSimulation: true,
} as const;

/** Adds a virtual platform authenticator that supports PRF to the page's context. */
export async function addAuthenticator(opened: OpenedPage): Promise<Authenticator> {
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: PRF_AUTHENTICATOR,
  });
  return { cdp, authenticatorId };
}

export interface Authorization {
  privateKey: CryptoKey;
  verifier: string;
  state: string;
}

/** A ZK app's authorization request: an ephemeral ECDH key as zk_pub, PKCE S256, state. */
export async function zkAuthorizationRequest(
  server: TestServer,
  appId: string,
): Promise<Authorization & { url: string }> {
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
  return { url: url.href, privateKey: pair.privateKey, verifier, state };
}

/** The app's request (zkAuthorizationRequest), signed in through the upstream. */
export async function authorizeFederated(
  server: TestServer,
  appId: string,
  page: Page,
  email: string,
): Promise<Authorization> {
  await captureCallbacks(page, 'Vault');
  const { url, ...request } = await zkAuthorizationRequest(server, appId);
  await page.goto(url);
  await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
  await page.getByRole('button', { name: 'Sign in with your organization' }).click();
  await page.getByLabel('Work email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/ui\/authorize\?request_id=/, { timeout: UI_TIMEOUT });
  return request;
}

/** Waits for the app's callback (approving if asked), redeems the code and decrypts the key it was sent. */
export async function receiveKey(
  server: TestServer,
  appId: string,
  page: Page,
  started: Authorization,
): Promise<{ sub: string; keyId: string; cak: Buffer }> {
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

/** The recovery key shown once: read, one group typed back, confirmed. */
export async function saveRecoveryKey(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
  const text = (await page.getByTestId('recovery-key').textContent()) ?? '';
  expect(text).toMatch(/^TSRK2(-[0-9A-HJKMNP-TV-Z]{5}){11}$/);
  const label = await page.locator('label', { hasText: /^Group \d+ of your recovery key$/ }).textContent();
  const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
  await page.getByLabel(label!).fill(text.split('-')[group]!);
  await page.getByRole('button', { name: 'I saved it, continue' }).click();
  return text;
}

/** Opens the account page (signed in). */
export async function openAccount(server: TestServer, page: Page): Promise<void> {
  await page.goto(`${server.config.baseUrl}/ui/account`);
  await waitForHeading(page, 'Your account');
}

/** Signs out on the account page, as the user would: the session ends, and so does the page's memory. */
export async function signOut(server: TestServer, opened: OpenedPage): Promise<void> {
  await openAccount(server, opened.page);
  await opened.page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await opened.page.waitForURL(/\/ui\/logout/, { timeout: UI_TIMEOUT });
  expect((await opened.context.cookies()).some((cookie) => cookie.name === 'tessera_session')).toBe(false);
}

/**
 * A well-formed recovery key that opens no keybag (docs/zk.md §3.3): `TSRK2-` and Crockford base32 of 32 random
 * bytes R and the first 2 bytes of SHA-256("tessera/zk/v2/recovery-key" || R), in groups of five.
 */
export function foreignRecoveryKey(): string {
  const secret = randomBytes(32);
  const checksum = createHash('sha256').update('tessera/zk/v2/recovery-key').update(secret).digest();
  const bytes = Buffer.concat([secret, checksum.subarray(0, 2)]);
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  bits = bits.padEnd(Math.ceil(bits.length / 5) * 5, '0');
  let text = '';
  for (let at = 0; at < bits.length; at += 5) text += alphabet[Number.parseInt(bits.slice(at, at + 5), 2)];
  return `TSRK2-${text.match(/.{5}/g)!.join('-')}`;
}
