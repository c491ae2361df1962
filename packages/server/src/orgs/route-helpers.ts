import type { FastifyRequest } from 'fastify';
import { userCaller } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { AuditAction } from '../audit/actions.js';

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
    context.audit.recordChange(change, (result) => ({
      action,
      outcome: 'success',
      actor: { type: 'user', id: userOf(request) },
      target: {
        type: 'organization',
        id: typeof organizationId === 'function' ? organizationId(result) : organizationId,
      },
      details: details?.(result),
      request,
    }));
  return { userOf, audited };
}
