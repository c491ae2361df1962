import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Permission, Role } from './model.js';
import { permissions, rolePermissions, roles } from './tables.js';

/** SQL of the role and permission catalogue (one catalogue for every organization). */
export class RoleStore {
  constructor(private readonly db: Db) {}

  async listPermissions(): Promise<Permission[]> {
    const rows = await this.db.select().from(permissions).orderBy(asc(permissions.key));
    return rows.map((row) => ({ key: row.key, description: row.description, builtIn: row.builtIn }));
  }

  async findPermission(key: string): Promise<Permission | null> {
    const [row] = await this.db.select().from(permissions).where(eq(permissions.key, key));
    return row ? { key: row.key, description: row.description, builtIn: row.builtIn } : null;
  }

  /** False when the key exists. */
  async insertPermission(row: typeof permissions.$inferInsert): Promise<boolean> {
    const inserted = await this.db
      .insert(permissions)
      .values(row)
      .onConflictDoNothing()
      .returning({ key: permissions.key });
    return inserted.length === 1;
  }

  async updatePermission(key: string, description: string): Promise<void> {
    await this.db.update(permissions).set({ description }).where(eq(permissions.key, key));
  }

  async deletePermission(key: string): Promise<void> {
    await this.db.delete(permissions).where(eq(permissions.key, key));
  }

  async listRoles(): Promise<Role[]> {
    const rows = await this.db.select().from(roles).orderBy(asc(roles.key));
    const grants = await this.db.select().from(rolePermissions).orderBy(asc(rolePermissions.permissionKey));
    return rows.map((row) => ({
      key: row.key,
      name: row.name,
      description: row.description,
      builtIn: row.builtIn,
      permissions: grants.filter((grant) => grant.roleKey === row.key).map((grant) => grant.permissionKey),
    }));
  }

  async findRole(key: string): Promise<Role | null> {
    return (await this.listRoles()).find((role) => role.key === key) ?? null;
  }

  /** False when the key exists. */
  async insertRole(row: typeof roles.$inferInsert, permissionKeys: string[]): Promise<boolean> {
    const inserted = await this.db
      .insert(roles)
      .values(row)
      .onConflictDoNothing()
      .returning({ key: roles.key });
    if (inserted.length !== 1) return false;
    await this.setRolePermissions(row.key, permissionKeys);
    return true;
  }

  async updateRole(key: string, values: { name?: string; description?: string }): Promise<void> {
    await this.db
      .update(roles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(roles.key, key));
  }

  async setRolePermissions(roleKey: string, permissionKeys: string[]): Promise<void> {
    await this.db.delete(rolePermissions).where(eq(rolePermissions.roleKey, roleKey));
    if (permissionKeys.length > 0) {
      await this.db
        .insert(rolePermissions)
        .values([...new Set(permissionKeys)].map((permissionKey) => ({ roleKey, permissionKey })));
    }
  }

  async deleteRole(key: string): Promise<void> {
    await this.db.delete(roles).where(eq(roles.key, key));
  }

  /** Built-in roles and permissions: created if missing (several nodes may start at once). */
  async ensurePermission(key: string, description: string): Promise<void> {
    await this.db.insert(permissions).values({ key, description, builtIn: true }).onConflictDoNothing();
  }

  async ensureRole(
    key: string,
    definition: { name: string; description: string; permissions: string[] },
  ): Promise<void> {
    await this.db
      .insert(roles)
      .values({ key, name: definition.name, description: definition.description, builtIn: true })
      .onConflictDoNothing();
    // Built-in roles cannot be edited, so their permissions are simply (re)asserted.
    if (definition.permissions.length > 0) {
      await this.db
        .insert(rolePermissions)
        .values(definition.permissions.map((permissionKey) => ({ roleKey: key, permissionKey })))
        .onConflictDoNothing();
    }
  }
}
