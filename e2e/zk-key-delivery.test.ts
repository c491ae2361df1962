import { createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../packages/server/src/otp/totp.js';
import { passwordExportKey } from '../packages/server/src/testing/opaque-client.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { changeSessionsDirectly } from '../packages/server/src/testing/sessions.js';
import { captureCallbacks, RP_CALLBACK, useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import type { Mailbox } from './mailbox.js';
import { expectCleanPage, failedRequestLog, submitSignIn, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

/**
 * Zero-knowledge key delivery v2 end to end (docs/zk.md): the hosted UI in Chromium unlocks (or sets up) the user's
 * keybag and delivers the client app key (CAK) to a test relying party written here against the document with
 * Node's WebCrypto and node:crypto — not with the UI's own library — so the scheme is checked independently:
 * the RP decrypts the JWE (ECDH-ES + A256GCM), checks its hash against the token response and its bindings, and
 * the test recomputes the ARK from the recovery key the UI showed (the page exposes nothing else) and the CAK from
 * the ARK. Every request the browser sends to the server and every table afterwards is searched for the ARK, the
 * CAKs, the export keys and the recovery keys, in base64url, base64 and hex.
 */

const subtle = globalThis.crypto.subtle;

interface ZkApp {
  clientId: string;
  secret: string | null;
  name: string;
}

/** One authorization as the test app starts it: an ephemeral ECDH key pair, PKCE and a fresh state. */
interface StartedAuthorization {
  url: string;
  privateKey: CryptoKey;
  verifier: string;
  state: string;
}

interface Delivery {
  jwe: string;
  token: { zk_key_hash: string; zk_key_kind: string; zk_key_version: number; id_token: string };
  state: string;
  privateKey: CryptoKey;
  app: ZkApp;
}

interface ReceivedKey {
  cak: Buffer;
  keyId: string;
  sub: string;
}

/** Everything secret the flows produced, to search the server's view for afterwards. */
const secrets: { label: string; bytes: Buffer }[] = [];
const recoveryTexts: string[] = [];
/** Every request the browser sent to the server: method, URL and body. */
const sentToServer: string[] = [];

// --- The test relying party (docs/zk.md §10), written from the document -----------------------------------------

async function startAuthorization(server: TestServer, app: ZkApp): Promise<StartedAuthorization> {
  const pair = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const jwk = await subtle.exportKey('jwk', pair.publicKey);
  const zkPub = Buffer.from(JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y })).toString(
    'base64url',
  );
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL('/authorize', server.publicUrl);
  for (const [name, value] of Object.entries({
    client_id: app.clientId,
    redirect_uri: RP_CALLBACK,
    response_type: 'code',
    scope: 'openid',
    state,
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    zk_pub: zkPub,
  })) {
    url.searchParams.set(name, value);
  }
  return { url: url.href, privateKey: pair.privateKey, verifier, state };
}

/** The app at its redirect URI: code and state from the query, the JWE from the fragment, then /token. */
async function redeem(
  server: TestServer,
  app: ZkApp,
  started: StartedAuthorization,
  callbackUrl: string,
): Promise<Delivery> {
  const callback = new URL(callbackUrl);
  expect(callback.searchParams.get('state')).toBe(started.state);
  expect(callback.hash).toMatch(/^#zk_key_jwe=/);
  const jwe = callback.hash.slice('#zk_key_jwe='.length);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: RP_CALLBACK,
    code_verifier: started.verifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (app.secret === null) body.set('client_id', app.clientId);
  else
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.secret)}`).toString('base64')}`;
  const response = await fetch(`${server.publicUrl}/token`, { method: 'POST', headers, body });
  expect(response.status).toBe(200);
  const token = (await response.json()) as Delivery['token'];
  // The token response vouches for the JWE by its hash only (§5 step 5).
  expect(token).toMatchObject({ zk_key_kind: 'client_app_key', zk_key_version: 2 });
  expect(JSON.stringify(token)).not.toContain(jwe);
  return { jwe, token, state: started.state, privateKey: started.privateKey, app };
}

/** RFC 7518 §4.6.2 Concat KDF for direct key agreement with A256GCM, empty PartyUInfo and PartyVInfo (§5). */
function concatKdf(z: Buffer): Buffer {
  const u32 = (value: number) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(value);
    return out;
  };
  const algorithm = Buffer.from('A256GCM');
  return createHash('sha256')
    .update(Buffer.concat([u32(1), z, u32(algorithm.length), algorithm, u32(0), u32(0), u32(256)]))
    .digest();
}

/**
 * The app's checks (§10 steps 4-6): hash first (constant time), then decrypt, then every binding. Throws with the
 * reason on any failure.
 */
async function receive(
  delivery: Pick<Delivery, 'jwe' | 'token' | 'privateKey'>,
  expected: { issuer: string; clientId: string; state: string; redirectUri: string; sub: string },
  /** When the app receives it: a later test re-checks an earlier delivery as of the moment it arrived. */
  receivedAt = Date.now(),
): Promise<ReceivedKey> {
  const { jwe, token } = delivery;
  const hash = createHash('sha256').update(jwe, 'ascii').digest('base64url');
  if (
    hash.length !== token.zk_key_hash.length ||
    !timingSafeEqual(Buffer.from(hash), Buffer.from(token.zk_key_hash))
  )
    throw new Error('zk_key_hash mismatch');
  const parts = jwe.split('.');
  if (parts.length !== 5) throw new Error('not a compact JWE');
  const [protectedHeader, encryptedKey, iv, ciphertext, tag] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const header = JSON.parse(Buffer.from(protectedHeader, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  if (header.alg !== 'ECDH-ES' || header.enc !== 'A256GCM' || header.typ !== 'tessera-zk-key') {
    throw new Error('unexpected JWE header');
  }
  if ('zip' in header || 'crit' in header || encryptedKey !== '') throw new Error('unexpected JWE members');
  const epk = await subtle.importKey(
    'jwk',
    header.epk as JsonWebKey,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const z = Buffer.from(await subtle.deriveBits({ name: 'ECDH', public: epk }, delivery.privateKey, 256));
  const decipher = createDecipheriv('aes-256-gcm', concatKdf(z), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(protectedHeader, 'ascii'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const payload = JSON.parse(
    Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8'),
  ) as Record<string, unknown> & { key: { kty: string; k: string; alg: string } };
  for (const [member, value] of Object.entries({
    v: 2,
    kind: 'client_app_key',
    iss: expected.issuer,
    sub: expected.sub,
    client_id: expected.clientId,
    state: expected.state,
    redirect_uri: expected.redirectUri,
    organization_id: null,
  })) {
    if (payload[member] !== value) throw new Error(`binding mismatch: ${member}`);
  }
  const now = Math.floor(receivedAt / 1000);
  const iat = payload.iat as number;
  const exp = payload.exp as number;
  if (iat > now + 60 || exp <= now - 60 || exp - iat > 120 || exp <= iat)
    throw new Error('outside its validity');
  if (payload.key.kty !== 'oct' || payload.key.alg !== 'A256GCM') throw new Error('not an A256GCM key');
  const cak = Buffer.from(payload.key.k, 'base64url');
  if (cak.length !== 32) throw new Error('not a 32-byte key');
  return { cak, keyId: payload.key_id as string, sub: payload.sub as string };
}

function subOf(idToken: string): string {
  return (
    JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }
  ).sub;
}

// --- The scheme recomputed from the recovery key (docs/zk.md §2, §3.3) ------------------------------------------

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** R (32 bytes) from the printed recovery key `TSRK2-XXXXX-…` (55 base32 characters: R || 2-byte checksum). */
function recoveryKeyBytes(text: string): Buffer {
  const body = text.replace(/^TSRK2-/, '').replaceAll('-', '');
  expect(body).toHaveLength(55);
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const character of body) {
    value = (value << 5) | CROCKFORD.indexOf(character);
    bits += 5;
    if (bits >= 8) {
      out.push((value >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const bytes = Buffer.from(out.slice(0, 34));
  const checksum = createHash('sha256')
    .update(Buffer.concat([Buffer.from('tessera/zk/v2/recovery-key'), bytes.subarray(0, 32)]))
    .digest()
    .subarray(0, 2);
  expect(bytes.subarray(32)).toEqual(checksum);
  return bytes.subarray(0, 32);
}

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, 32));
const structuredInfo = (parts: (string | number | null)[]) => Buffer.from(JSON.stringify(parts), 'utf8');

/** The ARK, opened from the user's recovery-key envelope in the database with the recovery key's bytes. */
async function arkFromRecoveryKey(server: TestServer, userId: string, text: string): Promise<Buffer> {
  const r = recoveryKeyBytes(text);
  const keybag = await server.context.keys.keybags.keybag(userId);
  const accountKey = keybag.accountKey!;
  for (const envelope of keybag.envelopes.filter((e) => e.type === 'recovery_key')) {
    const key = hkdf(
      r,
      Buffer.from(envelope.kdfSalt!, 'base64url'),
      'tessera/zk/v2/envelope-key/recovery_key',
    );
    const sealed = Buffer.from(envelope.ciphertext, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
    decipher.setAAD(
      structuredInfo([
        'tessera/zk/v2/envelope',
        userId,
        envelope.id,
        'recovery_key',
        accountKey.keyId,
        accountKey.version,
      ]),
    );
    decipher.setAuthTag(sealed.subarray(44));
    try {
      const ark = Buffer.concat([decipher.update(sealed.subarray(12, 44)), decipher.final()]);
      // The key check (§2.1) confirms it is the keybag's ARK.
      expect(
        hkdf(
          ark,
          Buffer.alloc(0),
          structuredInfo(['tessera/zk/v2/key-check', userId, accountKey.keyId]),
        ).toString('base64url'),
      ).toBe(accountKey.keyCheck);
      return ark;
    } catch {
      // Another recovery key's envelope.
    }
  }
  throw new Error('no recovery-key envelope opens with this recovery key');
}

const cakOf = (ark: Buffer, clientId: string) =>
  hkdf(ark, Buffer.alloc(0), structuredInfo(['tessera/zk/v2/cak', clientId, null]));

function remember(label: string, bytes: Buffer): void {
  secrets.push({ label, bytes: Buffer.from(bytes) });
}

/** The encodings a key could be sent or stored in. */
function encodings(bytes: Buffer): string[] {
  return [
    bytes.toString('base64url'),
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
  ];
}

describe('hosted UI: zero-knowledge key delivery v2 (docs/zk.md)', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let confidential: ZkApp;
  let publicApp: ZkApp;
  let otherApp: ZkApp;
  const deliveries: { delivery: Delivery; received: ReceivedKey; receivedAt: number; userId: string }[] = [];

  const { newPage } = useHostedUiFixture({
    mailbox: true,
    setUp: async (started) => {
      ({ server, mailbox } = started);
      await server.context.settings.set('accounts.self_registration', true);
      const register = async (name: string, type: 'public' | 'confidential', firstParty: boolean) => {
        const { client, secret } = await server.context.clients.registry.create({
          name,
          type,
          redirect_uris: [RP_CALLBACK],
          grant_types: ['authorization_code'],
          zk_delivery: 'v2',
          zk_required: true,
          first_party: firstParty,
        });
        return { clientId: client.id, secret, name };
      };
      confidential = await register('Vault Notes', 'confidential', false);
      publicApp = await register('Vault Mobile', 'public', true);
      otherApp = await register('Other Vault', 'confidential', true);
    },
  });

  beforeAll(() => {
    expect(server.publicUrl).toBe(server.config.baseUrl);
  });

  /** A page in a fresh context whose requests to the server are all recorded. */
  async function recordedPage() {
    const opened = await newPage();
    const origin = new URL(server.publicUrl).origin;
    opened.context.on('request', (request: Request) => {
      if (new URL(request.url()).origin === origin) {
        sentToServer.push(`${request.method()} ${request.url()}\n${request.postData() ?? ''}`);
      }
    });
    await captureCallbacks(opened.page, 'Vault');
    return opened;
  }

  /** Reads the recovery key the UI shows once and confirms it by typing back the group it asks for. */
  async function saveRecoveryKey(page: Page): Promise<string> {
    await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
    const text = (await page.getByTestId('recovery-key').textContent()) ?? '';
    expect(text).toMatch(/^TSRK2(-[0-9A-HJKMNP-TV-Z]{5}){11}$/);
    const label = await page.locator('label', { hasText: /^Group \d+ of your recovery key$/ }).textContent();
    const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
    // A wrong group is refused.
    await page.getByLabel(label!).fill('00000');
    await page.getByRole('button', { name: 'I saved it, continue' }).click();
    await page.getByText(`This is not group ${group} of your recovery key.`).waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel(label!).fill(text.split('-')[group]!.toLowerCase());
    await page.getByRole('button', { name: 'I saved it, continue' }).click();
    recoveryTexts.push(text);
    return text;
  }

  /** Approves when the consent page asks (it continues by itself when nothing is to be asked), then redeems. */
  async function finish(page: Page, app: ZkApp, started: StartedAuthorization): Promise<Delivery> {
    const atApp = (url: URL) => url.href.startsWith(RP_CALLBACK);
    const approve = page.locator('button:not([disabled])', { hasText: /^Approve$/ });
    await Promise.race([
      page.waitForURL(atApp, { timeout: UI_TIMEOUT }),
      approve.waitFor({ timeout: UI_TIMEOUT }).then(() => approve.click()),
    ]);
    await page.waitForURL(atApp, { timeout: UI_TIMEOUT });
    return redeem(server, app, started, page.url());
  }

  /**
   * One authorization for `app` as `account` in a fresh browser context: sign in, then `unlock` (what the key step
   * needs of the user), then consent. Returns what the RP received, after the RP's checks.
   */
  async function authorize(
    app: ZkApp,
    account: { email: string; id: string; password: string },
    unlock: (page: Page) => Promise<void> = async () => undefined,
    /** Console errors the flow causes on purpose (Chromium logs every refused request). */
    expectedConsoleErrors: RegExp[] = [],
  ): Promise<{ delivery: Delivery; received: ReceivedKey; page: Page }> {
    const { page, diagnostics } = await recordedPage();
    const started = await startAuthorization(server, app);
    await page.goto(started.url);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, account.email, account.password);
    await unlock(page);
    const delivery = await finish(page, app, started);
    const receivedAt = Date.now();
    const received = await receive(
      delivery,
      {
        issuer: server.config.baseUrl,
        clientId: app.clientId,
        state: started.state,
        redirectUri: RP_CALLBACK,
        sub: subOf(delivery.token.id_token),
      },
      receivedAt,
    );
    expect(received.sub).toBe(account.id);
    remember(`CAK of ${app.name}`, received.cak);
    deliveries.push({ delivery, received, receivedAt, userId: account.id });
    expectCleanPage(diagnostics, [failedRequestLog(401), ...expectedConsoleErrors]);
    return { delivery, received, page };
  }

  async function account(password: string, name: string) {
    const created = await verifiedAccount(server, password, name);
    remember(`export key of ${name}`, await passwordExportKey(server, created.email, password));
    return { ...created, password };
  }

  it('first authorization sets up the key with a recovery key; a confidential and a public app each get the same key at every sign-in, and different apps different keys', async () => {
    const ada = await account('ada lovelace password', 'Ada');
    let recoveryKey = '';
    const first = await authorize(confidential, ada, async (page) => {
      recoveryKey = await saveRecoveryKey(page);
      await page
        .getByRole('heading', { name: 'Your encryption key is set up' })
        .waitFor({ timeout: UI_TIMEOUT });
    });
    const again = await authorize(confidential, ada);
    expect(again.received.cak).toEqual(first.received.cak);
    expect(again.received.keyId).toBe(first.received.keyId);

    const mobile = await authorize(publicApp, ada);
    const mobileAgain = await authorize(publicApp, ada);
    expect(mobileAgain.received.cak).toEqual(mobile.received.cak);
    expect(mobile.received.cak).not.toEqual(first.received.cak);
    const other = await authorize(otherApp, ada);
    expect(other.received.cak).not.toEqual(first.received.cak);
    expect(other.received.cak).not.toEqual(mobile.received.cak);

    // The scheme, recomputed from the recovery key alone: the ARK opens from its envelope and passes the key
    // check, and each app's key is HKDF(ARK, ["tessera/zk/v2/cak", client_id, null]).
    const ark = await arkFromRecoveryKey(server, ada.id, recoveryKey);
    remember('ARK of Ada', ark);
    remember('recovery key of Ada', recoveryKeyBytes(recoveryKey));
    expect(cakOf(ark, confidential.clientId)).toEqual(first.received.cak);
    expect(cakOf(ark, publicApp.clientId)).toEqual(mobile.received.cak);
    expect(cakOf(ark, otherApp.clientId)).toEqual(other.received.cak);
    // The server holds the hash only, and knows the key was delivered.
    const keybag = await server.context.keys.keybags.keybag(ada.id);
    expect(keybag.accountKey?.keyId).toBe(first.received.keyId);
    expect(keybag.accountKey?.lastUnlockedAt).not.toBeNull();
    expect(keybag.envelopes.map((e) => e.type).sort()).toEqual(['password', 'recovery_key']);
  });

  it('already signed in (no export key in the page): the password is asked to set up and to unlock; nothing is stored in the browser', async () => {
    const mary = await account('mary somerville password', 'Mary');
    const { page, context, diagnostics } = await recordedPage();
    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await submitSignIn(page, mary.email, mary.password);
    await waitForHeading(page, 'Your account');
    const sessionCookie = async () =>
      (await context.cookies(server.publicUrl)).find((cookie) => cookie.name.includes('session'))?.value;
    const signedInCookie = await sessionCookie();
    expect(signedInCookie).toBeTruthy();

    // Asking for the password to open the key is not a sign-in: it has its own limit, so with Mary's sign-in
    // attempts for this minute used up, the consent pages still take her password.
    const passwordCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/user/login/') || pathname === '/api/user/key-unlock/password') {
        passwordCalls.push(pathname);
      }
    });
    const signInLimit = server.context.settings.get('rate_limits.sign_in_per_minute');
    await server.context.settings.set('rate_limits.sign_in_per_minute', 1);
    try {
      // A new page load for the app's request: the sign-in's export key is gone with the old page.
      const first = await startAuthorization(server, confidential);
      await page.goto(first.url);
      await page.getByText('Enter your password: it will protect your key.').waitFor({ timeout: UI_TIMEOUT });
      await page.getByLabel('Your password', { exact: true }).fill(mary.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      const recoveryKey = await saveRecoveryKey(page);
      await page
        .getByRole('heading', { name: 'Your encryption key is set up' })
        .waitFor({ timeout: UI_TIMEOUT });
      const storage = await page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
      }));
      expect(storage).toEqual({ local: 0, session: 0, databases: 0 });
      const firstDelivery = await finish(page, confidential, first);
      const expected = (started: StartedAuthorization) => ({
        issuer: server.config.baseUrl,
        clientId: confidential.clientId,
        state: started.state,
        redirectUri: RP_CALLBACK,
        sub: mary.id,
      });
      const firstKey = await receive(firstDelivery, expected(first));
      remember('CAK of Mary', firstKey.cak);
      remember('recovery key of Mary', recoveryKeyBytes(recoveryKey));
      const ark = await arkFromRecoveryKey(server, mary.id, recoveryKey);
      remember('ARK of Mary', ark);
      expect(cakOf(ark, confidential.clientId)).toEqual(firstKey.cak);

      // Again, still signed in: the keybag exists, so the password unlocks it (a wrong one is refused here).
      const second = await startAuthorization(server, confidential);
      await page.goto(second.url);
      await page
        .getByRole('heading', { name: 'Unlock your encryption key' })
        .waitFor({ timeout: UI_TIMEOUT });
      await page.getByLabel('Your password', { exact: true }).fill('not my password');
      await page.getByRole('button', { name: 'Unlock with password' }).click();
      await page.getByText('This password is not correct.').waitFor({ timeout: UI_TIMEOUT });
      await page.getByLabel('Your password', { exact: true }).fill(mary.password);
      await page.getByRole('button', { name: 'Unlock with password' }).click();
      const secondKey = await receive(await finish(page, confidential, second), expected(second));
      expect(secondKey.cak).toEqual(firstKey.cak);
    } finally {
      await server.context.settings.set('rate_limits.sign_in_per_minute', signInLimit);
    }
    // Set-up, the wrong password and the right one: each asked the key unlock, none the sign-in.
    expect(passwordCalls).toEqual(Array(3).fill('/api/user/key-unlock/password'));
    // Asking for the password started no new session: the cookie is still the sign-in's.
    expect(await sessionCookie()).toBe(signedInCookie);
    expectCleanPage(diagnostics, [failedRequestLog(401)]);
  });

  it('a password change on the account page keeps the key: the new password opens it', async () => {
    const grace = await account('grace hopper password', 'Grace');
    let recoveryKey = '';
    const before = await authorize(confidential, grace, async (page) => {
      recoveryKey = await saveRecoveryKey(page);
    });
    remember('ARK of Grace', await arkFromRecoveryKey(server, grace.id, recoveryKey));

    const { page } = await recordedPage();
    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await submitSignIn(page, grace.email, grace.password);
    await waitForHeading(page, 'Your account');
    const newPassword = 'grace hopper new password';
    await page.getByLabel('Current password').fill(grace.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your new password opens your encryption key.').waitFor({ timeout: UI_TIMEOUT });
    remember('new export key of Grace', await passwordExportKey(server, grace.email, newPassword));
    const envelopes = (await server.context.keys.keybags.keybag(grace.id)).envelopes;
    expect(envelopes.find((e) => e.type === 'password')?.status).toBe('usable');

    // A fresh sign-in with the new password unlocks by itself; the app's key is the same.
    const after = await authorize(confidential, { ...grace, password: newPassword });
    expect(after.received.cak).toEqual(before.received.cak);
  });

  it('after a password reset the recovery key restores the same key, and the password opens it again afterwards', async () => {
    const katherine = await account('katherine johnson password', 'Katherine');
    let recoveryKey = '';
    const before = await authorize(confidential, katherine, async (page) => {
      recoveryKey = await saveRecoveryKey(page);
    });
    remember('ARK of Katherine', await arkFromRecoveryKey(server, katherine.id, recoveryKey));

    // Reset by email: the password envelope cannot be re-wrapped and becomes stale.
    const { page } = await recordedPage();
    await page.goto(`${server.publicUrl}/ui/forgot-password`);
    await page.getByLabel('Email address').fill(katherine.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await waitForHeading(page, 'Check your email');
    await page.goto(await mailbox.waitForLink(katherine.email, 'reset-password'));
    const newPassword = 'katherine johnson reset password';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForHeading(page, 'Password changed');
    remember('reset export key of Katherine', await passwordExportKey(server, katherine.email, newPassword));
    const reset = { ...katherine, password: newPassword };

    // A mistyped recovery key is refused before anything is tried; the right one unlocks.
    const recovered = await authorize(confidential, reset, async (unlockPage) => {
      await unlockPage
        .getByRole('heading', { name: 'Your password no longer opens your key' })
        .waitFor({ timeout: UI_TIMEOUT });
      const typo = recoveryKey.slice(0, -1) + (recoveryKey.endsWith('0') ? '2' : '0');
      await unlockPage.getByLabel('Recovery key').fill(typo);
      await unlockPage.getByRole('button', { name: 'Unlock with recovery key' }).click();
      await unlockPage.getByText(/does not check out|mistyped/).waitFor({ timeout: UI_TIMEOUT });
      await unlockPage.getByLabel('Recovery key').fill(recoveryKey.toLowerCase());
      await unlockPage.getByRole('button', { name: 'Unlock with recovery key' }).click();
    });
    expect(recovered.received.cak).toEqual(before.received.cak);
    // The recovery unlock re-wrapped a password envelope for the new password: the next sign-in needs nothing.
    const envelopes = (await server.context.keys.keybags.keybag(katherine.id)).envelopes;
    expect(envelopes.filter((e) => e.type === 'password').map((e) => e.status)).toEqual(['usable']);
    const next = await authorize(confidential, reset);
    expect(next.received.cak).toEqual(before.received.cak);
  });

  it('with two-step verification: the sign-in code step keeps the export key, and the re-wrap after a recovery-key unlock asks for a current code when the step-up has expired', async () => {
    const ida = await account('ida noddack password', 'Ida');
    const otpAccount = { kind: 'user' as const, id: ida.id, label: ida.email };
    const { secret, parameters } = await server.context.otp.factors.startEnrolment(otpAccount);
    const backupCodes = await server.context.otp.factors.confirmEnrolment(
      otpAccount,
      totp(base32Decode(secret), Math.floor(Date.now() / 1000), parameters),
    );
    const useBackupCode = async (
      scope: Page | ReturnType<Page['getByRole']>,
      code: string,
      submit: string,
    ) => {
      await scope.getByRole('button', { name: 'Use a backup code instead' }).click();
      await scope.getByLabel('Backup code', { exact: true }).fill(code);
      await scope.getByRole('button', { name: submit }).click();
    };

    let recoveryKey = '';
    const before = await authorize(confidential, ida, async (page) => {
      await page.waitForURL(/\/ui\/sign-in\/code\?/, { timeout: UI_TIMEOUT });
      await useBackupCode(page, backupCodes[0]!, 'Verify');
      // Straight on to the key set-up: the password's export key came through the code step.
      recoveryKey = await saveRecoveryKey(page);
    });
    remember('ARK of Ida', await arkFromRecoveryKey(server, ida.id, recoveryKey));
    await server.context.keys.keybags.markPasswordEnvelopesStale(ida.id);

    const after = await authorize(
      confidential,
      ida,
      async (page) => {
        await page.waitForURL(/\/ui\/sign-in\/code\?/, { timeout: UI_TIMEOUT });
        await useBackupCode(page, backupCodes[1]!, 'Verify');
        await page
          .getByRole('heading', { name: 'Your password no longer opens your key' })
          .waitFor({ timeout: UI_TIMEOUT });
        // The sign-in's code counts as a step-up for a few minutes; let it pass.
        await changeSessionsDirectly(
          server,
          "UPDATE sessions SET step_up_until = now() - interval '1 second' WHERE user_id = $1",
          [ida.id],
        );
        await page.getByLabel('Recovery key').fill(recoveryKey);
        await page.getByRole('button', { name: 'Unlock with recovery key' }).click();
        const prompt = page.getByRole('region', { name: 'Confirm it is you' });
        await prompt.waitFor({ timeout: UI_TIMEOUT });
        await useBackupCode(prompt, backupCodes[2]!, 'Confirm and continue');
      },
      [failedRequestLog(403)],
    ); // the re-wrap's first try: step_up_required
    expect(after.received.cak).toEqual(before.received.cak);
    const envelopes = (await server.context.keys.keybags.keybag(ida.id)).envelopes;
    expect(envelopes.filter((e) => e.type === 'password').map((e) => e.status)).toEqual(['usable']);
  });

  it('where the policy forbids new-key setup, the locked page does not offer it', async () => {
    const emmy = await account('emmy noether password', 'Emmy');
    let recoveryKey = '';
    const before = await authorize(confidential, emmy, async (page) => {
      recoveryKey = await saveRecoveryKey(page);
    });
    remember('ARK of Emmy', await arkFromRecoveryKey(server, emmy.id, recoveryKey));
    await server.context.keys.keybags.markPasswordEnvelopesStale(emmy.id);
    await server.context.settings.set('keys.new_key_setup_allowed', false);
    try {
      const after = await authorize(confidential, emmy, async (page) => {
        await page
          .getByRole('heading', { name: 'Your password no longer opens your key' })
          .waitFor({ timeout: UI_TIMEOUT });
        expect(await page.getByRole('button', { name: 'Set up a new key' }).count()).toBe(0);
        await page.getByLabel('Recovery key').fill(recoveryKey);
        await page.getByRole('button', { name: 'Unlock with recovery key' }).click();
      });
      expect(after.received.cak).toEqual(before.received.cak);
    } finally {
      await server.context.settings.set('keys.new_key_setup_allowed', true);
    }
  });

  it('new-key setup, after its data-loss warning, gives every app a different key and says so', async () => {
    const hedy = await account('hedy lamarr password', 'Hedy');
    let recoveryKey = '';
    const before = await authorize(confidential, hedy, async (page) => {
      recoveryKey = await saveRecoveryKey(page);
    });
    remember('ARK of Hedy', await arkFromRecoveryKey(server, hedy.id, recoveryKey));
    await server.context.keys.keybags.markPasswordEnvelopesStale(hedy.id);

    let newRecoveryKey = '';
    const after = await authorize(confidential, hedy, async (page) => {
      await page.getByRole('button', { name: 'Set up a new key' }).click();
      await page.getByText('Data encrypted with your old key will be lost').waitFor({ timeout: UI_TIMEOUT });
      // Not without saying so.
      await page.getByRole('button', { name: 'Set up a new key' }).click();
      await page.getByText('Confirm that you understand first.').waitFor({ timeout: UI_TIMEOUT });
      await page.getByLabel('I understand that data encrypted with my old key cannot be recovered').check();
      await page.getByRole('button', { name: 'Set up a new key' }).click();
      newRecoveryKey = await saveRecoveryKey(page);
      await page
        .getByRole('heading', { name: 'You have a new encryption key' })
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByRole('status').filter({ hasText: 'new key' }).textContent()).toContain(
        'cannot be opened any more',
      );
    });
    expect(after.received.cak).not.toEqual(before.received.cak);
    expect(after.received.keyId).not.toBe(before.received.keyId);
    const ark = await arkFromRecoveryKey(server, hedy.id, newRecoveryKey);
    remember('new ARK of Hedy', ark);
    remember('new recovery key of Hedy', recoveryKeyBytes(newRecoveryKey));
    remember('old recovery key of Hedy', recoveryKeyBytes(recoveryKey));
    expect(cakOf(ark, confidential.clientId)).toEqual(after.received.cak);
  });

  it('the app refuses a JWE whose hash is not the finalized one, and a JWE replayed into another authorization', async () => {
    const [first, second] = deliveries.filter((entry) => entry.delivery.app === confidential);
    expect(first && second).toBeTruthy();
    const expectations = (entry: typeof first) => ({
      issuer: server.config.baseUrl,
      clientId: confidential.clientId,
      state: entry!.delivery.state,
      redirectUri: RP_CALLBACK,
      sub: entry!.userId,
    });
    // Checked as of the first delivery's arrival: this test is about the hash and the bindings, and the
    // deliveries come from earlier tests, whose 120 s validity window may be over on a loaded machine.
    const receiveAsFirst = (
      delivery: Parameters<typeof receive>[0],
      expected: Parameters<typeof receive>[1],
    ) => receive(delivery, expected, first!.receivedAt);
    // Both genuine deliveries pass.
    await expect(receiveAsFirst(first!.delivery, expectations(first))).resolves.toMatchObject({
      keyId: first!.received.keyId,
    });
    // Another authorization's JWE under this token response: the hash differs.
    await expect(
      receiveAsFirst({ ...first!.delivery, jwe: second!.delivery.jwe }, expectations(first)),
    ).rejects.toThrow('zk_key_hash mismatch');
    // One changed character in the JWE: the hash differs.
    const jwe = first!.delivery.jwe;
    const altered = `${jwe.slice(0, -1)}${jwe.endsWith('A') ? 'B' : 'A'}`;
    await expect(receiveAsFirst({ ...first!.delivery, jwe: altered }, expectations(first))).rejects.toThrow(
      'zk_key_hash mismatch',
    );
    // The JWE replayed (with its own token hash) into an authorization with another state or redirect URI.
    await expect(
      receiveAsFirst(first!.delivery, { ...expectations(first), state: second!.delivery.state }),
    ).rejects.toThrow('binding mismatch: state');
    await expect(
      receiveAsFirst(first!.delivery, {
        ...expectations(first),
        redirectUri: 'https://rp.example.test/other',
      }),
    ).rejects.toThrow('binding mismatch: redirect_uri');
  });

  it('the account page lists what opens the key with its last use, replaces the recovery key, checks one without changing anything, and never offers to remove the last', async () => {
    const lin = await account('lin huiyin password', 'Lin');
    let oldRecovery = '';
    await authorize(confidential, lin, async (page) => {
      oldRecovery = await saveRecoveryKey(page);
    });
    const ark = await arkFromRecoveryKey(server, lin.id, oldRecovery);
    remember('ARK of Lin', ark);
    // The first delivery created the key (no envelope opened); the next one opens the password envelope (§7.2).
    const created = await server.context.keys.keybags.keybag(lin.id);
    expect(created.envelopes.map((envelope) => envelope.lastUsedAt)).toEqual([null, null]);
    await authorize(confidential, lin);
    const used = await server.context.keys.keybags.keybag(lin.id);
    const oldRecoveryId = used.envelopes.find((envelope) => envelope.type === 'recovery_key')!.id;
    expect(used.envelopes.find((envelope) => envelope.type === 'password')?.lastUsedAt).toEqual(
      used.accountKey?.lastUnlockedAt,
    );
    expect(used.envelopes.find((envelope) => envelope.type === 'recovery_key')?.lastUsedAt).toBeNull();

    const { page, diagnostics } = await recordedPage();
    await page.goto(`${server.publicUrl}/ui/sign-in`);
    await submitSignIn(page, lin.email, lin.password);
    await waitForHeading(page, 'Your account');
    await page
      .getByRole('heading', { name: 'Your encryption key', level: 2 })
      .waitFor({ timeout: UI_TIMEOUT });
    const row = (name: string) => page.getByTestId('envelope').filter({ hasText: name });
    await row('Recovery key').waitFor({ timeout: UI_TIMEOUT });
    expect(await row('Recovery key').getByTestId('envelope-last-used').textContent()).toBe('never');
    expect(await row('Password').getByTestId('envelope-last-used').textContent()).not.toBe('never');

    // Recovery verification: in the browser only; the saved key opens, a mistyped one fails its checksum.
    const check = async (typed: string) => {
      await page.getByLabel('Recovery key to check').fill(typed);
      await page.getByRole('button', { name: 'Check', exact: true }).click();
    };
    await check(oldRecovery);
    await page.getByText('This recovery key opens your key').waitFor({ timeout: UI_TIMEOUT });
    await check(`${oldRecovery.slice(0, -1)}${oldRecovery.endsWith('0') ? '1' : '0'}`);
    await page.locator('.field-error').first().waitFor({ timeout: UI_TIMEOUT });

    // A new recovery key, typed back, replaces the old one and opens the same key; the old one no longer does.
    await page.getByRole('button', { name: 'Replace your recovery key' }).click();
    const newRecovery = await saveRecoveryKey(page);
    await page.getByText('Your new recovery key is saved.').waitFor({ timeout: UI_TIMEOUT });
    const replaced = await server.context.keys.keybags.keybag(lin.id);
    const recoveryEnvelopes = replaced.envelopes.filter((envelope) => envelope.type === 'recovery_key');
    expect(recoveryEnvelopes).toHaveLength(1);
    expect(recoveryEnvelopes[0]!.id).not.toBe(oldRecoveryId);
    expect(replaced.accountKey?.version).toBe(used.accountKey?.version);
    expect(await arkFromRecoveryKey(server, lin.id, newRecovery)).toEqual(ark);
    await check(oldRecovery);
    await page.getByText('This recovery key does not open your key.').waitFor({ timeout: UI_TIMEOUT });

    // The password envelope may go (the recovery key still opens); then the recovery key is the last, kept.
    await page.getByRole('button', { name: /^Remove Password/ }).click();
    await page.getByRole('button', { name: 'Remove from the key' }).click();
    await page
      .getByText('Your password no longer opens your encryption key. You still sign in with it.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect(
      (await server.context.keys.keybags.keybag(lin.id)).envelopes.map((envelope) => envelope.type),
    ).toEqual(['recovery_key']);
    await page.getByText('Needed: nothing else opens your key.').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expectCleanPage(diagnostics, [failedRequestLog(401)]);
  });

  it('the server never saw a key: no request the browser sent and no table holds the ARK, a CAK, an export key or a recovery key', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(20);
    expect(sentToServer.length).toBeGreaterThan(50);
    // The recorder does see what the browser sends: the OPAQUE messages and the envelopes, for instance.
    expect(
      sentToServer.some(
        (entry) => entry.includes('/crypto/keybag/account-key') && entry.includes('ciphertext'),
      ),
    ).toBe(true);

    const dump = await server.database.withConnection(async (connection) => {
      const tables = await connection.query<{ table_schema: string; table_name: string }>(
        `SELECT table_schema, table_name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(tables.map((table) => table.table_name)).toEqual(
        expect.arrayContaining(['users', 'keybags', 'keybag_envelopes']),
      );
      let text = '';
      for (const { table_schema: schema, table_name: table } of tables) {
        const rows = await connection.query(`SELECT * FROM "${schema}"."${table}"`);
        text += `${table}\n${JSON.stringify(rows, (_key, value: unknown) =>
          value instanceof Uint8Array
            ? `${Buffer.from(value).toString('hex')} ${Buffer.from(value).toString('base64')}`
            : value,
        )}\n`;
      }
      return text;
    });
    expect(dump).toContain('recovery_key');

    const requests = sentToServer.join('\n');
    for (const { label, bytes } of secrets) {
      for (const encoded of encodings(bytes)) {
        expect(requests.includes(encoded), `${label} (${encoded}) in a request`).toBe(false);
        expect(dump.includes(encoded), `${label} (${encoded}) in the database`).toBe(false);
      }
    }
    for (const text of recoveryTexts) {
      for (const form of [text, text.replace(/^TSRK2-/, ''), text.replaceAll('-', '')]) {
        expect(requests.includes(form), `recovery key ${form} in a request`).toBe(false);
        expect(dump.includes(form), `recovery key ${form} in the database`).toBe(false);
      }
    }
  });
});
