import { getTableName, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * The moments a purge compares with: `now` decides what is still live, `cutoff` (now minus the retention) how long
 * a row is kept after it stopped being usable.
 */
export interface PurgeClock {
  now: Date;
  cutoff: Date;
}

/**
 * How one table's rows that can never be used again are deleted. Each slice lists its own in its module
 * (`SliceModule.purges`); the housekeeping job runs them all (docs/operations.md#housekeeping).
 */
export interface ExpiredRowPurge {
  /** The table, as its metric label and the job's report name it. */
  readonly table: string;
  /** Deletes the dead rows, at most `batchSize` per statement; returns how many went. */
  purge(db: Db, clock: PurgeClock, batchSize: number): Promise<number>;
}

/**
 * Deletes every row of `table` matching `condition`, `batchSize` rows per statement, so no statement holds many
 * row locks or runs long whatever the backlog; returns how many went. `order`, an indexed expression the
 * condition bounds, makes each batch a range of that index read in order: without it, a condition the planner
 * believes many rows meet (expired rows a live reference still holds) may be priced as a table scan that stops
 * early, and then read the whole table.
 */
export async function deleteInBatches(
  db: Db,
  batchSize: number,
  table: PgTable,
  key: PgColumn,
  condition: SQL | undefined,
  order?: SQL,
): Promise<number> {
  let total = 0;
  for (;;) {
    const candidates = db.select({ key }).from(table).where(condition);
    const batch = (order === undefined ? candidates : candidates.orderBy(order)).limit(batchSize);
    // `= any(array(...))`, not `in (...)`: the batch is computed first and its rows are then found by primary key,
    // whatever the table's size; `in` lets the planner join the whole table instead (docs/performance.md#query-plans).
    const deleted = await db.delete(table).where(sql`${key} = any(array(${batch}))`).returning({ key });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

/** As deleteInBatches, for a table keyed by two columns: the batch is chosen by both. */
export async function deleteInBatchesByPair(
  db: Db,
  batchSize: number,
  table: PgTable,
  keys: readonly [PgColumn, PgColumn],
  condition: SQL,
): Promise<number> {
  const [first, second] = keys;
  let total = 0;
  for (;;) {
    const deleted = await db
      .delete(table)
      .where(
        sql`(${first}, ${second}) in (select ${first}, ${second} from ${table} where ${condition} limit ${batchSize})`,
      )
      .returning({ key: first });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

/**
 * A single-use value with an expiry (a pending request, login state, an emailed token, a ceremony): past it, it is
 * refused whether used or not, so nothing can still need the row once the retention has passed too.
 */
export function purgeExpired(table: PgTable & { expiresAt: PgColumn }, key: PgColumn): ExpiredRowPurge {
  return {
    table: getTableName(table),
    purge: (db, clock, batchSize) =>
      deleteInBatches(db, batchSize, table, key, lt(table.expiresAt, clock.cutoff)),
  };
}
