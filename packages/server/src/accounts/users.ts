import { randomUUID } from 'node:crypto';
import { and, count, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import type { ChangeBus } from '../db/change-bus.js';
import type { Db } from '../db/client.js';
import { containsPattern } from '../db/like.js';
import { opaqueLogins, pendingRegistrations, users } from './tables.js';

export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  status: 'active' | 'disabled';
  /** The language chosen for the hosted UI and emails (config/ui-locales.ts), null when none. */
  locale?: string | null;
}

/** Up to this many users the admin listing's unfiltered total is an exact count; above, an estimate. */
const ESTIMATED_TOTAL_ABOVE = 10_000;

export class UserExistsError extends Error {
  override name = 'UserExistsError';
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** One `@` between a non-empty local part and domain, no space: a whole address, not a fragment of one. */
function isWholeAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text);
}

export function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    name: row.name,
    status: row.status as User['status'],
    locale: row.locale,
  };
}

/**
 * User records. Sign-in (OPAQUE) and profile flows build on this.
 *
 * Every change of a user's status or of the claims userinfo returns (name, email, email_verified) is announced on
 * the change bus (topic `users`), here and nowhere else, so that the grant-status cache of every node drops what it
 * holds for the user (oauth/grant-status-cache.ts) whoever made the change.
 */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
  ) {}

  private async changed(id: string): Promise<void> {
    await this.bus.announce('users', id);
  }

  async create(input: { id?: string; email: string; name?: string; emailVerified?: boolean }): Promise<User> {
    const emailNormalized = normalizeEmail(input.email);
    const inserted = await this.db
      .insert(users)
      .values({
        id: input.id ?? randomUUID(),
        email: input.email.trim(),
        emailNormalized,
        name: input.name ?? '',
        emailVerified: input.emailVerified ?? false,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted[0]) throw new UserExistsError('an account with this email exists');
    return toUser(inserted[0]);
  }

  async find(id: string): Promise<User | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? toUser(row) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.emailNormalized, normalizeEmail(email)));
    return row ? toUser(row) : null;
  }

  async markEmailVerified(id: string, email: string): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.emailNormalized, normalizeEmail(email))))
      .returning({ id: users.id });
    if (updated.length === 1) await this.changed(id);
    return updated.length === 1;
  }

  /**
   * Marks a never-verified address verified and drops the password record set before (docs/users.md#unverified-accounts),
   * with the OPAQUE sign-ins and registrations under way for the account, which were started against that record or
   * could store a new one. Compare-and-set: false, and nothing changed, when the address is verified already (or is
   * no longer `email`), so of two concurrent claims one discards.
   */
  async claimUnverified(id: string, email: string): Promise<boolean> {
    const claimed = await this.db
      .update(users)
      .set({ emailVerified: true, opaqueRecord: null, mustChangePassword: false, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, id),
          eq(users.emailNormalized, normalizeEmail(email)),
          eq(users.emailVerified, false),
        ),
      )
      .returning({ id: users.id });
    if (claimed.length === 0) return false;
    await this.db.delete(opaqueLogins).where(eq(opaqueLogins.userId, id));
    await this.db
      .delete(pendingRegistrations)
      .where(and(eq(pendingRegistrations.kind, 'user'), eq(pendingRegistrations.userId, id)));
    await this.changed(id);
    return true;
  }

  async setName(id: string, name: string): Promise<void> {
    await this.db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id));
    await this.changed(id);
  }

  /** Saves the language the user chose (null: none, follow the browser). */
  async setLocale(id: string, locale: string | null): Promise<void> {
    await this.db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, id));
    await this.changed(id);
  }

  /** Changes the address (confirmed by a link to it); false when another account took it meanwhile. */
  async changeEmail(id: string, email: string): Promise<boolean> {
    try {
      const updated = await this.db
        .update(users)
        .set({
          email: email.trim(),
          emailNormalized: normalizeEmail(email),
          emailVerified: true,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      if (updated.length === 1) await this.changed(id);
      return updated.length === 1;
    } catch {
      // The unique index refused it.
      return false;
    }
  }

  /**
   * Admin listing: every status, paged, by address. A query that is a whole address finds the account with that
   * address by the unique index (an equality probe); any other query, or a whole address no account has, matches a
   * substring of the email or the name (trigram indexes on PostgreSQL). A whole address is not searched as a
   * substring when its account exists: the trigrams every address of a domain shares make that search read most of
   * the table's index entries (docs/performance.md#query-plans).
   */
  async page(query: string, offset: number, limit: number): Promise<{ users: User[]; total: number }> {
    const wanted = query.trim().toLowerCase();
    if (isWholeAddress(wanted)) {
      const account = await this.findByEmail(wanted);
      if (account) return { users: offset === 0 ? [account] : [], total: 1 };
    }
    const pattern = containsPattern(wanted);
    const where = wanted ? or(like(users.emailNormalized, pattern), ilike(users.name, pattern)) : undefined;
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(users.emailNormalized)
      .offset(offset)
      .limit(limit);
    return { users: rows.map(toUser), total: where ? await this.count(where) : await this.countAll() };
  }

  private async count(where: SQL): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    return Number(total?.n ?? 0);
  }

  /**
   * How many users there are: counted up to ESTIMATED_TOTAL_ABOVE, above that the planner's estimate (its rows per
   * page times the table's current pages), which costs no scan of a million rows (docs/performance.md#query-plans).
   */
  private async countAll(): Promise<number> {
    // Both drivers answer a raw statement with its rows under `rows`.
    const { rows } = (await this.db.execute(
      sql`select (c.reltuples / nullif(c.relpages, 0) * (pg_relation_size(c.oid) / current_setting('block_size')::int))::float8 as n from pg_class c where c.oid = 'users'::regclass and c.reltuples > 0`,
    )) as unknown as { rows: { n: number | null }[] };
    const [estimate] = rows;
    const estimated =
      estimate?.n === null || estimate?.n === undefined ? null : Math.round(Number(estimate.n));
    if (estimated !== null && estimated > ESTIMATED_TOTAL_ABOVE) return estimated;
    const [total] = await this.db.select({ n: count() }).from(users);
    return Number(total?.n ?? 0);
  }

  async update(
    id: string,
    changes: { name?: string; email?: string; emailVerified?: boolean },
  ): Promise<User | null> {
    const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (changes.name !== undefined) values.name = changes.name;
    if (changes.email !== undefined) {
      values.email = changes.email.trim();
      values.emailNormalized = normalizeEmail(changes.email);
    }
    if (changes.emailVerified !== undefined) values.emailVerified = changes.emailVerified;
    let row: typeof users.$inferSelect | undefined;
    try {
      [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    } catch {
      throw new UserExistsError('an account with this email exists');
    }
    if (!row) return null;
    await this.changed(id);
    return toUser(row);
  }

  /** Deletes the user; their grants go with them (cascade), so caches drop them too. */
  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (deleted.length === 1) await this.changed(id);
    return deleted.length === 1;
  }

  async mustChangePassword(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ value: users.mustChangePassword })
      .from(users)
      .where(eq(users.id, id));
    return row?.value ?? false;
  }

  async setStatus(id: string, status: User['status']): Promise<void> {
    await this.db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
    await this.changed(id);
  }
}
