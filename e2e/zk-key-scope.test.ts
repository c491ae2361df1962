import { hkdfSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../packages/server/src/testing/keys.js';
import { freePort, type TestServer } from '../packages/server/src/testing/server.js';
import { useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import { SDK_IMPORT_MAP, sdkModule } from './sdk-modules.js';
import { expectCleanPage, failedRequestLog, submitSignIn, UI_TIMEOUT } from './ui-helpers.js';

/**
 * Per-organization keys (client key scope `organization`, docs/zk.md §2.2) and legacy v1 delivery (§5.1) in
 * Chromium, received by apps built with @tessera/client (its package build, loaded through an import map): the
 * hosted UI derives the key for the approval's organization, or the legacy data root key, and the SDK checks and
 * decrypts what arrives. Each key is also recomputed here from the account root key, opened with the recovery key
 * the UI showed, so the derivations are checked against the document and not only against each other.
 */

const PASSWORD = 'keys for every team password';

/** What the app page reports after its callback (see appScript). */
interface AppResult {
  error?: string;
  message?: string;
  sub: string;
  /** Names of the fragment's parameters as the callback arrived. */
  fragment: string[];
  /** The access token's org_id claim. */
  orgId: string | null;
  /** v2: the client app key (base64url), its organization and key id. */
  key: string | null;
  organizationId: string | null;
  keyId: string | null;
  /** Legacy v1: the decrypted payload's text (`legacyDrk`). */
  legacy: string | null;
  /** Legacy v1: the data root key (base64url) and key id the SDK handed out after its checks (`legacyKey`). */
  legacyKey: string | null;
  legacyKeyId: string | null;
}

/**
 * The app's page: at `/` it starts a sign-in for the client, key delivery and organization named in its query;
 * at `/callback` it completes it with `handleCallback(undefined, { rawKey: true })` and writes what it received
 * into `#result`.
 */
function appScript(issuer: string, appUrl: string): string {
  return `import { TesseraClient } from '@tessera/client';
const report = (value) => {
  const out = document.createElement('pre');
  out.id = 'result';
  out.textContent = JSON.stringify(value);
  document.body.append(out);
};
const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const claimsOf = (jwt) => JSON.parse(atob(jwt.split('.')[1].replaceAll('-', '+').replaceAll('_', '/')));
const client = (started) => TesseraClient.create({
  issuer: ${JSON.stringify(issuer)},
  clientId: started.clientId,
  redirectUri: ${JSON.stringify(`${appUrl}/callback`)},
  legacyV1: started.zk === 'legacy-v1',
});
try {
  if (location.pathname === '/callback') {
    const fragment = [...new URLSearchParams(location.hash.slice(1)).keys()];
    const tessera = await client(JSON.parse(sessionStorage.getItem('started')));
    const result = await tessera.handleCallback(undefined, { rawKey: true });
    report({
      sub: result.claims.sub,
      fragment,
      orgId: claimsOf(result.tokens.accessToken).org_id ?? null,
      key: result.zkKey ? b64(result.zkKey.raw) : null,
      organizationId: result.zkKey ? result.zkKey.organizationId : null,
      keyId: result.zkKey ? result.zkKey.keyId : null,
      legacy: result.legacyDrk ? new TextDecoder().decode(result.legacyDrk) : null,
      legacyKey: result.legacyKey ? b64(result.legacyKey.raw) : null,
      legacyKeyId: result.legacyKey ? result.legacyKey.keyId : null,
    });
  } else {
    const query = new URLSearchParams(location.search);
    const started = { clientId: query.get('client_id'), zk: query.get('zk') === 'legacy-v1' ? 'legacy-v1' : true };
    sessionStorage.setItem('started', JSON.stringify(started));
    const tessera = await client(started);
    await tessera.signIn({ zk: started.zk, organization: query.get('organization') ?? undefined });
  }
} catch (error) {
  report({ error: String(error.code ?? error.name), message: String(error.message) });
}
`;
}

async function serveApp(issuer: string): Promise<{ appUrl: string; server: Server }> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const page = `<!doctype html><title>Team Vault</title>
${SDK_IMPORT_MAP}
<script type="module" src="/app.js"></script>`;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', appUrl).pathname;
    if (path === '/' || path === '/callback')
      return response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (path === '/app.js')
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(appScript(issuer, appUrl));
    const body = await sdkModule(path);
    if (!body) return response.writeHead(204).end();
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { appUrl, server };
}

/** The first ZK authorization sets up the key: reads the recovery key shown once and confirms the group asked. */
async function saveRecoveryKey(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
  const recoveryKey = (await page.getByTestId('recovery-key').textContent()) ?? '';
  const label = await page.locator('label', { hasText: /^Group \d+ of your recovery key$/ }).textContent();
  const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
  await page.getByLabel(label!).fill(recoveryKey.split('-')[group]!);
  await page.getByRole('button', { name: 'I saved it, continue' }).click();
  return recoveryKey;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The 32 bytes of a printed recovery key (docs/zk.md §3.3): Crockford base32 of R || 2-byte checksum. */
function recoveryKeyBytes(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const character of text.replace(/^TSRK2-/, '').replaceAll('-', '')) {
    value = ((value << 5) | CROCKFORD.indexOf(character)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out.slice(0, 32));
}

/** The account root key, opened from the user's recovery-key envelope with the recovery key's bytes. */
async function arkOf(server: TestServer, userId: string, recoveryKey: string): Promise<Buffer> {
  const keybag = await server.context.keys.keybags.keybag(userId);
  const envelope = keybag.envelopes.find((candidate) => candidate.type === 'recovery_key')!;
  return unwrapEnvelope(
    {
      id: envelope.id,
      type: envelope.type,
      kdf_salt: envelope.kdfSalt ?? null,
      ciphertext: envelope.ciphertext,
    },
    recoveryKeyBytes(recoveryKey),
    {
      userId,
      keyId: keybag.accountKey!.keyId,
      version: keybag.accountKey!.version,
      keyCheck: keybag.accountKey!.keyCheck,
    },
  );
}

/** HKDF-SHA-256(ARK, no salt, JSON(info), 32), base64url: the CAK (§2.2) or the legacy DRK (§5.1). */
const derived = (ark: Buffer, info: (string | null)[]) =>
  Buffer.from(hkdfSync('sha256', ark, Buffer.alloc(0), JSON.stringify(info), 32)).toString('base64url');

describe('hosted UI: per-organization keys and legacy v1 delivery, received with @tessera/client', () => {
  let server: TestServer;
  let app: { appUrl: string; server: Server };
  const clients = {
    team: 'team-vault',
    personal: 'personal-vault',
    legacy: 'old-vault',
    current: 'new-vault',
  };
  let organizations: { acme: string; bolt: string };

  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      server = started.server;
      await server.context.settings.set('accounts.self_registration', true);
      app = await serveApp(server.config.baseUrl);
      const register = (clientId: string, zk: 'v2' | 'legacy-v1', scope: 'client' | 'organization') =>
        server.context.clients.registry.create({
          client_id: clientId,
          name: clientId,
          type: 'public',
          redirect_uris: [`${app.appUrl}/callback`],
          grant_types: ['authorization_code'],
          first_party: true,
          zk_delivery: zk,
          zk_required: true,
          zk_key_scope: scope,
        });
      await register(clients.team, 'v2', 'organization');
      await register(clients.personal, 'v2', 'client');
      await register(clients.legacy, 'legacy-v1', 'client');
      await register(clients.current, 'v2', 'client');
      const actor = { type: 'admin' as const, id: 'test-fixture' };
      organizations = {
        acme: (await server.context.orgs.organizations.create({ name: 'Acme' }, actor, null)).id,
        bolt: (await server.context.orgs.organizations.create({ name: 'Bolt' }, actor, null)).id,
      };
    },
  });

  afterAll(() => {
    app?.server.close();
  });

  /**
   * One sign-in to `clientId` from the app in a fresh browser context: sign in at Tessera, `atTessera` (the key
   * step, the organization choice), approve when asked, and return what the app received.
   */
  async function signIn(
    email: string,
    query: { client_id: string; zk?: 'legacy-v1'; organization?: string },
    atTessera: (page: Page) => Promise<void> = async () => {},
  ): Promise<AppResult> {
    const { page, diagnostics } = await newPage();
    await page.goto(`${app.appUrl}/?${new URLSearchParams(query)}`);
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, email, PASSWORD);
    await atTessera(page);
    const atApp = (url: URL) => url.origin === app.appUrl;
    const approve = page.locator('button:not([disabled])', { hasText: /^Approve$/ });
    await Promise.race([
      page.waitForURL(atApp, { timeout: UI_TIMEOUT }),
      approve.waitFor({ timeout: UI_TIMEOUT }).then(() => approve.click()),
    ]);
    await page.waitForURL(atApp, { timeout: UI_TIMEOUT });
    const result = JSON.parse(
      (await page.locator('#result').textContent({ timeout: UI_TIMEOUT })) ?? '{}',
    ) as AppResult;
    expect(result.error, result.message).toBeUndefined();
    expectCleanPage(diagnostics, [failedRequestLog(401)]);
    return result;
  }

  it('key scope organization: one key per organization, the same again for the same one; scope client ignores the organization', async () => {
    const { email, id: userId } = await verifiedAccount(server, PASSWORD, 'Grace Hopper');
    const actor = { type: 'admin' as const, id: 'test-fixture' };
    for (const organization of [organizations.acme, organizations.bolt])
      await server.context.orgs.organizations.addMember(organization, userId, ['member'], actor);

    let recoveryKey = '';
    const acme = await signIn(
      email,
      { client_id: clients.team, organization: organizations.acme },
      async (page) => {
        recoveryKey = await saveRecoveryKey(page);
      },
    );
    // No organization asked for: the user chooses one on the consent page, and the key is that one's.
    const bolt = await signIn(email, { client_id: clients.team }, async (page) => {
      await page.getByRole('radio', { name: 'Bolt' }).check({ timeout: UI_TIMEOUT });
    });
    const acmeAgain = await signIn(email, { client_id: clients.team, organization: organizations.acme });
    expect([acme.organizationId, acme.orgId]).toEqual([organizations.acme, organizations.acme]);
    expect([bolt.organizationId, bolt.orgId]).toEqual([organizations.bolt, organizations.bolt]);
    expect(acmeAgain.key).toBe(acme.key);
    expect(bolt.key).not.toBe(acme.key);

    const personalAcme = await signIn(email, {
      client_id: clients.personal,
      organization: organizations.acme,
    });
    const personalBolt = await signIn(email, {
      client_id: clients.personal,
      organization: organizations.bolt,
    });
    expect([personalAcme.orgId, personalBolt.orgId]).toEqual([organizations.acme, organizations.bolt]);
    expect([personalAcme.organizationId, personalBolt.organizationId]).toEqual([null, null]);
    expect(personalBolt.key).toBe(personalAcme.key);
    expect(new Set([acme.key, bolt.key, personalAcme.key]).size).toBe(3);

    // The same keys from the document's derivation (§2.2), with the ARK the recovery key opens.
    const ark = await arkOf(server, userId, recoveryKey);
    expect(acme.key).toBe(derived(ark, ['tessera/zk/v2/cak', clients.team, organizations.acme]));
    expect(bolt.key).toBe(derived(ark, ['tessera/zk/v2/cak', clients.team, organizations.bolt]));
    expect(personalAcme.key).toBe(derived(ark, ['tessera/zk/v2/cak', clients.personal, null]));
  });

  it('legacy v1: the same data root key at every sign-in, unlike the v2 key; a v2 app never gets a drk_jwe', async () => {
    const { email, id: userId } = await verifiedAccount(server, PASSWORD, 'Barbara Liskov');
    let recoveryKey = '';
    const first = await signIn(email, { client_id: clients.legacy, zk: 'legacy-v1' }, async (page) => {
      recoveryKey = await saveRecoveryKey(page);
    });
    const second = await signIn(email, { client_id: clients.legacy, zk: 'legacy-v1' });
    const current = await signIn(email, { client_id: clients.current });

    expect([first.fragment, second.fragment, current.fragment]).toEqual([
      ['drk_jwe'],
      ['drk_jwe'],
      ['zk_key_jwe'],
    ]);
    const payloads = [first, second].map((result) => JSON.parse(result.legacy ?? 'null'));
    for (const payload of payloads) {
      // §5.1: the v2 bindings, with v 1 and kind data_root_key.
      expect(payload).toMatchObject({
        v: 1,
        kind: 'data_root_key',
        iss: server.config.baseUrl,
        sub: userId,
        client_id: clients.legacy,
        redirect_uri: `${app.appUrl}/callback`,
        organization_id: null,
        key: { kty: 'oct', alg: 'A256GCM' },
      });
      expect(payload.exp - payload.iat).toBe(120);
    }
    expect(payloads[1].state).not.toBe(payloads[0].state);
    expect(payloads[1].key.k).toBe(payloads[0].key.k);
    // The SDK checked those bindings and hands out the same key, with the account key's id.
    for (const [result, payload] of [
      [first, payloads[0]],
      [second, payloads[1]],
    ] as const) {
      expect(result.legacyKey).toBe(payload.key.k);
      expect(result.legacyKeyId).toBe(payload.key_id);
    }
    expect(first.legacyKeyId).toBe((await server.context.keys.keybags.keybag(userId)).accountKey!.keyId);
    expect(first.key).toBeNull();
    expect(current.legacy).toBeNull();
    expect(current.legacyKey).toBeNull();
    expect(current.key).not.toBe(payloads[0].key.k);

    const ark = await arkOf(server, userId, recoveryKey);
    expect(payloads[0].key.k).toBe(derived(ark, ['tessera/zk/v1/drk', clients.legacy, null]));
    expect(current.key).toBe(derived(ark, ['tessera/zk/v2/cak', clients.current, null]));
  });
});
