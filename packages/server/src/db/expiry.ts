import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * `expiresAt > now`, written so no index on `expiresAt` can answer it: for a row looked up by its key (a code, a
 * pending request, a login state). Those tables keep rows for seconds to minutes, so the planner's statistics
 * lag behind them: last analyzed, every row had already expired, and "unexpired" looks like next to no rows. The
 * planner then reads the rows through the expiry index and filters them by key — every unexpired row, on every
 * lookup, growing with traffic — instead of probing the key (docs/performance.md#query-plans). Adding a zero
 * interval keeps the comparison and leaves the key the only index to use.
 */
export function notExpired(expiresAt: AnyColumn, now: Placeholder | Date): SQL {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql`${expiresAt} + interval '0 seconds' > ${at}::timestamptz`;
}
