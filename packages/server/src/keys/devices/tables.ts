import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Trusted-device approval requests (docs/zk.md §3.6): a signed-in device that cannot unlock asks an unlocked device
 * of the same user for the account root key. The row holds only public keys and, once approved, the key wrapped to
 * the requesting device (ciphertext the server cannot open). The device that asked holds a pickup token, stored
 * here only as its SHA-256; approving and picking up are each single use (`approved_at`, `consumed_at`).
 */
export const deviceApprovals = pgTable(
  'device_approvals',
  {
    /** UUID: the handle the approving device names (the user's own requests only). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (base64url) of the pickup token only the requesting device holds. */
    pickupTokenHash: text('pickup_token_hash').notNull(),
    /** The requesting device's ephemeral P-256 public JWK `{kty, crv, x, y}`. */
    publicJwk: jsonb('public_jwk').$type<{ kty: 'EC'; crv: 'P-256'; x: string; y: string }>().notNull(),
    label: text('label').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    approvedAt: timestamptz('approved_at'),
    /** What the approving device sent: its ephemeral public JWK, the account key id and the wrapped ARK. */
    approval: jsonb('approval').$type<{
      epk: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
      keyId: string;
      ciphertext: string;
    }>(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    uniqueIndex('device_approvals_pickup_token_idx').on(table.pickupTokenHash),
    index('device_approvals_user_idx').on(table.userId, table.expiresAt),
  ],
);
