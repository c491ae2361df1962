import { and, asc, desc, eq, inArray, lt, lte, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { OutboxQueue } from '../outbound/outbox-worker.js';
import { webhookAttempts, webhookEndpoints, webhookEvents } from './tables.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export interface EndpointFields {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

/** An event an audit entry makes, before it is written once per subscribed endpoint. */
export interface OutboxEvent {
  type: string;
  body: string;
  orderingKey: string;
}

/** An event taken for one attempt: `attempts` counts this one, and fences the answer's write (recordAttempt). */
export type ClaimedEvent = Pick<EventRow, 'id' | 'endpointId' | 'type' | 'body' | 'attempts'>;

/** The SQL of webhooks: endpoints, the outbox and its attempts (the outbox's side of outbound/outbox-worker.ts). */
export class WebhookStore implements OutboxQueue<ClaimedEvent> {
  constructor(private readonly db: Db) {}

  async insertEndpoint(id: string, fields: EndpointFields, secretSealed: string): Promise<EndpointRow> {
    const [row] = await this.db
      .insert(webhookEndpoints)
      .values({ id, ...fields, secretSealed })
      .returning();
    return row!;
  }

  async updateEndpoint(id: string, fields: Partial<EndpointFields>): Promise<EndpointRow | null> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    return row ?? null;
  }

  async replaceSecret(id: string, secretSealed: string): Promise<EndpointRow | null> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ secretSealed, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    return row ?? null;
  }

  async deleteEndpoint(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  }

  async listEndpoints(): Promise<EndpointRow[]> {
    return this.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
  }

  async findEndpoint(id: string): Promise<EndpointRow | null> {
    const [row] = await this.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row ?? null;
  }

  /**
   * One outbox row per enabled endpoint subscribed to the type, in the caller's transaction (the audit entry's):
   * one statement whatever the number of endpoints, none written when no endpoint wants the type.
   */
  async enqueue(event: OutboxEvent): Promise<number> {
    const rows = await this.db
      .insert(webhookEvents)
      .select(
        this.db
          .select({
            id: sql<string>`'msg_' || replace(gen_random_uuid()::text, '-', '')`.as('id'),
            seq: sql<number>`nextval(pg_get_serial_sequence('webhook_events', 'seq'))`.as('seq'),
            endpointId: webhookEndpoints.id,
            type: sql<string>`${event.type}::text`.as('type'),
            body: sql<string>`${event.body}::text`.as('body'),
            orderingKey: sql<string>`${event.orderingKey}::text`.as('ordering_key'),
            status: sql<string>`'pending'`.as('status'),
            attempts: sql<number>`0`.as('attempts'),
            nextAttemptAt: sql<Date>`now()`.as('next_attempt_at'),
            createdAt: sql<Date>`now()`.as('created_at'),
            deliveredAt: sql<Date | null>`null::timestamptz`.as('delivered_at'),
          })
          .from(webhookEndpoints)
          .where(
            and(
              eq(webhookEndpoints.enabled, true),
              sql`${webhookEndpoints.eventTypes} @> ${JSON.stringify([event.type])}::jsonb`,
            ),
          ),
      )
      .returning({ id: webhookEvents.id });
    return rows.length;
  }

  /**
   * Takes the oldest due event whose resource has no earlier event still pending at its endpoint (ordering per
   * resource), for one attempt: `FOR UPDATE SKIP LOCKED` lets concurrent workers (any node) each take a different
   * row, and the lease moves `next_attempt_at` past the attempt's time limit, so nobody takes it again while this
   * attempt runs. Commits before the request is sent: no transaction stays open while a receiver answers.
   */
  async claimDue(now: Date, leaseUntil: Date): Promise<ClaimedEvent | null> {
    const earlier = alias(webhookEvents, 'earlier');
    const due = this.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.status, 'pending'),
          lte(webhookEvents.nextAttemptAt, now),
          inArray(
            webhookEvents.endpointId,
            this.db
              .select({ id: webhookEndpoints.id })
              .from(webhookEndpoints)
              .where(eq(webhookEndpoints.enabled, true)),
          ),
          sql`NOT EXISTS (${this.db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.endpointId, webhookEvents.endpointId),
                eq(earlier.orderingKey, webhookEvents.orderingKey),
                lt(earlier.seq, webhookEvents.seq),
                eq(earlier.status, 'pending'),
              ),
            )})`,
        ),
      )
      .orderBy(asc(webhookEvents.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(webhookEvents)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${webhookEvents.attempts} + 1` })
      .where(inArray(webhookEvents.id, due))
      .returning({
        id: webhookEvents.id,
        endpointId: webhookEvents.endpointId,
        type: webhookEvents.type,
        body: webhookEvents.body,
        attempts: webhookEvents.attempts,
      });
    return row ?? null;
  }

  /**
   * Records an attempt and what follows from it: delivered, failed, or pending until `nextAttemptAt`. Only while the
   * event is still the claimed attempt's (`attempts` unchanged): a stale worker's answer changes nothing.
   */
  async recordAttempt(
    event: ClaimedEvent,
    attempt: { statusCode: number | null; durationMs: number; error: string | null; at: Date },
    outcome: { status: 'delivered' | 'failed' | 'pending'; nextAttemptAt: Date },
  ): Promise<boolean> {
    return this.db.transaction(async () => {
      const updated = await this.db
        .update(webhookEvents)
        .set({
          status: outcome.status,
          nextAttemptAt: outcome.nextAttemptAt,
          deliveredAt: outcome.status === 'delivered' ? attempt.at : null,
        })
        .where(
          and(
            eq(webhookEvents.id, event.id),
            eq(webhookEvents.attempts, event.attempts),
            eq(webhookEvents.status, 'pending'),
          ),
        )
        .returning({ id: webhookEvents.id });
      if (updated.length === 0) return false;
      await this.db.insert(webhookAttempts).values({
        eventId: event.id,
        attemptedAt: attempt.at,
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        error: attempt.error,
      });
      return true;
    });
  }

  /** An endpoint's events, newest first, with their attempts. */
  async deliveries(
    endpointId: string,
    limit: number,
    before?: number,
  ): Promise<{ event: EventRow; attempts: AttemptRow[] }[]> {
    const conditions: SQL[] = [eq(webhookEvents.endpointId, endpointId)];
    if (before !== undefined) conditions.push(lt(webhookEvents.seq, before));
    const events = await this.db
      .select()
      .from(webhookEvents)
      .where(and(...conditions))
      .orderBy(desc(webhookEvents.seq))
      .limit(limit);
    if (events.length === 0) return [];
    const attempts = await this.db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.eventId,
          events.map((event) => event.id),
        ),
      )
      .orderBy(asc(webhookAttempts.id));
    return events.map((event) => ({
      event,
      attempts: attempts.filter((attempt) => attempt.eventId === event.id),
    }));
  }

  /** Deletes up to `limit` delivered or failed events created before `cutoff` (their attempts go with them). */
  async purgeFinished(cutoff: Date, limit: number): Promise<number> {
    const old = this.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(sql`${webhookEvents.status} <> 'pending'`, lt(webhookEvents.createdAt, cutoff)))
      .limit(limit);
    const rows = await this.db
      .delete(webhookEvents)
      .where(inArray(webhookEvents.id, old))
      .returning({ id: webhookEvents.id });
    return rows.length;
  }

  /** Makes a delivered or failed event due again, with a fresh retry schedule. */
  async redeliver(endpointId: string, eventId: string): Promise<'redelivered' | 'pending' | 'not_found'> {
    const rows = await this.db
      .update(webhookEvents)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), deliveredAt: null })
      .where(
        and(
          eq(webhookEvents.id, eventId),
          eq(webhookEvents.endpointId, endpointId),
          sql`${webhookEvents.status} <> 'pending'`,
        ),
      )
      .returning({ id: webhookEvents.id });
    if (rows.length > 0) return 'redelivered';
    const [exists] = await this.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.endpointId, endpointId)));
    return exists ? 'pending' : 'not_found';
  }

  /** Events waiting to be delivered, at every endpoint (`tessera_webhook_queue_depth`). */
  async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ pending: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(eq(webhookEvents.status, 'pending'));
    return Number(row?.pending ?? 0);
  }
}

/** The placeholder of enqueueAlongStatement: the entry's events (OutboxEvent[]) as a JSON array. */
export const ENQUEUE_ALONG_PLACEHOLDER = 'webhook_outbox_events';

/**
 * WebhookStore.enqueue as a data-modifying CTE of an audit entry's own statement (AuditListener.along): one outbox
 * row per event of the placeholder's JSON array (OutboxEvent[]) and enabled endpoint subscribed to its type, in the
 * order of the array. The rows commit with the entry and the change it describes, as enqueue's do in their
 * transaction, and an empty array (or no subscribed endpoint) writes none.
 */
export function enqueueAlongStatement(db: Db): WithSubquery {
  const events = sql.placeholder(ENQUEUE_ALONG_PLACEHOLDER);
  return db.$with('webhook_outbox').as(
    db
      .insert(webhookEvents)
      .select(
        // The sequence is read as the ordered rows come out of the subquery: an entry's events keep their order.
        sql`SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), nextval(pg_get_serial_sequence('webhook_events', 'seq')), subscribed.endpoint_id, subscribed.type, subscribed.body, subscribed.ordering_key, 'pending', 0, now(), now(), null::timestamptz FROM (SELECT endpoint.id AS endpoint_id, event.value->>'type' AS type, event.value->>'body' AS body, event.value->>'orderingKey' AS ordering_key FROM jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS event(value, position) JOIN ${webhookEndpoints} AS endpoint ON endpoint.enabled AND endpoint.event_types @> jsonb_build_array(event.value->>'type') ORDER BY event.position) AS subscribed`,
      )
      .returning({ id: webhookEvents.id }),
  );
}
