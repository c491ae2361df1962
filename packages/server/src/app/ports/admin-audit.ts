import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../audit/actions.js';
import type { AuditLog } from '../../audit/audit-log.js';
import { adminCaller } from './admin-port.js';

/** What an admin did, to what, with which (non-secret) details. */
export interface AdminAction {
  action: AuditAction;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
}

/**
 * The signed-in admin, or the admin API token that made the call (with its creator: docs/admin-api-tokens.md), as
 * the actor of a change a service records (`ChangedBy` of the accounts lifecycle).
 */
export function adminActor(request: FastifyRequest): {
  actor: { type: 'admin' | 'admin_token'; id: string; onBehalfOf?: string };
  request: FastifyRequest;
} {
  const token = request.adminToken;
  if (token) return { actor: { type: 'admin_token', id: token.id, onBehalfOf: token.createdBy }, request };
  return { actor: { type: 'admin', id: adminCaller(request).admin.id }, request };
}

function entry(request: FastifyRequest, action: AdminAction) {
  return { ...action, outcome: 'success' as const, ...adminActor(request) };
}

/**
 * An admin mutation and its audit entry, with the signed-in admin as the actor, in one transaction (every
 * admin mutation is audited: docs/admin.md#audit-log): the change is committed only with its entry.
 * `describe` may use the result (the id of what was created).
 */
export function auditedAdminChange<T>(
  context: { audit: AuditLog },
  request: FastifyRequest,
  change: () => Promise<T>,
  describe: AdminAction | ((result: T) => AdminAction),
): Promise<T> {
  return context.audit.recordChange(change, (result) =>
    entry(request, typeof describe === 'function' ? describe(result) : describe),
  );
}

/** An admin action that changes nothing in the database (a test email sent), recorded on its own. */
export function recordAdminAction(
  context: { audit: AuditLog },
  request: FastifyRequest,
  action: AdminAction,
): Promise<void> {
  return context.audit.record(entry(request, action));
}
