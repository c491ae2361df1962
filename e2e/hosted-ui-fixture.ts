import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as client from 'openid-client';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ClientInput } from '../packages/server/src/clients/model.js';
import { registerWithPassword } from '../packages/server/src/testing/opaque-client.js';
import { startTestServer, type TestServer } from '../packages/server/src/testing/server.js';
import { type KeyStretching, launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { Mailbox } from './mailbox.js';

/**
 * What the hosted UI's browser tests run against: a real server on loopback, one Chromium, and fresh pages; a
 * relying party configured with openid-client as a real app would be; accounts made through the API.
 */

// The server serves the built UI; a missing build would only show up as 503s, so say what to run instead.
const UI_INDEX = fileURLToPath(new URL('../packages/web/dist/index.html', import.meta.url));

/** The test app's redirect URI. Nothing listens there: `captureCallbacks` records and answers for it. */
export const RP_CALLBACK = 'https://rp.example.test/callback';

/** What the file's own set-up works with; `mailbox` only when the fixture was asked for one. */
export interface StartedServer<WithMailbox extends boolean> {
  server: TestServer;
  mailbox: WithMailbox extends true ? Mailbox : null;
}

/**
 * Registers the hooks of a hosted-UI browser test file; call it inside `describe`. Before all tests: a server
 * (and a Mailbox that receives its emails, with `mailbox: true`), then `setUp` with them for the file's own
 * settings and apps, then the browser. After each test its pages are closed; after all tests everything stops.
 */
export function useHostedUiFixture<WithMailbox extends boolean = false>(options: {
  mailbox?: WithMailbox;
  /** Extra server environment (federation tests allow a loopback upstream). */
  env?: Record<string, string>;
  /** `localhost` for WebAuthn (an IP address is not a valid RP ID); 127.0.0.1 otherwise. */
  publicHostName?: 'localhost';
  setUp: (started: StartedServer<WithMailbox>) => Promise<void>;
}): { newPage: (options?: BrowserContextOptions, keyStretching?: KeyStretching) => Promise<OpenedPage> } {
  let server: TestServer | undefined;
  let mailbox: Mailbox | undefined;
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    if (!existsSync(UI_INDEX))
      throw new Error(`${UI_INDEX} is missing: run npm run build -w @tessera/web first`);
    server = await startTestServer({ env: options.env, publicHostName: options.publicHostName });
    if (options.mailbox) {
      mailbox = await Mailbox.start();
      await mailbox.connect(server);
    }
    await options.setUp({ server, mailbox: mailbox ?? null } as StartedServer<WithMailbox>);
    browser = await launchBrowser();
    // A fresh database and a browser on a busy 2-core machine take longer than Vitest's default 10 s.
  }, 120_000);

  afterEach(async () => {
    for (const { context } of opened.splice(0)) await context.close();
  });

  afterAll(async () => {
    await releaseBrowser(browser);
    await mailbox?.close();
    await server?.close();
  }, 60_000);

  return {
    /** A page in a fresh browser context (own cookies and storage), closed after the test. */
    async newPage(contextOptions = {}, keyStretching: KeyStretching = 'light') {
      if (!browser) throw new Error('the browser has not started: call newPage inside a test');
      const page = await openPage(browser, contextOptions, keyStretching);
      opened.push(page);
      return page;
    },
  };
}

/**
 * Registers a confidential app whose redirect URI is RP_CALLBACK, and configures openid-client for it from the
 * server's discovery document, as the app would.
 */
export async function registerRelyingParty(
  server: TestServer,
  app: Omit<ClientInput, 'type' | 'redirect_uris'>,
): Promise<client.Configuration> {
  const { client: registered, secret } = await server.context.clients.registry.create({
    ...app,
    type: 'confidential',
    redirect_uris: [RP_CALLBACK],
  });
  return client.discovery(
    new URL(server.config.baseUrl),
    registered.id,
    secret!,
    client.ClientSecretBasic(secret!),
    { execute: [client.allowInsecureRequests] },
  );
}

/** A fresh authorization request as the app builds it (PKCE S256, nonce, state). */
export async function authorizationRequest(rp: client.Configuration, scope = 'openid email profile') {
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: RP_CALLBACK,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
  });
  return { url: url.href, verifier, nonce, state };
}

/**
 * The app's side of the redirect: nothing listens at rp.example.test. Every request the browser makes there is
 * recorded, and one started by the page itself is answered with a tiny page titled `appName`. (Playwright does
 * not route the target of an HTTP redirect, so a redirect straight from /authorize to the app fails at DNS
 * instead; the request is still recorded.)
 */
export async function captureCallbacks(page: Page, appName: string): Promise<string[]> {
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://rp.example.test/')) callbacks.push(request.url());
  });
  await page.route('https://rp.example.test/**', async (route) => {
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><title>${appName}</title><h1>Back at the app</h1>`,
    });
  });
  return callbacks;
}

/** An account with a confirmed address, made through the API (registering in the browser is tested on its own). */
export async function verifiedAccount(
  server: TestServer,
  password: string,
  name: string,
): Promise<{ email: string; id: string }> {
  const email = `user-${randomBytes(4).toString('hex')}@example.test`;
  const registered = await registerWithPassword(server, email, password, name);
  expect(registered.status).toBe(200);
  const user = await server.context.accounts.users.findByEmail(email);
  expect(user).not.toBeNull();
  expect(await server.context.accounts.users.markEmailVerified(user!.id, email)).toBe(true);
  return { email, id: user!.id };
}
