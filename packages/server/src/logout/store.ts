import { and, desc, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { AttemptResult, OutboxQueue, OutboxStatus } from '../outbound/outbox-worker.js';
import { backchannelLogoutDeliveries } from './tables.js';

export type DeliveryRow = typeof backchannelLogoutDeliveries.$inferSelect;

/** A logout taken for one attempt: `attempts` counts this one and fences the answer's write. */
export type ClaimedLogout = Pick<
  DeliveryRow,
  'id' | 'clientId' | 'subject' | 'sessionId' | 'reason' | 'attempts'
>;

export interface NewLogout {
  id: string;
  clientId: string;
  subject: string;
  sessionId: string;
  reason: string;
}

/** The SQL of back-channel logout: its outbox (docs/logout.md#delivery). */
export class LogoutStore implements OutboxQueue<ClaimedLogout> {
  constructor(private readonly db: Db) {}

  /** Writes the logouts to tell, in the caller's transaction (the one that ended the sessions). */
  async enqueue(rows: NewLogout[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(backchannelLogoutDeliveries).values(rows);
  }

  /**
   * Takes the oldest due logout for one attempt: `FOR UPDATE SKIP LOCKED` lets workers on any node each take a
   * different row, and the lease moves `next_attempt_at` past the attempt's limit, so nobody takes it meanwhile.
   */
  async claimDue(now: Date, leaseUntil: Date): Promise<ClaimedLogout | null> {
    const table = backchannelLogoutDeliveries;
    const due = this.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)))
      .orderBy(table.seq)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(table)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${table.attempts} + 1` })
      .where(inArray(table.id, due))
      .returning({
        id: table.id,
        clientId: table.clientId,
        subject: table.subject,
        sessionId: table.sessionId,
        reason: table.reason,
        attempts: table.attempts,
      });
    return row ?? null;
  }

  /** Records an attempt, only while the row is still this attempt's (`attempts` unchanged and still pending). */
  async recordAttempt(
    row: ClaimedLogout,
    attempt: AttemptResult,
    outcome: { status: OutboxStatus; nextAttemptAt: Date },
  ): Promise<boolean> {
    const table = backchannelLogoutDeliveries;
    const updated = await this.db
      .update(table)
      .set({
        status: outcome.status,
        nextAttemptAt: outcome.nextAttemptAt,
        deliveredAt: outcome.status === 'delivered' ? attempt.at : null,
        lastAttemptAt: attempt.at,
        lastStatusCode: attempt.statusCode,
        lastError: attempt.error,
      })
      .where(and(eq(table.id, row.id), eq(table.attempts, row.attempts), eq(table.status, 'pending')))
      .returning({ id: table.id });
    return updated.length > 0;
  }

  /** Deletes up to `limit` delivered or failed logouts created before `cutoff`. */
  async purgeFinished(cutoff: Date, limit: number): Promise<number> {
    const table = backchannelLogoutDeliveries;
    const old = this.db
      .select({ id: table.id })
      .from(table)
      .where(and(sql`${table.status} <> 'pending'`, lt(table.createdAt, cutoff)))
      .limit(limit);
    const rows = await this.db.delete(table).where(inArray(table.id, old)).returning({ id: table.id });
    return rows.length;
  }

  /** A client's logouts, newest first. */
  async deliveries(clientId: string, limit: number, before?: number): Promise<DeliveryRow[]> {
    const table = backchannelLogoutDeliveries;
    const conditions: SQL[] = [eq(table.clientId, clientId)];
    if (before !== undefined) conditions.push(lt(table.seq, before));
    return this.db
      .select()
      .from(table)
      .where(and(...conditions))
      .orderBy(desc(table.seq))
      .limit(limit);
  }

  /** Makes a failed logout due again with a fresh retry schedule; false when there is no such failed one. */
  async redeliver(clientId: string, id: string): Promise<boolean> {
    const table = backchannelLogoutDeliveries;
    const rows = await this.db
      .update(table)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() })
      .where(and(eq(table.id, id), eq(table.clientId, clientId), eq(table.status, 'failed')))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  /** Logouts waiting to be delivered. */
  async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ pending: sql<number>`count(*)::int` })
      .from(backchannelLogoutDeliveries)
      .where(eq(backchannelLogoutDeliveries.status, 'pending'));
    return Number(row?.pending ?? 0);
  }
}
