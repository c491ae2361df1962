import { and, eq, exists, like, or, type SQL, sql } from 'drizzle-orm';
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
   * Active users whose email or name starts with `query`, by email. Each prefix is a range of its btree index
   * (`users_email_prefix_idx`, `users_name_prefix_idx`, accounts/tables.ts). The name is compared as
   * `lower(name) like lower(pattern)`, which is how PostgreSQL runs `name ilike pattern` in a multi-byte encoding
   * (both sides lower-cased, then LIKE), in the form the expression index answers.
   */
  async search(query: string, limit: number, audience: DirectoryAudience): Promise<DirectoryEntry[]> {
    const pattern = `${query
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return this.db
      .select(entryColumns)
      .from(users)
      .where(
        and(
          eq(users.status, 'active'),
          or(like(users.emailNormalized, pattern), sql`lower(${users.name}) like lower(${pattern})`),
          this.visibleTo(audience),
        ),
      )
      .orderBy(users.emailNormalized)
      .limit(limit);
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
