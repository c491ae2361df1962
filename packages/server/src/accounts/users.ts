import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, ilike, like, or, type SQL, sql } from 'drizzle-orm';
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

/** A substring search counts its matches up to this many; at the cap its total is a lower bound. */
export const MATCH_CAP = 1_000;

/** Addresses one page of a search with MATCH_CAP matches or more reads at most, in address order. */
export const SCAN_BUDGET = 5_000;

/** How exact an admin listing's total is: counted, a lower bound (MATCH_CAP), or the planner's estimate. */
export type TotalKind = 'exact' | 'at_least' | 'estimate';

export interface UserPageRequest {
  query: string;
  limit: number;
  /** Rows to skip (offset paging); 0 with `after`. */
  offset: number;
  /** The address (normalized) the page starts after (keyset paging). */
  after?: string;
}

export interface UserPage {
  users: User[];
  total: number;
  totalKind: TotalKind;
  /** The address the next page starts after, or null when this page is the last. */
  nextAfter: string | null;
}

/** The columns of a user the listings read, as a raw statement names them. */
const USER_COLUMNS = sql.raw('id, email, email_normalized, email_verified, name, status, locale');

/** A row of a raw statement over USER_COLUMNS. */
interface RawUserRow {
  id: string;
  email: string;
  email_normalized: string;
  email_verified: boolean;
  name: string;
  status: string;
  locale: string | null;
}

/** What the listings read of a user. */
type ListedRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'emailNormalized' | 'emailVerified' | 'name' | 'status' | 'locale'
>;

function fromRaw(row: RawUserRow): ListedRow {
  return {
    id: row.id,
    email: row.email,
    emailNormalized: row.email_normalized,
    emailVerified: row.email_verified,
    name: row.name,
    status: row.status,
    locale: row.locale,
  };
}

/** `limit + 1` rows read: the first `limit`, and where the next page starts when there was one more. */
function pageOf(rows: ListedRow[], limit: number): Pick<UserPage, 'users' | 'nextAfter'> {
  const shown = rows.slice(0, limit);
  return {
    users: shown.map(toUser),
    nextAfter: rows.length > limit ? (shown[shown.length - 1]?.emailNormalized ?? null) : null,
  };
}

export class UserExistsError extends Error {
  override name = 'UserExistsError';
}

/**
 * An `offset` on a search that matched MATCH_CAP users or more. No plan reaches such a page at a bounded cost: the
 * database either walks the address index until it has passed `offset` matches (every address between them, when
 * matches are sparse) or reads every match and sorts them (when they are not), so the cursor (`after`), which reads
 * a bounded stretch per page, is the way on (docs/admin.md#finding-users).
 */
export class BroadSearchOffsetError extends Error {
  override name = 'BroadSearchOffsetError';
  constructor() {
    super(
      `offset cannot page a search that matches ${MATCH_CAP} users or more (total_kind at_least): ` +
        `page with after=<next_after> instead, or narrow the search`,
    );
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** One `@` between a non-empty local part and domain, no space: a whole address, not a fragment of one. */
function isWholeAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text);
}

export function toUser(
  row: Pick<typeof users.$inferSelect, 'id' | 'email' | 'emailVerified' | 'name' | 'status' | 'locale'>,
): User {
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
   * Admin listing: every status, by address, `limit` users after the key `after` (keyset paging; `offset` is kept
   * for existing callers and costs what it skips; a search at the cap refuses it, BroadSearchOffsetError). A query
   * that is a whole address finds the account with that address by the unique index (an equality probe); any
   * other query, or a whole address no account has, matches a substring of the email or the name (trigram indexes
   * on PostgreSQL). A whole address is not searched as a substring when its account exists: the trigrams every
   * address of a domain shares make that search read most of the table's index entries
   * (docs/performance.md#query-plans).
   *
   * A substring search reads at most MATCH_CAP matches, in one statement with its page: below the cap its total is
   * exact and its page comes from those matches; at the cap the total is a lower bound (`at_least`) and the pages
   * are read in address order, at most SCAN_BUDGET addresses per page (docs/admin.md#finding-users).
   */
  async page(request: UserPageRequest): Promise<UserPage> {
    const wanted = request.query.trim().toLowerCase();
    if (isWholeAddress(wanted)) {
      const account = await this.findByEmail(wanted);
      if (account) {
        const shown =
          request.offset === 0 &&
          (request.after === undefined || (await this.sortsAfter(wanted, request.after)));
        return { users: shown ? [account] : [], total: 1, totalKind: 'exact', nextAfter: null };
      }
    }
    if (!wanted) return this.pageAll(request);
    const pattern = containsPattern(wanted);
    return this.pageMatching(
      or(like(users.emailNormalized, pattern), ilike(users.name, pattern)) as SQL,
      request,
    );
  }

  /** Whether the address `key` sorts after `after` as the address index orders them (the database's collation). */
  private async sortsAfter(key: string, after: string): Promise<boolean> {
    const { rows } = (await this.db.execute(
      sql`select ${key}::text > ${after}::text as later`,
    )) as unknown as { rows: { later: boolean }[] };
    return rows[0]?.later === true;
  }

  /** Every user: the page by the address index, the total counted or estimated (countAll). */
  private async pageAll({ offset, after, limit }: UserPageRequest): Promise<UserPage> {
    const rows = await this.db
      .select()
      .from(users)
      .where(after === undefined ? undefined : gt(users.emailNormalized, after))
      .orderBy(users.emailNormalized)
      .offset(offset)
      .limit(limit + 1);
    const { total, estimated } = await this.countAll();
    return { ...pageOf(rows, limit), total, totalKind: estimated ? 'estimate' : 'exact' };
  }

  /**
   * The users `where` matches. One statement reads at most MATCH_CAP of them (in whatever order the plan finds
   * them: a bitmap of the trigram indexes, or a scan that stops at the cap), counts them and, when they are all
   * there are, sorts the page out of them. At the cap, the page is read in address order instead.
   */
  private async pageMatching(where: SQL, request: UserPageRequest): Promise<UserPage> {
    const { offset, after, limit } = request;
    const { rows } = (await this.db.execute(sql`
      with matched as materialized (
        select ${USER_COLUMNS} from ${users} where ${where} limit ${MATCH_CAP}
      )
      select counted.n, page.* from (select count(*)::int as n from matched) counted
      left join lateral (
        select * from matched ${after === undefined ? sql`` : sql`where email_normalized > ${after}`}
        order by email_normalized offset ${offset} limit ${limit + 1}
      ) page on true`)) as unknown as { rows: (RawUserRow & { n: number })[] };
    const matched = Number(rows[0]?.n ?? 0);
    if (matched < MATCH_CAP) {
      const found = rows.filter((row) => row.id !== null).map(fromRaw);
      return { ...pageOf(found, limit), total: matched, totalKind: 'exact' };
    }
    if (offset > 0) throw new BroadSearchOffsetError();
    return { ...(await this.pageByScan(where, after, limit)), total: MATCH_CAP, totalKind: 'at_least' };
  }

  /**
   * A page of a broad search in address order: of the next SCAN_BUDGET addresses after `after` by the address index,
   * those that match, the scan stopping as soon as the page is full. A page the budget ends before it is full is
   * shorter than `limit` (empty, even), and its `nextAfter` is the last address read, so the next page goes on from
   * there; only the end of the table ends the paging.
   */
  private async pageByScan(
    where: SQL,
    after: string | undefined,
    limit: number,
  ): Promise<Pick<UserPage, 'users' | 'nextAfter'>> {
    const from = after === undefined ? sql`` : sql`where ${users.emailNormalized} > ${after}`;
    const { rows } = (await this.db.execute(sql`
      select ${USER_COLUMNS} from (
        select ${USER_COLUMNS}, (${where}) as matches from ${users} ${from}
        order by ${users.emailNormalized} limit ${SCAN_BUDGET}
      ) scanned where matches order by email_normalized limit ${limit + 1}`)) as unknown as {
      rows: RawUserRow[];
    };
    const page = pageOf(rows.map(fromRaw), limit);
    if (page.nextAfter !== null) return page;
    // Not full: either the budget ran out (the next page starts after its last address) or the table did.
    const [last] = await this.db
      .select({ key: users.emailNormalized })
      .from(users)
      .where(after === undefined ? undefined : gt(users.emailNormalized, after))
      .orderBy(users.emailNormalized)
      .offset(SCAN_BUDGET - 1)
      .limit(1);
    return { users: page.users, nextAfter: last?.key ?? null };
  }

  /**
   * How many users there are: counted up to ESTIMATED_TOTAL_ABOVE, above that the planner's estimate (its rows per
   * page times the table's current pages), which costs no scan of a million rows (docs/performance.md#query-plans).
   */
  private async countAll(): Promise<{ total: number; estimated: boolean }> {
    // Both drivers answer a raw statement with its rows under `rows`.
    const { rows } = (await this.db.execute(
      sql`select (c.reltuples / nullif(c.relpages, 0) * (pg_relation_size(c.oid) / current_setting('block_size')::int))::float8 as n from pg_class c where c.oid = 'users'::regclass and c.reltuples > 0`,
    )) as unknown as { rows: { n: number | null }[] };
    const [estimate] = rows;
    const estimated =
      estimate?.n === null || estimate?.n === undefined ? null : Math.round(Number(estimate.n));
    if (estimated !== null && estimated > ESTIMATED_TOTAL_ABOVE) return { total: estimated, estimated: true };
    const [total] = await this.db.select({ n: count() }).from(users);
    return { total: Number(total?.n ?? 0), estimated: false };
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
