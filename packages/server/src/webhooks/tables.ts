import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A URL that receives signed event notifications (docs/webhooks.md). The signing secret is sealed under the KEK and
 * shown to the admin only when it is made (creation, rotation).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: jsonb('event_types').$type<string[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The `whsec_…` secret, sealed (table, column and id as associated data). */
  secretSealed: text('secret_sealed').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * The outbox: one row per event and endpoint, written in the transaction of the change it describes, so an event is
 * sent exactly for the changes that committed. `seq` orders the events of one resource (`orderingKey`).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The `webhook-id` header (`msg_…`), the same on every attempt, so a receiver can drop repeats. */
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The exact JSON body that is signed and sent. */
    body: text('body').notNull(),
    /** The resource the event is about (`user:<id>`): its events are delivered one at a time, in `seq` order. */
    orderingKey: text('ordering_key').notNull(),
    /** `pending` (more attempts to come), `delivered` or `failed` (the retry schedule ran out). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    index('webhook_events_due').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_events_ordering').on(table.endpointId, table.orderingKey, table.seq),
    index('webhook_events_endpoint').on(table.endpointId, table.seq),
  ],
);

/** Every delivery attempt of an event: the answer's status (or the error) and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_event').on(table.eventId, table.id)],
);
