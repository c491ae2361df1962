import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { Port } from './fastify-app.js';

/** Every metric name starts with this, so Tessera's series are easy to tell from the scraper's own. */
export const METRIC_PREFIX = 'tessera_';

/** The `route` label of a request no route matched (404, 405): one value, however many paths are probed. */
export const UNMATCHED_ROUTE = '(unmatched)';

export type SignInOutcome = 'success' | 'failure' | 'email_not_verified';

// Token endpoint requests take about a millisecond; sign-in and admin calls up to a few hundred.
const DURATION_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const HTTP_LABELS = ['port', 'method', 'route', 'status_code'] as const;
type HttpLabel = (typeof HTTP_LABELS)[number];

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
  private readonly httpDuration: Histogram<HttpLabel>;
  private readonly signIns: Counter<'outcome'>;

  constructor(database: Database) {
    const httpDuration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from receiving an HTTP request to finishing its response',
      labelNames: HTTP_LABELS,
      buckets: DURATION_BUCKETS_SECONDS,
      registers: [this.registry],
    });
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
    this.signIns = this.counter('sign_ins_total', 'User password sign-ins on the public port, by outcome', [
      'outcome',
    ]);
    this.registerDatabaseMetrics(database);
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
    this.httpDuration.observe(
      { port, method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode },
      elapsedMs / 1000,
    );
  }

  signIn(outcome: SignInOutcome): void {
    this.signIns.inc({ outcome });
  }

  /** The Prometheus text exposition of the process and this context's metrics. */
  async render(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  /** Pool figures are read when scraped, so they cost nothing per query. The embedded database has no pool. */
  private registerDatabaseMetrics(database: Database): void {
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
