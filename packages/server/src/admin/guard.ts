import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PasswordChangeAccess } from '../accounts/password-change-routes.js';
import { csrfTokenFor, type Session, type StartedSession, verifyCsrfToken } from '../accounts/sessions.js';
import type { AppContext } from '../app/app-context.js';
import { appError } from '../app/errors.js';
import type { OtpSessionAccess } from '../otp/factor-routes.js';
import type { AdminUser } from './admin-users.js';

/** The admin port's own cookie (spec §5): never sent to the public port's paths. */
export function adminCookieName(context: AppContext): string {
  return context.config.adminUrl.startsWith('https://') ? '__Host-tessera_admin' : 'tessera_admin_session';
}

export function setAdminCookie(context: AppContext, reply: FastifyReply, started: StartedSession): void {
  reply.setCookie(adminCookieName(context), started.cookieValue, {
    httpOnly: true,
    secure: context.config.adminUrl.startsWith('https://'),
    // Strict: the admin portal is never entered from another site's link.
    sameSite: 'strict',
    path: '/',
    maxAge: context.admin.sessions.absoluteSeconds(),
  });
}

export function clearAdminCookie(context: AppContext, reply: FastifyReply): void {
  reply.clearCookie(adminCookieName(context), { path: '/', httpOnly: true, sameSite: 'strict' });
}

export interface AdminCaller {
  session: Session;
  admin: AdminUser;
  cookieValue: string;
}

export function adminCsrfToken(context: AppContext, request: FastifyRequest): string | null {
  const value = request.cookies?.[adminCookieName(context)];
  return value ? csrfTokenFor(value) : null;
}

/** The signed-in admin, or null (a session owing its second factor included; requireAdmin refuses those). */
export async function currentAdmin(
  context: AppContext,
  request: FastifyRequest,
): Promise<AdminCaller | null> {
  const cookieValue = request.cookies?.[adminCookieName(context)];
  const session = await context.admin.sessions.resolve(cookieValue);
  if (!session || !cookieValue) return null;
  const admin = await context.admin.users.find(session.userId);
  if (admin?.status !== 'active') return null;
  return { session, admin, cookieValue };
}

/**
 * The admin guard (spec §5, §7): reads need an admin session; every mutating call needs a *write* admin session
 * and the CSRF token, and a foreign Origin is refused. `self` is a state change of the admin's own account
 * (sign out, password change): CSRF is checked, any role may do it.
 */
export async function requireAdmin(
  context: AppContext,
  request: FastifyRequest,
  access: 'read' | 'self' | 'write' | 'signout',
): Promise<AdminCaller> {
  const caller = await currentAdmin(context, request);
  if (!caller) throw appError('admin_session_required', 'sign in to the admin portal');
  if (caller.session.secondFactorPending)
    throw appError('second_factor_required', 'verify your second factor first');
  if (access !== 'read') {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== new URL(context.config.adminUrl).origin) {
      throw appError('csrf_failed', 'cross-origin request refused');
    }
    const presented = request.headers['x-csrf-token'];
    if (typeof presented !== 'string' || !verifyCsrfToken(caller.cookieValue, presented)) {
      throw appError('csrf_failed', 'missing or wrong CSRF token');
    }
    if (access === 'write' && caller.admin.role !== 'write') {
      throw appError('write_admin_required', 'this needs a write admin');
    }
  }
  return caller;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Admin routes declare their access; the admin app's onRequest hook enforces it before anything else runs.
     * `public` is a deliberate opening for callers that cannot hold a session (a metrics scraper).
     */
    adminAccess?: 'public' | 'read' | 'self' | 'write' | 'signout';
  }
  interface FastifyRequest {
    adminCaller?: AdminCaller;
  }
}

/** The admin established by the guard for this request. */
export function adminCaller(request: FastifyRequest): AdminCaller {
  if (!request.adminCaller) throw new Error('route has no adminAccess declared');
  return request.adminCaller;
}

/**
 * Enforces `adminAccess` on every admin route before its body is even parsed, so an unauthenticated or
 * unauthorized call learns nothing from validation errors.
 */
export function registerAdminGuard(
  app: { addHook: (name: 'onRequest', hook: (request: FastifyRequest) => Promise<void>) => unknown },
  context: AppContext,
): void {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.adminAccess;
    if (access && access !== 'public') request.adminCaller = await requireAdmin(context, request, access);
  });
}

/** The admin port's OTP session access: admin sessions, pending second factor allowed, CSRF checked. */
export function adminOtpAccess(context: AppContext): OtpSessionAccess {
  const session = async (request: FastifyRequest, csrf: boolean) => {
    const cookieValue = request.cookies?.[adminCookieName(context)];
    const found = await context.admin.sessions.resolve(cookieValue);
    if (!found || !cookieValue) throw appError('admin_session_required', 'sign in to the admin portal');
    if (csrf) {
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== new URL(context.config.adminUrl).origin) {
        throw appError('csrf_failed', 'cross-origin request refused');
      }
      const presented = request.headers['x-csrf-token'];
      if (typeof presented !== 'string' || !verifyCsrfToken(cookieValue, presented)) {
        throw appError('csrf_failed', 'missing or wrong CSRF token');
      }
    }
    return found;
  };
  return {
    kind: 'admin',
    sessions: context.admin.sessions,
    requireSession: (request) => session(request, true),
    currentSession: (request) => session(request, false).catch(() => null),
    setCookie: (reply, started) => setAdminCookie(context, reply, started),
    sessionErrors: ['admin_session_required', 'csrf_failed'],
    async account(found) {
      const admin = await context.admin.users.find(found.userId);
      if (!admin) throw appError('admin_session_required', 'sign in to the admin portal');
      return { kind: 'admin', id: admin.id, label: admin.email };
    },
  };
}

/** The admin port's password change: the signed-in admin (the guard checked `self` access and CSRF). */
export function adminPasswordChangeAccess(context: AppContext): PasswordChangeAccess<AdminUser> {
  return {
    kind: 'admin',
    prefix: '/admin/password/change',
    tag: 'admin-session',
    config: { adminAccess: 'self' },
    sessionErrors: [],
    passwords: context.admin.passwords,
    sessions: context.admin.sessions,
    async caller(request) {
      const { session, admin } = adminCaller(request);
      return { session, account: admin };
    },
    setCookie: (reply, started) => setAdminCookie(context, reply, started),
  };
}
