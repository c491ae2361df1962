import type { Logger } from 'pino';
import type { Metrics } from '../app/metrics.js';
import type { SettingsService } from '../config/settings.js';
import { OutboundError, type OutboundFetch } from '../outbound/index.js';
import { inSpan, SpanKind } from '../telemetry/tracing.js';
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

/** How long a taken event is left alone by other workers: well past the attempt's limit. */
const LEASE_MS = 4 * ATTEMPT_TIMEOUT_MS;

/** Attempts one worker makes at once (each for a different resource, by the claim's ordering rule). */
const CONCURRENCY = 4;

/** Events one run attempts at most, so a run ends even while events keep arriving. */
const MAX_PER_RUN = 500;

/** How often a node deletes finished events older than `webhooks.retention_hours`, and how many at a time. */
const PURGE_INTERVAL_MS = 3600_000;
const PURGE_BATCH = 500;

export interface DeliveryRun {
  attempted: number;
  delivered: number;
  /** Finished events deleted for being older than the retention. */
  purged: number;
}

/**
 * Sends the outbox's events. Any node may run it, and several at once: each event is taken for one attempt at a
 * time (WebhookStore.claimDue). Every node runs it on a timer (`webhooks.poll_interval_seconds`); tests call
 * `runOnce`.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private lastPurge = Number.NEGATIVE_INFINITY;
  private readonly attempts;

  constructor(
    private readonly store: WebhookStore,
    private readonly endpoints: WebhookEndpoints,
    private readonly fetch: OutboundFetch,
    private readonly settings: SettingsService,
    metrics: Metrics,
    private readonly logger: Logger,
  ) {
    this.attempts = metrics.counter(
      'webhook_delivery_attempts_total',
      'Webhook delivery attempts by outcome: delivered, retrying or failed (retries exhausted)',
      ['outcome'],
    );
  }

  /**
   * Attempts every due event (as of `now`) until none is left or the run's limit is reached; at most once an hour it
   * also deletes a batch of finished events older than `webhooks.retention_hours`.
   */
  async runOnce(now: Date = new Date()): Promise<DeliveryRun> {
    const run: DeliveryRun = { attempted: 0, delivered: 0, purged: 0 };
    const lane = async () => {
      while (run.attempted < MAX_PER_RUN) {
        const event = await this.store.claimDue(now, new Date(now.getTime() + LEASE_MS));
        if (!event) return;
        run.attempted += 1;
        // One span per attempt (docs/observability.md#tracing), its POST a child span of it.
        const attributes = {
          'tessera.webhook.event_type': event.type,
          'tessera.webhook.endpoint_id': event.endpointId,
          'tessera.webhook.attempt': event.attempts,
        };
        const delivered = await inSpan('webhook delivery', SpanKind.INTERNAL, attributes, async (span) => {
          const outcome = await this.attempt(event, now);
          span?.setAttribute('tessera.webhook.delivered', outcome);
          return outcome;
        });
        if (delivered) run.delivered += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    if (Math.abs(now.getTime() - this.lastPurge) >= PURGE_INTERVAL_MS) {
      this.lastPurge = now.getTime();
      const retentionMs = this.settings.get('webhooks.retention_hours') * 3600_000;
      run.purged = await this.store.purgeFinished(new Date(now.getTime() - retentionMs), PURGE_BATCH);
    }
    return run;
  }

  /** One attempt: POST the signed body, record the answer, schedule the next attempt or end. */
  private async attempt(event: ClaimedEvent, now: Date): Promise<boolean> {
    const endpoint = await this.endpoints.find(event.endpointId);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    if (!endpoint) return false;
    try {
      const response = await this.fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tessera-Webhooks',
          ...signatureHeaders(
            this.endpoints.secretOf(endpoint),
            event.id,
            Math.floor(Date.now() / 1000),
            event.body,
          ),
        },
        body: event.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      statusCode = response.status;
      if (statusCode < 200 || statusCode > 299) error = `the receiver answered ${statusCode}`;
    } catch (caught) {
      // The outbound fetch's messages name the origin and the rule only (outbound/errors.ts).
      error =
        caught instanceof OutboundError
          ? caught.message
          : caught instanceof Error && caught.name === 'TimeoutError'
            ? 'no answer in time'
            : 'the request failed';
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = error === null;
    const delay = RETRY_DELAYS_SECONDS[event.attempts - 1];
    const status = delivered ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    const nextAttemptAt = new Date(now.getTime() + (status === 'pending' ? delay! * 1000 : 0));
    await this.store.recordAttempt(
      event,
      { statusCode, durationMs, error: error?.slice(0, 500) ?? null, at: new Date() },
      { status, nextAttemptAt },
    );
    this.attempts.inc({ outcome: delivered ? 'delivered' : status === 'failed' ? 'failed' : 'retrying' });
    if (status === 'failed') {
      this.logger.warn({ event: event.id, endpoint: event.endpointId }, 'webhook delivery failed for good');
    }
    return delivered;
  }

  /** Looks for due events every `intervalMs`, or every `webhooks.poll_interval_seconds` (read before each wait). */
  start(intervalMs?: number): void {
    const schedule = () => {
      const delay = intervalMs ?? this.settings.get('webhooks.poll_interval_seconds') * 1000;
      this.timer = setTimeout(() => {
        this.running = this.runOnce()
          .catch((error) => this.logger.error({ err: error }, 'webhook delivery failed'))
          .finally(() => {
            this.running = null;
            if (this.timer) schedule();
          });
      }, delay);
      this.timer.unref();
    };
    schedule();
  }

  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
