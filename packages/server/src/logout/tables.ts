import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * OIDC Back-Channel Logout 1.0 outbox (docs/logout.md#back-channel-logout): one row per relying party to tell that a
 * session ended, written in the transaction that ended it. The logout token is signed at each attempt (its `exp` is
 * short); the row keeps what it says, never the token. `id` is the token's `jti`, the same on every attempt.
 */
export const backchannelLogoutDeliveries = pgTable(
  'backchannel_logout_deliveries',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The user (`sub`); kept after the account is deleted, which is one of the reasons a session ends. */
    subject: text('subject').notNull(),
    /** The ended session's public id (`sid`). */
    sessionId: text('session_id').notNull(),
    /** Why the session ended: `sign_out`, `rp_logout`, `account_disabled`, ... (docs/logout.md). */
    reason: text('reason').notNull(),
    /** `pending` (more attempts to come), `delivered` or `failed` (the retry schedule ran out). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
  },
  (table) => [
    index('backchannel_logout_deliveries_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('backchannel_logout_deliveries_client').on(table.clientId, table.seq),
  ],
);
