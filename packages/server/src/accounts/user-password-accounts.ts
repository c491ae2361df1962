import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { users } from '../db/schema/index.js';
import type { PasswordAccounts } from './password-authentication.js';
import { normalizeEmail, toUser, type User } from './users.js';

// Apart from users.ts: password-authentication.ts uses users.ts (normalizeEmail), so this adapter there would
// close an import loop (DESIGN §3).

/** Users as password accounts (OPAQUE records live on the users table). */
export function userPasswordAccounts(db: Db): PasswordAccounts<User> {
  // Every sign-in reads the user twice (OPAQUE start by email, finish by id): built and prepared once.
  const byEmail = preparedQuery(db, 'user_password_account_by_email', (db) =>
    db
      .select()
      .from(users)
      .where(eq(users.emailNormalized, sql.placeholder('email'))),
  );
  const byId = preparedQuery(db, 'user_password_account_by_id', (db) =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );
  return {
    kind: 'user',
    async findWithRecord(by) {
      const [row] = await ('email' in by
        ? byEmail({ email: normalizeEmail(by.email) })
        : byId({ id: by.id }));
      return row ? { account: toUser(row), record: row.opaqueRecord } : null;
    },
    async findForSignIn(id) {
      const [row] = await byId({ id });
      return row ? { account: toUser(row), mustChangePassword: row.mustChangePassword } : null;
    },
    async recordOf(id) {
      const [row] = await db.select({ record: users.opaqueRecord }).from(users).where(eq(users.id, id));
      return row?.record ?? null;
    },
    async setRecord(id, record, options) {
      await db
        .update(users)
        .set({
          opaqueRecord: record,
          mustChangePassword: options.mustChangePassword ?? false,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
    },
  };
}
