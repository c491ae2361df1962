import { Type } from 'typebox';
import { Email } from '../app/ports/schemas.js';
import {
  KEY_PATTERN,
  type Member,
  type Organization,
  type Permission,
  type Role,
  SLUG_PATTERN,
} from './model.js';
import type { Membership } from './service.js';

/** Route schemas and the mappers that fill them, shared by the user API and the admin API. */

export const OrganizationId = Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' });
export const MemberId = Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' });
export const Key = Type.String({ pattern: KEY_PATTERN });
export const Slug = Type.String({
  pattern: SLUG_PATTERN,
  description: 'Lower-case letters, digits and hyphens',
});
export const Name = Type.String({ minLength: 1, maxLength: 120 });
export const InviteToken = Type.String({ minLength: 20, maxLength: 200 });

export const OrganizationParams = Type.Object({ organizationId: OrganizationId });
export const MemberParams = Type.Object({ organizationId: OrganizationId, memberId: MemberId });
export const MemberRoleParams = Type.Object({
  organizationId: OrganizationId,
  memberId: MemberId,
  roleId: Key,
});
export const InviteParams = Type.Object({ organizationId: OrganizationId, inviteId: MemberId });
export const RoleKeys = Type.Array(Key, { maxItems: 20 });
/** An invitation: the address, and the roles it gives (default member). */
export const InviteInput = Type.Object(
  { email: Email, roles: Type.Optional(RoleKeys) },
  { additionalProperties: false },
);
export const MemberStatusBody = Type.Object(
  { status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]) },
  { additionalProperties: false },
);

export const SettingsView = Type.Object(
  { require_totp: Type.Boolean({ description: 'Every active member must use TOTP' }) },
  { title: 'OrganizationSettings' },
);
export const SettingsInput = Type.Object(
  { require_totp: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

const Actor = Type.Union([
  Type.Object({ type: Type.Union([Type.Literal('user'), Type.Literal('admin')]), id: Type.String() }),
  Type.Null(),
]);
const DateTime = Type.String({ format: 'date-time' });

/** An organization as one of its members sees it. */
export const MyOrganizationView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    settings: SettingsView,
    member_id: Type.String({ description: 'The caller’s membership' }),
    roles: Type.Array(Type.String(), { description: 'The caller’s role keys here' }),
    permissions: Type.Array(Type.String(), { description: 'The caller’s permissions here (all of them)' }),
    can_manage: Type.Boolean({ description: 'Whether the caller holds service.org:manage here' }),
  },
  { title: 'MyOrganization' },
);

export const AdminOrganizationView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
    settings: SettingsView,
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'Organization' },
);

/** One organization as the admin portal's organization page shows it: with whether it lacks a manager. */
export const AdminOrganizationDetailView = Type.Object(
  {
    ...AdminOrganizationView.properties,
    manager_missing: Type.Boolean({
      description:
        'No active member with the organization-manage permission and an active account is left (deprovisioning always wins over the last manager, docs/organizations.md): an admin should give someone that role',
    }),
  },
  { title: 'OrganizationDetail' },
);

const InviteDetails = Type.Object({
  email: Type.String(),
  expires_at: DateTime,
  expired: Type.Boolean(),
});

/** A member as managers (and admins) see it. */
export const MemberView = Type.Object(
  {
    id: Type.String(),
    user_id: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('active'), Type.Literal('invited'), Type.Literal('suspended')]),
    roles: Type.Array(Type.String()),
    permissions: Type.Array(Type.String()),
    invite: Type.Union([InviteDetails, Type.Null()], { description: 'For invited members: the invitation' }),
    added_by: Actor,
    created_at: DateTime,
    joined_at: Type.Union([DateTime, Type.Null()]),
  },
  { title: 'Member' },
);

/** A member as a basic member sees it (docs/organizations.md#rules): no email or other profile detail. */
export const ReducedMemberView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    roles: Type.Array(Type.String()),
  },
  { title: 'MemberSummary' },
);

export const InviteView = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    roles: Type.Array(Type.String()),
    expires_at: DateTime,
    expired: Type.Boolean(),
    invited_by: Actor,
    created_at: DateTime,
  },
  { title: 'Invite' },
);

export const RoleView = Type.Object(
  {
    id: Type.String({ description: 'The role key (roles are identified by their key)' }),
    key: Type.String(),
    name: Type.String(),
    description: Type.String(),
    built_in: Type.Boolean(),
    permissions: Type.Array(Type.String()),
  },
  { title: 'Role' },
);

export const PermissionView = Type.Object(
  { key: Type.String(), description: Type.String(), built_in: Type.Boolean() },
  { title: 'Permission' },
);

function actorOf(addedBy: string | null) {
  const match = addedBy ? /^(user|admin):(.+)$/.exec(addedBy) : null;
  return match ? { type: match[1] as 'user' | 'admin', id: match[2]! } : null;
}

export function myOrganizationView({ organization, member, canManage }: Membership) {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    settings: organization.settings,
    member_id: member.id,
    roles: member.roles,
    permissions: member.permissions,
    can_manage: canManage,
  };
}

export function adminOrganizationView(organization: Organization) {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    status: organization.status,
    settings: organization.settings,
    created_at: organization.createdAt.toISOString(),
    updated_at: organization.updatedAt.toISOString(),
  };
}

export function memberView(member: Member) {
  return {
    id: member.id,
    user_id: member.userId,
    name: member.name,
    email: member.email,
    status: member.status,
    roles: member.roles,
    permissions: member.permissions,
    invite: member.invite
      ? {
          email: member.invite.email,
          expires_at: member.invite.expiresAt.toISOString(),
          expired: member.invite.expired,
        }
      : null,
    added_by: actorOf(member.addedBy),
    created_at: member.createdAt.toISOString(),
    joined_at: member.joinedAt?.toISOString() ?? null,
  };
}

export function reducedMemberView(member: Member) {
  return { id: member.id, name: member.name ?? '', roles: member.roles };
}

export function inviteView(member: Member) {
  return {
    id: member.id,
    email: member.invite!.email,
    roles: member.roles,
    expires_at: member.invite!.expiresAt.toISOString(),
    expired: member.invite!.expired,
    invited_by: actorOf(member.addedBy),
    created_at: member.createdAt.toISOString(),
  };
}

export function roleView(role: Role) {
  return {
    id: role.key,
    key: role.key,
    name: role.name,
    description: role.description,
    built_in: role.builtIn,
    permissions: role.permissions,
  };
}

export function permissionView(permission: Permission) {
  return { key: permission.key, description: permission.description, built_in: permission.builtIn };
}
