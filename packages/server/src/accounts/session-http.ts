import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app/app-context.js';
import { appError, type ErrorCode } from '../app/errors.js';
import type { OtpSessionAccess } from '../otp/factor-routes.js';
import { requireStepUpIfEnrolled } from '../otp/step-up.js';
import type { PasswordChangeAccess } from './password-change-routes.js';
import { csrfTokenFor, type Session, type StartedSession, verifyCsrfToken } from './sessions.js';
import type { User } from './users.js';

/** The header carrying the CSRF token on cookie-authenticated state changes. */
export const CSRF_HEADER = 'x-csrf-token';

/** What `requireSessionWithCsrf` refuses with, for the error declarations of the routes that call it. */
export const SESSION_WITH_CSRF_ERRORS = [
  'not_signed_in',
  'second_factor_required',
  'csrf_failed',
] as const satisfies readonly ErrorCode[];

/** DESIGN §7: `__Host-` prefix and Secure on https; HttpOnly and SameSite=Lax always (Strict breaks prompt=none). */
export function sessionCookieName(context: AppContext): string {
  return context.config.baseUrl.startsWith('https://') ? '__Host-tessera_session' : 'tessera_session';
}

function cookieValue(context: AppContext, request: FastifyRequest): string | undefined {
  return request.cookies?.[sessionCookieName(context)];
}

export async function currentSession(context: AppContext, request: FastifyRequest): Promise<Session | null> {
  return context.accounts.sessions.resolve(cookieValue(context, request));
}

export function setSessionCookie(context: AppContext, reply: FastifyReply, started: StartedSession): void {
  reply.setCookie(sessionCookieName(context), started.cookieValue, {
    httpOnly: true,
    secure: context.config.baseUrl.startsWith('https://'),
    sameSite: 'lax',
    path: '/',
    maxAge: context.accounts.sessions.absoluteSeconds(),
  });
}

export function clearSessionCookie(context: AppContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(context), {
    httpOnly: true,
    secure: context.config.baseUrl.startsWith('https://'),
    sameSite: 'lax',
    path: '/',
  });
}

/**
 * A signed-in session for a state-changing call: the CSRF token must match the session and, when the browser
 * sends an Origin, it must be ours (DESIGN §7). The configured base URL decides, never the Host header.
 */
export async function requireSessionWithCsrf(
  context: AppContext,
  request: FastifyRequest,
  options: { allowPendingSecondFactor?: boolean } = {},
): Promise<Session> {
  const value = cookieValue(context, request);
  const session = await context.accounts.sessions.resolve(value);
  if (!session || !value) throw appError('not_signed_in', 'sign in first');
  // A session that still owes its second factor may only finish signing in (or sign out).
  if (session.secondFactorPending && !options.allowPendingSecondFactor) {
    throw appError('second_factor_required', 'verify your second factor first');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(context.config.baseUrl).origin) {
    throw appError('csrf_failed', 'cross-origin request refused');
  }
  const presented = request.headers[CSRF_HEADER];
  if (typeof presented !== 'string' || !verifyCsrfToken(value, presented)) {
    throw appError('csrf_failed', 'missing or wrong CSRF token');
  }
  return session;
}

/** The CSRF token for the session cookie this request carries (served to the UI by GET /session). */
export function sessionCsrfToken(context: AppContext, request: FastifyRequest): string | null {
  const value = cookieValue(context, request);
  return value ? csrfTokenFor(value) : null;
}

/** A user's sensitive action: a fresh second-factor proof when the user has a factor (see otp/step-up.ts). */
export async function requireUserStepUpIfEnrolled(context: AppContext, session: Session): Promise<void> {
  const user = await context.accounts.users.find(session.userId);
  if (!user) throw appError('not_signed_in', 'sign in first');
  await requireStepUpIfEnrolled(
    context.otp.factors,
    { kind: 'user', id: user.id, label: user.email },
    session,
  );
}

/** The public port's OTP session access (users). */
export function userOtpAccess(context: AppContext): OtpSessionAccess {
  return {
    kind: 'user',
    sessions: context.accounts.sessions,
    requireSession: (request) => requireSessionWithCsrf(context, request, { allowPendingSecondFactor: true }),
    currentSession: (request) => currentSession(context, request),
    setCookie: (reply, started) => setSessionCookie(context, reply, started),
    sessionErrors: ['not_signed_in', 'csrf_failed'],
    async account(session) {
      const user = await context.accounts.users.find(session.userId);
      if (!user) throw appError('not_signed_in', 'sign in first');
      return { kind: 'user', id: user.id, label: user.email };
    },
  };
}

/** The public port's password change: the signed-in user of a CSRF-checked session. */
export function userPasswordChangeAccess(context: AppContext): PasswordChangeAccess<User> {
  return {
    kind: 'user',
    prefix: '/api/user/password/change',
    tag: 'accounts',
    config: {},
    sessionErrors: SESSION_WITH_CSRF_ERRORS,
    passwords: context.accounts.passwords,
    sessions: context.accounts.sessions,
    async caller(request) {
      const session = await requireSessionWithCsrf(context, request);
      const user = await context.accounts.users.find(session.userId);
      if (!user) throw appError('not_signed_in', 'sign in first');
      return { session, account: user };
    },
    setCookie: (reply, started) => setSessionCookie(context, reply, started),
  };
}
