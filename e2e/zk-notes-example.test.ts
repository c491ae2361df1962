import { execFileSync } from 'node:child_process';
import { hkdfSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotesServer } from '../examples/zk-notes/server/notes-server.js';
import { unwrapEnvelope } from '../packages/server/src/testing/keys.js';
import { freePort, type TestServer } from '../packages/server/src/testing/server.js';
import { useHostedUiFixture, verifiedAccount } from './hosted-ui-fixture.js';
import { SDK_IMPORT_MAP, sdkModule } from './sdk-modules.js';
import { expectCleanPage, submitSignIn, UI_TIMEOUT } from './ui-helpers.js';

/**
 * examples/zk-notes end to end in Chromium, as its README tells a developer to use it: the notes page signs in with
 * @tessera/client (ZK key delivery v2) against a real Tessera, encrypts a note with the client app key, and its back
 * end stores what it gets. Then a fresh browser context (another device) signs in again and reads the note — the
 * same key, unlocked by the password. The back end's file must hold ciphertext only: no note text, no key.
 */

const EXAMPLE = fileURLToPath(new URL('../examples/zk-notes/', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const NOTE = 'The launch code is not 0000 — it is 7391.';
const PASSWORD = 'rosalind franklin password';

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

/** The first ZK authorization sets up the user's key: reads the recovery key shown once and confirms a group. */
async function saveRecoveryKey(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Save your recovery key' }).waitFor({ timeout: UI_TIMEOUT });
  const recoveryKey = (await page.getByTestId('recovery-key').textContent()) ?? '';
  const label = await page.locator('label', { hasText: /^Group \d+ of your recovery key$/ }).textContent();
  const group = Number(/Group (\d+)/.exec(label ?? '')?.[1]);
  await page.getByLabel(label!).fill(recoveryKey.split('-')[group]!);
  await page.getByRole('button', { name: 'I saved it, continue' }).click();
  return recoveryKey;
}

/** The consent page asks when it has something to ask (the email scope); then the browser reaches `origin`. */
async function approveUntil(page: Page, origin: string): Promise<void> {
  const atApp = (url: URL) => url.origin === origin;
  const approve = page.locator('button:not([disabled])', { hasText: /^Approve$/ });
  await Promise.race([
    page.waitForURL(atApp, { timeout: UI_TIMEOUT }),
    approve.waitFor({ timeout: UI_TIMEOUT }).then(() => approve.click()),
  ]);
  await page.waitForURL(atApp, { timeout: UI_TIMEOUT });
}

/**
 * The README's quick start as the page of an app at `origin`: the ```js block under "## Quick start", with its
 * placeholder issuer, client and redirect URI replaced, loaded as a module whose `@tessera/client` is the built
 * package (an import map to packages/client/dist and its dependencies, ./sdk-modules.ts).
 */
async function serveQuickStart(origin: { port: number; issuer: string; clientId: string }) {
  const readme = readFileSync(join(ROOT, 'packages/client/README.md'), 'utf8');
  const snippet = /## Quick start[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const appUrl = `http://127.0.0.1:${origin.port}`;
  const placeholders: [string, string][] = [
    ["'https://id.example.com'", `'${origin.issuer}'`],
    ["'my-zk-app'", `'${origin.clientId}'`],
    ["'https://app.example.com/callback'", `'${appUrl}/callback'`],
  ];
  let code = snippet;
  for (const [placeholder, value] of placeholders) {
    expect(code, `the quick start names ${placeholder}`).toContain(placeholder);
    code = code.replace(placeholder, value);
  }
  const page = `<!doctype html><title>Quick start</title>
${SDK_IMPORT_MAP}
<script type="module" src="/quickstart.js"></script>`;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', appUrl).pathname;
    if (path === '/' || path === '/callback')
      return response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (path === '/quickstart.js')
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    const body = await sdkModule(path);
    if (!body) return response.writeHead(204).end();
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(origin.port, '127.0.0.1', resolve));
  return { appUrl, lines: snippet.trimEnd().split('\n').length, close: () => server.close() };
}

describe('examples/zk-notes in Chromium', () => {
  let server: TestServer;
  let notes: Awaited<ReturnType<typeof startNotesServer>>;
  let dataDirectory: string;

  beforeAll(() => {
    // The app as a developer builds it: the SDK's package build, then the Vite front end that imports it.
    execFileSync('npm', ['run', 'build', '-w', '@tessera/client'], { cwd: ROOT, stdio: 'pipe' });
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: EXAMPLE, stdio: 'pipe' });
  }, 180_000);

  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      server = started.server;
      await server.context.settings.set('accounts.self_registration', true);
      const port = await freePort();
      const appUrl = `http://127.0.0.1:${port}`;
      await server.context.clients.registry.create({
        client_id: 'zk-notes',
        name: 'ZK Notes',
        type: 'public',
        redirect_uris: [`${appUrl}/callback`],
        post_logout_redirect_uris: [`${appUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        first_party: true,
        zk_delivery: 'v2',
        zk_required: true,
      });
      dataDirectory = mkdtempSync(join(tmpdir(), 'zk-notes-'));
      notes = await startNotesServer({
        issuer: server.config.baseUrl,
        clientId: 'zk-notes',
        port,
        dataFile: join(dataDirectory, 'notes.json'),
        staticDir: join(EXAMPLE, 'dist'),
      });
    },
  });

  afterAll(async () => {
    await notes?.close();
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  });

  /** From the notes page through Tessera's sign-in (and `atTessera`, the key step) back to the signed-in page. */
  async function signIn(
    page: Page,
    email: string,
    atTessera: (page: Page) => Promise<void> = async () => {},
  ) {
    await page.goto(notes.url);
    await page.getByRole('button', { name: 'Sign in with Tessera' }).click();
    await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
    await submitSignIn(page, email, PASSWORD);
    await atTessera(page);
    await approveUntil(page, notes.url);
    await page.getByText(`Signed in as ${email}.`).waitFor({ timeout: UI_TIMEOUT });
    // Neither the code nor the key stays in the address bar.
    expect(page.url()).toBe(`${notes.url}/`);
  }

  it('signs in, writes a note, signs out; a fresh browser signs in again and reads it; the back end holds no note and no key', async () => {
    const { email, id: userId } = await verifiedAccount(server, PASSWORD, 'Rosalind');

    const first = await newPage();
    let recoveryKey = '';
    await signIn(first.page, email, async (page) => {
      recoveryKey = await saveRecoveryKey(page);
    });
    await first.page.getByLabel('New note').fill(NOTE);
    await first.page.getByRole('button', { name: 'Save note' }).click();
    await first.page.getByRole('listitem').filter({ hasText: NOTE }).waitFor({ timeout: UI_TIMEOUT });
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    // RP-initiated logout ends the Tessera session and comes back to the app, signed out.
    await first.page.getByRole('button', { name: 'Sign in with Tessera' }).waitFor({ timeout: UI_TIMEOUT });
    expectCleanPage(first.diagnostics);

    const second = await newPage();
    await signIn(second.page, email);
    await second.page.getByRole('listitem').filter({ hasText: NOTE }).waitFor({ timeout: UI_TIMEOUT });
    expectCleanPage(second.diagnostics);

    // What the back end stored: one sealed note for this user, and nothing that opens it.
    const stored = readFileSync(join(dataDirectory, 'notes.json'), 'utf8');
    const sealed = (JSON.parse(stored) as { notes: Record<string, { iv: string; ciphertext: string }[]> })
      .notes;
    expect(Object.keys(sealed)).toEqual([userId]);
    expect(sealed[userId]).toHaveLength(1);
    expect(stored).not.toContain(NOTE);
    expect(stored).not.toContain('7391');
    // The key the notes are under, recomputed from the recovery key (docs/zk.md §2.2, §3.3).
    const keybag = await server.context.keys.keybags.keybag(userId);
    const envelope = keybag.envelopes.find((candidate) => candidate.type === 'recovery_key')!;
    const ark = unwrapEnvelope(
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
    const cak = Buffer.from(
      hkdfSync('sha256', ark, Buffer.alloc(0), JSON.stringify(['tessera/zk/v2/cak', 'zk-notes', null]), 32),
    );
    for (const secret of [cak, ark]) {
      for (const encoded of [
        secret.toString('base64url'),
        secret.toString('base64'),
        secret.toString('hex'),
      ]) {
        expect(stored).not.toContain(encoded);
      }
    }
    // And the stored ciphertext does open with that key: the note is really there, only sealed.
    const note = sealed[userId]![0]!;
    const key = await globalThis.crypto.subtle.importKey('raw', cak, 'AES-GCM', false, ['decrypt']);
    const opened = await globalThis.crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: Buffer.from(note.iv, 'base64url'),
        additionalData: Buffer.from(JSON.stringify(['zk-notes/v1', userId])),
      },
      key,
      Buffer.from(note.ciphertext, 'base64url'),
    );
    expect(new TextDecoder().decode(opened)).toBe(NOTE);
  });

  it('the README quick start runs as written: signs in with ZK and encrypts with the delivered key', async () => {
    const { email, id: userId } = await verifiedAccount(server, PASSWORD, 'Ada');
    const port = await freePort();
    await server.context.clients.registry.create({
      client_id: 'my-zk-app',
      name: 'Quick start',
      type: 'public',
      redirect_uris: [`http://127.0.0.1:${port}/callback`],
      grant_types: ['authorization_code'],
      zk_delivery: 'v2',
      zk_required: true,
    });
    const quickStart = await serveQuickStart({ port, issuer: server.config.baseUrl, clientId: 'my-zk-app' });
    try {
      expect(quickStart.lines).toBeLessThanOrEqual(15);
      const { page, diagnostics } = await newPage();
      const logged = new Promise<string>((resolve) => {
        page.on('console', (message) => {
          if (message.text().startsWith('signed in as')) resolve(message.text());
        });
      });
      await page.goto(quickStart.appUrl);
      await page.waitForURL(/\/ui\/sign-in\?request_id=/, { timeout: UI_TIMEOUT });
      await submitSignIn(page, email, PASSWORD);
      await saveRecoveryKey(page);
      await approveUntil(page, quickStart.appUrl);
      // AES-GCM adds its 16-byte tag to the 20 bytes of 'only I can read this'.
      expect(await logged).toBe(`signed in as ${userId}; sealed 36 bytes`);
      expect(page.url()).toBe(`${quickStart.appUrl}/callback`);
      expectCleanPage(diagnostics);
    } finally {
      quickStart.close();
    }
  });
});
