import type { FastifyRequest } from 'fastify';
import { currentSession, requireSessionWithCsrf } from '../accounts/session-http.js';
import type { Session } from '../accounts/sessions.js';
import type { AppContext } from '../app/app-context.js';
import { appError } from '../app/errors.js';
import type { AuditAction } from '../audit/actions.js';

/** Session hooks and the audited change shared by the user-facing organization routes. */
export function organizationRouteHelpers(context: AppContext) {
  const verified = new WeakMap<FastifyRequest, Session>();
  // The session is established (onRequest) before the body is parsed or validated, as on the OTP routes.
  const readSession = async (request: FastifyRequest) => {
    const session = await currentSession(context, request);
    if (!session) throw appError('not_signed_in', 'sign in first');
    if (session.secondFactorPending)
      throw appError('second_factor_required', 'verify your second factor first');
    verified.set(request, session);
  };
  const writeSession = async (request: FastifyRequest) => {
    verified.set(request, await requireSessionWithCsrf(context, request));
  };
  const userOf = (request: FastifyRequest) => verified.get(request)!.userId;
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
  return { readSession, writeSession, userOf, audited };
}
