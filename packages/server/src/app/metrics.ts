import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { Port } from './app-types.js';
import { RequestDurations } from './request-durations.js';

/** Every metric name starts with this, so Tessera's series are easy to tell from the scraper's own. */
export const METRIC_PREFIX = 'tessera_';

/** The `route` label of a request no route matched (404, 405): one value, however many paths are probed. */
export const UNMATCHED_ROUTE = '(unmatched)';

export type SignInOutcome = 'success' | 'failure' | 'email_not_verified';
/** How an account proved who it is (its amr values grouped): the `method` label of sign-ins. */
export type SignInMethodLabel = 'password' | 'passkey' | 'federation';

/** Told of each lookup of an in-memory cache: answered from it or not (`tessera_cache_lookups_total`). */
export interface CacheLookups {
  hit(): void;
  miss(): void;
}

/** The caches whose hit ratio `/metrics` shows (docs/observability.md#metrics). */
export type CacheName = 'sessions' | 'grant_status' | 'verified_access_tokens';

// Token endpoint requests take about a millisecond; sign-in and admin calls up to a few hundred.
const DURATION_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const HTTP_LABELS = ['port', 'method', 'route', 'status_code', 'status_class'] as const;

// Waiting for a database connection or turn is normally well under a millisecond; the pool gives up at 5 s.
const WAIT_BUCKETS_SECONDS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

let processRegistry: Registry | undefined;

/**
 * Node's process metrics (CPU, memory, event-loop lag, GC) describe the process, not a context, and the event-loop
 * monitor and GC observer that prom-client starts for them are never stopped: they are collected once per
 * process, in a registry of their own (not prom-client's global one), and shown by every context's `/metrics`.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

/**
 * One context's metrics, in a registry of its own so two in-process servers (tests) never share a series.
 * Slices add their own instruments with `counter()`; the HTTP hook records every response on both ports.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: RequestDurations;
  private readonly signIns: Counter<'method' | 'outcome'>;
  private readonly cacheLookupsTotal: Counter<'cache' | 'result'>;
  private readonly tokensIssued: Counter<'grant_type'>;
  private readonly scimOperations: Counter<'resource' | 'method' | 'outcome'>;
  private readonly rateLimitRefusals: Counter<'limit'>;
  private webhookQueueRead: (() => number | Promise<number>) | null = null;

  constructor(database: Database) {
    const httpDuration = new RequestDurations(
      `${METRIC_PREFIX}http_request_duration_seconds`,
      'Time from receiving an HTTP request to finishing its response',
      DURATION_BUCKETS_SECONDS,
      this.registry,
    );
    this.httpDuration = httpDuration;
    const countName = `${METRIC_PREFIX}http_request_duration_seconds_count`;
    new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered',
      labelNames: HTTP_LABELS,
      registers: [this.registry],
      // Read from the histogram's own counts when scraped, so a request costs one observation, not two.
      async collect() {
        const { values } = await httpDuration.get();
        this.reset();
        for (const sample of values) {
          if (sample.metricName === countName) this.inc(sample.labels, sample.value);
        }
      },
    });
    this.signIns = this.counter('sign_ins_total', 'User sign-ins on the public port, by method and outcome', [
      'method',
      'outcome',
    ]);
    this.cacheLookupsTotal = this.counter(
      'cache_lookups_total',
      'Lookups of in-memory caches, answered from the cache (hit) or not (miss)',
      ['cache', 'result'],
    );
    this.tokensIssued = this.counter('tokens_issued_total', 'Successful token responses, by grant type', [
      'grant_type',
    ]);
    this.scimOperations = this.counter(
      'scim_operations_total',
      'SCIM 2.0 requests, by resource type, HTTP method and outcome',
      ['resource', 'method', 'outcome'],
    );
    this.rateLimitRefusals = this.counter('rate_limit_refusals_total', 'Requests refused by a rate limit', [
      'limit',
    ]);
    const metrics = this;
    new Gauge({
      name: `${METRIC_PREFIX}webhook_queue_depth`,
      help: 'Webhook events waiting to be delivered',
      registers: [this.registry],
      async collect() {
        const read = metrics.webhookQueueRead;
        if (!read) return;
        // A database that does not answer leaves the last figure; the scrape itself still succeeds.
        try {
          this.set(await read());
        } catch {}
      },
    });
    this.registerDatabaseMetrics(database);
  }

  /** Counts for one cache's lookups; `tessera_cache_lookups_total{cache}` over `result` gives its hit ratio. */
  cacheLookups(cache: CacheName): CacheLookups {
    const hits = this.cacheLookupsTotal.labels({ cache, result: 'hit' });
    const misses = this.cacheLookupsTotal.labels({ cache, result: 'miss' });
    return { hit: () => hits.inc(), miss: () => misses.inc() };
  }

  /** A refusal by the rate limit `limit` (its rule's name, a fixed set). */
  rateLimitRefused(limit: string): void {
    this.rateLimitRefusals.inc({ limit });
  }

  /** How to read the number of webhook events waiting, when scraped (the webhooks slice sets it once). */
  webhookQueueDepth(read: () => number | Promise<number>): void {
    this.webhookQueueRead = read;
  }

  /** A counter in this context's registry; `name` gets the `tessera_` prefix. */
  counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Counter<Label> {
    return new Counter({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }

  /**
   * Records one answered request. `route` is the matched route's pattern (`/admin/users/:userId`), never the
   * raw URL, so ids and query strings cannot reach a label and the series stay bounded.
   */
  observeRequest(
    port: Port,
    method: string,
    route: string | undefined,
    statusCode: number,
    elapsedMs: number,
  ): void {
    this.httpDuration.observe(port, method, route ?? UNMATCHED_ROUTE, statusCode, elapsedMs / 1000);
  }

  /** A token response (200 from /token) for a grant type; only the grants the server answers reach it. */
  tokenIssued(grantType: string): void {
    this.tokensIssued.inc({ grant_type: grantType });
  }

  /** A SCIM request: `resource` from the route pattern (`Users`, `Groups`, ...), never from the raw path. */
  scimOperation(resource: string, method: string, statusCode: number): void {
    const outcome = statusCode < 400 ? 'success' : statusCode < 500 ? 'client_error' : 'server_error';
    this.scimOperations.inc({ resource, method, outcome });
  }

  signIn(method: SignInMethodLabel, outcome: SignInOutcome): void {
    this.signIns.inc({ method, outcome });
  }

  /** The Prometheus text exposition of the process and this context's metrics. */
  async render(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  /** Pool figures are read when scraped, so they cost nothing per query. The embedded database has no pool. */
  private registerDatabaseMetrics(database: Database): void {
    const waits = new Histogram({
      name: `${METRIC_PREFIX}db_wait_seconds`,
      help: 'Time a statement or transaction waited for a PostgreSQL pool connection or its turn on the embedded database',
      buckets: WAIT_BUCKETS_SECONDS,
      registers: [this.registry],
    });
    database.observeWaits((waitedMs) => waits.observe(waitedMs / 1000));
    if (database.queueDepth() !== null) {
      new Gauge({
        name: `${METRIC_PREFIX}db_queue_depth`,
        help: 'Statements and transactions waiting for their turn on the embedded database',
        registers: [this.registry],
        collect() {
          this.set(database.queueDepth() ?? 0);
        },
      });
    }
    if (!database.poolStats()) return;
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Counter({
      name: `${METRIC_PREFIX}db_pool_errors_total`,
      help: 'Errors on idle PostgreSQL pool connections (the pool replaces the connection)',
      registers: [this.registry],
      collect() {
        // Mirrors the pool's own running count, so reset first rather than add.
        this.reset();
        this.inc(database.poolStats()?.errors ?? 0);
      },
    });
  }
}
