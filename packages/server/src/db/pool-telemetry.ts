import { context } from '@opentelemetry/api';
import type pg from 'pg';
import { tracingActive } from '../telemetry/tracing.js';
import { endStatementSpan, startStatementSpan } from './statement-tracing.js';

/** Whoever wants to hear how long callers waited for the database (metrics). */
export class WaitObservers {
  private readonly observers: ((waitedMs: number) => void)[] = [];

  add(observer: (waitedMs: number) => void): void {
    this.observers.push(observer);
  }

  report(waitedMs: number): void {
    for (const observer of this.observers) observer(waitedMs);
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * Times each wait for a pool connection. node-postgres's `pool.query` takes its connection through `this.connect`
 * with a callback, so the instance's `connect` sees every caller. A callback may be called from whichever request
 * released the connection: while tracing is on it is bound to its caller's context, so the statement's span stays in
 * the caller's trace.
 */
export function instrumentPool(pool: pg.Pool, waits: WaitObservers): void {
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const instrumented = (callback?: ConnectCallback) => {
    const startedAt = performance.now();
    if (callback) {
      const inCallerContext = tracingActive() ? context.bind(context.active(), callback) : callback;
      return connect((error, client, done) => {
        waits.report(performance.now() - startedAt);
        inCallerContext(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        waits.report(performance.now() - startedAt);
        return client;
      },
      (error: unknown) => {
        waits.report(performance.now() - startedAt);
        throw error;
      },
    );
  };
  pool.connect = instrumented as typeof pool.connect;
}

type QueryArguments = [unknown, ...unknown[]];

/**
 * A child span for every statement a pool connection runs (db/statement-tracing.ts), whether node-postgres is called
 * with a callback (`pool.query`) or for a promise (drizzle's transactions). While tracing is off the wrapper passes
 * the call straight on.
 */
export function traceClientStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: QueryArguments) => unknown;
  const traced = (...args: QueryArguments): unknown => {
    if (!tracingActive()) return query(...args);
    const [first, second] = args;
    // A cursor or other submittable runs on its own terms.
    if (typeof (first as { submit?: unknown })?.submit === 'function') return query(...args);
    const config: pg.QueryConfig =
      typeof first === 'string'
        ? { text: first, values: second as unknown[] | undefined }
        : (first as pg.QueryConfig);
    const values = config.values ?? (Array.isArray(second) ? second : undefined);
    const span = startStatementSpan(config.text, Array.isArray(values) && values.length > 0, config.name);
    const callbackAt = args.findIndex((argument) => typeof argument === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: Error | null, result: unknown) => void;
      args[callbackAt] = (error: Error | null, result: unknown) => {
        endStatementSpan(span, error);
        callback(error, result);
      };
      return query(...args);
    }
    const pending = query(...args) as Promise<unknown>;
    pending.then(
      () => endStatementSpan(span),
      (error: unknown) => endStatementSpan(span, error),
    );
    return pending;
  };
  client.query = traced as typeof client.query;
}
