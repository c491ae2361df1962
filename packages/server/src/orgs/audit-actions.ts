import type { AuditActionsOf } from '../audit/actions.js';

/** What the audit log records of this slice: organizations, members, invitations, roles and permissions. */
export const ORGANIZATION_AUDIT_ACTIONS = [
  'organization.created',
  'organization.deleted',
  'organization.invite_accepted',
  'organization.invite_created',
  'organization.invite_declined',
  'organization.invite_revoked',
  'organization.manager_missing',
  'organization.member_added',
  'organization.member_left',
  'organization.member_removed',
  'organization.member_status_changed',
  'organization.role_assigned',
  'organization.role_removed',
  'organization.updated',
  'permission.created',
  'permission.deleted',
  'permission.updated',
  'role.created',
  'role.deleted',
  'role.updated',
] as const;

type OrganizationAuditActions = AuditActionsOf<typeof ORGANIZATION_AUDIT_ACTIONS>;

// The actions are typed for `audit.record` where they are defined (see AuditActionCatalogue).
declare module '../audit/actions.js' {
  interface AuditActionCatalogue extends OrganizationAuditActions {}
}
