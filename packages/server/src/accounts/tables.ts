import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * When a session stopped being usable: ended, idle too long or past its absolute lifetime, whichever came first
 * (`least` skips a null `ended_at`). Indexed, and used in exactly this form by the housekeeping job's purge.
 */
export function sessionEndExpression(columns: {
  endedAt: PgColumn;
  idleExpiresAt: PgColumn;
  absoluteExpiresAt: PgColumn;
}): SQL {
  return sql`least(${columns.endedAt}, ${columns.idleExpiresAt}, ${columns.absoluteExpiresAt})`;
}

/** People who sign in. Email is stored as given and matched lower-cased. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('active'),
    /** OPAQUE registration record (RFC 9807 §5.1.2): useless without the sealed server setup. */
    opaqueRecord: text('opaque_record'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The language the user chose for the hosted UI and emails (config/ui-locales.ts); null: none chosen. */
    locale: text('locale'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.emailNormalized),
    // The users directory's prefix search (orgs/directory.ts): `like 'prefix%'` is a range of these indexes in any
    // collation (text_pattern_ops compares bytes), where the trigram indexes would read every posting list an
    // address shares with its whole domain (docs/performance.md#query-plans).
    index('users_email_prefix_idx').on(table.emailNormalized.op('text_pattern_ops')),
    index('users_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
  ],
);

/** Administrators: separate from users, with role `read` or `write`; they sign in on the admin port only. */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    opaqueRecord: text('opaque_record'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('admin_users_email_idx').on(table.emailNormalized)],
);

/**
 * Signed-in sessions of users (public port) and of admins (admin port, `kind = 'admin'`). The cookie carries a
 * random value; the row is keyed by its SHA-256. `publicId` is the non-secret session identifier put in tokens as
 * `sid`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull().default('user'),
    publicId: text('public_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminUserId: text('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    authTime: timestamptz('auth_time').notNull(),
    amr: jsonb('amr').$type<string[]>().notNull(),
    acr: text('acr').notNull(),
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
    /** Until when a recent second-factor proof (POST /otp/reauth) allows sensitive actions. */
    stepUpUntil: timestamptz('step_up_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: timestamptz('idle_expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (table) => [
    // Not unique: a rotated session (sign-in completed, step-up) keeps its `sid` in a new row.
    index('sessions_public_id_idx').on(table.publicId),
    index('sessions_user_idx').on(table.userId),
    index('sessions_admin_user_idx').on(table.adminUserId),
    index('sessions_end_idx').on(sessionEndExpression(table)),
  ],
);

/**
 * OPAQUE login state between start and finish (5 minutes, single use), in the database so the two halves may be
 * served by different nodes. The user is fixed here at start; finish never takes an identity from the client.
 */
export const opaqueLogins = pgTable(
  'opaque_logins',
  {
    idHash: text('id_hash').primaryKey(),
    kind: text('kind').notNull().default('user'),
    /** Null for an unknown account: the fake-record flow runs to the end and fails like a wrong password. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminUserId: text('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    stateSealed: text('state_sealed').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [index('opaque_logins_expires_idx').on(table.expiresAt)],
);

/** OPAQUE registrations between start and finish; the user id is chosen at start and is the OPAQUE identifier. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    idHash: text('id_hash').primaryKey(),
    kind: text('kind').notNull().default('user'),
    email: text('email').notNull(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [index('pending_registrations_expires_idx').on(table.expiresAt)],
);

/** Single-use emailed tokens (verification, password reset, email change), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    index('email_tokens_user_idx').on(table.userId),
    index('email_tokens_expires_idx').on(table.expiresAt),
  ],
);
