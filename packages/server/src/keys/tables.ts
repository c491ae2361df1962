import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { clients } from '../clients/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Zero-knowledge key custody (docs/zk.md): per user at most one account key — metadata only. The account root key
 * itself exists on the server only inside envelopes (`keybag_envelopes`); `keyCheck` is an HKDF output of it that
 * lets the browser recognise the right key and reveals nothing about it. The primary key on the user makes
 * creation exactly-once under concurrency.
 */
export const keybags = pgTable('keybags', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** UUID the browser chose for this account root key; a new one means new-key setup. */
  keyId: text('key_id').notNull(),
  /** 1 at creation, +1 on every rotation; bound into every envelope's AAD. */
  version: integer('version').notNull(),
  scheme: integer('scheme').notNull(),
  keyCheck: text('key_check').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  rotatedAt: timestamptz('rotated_at'),
  lastUnlockedAt: timestamptz('last_unlocked_at'),
});

/** The account root key wrapped under one envelope key each: ciphertext and metadata only (docs/zk.md §3). */
export const keybagEnvelopes = pgTable(
  'keybag_envelopes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => keybags.userId, { onDelete: 'cascade' }),
    /** UUID the browser chose before encrypting (it is in the AAD); unique within the user's keybag. */
    id: text('id').notNull(),
    type: text('type').notNull(),
    scheme: integer('scheme').notNull(),
    alg: text('alg').notNull(),
    kdf: text('kdf').notNull(),
    kdfSalt: text('kdf_salt'),
    kdfInfo: text('kdf_info'),
    ciphertext: text('ciphertext').notNull(),
    label: text('label').notNull().default(''),
    credentialId: text('credential_id'),
    prfSalt: text('prf_salt'),
    deviceId: text('device_id'),
    /** `usable`, or `stale` once the secret that opens it is known to be gone (password reset by email). */
    status: text('status').notNull().default('usable'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);

/** A user's P-256 ECDH public key for others to encrypt to, and its private JWK wrapped in the browser (§6). */
export const userEncryptionKeys = pgTable('user_encryption_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  publicJwk: jsonb('public_jwk').$type<{ kty: 'EC'; crv: 'P-256'; x: string; y: string }>().notNull(),
  /** RFC 7638 thumbprint of `publicJwk`. */
  kid: text('kid').notNull(),
  publicUpdatedAt: timestamptz('public_updated_at').notNull().defaultNow(),
  /** `{ kid, alg, ciphertext }` of the wrapped private JWK, or null. */
  wrappedPrivate: jsonb('wrapped_private').$type<{ kid: string; alg: string; ciphertext: string }>(),
  privateUpdatedAt: timestamptz('private_updated_at'),
});

/**
 * Legacy v1 (docs/zk.md §5.1): a data root key an older app wrapped itself, kept per user and app for apps an admin
 * configured as `legacy-v1`. Opaque ciphertext; the service neither reads nor checks its format beyond its size.
 */
export const legacyWrappedDrks = pgTable(
  'legacy_wrapped_drks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    ciphertext: text('ciphertext').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clientId] })],
);
