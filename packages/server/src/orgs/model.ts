import type { OrganizationSettings, OrganizationUnlockPolicy } from './tables.js';

export type { OrganizationSettings, OrganizationUnlockPolicy };

/**
 * The permission that lets a member manage an organization's members, roles, invites and settings
 * (docs/organizations.md#model).
 */
export const MANAGE_PERMISSION = 'service.org:manage';
/** Reading the users directory: every active user for a client, an organization's members for a member. */
export const USERS_READ_PERMISSION = 'service.users:read';

/** Built-in permissions, created at start and never deleted. */
export const BUILT_IN_PERMISSIONS: Record<string, string> = {
  [MANAGE_PERMISSION]: 'Manage the organization: its members, their roles, invitations and settings',
  [USERS_READ_PERMISSION]: 'Read the users directory of the organization',
};

export const ADMIN_ROLE = 'admin';
export const MEMBER_ROLE = 'member';

/** Built-in roles, created at start; they cannot be edited or deleted, so `admin` always manages. */
export const BUILT_IN_ROLES: Record<string, { name: string; description: string; permissions: string[] }> = {
  [ADMIN_ROLE]: {
    name: 'Administrator',
    description: 'Manages the organization: members, roles, invitations and settings',
    permissions: [MANAGE_PERMISSION, USERS_READ_PERMISSION],
  },
  [MEMBER_ROLE]: {
    name: 'Member',
    description: 'Belongs to the organization',
    permissions: [],
  },
};

export type OrganizationStatus = 'active' | 'disabled';
export type MemberStatus = 'active' | 'invited' | 'suspended';

export interface Organization {
  id: string;
  name: string;
  slug: string;
  status: OrganizationStatus;
  settings: { require_totp: boolean };
  /** Its override of the unlock policy, every member present (null: as the global setting). */
  unlockPolicy: Required<OrganizationUnlockPolicy>;
  createdAt: Date;
  updatedAt: Date;
}

export interface Member {
  id: string;
  organizationId: string;
  userId: string | null;
  status: MemberStatus;
  /** The account's name and email (null for an invitation nobody accepted yet). */
  name: string | null;
  email: string | null;
  roles: string[];
  /** Union of the permissions of the member's roles. */
  permissions: string[];
  invite: { email: string; expiresAt: Date; expired: boolean } | null;
  addedBy: string | null;
  createdAt: Date;
  joinedAt: Date | null;
}

export interface Role {
  key: string;
  name: string;
  description: string;
  builtIn: boolean;
  permissions: string[];
}

export interface Permission {
  key: string;
  description: string;
  builtIn: boolean;
}

/** Who does something: a signed-in user (public port) or an admin (admin port). */
export interface Actor {
  type: 'user' | 'admin' | 'admin_token';
  id: string;
  /** The admin an `admin_token` acts for (docs/admin-api-tokens.md). */
  onBehalfOf?: string;
}

export const actorLabel = (actor: Actor) => `${actor.type}:${actor.id}`;

/** Role and permission keys: what tokens carry, so a small, unambiguous alphabet. */
export const KEY_PATTERN = '^[a-z][a-z0-9_.:-]{0,63}$';
/** Slugs: lower-case DNS-label style. */
export const SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$';
const SLUG = new RegExp(SLUG_PATTERN);

/** A slug made from a name ("Acme, Inc." -> "acme-inc"); "org" when nothing usable is left. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return SLUG.test(slug) ? slug : 'org';
}

export function normalizeSettings(settings: OrganizationSettings | null | undefined) {
  return { require_totp: settings?.require_totp === true };
}

/** The stored unlock-policy override with every member present; anything malformed reads as "not overridden". */
export function normalizeUnlockPolicy(
  policy: OrganizationUnlockPolicy | null | undefined,
): Required<OrganizationUnlockPolicy> {
  const flag = (value: unknown) => (typeof value === 'boolean' ? value : null);
  const types = policy?.allowed_envelope_types;
  return {
    allowed_envelope_types:
      Array.isArray(types) && types.every((type) => typeof type === 'string') ? [...types] : null,
    zk_requires_unlocked_keybag: flag(policy?.zk_requires_unlocked_keybag),
    trusted_device_approval: flag(policy?.trusted_device_approval),
    new_key_setup_allowed: flag(policy?.new_key_setup_allowed),
  };
}

/**
 * The `permissions` claim (docs/organizations.md): the member's permissions, limited to those the client was granted
 * as scopes — a permission appears only when a granted scope is exactly its key. Sorted, no duplicates.
 */
export function permissionsForScope(memberPermissions: readonly string[], scope: string): string[] {
  const granted = new Set(scope.split(' ').filter(Boolean));
  return [...new Set(memberPermissions)].filter((permission) => granted.has(permission)).sort();
}

/** The organization claims of access and ID tokens (docs/organizations.md#the-claims). */
export interface OrganizationClaims {
  org_id: string;
  org_slug: string;
  /** Role keys of the member in that organization. */
  roles: string[];
  /** The member's permissions limited to the granted scopes. */
  permissions: string[];
}
