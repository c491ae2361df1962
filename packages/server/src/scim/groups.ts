import { randomUUID } from 'node:crypto';
import { ApiError } from '../app/errors.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import type { RoleService } from '../orgs/roles.js';
import { GROUP_SCHEMA } from './attributes.js';
import { invalidValue, resourceNotFound, uniqueness } from './errors.js';
import type { GroupComparison } from './filter.js';
import type { MemberStep } from './patch.js';
import { type GroupInput, MAX_MEMBERS, readGroup } from './resource.js';
import type { ConnectionRow, ScimGroupRow, ScimStore } from './store.js';
import { mappedRoles, type ScimUserService } from './users.js';

/**
 * Groups provisioned by a connection. They are the connection's own (never another's); their members are users of
 * the same connection, and the connection's role mappings turn membership into organization roles.
 */
export class ScimGroupService {
  constructor(
    private readonly db: Db,
    private readonly store: ScimStore,
    private readonly users: ScimUserService,
    private readonly roles: RoleService,
  ) {}

  list(connection: ConnectionRow, comparisons: GroupComparison[], offset: number, limit: number) {
    return this.store.listGroups(connection.id, comparisons, offset, limit);
  }

  async get(connection: ConnectionRow, id: string): Promise<ScimGroupRow> {
    const row = await this.store.findGroup(connection.id, id);
    if (!row) throw resourceNotFound('Group', id);
    return row;
  }

  /** Member ids and display names of groups, by group id. */
  async members(groupIds: string[]): Promise<Map<string, { value: string; display: string }[]>> {
    const byGroup = new Map<string, { value: string; display: string }[]>();
    for (const member of await this.store.membersOf(groupIds)) {
      const list = byGroup.get(member.groupId) ?? [];
      list.push({ value: member.userId, display: member.display });
      byGroup.set(member.groupId, list);
    }
    return byGroup;
  }

  async create(connection: ConnectionRow, input: GroupInput): Promise<ScimGroupRow> {
    if (await this.store.findGroupByName(connection.id, input.displayName))
      throw uniqueness('a group with this displayName exists');
    const id = randomUUID();
    const candidate = {
      id,
      displayNameNormalized: input.displayName.toLowerCase(),
      externalId: input.externalId,
    } as ScimGroupRow;
    this.checkMapped(connection, candidate);
    await this.checkMembers(connection, input.members);
    let row: ScimGroupRow;
    try {
      row = await this.db.transaction(() =>
        this.store.insertGroup({
          id,
          connectionId: connection.id,
          displayName: input.displayName,
          displayNameNormalized: input.displayName.toLowerCase(),
          externalId: input.externalId,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw uniqueness('a group with this displayName exists');
      throw error;
    }
    await this.mapUnknownGroup(connection, row);
    await this.store.addMembers(row.id, input.members);
    await this.syncRolesOf(connection, input.members);
    return row;
  }

  /** PUT, and a PATCH once applied: name, externalId and the member list become `input`'s. */
  async replace(connection: ConnectionRow, id: string, input: GroupInput): Promise<ScimGroupRow> {
    const current = await this.get(connection, id);
    const clash = await this.store.findGroupByName(connection.id, input.displayName);
    if (clash && clash.id !== id) throw uniqueness('a group with this displayName exists');
    this.checkMapped(connection, {
      ...current,
      displayNameNormalized: input.displayName.toLowerCase(),
      externalId: input.externalId,
    });
    await this.checkMembers(connection, input.members);
    const before = (await this.members([id])).get(id)?.map((member) => member.value) ?? [];
    let row: ScimGroupRow | undefined;
    try {
      row = await this.db.transaction(() =>
        this.store.updateGroup(id, {
          displayName: input.displayName,
          displayNameNormalized: input.displayName.toLowerCase(),
          externalId: input.externalId,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw uniqueness('a group with this displayName exists');
      throw error;
    }
    if (!row) throw resourceNotFound('Group', id);
    const wanted = new Set(input.members);
    const had = new Set(before);
    const removed = before.filter((member) => !wanted.has(member));
    const added = [...wanted].filter((member) => !had.has(member));
    await this.store.removeMembers(id, removed);
    await this.store.addMembers(id, added);
    // A change of name or externalId can change which mappings apply, and then every member's roles are checked,
    // old and new; otherwise only those who joined or left can have gained or lost a role. (A group's members
    // come in PATCHes of a few at a time: syncing every member on each made filling a large group quadratic.)
    const sameRoles = sameRoleSet(mappedRoles(connection, current), mappedRoles(connection, row));
    await this.syncRolesOf(
      connection,
      sameRoles ? [...added, ...removed] : [...new Set([...before, ...wanted])],
    );
    return row;
  }

  /**
   * A PATCH that only adds and removes members (patch.ts memberSteps), applied as the change it is: it reads the
   * memberships of the users it names, not the whole member list, so a member joining costs about the same in a
   * group of ten as in one of ten thousand. The outcome is the one the whole-resource PATCH gives: an add is a
   * union, a remove takes a member out, an unknown user or a member beyond the cap (resource.ts MAX_MEMBERS) is
   * refused. Where that outcome turns on members the steps do not name (a remove of a user who is not a member, a
   * group the steps could leave empty), this answers undefined and the caller applies the PATCH to the whole
   * resource instead.
   */
  async patchMembers(
    connection: ConnectionRow,
    id: string,
    steps: MemberStep[],
  ): Promise<ScimGroupRow | undefined> {
    const current = await this.get(connection, id);
    const named = [...new Set(steps.flatMap((step) => (step.op === 'add' ? [] : [step.id])))];
    const adding: string[][] = steps.map((step) =>
      step.op === 'add'
        ? readGroup({ schemas: [GROUP_SCHEMA], displayName: current.displayName, members: step.members })
            .members
        : [],
    );
    const touched = [...new Set([...named, ...adding.flat()])];
    if (touched.length === 0) return undefined;
    const [members, othersRemain] = await Promise.all([
      this.store.membersAmong(id, touched),
      this.store.hasMemberBesides(id, touched),
    ]);
    if (!othersRemain) return undefined;
    const after = new Set(members);
    for (const [index, step] of steps.entries()) {
      if (step.op === 'add') {
        for (const member of adding[index]!) after.add(member);
      } else {
        if (!after.has(step.id)) return undefined;
        after.delete(step.id);
      }
    }
    const added = touched.filter((member) => after.has(member) && !members.has(member));
    const removed = touched.filter((member) => !after.has(member) && members.has(member));
    // The cap readGroup puts on a whole group's members (resource.ts), kept here too, and then the checks of
    // replace() in its order.
    const growth = added.length - removed.length;
    if (growth > 0 && (await this.store.memberCountUpTo(id, MAX_MEMBERS + 1)) + growth > MAX_MEMBERS)
      throw invalidValue('members has too many values');
    this.checkMapped(connection, current);
    await this.checkMembers(connection, added);
    const row = await this.store.updateGroup(id, {});
    if (!row) throw resourceNotFound('Group', id);
    await this.store.removeMembers(id, removed);
    await this.store.addMembers(id, added);
    await this.syncRolesOf(connection, [...added, ...removed]);
    return row;
  }

  async delete(connection: ConnectionRow, id: string): Promise<ScimGroupRow> {
    const row = await this.get(connection, id);
    const members = (await this.members([id])).get(id)?.map((member) => member.value) ?? [];
    await this.store.deleteGroup(id);
    await this.syncRolesOf(connection, members);
    return row;
  }

  /**
   * Unknown-group policy `create`: a new group no mapping names gets a role of its own (`scim.<name>`, no
   * permissions; an admin gives it some) and a mapping by the group's id, so its members carry it in tokens.
   */
  private async mapUnknownGroup(connection: ConnectionRow, group: ScimGroupRow): Promise<void> {
    if (connection.unknownGroups !== 'create' || mappedRoles(connection, group).length > 0) return;
    const slug = group.displayName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50);
    const key = `scim.${slug || group.id.slice(0, 8)}`;
    try {
      await this.roles.createRole({
        key,
        name: group.displayName.slice(0, 100),
        description: `Created for the SCIM group "${group.displayName.slice(0, 100)}" of ${connection.name}`,
      });
    } catch (error) {
      // A role of that key already exists (another connection's group of the same name): it is used as it is.
      if (!(error instanceof ApiError && error.statusCode === 409)) throw error;
    }
    const roleMappings = [...connection.roleMappings, { match: 'id' as const, value: group.id, role: key }];
    await this.store.updateConnection(connection.id, { roleMappings });
    connection.roleMappings = roleMappings;
  }

  /** Unknown-group policy `reject`: a group no mapping names is refused. */
  private checkMapped(connection: ConnectionRow, group: ScimGroupRow): void {
    if (connection.unknownGroups === 'reject' && mappedRoles(connection, group).length === 0)
      throw invalidValue('this connection accepts only groups that are mapped to a role');
  }

  /** Members must be users of this connection (RFC 7644 §3.5.2: an unknown member is invalid). */
  private async checkMembers(connection: ConnectionRow, members: string[]): Promise<void> {
    const known = await this.store.existingUserIds(connection.id, members);
    const unknown = members.filter((member) => !known.has(member));
    if (unknown.length > 0)
      throw invalidValue(`no user ${JSON.stringify(unknown[0]!.slice(0, 100))} in this connection`);
  }

  private async syncRolesOf(connection: ConnectionRow, scimUserIds: string[]): Promise<void> {
    if (connection.roleMappings.length === 0) return;
    for (const scimUserId of scimUserIds) {
      const row = await this.store.findUser(connection.id, scimUserId);
      if (row?.active) await this.users.syncRoles(connection, row);
    }
  }
}

/** The same roles, in any order. */
function sameRoleSet(left: string[], right: string[]): boolean {
  const set = new Set(left);
  return set.size === new Set(right).size && right.every((role) => set.has(role));
}
