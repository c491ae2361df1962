import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Initial access tokens (RFC 7591 §3): issued by a write admin, they authorize Dynamic Client Registration. Stored as
 * hashToken(value) only; `uses` is counted atomically against `max_uses` (docs/client-registration.md).
 */
export const initialAccessTokens = pgTable(
  'initial_access_tokens',
  {
    id: text('id').primaryKey(),
    description: text('description').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the plaintext, shown so an admin can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Null: any number of registrations until it expires or is revoked. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('initial_access_tokens_hash_idx').on(table.tokenHash),
    check(
      'initial_access_tokens_uses_check',
      sql`${table.maxUses} IS NULL OR ${table.uses} <= ${table.maxUses}`,
    ),
  ],
);

/**
 * A client created through Dynamic Client Registration: its registration access token (RFC 7592 §3, hashed) and
 * how it was registered. Clients an admin creates have no row here. Deleting the client deletes the row, and with it
 * the registration access token.
 */
export const clientRegistrations = pgTable(
  'client_registrations',
  {
    clientId: text('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    registrationTokenHash: text('registration_token_hash').notNull(),
    /** The initial access token it was registered with; null for open registration or once that token is gone. */
    initialAccessTokenId: text('initial_access_token_id').references(() => initialAccessTokens.id, {
      onDelete: 'set null',
    }),
    /** `initial_access_token` or `open`. */
    method: text('method').notNull(),
    softwareId: text('software_id'),
    softwareVersion: text('software_version'),
    registeredAt: timestamptz('registered_at').notNull().defaultNow(),
    /** The IP address the registration came from (TESSERA_TRUST_PROXY honoured). */
    registeredFrom: text('registered_from'),
  },
  (table) => [
    uniqueIndex('client_registrations_token_idx').on(table.registrationTokenHash),
    index('client_registrations_initial_token_idx').on(table.initialAccessTokenId),
    // The admin listing's order, newest first (read backwards): a page after a cursor is one range of it.
    index('client_registrations_registered_idx').on(table.registeredAt, table.clientId),
  ],
);
