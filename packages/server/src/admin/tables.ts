import { index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from '../accounts/tables.js';

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

/**
 * Admin API tokens (docs/admin-api-tokens.md): a named bearer for the admin port with scopes, created by a write
 * admin, stored as hashToken(value) only and looked up by that hash (docs/configuration.md#keys-at-rest). A
 * token acts for its creator and ends with them (`on delete cascade`).
 */
export const adminTokens = pgTable(
  'admin_tokens',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the plaintext, shown so an admin can tell tokens apart. */
    prefix: text('prefix').notNull(),
    /** `read` and `<area>:write` (admin/token-scopes.ts). */
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('admin_tokens_hash_idx').on(table.tokenHash),
    index('admin_tokens_created_by_idx').on(table.createdBy),
  ],
);
