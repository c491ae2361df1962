import type { Db } from './client.js';
import { inTransaction, rootDatabase } from './transactions.js';

/** A Drizzle query builder that runs with placeholder values and can be prepared under a name. */
interface Preparable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
  toSQL(): { sql: string };
}

/** Statement text by name, across the process: a name must never stand for two texts (see preparedQuery). */
const texts = new Map<string, string>();

/**
 * A hot query built once, with `sql.placeholder` for its values, and prepared on the database itself: it skips
 * Drizzle building its SQL on every call (the largest share of /token's CPU on PostgreSQL, docs/performance.md)
 * and, on PostgreSQL, node-postgres sends it as a named statement, parsed and planned once per pool connection.
 *
 * A statement prepared on the database runs on whichever connection the pool hands out (PGlite: it queues behind
 * the open transaction), so inside an ambient transaction (db/transactions.ts) it would escape that transaction,
 * or wait for it forever. There the query is built again through the view instead, and joins the transaction.
 *
 * node-postgres refuses a name already parsed on a connection with another text, and every store of a process
 * shares the pool: a name given to two different texts fails here, at start-up, not on some connection later.
 */
export function preparedQuery<B extends Preparable>(
  db: Db,
  name: string,
  build: (db: Db) => B,
): (values: Record<string, unknown>) => ReturnType<B['execute']> {
  const query = build(rootDatabase(db));
  const text = query.toSQL().sql;
  const known = texts.get(name);
  if (known !== undefined && known !== text) {
    throw new Error(`prepared statement name '${name}' is already used for another query`);
  }
  texts.set(name, text);
  const prepared = query.prepare(name);
  return (values) =>
    (inTransaction(db) ? build(db).execute(values) : prepared.execute(values)) as ReturnType<B['execute']>;
}
