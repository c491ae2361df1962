import { describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { useHostedUiFixture } from './hosted-ui-fixture.js';
import { horizontalOverflow, PHONE } from './ui-helpers.js';

describe('hosted UI shell', () => {
  let server: TestServer;
  const { newPage } = useHostedUiFixture({
    setUp: async (started) => {
      ({ server } = started);
    },
  });

  it('renders the start page under the strict CSP without violations or errors', async () => {
    const { page, diagnostics } = await newPage();
    const response = await page.goto(`${server.publicUrl}/ui/`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(headers['cache-control']).toBe('no-cache');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tessera');
    expect(await page.title()).toBe('Tessera');
    // The stylesheet really applied (an external file the CSP allows), not just loaded.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');

    expect(diagnostics.cspViolations()).toEqual([]);
    expect(diagnostics.pageErrors).toEqual([]);
    expect(diagnostics.consoleMessages.filter((message) => message.type === 'error')).toEqual([]);
  });

  it('serves the hashed script and stylesheet from /ui/assets/ with an immutable cache', async () => {
    const { page } = await newPage();
    await page.goto(`${server.publicUrl}/ui/`);
    const script = await page.locator('script[type="module"]').getAttribute('src');
    // The bundle's own stylesheet (the brand's, /branding/custom.css, is added after it).
    const stylesheet = await page
      .locator('link[rel="stylesheet"]:not(#brand-stylesheet)')
      .getAttribute('href');

    for (const [path, type] of [
      [script, /^text\/javascript/],
      [stylesheet, /^text\/css/],
    ] as const) {
      // Vite names each file after a hash of its content, which is what makes "immutable" safe.
      expect(path).toMatch(/^\/ui\/assets\/[\w-]+-[\w-]{8,}\.(js|css)$/);
      const response = await fetch(`${server.publicUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(type);
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }

    // A missing asset is a 404, never the HTML shell (which would fail later as a confusing MIME-type error).
    const missing = await fetch(`${server.publicUrl}/ui/assets/index-00000000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('shows error parameters as literal text and never runs them', async () => {
    const { page, diagnostics } = await newPage();
    const payload = '<script>alert(1)</script>';
    await page.goto(
      `${server.publicUrl}/ui/error?error=invalid_client&error_description=${encodeURIComponent(payload)}`,
    );
    await expect.poll(() => page.getByTestId('error-description').textContent()).toBe(payload);
    expect(await page.getByTestId('error-code').textContent()).toBe('invalid_client');
    expect(await page.getByRole('alert').textContent()).toContain('not registered with this sign-in service');
    expect(await page.locator('main script').count()).toBe(0);

    // The same for markup that would run without a <script> element.
    const markup = '<img src=x onerror=alert(2)>';
    await page.goto(`${server.publicUrl}/ui/error?error=${encodeURIComponent(markup)}`);
    await expect.poll(() => page.getByTestId('error-code').textContent()).toBe(markup);
    expect(await page.locator('main img').count()).toBe(0);

    expect(diagnostics.dialogs).toEqual([]);
    expect(diagnostics.cspViolations()).toEqual([]);
    expect(diagnostics.pageErrors).toEqual([]);
  });

  it('fits a 375px-wide phone screen without horizontal scrolling', async () => {
    const { page, diagnostics } = await newPage(PHONE);
    const longDescription = `redirect_uri_not_registered_${'x'.repeat(280)}`;
    for (const path of [
      '/ui/',
      '/ui/account',
      `/ui/error?error=invalid_request&error_description=${longDescription}`,
      '/ui/no-such-page',
    ]) {
      await page.goto(`${server.publicUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    expect(diagnostics.cspViolations()).toEqual([]);
  });

  it('reaches the account page by keyboard, with a visible focus ring and without a page reload', async () => {
    const { page, diagnostics } = await newPage(PHONE);
    await page.goto(`${server.publicUrl}/ui/`);
    await page.getByRole('heading', { level: 1, name: 'Tessera' }).waitFor();
    // Marks this document: it survives a client-side navigation and is gone after a full reload.
    await page.evaluate(() => {
      (window as unknown as { loadMarker: string }).loadMarker = 'first-load';
    });

    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let presses = 0; presses < 10 && (await focusedText()) !== 'Go to your account'; presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedText()).toBe('Go to your account');
    const focusRing = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return {
        focusVisible: element.matches(':focus-visible'),
        outline: style.outlineStyle,
        width: style.outlineWidth,
      };
    });
    expect(focusRing).toEqual({ focusVisible: true, outline: 'solid', width: '3px' });

    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.publicUrl}/ui/account`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
    expect(await page.title()).toBe('Your account – Tessera');
    expect(await page.evaluate(() => (window as unknown as { loadMarker?: string }).loadMarker)).toBe(
      'first-load',
    );
    // Focus moves to the new page's heading, where a screen reader continues reading.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // Back returns to the start page, still without a reload.
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tessera');
    expect(await page.evaluate(() => (window as unknown as { loadMarker?: string }).loadMarker)).toBe(
      'first-load',
    );

    expect(diagnostics.cspViolations()).toEqual([]);
    expect(diagnostics.pageErrors).toEqual([]);
  });

  it('shows a not-found page for an unknown path under /ui/', async () => {
    const { page } = await newPage();
    const response = await page.goto(`${server.publicUrl}/ui/no-such-page`);
    expect(response?.status()).toBe(200); // the server sends the shell; the client router decides
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await page.waitForURL(`${server.publicUrl}/ui/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tessera');
  });

  it('would notice a CSP violation (the checks above can fail)', async () => {
    const { page, diagnostics } = await newPage();
    await page.goto(`${server.publicUrl}/ui/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // An inline stylesheet added to the DOM is what the CSP must block (an inline script cannot even be written:
    // Trusted Types refuse its text, below).
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { margin: 7px }';
      document.head.append(style);
    });
    await expect.poll(() => diagnostics.cspViolations().length).toBeGreaterThan(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(diagnostics.violationEvents.join('\n')).toMatch(/style-src/);
  });

  it('refuses a plain string at a DOM script sink (Trusted Types), and no policy can be made', async () => {
    const { page } = await newPage();
    await page.goto(`${server.publicUrl}/ui/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const outcome = await page.evaluate(() => {
      const results: string[] = [];
      try {
        document.createElement('div').innerHTML = '<img src=x onerror="window.sinkRan = true">';
        results.push('innerHTML assigned');
      } catch (error) {
        results.push((error as Error).name);
      }
      try {
        (
          window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): unknown } }
        ).trustedTypes.createPolicy('attacker', {});
        results.push('policy made');
      } catch (error) {
        results.push((error as Error).name);
      }
      return results;
    });
    expect(outcome).toEqual(['TypeError', 'TypeError']);
  });
});
