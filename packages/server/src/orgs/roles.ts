import { appError } from '../app/errors.js';
import type { Db } from '../db/client.js';
import { isForeignKeyViolation } from '../db/errors.js';
import { RoleStore } from './catalogue-store.js';
import { orgsError } from './errors.js';
import { BUILT_IN_PERMISSIONS, BUILT_IN_ROLES, type Permission, type Role } from './model.js';
import { lastManager } from './service.js';
import type { OrganizationStore } from './store.js';

const roleNotFound = () => appError('not_found', 'role was not found');
const permissionNotFound = () => appError('not_found', 'permission was not found');

/**
 * The role and permission catalogue shared by every organization. Built-in entries are fixed. A catalogue change
 * that would leave some organization without an active manager (a custom role losing `service.org:manage`, or being
 * deleted) is refused, like the membership changes in OrganizationService.
 */
export class RoleService {
  constructor(
    private readonly store: RoleStore,
    private readonly organizations: OrganizationStore,
  ) {}

  /** Creates the built-in permissions and roles if missing (safe when several nodes start at once). */
  async ensureBuiltIns(): Promise<void> {
    for (const [key, description] of Object.entries(BUILT_IN_PERMISSIONS)) {
      await this.store.ensurePermission(key, description);
    }
    for (const [key, definition] of Object.entries(BUILT_IN_ROLES)) {
      await this.store.ensureRole(key, definition);
    }
  }

  listRoles(): Promise<Role[]> {
    return this.store.listRoles();
  }

  async requireRole(key: string): Promise<Role> {
    const role = await this.store.findRole(key);
    if (!role) throw roleNotFound();
    return role;
  }

  async createRole(input: {
    key: string;
    name: string;
    description?: string;
    permissions?: string[];
  }): Promise<Role> {
    const permissionKeys = [...new Set(input.permissions ?? [])];
    await this.requirePermissions(permissionKeys);
    const created = await this.organizations
      .transaction((db) =>
        new RoleStore(db).insertRole(
          { key: input.key, name: input.name, description: input.description ?? '' },
          permissionKeys,
        ),
      )
      .catch((error) => this.permissionGoneMeanwhile(error, permissionKeys));
    if (!created) throw orgsError('role_exists', 'a role with this key exists');
    return this.requireRole(input.key);
  }

  async updateRole(
    key: string,
    changes: { name?: string; description?: string; permissions?: string[] },
  ): Promise<Role> {
    const role = await this.requireRole(key);
    if (role.builtIn) throw orgsError('built_in', 'built-in roles cannot be changed');
    const permissionKeys = changes.permissions ? [...new Set(changes.permissions)] : undefined;
    if (permissionKeys) await this.requirePermissions(permissionKeys);
    await this.keepingManagers(async (store) => {
      await store.updateRole(key, { name: changes.name, description: changes.description });
      if (permissionKeys) await store.setRolePermissions(key, permissionKeys);
    }).catch((error) => this.permissionGoneMeanwhile(error, permissionKeys ?? []));
    return this.requireRole(key);
  }

  async deleteRole(key: string): Promise<Role> {
    const role = await this.requireRole(key);
    if (role.builtIn) throw orgsError('built_in', 'built-in roles cannot be deleted');
    await this.keepingManagers((store) => store.deleteRole(key));
    return role;
  }

  listPermissions(): Promise<Permission[]> {
    return this.store.listPermissions();
  }

  async createPermission(input: { key: string; description?: string }): Promise<Permission> {
    if (!(await this.store.insertPermission({ key: input.key, description: input.description ?? '' })))
      throw orgsError('permission_exists', 'a permission with this key exists');
    return (await this.store.findPermission(input.key))!;
  }

  async updatePermission(key: string, description: string): Promise<Permission> {
    const permission = await this.store.findPermission(key);
    if (!permission) throw permissionNotFound();
    if (permission.builtIn) throw orgsError('built_in', 'built-in permissions cannot be changed');
    await this.store.updatePermission(key, description);
    return (await this.store.findPermission(key))!;
  }

  /** Deletes a permission; roles that listed it lose it. */
  async deletePermission(key: string): Promise<Permission> {
    const permission = await this.store.findPermission(key);
    if (!permission) throw permissionNotFound();
    if (permission.builtIn) throw orgsError('built_in', 'built-in permissions cannot be deleted');
    await this.keepingManagers((store) => store.deletePermission(key));
    return permission;
  }

  /** A permission (or the role) deleted between the check and the write: answered like the check would. */
  private async permissionGoneMeanwhile(error: unknown, permissionKeys: string[]): Promise<never> {
    if (isForeignKeyViolation(error)) {
      await this.requirePermissions(permissionKeys);
      throw roleNotFound();
    }
    throw error;
  }

  private async requirePermissions(keys: string[]): Promise<void> {
    const known = new Set((await this.store.listPermissions()).map((permission) => permission.key));
    const unknown = keys.filter((key) => !known.has(key));
    if (unknown.length > 0) {
      throw orgsError('unknown_permission', `no such permission: ${unknown.slice(0, 5).join(', ')}`);
    }
  }

  /** Applies a catalogue change in a transaction; rolled back if any organization would lose its last manager. */
  private async keepingManagers(change: (store: RoleStore, db: Db) => Promise<void>): Promise<void> {
    await this.organizations.transaction(async (db) => {
      const organizations = this.organizations.bound(db);
      const before = await organizations.managedOrganizationIds();
      await change(new RoleStore(db), db);
      const after = await organizations.managedOrganizationIds();
      for (const id of before) if (!after.has(id)) throw lastManager();
    });
  }
}
