import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers, users } from '../accounts/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Users' and admins' WebAuthn credentials (passkeys): `kind` `user` (public port, `user_id`) or `admin` (admin port,
 * `admin_user_id`), one owner each, like sessions. Only public data: the COSE public key, the signature counter and what
 * the authenticator told at registration. `credential_id` is unique across users: an authenticator makes a new
 * random id per credential (WebAuthn Level 3 §6.1), so a second registration of one id is refused.
 */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    /** Our id for the credential (UUID), used in the API; `credential_id` is the authenticator's. */
    id: text('id').primaryKey(),
    /** `user` or `admin`: whose sign-in it serves (a user's passkey never signs in to the admin port). */
    kind: text('kind').notNull().default('user'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminUserId: text('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** base64url credential id (at most 1023 bytes). */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url COSE_Key of the credential public key. */
    publicKey: text('public_key').notNull(),
    /** The last signature counter seen (WebAuthn §6.1.1); 0 for authenticators that do not count. */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    aaguid: text('aaguid').notNull(),
    /** `singleDevice` or `multiDevice` (backup eligible, WebAuthn §6.1 flag BE). */
    deviceType: text('device_type').notNull(),
    /** Backup state (flag BS) as last seen. */
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    /** The PRF evaluation input of this credential (32 random bytes, base64url); public, not secret. */
    prfSalt: text('prf_salt').notNull(),
    /** The browser reported the PRF extension enabled at registration (docs/zk.md §3.4). */
    prfCapable: boolean('prf_capable').notNull().default(false),
    /** Set when an assertion came with a signature counter not above the stored one (cloned authenticator). */
    cloneSuspectedAt: timestamptz('clone_suspected_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [
    index('passkey_credentials_user_idx').on(table.userId),
    index('passkey_credentials_admin_idx').on(table.adminUserId),
    check(
      'passkey_credentials_owner',
      sql`(${table.kind} = 'user' and ${table.userId} is not null and ${table.adminUserId} is null) or (${table.kind} = 'admin' and ${table.adminUserId} is not null and ${table.userId} is null)`,
    ),
  ],
);

/**
 * Pending WebAuthn ceremonies: the challenge (stored only as its SHA-256), what it is for and who it is bound to.
 * Consumed exactly once (`UPDATE ... WHERE consumed_at IS NULL RETURNING`), so a replayed response or two
 * concurrent finishes give one success, on one node or many.
 */
export const passkeyCeremonies = pgTable(
  'passkey_ceremonies',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    /** `registration` or `authentication`. */
    purpose: text('purpose').notNull(),
    /** `user` (public port) or `admin` (admin port): a ceremony is finished only on its own port. */
    kind: text('kind').notNull().default('user'),
    /** Registration: the user adding a passkey. Email-first sign-in: the account named, if it exists. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The same for an admin's ceremony. */
    adminUserId: text('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** Registration: the session that asked (the finish must come from it). */
    sessionId: text('session_id'),
    /** Email-first sign-in: only a credential of `user_id` may answer (none at all for an unknown email). */
    boundToAccount: boolean('bound_to_account').notNull().default(false),
    /** Registration: the PRF salt the new credential gets. */
    prfSalt: text('prf_salt'),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [index('passkey_ceremonies_expires_idx').on(table.expiresAt)],
);
