/**
 * Names for the admin API's organization answers (`/admin/organizations…`, `/admin/roles…`,
 * `/admin/permissions…`). The shapes are generated from the admin port's /openapi.json (shared/api-types).
 */
import type { AdminApiResponse } from '../shared/api-types/admin-api';

export type OrganizationView = AdminApiResponse<'GET /admin/organizations/{organizationId}'>;
export type OrganizationStatus = OrganizationView['status'];

export type MemberView =
  AdminApiResponse<'GET /admin/organizations/{organizationId}/members'>['members'][number];
export type MemberStatus = MemberView['status'];
/** Who added a member or sent an invitation (null: the service itself, or no longer known). */
export type ActorView = MemberView['added_by'];

export type InviteView =
  AdminApiResponse<'GET /admin/organizations/{organizationId}/invites'>['invites'][number];
export type RoleView = AdminApiResponse<'GET /admin/roles/{roleId}'>;
export type PermissionView = AdminApiResponse<'GET /admin/permissions'>['permissions'][number];

/** The server's rule for role and permission keys (`KEY_PATTERN`). */
export const KEY_PATTERN = /^[a-z][a-z0-9_.:-]{0,63}$/;

/** The server's rule for organization slugs (`SLUG_PATTERN`). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
