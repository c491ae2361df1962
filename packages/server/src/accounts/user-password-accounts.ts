import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { PasswordAccounts } from './password-authentication.js';
import type { User, UserService } from './users.js';

// Apart from users.ts: password-authentication.ts uses users.ts (normalizeEmail), so this adapter there would
// close an import loop (DESIGN §3).

/** Users as password accounts (OPAQUE records live on the users table). */
export function userPasswordAccounts(db: Db, service: UserService): PasswordAccounts<User> {
  return {
    kind: 'user',
    find: (id) => service.find(id),
    findByEmail: (email) => service.findByEmail(email),
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
