import type { FastifyRequest } from 'fastify';
import { userSessionAccess } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { AuditAction } from '../audit/actions.js';
import type { AuditEventInput } from '../audit/audit-log.js';

/** The OpenAPI tag of every key custody route, the keybag's (public-routes.ts) and the devices' (devices/routes.ts). */
export const TAG = 'crypto';

/**
 * The signed-in user and the audited change shared by the key custody routes on the public port. The port's access
 * hook has established the session (and checked CSRF on writes) before the body is read. A change and its audit
 * entry (ids, types, versions — never key material) commit together; the user is both actor and target.
 */
export function keyRouteHelpers(context: AppContext) {
  const access = userSessionAccess(context);
  const userOf = (request: FastifyRequest) => access.caller(request).account.id;
  const audited = <T>(
    request: FastifyRequest,
    change: () => Promise<T>,
    action: AuditAction,
    details: (result: T) => AuditEventInput['details'],
  ): Promise<T> =>
    context.audit.recordChange(change, (result) => ({
      action,
      outcome: 'success',
      actor: { type: 'user', id: userOf(request) },
      target: { type: 'user', id: userOf(request) },
      details: details(result),
      request,
    }));
  return { access, userOf, audited };
}
