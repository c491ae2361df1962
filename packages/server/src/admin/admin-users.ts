import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { consumedLoginState, type PasswordAccounts } from '../accounts/password-authentication.js';
import { adminUsers } from '../accounts/tables.js';
import { normalizeEmail } from '../accounts/users.js';
import { appError } from '../app/errors.js';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { adminError } from './errors.js';

export type AdminRole = 'read' | 'write';

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: AdminRole;
  status: 'active' | 'disabled';
  createdAt: Date;
}

function toAdmin(row: typeof adminUsers.$inferSelect): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as AdminRole,
    status: row.status as AdminUser['status'],
    createdAt: row.createdAt,
  };
}

/** Administrators (separate from users). The last write admin can never be removed or demoted. */
export class AdminUserService {
  constructor(private readonly db: Db) {}

  async create(input: { id?: string; email: string; name?: string; role: AdminRole }): Promise<AdminUser> {
    const [row] = await this.db
      .insert(adminUsers)
      .values({
        id: input.id ?? randomUUID(),
        email: input.email.trim(),
        emailNormalized: normalizeEmail(input.email),
        name: input.name ?? '',
        role: input.role,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw adminError('email_taken', 'an admin with this email exists');
    return toAdmin(row);
  }

  async find(id: string): Promise<AdminUser | null> {
    const [row] = await this.db.select().from(adminUsers).where(eq(adminUsers.id, id));
    return row ? toAdmin(row) : null;
  }

  async findByEmail(email: string): Promise<AdminUser | null> {
    const [row] = await this.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.emailNormalized, normalizeEmail(email)));
    return row ? toAdmin(row) : null;
  }

  async list(): Promise<AdminUser[]> {
    return (await this.db.select().from(adminUsers).orderBy(asc(adminUsers.emailNormalized))).map(toAdmin);
  }

  private async otherWriteAdmins(id: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, 'write'), eq(adminUsers.status, 'active'), ne(adminUsers.id, id)));
    return Number(row?.n ?? 0);
  }

  async setRole(id: string, role: AdminRole): Promise<AdminUser> {
    const admin = await this.find(id);
    if (!admin) throw appError('not_found', 'no such admin');
    if (admin.role === 'write' && role !== 'write' && (await this.otherWriteAdmins(id)) === 0) {
      throw adminError('last_write_admin', 'the last write admin cannot be demoted');
    }
    await this.db.update(adminUsers).set({ role, updatedAt: new Date() }).where(eq(adminUsers.id, id));
    return { ...admin, role };
  }

  async remove(id: string): Promise<void> {
    const admin = await this.find(id);
    if (!admin) throw appError('not_found', 'no such admin');
    if (admin.role === 'write' && (await this.otherWriteAdmins(id)) === 0) {
      throw adminError('last_write_admin', 'the last write admin cannot be removed');
    }
    await this.db.delete(adminUsers).where(eq(adminUsers.id, id));
  }
}

/** Admins as password accounts. */
export function adminPasswordAccounts(db: Db): PasswordAccounts<AdminUser> {
  const consumeLogin = preparedQuery(db, 'admin_login_consume', (db) => {
    const consumed = consumedLoginState(db, 'admin');
    return db
      .with(consumed)
      .select({ stateSealed: consumed.stateSealed, admin: adminUsers })
      .from(consumed)
      .leftJoin(adminUsers, eq(adminUsers.id, consumed.adminUserId));
  });
  return {
    kind: 'admin',
    async findWithRecord(by) {
      const [row] = await db
        .select()
        .from(adminUsers)
        .where(
          'email' in by ? eq(adminUsers.emailNormalized, normalizeEmail(by.email)) : eq(adminUsers.id, by.id),
        );
      return row ? { account: toAdmin(row), record: row.opaqueRecord } : null;
    },
    async consumeLogin(values) {
      const [row] = await consumeLogin({ ...values });
      if (!row) return null;
      const { stateSealed, admin } = row;
      // Admins are never made to change their password at sign-in.
      return { stateSealed, proof: admin ? { account: toAdmin(admin), mustChangePassword: false } : null };
    },
    async recordOf(id) {
      const [row] = await db
        .select({ record: adminUsers.opaqueRecord })
        .from(adminUsers)
        .where(eq(adminUsers.id, id));
      return row?.record ?? null;
    },
    async setRecord(id, record) {
      await db
        .update(adminUsers)
        .set({ opaqueRecord: record, updatedAt: new Date() })
        .where(eq(adminUsers.id, id));
    },
  };
}
