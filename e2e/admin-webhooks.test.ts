import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminFetch,
  adminSignIn,
  installViaApi,
} from '../packages/server/src/testing/admin.js';
import type { TestServer } from '../packages/server/src/testing/server.js';
import { openSection, signInToPortal, startAdminTestServer } from './admin-ui-helpers.js';
import { seriousAccessibilityViolations } from './axe.js';
import { launchBrowser, type OpenedPage, openPage, releaseBrowser } from './browser.js';
import { expectCleanPage, failedRequestLog, UI_TIMEOUT, waitForHeading } from './ui-helpers.js';

const ADMIN_EMAIL = 'root@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';
const EVENT_TYPE = 'user.created';
/** How long the receiver waits before its first answer, so the duration the page shows is a measured one. */
const FIRST_ANSWER_DELAY_MS = 150;

interface ReceivedRequest {
  /** The webhook-id header: the delivery's id, the same on every attempt. */
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A webhook receiver on 127.0.0.1 that records every request as it arrived (headers and raw body, for signature
 * checks afterwards) and answers with the status it is told to.
 */
class Receiver {
  private readonly server: Server;
  readonly requests: ReceivedRequest[] = [];
  answer = 200;
  delayMs = 0;

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = this.answer;
        this.requests.push({
          id: String(request.headers['webhook-id']),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          status,
        });
        setTimeout(() => response.writeHead(status).end(), this.delayMs);
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The payload of a request if it verifies with this secret (the standardwebhooks library), else null. */
function verified(
  request: ReceivedRequest,
  secret: string,
): { type: string; data: Record<string, unknown> } | null {
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
  } catch {
    return null;
  }
}

/** The text of what a control's aria-describedby points at: what a screen reader announces with it. */
function describedBy(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** One delivery's row in the deliveries table, found by its id as the receiver saw it. */
function deliveryRow(page: Page, deliveryId: string): Locator {
  return page.getByTestId('webhook-delivery').filter({ hasText: deliveryId });
}

/** Reloads the deliveries table with its Refresh button, and waits until the new list is on the page. */
async function refreshDeliveries(page: Page): Promise<void> {
  const loaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname.endsWith('/deliveries') && response.ok(),
  );
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await loaded;
  await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
}

/** Reloads the deliveries table and waits until the row reads as expected. */
async function refreshUntil(page: Page, row: Locator, text: string): Promise<void> {
  await refreshDeliveries(page);
  await row.getByText(text).first().waitFor({ timeout: UI_TIMEOUT });
}

/**
 * The portal's webhook pages in a real browser, against a real receiver on loopback: an endpoint is created (its
 * secret shown once), its deliveries are listed with their attempts, a refused one is retried, given up and
 * redelivered, the endpoint is disabled and its secret rotated; deliveries are verified with the standardwebhooks
 * library (docs/webhooks.md).
 */
describe('admin portal: webhook endpoints and their deliveries', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: OpenedPage;
  let api: AdminSession;
  let receiver: Receiver;
  let receiverUrl = '';
  let secret = '';

  /** Runs the delivery worker as of `secondsLater` from now (the server under test runs no timer of its own). */
  const deliver = (secondsLater = 0) =>
    server.context.webhooks.delivery.runOnce(new Date(Date.now() + secondsLater * 1000));

  /** Creates a user through the admin API: one `user.created` event. */
  async function createUser(email: string): Promise<string> {
    const created = await adminFetch(server, api, 'POST', '/admin/users', { email, name: 'Someone' });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }

  async function expectNoSeriousViolations(page: Page): Promise<void> {
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }

  beforeAll(async () => {
    receiver = new Receiver();
    receiverUrl = await receiver.listen();
    // Plain http to a loopback receiver is refused outside tests (docs/webhooks.md); this lets the test reach one.
    server = await startAdminTestServer({ env: { TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true' } });
    await server.context.settings.set('otp.required_for_admins', false);
    await installViaApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    api = await adminSignIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    browser = await launchBrowser();
    admin = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInToPortal(admin.page, server, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
    await receiver?.close();
  }, 60_000);

  it('explains a bad URL and a missing event type at the fields, then creates the endpoint and shows its secret once', async () => {
    const { page } = admin;
    await openSection(page, 'Webhooks');
    await page.getByText('There are no webhook endpoints yet.').waitFor({ timeout: UI_TIMEOUT });

    const url = page.getByLabel('URL', { exact: true });
    await url.fill('hooks.example.com/no-scheme');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByText('Enter the receiver’s https URL.').waitFor({ timeout: UI_TIMEOUT });
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(url)).toContain('Enter the receiver’s https URL.');
    const eventTypes = page.getByRole('group', { name: 'Event types' });
    expect(await describedBy(eventTypes)).toContain('Choose at least one event type.');

    // A URL the browser accepts but the server refuses (credentials in it) is explained too.
    await url.fill('https://user:pass@hooks.example.com/');
    await eventTypes.getByLabel(EVENT_TYPE, { exact: true }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByText('The endpoint was not created').waitFor({ timeout: UI_TIMEOUT });
    const listed = await adminFetch(server, api, 'GET', '/admin/webhooks');
    expect(listed.json.endpoints).toEqual([]);

    await url.fill(receiverUrl);
    await page.getByLabel('Description (optional)').fill('directory sync');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint created' }).waitFor({ timeout: UI_TIMEOUT });
    secret = await page.getByLabel(`Signing secret of ${receiverUrl}`, { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const row = page.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl });
    await row.getByText('directory sync').waitFor({ timeout: UI_TIMEOUT });
    await row.getByText(EVENT_TYPE, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await row.getByText('Enabled', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await expectNoSeriousViolations(page);

    // Shown once: after a reload the page has the endpoint but not its secret.
    await page.reload();
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('revealed-secret').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(secret.slice('whsec_'.length));
  }, 120_000);

  it('lists a delivered event with its status and measured duration; the receiver verifies its signature', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: receiverUrl, exact: true }).click();
    await waitForHeading(page, receiverUrl);
    await page.getByText('No event has been sent to this endpoint yet.').waitFor({ timeout: UI_TIMEOUT });

    receiver.delayMs = FIRST_ANSWER_DELAY_MS;
    const userId = await createUser('ada@example.test');
    expect(await deliver()).toMatchObject({ attempted: 1 });
    receiver.delayMs = 0;
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    // A third-party Standard Webhooks verifier accepts it with the secret the page showed.
    const payload = verified(request!, secret);
    expect(payload).toMatchObject({ type: EVENT_TYPE, data: { target: { id: userId } } });
    expect(verified(request!, `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).toBeNull();

    const row = deliveryRow(page, request!.id);
    await refreshUntil(page, row, EVENT_TYPE);
    await row.getByText('delivered', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const attempt = (await row.locator('td').nth(2).locator('li').textContent()) ?? '';
    const duration = /: HTTP 200, (\d+) ms$/.exec(attempt.trim());
    expect(duration, attempt).not.toBeNull();
    expect(Number(duration![1])).toBeGreaterThanOrEqual(FIRST_ANSWER_DELAY_MS);
    expect(Number(duration![1])).toBeLessThan(15_000);
  }, 120_000);

  it('shows a refused delivery with its next attempt, gives it up after the last retry, and redelivers it', async () => {
    const { page } = admin;
    receiver.answer = 500;
    await createUser('grace@example.test');
    await deliver();
    const refused = receiver.requests.at(-1)!;
    expect(refused.status).toBe(500);

    const row = deliveryRow(page, refused.id);
    await refreshUntil(page, row, 'HTTP 500');
    const status = row.locator('td').nth(0);
    await status.getByText('pending').waitFor({ timeout: UI_TIMEOUT });
    await status.getByText('(next attempt').waitFor({ timeout: UI_TIMEOUT });
    // The next attempt is the first retry, 5 s after the refused one (docs/webhooks.md#retries).
    const attemptAt = Date.parse((await row.locator('td').nth(2).locator('time').getAttribute('datetime'))!);
    const nextAt = Date.parse((await status.locator('time').getAttribute('datetime'))!);
    expect(nextAt - attemptAt).toBeGreaterThanOrEqual(4_000);
    expect(nextAt - attemptAt).toBeLessThanOrEqual(6_000);
    // Attempts are still to come: nothing to redeliver yet.
    expect(await row.getByRole('button', { name: 'Redeliver' }).count()).toBe(0);

    // Seven more refusals, each once due, use up the retry schedule.
    let later = 0;
    for (let retry = 0; retry < 7; retry += 1) {
      later += 11 * 3600;
      await deliver(later);
    }
    expect(receiver.requests.filter((request) => request.id === refused.id)).toHaveLength(8);
    await refreshUntil(page, row, 'failed');
    expect(await row.locator('td').nth(2).locator('li').count()).toBe(8);
    expect(await status.getByText('(next attempt').count()).toBe(0);

    receiver.answer = 200;
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText(`The ${EVENT_TYPE} event will be sent again.`).waitFor({ timeout: UI_TIMEOUT });
    await status.getByText('pending').waitFor({ timeout: UI_TIMEOUT });
    await deliver();
    const redelivered = receiver.requests.at(-1)!;
    // The same event, with the same webhook-id, so a receiver can tell it has seen it.
    expect(redelivered).toMatchObject({ id: refused.id, status: 200 });
    expect(verified(redelivered, secret)).toMatchObject({ type: EVENT_TYPE });
    await refreshUntil(page, row, 'delivered');
    await row.getByText(/HTTP 200, \d+ ms/).waitFor({ timeout: UI_TIMEOUT });
    await expectNoSeriousViolations(page);
  }, 120_000);

  it('sends nothing while disabled, queues nothing new, and signs the waiting event with the rotated secret', async () => {
    const { page } = admin;
    // An event queued while enabled, not yet sent when the endpoint is disabled.
    await createUser('edsger@example.test');
    const deliveries = page.getByTestId('webhook-delivery');
    const waiting = deliveries.first();
    await refreshUntil(page, waiting, 'None yet');
    const waitingId = (await waiting.locator('th code').textContent())?.trim() ?? '';
    expect(waitingId).toMatch(/^msg_/);
    const listed = await deliveries.count();

    await page.getByRole('button', { name: 'Disable endpoint' }).click();
    await page.getByText('The endpoint is disabled.').waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('Disabled (deliveries wait until it is enabled)').waitFor({ timeout: UI_TIMEOUT });
    const before = receiver.requests.length;
    // A disabled endpoint gets no new events, and its pending ones wait (docs/webhooks.md#endpoints).
    await createUser('barbara@example.test');
    await deliver();
    await deliver(3600);
    expect(receiver.requests).toHaveLength(before);
    await refreshDeliveries(page);
    expect(await deliveries.count()).toBe(listed);
    await deliveryRow(page, waitingId).getByText('None yet').waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByText('Replace the signing secret? Deliveries are signed with the new one at once.')
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('heading', { name: 'New signing secret' }).waitFor({ timeout: UI_TIMEOUT });
    const rotated = await page.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Enable endpoint' }).click();
    await page.getByText('The endpoint is enabled.').waitFor({ timeout: UI_TIMEOUT });
    await deliver();
    expect(receiver.requests).toHaveLength(before + 1);
    const waited = receiver.requests.at(-1)!;
    expect(waited.id).toBe(waitingId);
    expect(verified(waited, rotated)).toMatchObject({ type: EVENT_TYPE });
    expect(verified(waited, secret)).toBeNull();
    await refreshUntil(page, deliveryRow(page, waited.id), 'delivered');

    await openSection(page, 'Webhooks');
    await page
      .getByTestId('webhook-endpoint')
      .filter({ hasText: receiverUrl })
      .getByText('Enabled', { exact: true })
      .waitFor({ timeout: UI_TIMEOUT });
    // The one refusal the page met was the server's answer to the URL with credentials.
    expectCleanPage(admin.diagnostics, [failedRequestLog(400)]);
  }, 120_000);
});
