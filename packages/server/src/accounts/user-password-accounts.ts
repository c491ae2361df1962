import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { consumedLoginState, type PasswordAccounts } from './password-authentication.js';
import type { SecondFactors } from './second-factors.js';
import { users } from './tables.js';
import { normalizeEmail, toUser, type User } from './users.js';

// Apart from users.ts: password-authentication.ts uses users.ts (normalizeEmail), so this adapter there would
// close an import loop (DEVELOPERS.md#rules-the-code-enforces).

/** Users as password accounts (OPAQUE records live on the users table). */
export function userPasswordAccounts(db: Db, secondFactors: SecondFactors): PasswordAccounts<User> {
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
  // Built on first use, once the second factors have registered: the statement also reads what the sign-in owes
  // (SecondFactors.userSignInFactColumns), unless a factor cannot be read that way.
  let consumeLogin: ReturnType<typeof buildConsumeLogin> | undefined;
  const buildConsumeLogin = () => {
    const withFacts = secondFactors.userSignInFactColumns(users.id) !== null;
    const factorsRead = secondFactors.count;
    const query = preparedQuery(
      db,
      withFacts ? 'user_login_consume' : 'user_login_consume_without_factors',
      (db) => {
        const consumed = consumedLoginState(db, 'user');
        const facts = withFacts ? (secondFactors.userSignInFactColumns(consumed.userId) ?? {}) : {};
        return db
          .with(consumed)
          .select({ stateSealed: consumed.stateSealed, user: users, ...facts })
          .from(consumed)
          .leftJoin(users, eq(users.id, consumed.userId));
      },
    );
    return { query, withFacts, factorsRead };
  };
  return {
    kind: 'user',
    async findWithRecord(by) {
      const [row] = await ('email' in by
        ? byEmail({ email: normalizeEmail(by.email) })
        : byId({ id: by.id }));
      return row ? { account: toUser(row), record: row.opaqueRecord } : null;
    },
    async consumeLogin(values) {
      consumeLogin ??= buildConsumeLogin();
      const [row] = await consumeLogin.query({ ...values });
      if (!row) return null;
      const { stateSealed, user } = row;
      const secondFactor = consumeLogin.withFacts
        ? secondFactors.owedFromFacts(row, consumeLogin.factorsRead)
        : undefined;
      return {
        stateSealed,
        proof: user
          ? { account: toUser(user), mustChangePassword: user.mustChangePassword, secondFactor }
          : null,
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
