import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { adminUsers } from '../accounts/tables.js';
import type { Db } from '../db/client.js';
import { adminTokens } from './tables.js';

export type AdminTokenRow = typeof adminTokens.$inferSelect;

/** A token with its creator's email, role and status (the token acts for its creator). */
export interface AdminTokenWithCreator {
  token: AdminTokenRow;
  creator: { id: string; email: string; name: string; role: string; status: string };
}

const creatorColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  name: adminUsers.name,
  role: adminUsers.role,
  status: adminUsers.status,
};

/** The admin_tokens table's SQL. */
export class AdminTokenStore {
  constructor(private readonly db: Db) {}

  async insert(row: typeof adminTokens.$inferInsert): Promise<AdminTokenRow> {
    const [inserted] = await this.db.insert(adminTokens).values(row).returning();
    return inserted!;
  }

  list(): Promise<AdminTokenWithCreator[]> {
    return this.db
      .select({ token: adminTokens, creator: creatorColumns })
      .from(adminTokens)
      .innerJoin(adminUsers, eq(adminUsers.id, adminTokens.createdBy))
      .orderBy(asc(adminTokens.createdAt), asc(adminTokens.id));
  }

  async find(id: string): Promise<AdminTokenWithCreator | undefined> {
    const [row] = await this.db
      .select({ token: adminTokens, creator: creatorColumns })
      .from(adminTokens)
      .innerJoin(adminUsers, eq(adminUsers.id, adminTokens.createdBy))
      .where(eq(adminTokens.id, id));
    return row;
  }

  /** Revokes (idempotent: the first revocation time is kept); undefined when there is no such token. */
  async revoke(id: string, now: Date): Promise<AdminTokenRow | undefined> {
    const [row] = await this.db
      .update(adminTokens)
      .set({ revokedAt: sql`coalesce(${adminTokens.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(adminTokens.id, id))
      .returning();
    return row;
  }

  /** The token by the hash of its value, with its creator: one indexed query per request. */
  async findByHash(tokenHash: string): Promise<AdminTokenWithCreator | undefined> {
    const [row] = await this.db
      .select({ token: adminTokens, creator: creatorColumns })
      .from(adminTokens)
      .innerJoin(adminUsers, eq(adminUsers.id, adminTokens.createdBy))
      .where(eq(adminTokens.tokenHash, tokenHash));
    return row;
  }

  /** Records use, at most once per interval: the condition makes a burst of calls write once. */
  async touch(id: string, now: Date, notSince: Date): Promise<void> {
    await this.db
      .update(adminTokens)
      .set({ lastUsedAt: now })
      .where(
        and(eq(adminTokens.id, id), or(isNull(adminTokens.lastUsedAt), lt(adminTokens.lastUsedAt, notSince))),
      );
  }
}
