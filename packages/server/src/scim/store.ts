import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNull,
  lt,
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { GroupComparison, UserComparison } from './filter.js';
import { scimConnections, scimGroupMembers, scimGroups, scimTokens, scimUsers } from './tables.js';

export type ConnectionRow = typeof scimConnections.$inferSelect;
export type TokenRow = typeof scimTokens.$inferSelect;
export type ScimUserRow = typeof scimUsers.$inferSelect;
export type ScimGroupRow = typeof scimGroups.$inferSelect;

function userCondition(comparison: UserComparison): SQL | undefined {
  switch (comparison.attribute) {
    case 'id':
      return eq(scimUsers.id, comparison.value);
    case 'userName':
      return eq(scimUsers.userNameNormalized, comparison.value.toLowerCase());
    case 'externalId':
      return eq(scimUsers.externalId, comparison.value);
    case 'displayName':
      // displayName is caseExact false (RFC 7643 §4.1.1).
      return sql`lower(${scimUsers.displayName}) = ${comparison.value.toLowerCase()}`;
    case 'active':
      return eq(scimUsers.active, comparison.value);
    case 'email': {
      // Email addresses are caseExact false (RFC 7643 §4.1.2); the index holds them lower-cased.
      const wanted = comparison.type
        ? { type: comparison.type, value: comparison.value.toLowerCase() }
        : { value: comparison.value.toLowerCase() };
      return sql`${scimUsers.emailIndex} @> ${JSON.stringify([wanted])}::jsonb`;
    }
  }
}

function groupCondition(comparison: GroupComparison): SQL {
  switch (comparison.attribute) {
    case 'id':
      return eq(scimGroups.id, comparison.value);
    case 'externalId':
      return eq(scimGroups.externalId, comparison.value);
    case 'displayName':
      return eq(scimGroups.displayNameNormalized, comparison.value.toLowerCase());
  }
}

/** SQL of the SCIM slice: connections, tokens, provisioned users and groups. Every read is scoped to a connection. */
export class ScimStore {
  constructor(private readonly db: Db) {}

  // --- connections ---

  async insertConnection(row: typeof scimConnections.$inferInsert): Promise<ConnectionRow> {
    const [inserted] = await this.db.insert(scimConnections).values(row).returning();
    return inserted!;
  }

  listConnections(): Promise<ConnectionRow[]> {
    return this.db
      .select()
      .from(scimConnections)
      .orderBy(asc(scimConnections.createdAt), asc(scimConnections.id));
  }

  async findConnection(id: string): Promise<ConnectionRow | undefined> {
    const [row] = await this.db.select().from(scimConnections).where(eq(scimConnections.id, id));
    return row;
  }

  async updateConnection(
    id: string,
    values: Partial<typeof scimConnections.$inferInsert>,
  ): Promise<ConnectionRow | undefined> {
    const [row] = await this.db
      .update(scimConnections)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(scimConnections.id, id))
      .returning();
    return row;
  }

  /**
   * Of the given organizations, those governed by a provisioned-only connection where the user is not an active,
   * undeleted provisioned user of any such connection of that organization. One query.
   */
  async organizationsExcludingUser(userId: string, organizationIds: readonly string[]): Promise<string[]> {
    const governing = alias(scimConnections, 'governing');
    const rows = await this.db
      .selectDistinct({ organizationId: scimConnections.organizationId })
      .from(scimConnections)
      .where(
        and(
          eq(scimConnections.provisionedOnly, true),
          inArray(scimConnections.organizationId, [...organizationIds]),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(scimUsers)
              .innerJoin(governing, eq(governing.id, scimUsers.connectionId))
              .where(
                and(
                  eq(governing.organizationId, scimConnections.organizationId),
                  eq(governing.provisionedOnly, true),
                  eq(scimUsers.userId, userId),
                  eq(scimUsers.active, true),
                  isNull(scimUsers.deletedAt),
                ),
              ),
          ),
        ),
      );
    return rows.map((row) => row.organizationId);
  }

  async deleteConnection(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(scimConnections)
      .where(eq(scimConnections.id, id))
      .returning({ id: scimConnections.id });
    return deleted.length === 1;
  }

  // --- tokens ---

  async insertToken(row: typeof scimTokens.$inferInsert): Promise<TokenRow> {
    const [inserted] = await this.db.insert(scimTokens).values(row).returning();
    return inserted!;
  }

  /** Every token, or one connection's. */
  listTokens(connectionId?: string): Promise<TokenRow[]> {
    return this.db
      .select()
      .from(scimTokens)
      .where(connectionId === undefined ? undefined : eq(scimTokens.connectionId, connectionId))
      .orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
  }

  async revokeToken(id: string, now: Date): Promise<TokenRow | undefined> {
    const [row] = await this.db
      .update(scimTokens)
      .set({ revokedAt: sql`coalesce(${scimTokens.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(scimTokens.id, id))
      .returning();
    return row;
  }

  /** The token by the hash of its value, with its connection: one indexed query per request. */
  async findTokenByHash(
    tokenHash: string,
  ): Promise<{ token: TokenRow; connection: ConnectionRow } | undefined> {
    const [row] = await this.db
      .select({ token: scimTokens, connection: scimConnections })
      .from(scimTokens)
      .innerJoin(scimConnections, eq(scimConnections.id, scimTokens.connectionId))
      .where(eq(scimTokens.tokenHash, tokenHash));
    return row;
  }

  /** Records use, at most once per interval: the condition makes the other requests of a sync cycle write nothing. */
  async touchToken(id: string, now: Date, notSince: Date): Promise<void> {
    await this.db
      .update(scimTokens)
      .set({ lastUsedAt: now })
      .where(
        and(eq(scimTokens.id, id), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, notSince))),
      );
  }

  // --- users ---

  async insertUser(row: typeof scimUsers.$inferInsert): Promise<ScimUserRow> {
    const [inserted] = await this.db.insert(scimUsers).values(row).returning();
    return inserted!;
  }

  async findUser(connectionId: string, id: string): Promise<ScimUserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(scimUsers)
      .where(
        and(eq(scimUsers.connectionId, connectionId), eq(scimUsers.id, id), isNull(scimUsers.deletedAt)),
      );
    return row;
  }

  async findUserByUserName(connectionId: string, userName: string): Promise<ScimUserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(scimUsers)
      .where(
        and(
          eq(scimUsers.connectionId, connectionId),
          eq(scimUsers.userNameNormalized, userName.toLowerCase()),
          isNull(scimUsers.deletedAt),
        ),
      );
    return row;
  }

  async findUserByAccount(connectionId: string, userId: string): Promise<ScimUserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(scimUsers)
      .where(and(eq(scimUsers.connectionId, connectionId), eq(scimUsers.userId, userId)));
    return row;
  }

  /** How many connections other than this one provision the account (a deleted user of one still counts). */
  async otherLinks(userId: string, connectionId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(scimUsers)
      .where(and(eq(scimUsers.userId, userId), sql`${scimUsers.connectionId} <> ${connectionId}`));
    return Number(row?.n ?? 0);
  }

  /** Updates a user; `deletedAt: null` in values takes a deleted one up again. */
  async updateUser(
    id: string,
    values: Partial<typeof scimUsers.$inferInsert>,
  ): Promise<ScimUserRow | undefined> {
    const [row] = await this.db
      .update(scimUsers)
      .set({ ...values, version: sql`${scimUsers.version} + 1`, updatedAt: new Date() })
      .where(eq(scimUsers.id, id))
      .returning();
    return row;
  }

  /** Marks a user deleted (the resource is gone) but keeps the row: see scimUsers.deletedAt. */
  async tombstoneUser(id: string, now: Date): Promise<void> {
    await this.db.delete(scimGroupMembers).where(eq(scimGroupMembers.scimUserId, id));
    await this.db.update(scimUsers).set({ deletedAt: now, updatedAt: now }).where(eq(scimUsers.id, id));
  }

  /** A page of a connection's users in a stable order (Okta pages through with startIndex). */
  async listUsers(
    connectionId: string,
    comparisons: UserComparison[],
    offset: number,
    limit: number,
  ): Promise<{ rows: ScimUserRow[]; total: number }> {
    const where = and(
      eq(scimUsers.connectionId, connectionId),
      isNull(scimUsers.deletedAt),
      ...comparisons.map(userCondition),
    );
    const [total] = await this.db.select({ n: count() }).from(scimUsers).where(where);
    const rows =
      limit === 0
        ? []
        : await this.db
            .select()
            .from(scimUsers)
            .where(where)
            .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id))
            .offset(offset)
            .limit(limit);
    return { rows, total: Number(total?.n ?? 0) };
  }

  // --- groups ---

  async insertGroup(row: typeof scimGroups.$inferInsert): Promise<ScimGroupRow> {
    const [inserted] = await this.db.insert(scimGroups).values(row).returning();
    return inserted!;
  }

  async findGroup(connectionId: string, id: string): Promise<ScimGroupRow | undefined> {
    const [row] = await this.db
      .select()
      .from(scimGroups)
      .where(and(eq(scimGroups.connectionId, connectionId), eq(scimGroups.id, id)));
    return row;
  }

  async findGroupByName(connectionId: string, displayName: string): Promise<ScimGroupRow | undefined> {
    const [row] = await this.db
      .select()
      .from(scimGroups)
      .where(
        and(
          eq(scimGroups.connectionId, connectionId),
          eq(scimGroups.displayNameNormalized, displayName.toLowerCase()),
        ),
      );
    return row;
  }

  async updateGroup(
    id: string,
    values: Partial<typeof scimGroups.$inferInsert>,
  ): Promise<ScimGroupRow | undefined> {
    const [row] = await this.db
      .update(scimGroups)
      .set({ ...values, version: sql`${scimGroups.version} + 1`, updatedAt: new Date() })
      .where(eq(scimGroups.id, id))
      .returning();
    return row;
  }

  async deleteGroup(id: string): Promise<void> {
    await this.db.delete(scimGroups).where(eq(scimGroups.id, id));
  }

  async listGroups(
    connectionId: string,
    comparisons: GroupComparison[],
    offset: number,
    limit: number,
  ): Promise<{ rows: ScimGroupRow[]; total: number }> {
    const where = and(eq(scimGroups.connectionId, connectionId), ...comparisons.map(groupCondition));
    const [total] = await this.db.select({ n: count() }).from(scimGroups).where(where);
    const rows =
      limit === 0
        ? []
        : await this.db
            .select()
            .from(scimGroups)
            .where(where)
            .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
            .offset(offset)
            .limit(limit);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Members of groups, with the name shown as `display`. */
  async membersOf(groupIds: string[]): Promise<{ groupId: string; userId: string; display: string }[]> {
    if (groupIds.length === 0) return [];
    return this.db
      .select({
        groupId: scimGroupMembers.groupId,
        userId: scimUsers.id,
        display: sql<string>`coalesce(${scimUsers.displayName}, ${scimUsers.userName})`,
      })
      .from(scimGroupMembers)
      .innerJoin(scimUsers, eq(scimUsers.id, scimGroupMembers.scimUserId))
      .where(inArray(scimGroupMembers.groupId, groupIds))
      .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id));
  }

  async groupsOf(scimUserId: string): Promise<ScimGroupRow[]> {
    return this.db
      .select({ group: scimGroups })
      .from(scimGroupMembers)
      .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
      .where(eq(scimGroupMembers.scimUserId, scimUserId))
      .orderBy(asc(scimGroups.displayNameNormalized))
      .then((rows) => rows.map((row) => row.group));
  }

  /** Which of these ids are users of the connection. */
  async existingUserIds(connectionId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: scimUsers.id })
      .from(scimUsers)
      .where(
        and(
          eq(scimUsers.connectionId, connectionId),
          inArray(scimUsers.id, ids),
          isNull(scimUsers.deletedAt),
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  async addMembers(groupId: string, scimUserIds: string[]): Promise<void> {
    if (scimUserIds.length === 0) return;
    await this.db
      .insert(scimGroupMembers)
      .values(scimUserIds.map((scimUserId) => ({ groupId, scimUserId })))
      .onConflictDoNothing();
  }

  /** Which of these users are members of the group (its primary key answers each). */
  async membersAmong(groupId: string, scimUserIds: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: scimGroupMembers.scimUserId })
      .from(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.scimUserId, scimUserIds)));
    return new Set(rows.map((row) => row.id));
  }

  /** How many members the group has, counted up to `cap` (a count that stops there reads no further). */
  async memberCountUpTo(groupId: string, cap: number): Promise<number> {
    const members = this.db
      .select({ one: sql`1` })
      .from(scimGroupMembers)
      .where(eq(scimGroupMembers.groupId, groupId))
      // The primary key's order: the group's own index range, read no further than the cap (hasMemberBesides).
      .orderBy(asc(scimGroupMembers.groupId), asc(scimGroupMembers.scimUserId))
      .limit(cap)
      .as('members');
    const [row] = await this.db.select({ n: count() }).from(members);
    return row?.n ?? 0;
  }

  /** Whether the group has a member other than these users. */
  async hasMemberBesides(groupId: string, scimUserIds: string[]): Promise<boolean> {
    const [row] = await this.db
      .select({ id: scimGroupMembers.scimUserId })
      .from(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, groupId), notInArray(scimGroupMembers.scimUserId, scimUserIds)))
      // The primary key's order: the group's first qualifying entry, found in its own index range, where a scan
      // of the table would pass the other groups' members first.
      .orderBy(asc(scimGroupMembers.groupId), asc(scimGroupMembers.scimUserId))
      .limit(1);
    return row !== undefined;
  }

  async removeMembers(groupId: string, scimUserIds: string[]): Promise<void> {
    if (scimUserIds.length === 0) return;
    await this.db
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.scimUserId, scimUserIds)));
  }
}
