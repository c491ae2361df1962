import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An organization's unlock policy (docs/zk.md §8): each member overrides the global setting of the same name, and
 * only ever to make it stricter (the keys slice combines them); null or absent follows the global setting.
 */
export interface OrganizationUnlockPolicy {
  /** The envelope types members may unlock with, intersected with the globally allowed ones. */
  allowed_envelope_types?: string[] | null;
  /** true: ZK apps need an unlocked keybag even where the global setting does not ask for one. */
  zk_requires_unlocked_keybag?: boolean | null;
  /** false: no trusted-device approval, even where the global setting offers it. */
  trusted_device_approval?: boolean | null;
  /** false: no new-key setup, even where the global setting allows it. */
  new_key_setup_allowed?: boolean | null;
}

/** Per-organization policy (docs/organizations.md). */
export interface OrganizationSettings {
  /** Every active member must use TOTP as a second factor. */
  require_totp?: boolean;
  /** The organization's override of the unlock policy (docs/zk.md §8). */
  unlock_policy?: OrganizationUnlockPolicy;
}

/** Organizations: a name, a unique slug (carried as `org_slug` in tokens) and their policy settings. */
export const organizations = pgTable(
  'organizations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** `active`, or `disabled` by an admin: invisible to users and refused in tokens. */
    status: text('status').notNull().default('active'),
    settings: jsonb('settings').$type<OrganizationSettings>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('organizations_slug_idx').on(table.slug)],
);

/** Permission keys (e.g. `service.org:manage`) with their descriptions; the same catalogue for every organization. */
export const permissions = pgTable('permissions', {
  key: text('key').primaryKey(),
  description: text('description').notNull().default(''),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Roles, identified by their key (`admin`, `member`, ...), defined once and assigned per membership. */
export const roles = pgTable('roles', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleKey: text('role_key')
      .notNull()
      .references(() => roles.key, { onDelete: 'cascade' }),
    permissionKey: text('permission_key')
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleKey, table.permissionKey] })],
);

/**
 * Memberships. An `invited` member is a pending invitation: no user yet, the invited address, and the SHA-256 of the
 * emailed token (stored hashed: docs/configuration.md#keys-at-rest); accepting it fills in the user and makes
 * it `active`. `suspended` members keep their roles but count for nothing (no tokens, no management).
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The member's `users.email_normalized` and `lower(users.name)`, kept equal to them by triggers (migration
     * 0036_member_directory_keys): the keys of the organization's users directory, so that a prefix search within
     * one organization reads one range of its own index (docs/organizations.md#the-users-directory). Null while
     * the membership is an invitation.
     */
    userEmailNormalized: text('user_email_normalized'),
    userNameLower: text('user_name_lower'),
    status: text('status').notNull(),
    inviteEmail: text('invite_email'),
    inviteEmailNormalized: text('invite_email_normalized'),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamptz('invite_expires_at'),
    /** Who created the membership or invitation: `user:<id>` or `admin:<id>`. */
    addedBy: text('added_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    joinedAt: timestamptz('joined_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_members_user_idx').on(table.organizationId, table.userId),
    uniqueIndex('organization_members_invite_email_idx')
      .on(table.organizationId, table.inviteEmailNormalized)
      .where(sql`status = 'invited'`),
    uniqueIndex('organization_members_invite_token_idx').on(table.inviteTokenHash),
    index('organization_members_by_user_idx').on(table.userId),
    index('organization_members_directory_email_idx')
      .on(table.organizationId, table.userEmailNormalized.op('text_pattern_ops'))
      .where(sql`status = 'active'`),
    // The member list's order and its keyset (orgs/store.ts pageMembers): the address, or an invitation's.
    index('organization_members_list_idx').on(
      table.organizationId,
      sql`coalesce(${table.userEmailNormalized}, ${table.inviteEmailNormalized}, '')`,
      table.id,
    ),
    index('organization_members_directory_name_idx')
      .on(table.organizationId, table.userNameLower.op('text_pattern_ops'))
      .where(sql`status = 'active'`),
    index('organization_members_invite_expires_idx').on(table.inviteExpiresAt).where(sql`status = 'invited'`),
  ],
);

export const organizationMemberRoles = pgTable(
  'organization_member_roles',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => organizationMembers.id, { onDelete: 'cascade' }),
    roleKey: text('role_key')
      .notNull()
      .references(() => roles.key, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.roleKey] }),
    index('organization_member_roles_role_idx').on(table.roleKey),
  ],
);
