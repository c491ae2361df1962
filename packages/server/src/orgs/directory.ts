import { and, eq, exists, like, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import type { Db } from '../db/client.js';
import { organizationMembers, organizations } from './tables.js';

/**
 * Whom a directory caller may see (docs/organizations.md#the-users-directory): a confidential client granted
 * `service.users:read` sees every active user; a user's token sees the active members of the active
 * organization its context names.
 */
export type DirectoryAudience = { kind: 'everyone' } | { kind: 'organization'; organizationId: string };

export interface DirectoryEntry {
  id: string;
  email: string;
  name: string;
}

const entryColumns = { id: users.id, email: users.email, name: users.name };

/** The users directory for apps: search and lookup of active users, limited to what the caller may see. */
export class UserDirectory {
  constructor(private readonly db: Db) {}

  /**
   * Active users whose email or name starts with `query` (docs/users.md#for-apps): first those whose address
   * starts with it, by address; then those whose name alone does, by lower-cased name, then address. Both orders
   * compare bytes (`~<~`, the order of the `text_pattern_ops` indexes `users_email_prefix_idx` and
   * `users_name_prefix_idx`, accounts/tables.ts; within an organization, the directory indexes of
   * organization_members, orgs/tables.ts), so each kind of match is one range of its index read in order and
   * stopped after `limit` rows: a prefix a tenth of a million users share costs what a whole address does
   * (docs/performance.md#the-directory-by-prefix-read-in-index-order); in the database's collation no index gives
   * both the range and the order. The name is compared as `lower(name) like lower(pattern)`, which is how
   * PostgreSQL runs `name ilike pattern` in a multi-byte encoding (both sides lower-cased, then LIKE), in the form
   * the expression index answers.
   */
  async search(query: string, limit: number, audience: DirectoryAudience): Promise<DirectoryEntry[]> {
    const pattern = `${query
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const matches =
      audience.kind === 'everyone'
        ? await this.everyoneMatches(pattern, limit)
        : await this.memberMatches(pattern, limit, audience.organizationId);
    const seen = new Set<string>();
    const entries: DirectoryEntry[] = [];
    for (const { id, email, name } of matches) {
      if (seen.has(id)) continue;
      seen.add(id);
      entries.push({ id, email, name });
    }
    return entries.slice(0, limit);
  }

  /**
   * Every active user: one range of each of the users' own prefix indexes, read in order. The first `limit` name
   * matches include every address match among them, which the first branch returned already; what remains are
   * at least the `limit` minus the address matches there are: all a page can hold.
   */
  private everyoneMatches(pattern: string, limit: number) {
    const lowerName = sql<string>`lower(${users.name})`;
    const byAddress = this.db
      .select({
        ...entryColumns,
        kind: sql<number>`0`.as('kind'),
        key: sql<string>`${users.emailNormalized}`.as('key'),
        address: sql<string>`${users.emailNormalized}`.as('address'),
      })
      .from(users)
      .where(and(eq(users.status, 'active'), like(users.emailNormalized, pattern)))
      .orderBy(sql`${users.emailNormalized} using ~<~`)
      .limit(limit);
    const byName = this.db
      .select({ ...entryColumns, kind: sql<number>`1`, key: lowerName, address: users.emailNormalized })
      .from(users)
      .where(and(eq(users.status, 'active'), sql`${lowerName} like lower(${pattern})`))
      .orderBy(sql`${lowerName} using ~<~`, sql`${users.emailNormalized} using ~<~`)
      .limit(limit);
    return unionAll(byAddress, byName).orderBy(sql`kind`, sql`key using ~<~`, sql`address using ~<~`);
  }

  /**
   * The active members of one active organization, by the copies of their keys each membership holds
   * (organization_members.user_email_normalized and user_name_lower, kept by triggers): one range of each of the
   * organization's own directory indexes, read in order, whatever the other users are. Through the users'
   * indexes, a prefix most users share and few members do was read user by user until the members turned up
   * (2.5 s at a million users for an organization of 50,000 whose addresses all sort late,
   * docs/performance.md#the-directory-within-an-organization).
   */
  private memberMatches(pattern: string, limit: number, organizationId: string) {
    const activeOrganization = exists(
      this.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'active'))),
    );
    const inOrganization = and(
      eq(organizationMembers.organizationId, organizationId),
      eq(organizationMembers.status, 'active'),
      eq(users.status, 'active'),
      activeOrganization,
    );
    const byAddress = this.db
      .select({
        ...entryColumns,
        kind: sql<number>`0`.as('kind'),
        key: sql<string>`${organizationMembers.userEmailNormalized}`.as('key'),
        address: sql<string>`${organizationMembers.userEmailNormalized}`.as('address'),
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(inOrganization, like(organizationMembers.userEmailNormalized, pattern)))
      .orderBy(sql`${organizationMembers.userEmailNormalized} using ~<~`)
      .limit(limit);
    const byName = this.db
      .select({
        ...entryColumns,
        kind: sql<number>`1`,
        key: sql<string>`${organizationMembers.userNameLower}`,
        address: sql<string>`${organizationMembers.userEmailNormalized}`,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(inOrganization, sql`${organizationMembers.userNameLower} like lower(${pattern})`))
      .orderBy(
        sql`${organizationMembers.userNameLower} using ~<~`,
        sql`${organizationMembers.userEmailNormalized} using ~<~`,
      )
      .limit(limit);
    return unionAll(byAddress, byName).orderBy(sql`kind`, sql`key using ~<~`, sql`address using ~<~`);
  }

  /** One active user, or null when there is none the caller may see (existence is not revealed). */
  async find(userId: string, audience: DirectoryAudience): Promise<DirectoryEntry | null> {
    const [entry] = await this.db
      .select(entryColumns)
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'active'), this.visibleTo(audience)));
    return entry ?? null;
  }

  private visibleTo(audience: DirectoryAudience): SQL | undefined {
    if (audience.kind === 'everyone') return undefined;
    return exists(
      this.db
        .select({ id: organizationMembers.id })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(
          and(
            eq(organizationMembers.userId, users.id),
            eq(organizationMembers.organizationId, audience.organizationId),
            eq(organizationMembers.status, 'active'),
            eq(organizations.status, 'active'),
          ),
        ),
    );
  }
}
