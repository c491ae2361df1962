import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Runtime settings an admin may change; typed and validated by config/settings.ts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
