import type { BrowserContext, Page } from 'playwright-core';

/** What a page said while a test drove it: console output, uncaught errors, CSP violations and dialogs. */
export interface PageDiagnostics {
  consoleMessages: { type: string; text: string }[];
  pageErrors: string[];
  /** `securitypolicyviolation` events, as "directive blocked-uri". */
  violationEvents: string[];
  /** alert/confirm/prompt messages; each dialog is dismissed so the page never hangs. */
  dialogs: string[];
  /** Every CSP violation seen, from either the events or Chromium's own console report. */
  cspViolations(): string[];
}

const VIOLATION_BINDING = '__tesseraReportCspViolation';

// Chromium reports a blocked script or style on the console ("Refused to execute inline script because it
// violates the following Content Security Policy directive: ...").
function isCspConsoleMessage(text: string): boolean {
  return /Content Security Policy|Refused to/i.test(text);
}

/**
 * Listens for CSP violations on every page of the context. The listener is installed with addInitScript, which
 * the browser injects over the DevTools protocol rather than as a page script, so the CSP under test does not block
 * the observer itself; it reports back through an exposed binding, not through the console.
 */
export async function watchContextForCspViolations(
  context: BrowserContext,
  violations: string[],
): Promise<void> {
  await context.exposeBinding(VIOLATION_BINDING, (_source, report: string) => {
    violations.push(report);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${event.effectiveDirective} ${event.blockedURI || '(inline)'}`);
    });
  }, VIOLATION_BINDING);
}

/** Records console messages, page errors and dialogs of one page. */
export function watchPage(page: Page, violationEvents: string[]): PageDiagnostics {
  const diagnostics: PageDiagnostics = {
    consoleMessages: [],
    pageErrors: [],
    violationEvents,
    dialogs: [],
    cspViolations: () => [
      ...diagnostics.violationEvents,
      ...diagnostics.consoleMessages.map((message) => message.text).filter(isCspConsoleMessage),
    ],
  };
  page.on('console', (message) =>
    diagnostics.consoleMessages.push({ type: message.type(), text: message.text() }),
  );
  page.on('pageerror', (error) => diagnostics.pageErrors.push(error.message));
  page.on('dialog', (dialog) => {
    diagnostics.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return diagnostics;
}
