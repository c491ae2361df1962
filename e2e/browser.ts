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

/** Headless Chromium with no background traffic (updates, sync, QUIC probes) to disturb the tests. */
export function launchBrowser(): Promise<Browser> {
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

/** A page in a fresh context (own cookies and storage), watched for console output, errors and CSP violations. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext(options);
  const violationEvents: string[] = [];
  await watchContextForCspViolations(context, violationEvents);
  const page = await context.newPage();
  return { context, page, diagnostics: watchPage(page, violationEvents) };
}
