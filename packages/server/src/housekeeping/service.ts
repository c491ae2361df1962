import type { Logger } from 'pino';
import type { Metrics } from '../app/metrics.js';
import type { SettingsService } from '../config/settings.js';
import type { Database } from '../db/client.js';
import type { ExpiredRowPurge } from '../db/purge.js';

/** The advisory-lock key that lets one node at a time run housekeeping ('tessera-housekeeping'). */
export const HOUSEKEEPING_LOCK_KEY = 7_301_554_131;

/** Rows per DELETE statement: small enough that no statement holds many row locks or runs long. */
const DEFAULT_BATCH_SIZE = 500;

export type HousekeepingRun =
  /** `purged`: rows deleted, by table. */
  | { outcome: 'completed'; purged: Record<string, number> }
  /** Another node (or an earlier call on this one) was running it; this call did nothing. */
  | { outcome: 'skipped' };

/**
 * Deletes the rows that can never be used again: expired pending requests, codes, sessions, OPAQUE login state,
 * emailed and install tokens, invitations, and refresh-token families that ended. Each slice says how for its own
 * tables (its module's `purges`, with what each keeps and why). Every node offers to run it on a timer; a
 * PostgreSQL advisory lock, held on a connection of its own for the whole run, lets one node at a time do the work
 * while the others skip.
 */
export class HousekeepingService {
  private readonly batchSize: number;
  private readonly purgedRows;
  private readonly runs;
  private running: Promise<HousekeepingRun> | null = null;
  private timer: NodeJS.Timeout | null = null;

  /** `purges`: every module's, run in this order (see purgesOf in ./index.ts). */
  constructor(
    private readonly database: Database,
    private readonly settings: SettingsService,
    metrics: Metrics,
    private readonly logger: Logger,
    private readonly purges: readonly ExpiredRowPurge[],
    options: { batchSize?: number } = {},
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.purgedRows = metrics.counter(
      'housekeeping_purged_rows_total',
      'Rows deleted by housekeeping, by table',
      ['table'],
    );
    this.runs = metrics.counter(
      'housekeeping_runs_total',
      'Housekeeping runs this node attempted: completed, skipped (another node held the lock) or failed',
      ['outcome'],
    );
  }

  /** Runs the job now unless another node (or this one) is running it. */
  async runOnce(now = new Date()): Promise<HousekeepingRun> {
    if (this.running) {
      this.runs.inc({ outcome: 'skipped' });
      return { outcome: 'skipped' };
    }
    this.running = this.runUnderLock(now);
    try {
      const run = await this.running;
      this.runs.inc({ outcome: run.outcome });
      return run;
    } catch (error) {
      this.runs.inc({ outcome: 'failed' });
      throw error;
    } finally {
      this.running = null;
    }
  }

  private runUnderLock(now: Date): Promise<HousekeepingRun> {
    // Session-level lock on one dedicated connection: the deletes run on other pool connections, each statement in
    // its own short transaction, while this one only holds the lock (and releases it if the node dies).
    return this.database.withConnection(async (connection) => {
      const [lock] = await connection.query<{ acquired: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS acquired',
        [HOUSEKEEPING_LOCK_KEY],
      );
      if (!lock?.acquired) return { outcome: 'skipped' };
      try {
        return { outcome: 'completed', purged: await this.purgeAll(now) };
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [HOUSEKEEPING_LOCK_KEY]);
      }
    });
  }

  private async purgeAll(now: Date): Promise<Record<string, number>> {
    const retentionMs = this.settings.get('housekeeping.retention_hours') * 3600_000;
    const clock = { now, cutoff: new Date(now.getTime() - retentionMs) };
    const purged: Record<string, number> = {};
    for (const rows of this.purges) {
      const table = rows.table;
      purged[table] = await rows.purge(this.database.db, clock, this.batchSize);
      if (purged[table] > 0) this.purgedRows.inc({ table }, purged[table]);
    }
    const total = Object.values(purged).reduce((sum, count) => sum + count, 0);
    if (total > 0) this.logger.info({ purged }, 'housekeeping deleted expired rows');
    return purged;
  }

  /**
   * Offers to run the job every `intervalMs`, or every `housekeeping.interval_minutes` (read again before each
   * wait, so a changed setting applies from the next run).
   */
  start(intervalMs?: number): void {
    const schedule = () => {
      const delay = intervalMs ?? this.settings.get('housekeeping.interval_minutes') * 60_000;
      this.timer = setTimeout(() => {
        this.runOnce()
          .catch((error) => this.logger.error({ err: error }, 'housekeeping failed'))
          .finally(() => {
            if (this.timer) schedule();
          });
      }, delay);
      this.timer.unref();
    };
    schedule();
  }

  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
