import { createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { captureCallbacks, RP_CALLBACK, useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import { expectCleanPage, submitSignIn, UI_TIMEOUT } from './ui-helpers.js';

/**
 * An organization's unlock policy in the hosted UI (docs/zk.md §8.1), with the organization disallowing password
 * envelopes: a new user's first key is set up without a password envelope (none is even sent; where the policy
 * allows neither a password nor a recovery key, the page says the key cannot be set up there), and a user whose
 * keybag has a password envelope is offered the recovery key for an authorization made for that organization,
 * never the password, and the app receives the same key it receives outside the organization.
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

  /**
   * The app's authorization request: an ephemeral P-256 key (zk_pub), PKCE, and the organization if any; with the
   * private key the app decrypts the delivered key with.
   */
  async function authorizationRequest(
    organizationId?: string,
  ): Promise<{ url: string; privateKey: CryptoKey }> {
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
    return { url: url.href, privateKey: pair.privateKey };
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

  /** Goes through the one-time recovery-key screen of a first key setup; answers the recovery key. */
  async function confirmRecoveryKey(page: Page): Promise<string> {
    await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
    const text = (await page.getByTestId('recovery-key').textContent()) ?? '';
    const label = await page.locator('label', { hasText: /^Group \d+ of your recovery key$/ }).textContent();
    const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
    await page.getByLabel(label!).fill(text.split('-')[group]!);
    await page.getByRole('button', { name: 'I saved it, continue' }).click();
    return text;
  }

  /** A member of a new organization whose policy allows recovery-key envelopes only. */
  async function passwordlessOrganization(userId: string): Promise<string> {
    const organization = await server.context.orgs.organizations.create(
      { name: 'Passwordless Corp' },
      { type: 'admin', id: 'e2e-fixture' },
      null,
    );
    await server.context.orgs.organizations.addMember(organization.id, userId, ['member'], {
      type: 'admin',
      id: 'e2e-fixture',
    });
    return organization.id;
  }

  async function allowOnly(
    organizationId: string,
    types: ('password' | 'recovery_key' | 'passkey_prf' | 'trusted_device')[],
  ): Promise<void> {
    const policy = await server.context.orgs.organizations.setUnlockPolicy(organizationId, {
      allowed_envelope_types: types,
      zk_requires_unlocked_keybag: null,
      trusted_device_approval: null,
      new_key_setup_allowed: null,
    });
    expect(policy.unlockPolicy.allowed_envelope_types).toEqual(types);
  }

  const allowRecoveryKeyOnly = (organizationId: string) => allowOnly(organizationId, ['recovery_key']);

  /** The envelope types the page sent to the keybag API's writes (bodies carry ciphertext, never a key). */
  function sentEnvelopeTypes(page: Page): string[] {
    const types: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/crypto/keybag'))
        return;
      const body = request.postDataJSON() as { envelopes?: { type: string }[]; envelope?: { type: string } };
      for (const envelope of [...(body.envelopes ?? []), ...(body.envelope ? [body.envelope] : [])]) {
        types.push(envelope.type);
      }
    });
    return types;
  }

  const envelopeTypes = async (userId: string) =>
    (await server.context.keys.keybags.keybag(userId)).envelopes.map((envelope) => envelope.type).sort();

  it("sets up a new user's first key for the organization without a password envelope", async () => {
    const account = await verifiedAccount(server, PASSWORD, 'Nina Newkey');
    const organizationId = await passwordlessOrganization(account.id);
    await allowRecoveryKeyOnly(organizationId);

    const request = await authorizationRequest(organizationId);
    const opened = await signInFor(request.url, account.email);
    const sent = sentEnvelopeTypes(opened.page);
    await opened.page
      .getByText('your organization does not allow protecting it with your password', { exact: false })
      .waitFor({ timeout: UI_TIMEOUT });
    await confirmRecoveryKey(opened.page);
    await approveUntil(opened.page, opened.page.waitForURL(atApp, { timeout: UI_TIMEOUT }));

    const delivered = await deliveredKey(new URL(opened.page.url()), request.privateKey);
    expect(delivered.cak).toHaveLength(32);
    expect(sent).toEqual(['recovery_key']);
    expect(await envelopeTypes(account.id)).toEqual(['recovery_key']);
    expectCleanPage(opened.diagnostics);
  });

  it('says a first key cannot be set up here when the policy allows neither password nor recovery key', async () => {
    const account = await verifiedAccount(server, PASSWORD, 'Pia Passkeyonly');
    const organizationId = await passwordlessOrganization(account.id);
    await allowOnly(organizationId, ['passkey_prf']);

    const request = await authorizationRequest(organizationId);
    const opened = await signInFor(request.url, account.email);
    const sent = sentEnvelopeTypes(opened.page);
    await opened.page
      .getByRole('heading', { name: 'Your encryption key cannot be set up here' })
      .waitFor({ timeout: UI_TIMEOUT });
    await opened.page
      .getByText('Passkeys and trusted devices can only be added to a key that already exists', {
        exact: false,
      })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await opened.page.locator('button:not([disabled])', { hasText: /^Approve$/ }).count()).toBe(0);
    expect(sent).toEqual([]);
    expect((await server.context.keys.keybags.keybag(account.id)).accountKey).toBeNull();
    expectCleanPage(opened.diagnostics);
  });

  it('offers the recovery key, not the password, for the organization, and delivers the same key', async () => {
    const account = await verifiedAccount(server, PASSWORD, 'Olga Policy');
    const organizationId = await passwordlessOrganization(account.id);

    // First authorization, no organization context: the keybag is set up with a password envelope.
    const first = await authorizationRequest();
    const firstPage = await signInFor(first.url, account.email);
    const recoveryKey = await confirmRecoveryKey(firstPage.page);
    await approveUntil(firstPage.page, firstPage.page.waitForURL(atApp, { timeout: UI_TIMEOUT }));
    const outside = await deliveredKey(new URL(firstPage.page.url()), first.privateKey);
    expect(await envelopeTypes(account.id)).toEqual(['password', 'recovery_key']);
    const keybagBefore = await server.context.keys.keybags.keybag(account.id);

    await allowRecoveryKeyOnly(organizationId);

    // For the organization: the password it signed in with is not used; the recovery key is asked for.
    const inside = await authorizationRequest(organizationId);
    const insidePage = await signInFor(inside.url, account.email);
    const sent = sentEnvelopeTypes(insidePage.page);
    await insidePage.page
      .getByRole('heading', { name: 'Your organization does not allow your password here' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await insidePage.page.getByRole('button', { name: 'Unlock with password' }).count()).toBe(0);
    await insidePage.page.getByLabel('Recovery key').fill(recoveryKey);
    await insidePage.page.getByRole('button', { name: 'Unlock with recovery key' }).click();
    await approveUntil(insidePage.page, insidePage.page.waitForURL(atApp, { timeout: UI_TIMEOUT }));

    const forOrganization = await deliveredKey(new URL(insidePage.page.url()), inside.privateKey);
    // Key scope `client`: the app's key is the same inside and outside the organization (§2.2).
    expect(forOrganization.keyId).toBe(outside.keyId);
    expect(forOrganization.cak.equals(outside.cak)).toBe(true);
    // Nothing was re-wrapped: the password envelope is usable, the organization only ruled it out here.
    expect(sent).toEqual([]);
    const keybagAfter = await server.context.keys.keybags.keybag(account.id);
    expect(keybagAfter.envelopes.map((envelope) => envelope.id).sort()).toEqual(
      keybagBefore.envelopes.map((envelope) => envelope.id).sort(),
    );
    expectCleanPage(insidePage.diagnostics);
  });
});

/** RFC 7518 §4.6.2 Concat KDF for direct key agreement with A256GCM, empty PartyUInfo and PartyVInfo. */
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
 * The app's key from the callback's fragment (docs/zk.md §5: a compact JWE, ECDH-ES + A256GCM, to the app's
 * ephemeral key): the client app key and the account key id it was derived under.
 */
async function deliveredKey(callback: URL, privateKey: CryptoKey): Promise<{ cak: Buffer; keyId: string }> {
  expect(callback.searchParams.get('code')).toEqual(expect.any(String));
  expect(callback.hash).toMatch(/^#zk_key_jwe=/);
  const jwe = callback.hash.slice('#zk_key_jwe='.length);
  const [protectedHeader, , iv, ciphertext, tag] = jwe.split('.') as [string, string, string, string, string];
  const header = JSON.parse(Buffer.from(protectedHeader, 'base64url').toString('utf8')) as {
    epk: JsonWebKey;
  };
  const epk = await globalThis.crypto.subtle.importKey(
    'jwk',
    header.epk,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const z = Buffer.from(
    await globalThis.crypto.subtle.deriveBits({ name: 'ECDH', public: epk }, privateKey, 256),
  );
  const decipher = createDecipheriv('aes-256-gcm', concatKdf(z), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(protectedHeader, 'ascii'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const payload = JSON.parse(
    Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8'),
  ) as { kind: string; key: { k: string }; key_id: string };
  expect(payload.kind).toBe('client_app_key');
  return { cak: Buffer.from(payload.key.k, 'base64url'), keyId: payload.key_id };
}
