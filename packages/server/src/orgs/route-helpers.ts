import type { FastifyRequest } from 'fastify';
import { userCaller } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { AuditAction } from '../audit/actions.js';
import type { Actor } from './model.js';
import type { OrganizationService } from './service.js';

/** A change in an organization and its audit entry, in one transaction, made by the port's caller. */
function recordOrganizationChange<T>(
  context: AppContext,
  request: FastifyRequest,
  actor: Actor,
  change: () => Promise<T>,
  action: AuditAction,
  organizationId: string | ((result: T) => string),
  details?: (result: T) => Record<string, unknown>,
): Promise<T> {
  return context.audit.recordChange(change, (result) => ({
    action,
    outcome: 'success',
    actor,
    target: {
      type: 'organization',
      id: typeof organizationId === 'function' ? organizationId(result) : organizationId,
    },
    details: details?.(result),
    request,
  }));
}

/**
 * The signed-in user and the audited change shared by the user-facing organization routes, which declare `session`
 * (reads) or `session+csrf` (changes): the port's access hook established the session before the body was parsed.
 */
export function organizationRouteHelpers(context: AppContext) {
  const userOf = (request: FastifyRequest) => userCaller(context, request).session.userId;
  /** A change the signed-in user makes in an organization, and its audit entry, in one transaction. */
  const audited = <T>(
    request: FastifyRequest,
    change: () => Promise<T>,
    action: AuditAction,
    organizationId: string | ((result: T) => string),
    details?: (result: T) => Record<string, unknown>,
  ): Promise<T> =>
    recordOrganizationChange(
      context,
      request,
      { type: 'user', id: userOf(request) },
      change,
      action,
      organizationId,
      details,
    );
  /** The changes the admin API makes too, audited alike; a manager's, after `requireManager`. */
  const changes = (request: FastifyRequest) =>
    organizationChanges(context, request, { type: 'user', id: userOf(request) });
  return { userOf, audited, changes };
}

/**
 * The changes both ports make to an organization, its members and its invitations (the admin API, and a manager
 * on the public port), each audited the same way whoever makes it. The routes check who may make them first.
 */
export function organizationChanges(context: AppContext, request: FastifyRequest, actor: Actor) {
  const { organizations, invites } = context.orgs;
  const audited = <T>(
    change: () => Promise<T>,
    action: AuditAction,
    organizationId: string,
    details: (result: T) => Record<string, unknown>,
  ) => recordOrganizationChange(context, request, actor, change, action, organizationId, details);
  return {
    update: (organizationId: string, changes: Parameters<OrganizationService['update']>[1]) =>
      audited(
        () => organizations.update(organizationId, changes),
        'organization.updated',
        organizationId,
        () => ({ changes }),
      ),
    setMemberStatus: (organizationId: string, memberId: string, status: 'active' | 'suspended') =>
      audited(
        () => organizations.setMemberStatus(organizationId, memberId, status),
        'organization.member_status_changed',
        organizationId,
        () => ({ member: memberId, status }),
      ),
    removeMember: (organizationId: string, memberId: string) =>
      audited(
        () => organizations.removeMember(organizationId, memberId),
        'organization.member_removed',
        organizationId,
        (removed) => ({ member: memberId, user: removed.userId }),
      ),
    assignRole: (organizationId: string, memberId: string, role: string) =>
      audited(
        () => organizations.assignRole(organizationId, memberId, role),
        'organization.role_assigned',
        organizationId,
        () => ({ member: memberId, role }),
      ),
    removeRole: (organizationId: string, memberId: string, role: string) =>
      audited(
        () => organizations.removeRole(organizationId, memberId, role),
        'organization.role_removed',
        organizationId,
        () => ({ member: memberId, role }),
      ),
    revokeInvite: (organizationId: string, inviteId: string) =>
      audited(
        () => invites.revoke(organizationId, inviteId),
        'organization.invite_revoked',
        organizationId,
        () => ({ invite: inviteId }),
      ),
  };
}
