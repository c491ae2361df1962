import { randomBytes, randomUUID } from 'node:crypto';
import type { Column, Placeholder, SQL } from 'drizzle-orm';
import { appError } from '../app/errors.js';
import { RequiredHook } from '../app/required-hook.js';
import type { AuditEventInput, AuditLog } from '../audit/audit-log.js';
import type { SettingsService } from '../config/settings.js';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.js';
import type { RoleStore } from './catalogue-store.js';
import { orgsError } from './errors.js';
import {
  type Actor,
  ADMIN_ROLE,
  actorLabel,
  MANAGE_PERMISSION,
  type Member,
  type Organization,
  type OrganizationClaims,
  type OrganizationSettings,
  type OrganizationStatus,
  type OrganizationUnlockPolicy,
  permissionsForScope,
  slugFromName,
} from './model.js';
import type { OrganizationStore } from './store.js';

export const organizationNotFound = () => appError('not_found', 'organization was not found');
export const memberNotFound = () => appError('not_found', 'member was not found');
export const lastManager = () =>
  orgsError(
    'last_manager',
    'an organization must keep at least one active member who can manage it; give someone else that role first',
  );

/**
 * A rule another slice adds on which active memberships count for signing in to apps (SCIM's provisioned-only
 * sign-in, docs/scim.md): of the given organizations, those where the user's membership does not count now. It
 * runs at every token refresh, so it answers in one query.
 */
export interface MembershipRule {
  excludedOrganizations(userId: string, organizationIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/**
 * A membership change made by deprovisioning (SCIM): it always takes effect, also when it takes the organization's
 * last manager away; the organization is then flagged instead (an `organization.manager_missing` audit entry by
 * `by`, and `manager_missing` in the admin API), see docs/organizations.md, "Without a manager".
 */
export interface Deprovisioning {
  by: AuditEventInput['actor'];
}

/** What the caller is in an organization: the organization and their own (active) membership. */
export interface Membership {
  organization: Organization;
  member: Member;
  canManage: boolean;
}

/**
 * Organizations and memberships (docs/organizations.md#rules): who belongs, with which roles, who may manage,
 * and what that means for tokens and for the TOTP policy. Every change that could remove an organization's
 * last manager runs with the organization row locked and is refused if it would, unless it is deprovisioning,
 * which always wins and flags the organization instead (docs/organizations.md, "Without a manager").
 */
export class OrganizationService {
  constructor(
    private readonly store: OrganizationStore,
    private readonly roles: RoleStore,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The grants issued in an organization's context must end, of one member or (userId null) of everyone: a member
   * removed or suspended, the organization disabled or deleted. The oauth slice revokes them (it is built later).
   */
  readonly accessEnded = new RequiredHook<[organizationId: string, userId: string | null]>(
    "the end of an organization's access",
  );

  private readonly membershipRules: MembershipRule[] = [];

  /** Adds a rule on which memberships count at /authorize and in tokens (a slice built later, such as SCIM). */
  addMembershipRule(rule: MembershipRule): void {
    this.membershipRules.push(rule);
  }

  /** The organizations, of those given, where some rule says the user's membership does not count. */
  private async excludedByRules(userId: string, organizationIds: readonly string[]): Promise<Set<string>> {
    const excluded = new Set<string>();
    if (organizationIds.length === 0) return excluded;
    for (const rule of this.membershipRules) {
      for (const id of await rule.excludedOrganizations(userId, organizationIds)) excluded.add(id);
    }
    return excluded;
  }

  // --- organizations ---

  /** A signed-in user creates an organization (when the setting allows) and becomes its `admin`. */
  async createByUser(
    userId: string,
    input: { name: string; slug?: string; settings?: OrganizationSettings },
  ): Promise<Organization> {
    if (!this.settings.get('orgs.users_may_create')) {
      throw orgsError(
        'organization_creation_disabled',
        'creating organizations is turned off; ask an administrator',
      );
    }
    return this.create(input, { type: 'user', id: userId }, userId);
  }

  /** An admin creates an organization, optionally with a first member who gets the `admin` role. */
  async create(
    input: { name: string; slug?: string; settings?: OrganizationSettings },
    actor: Actor,
    ownerUserId: string | null,
  ): Promise<Organization> {
    const name = input.name.trim();
    if (!name) throw appError('invalid_request', 'name must not be blank');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const slug = input.slug ?? (await this.freeSlug(slugFromName(name), attempt));
      const created = await this.createOnce(name, slug, input.settings, actor, ownerUserId);
      if (created) return created;
      if (input.slug !== undefined) throw orgsError('slug_taken', 'this slug is taken');
    }
    throw orgsError('slug_taken', 'could not find a free slug; choose one');
  }

  /** One attempt: the organization and its first member, or null when the slug was taken. */
  private async createOnce(
    name: string,
    slug: string,
    settings: OrganizationSettings | undefined,
    actor: Actor,
    ownerUserId: string | null,
  ): Promise<Organization | null> {
    try {
      return await this.store.transaction(async (db) => {
        const store = this.store.bound(db);
        const organization = await store.insertOrganization({
          id: randomUUID(),
          name,
          slug,
          settings: { require_totp: settings?.require_totp === true },
        });
        if (organization && ownerUserId) {
          await store.insertMember(
            {
              id: randomUUID(),
              organizationId: organization.id,
              userId: ownerUserId,
              status: 'active',
              addedBy: actorLabel(actor),
              joinedAt: new Date(),
            },
            [ADMIN_ROLE],
          );
        }
        return organization;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw orgsError('unknown_user', 'the first member no longer exists');
      throw error;
    }
  }

  /** The derived slug, or on later attempts (or when taken) the slug with a short random suffix. */
  private async freeSlug(base: string, attempt: number): Promise<string> {
    if (attempt === 0 && !(await this.store.slugTaken(base))) return base;
    return `${base.slice(0, 50)}-${randomBytes(3).toString('hex')}`;
  }

  /** The organization, any status, or null. */
  find(id: string): Promise<Organization | null> {
    return this.store.findOrganization(id);
  }

  async require(id: string): Promise<Organization> {
    const organization = await this.store.findOrganization(id);
    if (!organization) throw organizationNotFound();
    return organization;
  }

  page(query: string, page: { offset: number; after?: string; limit: number }) {
    return this.store.pageOrganizations(query, page);
  }

  async update(
    id: string,
    changes: { name?: string; slug?: string; settings?: OrganizationSettings; status?: OrganizationStatus },
  ): Promise<Organization> {
    const current = await this.require(id);
    const name = changes.name?.trim();
    if (name !== undefined && !name) throw appError('invalid_request', 'name must not be blank');
    const updated = await this.store.updateOrganization(id, {
      name,
      slug: changes.slug,
      status: changes.status,
      settings: changes.settings,
    });
    if (updated === 'slug_taken') throw orgsError('slug_taken', 'this slug is taken');
    if (!updated) throw organizationNotFound();
    if (changes.status === 'disabled' && current.status !== 'disabled') await this.accessEnded.run(id, null);
    return updated;
  }

  /**
   * Replaces the organization's unlock-policy override (docs/zk.md §8). The keys slice validates it and combines
   * it with the global policy; here it is only stored, with the organization's other settings.
   */
  async setUnlockPolicy(id: string, policy: Required<OrganizationUnlockPolicy>): Promise<Organization> {
    const updated = await this.store.updateOrganization(id, { settings: { unlock_policy: policy } });
    if (!updated || updated === 'slug_taken') throw organizationNotFound();
    return updated;
  }

  async delete(id: string): Promise<void> {
    await this.require(id);
    await this.accessEnded.run(id, null);
    if (!(await this.store.deleteOrganization(id))) throw organizationNotFound();
  }

  // --- the caller's membership ---

  /** Active organizations where the user is an active member, with their membership. */
  async listForUser(userId: string): Promise<Membership[]> {
    const memberships = await this.store.membershipsOf(userId);
    return memberships
      .filter(({ organization, member }) => organization.status === 'active' && member.status === 'active')
      .map(({ organization, member }) => membershipOf(organization, member))
      .sort((a, b) => a.organization.name.localeCompare(b.organization.name));
  }

  /** Every membership of a user, any status (admin view). */
  membershipsOf(userId: string) {
    return this.store.membershipsOf(userId);
  }

  /**
   * The caller's membership. Anyone who is not an active member of an active organization gets 404, so outsiders
   * do not learn which organizations exist.
   */
  async membership(organizationId: string, userId: string): Promise<Membership> {
    const organization = await this.store.findOrganization(organizationId);
    if (organization?.status !== 'active') throw organizationNotFound();
    const member = await this.store.findMemberByUser(organizationId, userId);
    if (member?.status !== 'active') throw organizationNotFound();
    return membershipOf(organization, member);
  }

  /** The caller's membership, which must hold `service.org:manage`. */
  async requireManager(organizationId: string, userId: string): Promise<Membership> {
    const membership = await this.membership(organizationId, userId);
    if (!membership.canManage) {
      throw orgsError(
        'organization_manage_required',
        `managing this organization needs the ${MANAGE_PERMISSION} permission`,
      );
    }
    return membership;
  }

  // --- members ---

  /**
   * A page of the member list (orgs/store.ts pageMembers); `invalid_cursor` when the member it continues after is
   * not in the organization any more.
   */
  async pageMembers(
    organizationId: string,
    page: { statuses?: Member['status'][]; afterId?: string; limit: number },
  ): Promise<{ members: Member[]; nextMemberId: string | null }> {
    const found = await this.store.pageMembers(organizationId, page);
    if (!found)
      throw appError(
        'invalid_cursor',
        'the member this page continues after is no longer in the organization: start from the first page',
      );
    return found;
  }

  listMembers(organizationId: string, statuses?: Member['status'][]): Promise<Member[]> {
    return this.store.listMembers(organizationId, statuses);
  }

  async requireMember(organizationId: string, memberId: string): Promise<Member> {
    const member = await this.store.findMember(organizationId, memberId);
    if (!member) throw memberNotFound();
    return member;
  }

  /** Adds an existing account directly as an active member (admin API). */
  async addMember(organizationId: string, userId: string, roleKeys: string[], actor: Actor): Promise<Member> {
    await this.require(organizationId);
    await this.requireRoles(roleKeys);
    if (await this.store.findMemberByUser(organizationId, userId))
      throw orgsError('already_member', 'this account is already a member');
    const id = randomUUID();
    try {
      await this.store.transaction((db) =>
        this.store.bound(db).insertMember(
          {
            id,
            organizationId,
            userId,
            status: 'active',
            addedBy: actorLabel(actor),
            joinedAt: new Date(),
          },
          roleKeys,
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw orgsError('already_member', 'this account is already a member');
      if (isForeignKeyViolation(error)) {
        // The organization, the user or a role was deleted meanwhile.
        await this.require(organizationId);
        await this.requireRoles(roleKeys);
        throw orgsError('unknown_user', 'the user no longer exists');
      }
      throw error;
    }
    return this.requireMember(organizationId, id);
  }

  async assignRole(organizationId: string, memberId: string, roleKey: string): Promise<Member> {
    await this.requireRoles([roleKey]);
    await this.requireMember(organizationId, memberId);
    try {
      // A savepoint: when the caller's transaction goes on after a refusal, it must not be left aborted.
      await this.store.transaction((db) => this.store.bound(db).addRole(memberId, roleKey));
    } catch (error) {
      // The member or the role was deleted meanwhile: answer as if it had been gone before.
      if (!isForeignKeyViolation(error)) throw error;
      await this.requireRoles([roleKey]);
    }
    return this.requireMember(organizationId, memberId);
  }

  async removeRole(organizationId: string, memberId: string, roleKey: string): Promise<Member> {
    await this.guardManagers(organizationId, async (store) => {
      if (!(await store.findMember(organizationId, memberId))) throw memberNotFound();
      await store.removeRole(memberId, roleKey);
    });
    return this.requireMember(organizationId, memberId);
  }

  /**
   * Suspends or reinstates a member; suspending ends the tokens issued in this organization's context. Refused for
   * the last manager unless it is `deprovisioning`.
   */
  async setMemberStatus(
    organizationId: string,
    memberId: string,
    status: 'active' | 'suspended',
    deprovisioning?: Deprovisioning,
  ): Promise<Member> {
    const member = await this.guardManagers(
      organizationId,
      async (store) => {
        const found = await store.findMember(organizationId, memberId);
        if (!found) throw memberNotFound();
        if (found.status === 'invited')
          throw orgsError('invite_pending', 'this invitation has not been accepted yet');
        await store.updateMember(memberId, { status });
        return found;
      },
      deprovisioning,
    );
    if (status === 'suspended' && member.userId) await this.accessEnded.run(organizationId, member.userId);
    return this.requireMember(organizationId, memberId);
  }

  /**
   * Removes a member (or a pending invitation); their tokens for this organization stop working. Refused for the
   * last manager unless it is `deprovisioning`.
   */
  async removeMember(
    organizationId: string,
    memberId: string,
    deprovisioning?: Deprovisioning,
  ): Promise<Member> {
    const member = await this.guardManagers(
      organizationId,
      async (store) => {
        const found = await store.findMember(organizationId, memberId);
        if (!found) throw memberNotFound();
        await store.deleteMember(memberId);
        return found;
      },
      deprovisioning,
    );
    if (member.userId) await this.accessEnded.run(organizationId, member.userId);
    return member;
  }

  /** The caller leaves; refused for the last manager. */
  async leave(organizationId: string, userId: string): Promise<Member> {
    const { member } = await this.membership(organizationId, userId);
    return this.removeMember(organizationId, member.id);
  }

  /**
   * Runs a membership change with the organization locked; if the organization had a manager before and would have
   * none after, the change is rolled back and refused, or, when it is deprovisioning, kept and the organization
   * flagged with an audit entry in the same transaction.
   */
  private async guardManagers<T>(
    organizationId: string,
    change: (store: OrganizationStore) => Promise<T>,
    deprovisioning?: Deprovisioning,
  ): Promise<T> {
    return this.store.withOrganizationLocked(organizationId, async (store, organization) => {
      if (!organization) throw organizationNotFound();
      const before = await store.countManagers(organizationId);
      const result = await change(store);
      if (before > 0 && (await store.countManagers(organizationId)) === 0) {
        if (!deprovisioning) throw lastManager();
        await this.audit.record({
          action: 'organization.manager_missing',
          outcome: 'success',
          actor: deprovisioning.by,
          target: { type: 'organization', id: organizationId },
          details: { reason: 'deprovisioned' },
        });
      }
      return result;
    });
  }

  /**
   * An account with active managing memberships is being disabled or deleted by an admin (accounts lifecycle): the
   * change goes ahead, and each organization it leaves without a manager who can act is flagged with an audit entry
   * (docs/organizations.md, "Without a manager"). Runs in the change's transaction.
   */
  async flagOrganizationsLeftBy(userId: string, by: Deprovisioning): Promise<void> {
    for (const { organization, member } of await this.store.membershipsOf(userId)) {
      if (member.status !== 'active' || !member.permissions.includes(MANAGE_PERMISSION)) continue;
      if (await this.store.hasActiveManager(organization.id, userId)) continue;
      await this.audit.record({
        action: 'organization.manager_missing',
        outcome: 'success',
        actor: by.by,
        target: { type: 'organization', id: organization.id },
        details: { reason: 'account_disabled_or_deleted', user_id: userId },
      });
    }
  }

  /**
   * Whether the organization has no manager who can act (no active member with the manage permission and an
   * active account): deprovisioning left it so, or an admin disabled its managers' accounts.
   */
  async managerMissing(organizationId: string): Promise<boolean> {
    return !(await this.store.hasActiveManager(organizationId));
  }

  async requireRoles(roleKeys: string[]): Promise<void> {
    const known = new Set((await this.roles.listRoles()).map((role) => role.key));
    const unknown = roleKeys.filter((key) => !known.has(key));
    if (unknown.length > 0)
      throw orgsError('unknown_role', `no such role: ${unknown.slice(0, 5).join(', ')}`);
  }

  // --- tokens and policy ---

  /**
   * The organizations a user may pick at /authorize: active organizations of an active membership that the
   * membership rules accept.
   */
  async choicesFor(userId: string): Promise<{ id: string; name: string; slug: string }[]> {
    const organizations = await this.store.activeOrganizationsOf(userId);
    const excluded = await this.excludedByRules(
      userId,
      organizations.map(({ id }) => id),
    );
    return organizations
      .filter(({ id }) => !excluded.has(id))
      .map(({ id, name, slug }) => ({ id, name, slug }));
  }

  /**
   * The organization claims for a token, read afresh (code redemption and every refresh), or null when the user is
   * no longer an active member of an active organization.
   */
  async tokenClaims(
    userId: string,
    organizationId: string,
    scope: string,
  ): Promise<OrganizationClaims | null> {
    const organization = await this.store.findOrganization(organizationId);
    if (organization?.status !== 'active') return null;
    const member = await this.store.findMemberByUser(organizationId, userId);
    if (member?.status !== 'active') return null;
    if ((await this.excludedByRules(userId, [organizationId])).has(organizationId)) return null;
    return {
      org_id: organization.id,
      org_slug: organization.slug,
      roles: [...member.roles].sort(),
      permissions: permissionsForScope(member.permissions, scope),
    };
  }

  /** Whether any organization the user actively belongs to enforces TOTP (feeds the OTP policy). */
  requiresTotp(userId: string): Promise<boolean> {
    return this.store.totpRequiredByOrganization(userId);
  }

  /** requiresTotp as an SQL condition over the user's id, for a statement of the OTP slice that asks it along. */
  requiresTotpCondition(userId: SQL | Column | Placeholder): SQL {
    return this.store.totpRequiredCondition(userId);
  }
}

function membershipOf(organization: Organization, member: Member): Membership {
  return { organization, member, canManage: member.permissions.includes(MANAGE_PERMISSION) };
}
