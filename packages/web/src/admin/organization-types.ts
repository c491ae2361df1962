/**
 * Shapes of the admin API's organization answers (`/admin/organizations…`, `/admin/roles…`, `/admin/permissions…`;
 * /openapi.json on the admin port is the authority).
 */

export type OrganizationStatus = 'active' | 'disabled';

export interface OrganizationView {
  id: string;
  name: string;
  slug: string;
  status: OrganizationStatus;
  settings: { require_totp: boolean };
  created_at: string;
  updated_at: string;
}

/** Who added a member or sent an invitation (null: the service itself, or no longer known). */
export type ActorView = { type: 'user' | 'admin'; id: string } | null;

export type MemberStatus = 'active' | 'invited' | 'suspended';

export interface MemberView {
  id: string;
  user_id: string | null;
  name: string | null;
  email: string | null;
  status: MemberStatus;
  roles: string[];
  permissions: string[];
  invite: { email: string; expires_at: string; expired: boolean } | null;
  added_by: ActorView;
  created_at: string;
  joined_at: string | null;
}

export interface InviteView {
  id: string;
  email: string;
  roles: string[];
  expires_at: string;
  expired: boolean;
  invited_by: ActorView;
  created_at: string;
}

export interface RoleView {
  /** The role's key: roles are identified by it. */
  id: string;
  key: string;
  name: string;
  description: string;
  built_in: boolean;
  permissions: string[];
}

export interface PermissionView {
  key: string;
  description: string;
  built_in: boolean;
}

/** The server's rule for role and permission keys (`KEY_PATTERN`). */
export const KEY_PATTERN = /^[a-z][a-z0-9_.:-]{0,63}$/;

/** The server's rule for organization slugs (`SLUG_PATTERN`). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
