import type { Db } from './client.js';
import { nameStatement } from './statement-names.js';
import { inTransaction, rootDatabase } from './transactions.js';

/** A Drizzle query builder that runs with placeholder values and can be prepared under a name. */
interface Preparable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
  toSQL(): { sql: string };
}

/**
 * A hot query built once, with `sql.placeholder` for its values, and prepared on the database itself: it skips
 * Drizzle building its SQL on every call (in CPU profiles, once the largest share of /token's CPU on PostgreSQL)
 * and it is sent as a named statement, parsed and planned once per connection: by node-postgres on PostgreSQL, by
 * db/pglite-statements.ts on the embedded database.
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
  nameStatement(name, query.toSQL().sql);
  const prepared = query.prepare(name);
  return (values) =>
    (inTransaction(db) ? build(db).execute(values) : prepared.execute(values)) as ReturnType<B['execute']>;
}
