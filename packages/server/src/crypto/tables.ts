import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Token signing keys. Lifecycle (docs/operations.md#signing-keys): next (published, unused) -> current
 * (signs) -> retired (published until every token it signed has expired plus the JWKS cache time) -> removed
 * (row deleted).
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    alg: text('alg').notNull(),
    state: text('state').notNull(),
    publicJwk: jsonb('public_jwk').notNull(),
    /** Sealed under the KEK with AAD signing_keys/private_jwk/<kid>. */
    privateJwkSealed: text('private_jwk_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** For `next` keys: when rotation may promote it (it has been published for the JWKS cache time). */
    promoteAfter: timestamp('promote_after', { withTimezone: true }),
    /** When the scheduled promotion was requested; null while the key simply waits as the standby `next`. */
    promotionRequestedAt: timestamp('promotion_requested_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** For `retired` keys: when the key leaves the JWKS and is deleted. */
    removeAfter: timestamp('remove_after', { withTimezone: true }),
  },
  (table) => [index('signing_keys_alg_state_idx').on(table.alg, table.state)],
);

/** Long-lived server secrets (the OPAQUE server setup), sealed under the KEK. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  valueSealed: text('value_sealed').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
