import { randomUUID } from 'node:crypto';
import type { SessionService } from '../accounts/sessions.js';
import { UserExistsError, type UserService } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import type { GrantRevocation } from '../oauth/revocation.js';
import type { OrganizationService } from '../orgs/service.js';
import { endAccess } from './end-access.js';
import { invalidValue, resourceNotFound, uniqueness } from './errors.js';
import type { UserComparison } from './filter.js';
import type { UserInput } from './resource.js';
import type { ConnectionRow, ScimGroupRow, ScimStore, ScimUserRow } from './store.js';

const MEMBER_ROLE = 'member';

/** Lower-cased `{type, value}` of the emails, for filters. */
function emailIndex(attributes: Record<string, unknown>): { type: string; value: string }[] {
  const emails = (attributes.emails as { value?: string; type?: string }[] | undefined) ?? [];
  return emails
    .filter((email) => typeof email.value === 'string')
    .map((email) => ({
      type: (email.type ?? '').toLowerCase(),
      value: (email.value as string).toLowerCase(),
    }));
}

/** The address the account is known by: the primary email, else the work one, else the first, else an email-like userName. */
function accountEmail(input: UserInput): string | null {
  const emails =
    (input.attributes.emails as { value: string; type?: string; primary?: boolean }[] | undefined) ?? [];
  const chosen =
    emails.find((email) => email.primary === true) ??
    emails.find((email) => email.type?.toLowerCase() === 'work') ??
    emails[0];
  if (chosen) return chosen.value.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.userName) ? input.userName.trim() : null;
}

/** The account's name: the displayName, else the formatted name, else given and family name (200 characters, as elsewhere). */
function displayNameOf(input: UserInput): string {
  const display = input.attributes.displayName;
  const name = input.attributes.name as
    | { formatted?: string; givenName?: string; familyName?: string }
    | undefined;
  const chosen =
    typeof display === 'string'
      ? display
      : (name?.formatted ?? [name?.givenName, name?.familyName].filter(Boolean).join(' '));
  return chosen.slice(0, 200);
}

/** The roles a group maps to under the connection's mappings (by id, externalId or displayName). */
export function mappedRoles(connection: ConnectionRow, group: ScimGroupRow): string[] {
  return connection.roleMappings
    .filter((mapping) => {
      if (mapping.match === 'id') return mapping.value === group.id;
      if (mapping.match === 'externalId')
        return group.externalId !== null && mapping.value === group.externalId;
      return mapping.value.toLowerCase() === group.displayNameNormalized;
    })
    .map((mapping) => mapping.role);
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Users provisioned by a connection (docs/scim.md#identity-scoping). A connection manages its own SCIM
 * resources and the memberships they give in its organization; the global account behind one is changed only
 * when the connection created it and nothing else uses it (no other organization, no other connection).
 */
export class ScimUserService {
  constructor(
    private readonly db: Db,
    private readonly store: ScimStore,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly organizations: OrganizationService,
    private readonly revocation: GrantRevocation,
  ) {}

  list(connection: ConnectionRow, comparisons: UserComparison[], offset: number, limit: number) {
    return this.store.listUsers(connection.id, comparisons, offset, limit);
  }

  async get(connection: ConnectionRow, id: string): Promise<ScimUserRow> {
    const row = await this.store.findUser(connection.id, id);
    if (!row) throw resourceNotFound('User', id);
    return row;
  }

  groupsOf(row: ScimUserRow): Promise<ScimGroupRow[]> {
    return this.store.groupsOf(row.id);
  }

  /** POST /Users: a new account, or a link to an existing one when the connection allows it (verified email). */
  async create(connection: ConnectionRow, input: UserInput): Promise<ScimUserRow> {
    if (await this.store.findUserByUserName(connection.id, input.userName))
      throw uniqueness('a user with this userName exists (RFC 7644 §3.3)');
    const email = accountEmail(input);
    if (!email || !EMAIL.test(email) || email.length > 254)
      throw invalidValue('the user needs an email address (emails, or an email as userName)');
    const existing = await this.users.findByEmail(email);
    let userId: string;
    let owned: boolean;
    if (existing) {
      const earlier = await this.store.findUserByAccount(connection.id, existing.id);
      if (earlier?.deletedAt) return this.provisionAgain(connection, earlier, input);
      if (earlier) throw uniqueness('this connection already provisions the account with this email');
      // Linking hands the connection control of a membership for this account: only to a verified address, and
      // only when an admin enabled it for this connection. Otherwise the address is taken.
      if (!connection.linkByVerifiedEmail || !existing.emailVerified)
        throw uniqueness('an account with this email exists');
      userId = existing.id;
      owned = false;
    } else {
      try {
        const created = await this.users.create({ email, name: displayNameOf(input), emailVerified: false });
        userId = created.id;
        owned = true;
      } catch (error) {
        if (error instanceof UserExistsError) throw uniqueness('an account with this email exists');
        throw error;
      }
    }
    let row: ScimUserRow;
    try {
      row = await this.db.transaction(async () =>
        this.store.insertUser({
          id: randomUUID(),
          connectionId: connection.id,
          userId,
          owned,
          ...this.columnsOf(input, true),
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw uniqueness('a user with this userName exists');
      throw error;
    }
    await this.ensureMembership(connection, row);
    if (!row.active) await this.deprovision(connection, row, 'deactivated');
    return row;
  }

  /**
   * A POST of someone this connection provisioned and then DELETEd (while the account stayed): the same account
   * and row are taken up again (Entra ID re-creates a user reassigned after its deletion).
   */
  private async provisionAgain(
    connection: ConnectionRow,
    earlier: ScimUserRow,
    input: UserInput,
  ): Promise<ScimUserRow> {
    let row: ScimUserRow | undefined;
    try {
      row = await this.db.transaction(() =>
        this.store.updateUser(earlier.id, { ...this.columnsOf(input, true), deletedAt: null }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw uniqueness('a user with this userName exists');
      throw error;
    }
    if (!row) throw resourceNotFound('User', earlier.id);
    await this.updateGlobalProfile(connection, row, input);
    if (row.active) await this.reactivate(connection, row);
    return row;
  }

  /** The row's columns for `input`; `activeIfOmitted` when the body leaves `active` out (UserInput.active). */
  private columnsOf(input: UserInput, activeIfOmitted: boolean) {
    return {
      userName: input.userName,
      userNameNormalized: input.userName.toLowerCase(),
      externalId: input.externalId,
      displayName: (input.attributes.displayName as string | undefined) ?? null,
      active: input.active ?? activeIfOmitted,
      emailIndex: emailIndex(input.attributes),
      attributes: input.attributes,
    };
  }

  /** PUT /Users/{id}, and a PATCH once applied: the stored resource becomes `input`. */
  async replace(connection: ConnectionRow, id: string, input: UserInput): Promise<ScimUserRow> {
    const current = await this.get(connection, id);
    if (input.userName.toLowerCase() !== current.userNameNormalized) {
      const clash = await this.store.findUserByUserName(connection.id, input.userName);
      if (clash && clash.id !== id) throw uniqueness('a user with this userName exists');
    }
    let updated: ScimUserRow | undefined;
    try {
      updated = await this.db.transaction(() =>
        this.store.updateUser(id, this.columnsOf(input, current.active)),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw uniqueness('a user with this userName exists');
      throw error;
    }
    if (!updated) throw resourceNotFound('User', id);
    await this.updateGlobalProfile(connection, updated, input);
    if (current.active && !updated.active) await this.deprovision(connection, updated, 'deactivated');
    if (!current.active && updated.active) await this.reactivate(connection, updated);
    return updated;
  }

  /** DELETE /Users/{id}: the resource goes, and with it the membership; the account per the connection's policy. */
  async delete(connection: ConnectionRow, id: string): Promise<ScimUserRow> {
    const row = await this.get(connection, id);
    const accountDeleted = await this.deprovision(connection, row, 'deleted');
    // The account stays (policies suspend and remove, or not the connection's alone): the row remembers that this
    // connection provisioned it (scimUsers.deletedAt).
    if (!accountDeleted) await this.store.tombstoneUser(row.id, new Date());
    return row;
  }

  /** Whether the account is this connection's alone: created by it, in no other organization, linked by no other connection. */
  private async exclusive(connection: ConnectionRow, row: ScimUserRow): Promise<boolean> {
    if (!row.owned) return false;
    const memberships = await this.organizations.membershipsOf(row.userId);
    if (memberships.some(({ organization }) => organization.id !== connection.organizationId)) return false;
    return (await this.store.otherLinks(row.userId, connection.id)) === 0;
  }

  /**
   * The SCIM name and email reach the account only when it is this connection's alone; otherwise what other
   * organizations (and the user themself) see is not the connection's to change.
   */
  private async updateGlobalProfile(
    connection: ConnectionRow,
    row: ScimUserRow,
    input: UserInput,
  ): Promise<void> {
    if (!(await this.exclusive(connection, row))) return;
    const email = accountEmail(input);
    const account = await this.users.find(row.userId);
    if (!account) return;
    const changes: { name?: string; email?: string; emailVerified?: boolean } = {};
    const name = displayNameOf(input);
    if (name && name !== account.name) changes.name = name;
    if (email && EMAIL.test(email) && email.toLowerCase() !== account.email.toLowerCase()) {
      changes.email = email;
      changes.emailVerified = false;
    }
    if (Object.keys(changes).length === 0) return;
    try {
      await this.db.transaction(() => this.users.update(row.userId, changes));
    } catch (error) {
      if (error instanceof UserExistsError) throw uniqueness('an account with this email exists');
      throw error;
    }
  }

  private async memberOf(connection: ConnectionRow, userId: string) {
    const memberships = await this.organizations.membershipsOf(userId);
    return memberships.find(({ organization }) => organization.id === connection.organizationId)?.member;
  }

  /** The user is an active member of the connection's organization (created with the base role if new). */
  async ensureMembership(connection: ConnectionRow, row: ScimUserRow): Promise<void> {
    const member = await this.memberOf(connection, row.userId);
    if (!member) {
      await this.organizations.addMember(connection.organizationId, row.userId, [MEMBER_ROLE], {
        type: 'admin',
        id: `scim-connection:${connection.id}`,
      });
    } else if (member.status === 'suspended') {
      await this.organizations.setMemberStatus(connection.organizationId, member.id, 'active');
    }
  }

  /**
   * Deprovisioning (`active: false`, or DELETE), before the response returns: the membership is suspended
   * (policy `suspend`) or removed (`remove`, `delete`, and always on DELETE); an account that is the connection's
   * alone is disabled, or deleted on DELETE under policy `delete`; then every session, code and grant in scope ends.
   * Returns whether the account was deleted.
   */
  async deprovision(
    connection: ConnectionRow,
    row: ScimUserRow,
    reason: 'deactivated' | 'deleted',
  ): Promise<boolean> {
    const exclusive = await this.exclusive(connection, row);
    const member = await this.memberOf(connection, row.userId);
    // Deprovisioning always wins, also over an organization's last manager, which is then flagged (docs/scim.md).
    const deprovisioning = { by: { type: 'system' as const, id: `scim-connection:${connection.id}` } };
    if (member) {
      if (reason === 'deactivated' && connection.deprovisioning === 'suspend') {
        if (member.status === 'active')
          await this.organizations.setMemberStatus(
            connection.organizationId,
            member.id,
            'suspended',
            deprovisioning,
          );
      } else {
        await this.organizations.removeMember(connection.organizationId, member.id, deprovisioning);
      }
    }
    const dependencies = { sessions: this.sessions, revocation: this.revocation };
    if (exclusive) {
      await this.users.setStatus(row.userId, 'disabled');
      await endAccess(dependencies, row.userId, { kind: 'account' });
      if (reason === 'deleted' && connection.deprovisioning === 'delete') {
        // The SCIM row goes with the account (foreign key cascade).
        await this.users.delete(row.userId);
        return true;
      }
    } else {
      await endAccess(dependencies, row.userId, {
        kind: 'organization',
        organizationId: connection.organizationId,
      });
    }
    return false;
  }

  /** `active: true` again: membership and (for the connection's own accounts) sign-in come back; old sessions do not. */
  private async reactivate(connection: ConnectionRow, row: ScimUserRow): Promise<void> {
    if (await this.exclusive(connection, row)) await this.users.setStatus(row.userId, 'active');
    await this.ensureMembership(connection, row);
    await this.syncRoles(connection, row);
  }

  /**
   * The organization roles the connection's group mappings give this user, made true on their membership: mapped
   * roles of their groups are added, mapped roles of no group of theirs removed. Roles the connection does not map
   * (given by an organization admin) are left alone. Tokens carry the change at the next refresh.
   */
  async syncRoles(connection: ConnectionRow, row: ScimUserRow): Promise<void> {
    if (connection.roleMappings.length === 0) return;
    const member = await this.memberOf(connection, row.userId);
    if (!member) return;
    const groups = await this.store.groupsOf(row.id);
    const wanted = new Set(groups.flatMap((group) => mappedRoles(connection, group)));
    const managed = new Set(connection.roleMappings.map((mapping) => mapping.role));
    for (const role of managed) {
      const has = member.roles.includes(role);
      if (wanted.has(role) && !has)
        await this.organizations.assignRole(connection.organizationId, member.id, role);
      if (!wanted.has(role) && has)
        await this.organizations.removeRole(connection.organizationId, member.id, role);
    }
  }
}
