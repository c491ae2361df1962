import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

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
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_idx').on(table.emailNormalized)],
);

/**
 * Signed-in sessions. The cookie carries a random value; the row is keyed by its SHA-256. `publicId` is the
 * non-secret session identifier put in tokens as `sid`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authTime: timestamptz('auth_time').notNull(),
    amr: jsonb('amr').$type<string[]>().notNull(),
    acr: text('acr').notNull(),
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: timestamptz('idle_expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (table) => [
    uniqueIndex('sessions_public_id_idx').on(table.publicId),
    index('sessions_user_idx').on(table.userId),
  ],
);
