import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { users } from '../db/schema/index.js';
import { consumedLoginState, type PasswordAccounts } from './password-authentication.js';
import { normalizeEmail, toUser, type User } from './users.js';

// Apart from users.ts: password-authentication.ts uses users.ts (normalizeEmail), so this adapter there would
// close an import loop (DESIGN §3).

/** Users as password accounts (OPAQUE records live on the users table). */
export function userPasswordAccounts(db: Db): PasswordAccounts<User> {
  // Every sign-in reads the user at the OPAQUE start (by email) and consumes its login with the user at the finish:
  // built and prepared once.
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
  const consumeLogin = preparedQuery(db, 'user_login_consume', (db) => {
    const consumed = consumedLoginState(db, 'user');
    return db
      .with(consumed)
      .select({ stateSealed: consumed.stateSealed, user: users })
      .from(consumed)
      .leftJoin(users, eq(users.id, consumed.userId));
  });
  return {
    kind: 'user',
    async findWithRecord(by) {
      const [row] = await ('email' in by
        ? byEmail({ email: normalizeEmail(by.email) })
        : byId({ id: by.id }));
      return row ? { account: toUser(row), record: row.opaqueRecord } : null;
    },
    async consumeLogin(values) {
      const [row] = await consumeLogin({ ...values });
      if (!row) return null;
      const { stateSealed, user } = row;
      return {
        stateSealed,
        proof: user ? { account: toUser(user), mustChangePassword: user.mustChangePassword } : null,
      };
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
