import type { FastifyRequest } from 'fastify';
import type { Session } from '../../accounts/sessions.js';
import type { SessionAccess } from '../access.js';

/**
 * A signed-in admin as the routes of any slice see one: the admin slice's accounts (admin/admin-users.ts) have
 * this shape and more, and only the admin slice needs the rest.
 */
export interface AdminIdentity {
  id: string;
  email: string;
  name: string;
  role: 'read' | 'write';
  status: 'active' | 'disabled';
}

/**
 * What the composition root (app/build.ts) hands each module's `registerAdmin`: the admin port's session access
 * (admin/guard.ts builds it), for a route factory that serves both ports (the password change, OTP) or routes that
 * sign an admin in (passkeys). A slice listed before `admin` in app/modules.ts gets it here instead of importing
 * the admin slice.
 */
export interface AdminPort {
  access: SessionAccess<AdminIdentity>;
}

/**
 * An admin API token the admin port's access hook accepted for this request (docs/admin-api-tokens.md): it acts for
 * the admin who created it, within its scopes.
 */
export interface AdminTokenCaller {
  id: string;
  name: string;
  scopes: readonly string[];
  /** The admin who created the token. */
  createdBy: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin port's access hook when an API token, not a session, made the call. */
    adminToken?: AdminTokenCaller;
  }
}

export interface AdminCaller {
  session: Session;
  admin: AdminIdentity;
  cookieValue: string;
}

/**
 * The admin whose authority a call uses: the signed-in admin, or the creator of the API token that made it (for
 * columns such as `created_by` that name an admin; the audit entry's actor is `adminActor`'s).
 */
export function actingAdminId(request: FastifyRequest): string {
  return request.adminToken ? request.adminToken.createdBy : adminCaller(request).admin.id;
}

/**
 * The signed-in admin the admin port's access hook established for this request. A route an API token may call
 * (one with an area, admin/token-scopes.ts) uses `adminActor` or `actingAdminId` instead.
 */
export function adminCaller(request: FastifyRequest): AdminCaller {
  if (!request.sessionCaller)
    throw new Error(`${request.method} ${request.routeOptions.url} declares no session access`);
  const { session, account, cookieValue } = request.sessionCaller;
  return { session, admin: account as AdminIdentity, cookieValue };
}
