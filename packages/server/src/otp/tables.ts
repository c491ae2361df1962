import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers, users } from '../accounts/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * TOTP secrets (RFC 6238), sealed at rest. Per account at most one `enabled` and one `pending` (being enrolled).
 * `lastStep` is the last accepted time step: a code of that step or any earlier one is refused (RFC 6238 §5.2).
 */
export const otpFactors = pgTable(
  'otp_factors',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminUserId: text('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    algorithm: text('algorithm').notNull(),
    digits: integer('digits').notNull(),
    period: integer('period').notNull(),
    lastStep: bigint('last_step', { mode: 'bigint' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    enabledAt: timestamptz('enabled_at'),
  },
  (table) => [
    index('otp_factors_user_idx').on(table.userId),
    index('otp_factors_admin_idx').on(table.adminUserId),
  ],
);

/** Backup codes: keyed one-way hashes (HMAC-SHA-256 under a sealed server key), each single use. */
export const otpBackupCodes = pgTable(
  'otp_backup_codes',
  {
    id: text('id').primaryKey(),
    factorId: text('factor_id')
      .notNull()
      .references(() => otpFactors.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('otp_backup_codes_factor_idx').on(table.factorId)],
);
