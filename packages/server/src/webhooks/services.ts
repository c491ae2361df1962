import type { Infrastructure } from '../app/infrastructure.js';
import { createOutboundFetch } from '../outbound/index.js';
import { ATTEMPT_TIMEOUT_MS, DeliveryWorker } from './delivery.js';
import { outboxEventsOf, WebhookEndpoints } from './endpoints.js';
import { SOURCE_ACTIONS } from './events.js';
import { privateHosts } from './settings.js';
import { ENQUEUE_ALONG_PLACEHOLDER, enqueueAlongStatement, WebhookStore } from './store.js';

/** The webhooks slice's services (`context.webhooks`). */
export interface WebhookServices {
  endpoints: WebhookEndpoints;
  /** Sends the outbox's events; the composition root runs it on a timer, tests call `runOnce`. */
  delivery: DeliveryWorker;
}

export async function createWebhookServices({
  config,
  database,
  sealer,
  audit,
  settings,
  metrics,
  logger,
}: Infrastructure): Promise<WebhookServices> {
  const store = new WebhookStore(database.db);
  const endpoints = new WebhookEndpoints(store, sealer, config.outboundAllowLoopback);
  // Every audit entry an event is made from writes its outbox rows in its own transaction (docs/webhooks.md#events).
  // An entry written with its change in one prepared statement (AuditLog.preparedAlong, the sign-in's) writes them
  // in that statement instead, so the commonest event costs no transaction of its own.
  audit.onRecorded({
    actions: SOURCE_ACTIONS,
    recorded: (entry) => endpoints.enqueueFor(entry),
    along: {
      statement: enqueueAlongStatement,
      values: (entry) => ({ [ENQUEUE_ALONG_PLACEHOLDER]: JSON.stringify(outboxEventsOf(entry)) }),
    },
  });
  // Receivers are reached through the SSRF-safe outbound fetch: https only, public addresses, and the
  // private-network addresses of the hosts an admin named (docs/webhooks.md#outbound-policy).
  const fetch = createOutboundFetch({
    allowLoopbackForDevelopment: config.outboundAllowLoopback,
    allowPrivateNetworkHost: (hostname) =>
      privateHosts(settings.get('webhooks.private_hosts')).has(hostname.toLowerCase()),
    totalTimeoutMs: ATTEMPT_TIMEOUT_MS,
    logger,
  });
  // Read when /metrics is scraped (docs/observability.md#webhooks).
  metrics.webhookQueueDepth(() => store.pendingCount());
  return {
    endpoints,
    delivery: new DeliveryWorker(store, endpoints, fetch, settings, metrics, logger),
  };
}
