import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';
import { transactionScoped } from './transactions.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath (both speak the Postgres dialect). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

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
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Connection-pool figures for metrics; null for the embedded database, which is one in-process connection. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle among them, and callers waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  /** Errors on idle connections since start (each such connection is dropped and replaced). */
  errors: number;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Directory for the embedded database; null keeps it in memory (tests). */
  embeddedDir: string | null;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openEmbedded(options.embeddedDir);
}

async function openEmbedded(directory: string | null): Promise<Database> {
  let pglite: PGlite;
  if (directory) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    pglite = await PGlite.create(join(directory, 'pgdata'));
  } else {
    pglite = await PGlite.create();
  }
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
    db: transactionScoped(drizzlePglite(pglite, { schema }) as unknown as Db),
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
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten();
    },
    notify: async (channel, payload) => {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => null,
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's network error must not crash the process; the pool replaces the client.
  let idleErrors = 0;
  pool.on('error', () => {
    idleErrors += 1;
  });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | null = null;
  let closed = false;

  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const callback of listeners.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    client.on('error', () => {
      // Reconnect and re-subscribe; caches miss at most the notifications sent while disconnected,
      // so every listener is told '*' (reload everything) once the connection is back.
      listenClient = null;
      if (closed) return;
      setTimeout(() => void resubscribe(), 500).unref();
    });
    await client.connect();
    listenClient = client;
    return client;
  }

  async function resubscribe(): Promise<void> {
    try {
      const client = await ensureListenClient();
      for (const channel of listeners.keys()) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        for (const callback of listeners.get(channel) ?? []) callback('*');
      }
    } catch {
      if (!closed) setTimeout(() => void resubscribe(), 1000).unref();
    }
  }

  return {
    kind: 'postgres',
    db: transactionScoped(drizzleNodePg(pool, { schema }) as unknown as Db),
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
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const client = await ensureListenClient();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      errors: idleErrors,
    }),
    async close() {
      closed = true;
      const client = listenClient;
      listenClient = null;
      if (client) await client.end().catch(() => {});
      await pool.end();
    },
  };
}
