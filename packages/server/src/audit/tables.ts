import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Append-only security and administration events, secrets redacted before they get here. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    details: jsonb('details').notNull().default({}),
  },
  (table) => [
    // A list with a time range reads its page from here in (at desc, id desc) order (AuditLog.list).
    index('audit_events_at_id_idx').on(table.at, table.id),
    index('audit_events_action_idx').on(table.action),
    index('audit_events_actor_idx').on(table.actorId),
    index('audit_events_target_idx').on(table.targetId),
  ],
);
