import type { Logger } from 'pino';
import type { Metrics } from '../app/metrics.js';
import type { SettingsService } from '../config/settings.js';
import type { OutboundFetch } from '../outbound/index.js';
import { type OutboxRun, OutboxWorker } from '../outbound/outbox-worker.js';
import type { WebhookEndpoints } from './endpoints.js';
import { signatureHeaders } from './signature.js';
import type { ClaimedEvent, WebhookStore } from './store.js';

/**
 * How long after each failed attempt the next one is made (docs/webhooks.md#retries), as Standard Webhooks
 * suggests: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. With the first attempt that is eight attempts over about 27.6
 * hours; an event still refused after the last is marked failed (an admin may redeliver it).
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** The limit of one attempt, connection and answer included; a receiver should answer at once and work later. */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** Attempts one worker makes at once (each for a different resource, by the claim's ordering rule). */
const CONCURRENCY = 4;

/** Events one run attempts at most, so a run ends even while events keep arriving. */
const MAX_PER_RUN = 500;

export type DeliveryRun = OutboxRun;

/**
 * Sends the outbox's events (the shared outbox loop, outbound/outbox-worker.ts). Any node may run it, and several at
 * once: each event is taken for one attempt at a time (WebhookStore.claimDue). Every node runs it on a timer
 * (`webhooks.poll_interval_seconds`); tests call `runOnce`.
 */
export class DeliveryWorker {
  private readonly worker: OutboxWorker<ClaimedEvent>;

  constructor(
    store: WebhookStore,
    endpoints: WebhookEndpoints,
    fetch: OutboundFetch,
    settings: SettingsService,
    metrics: Metrics,
    logger: Logger,
  ) {
    const attempts = metrics.counter(
      'webhook_delivery_attempts_total',
      'Webhook delivery attempts by outcome: delivered, retrying or failed (retries exhausted)',
      ['outcome'],
    );
    this.worker = new OutboxWorker(
      store,
      {
        name: 'webhook delivery',
        retryDelaysSeconds: RETRY_DELAYS_SECONDS,
        attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
        concurrency: CONCURRENCY,
        maxPerRun: MAX_PER_RUN,
        pollIntervalMs: () => settings.get('webhooks.poll_interval_seconds') * 1000,
        retentionMs: () => settings.get('webhooks.retention_hours') * 3600_000,
        // One span per attempt (docs/observability.md#tracing).
        spanAttributes: (event) => ({
          'tessera.webhook.event_type': event.type,
          'tessera.webhook.endpoint_id': event.endpointId,
          'tessera.webhook.attempt': event.attempts,
        }),
        deliveredAttribute: 'tessera.webhook.delivered',
        async send(event, signal) {
          const endpoint = await endpoints.find(event.endpointId);
          if (!endpoint) return 'skip';
          const response = await fetch(endpoint.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'user-agent': 'Tessera-Webhooks',
              ...signatureHeaders(
                endpoints.secretOf(endpoint),
                event.id,
                Math.floor(Date.now() / 1000),
                event.body,
              ),
            },
            body: event.body,
            redirect: 'manual',
            signal,
          });
          return response.status;
        },
        async recorded(event, _attempt, status) {
          attempts.inc({ outcome: status === 'pending' ? 'retrying' : status });
          if (status === 'failed') {
            logger.warn({ event: event.id, endpoint: event.endpointId }, 'webhook delivery failed for good');
          }
        },
      },
      logger,
    );
  }

  /**
   * Attempts every due event (as of `now`) until none is left or the run's limit is reached; at most once an hour it
   * also deletes a batch of finished events older than `webhooks.retention_hours`.
   */
  runOnce(now: Date = new Date()): Promise<DeliveryRun> {
    return this.worker.runOnce(now);
  }

  /** Looks for due events every `intervalMs`, or every `webhooks.poll_interval_seconds` (read before each wait). */
  start(intervalMs?: number): void {
    this.worker.start(intervalMs);
  }

  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void> {
    return this.worker.stop();
  }
}
