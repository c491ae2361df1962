import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { PasswordAccounts } from './password-authentication.js';
import { normalizeEmail, toUser, type User } from './users.js';

// Apart from users.ts: password-authentication.ts uses users.ts (normalizeEmail), so this adapter there would
// close an import loop (DESIGN §3).

/** Users as password accounts (OPAQUE records live on the users table). */
export function userPasswordAccounts(db: Db): PasswordAccounts<User> {
  return {
    kind: 'user',
    async findWithRecord(by) {
      const [row] = await db
        .select()
        .from(users)
        .where('email' in by ? eq(users.emailNormalized, normalizeEmail(by.email)) : eq(users.id, by.id));
      return row ? { account: toUser(row), record: row.opaqueRecord } : null;
    },
    async findForSignIn(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
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
