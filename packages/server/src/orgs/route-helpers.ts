import type { FastifyRequest } from 'fastify';
import { currentSession, requireSessionWithCsrf } from '../accounts/session-http.js';
import type { Session } from '../accounts/sessions.js';
import type { AppContext } from '../app/app-context.js';
import { ApiError } from '../app/errors.js';

/** Session hooks and the audit call shared by the user-facing organization routes. */
export function organizationRouteHelpers(context: AppContext) {
  const verified = new WeakMap<FastifyRequest, Session>();
  // The session is established (onRequest) before the body is parsed or validated, as on the OTP routes.
  const readSession = async (request: FastifyRequest) => {
    const session = await currentSession(context, request);
    if (!session) throw new ApiError(401, 'not_signed_in', 'sign in first');
    if (session.secondFactorPending)
      throw new ApiError(401, 'second_factor_required', 'verify your second factor first');
    verified.set(request, session);
  };
  const writeSession = async (request: FastifyRequest) => {
    verified.set(request, await requireSessionWithCsrf(context, request));
  };
  const userOf = (request: FastifyRequest) => verified.get(request)!.userId;
  const audit = (
    request: FastifyRequest,
    action: string,
    organizationId: string,
    details?: Record<string, unknown>,
  ) =>
    context.audit.record({
      action,
      outcome: 'success',
      actor: { type: 'user', id: userOf(request) },
      target: { type: 'organization', id: organizationId },
      details,
      request,
    });
  return { readSession, writeSession, userOf, audit };
}
