import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app/app-context.js';
import { adminCaller } from './guard.js';

/** A successful admin mutation, with the signed-in admin as the actor (DESIGN §4: every admin mutation). */
export function recordAdminAction(
  context: AppContext,
  request: FastifyRequest,
  action: string,
  target?: { type: string; id: string },
  details?: Record<string, unknown>,
): Promise<void> {
  return context.audit.record({
    action,
    outcome: 'success',
    actor: { type: 'admin', id: adminCaller(request).admin.id },
    target,
    details,
    request,
  });
}
