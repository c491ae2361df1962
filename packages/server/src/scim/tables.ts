import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { organizations } from '../orgs/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A SCIM group mapped to an organization role: matched by the group's id, externalId or displayName. */
export interface ScimRoleMapping {
  match: 'id' | 'externalId' | 'displayName';
  value: string;
  role: string;
}

/**
 * A provisioning connection: one identity provider app (an Entra ID enterprise app, an Okta app) provisioning
 * users and groups into one organization, with its own policies (docs/scim.md).
 */
export const scimConnections = pgTable(
  'scim_connections',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `suspend` (membership suspended), `remove` (membership removed) or `delete` (the account too, when it can). */
    deprovisioning: text('deprovisioning').notNull().default('suspend'),
    /** Whether a provisioned user may be linked to an existing account with the same verified email. */
    linkByVerifiedEmail: boolean('link_by_verified_email').notNull().default(false),
    /** What a group with no role mapping does: `ignore` (kept, no role), `reject` (400) or `create` (a new role). */
    unknownGroups: text('unknown_groups').notNull().default('ignore'),
    roleMappings: jsonb('role_mappings').$type<ScimRoleMapping[]>().notNull().default([]),
    /**
     * Provisioned-only sign-in (docs/scim.md): in the organization, a membership counts (organization choice, token
     * claims, refresh) only while the user is an active provisioned user of such a connection.
     */
    provisionedOnly: boolean('provisioned_only').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // Token claims ask on every refresh whether a provisioned-only connection governs the organization.
  (table) => [index('scim_connections_organization_idx').on(table.organizationId)],
);

/**
 * SCIM bearer tokens, stored as hashToken(value) only and looked up by that hash
 * (docs/configuration.md#keys-at-rest).
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => scimConnections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the plaintext, shown so an admin can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('scim_tokens_hash_idx').on(table.tokenHash),
    index('scim_tokens_connection_idx').on(table.connectionId),
  ],
);

/**
 * A user as one connection provisioned it: the SCIM resource (its `id` is this row's id), bound to a local account.
 * `owned` is true when the connection created the account; only then may SCIM changes reach its global profile.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => scimConnections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    owned: boolean('owned').notNull(),
    userName: text('user_name').notNull(),
    /** userName is caseExact false (RFC 7643 §4.1.1): unique and matched lower-cased. */
    userNameNormalized: text('user_name_normalized').notNull(),
    externalId: text('external_id'),
    displayName: text('display_name'),
    active: boolean('active').notNull().default(true),
    /** Lower-cased `{type, value}` of the emails, for `emails[type eq "work"].value eq` filters (jsonb `@>`). */
    emailIndex: jsonb('email_index').$type<{ type: string; value: string }[]>().notNull().default([]),
    /** The rest of the resource as the client sent it (name, emails, enterprise extension, ...). */
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * Set when the identity provider DELETEd the user but the account stays (policies suspend and remove): the
     * resource is gone (404), and the row remembers that this connection created the account, so a later POST of the
     * same person takes it up again instead of finding its address taken.
     */
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    uniqueIndex('scim_users_user_name_idx')
      .on(table.connectionId, table.userNameNormalized)
      .where(sql`deleted_at is null`),
    uniqueIndex('scim_users_account_idx').on(table.connectionId, table.userId),
    index('scim_users_external_id_idx').on(table.connectionId, table.externalId),
    index('scim_users_user_idx').on(table.userId),
    // `emails[...].value eq` filters (jsonb `@>`) probe this instead of reading every user of the connection.
    index('scim_users_email_idx').using('gin', table.emailIndex.op('jsonb_path_ops')),
    // A list's page in its order (RFC 7644 §3.4.2.4 startIndex) read from the index, not sorted from every user.
    index('scim_users_listing_idx')
      .on(table.connectionId, table.createdAt, table.id)
      .where(sql`deleted_at is null`),
  ],
);

/** Groups a connection provisioned; their members get the mapped organization role. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => scimConnections.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    displayNameNormalized: text('display_name_normalized').notNull(),
    externalId: text('external_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // Entra requires a group's displayName to be unique (it matches groups by it).
    uniqueIndex('scim_groups_display_name_idx').on(table.connectionId, table.displayNameNormalized),
    index('scim_groups_external_id_idx').on(table.connectionId, table.externalId),
  ],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    scimUserId: text('scim_user_id')
      .notNull()
      .references(() => scimUsers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.scimUserId] }),
    index('scim_group_members_user_idx').on(table.scimUserId),
  ],
);
