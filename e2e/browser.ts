import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { type PageDiagnostics, watchContextForCspViolations, watchPage } from './page-diagnostics.js';

/** Debian's Chromium (`apt-get install -y chromium`): the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

let running: Promise<Browser> | undefined;

/**
 * The test process's headless Chromium, with no background traffic (updates, sync, QUIC probes) to disturb the
 * tests. The e2e project runs its files one after another in one process (isolate: false), so the first file
 * launches it and the next ones reuse it: a launch, its first page and its close cost about 1.5 s per file. Files
 * share nothing through it: every page has a fresh context (own cookies, storage and permissions), and
 * releaseBrowser closes a file's contexts when it ends. Playwright closes the browser when the process exits.
 */
export function launchBrowser(): Promise<Browser> {
  running ??= startChromium().then(
    (browser) => {
      browser.on('disconnected', () => {
        running = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      running = undefined;
      throw error;
    },
  );
  return running;
}

/** What a test file does with the browser when it ends: closes every context it left open. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close()));
}

function startChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  diagnostics: PageDiagnostics;
}

/**
 * How the hosted UI and the portal stretch passwords in a test page. `light`: one cheap Argon2id pass, as the Node
 * test clients use (the e2e project sets TESSERA_TEST_OPAQUE_STRETCHING=light, so accounts made through the API sign
 * in with it), which saves about a second of CPU per registration, sign-in and unlock. `production`: the default
 * every real browser uses; sign-in-and-consent runs its whole registration and sign-in with it.
 */
export type KeyStretching = 'light' | 'production';

/** A page in a fresh context (own cookies and storage), watched for console output, errors and CSP violations. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  keyStretching: KeyStretching = 'light',
): Promise<OpenedPage> {
  const context = await browser.newContext(options);
  if (keyStretching === 'light') {
    // Read by packages/web/src/shared/opaque.ts; set before any page script runs, on every page of the context.
    await context.addInitScript(() => {
      (globalThis as { tesseraTestKeyStretching?: string }).tesseraTestKeyStretching = 'light';
    });
  }
  const violationEvents: string[] = [];
  await watchContextForCspViolations(context, violationEvents);
  const page = await context.newPage();
  return { context, page, diagnostics: watchPage(page, violationEvents) };
}
