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

export interface AdminCaller {
  session: Session;
  admin: AdminIdentity;
  cookieValue: string;
}

/** The admin the admin port's access hook established for this request. */
export function adminCaller(request: FastifyRequest): AdminCaller {
  if (!request.sessionCaller)
    throw new Error(`${request.method} ${request.routeOptions.url} declares no session access`);
  const { session, account, cookieValue } = request.sessionCaller;
  return { session, admin: account as AdminIdentity, cookieValue };
}
