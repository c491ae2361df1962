import { bigserial, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** One row: whether first-run install has completed. Install endpoints are gone for good once it has. */
export const installation = pgTable('installation', {
  id: smallint('id').primaryKey().default(1),
  completedAt: timestamptz('completed_at'),
});

/** One-time install tokens (hashed, expiring), in the database so any node can serve the install. */
export const installTokens = pgTable('install_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  consumedAt: timestamptz('consumed_at'),
});

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
    index('audit_events_at_idx').on(table.at),
    index('audit_events_action_idx').on(table.action),
    index('audit_events_actor_idx').on(table.actorId),
    index('audit_events_target_idx').on(table.targetId),
  ],
);
