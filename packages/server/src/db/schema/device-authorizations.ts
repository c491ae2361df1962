import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { clients } from './oauth.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Device authorizations (RFC 8628): one per request to the device authorization endpoint, looked up by the SHA-256
 * of its device code (the device's polling) or of its normalized user code (the hosted UI's code entry); neither
 * value is stored. Its status moves once from `pending` to `approved` or `denied` (the user's decision on the
 * consent page), and once from `approved` to `issued` (the one token response), each by a conditional UPDATE, so
 * two nodes never both decide or both issue (docs/device-flow.md).
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: text('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCodeHash: text('user_code_hash').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** pending, approved, denied or issued. */
    status: text('status').notNull().default('pending'),
    /** The minimum seconds between polls (RFC 8628 §3.2), raised by 5 at each `slow_down` (§3.5). */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamptz('last_polled_at'),
    /** The user who approved or denied, and what the grant needs of the approval. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    authTime: timestamptz('auth_time'),
    amr: jsonb('amr').$type<string[]>(),
    acr: text('acr'),
    organizationId: text('organization_id'),
    decidedAt: timestamptz('decided_at'),
    /** The grant of the token response, once issued. */
    grantId: text('grant_id'),
    issuedAt: timestamptz('issued_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('device_authorizations_device_code_idx').on(table.deviceCodeHash),
    uniqueIndex('device_authorizations_user_code_idx').on(table.userCodeHash),
    index('device_authorizations_expires_idx').on(table.expiresAt),
    index('device_authorizations_user_idx').on(table.userId),
  ],
);
