import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirectoryLock, type DataDirectoryLock, type LockRole } from './data-dir-lock.js';
import { type NotificationHandlers, PgNotificationConnection } from './pg-notifications.js';
import { type QueueObserver, withPreparedStatements } from './pglite-statements.js';
import { instrumentPool, traceClientStatements, WaitObservers } from './pool-telemetry.js';
import { preparedStatementName } from './statement-names.js';
import { transactionScoped } from './transactions.js';

/**
 * The Drizzle database, whichever driver is underneath (both speak the Postgres dialect). Queries name the tables
 * they use (each slice's `tables.ts`); the relational query API (`db.query.*`), the one thing a schema passed to
 * Drizzle would add, is not used, so this floor imports no slice's tables.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A single connection for work that must not hop connections (advisory locks, migrations). */
export interface RawConnection {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'embedded' | 'postgres';
  /** Queries through it join the transaction open in the current async context (db/transactions.ts). */
  db: Db;
  /** Runs fn on one dedicated connection. */
  withConnection<T>(fn: (connection: RawConnection) => Promise<T>): Promise<T>;
  /** Runs fn in one transaction on one connection; committed if fn resolves, rolled back if it throws. */
  withTransaction<T>(fn: (connection: RawConnection) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => void>;
  /**
   * When notifications were last proven to reach this process (ms since the epoch). The embedded database is
   * in-process, so its notifications always arrive: it answers now.
   */
  notificationsConfirmedAt(): number;
  notify(channel: string, payload: string): Promise<void>;
  /** Connection-pool figures for metrics; null for the embedded database, which is one in-process connection. */
  poolStats(): PoolStats | null;
  /** Statements and transactions waiting for their turn on the embedded database; null on PostgreSQL (see poolStats). */
  queueDepth(): number | null;
  /**
   * Calls `observer` with how long each caller waited for a pool connection (PostgreSQL) or for its turn on the
   * embedded database, as it gets it: metrics (docs/observability.md#metrics).
   */
  observeWaits(observer: (waitedMs: number) => void): void;
  /** The lock this process holds on the embedded database's directory (absent in memory and on PostgreSQL). */
  readonly dataDirectoryLock?: DataDirectoryLock;
  /**
   * A consistent copy of the embedded database's data directory as a gzipped tar (`tessera backup`): taken while
   * no transaction is open and no query runs, after a checkpoint. Absent in memory and on PostgreSQL (pg_dump).
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle among them, and callers waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  /** Errors on pool connections since start (each such connection is dropped and replaced). */
  errors: number;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Directory for the embedded database; null keeps it in memory (tests). */
  embeddedDir: string | null;
  /** Who takes the embedded directory's lock: a server (others talk to it) or a command (others wait). */
  lockRole?: LockRole;
  poolSize?: number;
}

/** The PostgreSQL data directory inside the embedded database's directory. */
export const EMBEDDED_PGDATA = 'pgdata';

/** How long a command or a starting server waits for another tessera command to finish with the directory. */
const COMMAND_LOCK_WAIT_MS = 30_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openEmbedded(options.embeddedDir, options.lockRole ?? 'command');
}

/**
 * A one-shot command (migrate, install, clients, keys, kek) reads and writes a few rows and exits: 16 MB of shared
 * buffers instead of the 128 MB a server keeps, which PGlite would otherwise set up at every start (about 0.45 s of
 * CPU per command). Shared buffers are a cache only; nothing about the data directory depends on them.
 */
const COMMAND_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openEmbedded(directory: string | null, lockRole: LockRole): Promise<Database> {
  let pglite: PGlite;
  let lock: DataDirectoryLock | undefined;
  if (directory) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    // PGlite holds the database in this process: a second process on the directory would lose writes
    // (docs/operations.md).
    lock = await acquireDataDirectoryLock(directory, {
      role: lockRole,
      waitForCommandMs: COMMAND_LOCK_WAIT_MS,
    });
    try {
      pglite = await PGlite.create(join(directory, EMBEDDED_PGDATA), {
        startParams: lockRole === 'command' ? COMMAND_START_PARAMS : PGlite.defaultStartParams,
      });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    pglite = await PGlite.create();
  }
  return embeddedDatabase(pglite, lock);
}

/** The Database over an open PGlite instance; closing it closes the instance and releases the lock, if any. */
export function embeddedDatabase(pglite: PGlite, lock?: DataDirectoryLock): Database {
  const waits = new WaitObservers();
  let queued = 0;
  const queue: QueueObserver = {
    entered: () => {
      queued += 1;
    },
    left: (waitedMs) => {
      queued -= 1;
      waits.report(waitedMs);
    },
  };
  const connection: RawConnection = {
    async query(text, params) {
      const result = await pglite.query(text, params);
      return result.rows as never[];
    },
    async exec(text) {
      await pglite.exec(text);
    },
  };
  return {
    kind: 'embedded',
    db: transactionScoped(
      drizzlePglite({
        client: withPreparedStatements(pglite, preparedStatementName, queue) as unknown as PGlite,
      }) as unknown as Db,
    ),
    // PGlite is a single connection already; its own queue serializes callers.
    withConnection: (fn) => fn(connection),
    // PGlite runs one transaction at a time and makes every other query wait for it, which isolates it
    // from the rest of the process as a separate connection would.
    withTransaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          async query(text, params) {
            const result = await tx.query(text, params);
            return result.rows as never[];
          },
          async exec(text) {
            await tx.exec(text);
          },
        }),
      ),
    listen: async (channel, handlers) => {
      const unlisten = await pglite.listen(channel, handlers.onPayload);
      return () => void unlisten();
    },
    notificationsConfirmedAt: () => Date.now(),
    notify: async (channel, payload) => {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => null,
    queueDepth: () => queued,
    observeWaits: (observer) => waits.add(observer),
    dataDirectoryLock: lock,
    snapshot: lock
      ? () =>
          // transaction() holds PGlite's transaction queue, so no other transaction is half done while the files
          // are copied; the checkpoint writes every committed change into the data files first, so the copy
          // needs no WAL replay when it is opened.
          pglite.transaction(async (transaction) => {
            await transaction.exec('CHECKPOINT');
            return pglite.dumpDataDir('gzip');
          })
      : undefined,
    async close() {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * How long a query waits for a pool connection, whether one is being opened or all are busy (pg-pool applies the
 * same bound to both), before it fails and its request is answered 503 with Retry-After: a partitioned database
 * or a pool exhausted by overload sheds load instead of queueing requests without end.
 */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A connection that breaks must never end the process. The pool listens for errors only on idle connections;
  // one checked out (inside a transaction, or between its queries) emits 'error' with nobody listening, which
  // would be an uncaught exception. Its queries fail on their own and the pool drops it on release.
  let connectionErrors = 0;
  pool.on('connect', (client) => {
    client.on('error', () => {
      connectionErrors += 1;
    });
    traceClientStatements(client);
  });
  pool.on('error', () => {});
  const waits = new WaitObservers();
  instrumentPool(pool, waits);
  const notifications = new PgNotificationConnection(url, { connectTimeoutMs: CONNECT_TIMEOUT_MS });

  return {
    kind: 'postgres',
    db: transactionScoped(drizzleNodePg(pool) as unknown as Db),
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          async query(text, params) {
            const result = await client.query(text, params);
            return result.rows;
          },
          async exec(text) {
            await client.query(text);
          },
        });
      } finally {
        client.release();
      }
    },
    async withTransaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        try {
          const result = await fn({
            async query(text, params) {
              return (await client.query(text, params)).rows;
            },
            async exec(text) {
              await client.query(text);
            },
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, handlers) => notifications.subscribe(channel, handlers),
    notificationsConfirmedAt: () => notifications.confirmedAt,
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      errors: connectionErrors,
    }),
    queueDepth: () => null,
    observeWaits: (observer) => waits.add(observer),
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}
