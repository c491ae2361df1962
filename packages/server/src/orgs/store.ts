import {
  and,
  asc,
  type Column,
  count,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNull,
  like,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { containsPattern } from '../db/like.js';
import { preparedQuery } from '../db/prepared.js';
import {
  MANAGE_PERMISSION,
  type Member,
  type MemberStatus,
  normalizeSettings,
  normalizeUnlockPolicy,
  type Organization,
  type OrganizationSettings,
  type OrganizationStatus,
} from './model.js';
import { organizationMemberRoles, organizationMembers, organizations, rolePermissions } from './tables.js';

type OrganizationRow = typeof organizations.$inferSelect;
type MemberRow = typeof organizationMembers.$inferSelect;

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status as OrganizationStatus,
    settings: normalizeSettings(row.settings),
    unlockPolicy: normalizeUnlockPolicy(row.settings?.unlock_policy),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The user's active memberships of active organizations that enforce TOTP (`require_totp`). */
function totpRequiringMemberships(db: Db, userId: SQL | Column | Placeholder) {
  return db
    .select({ id: organizations.id })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(activeMembershipOf(userId), sql`(${organizations.settings} ->> 'require_totp') = 'true'`));
}

/** The user's memberships that count: active, of an active organization (the query joins both tables). */
function activeMembershipOf(userId: SQL | Column | Placeholder | string) {
  return and(
    eq(organizationMembers.userId, userId),
    eq(organizationMembers.status, 'active'),
    eq(organizations.status, 'active'),
  );
}

/**
 * The member list's order, before the member id: the member's address (the copy the membership holds), or an
 * invitation's invited address; organization_members_list_idx holds it.
 */
const memberSortKey = sql<string>`coalesce(${organizationMembers.userEmailNormalized}, ${organizationMembers.inviteEmailNormalized}, '')`;

/** Membership with the parts of the account a member view may show. */
const memberColumns = {
  member: organizationMembers,
  name: users.name,
  email: users.email,
};

/**
 * SQL of the organizations slice. Bound to the database or, through `transaction`, to one transaction in which
 * the organization row is locked (so two managers demoting each other cannot both succeed).
 */
export class OrganizationStore {
  // Asked at every password sign-in of a user without TOTP: built and prepared once.
  private readonly totpRequiredQuery;

  constructor(private readonly db: Db) {
    this.totpRequiredQuery = preparedQuery(db, 'organization_totp_required', (db) =>
      totpRequiringMemberships(db, sql.placeholder('userId')).limit(1),
    );
  }

  /** Runs fn in a transaction holding a row lock on the organization (SELECT ... FOR UPDATE). */
  async withOrganizationLocked<T>(
    organizationId: string,
    fn: (store: OrganizationStore, organization: Organization | null) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      return fn(new OrganizationStore(tx as unknown as Db), row ? toOrganization(row) : null);
    });
  }

  /** This store on another connection or transaction. */
  bound(db: Db): OrganizationStore {
    return new OrganizationStore(db);
  }

  /** Runs fn in a plain transaction (catalogue changes that touch every organization). */
  async transaction<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(tx as unknown as Db));
  }

  // --- organizations ---

  async insertOrganization(row: typeof organizations.$inferInsert): Promise<Organization | null> {
    const [inserted] = await this.db.insert(organizations).values(row).onConflictDoNothing().returning();
    return inserted ? toOrganization(inserted) : null;
  }

  async findOrganization(id: string): Promise<Organization | null> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.id, id));
    return row ? toOrganization(row) : null;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, slug));
    return row !== undefined && row.id !== exceptId;
  }

  /** By slug (unique): `limit` after the slug `after` (keyset), or after skipping `offset`; the total counted. */
  async pageOrganizations(
    query: string,
    page: { offset: number; after?: string; limit: number },
  ): Promise<{ organizations: Organization[]; total: number; nextAfter: string | null }> {
    const pattern = containsPattern(query.trim().toLowerCase());
    const where = query.trim()
      ? or(ilike(organizations.name, pattern), like(organizations.slug, pattern))
      : undefined;
    const rows = await this.db
      .select()
      .from(organizations)
      .where(page.after === undefined ? where : and(where, gt(organizations.slug, page.after)))
      .orderBy(asc(organizations.slug))
      .offset(page.offset)
      .limit(page.limit + 1);
    const shown = rows.slice(0, page.limit);
    const [total] = await this.db.select({ n: count() }).from(organizations).where(where);
    return {
      organizations: shown.map(toOrganization),
      total: Number(total?.n ?? 0),
      nextAfter: rows.length > page.limit ? (shown[shown.length - 1]?.slug ?? null) : null,
    };
  }

  /**
   * Returns false when the slug is taken (unique index). `settings` are merged into the stored ones by the database
   * (top-level members replaced), so two admins changing different settings at once do not undo each other.
   */
  async updateOrganization(
    id: string,
    values: Partial<Pick<OrganizationRow, 'name' | 'slug' | 'status'>> & { settings?: OrganizationSettings },
  ): Promise<Organization | null | 'slug_taken'> {
    const { settings, ...columns } = values;
    try {
      const [row] = await this.db
        .update(organizations)
        .set({
          ...columns,
          ...(settings
            ? { settings: sql`${organizations.settings} || ${JSON.stringify(settings)}::jsonb` }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(organizations.id, id))
        .returning();
      return row ? toOrganization(row) : null;
    } catch (error) {
      if (isUniqueViolation(error)) return 'slug_taken';
      throw error;
    }
  }

  async deleteOrganization(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(organizations)
      .where(eq(organizations.id, id))
      .returning({ id: organizations.id });
    return deleted.length === 1;
  }

  /** Active organizations in which the user is an active member. */
  async activeOrganizationsOf(userId: string): Promise<Organization[]> {
    const rows = await this.db
      .select({ organization: organizations })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(activeMembershipOf(userId))
      .orderBy(asc(organizations.name), asc(organizations.slug));
    return rows.map((row) => toOrganization(row.organization));
  }

  /** Every organization the user belongs to in any status (admin view). */
  async membershipsOf(userId: string): Promise<{ organization: Organization; member: Member }[]> {
    const rows = await this.db
      .select({ ...memberColumns, organization: organizations })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .leftJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.userId, userId))
      .orderBy(asc(organizations.slug));
    const members = await this.withRoles(rows);
    return rows.map((row, index) => ({
      organization: toOrganization(row.organization),
      member: members[index]!,
    }));
  }

  /** Whether any active organization of the user, as an active member, requires TOTP. */
  async totpRequiredByOrganization(userId: string): Promise<boolean> {
    const rows = await this.totpRequiredQuery({ userId });
    return rows.length > 0;
  }

  /**
   * totpRequiredByOrganization as a condition over the user's id, for a statement that asks it along other reads
   * (the OTP slice's sign-in read, otp/service.ts): one round trip instead of two.
   */
  totpRequiredCondition(userId: SQL | Column | Placeholder): SQL {
    return exists(totpRequiringMemberships(this.db, userId));
  }

  // --- members ---

  private async withRoles(rows: { member: MemberRow; name: string | null; email: string | null }[]) {
    const ids = rows.map((row) => row.member.id);
    const assigned =
      ids.length === 0
        ? []
        : await this.db
            .select()
            .from(organizationMemberRoles)
            .where(inArray(organizationMemberRoles.memberId, ids))
            .orderBy(asc(organizationMemberRoles.roleKey));
    const roleKeys = [...new Set(assigned.map((entry) => entry.roleKey))];
    const grants =
      roleKeys.length === 0
        ? []
        : await this.db.select().from(rolePermissions).where(inArray(rolePermissions.roleKey, roleKeys));
    const permissionsOfRole = new Map<string, string[]>();
    for (const grant of grants) {
      permissionsOfRole.set(grant.roleKey, [
        ...(permissionsOfRole.get(grant.roleKey) ?? []),
        grant.permissionKey,
      ]);
    }
    const now = Date.now();
    return rows.map(({ member, name, email }): Member => {
      const memberRoles = assigned
        .filter((entry) => entry.memberId === member.id)
        .map((entry) => entry.roleKey);
      const memberPermissions = [
        ...new Set(memberRoles.flatMap((role) => permissionsOfRole.get(role) ?? [])),
      ].sort();
      return {
        id: member.id,
        organizationId: member.organizationId,
        userId: member.userId,
        status: member.status as MemberStatus,
        name: member.userId ? name : null,
        email: member.userId ? email : null,
        roles: memberRoles,
        permissions: memberPermissions,
        invite:
          member.status === 'invited' && member.inviteEmail && member.inviteExpiresAt
            ? {
                email: member.inviteEmail,
                expiresAt: member.inviteExpiresAt,
                expired: member.inviteExpiresAt.getTime() <= now,
              }
            : null,
        addedBy: member.addedBy,
        createdAt: member.createdAt,
        joinedAt: member.joinedAt,
      };
    });
  }

  private async selectMembers(where: ReturnType<typeof and>): Promise<Member[]> {
    const rows = await this.db
      .select(memberColumns)
      .from(organizationMembers)
      .leftJoin(users, eq(users.id, organizationMembers.userId))
      .where(where)
      .orderBy(asc(memberSortKey), asc(organizationMembers.id));
    return this.withRoles(rows);
  }

  /**
   * A page of an organization's memberships in the member list's order (the user's address, or an invitation's,
   * then id): `limit` after the member `afterId`, one range of organization_members_list_idx however many
   * members there are. The page continues from that member's place, which is read first, so that what a caller
   * holds between pages is a member id and never an address. Null when that member is not in the organization
   * (any more). `nextMemberId` is the page's last member when another page follows.
   */
  async pageMembers(
    organizationId: string,
    page: { statuses?: MemberStatus[]; afterId?: string; limit: number },
  ): Promise<{ members: Member[]; nextMemberId: string | null } | null> {
    let after: SQL | undefined;
    if (page.afterId !== undefined) {
      const [anchor] = await this.db
        .select({ key: memberSortKey })
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            eq(organizationMembers.id, page.afterId),
          ),
        );
      if (!anchor) return null;
      after = sql`(${memberSortKey}, ${organizationMembers.id}) > (${anchor.key}, ${page.afterId})`;
    }
    const rows = await this.db
      .select(memberColumns)
      .from(organizationMembers)
      .leftJoin(users, eq(users.id, organizationMembers.userId))
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          page.statuses ? inArray(organizationMembers.status, page.statuses) : undefined,
          after,
        ),
      )
      .orderBy(asc(memberSortKey), asc(organizationMembers.id))
      .limit(page.limit + 1);
    const shown = rows.slice(0, page.limit);
    return {
      members: await this.withRoles(shown),
      nextMemberId: rows.length > page.limit ? (shown.at(-1)?.member.id ?? null) : null,
    };
  }

  /**
   * A page of an organization's pending invitations by invited address: `limit` after the invitation
   * `afterId`, one range of organization_members_invite_email_idx (an address is invited once per
   * organization) whatever the number of members. Null when that invitation is not pending any more.
   */
  async pageInvites(
    organizationId: string,
    page: { afterId?: string; limit: number },
  ): Promise<{ invites: Member[]; nextInviteId: string | null } | null> {
    const pending = and(
      eq(organizationMembers.organizationId, organizationId),
      eq(organizationMembers.status, 'invited'),
    );
    let after: SQL | undefined;
    if (page.afterId !== undefined) {
      const [anchor] = await this.db
        .select({ email: organizationMembers.inviteEmailNormalized })
        .from(organizationMembers)
        .where(and(pending, eq(organizationMembers.id, page.afterId)));
      if (!anchor?.email) return null;
      after = gt(organizationMembers.inviteEmailNormalized, anchor.email);
    }
    const rows = await this.db
      .select(memberColumns)
      .from(organizationMembers)
      .leftJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(pending, after))
      .orderBy(asc(organizationMembers.inviteEmailNormalized))
      .limit(page.limit + 1);
    const shown = rows.slice(0, page.limit);
    return {
      invites: await this.withRoles(shown),
      nextInviteId: rows.length > page.limit ? (shown.at(-1)?.member.id ?? null) : null,
    };
  }

  listMembers(organizationId: string, statuses?: MemberStatus[]): Promise<Member[]> {
    return this.selectMembers(
      and(
        eq(organizationMembers.organizationId, organizationId),
        statuses ? inArray(organizationMembers.status, statuses) : undefined,
      ),
    );
  }

  async findMember(organizationId: string, memberId: string): Promise<Member | null> {
    const [member] = await this.selectMembers(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)),
    );
    return member ?? null;
  }

  async findMemberByUser(organizationId: string, userId: string): Promise<Member | null> {
    const [member] = await this.selectMembers(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
    return member ?? null;
  }

  /** The membership (any status but invited) of the account with this address, if it has one. */
  async findMemberByEmail(organizationId: string, emailNormalized: string): Promise<Member | null> {
    const [member] = await this.selectMembers(
      and(eq(organizationMembers.organizationId, organizationId), eq(users.emailNormalized, emailNormalized)),
    );
    return member ?? null;
  }

  async findInvitedByEmail(organizationId: string, emailNormalized: string): Promise<Member | null> {
    const [member] = await this.selectMembers(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.status, 'invited'),
        eq(organizationMembers.inviteEmailNormalized, emailNormalized),
      ),
    );
    return member ?? null;
  }

  async insertMember(row: typeof organizationMembers.$inferInsert, roleKeys: string[]): Promise<void> {
    await this.db.insert(organizationMembers).values(row);
    await this.setRoles(row.id, roleKeys);
  }

  async updateMember(
    memberId: string,
    values: Partial<Omit<typeof organizationMembers.$inferInsert, 'id' | 'organizationId'>>,
  ): Promise<void> {
    await this.db
      .update(organizationMembers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(organizationMembers.id, memberId));
  }

  async deleteMember(memberId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(organizationMembers)
      .where(eq(organizationMembers.id, memberId))
      .returning({ id: organizationMembers.id });
    return deleted.length === 1;
  }

  async setRoles(memberId: string, roleKeys: string[]): Promise<void> {
    await this.db.delete(organizationMemberRoles).where(eq(organizationMemberRoles.memberId, memberId));
    if (roleKeys.length > 0) {
      await this.db
        .insert(organizationMemberRoles)
        .values([...new Set(roleKeys)].map((roleKey) => ({ memberId, roleKey })));
    }
  }

  async addRole(memberId: string, roleKey: string): Promise<void> {
    await this.db.insert(organizationMemberRoles).values({ memberId, roleKey }).onConflictDoNothing();
  }

  async removeRole(memberId: string, roleKey: string): Promise<boolean> {
    const deleted = await this.db
      .delete(organizationMemberRoles)
      .where(
        and(eq(organizationMemberRoles.memberId, memberId), eq(organizationMemberRoles.roleKey, roleKey)),
      )
      .returning({ memberId: organizationMemberRoles.memberId });
    return deleted.length === 1;
  }

  /** Active members holding the manage permission through any of their roles. */
  async countManagers(organizationId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(DISTINCT ${organizationMembers.id})` })
      .from(organizationMembers)
      .innerJoin(organizationMemberRoles, eq(organizationMemberRoles.memberId, organizationMembers.id))
      .innerJoin(
        rolePermissions,
        and(
          eq(rolePermissions.roleKey, organizationMemberRoles.roleKey),
          eq(rolePermissions.permissionKey, MANAGE_PERMISSION),
        ),
      )
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.status, 'active')),
      );
    return Number(row?.n ?? 0);
  }

  /**
   * Whether the organization has a manager who can act: an active member holding the manage permission whose
   * account is active. Deprovisioning may leave it without one (docs/organizations.md, "Without a manager").
   */
  async hasActiveManager(organizationId: string, exceptUserId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .innerJoin(organizationMemberRoles, eq(organizationMemberRoles.memberId, organizationMembers.id))
      .innerJoin(
        rolePermissions,
        and(
          eq(rolePermissions.roleKey, organizationMemberRoles.roleKey),
          eq(rolePermissions.permissionKey, MANAGE_PERMISSION),
        ),
      )
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          eq(organizationMembers.status, 'active'),
          eq(users.status, 'active'),
          exceptUserId === undefined ? undefined : ne(organizationMembers.userId, exceptUserId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Ids of every organization that has at least one active manager. */
  async managedOrganizationIds(): Promise<Set<string>> {
    const rows = await this.db
      .selectDistinct({ id: organizationMembers.organizationId })
      .from(organizationMembers)
      .innerJoin(organizationMemberRoles, eq(organizationMemberRoles.memberId, organizationMembers.id))
      .innerJoin(
        rolePermissions,
        and(
          eq(rolePermissions.roleKey, organizationMemberRoles.roleKey),
          eq(rolePermissions.permissionKey, MANAGE_PERMISSION),
        ),
      )
      .where(eq(organizationMembers.status, 'active'));
    return new Set(rows.map((row) => row.id));
  }

  // --- invitations ---

  async findInviteByTokenHash(
    tokenHash: string,
  ): Promise<{ member: Member; organization: Organization } | null> {
    const [row] = await this.db
      .select({ id: organizationMembers.id, organization: organizations })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(
        and(eq(organizationMembers.inviteTokenHash, tokenHash), eq(organizationMembers.status, 'invited')),
      );
    if (!row) return null;
    // Read again with its roles: a concurrent accept or withdrawal may have changed it in between.
    const member = await this.findMember(row.organization.id, row.id);
    if (member?.status !== 'invited' || !member.invite) return null;
    return { member, organization: toOrganization(row.organization) };
  }

  /**
   * Accepts an invitation atomically (single use, docs/scaling.md#exactly-once-across-nodes): only an
   * unexpired `invited` row with this token hash becomes the user's active membership. False when another
   * request got there first or it expired.
   */
  async acceptInvite(tokenHash: string, userId: string, now: Date): Promise<boolean> {
    const accepted = await this.db
      .update(organizationMembers)
      .set({
        userId,
        status: 'active',
        inviteTokenHash: null,
        joinedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(organizationMembers.inviteTokenHash, tokenHash),
          eq(organizationMembers.status, 'invited'),
          gt(organizationMembers.inviteExpiresAt, now),
          isNull(organizationMembers.userId),
        ),
      )
      .returning({ id: organizationMembers.id });
    return accepted.length === 1;
  }

  /** Deletes an invitation by its token (declining); false when it is not pending. */
  async deleteInviteByTokenHash(tokenHash: string): Promise<boolean> {
    const deleted = await this.db
      .delete(organizationMembers)
      .where(
        and(eq(organizationMembers.inviteTokenHash, tokenHash), eq(organizationMembers.status, 'invited')),
      )
      .returning({ id: organizationMembers.id });
    return deleted.length === 1;
  }
}
