import type { Logger } from 'pino';
import type { Metrics } from '../app/metrics.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { ClientService } from '../clients/service.js';
import type { SettingsService } from '../config/settings.js';
import type { SigningKeyService } from '../crypto/signing-keys.js';
import type { OutboundFetch } from '../outbound/index.js';
import { OutboxAttemptRefused, type OutboxRun, OutboxWorker } from '../outbound/outbox-worker.js';
import { signLogoutToken } from './logout-token.js';
import type { ClaimedLogout, LogoutStore } from './store.js';

/**
 * How long after each failed attempt the next one is made (docs/logout.md#delivery): 5 s, 30 s, 2 min, 10 min,
 * 30 min, 1 h, 3 h. With the first attempt that is eight attempts over about 4.7 hours; a logout still refused after
 * the last is marked failed (audited, listed on the client; an admin may send it again).
 */
export const LOGOUT_RETRY_DELAYS_SECONDS: readonly number[] = [5, 30, 120, 600, 1800, 3600, 10_800];

/** The limit of one attempt: OIDC Back-Channel Logout §2.8 asks the RP to answer at once. */
export const LOGOUT_ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Sends the queued logout tokens (OIDC Back-Channel Logout 1.0 §2.5): a form POST of `logout_token`, signed afresh
 * for each attempt, through the SSRF-safe outbound fetch. Any node may run it, and several at once (the shared outbox
 * loop, outbound/outbox-worker.ts): each logout is taken for one attempt at a time, so it is delivered once.
 */
export class LogoutDelivery {
  private readonly worker: OutboxWorker<ClaimedLogout>;

  constructor(
    dependencies: {
      store: LogoutStore;
      clients: ClientService;
      signingKeys: SigningKeyService;
      issuer: string;
      fetch: OutboundFetch;
      settings: SettingsService;
      audit: AuditLog;
      metrics: Metrics;
    },
    logger: Logger,
  ) {
    const { store, clients, signingKeys, issuer, fetch, settings, audit, metrics } = dependencies;
    const attempts = metrics.counter(
      'backchannel_logout_attempts_total',
      'Back-channel logout delivery attempts by outcome: delivered, retrying or failed (retries exhausted)',
      ['outcome'],
    );
    this.worker = new OutboxWorker(
      store,
      {
        name: 'back-channel logout',
        retryDelaysSeconds: LOGOUT_RETRY_DELAYS_SECONDS,
        attemptTimeoutMs: LOGOUT_ATTEMPT_TIMEOUT_MS,
        concurrency: 4,
        maxPerRun: 500,
        pollIntervalMs: () => settings.get('logout.backchannel_poll_interval_seconds') * 1000,
        retentionMs: () => settings.get('logout.backchannel_retention_hours') * 3600_000,
        spanAttributes: (logout) => ({
          'tessera.logout.client_id': logout.clientId,
          'tessera.logout.attempt': logout.attempts,
        }),
        deliveredAttribute: 'tessera.logout.delivered',
        async send(logout, signal) {
          const client = await clients.find(logout.clientId);
          const uri = client?.backchannelLogoutUri;
          if (!client || !uri) throw new OutboxAttemptRefused('the client has no backchannel_logout_uri now');
          const token = signLogoutToken(signingKeys, issuer, client, logout);
          const response = await fetch(uri, {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'user-agent': 'Tessera-Logout',
              'cache-control': 'no-store',
            },
            body: new URLSearchParams({ logout_token: token }).toString(),
            redirect: 'manual',
            signal,
          });
          return response.status;
        },
        async recorded(logout, attempt, status) {
          attempts.inc({ outcome: status === 'pending' ? 'retrying' : status });
          if (status === 'pending') return;
          // The final outcome, for the audit log (the attempts are listed on the client).
          await audit.record({
            action: status === 'delivered' ? 'logout.backchannel_delivered' : 'logout.backchannel_failed',
            outcome: status === 'delivered' ? 'success' : 'failure',
            actor: { type: 'system' },
            target: { type: 'client', id: logout.clientId },
            details: {
              delivery: logout.id,
              reason: logout.reason,
              attempts: logout.attempts,
              status_code: attempt.statusCode,
              ...(attempt.error ? { error: attempt.error } : {}),
            },
          });
          if (status === 'failed') {
            logger.warn(
              { delivery: logout.id, client: logout.clientId },
              'back-channel logout failed for good',
            );
          }
        },
      },
      logger,
    );
  }

  /** Attempts every due logout (as of `now`); tests call it, every node runs it on a timer. */
  runOnce(now: Date = new Date()): Promise<OutboxRun> {
    return this.worker.runOnce(now);
  }

  start(intervalMs?: number): void {
    this.worker.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
